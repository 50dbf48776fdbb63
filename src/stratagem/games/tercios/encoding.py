"""Tercios actions: the fixed table of discrete actions, and exact moves given as text.

The table holds every discrete decision (orders, activations, moves towards a target,
charges, shots, command actions, reactions) and every chance outcome (``Die: k``,
``Roll: k successes``). A person or client may also give an exact move,
``move Tercio 1 to 34.5,20 facing 90``, or a commander's (``move Gustav Horn (Swedish
C-C) to 30,40``); such a move is not in the table: it shares the id of the reserved
``exact move`` entry (never legal by itself) and is told apart by its text, which
``TerciosActionTable`` parses and the rules then check [Rulings R18] [Rulings R81].
With ``terrain = "chosen"`` a bought scenery element may be placed exactly in the same way,
``place Small hill at 30,24 angle 45`` (the reserved ``exact placement`` entry)
[Rulings R91].
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stratagem.core import Action, ActionTable, UnknownAction
from stratagem.core.actions import normalize_text
from stratagem.games.tercios.geometry import CENTRE_NAMES
from stratagem.games.tercios.parsing import exact_pattern
from stratagem.games.tercios.roster import Officer, Troop
from stratagem.games.tercios.scenery_choice import PLACE_TEXT, read_placing

ORDERS = ("Ready!", "Assault!", "Run!", "Fire!", "Resist!")
READY, ASSAULT, RUN, FIRE, RESIST = range(5)
MAX_DICE = 40
EXACT_TEXT = "exact move (give: move UNIT to X,Y [facing DEGREES])"
PASS = "pass"
REACT = "react"
NO_REACT = "do not react"
EVADE = "evade"
DIRTY_WAR = "declare dirty war!"
NO_DIRTY_WAR = "no dirty war"
BRIGADE_ORDER = "with its brigade"
TURNS = ("reorient left", "reorient right", "reorient about")
TURN_ANGLES = (90.0, -90.0, 180.0)
MOVES = ("advance", "advance left", "advance right")
AFTER_COMBAT = ("consolidate", "do not consolidate")
"""The winner's choice after breaking its enemy [Combat: Combat Rounds: Advance]."""
CARACOLE = ("caracole", "no caracole")
"""Whether a unit with Caracole takes its Discipline test after its shot [Caracole]."""
WITHDRAW = ("withdraw", "do not withdraw")
"""Whether it withdraws once the test is passed [Caracole]."""
MOVE_ANGLES = (0.0, 45.0, -45.0)
UNIT_VERBS = (
    *MOVES,
    *TURNS,
    "reorganise",
    "hitch",
    "unhitch",
    "end activation",
    "dismount",
    "remount",
    *AFTER_COMBAT,
    *CARACOLE,
    *WITHDRAW,
)
TARGET_VERBS = ("shoot", "charge", "advance towards", "harass")

_EXACT = exact_pattern("move", "to", "facing")


@dataclass(frozen=True, slots=True)
class ExactMove:
    """A move with exact parameters: the unit (a troop, or a commander when ``officer``),
    its new front centre (a commander's new place) and maybe its facing."""

    unit: int
    x: float
    y: float
    facing: float | None
    officer: bool = False


class TerciosActionTable(ActionTable):
    """The action table, which also reads exact moves (see the module docstring)."""

    __slots__ = ("_labels", "_officers", "exact_id", "kinds", "place_id")

    def __init__(
        self,
        texts: Sequence[str],
        troops: Sequence[Troop],
        officers: Sequence[Officer] = (),
        kinds: Sequence[str] = (),
    ) -> None:
        super().__init__(texts)
        self._labels = {normalize_text(t.label): t for t in troops}
        self._officers = {normalize_text(o.label): o for o in officers}
        self.kinds = tuple(kinds)
        self.exact_id = self.parse(EXACT_TEXT).id
        self.place_id = self.parse(PLACE_TEXT).id if kinds else -1

    def parse(self, text: str) -> Action:
        """A table action, or an exact move in its canonical text."""
        try:
            return super().parse(text)
        except UnknownAction:
            move = self.exact(text)
            if move is not None:
                return Action(self.exact_id, exact_text(self._label(move), move))
            placing = read_placing(text, self.kinds) if self.kinds else None
            if placing is None:
                raise
            if placing.kind not in self.kinds:
                raise UnknownAction(
                    f"{text!r}: there is no scenery element {placing.kind!r}"
                ) from None
            return Action(self.place_id, placing.text())

    def check(self, action: Action) -> Action:
        """A table action, or a well-formed exact move carrying the reserved id."""
        if action.id == getattr(self, "exact_id", -1) and action.text != EXACT_TEXT:
            return self.parse(action.text)
        if action.id == getattr(self, "place_id", -1) and action.text != PLACE_TEXT:
            return self.parse(action.text)
        return super().check(action)

    def exact(self, text: str) -> ExactMove | None:
        """The exact move that ``text`` gives, or ``None`` if it is not one."""
        match = _EXACT.match(" ".join(text.split()))
        if match is None:
            return None
        name = normalize_text(match["name"])
        who: Troop | Officer | None = self._labels.get(name) or self._officers.get(name)
        if who is None:
            raise UnknownAction(f"{text!r}: there is no unit or commander named {match['name']!r}")
        facing = match["turn"]
        return ExactMove(
            who.index,
            round(float(match["x"]), 2),
            round(float(match["y"]), 2),
            None if facing is None else round(float(facing), 1) % 360.0,
            officer=isinstance(who, Officer),
        )

    def _label(self, move: ExactMove) -> str:
        named = self._officers if move.officer else self._labels
        return next(w.label for w in named.values() if w.index == move.unit)


