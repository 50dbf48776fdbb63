"""Every Stratagem game as an OpenSpiel Python game (the extra ``rl``).

>>> from stratagem.interop import openspiel
>>> openspiel.register()
>>> import pyspiel
>>> game = pyspiel.load_game("stratagem_britain_vs_france(advanced=True)")

- **Names and parameters.** ``stratagem_<game>``, with ``players``, one parameter per
  game option (``stratagem.interop.spec.option_parameters``: a list option is its items
  joined by ``+``, and 0 or "" leaves an option to the rules) and ``settings``, the lab's
  settings of a variant: ``pyspiel.load_game("stratagem_eighty_years_war",
  {"settings": "pack.rules.logistics.spanish_hand=9"})`` (``KEY=VALUE``, ``;`` between
  several; in a game string ``KEY:VALUE``, as OpenSpiel's game strings cannot hold ``=``
  in a value). ``max_game_length`` grows with the variant (``spec.length_scale``).
- **Classes.** One module-level game class per game (``EightyYearsWarGame``, ...) and
  one state class, so games and states pickle, ``serialize_game_and_state`` round-trips
  and multiprocessing works. A state pickles as the Stratagem state's JSON.
- **Actions.** Decisions and chance outcomes have separate dense ids
  (``stratagem.interop.spec.ActionIds``): ``num_distinct_actions`` counts decisions only,
  chance outcomes run from 0 to ``max_chance_outcomes - 1`` with the game's exact
  probabilities.
- **Lengths and utilities.** ``max_game_length`` and ``max_chance_nodes_in_history`` are
  twice the longest random games measured (``stratagem.interop.spec``); utilities are the
  returns (two seats: -1 to 1, zero-sum; more: 0 to 1, the winners' shares summing to 1).
- **Information.** The game provides information-state and observation strings and
  tensors through ``make_py_observer``, built on ``view(seat)`` and the seat's own
  decisions: the observation tensor is the game's observation layout
  (``stratagem.interop.layouts``), the observation string the view as JSON, and the
  information state is the view with every event the seat has seen and its own decisions
  (its recall of the game: a decision may change nothing a view shows, such as
  proposing a trade in Sixteen Thirty Something before naming the cards). Written out
  that is 35 to 42 thousand characters mid-game, so the information-state *string* is
  its digest: 32 hexadecimal characters of BLAKE2b (128 bits), the same for the same
  information state and, short of a 2^-64 collision, different for different ones; the
  tables of MCCFR and the like stay small. ``Observer.document(state, seat)`` gives the
  information state written out, to read. The
  information-state *tensor* is the observation layout followed by the slice
  ``decisions`` (``RECALL``): the seat's own decisions so far, in order, each written as
  its decision id + 1, then zeros up to ``max_game_length`` entries (no seat makes more
  decisions than the whole game). It is the seat's recall of its own choices; what it
  has seen of the others' is what its view keeps on the table (the events themselves are
  in the string only).
  ``resample_from_infostate`` draws a world with ``resample_hidden``, so OpenSpiel's
  ``ISMCTSBot`` searches worlds the seat cannot rule out, never the true one.
- **Seeding.** ``chance_sampler(seed)`` draws chance outcomes with the lab's generator
  for ``seed`` (``stratagem.sim.runner.chance_rng``): the same seed and decisions give
  the same game as ``stratagem`` matches and the PettingZoo environment.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from stratagem.core import CHANCE, TERMINAL, Game, State, available_games, game_info
from stratagem.interop.layout import Layout
from stratagem.interop.layouts import layout_of
from stratagem.interop.spec import (
    SETTINGS,
    ActionIds,
    Parameter,
    bounds,
    game_string_settings,
    load_variant,
    option_parameters,
    options_from,
    settings_texts,
)
from stratagem.sim.runner import chance_rng

PREFIX = "stratagem_"


def short_name(game: str) -> str:
    """OpenSpiel's name of a Stratagem game."""
    return PREFIX + game


