"""The card-effect vocabulary of 1750: Britain vs. France.

The rulebook prints the turn but almost no card text, and says that a card's own rules
take priority over the rulebook [Starting the Game]. So every card is data: a name, a
cost where it has one, the windows in which it may be played, and its effects, each one of
the small typed primitives below (a pydantic discriminated union on ``op``). The engine
interprets them in one place (``cards.py``); a card the vocabulary cannot express is a gap
of the vocabulary, never a special case in the rules.

Windows (``Window``) are the moments the engine stops to let a player play a card; see
RULINGS.md "Response windows".
"""

from __future__ import annotations

from typing import Annotated, Literal, get_args

from pydantic import Field, model_validator

from stratagem.core.datapack import PackModel

THEATERS = ("North America", "Caribbean", "Africa", "India")
"""Setup E1: the four theaters, in the order colonies are drawn for them."""

ExportKind = Literal[
    "Silk", "Fish", "Furs", "Indigo", "Sugar", "Precious Metals", "Ivory", "Spices", "Timber"
]
EXPORTS: tuple[ExportKind, ...] = (
    "Silk",
    "Fish",
    "Furs",
    "Indigo",
    "Sugar",
    "Precious Metals",
    "Ivory",
    "Spices",
    "Timber",
)
"""Contents: the nine kinds of export card, in the order the components list them."""

Theater = Literal["North America", "Caribbean", "Africa", "India"]

Window = Literal[
    "turn_start",
    "leader_actions",
    "colony_roll",
    "political_roll",
    "purchases",
    "movement",
    "battle_roll",
    "battle_result",
    "place_purchases",
    "revenue",
    "turn_end",
    "response",
]
WINDOWS: tuple[Window, ...] = get_args(Window)
"""The windows, in ``Window``'s order (an open window is kept as its index)."""
STEP_WINDOWS: tuple[Window, ...] = (
    "turn_start",
    "leader_actions",
    "purchases",
    "movement",
    "place_purchases",
    "revenue",
    "turn_end",
)
"""The windows at the start of each step (and the end of the turn): "any time" in data."""

Who = Literal["self", "opponent"]
RollKind = Literal["battle", "political", "colony"]
During = Literal["own_turn", "opponent_turn", "any"]


# -- conditions (for end-of-game scoring) --------------------------------------------------


class Always(PackModel):
    kind: Literal["always"]


class AtLeast(PackModel):
    """A count of the scorer's holdings at the end of the game reaches ``at_least``."""

    kind: Literal[
        "colonies",
        "theaters",
        "prisoners",
        "objectives",
        "export_kinds",
        "exports",
        "gold",
        "high_seas_units",
    ]
    at_least: int = Field(ge=1)


class ColoniesInTheater(PackModel):
    kind: Literal["colonies_in_theater"]
    theater: Theater
    at_least: int = Field(ge=1)


Condition = Annotated[Always | AtLeast | ColoniesInTheater, Field(discriminator="kind")]


# -- the effect primitives -------------------------------------------------------------------


class ModifyRoll(PackModel):
    """Add ``amount`` to a die score: every die of one side for the rest of the battle, the
    political objective roll being attempted, or the colony roll about to be made.
    ``target`` = own: the player's own dice/roll; opponent: the other side's."""

    op: Literal["modify_roll"]
    roll: RollKind
    amount: int
    target: Who = "self"


class Gold(PackModel):
    """Gain (or, negative, lose) gold; a treasury never drops below 0."""

    op: Literal["gold"]
    amount: int
    who: Who = "self"


class Export(PackModel):
    """Take an export card from the supply (positive) or return one to it (negative)."""

    op: Literal["export"]
    export: ExportKind
    amount: int
    who: Who = "self"


class PlaceUnit(PackModel):
    """Bring a card of the player's battle deck into play free of cost, at: a colony the
    player controls, an ``open_colony`` (controlled by nobody or by the player), the High
    Seas, the battle being fought, or ``here`` (the colony whose roll this is)."""

    op: Literal["place_unit"]
    card: str = Field(min_length=1)
    where: Literal["own_colony", "open_colony", "high_seas", "battle", "here"]


class DestroyUnit(PackModel):
    """Destroy one of the opponent's units in play (in the battle being fought, or
    anywhere); a destroyed leader goes to the player's prison, as in battle."""

    op: Literal["destroy_unit"]
    where: Literal["battle", "anywhere"]
    leaders: bool = False