def exact_text(label: str, move: ExactMove) -> str:
    """The canonical text of an exact move of the unit or commander ``label``."""
    text = f"move {label} to {move.x:g},{move.y:g}"
    return text if move.facing is None else f"{text} facing {move.facing:g}"


def action_texts(
    troops: Sequence[Troop], officers: Sequence[Officer], seats: Sequence[str]
) -> list[str]:
    """Every discrete action and chance outcome, in a fixed order (the RL encoding)."""
    texts = [EXACT_TEXT, PASS, REACT, NO_REACT, DIRTY_WAR, NO_DIRTY_WAR, EVADE]
    texts += [f"Die: {face}" for face in range(1, 7)]
    texts += [f"Roll: {count} successes" for count in range(MAX_DICE + 1)]
    texts += [f"{seat} plays first" for seat in seats]
    for troop in troops:
        texts += [f"order {troop.label}: {order}" for order in ORDERS]
        if "Brigade" in troop.profile.rules:
            texts.append(f"order {troop.label}: {BRIGADE_ORDER}")
        texts.append(f"activate {troop.label}")
        texts += [f"{troop.label}: {verb}" for verb in UNIT_VERBS]
        for enemy in troops:
            if enemy.side != troop.side:
                texts += [f"{troop.label}: {verb} {enemy.label}" for verb in TARGET_VERBS]
    for officer in officers:
        texts.append(f"activate commander {officer.label}")
        texts.append(f"{officer.label}: no command action")
        texts.append(f"{officer.label}: leave his unit")
        if "Authoritarian" in officer.traits:
            texts.append(f"{officer.label}: authoritarian")
        for other in officers:
            if (
                "Comrade-in-arms" in officer.traits
                and other.side == officer.side
                and other.index != officer.index
            ):
                texts.append(f"{officer.label}: comrade-in-arms {other.label}")
        texts.append(f"{officer.label}: stay")
        texts.append(f"{officer.label}: move away")
        texts += [f"{officer.label}: step aside ({side})" for side in CENTRE_NAMES]
        texts += _pair_texts(officer, troops)
        if "Coordinator" in officer.traits:
            texts.append(f"{officer.label}: coordinate")
        if "Accomplice" in officer.traits:
            texts += [
                f"{officer.label}: accomplice {other.label}"
                for other in officers
                if other.side == officer.side and other.index != officer.index
            ]
        for troop in troops:
            texts += _trait_texts(officer, troop)
            if troop.side != officer.side:
                continue
            texts.append(f"{officer.label}: join {troop.label}")
            texts += [f"{officer.label}: inspire {troop.label} ({v})" for v in officer.virtues]
    return texts


def _trait_texts(officer: Officer, troop: Troop) -> list[str]:
    """The command actions of an officer's traits that name a unit [Optional Traits]
    [Kingdoms Expansion Traits]."""
    traits = officer.traits
    who, name = officer.label, troop.label
    if troop.side != officer.side:
        return [f"{who}: erudite {name}"] if "Erudite" in traits else []
    texts = []
    if "Alert" in traits:
        texts += [f"{who}: alert {name} ({turn})" for turn in TURNS]
    for trait in ("Bold", "Cautious"):
        if trait in traits:
            texts += [f"{who}: {trait.lower()} {name} ({order})" for order in ORDERS]
    for trait in ("Energetic", "Determined", "Enthusiastic", "Fearless"):
        if trait in traits:
            texts.append(f"{who}: {trait.lower()} {name}")
    return texts


def _pair_texts(officer: Officer, troops: Sequence[Troop]) -> list[str]:
    """Indefatigable and Experienced name two units of his side [Indefatigable]
    [Experienced]."""
    own = [t for t in troops if t.side == officer.side]
    return [
        f"{officer.label}: {trait.lower()} {a.label} to {b.label}"
        for trait in ("Indefatigable", "Experienced")
        if trait in officer.traits
        for a in own
        for b in own
        if a.index != b.index
    ]