def game_type(name: str) -> Any:
    """The OpenSpiel ``GameType`` of a Stratagem game."""
    info = game_info(name)
    two = info.max_players == 2
    parameters: dict[str, Parameter] = {"players": info.min_players}
    parameters |= {parameter.name: parameter.default for parameter in option_parameters(name)}
    parameters[SETTINGS] = ""
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Stratagem {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.CONSTANT_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameters,
    )


@lru_cache(maxsize=32)
def _load(
    name: str, players: int, options: tuple[tuple[str, object], ...], settings: tuple[str, ...]
) -> Game:
    """A loaded game (OpenSpiel makes game objects often; loading parses the data pack)."""
    return load_variant(name, {"players": players, **dict(options)}, settings)


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A Stratagem game behind OpenSpiel's ``Game`` interface (subclassed once per game)."""

    stratagem_name = ""
    """The registry name of the game; set by each subclass."""

    def __init__(self, params: Mapping[str, Parameter] | None = None) -> None:
        name = self.stratagem_name
        params = dict(params or {})
        players = int(params.get("players", game_info(name).min_players))
        options = options_from(name, params)
        settings = settings_texts(str(params.get(SETTINGS, "")))
        self.stratagem: Game = _load(name, players, tuple(sorted(options.items())), settings)
        self.ids = ActionIds(self.stratagem)
        self.layout: Layout = layout_of(self.stratagem)
        self._initial = self.stratagem.new_initial_state()
        max_length, self.max_chance_nodes = bounds(self.stratagem)
        two = players == 2
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.ids.decisions),
            max_chance_outcomes=len(self.ids.outcomes),
            num_players=players,
            min_utility=-1.0 if two else 0.0,
            max_utility=1.0,
            utility_sum=0.0 if two else 1.0,
            max_game_length=max_length,
        )
        full = {"players": players} | {
            parameter.name: params.get(parameter.name, parameter.default)
            for parameter in option_parameters(name)
        }
        full[SETTINGS] = game_string_settings(settings)
        super().__init__(game_type(name), info, full)

    def new_initial_state(self, *_args: object) -> SpielState:
        """A fresh game (a clone of the game's initial state, made once)."""
        return SpielState(self, self._initial.clone())

    def max_chance_nodes_in_history(self) -> int:
        """Twice the most chance outcomes seen in one random game."""
        return self.max_chance_nodes

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Mapping[str, object] | None = None
    ) -> Observer:
        """The observer OpenSpiel's tensors and strings come from."""
        if params:
            raise ValueError(f"observation parameters are not supported; got {dict(params)!r}")
        return Observer(self.layout, iig_obs_type, self.max_game_length())


class EightyYearsWarGame(SpielGame):
    """Eighty Years War under OpenSpiel."""

    stratagem_name = "eighty_years_war"


class BritainVsFranceGame(SpielGame):
    """1750: Britain vs. France under OpenSpiel."""

    stratagem_name = "britain_vs_france"


class HenryViiiGame(SpielGame):
    """Henry VIII under OpenSpiel."""

    stratagem_name = "henry_viii"


class SixteenThirtySomethingGame(SpielGame):
    """Sixteen Thirty Something under OpenSpiel."""

    stratagem_name = "sixteen_thirty_something"


class TerciosGame(SpielGame):
    """Liber Militum: Tercios under OpenSpiel."""

    stratagem_name = "tercios"


GAME_CLASSES: dict[str, type[SpielGame]] = {
    cls.stratagem_name: cls
    for cls in (
        BritainVsFranceGame,
        EightyYearsWarGame,
        HenryViiiGame,
        SixteenThirtySomethingGame,
        TerciosGame,
    )
}


def _restore(game_string: str, doc: dict[str, Any], moves: list[tuple[int, int]]) -> _Held:
    """The inverse of ``_Held.__reduce__`` (in a fresh process too)."""
    register()
    game = pyspiel.load_game(game_string)
    return _Held(game, game.stratagem.state_from_json(doc), moves)


