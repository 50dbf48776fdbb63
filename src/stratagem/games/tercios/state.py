"""The Tercios state: the battle as a stack of procedures [Game Sequence].

Every rule that waits for a die or a decision is a *frame* on ``frames``: a small JSON-safe
dict naming its procedure (``p``), how far it has gone (``stage``) and what it waits for
(``wait``: ``roll``, ``die`` or ``decide``). ``_run`` resumes the top frame until one waits;
a frame that is done pops itself and the one below resumes. The turn itself (Planning,
initiative, activations, the end of the turn) is the bottom frame.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING, Any, Self

from stratagem.core import CHANCE, TERMINAL, Action, IllegalAction, JsonDict, State
from stratagem.games.tercios.deployment import teamed_guns
from stratagem.games.tercios.encoding import ExactMove
from stratagem.games.tercios.geometry import Placement
from stratagem.games.tercios.procedures import PROCEDURES
from stratagem.games.tercios.refusals import why_illegal
from stratagem.games.tercios.scenery_choice import placement_problem, read_placing
from stratagem.games.tercios.serialize import state_doc
from stratagem.games.tercios.turn import deploy_commanders
from stratagem.games.tercios.unit_actions import exact_move_problem
from stratagem.games.tercios.views import build_view, resample

if TYPE_CHECKING:
    from stratagem.games.tercios.game import Tercios
    from stratagem.games.tercios.scene import Scene
    from stratagem.games.tercios.terrain import TerrainElement

Frame = dict[str, Any]


def binomial(dice: int, need: int) -> list[tuple[int, float]]:
    """Each number of successes of ``dice`` D6 at ``need``+ with its probability (> 0)."""
    p = min(1.0, max(0.0, (7 - need) / 6))
    out = []
    for k in range(dice + 1):
        probability = math.comb(dice, k) * p**k * (1 - p) ** (dice - k)
        if probability > 0:
            out.append((k, probability))
    return out


class TerciosState(State):
    """One position of a battle of Liber Militum: Tercios."""

    __slots__ = (
        "_legal",
        "_scene",
        "alive",
        "attached",
        "authoritarian",
        "buff",
        "disorder",
        "dm",
        "exhausted",
        "f",
        "first",
        "frames",
        "g",
        "hitched",
        "joined",
        "marks",
        "o_alive",
        "order",
        "outcome",
        "ox",
        "oy",
        "revealed",
        "scenery",
        "spent",
        "terrain",
        "to_act",
        "turn",
        "vp",
        "x",
        "y",
    )

    g: Tercios
    x: list[float]
    y: list[float]
    f: list[float]
    dm: list[int]
    disorder: list[bool]
    alive: list[bool]
    order: list[int]
    revealed: list[bool]
    spent: list[bool]
    hitched: list[bool]
    buff: list[str]
    ox: list[float]
    oy: list[float]
    attached: list[int]
    exhausted: list[bool]
    joined: list[bool]
    o_alive: list[bool]
    turn: int
    first: int
    to_act: int
    vp: list[int]
    authoritarian: list[bool]
    marks: list[JsonDict]
    frames: list[Frame]
    scenery: list[JsonDict]
    terrain: tuple[TerrainElement, ...]
    outcome: JsonDict | None
    _legal: list[Action] | None
    _scene: Scene | None

    # -- set-up ------------------------------------------------------------------------

    @classmethod
    def bare(cls, game: Tercios) -> Self:
        """A state with every field present and the armies deployed, before the first turn."""
        state = cls(game)
        state.g = game
        troops = len(game.troops)
        officers = len(game.officers)
        state.x = [p.x for p in game.deployment]
        state.y = [p.y for p in game.deployment]
        state.f = [p.facing for p in game.deployment]
        state.dm = [0] * troops
        state.disorder = [False] * troops
        state.alive = [not t.reserve for t in game.troops]
        state.order = [-1] * troops
        state.revealed = [False] * troops
        state.spent = [False] * troops
        state.hitched = [False] * troops
        state.buff = [""] * troops
        state.ox = [0.0] * officers
        state.oy = [0.0] * officers
        state.attached = [-1] * officers
        state.exhausted = [False] * officers
        state.joined = [False] * officers
        state.o_alive = [True] * officers
        state.turn = 1
        state.first = 0
        state.to_act = 0
        state.vp = [0, 0]
        state.authoritarian = [False, False]
        state.marks = []
        state.frames = []
        state.outcome = None
        state.scenery = []
        state.terrain = game.terrain
        state._legal = None
        state._scene = None
        return state

    @classmethod
    def initial(cls, game: Tercios) -> Self:
        """Both armies deployed, turn 1, once the guns' sides have chosen how each deploys
        (after any chosen scenery) [The Battle] [Rulings R15] [Rulings R115]."""
        state = cls.bare(game)
        deploy_commanders(state)
        state.log(
            f"The armies deploy: {game.army_names[0]} ({game.seat_names[0]}) against "
            f"{game.army_names[1]} ({game.seat_names[1]}).",
            "The Battle",
            {"armies": list(game.army_names)},
        )
        state.frames.append({"p": "turn", "stage": "start"})
        if teamed_guns(game.troops):
            state.frames.append({"p": "deployment", "i": 0})
        if game.chosen_terrain:
            state.frames.append({"p": "scenery", "stage": "dice"})
        state._run()
        return state

    # -- helpers for the rules ---------------------------------------------------------

    def placement(self, unit: int) -> Placement:
        """Where a troop unit stands."""
        troop = self.g.troops[unit]
        return Placement(self.x[unit], self.y[unit], self.f[unit], troop.width, troop.depth)

    def place(self, unit: int, spot: Placement) -> None:
        """Put a troop unit somewhere (rounded, so that saved states read back exactly)."""
        self.x[unit] = round(spot.x, 4)
        self.y[unit] = round(spot.y, 4)
        self.f[unit] = round(spot.facing % 360.0, 4)

    def set_terrain(self, terrain: tuple[TerrainElement, ...]) -> None:
        """The scenery placed so far (the scene of the position is built again)."""
        self.terrain = terrain
        self._scene = None

    def roll(self, frame: Frame, dice: int, need: int) -> None:
        """Ask chance for ``dice`` D6 at ``need``+ (a sure result is taken at once)."""
        outcomes = binomial(max(0, dice), need)
        if len(outcomes) == 1:
            frame["got"] = outcomes[0][0]
            return
        frame["wait"] = "roll"
        frame["dice"] = dice
        frame["need"] = need

    def die(self, frame: Frame) -> None:
        """Ask chance for one D6."""
        frame["wait"] = "die"

    def decide(
        self,
        frame: Frame,
        seat: int,
        options: list[Action],
        exact: int | None = None,
        *,
        exact_officer: int | None = None,
        exact_place: bool = False,
    ) -> None:
        """Ask ``seat`` to choose one of ``options`` (or an exact move of unit ``exact``, of
        the commander ``exact_officer``, or an exact placement of scenery when
        ``exact_place``); a single option with nothing exact allowed is taken at once."""
        if len(options) == 1 and exact is None and exact_officer is None and not exact_place:
            frame["choice"] = options[0].id
            frame["choice_text"] = options[0].text
            return
        frame["wait"] = "decide"
        frame["seat"] = seat
        frame["options"] = [a.id for a in options]
        frame["exact"] = -1 if exact is None else exact
        if exact_officer is not None:
            frame["exact_officer"] = exact_officer
        if exact_place:
            frame["exact_place"] = True

    def pop(self, frame: Frame) -> None:
        """A procedure is done (children it pushed stay on the stack and run next)."""
        for index in range(len(self.frames) - 1, -1, -1):
            if self.frames[index] is frame:
                del self.frames[index]
                return

    def _run(self) -> None:
        self._legal = None
        while self.frames and self.outcome is None:
            top = self.frames[-1]
            if top.get("wait"):
                return
            PROCEDURES[top["p"]](self, top)
        if self.outcome is not None:
            self.frames.clear()

    # -- the engine contract -------------------------------------------------------------

    def current_player(self) -> int:
        if self.outcome is not None or not self.frames:
            return TERMINAL
        top = self.frames[-1]
        if top.get("wait") in ("roll", "die"):
            return CHANCE
        return int(top["seat"])

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal.copy()

    def _compute_legal(self) -> list[Action]:
        if not self.frames or self.frames[-1].get("wait") != "decide":
            return []
        table = self.g.actions
        return [table[i] for i in self.frames[-1]["options"]]

    def _is_legal(self, action: Action) -> bool:
        if action.id in (self.g.table.exact_id, self.g.table.place_id):
            return self._exact_problem(action) is None
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return action in legal

    def _exact_problem(self, action: Action) -> str | None:
        """Why an exact move (or an exact placement of scenery) is refused now, or
        ``None`` when it is allowed."""
        if not self.frames or self.frames[-1].get("wait") != "decide":
            return "no move can be made now"
        if action.id == self.g.table.place_id:
            placing = read_placing(action.text, self.g.table.kinds)
            if placing is None or not self.frames[-1].get("exact_place"):
                return "no scenery is being placed now"
            return placement_problem(self, self.frames[-1], placing)
        move = self.g.table.exact(action.text)
        if move is None:
            return "it is not an exact move"
        return exact_move_problem(self, self.frames[-1], move)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if not self.frames:
            return []
        top = self.frames[-1]
        wait = top.get("wait")
        if wait == "die":
            return [(self.g.die_action[face], 1 / 6) for face in range(1, 7)]
        if wait == "roll":
            return [(self.g.roll_action[k], p) for k, p in binomial(top["dice"], top["need"])]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """A roll drawn die by die (the sum of the listed binomial probabilities)."""
        top = self.frames[-1] if self.frames else {}
        wait = top.get("wait")
        if wait == "die":
            return self.g.die_action[rng.randint(1, 6)]
        if wait == "roll":
            need = top["need"]
            hits = sum(1 for _ in range(top["dice"]) if rng.randint(1, 6) >= need)
            return self.g.roll_action[hits]
        raise IllegalAction("this is not a chance node")

    def _is_chance_outcome(self, action: Action) -> bool:
        return any(outcome == action for outcome, _ in self.chance_outcomes())

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _apply(self, action: Action) -> None:
        top = self.frames[-1]
        wait = top.pop("wait")
        if wait == "die":
            top["got"] = self.g.face_of[action.id]
        elif wait == "roll":
            top["got"] = self.g.count_of[action.id]
            del top["dice"], top["need"]
        else:
            top["choice"] = action.id
            top["choice_text"] = action.text
            for key in ("seat", "options", "exact", "exact_officer", "exact_place"):
                top.pop(key, None)
        self._run()

    def exact_of(self, frame: Frame) -> ExactMove | None:
        """The exact move a frame was given, if its choice was one."""
        if frame.get("choice") != self.g.table.exact_id:
            return None
        return self.g.table.exact(frame["choice_text"])

    # -- outcome -----------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self.outcome is None:
            return [0.0, 0.0]
        winners = self.outcome["winners"]
        if len(winners) != 1:
            return [0.0, 0.0]
        won = self.g.seat_index(winners[0])
        return [1.0 if seat == won else -1.0 for seat in range(2)]

    def result(self) -> JsonDict:
        if self.outcome is None:
            return {"winners": [], "scores": {}, "reason": "the battle is not over"}
        return dict(self.outcome)

    # -- information -------------------------------------------------------------------

    def view(self, seat: int | None) -> JsonDict:
        return build_view(self, seat)

    def brief_view(self, seat: int | None) -> JsonDict:
        """The view without each unit's worked-out values (the order test's dice and the
        rest), profile and outline, the commanders' radii and virtues, and the terrain
        (fixed by the options, but for a chosen battlefield's placed pieces)."""
        return build_view(self, seat, brief=True)

    def resample_hidden(self, seat: int, rng: random.Random) -> TerciosState:
        return resample(self, seat, rng)

    # -- copies and serialization ------------------------------------------------------

    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        self._copy_base(other)
        other.g = self.g
        for name in (
            "x",
            "y",
            "f",
            "dm",
            "disorder",
            "alive",
            "order",
            "revealed",
            "spent",
            "hitched",
            "buff",
            "ox",
            "oy",
            "attached",
            "exhausted",
            "joined",
            "o_alive",
            "vp",
            "authoritarian",
        ):
            setattr(other, name, list(getattr(self, name)))
        other.turn = self.turn
        other.first = self.first
        other.to_act = self.to_act
        other.marks = [dict(m) for m in self.marks]
        other.frames = [_copy_frame(frame) for frame in self.frames]
        other.outcome = None if self.outcome is None else dict(self.outcome)
        other.scenery = list(self.scenery)
        other.terrain = self.terrain
        other._legal = self._legal
        other._scene = self._scene
        return other

    def _state_doc(self) -> JsonDict:
        return state_doc(self)


def _copy_frame(frame: Frame) -> Frame:
    return {key: list(value) if isinstance(value, list) else value for key, value in frame.items()}