class CaptureLeader(PackModel):
    """Put one of the opponent's leaders in play into the player's prison."""

    op: Literal["capture_leader"]
    where: Literal["battle", "anywhere"]


class TakeControl(PackModel):
    """Place the player's control marker on a colony nobody controls and where the
    opponent has no unit, taking its export."""

    op: Literal["take_control"]


class RemoveControl(PackModel):
    """Remove the opponent's control marker from a colony where they have no unit; they
    lose its export."""

    op: Literal["remove_control"]


class DrawEvents(PackModel):
    """Draw historic event cards from the purchase deck into the hand."""

    op: Literal["draw_events"]
    count: int = Field(ge=1)


class DestroyCard(PackModel):
    """Destroy a card of the opponent's already in play: a historic event that remains in
    play, or a non-unit battle deck card (Siege Guns, Plantations)."""

    op: Literal["destroy_card"]
    kind: Literal["event", "non_unit", "any"] = "any"


class Cancel(PackModel):
    """Cancel the card the opponent has just played (only in the ``response`` window)."""

    op: Literal["cancel"]


class MoveUnit(PackModel):
    """Move one of the player's units one space, outside the Movement step."""

    op: Literal["move_unit"]


class AddColony(PackModel):
    """Draw an unused colony of ``theater`` and place it at the end of that theater."""

    op: Literal["add_colony"]
    theater: Theater


class Income(PackModel):
    """While in play: ``amount`` more gold at each Collect Revenue of the owner."""

    op: Literal["income"]
    amount: int = Field(ge=1)


class RollBonus(PackModel):
    """While in play: ``amount`` added to each of the owner's rolls of one kind."""

    op: Literal["roll_bonus"]
    roll: RollKind
    amount: int


class Score(PackModel):
    """Victory points scored when the game ends, if ``condition`` holds then."""

    op: Literal["score"]
    points: int = Field(ge=1)
    condition: Condition


Effect = Annotated[
    ModifyRoll
    | Gold
    | Export
    | PlaceUnit
    | DestroyUnit
    | CaptureLeader
    | TakeControl
    | RemoveControl
    | DrawEvents
    | DestroyCard
    | Cancel
    | MoveUnit
    | AddColony
    | Income
    | RollBonus
    | Score,
    Field(discriminator="op"),
]

ONGOING_OPS = frozenset({"income", "roll_bonus", "score"})
"""Effects that work while their card stays in play (and only there)."""

_ROLL_WINDOWS: dict[str, frozenset[str]] = {
    "battle": frozenset({"battle_roll", "battle_result"}),
    "political": frozenset({"political_roll"}),
    "colony": frozenset({"colony_roll"}),
}
_BATTLE_ONLY = frozenset({"battle_roll", "battle_result"})


class Option(PackModel):
    """One option of a card: a card with an "OR" has several, and its player picks one."""

    label: str = Field(default="", max_length=60)
    windows: list[Window] = Field(min_length=1)
    during: During = "any"
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Option:
        windows = set(self.windows)
        for effect in self.effects:
            if isinstance(effect, ModifyRoll) and not windows <= _ROLL_WINDOWS[effect.roll]:
                raise ValueError(
                    f"a {effect.roll} roll can only be modified in the windows "
                    f"{sorted(_ROLL_WINDOWS[effect.roll])}"
                )
            battle_bound = isinstance(effect, DestroyUnit | CaptureLeader | PlaceUnit)
            if (
                battle_bound
                and getattr(effect, "where", "") == "battle"
                and not (windows <= _BATTLE_ONLY)
            ):
                raise ValueError("an effect on 'the battle' needs battle windows only")
            if isinstance(effect, PlaceUnit) and effect.where == "here":
                raise ValueError("'here' is only meaningful in a colony's roll")
        if any(isinstance(effect, Cancel) for effect in self.effects) and windows != {"response"}:
            raise ValueError("a cancel is played only in the 'response' window")
        return self


def needs_choice(effect: Effect) -> bool:
    """Whether resolving ``effect`` asks its player to pick a target."""
    if isinstance(effect, PlaceUnit):
        return effect.where in ("own_colony", "open_colony")
    return isinstance(
        effect,
        DestroyUnit | CaptureLeader | TakeControl | RemoveControl | DestroyCard | MoveUnit,
    )