class _Held:
    """The Stratagem state, the game and every seat's own decisions of a ``SpielState``.

    OpenSpiel clones a Python state by deep-copying its ``__dict__`` and serializes it by
    pickling that dict: the copy is ``State.clone()`` and the pickle the state's JSON.
    ``moves`` lists (seat, decision id) in order: a seat recalls its own decisions, even
    those that change nothing its view shows yet. ``seen`` keeps, per seat (``None``: the
    public), how many events of the log it has digested and the digest so far, so that an
    information-state digest reads only the events logged since (the log only grows).
    """

    __slots__ = ("game", "moves", "seen", "state")

    def __init__(self, game: SpielGame, state: State, moves: list[tuple[int, int]]) -> None:
        self.game = game
        self.state = state
        self.moves = moves
        self.seen: dict[int | None, tuple[int, Any]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        copy = _Held(self.game, self.state.clone(), self.moves.copy())
        copy.seen = {seat: (count, digest.copy()) for seat, (count, digest) in self.seen.items()}
        return copy

    def events_digest(self, seat: int | None) -> Any:
        """The running digest of the events ``seat`` has seen (each as JSON on a line)."""
        count, digest = self.seen.get(seat, (0, None))
        if digest is None:
            digest = hashlib.blake2b(digest_size=DIGEST_BYTES)
        log = self.state.events
        if count < len(log):
            for event in self.state.visible_events(seat, count):
                digest.update(_json(event).encode())
                digest.update(b"\n")
            self.seen[seat] = (len(log), digest)
        return digest

    def __reduce__(self) -> tuple[Any, tuple[str, Any, list[tuple[int, int]]]]:
        return _restore, (str(self.game), self.state.to_json(), self.moves)

    def recall(self, seat: int) -> list[str]:
        """The texts of ``seat``'s own decisions so far."""
        decision = self.game.ids.decision
        return [decision(action).text for player, action in self.moves if player == seat]


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Stratagem state behind OpenSpiel's ``State`` interface."""

    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Held(game, state, [])

    @property
    def state(self) -> State:
        """The Stratagem state."""
        return self._held.state

    def current_player(self) -> int:
        """A seat, or OpenSpiel's chance or terminal id."""
        player = self._held.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        held = self._held
        return held.game.ids.decision_ids(held.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes' ids with their exact probabilities."""
        held = self._held
        return held.game.ids.outcome_ids(held.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        held = self._held
        state, ids = held.state, held.game.ids
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(ids.outcome(action))
        else:
            state.apply_action(ids.decision(action))
            held.moves.append((player, action))

    def _action_to_string(self, player: int, action: int) -> str:
        ids = self._held.game.ids
        if player == int(pyspiel.PlayerId.CHANCE):
            return str(ids.outcome(action).text)
        return str(ids.decision(action).text)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._held.state.is_terminal()

    def returns(self) -> list[float]:
        """The game's returns (0 for everyone before the end)."""
        state = self._held.state
        if not state.is_terminal():
            return [0.0] * self._held.game.stratagem.num_players
        return list(state.returns())

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one (``resample_hidden``), drawn
        with a generator seeded by one draw of ``probability_sampler``."""
        rng = random.Random(f"{probability_sampler()!r}/resample/{player_id}")
        held = self._held
        world = SpielState(held.game, held.state.resample_hidden(player_id, rng))
        world._held.moves = held.moves.copy()
        return world

    def __str__(self) -> str:
        return str(self.state)


def _json(value: object) -> str:
    """``value`` as compact JSON with sorted keys (one text for one value)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


DIGEST_BYTES = 16
"""The information-state string's digest size (32 hexadecimal characters)."""

RECALL = "decisions"
"""The information-state tensor's slice of the seat's own decisions (module docstring)."""


class Observer:
    """OpenSpiel's ``PyObserver``: a view's layout tensor, and the view as a string; with
    perfect recall (the information state) the tensor adds the seat's own decisions
    (``RECALL``, ``recall_length`` entries) and the string its events and decisions."""

    def __init__(self, layout: Layout, iig_obs_type: Any = None, recall_length: int = 0) -> None:
        self.layout = layout
        self.recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.private = iig_obs_type is None or (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        )
        if iig_obs_type is not None and (
            iig_obs_type.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
            or not iig_obs_type.public_info
        ):
            raise ValueError(
                "Stratagem games observe one seat's view (public and private) or the "
                "public view only"
            )
        self.recall_length = recall_length if self.recall and self.private else 0
        self.tensor = np.zeros(layout.size + self.recall_length, np.float32)
        self._view_part = self.tensor[: layout.size]
        self._recall_part = self.tensor[layout.size :]
        self.dict: dict[str, Any] = {
            item.name: self.tensor[item.start : item.stop] for item in layout.describe()
        }
        if self.recall_length:
            self.dict[RECALL] = self._recall_part

    def set_from(self, state: SpielState, player: int) -> None:
        """Write ``player``'s view of ``state`` into ``tensor`` (and, with recall, the
        ids + 1 of its own decisions so far)."""
        held = state._held
        self.layout.write(held.state.brief_view(player if self.private else None), self._view_part)
        if self.recall_length:
            mine = [action + 1 for seat, action in held.moves if seat == player]
            if len(mine) > self.recall_length:
                raise ValueError(
                    f"seat {player} has made {len(mine)} decisions, more than the "
                    f"{self.recall_length} of the information-state tensor's {RECALL!r} slice"
                )
            part = self._recall_part
            part.fill(0.0)
            part[: len(mine)] = mine

    def document(self, state: SpielState, player: int) -> str:
        """``player``'s view as JSON (and, with perfect recall, the events it has seen
        and its own decisions)."""
        seat = player if self.private else None
        held = state._held
        doc: dict[str, Any] = {"view": held.state.view(seat)}
        if self.recall:
            doc["events"] = held.state.visible_events(seat)
            if seat is not None:
                doc["decisions"] = held.recall(seat)
        return _json(doc)

    def string_from(self, state: SpielState, player: int) -> str:
        """The observation: ``document``; the information state (perfect recall): the
        digest of what ``document`` holds (module docstring): the events' running digest,
        then the view and the seat's decisions as JSON."""
        if not self.recall:
            return self.document(state, player)
        seat = player if self.private else None
        held = state._held
        digest = held.events_digest(seat).copy()
        digest.update(b"\n")
        digest.update(_json(held.state.view(seat)).encode())
        if seat is not None:
            digest.update(b"\n")
            digest.update(_json(held.recall(seat)).encode())
        return str(digest.hexdigest())


def chance_sampler(seed: int) -> Callable[[SpielState], int]:
    """Draws a chance node's outcome id the way the lab does for ``seed``: one generator
    per game, ``chance_rng(seed)``, and the game's own ``sample_chance``."""
    rng = chance_rng(seed)

    def draw(state: SpielState) -> int:
        game: SpielGame = state._held.game
        return game.ids.outcome_id(state.state.sample_chance(rng))

    return draw


_REGISTERED: set[str] = set()


RECURSION_LIMIT = 20_000
"""Python's recursion limit while these games are registered (at least): OpenSpiel's
Python algorithms (outcome-sampling MCCFR, MCTS rollouts) recurse once per node of a
game, and a whole Sixteen Thirty Something runs to well over Python's default 1,000 nodes
(up to 2 x (2,116 + 377) with six players, ``spec.LONGEST``)."""


def register() -> list[str]:
    """Register every Stratagem game with OpenSpiel (again: no-op); their short names.
    Raises Python's recursion limit to ``RECURSION_LIMIT`` if it is lower."""
    sys.setrecursionlimit(max(sys.getrecursionlimit(), RECURSION_LIMIT))
    names = []
    for info in available_games():
        name = short_name(info.name)
        if name not in _REGISTERED:
            pyspiel.register_game(game_type(info.name), GAME_CLASSES[info.name])
            _REGISTERED.add(name)
        names.append(name)
    return names
