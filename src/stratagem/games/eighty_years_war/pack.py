"""The Eighty Years War data pack: ``cards.toml`` (the card list) and ``rules.toml``
[Eighty Years War Card List] [Card List Notation].

The pack is validated with pydantic when the game loads, then compiled into flat tables
(``CardBook``) that the rules read on their hot paths.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import Field, field_validator, model_validator

from stratagem.core.datapack import Assumed, PackModel, load_pack_file, pack_dir
from stratagem.core.errors import DataPackError
from stratagem.games.eighty_years_war.info import DUTCH, SPANISH

DATA_DIR = Path(__file__).parent / "data"

StageCode = Literal["I", "II", "III", "I+", "II+", "A"]

STAGE_NAMES = ("I", "II", "III")
"""The three stages (STAGES): Stage I (early), Stage II (middle), Stage III (late)."""

_STAGES_OF_CODE: dict[str, frozenset[int]] = {
    "I": frozenset({1}),
    "II": frozenset({2}),
    "III": frozenset({3}),
    "I+": frozenset({1, 2}),
    "II+": frozenset({2, 3}),
    "A": frozenset({1, 2, 3}),
}
"""CARD LIST NOTATION: the stages in which a card of each stage code may be used."""

MILITARY = 0
POLITICAL = 1
MELD_NAMES = ("military", "political")


class CardEntry(PackModel):
    """One row of the card list: name, use, value, meld, stage and notes
    [Eighty Years War Card List] [Card List Notation] [Rulings R1]."""

    name: str = Field(min_length=1)
    use: Literal["D", "S", "B"]
    value: int = Field(ge=0)
    meld: Literal["M", "P", "E"]
    stage: StageCode
    notes: Literal["L", "V"] | None = None


class CardsFile(PackModel):
    """``cards.toml``."""

    card: list[CardEntry] = Field(min_length=2)

    @field_validator("card")
    @classmethod
    def _names_unique(cls, cards: list[CardEntry]) -> list[CardEntry]:
        seen: set[str] = set()
        for card in cards:
            key = card.name.casefold()
            if key in seen:
                raise ValueError(f"the card name {card.name!r} appears twice")
            seen.add(key)
        return cards


class Provinces(PackModel):
    total: int = Field(gt=0)
    dutch: int = Field(ge=0)
    spanish: int = Field(ge=0)

    @model_validator(mode="after")
    def _adds_up(self) -> Provinces:
        if self.dutch + self.spanish != self.total:
            raise ValueError(
                f"the Dutch {self.dutch} and Spanish {self.spanish} provinces "
                f"do not add up to {self.total}"
            )
        return self


class Victory(PackModel):
    turns: int = Field(gt=0)
    dutch_victory: int = Field(gt=0)
    spanish_victory: int = Field(gt=0)
    historical_tie_dutch: int = Field(ge=0)
    historical_tie_spanish: int = Field(ge=0)


class Stages(PackModel):
    turns_per_stage: int = Field(gt=0)


class Logistics(PackModel):
    dutch_hand: int = Field(gt=0)
    spanish_hand: int = Field(gt=0)


class Strategy(PackModel):
    max_discards: int = Field(ge=0)
    discards_face_up: Assumed[bool]


class ActionRules(PackModel):
    tie_within: int = Field(ge=0)
    win_by: int = Field(gt=0)
    win_provinces: int = Field(gt=0)
    big_win_by: int = Field(gt=0)
    big_win_provinces: int = Field(gt=0)

    @model_validator(mode="after")
    def _ordered(self) -> ActionRules:
        if not self.tie_within < self.win_by <= self.big_win_by:
            raise ValueError("need tie_within < win_by <= big_win_by")
        return self


StageNumber = Literal[1, 2, 3]


class RulesFile(PackModel):
    """``rules.toml``."""

    provinces: Provinces
    victory: Victory
    stages: Stages
    logistics: Logistics
    strategy: Strategy
    action: ActionRules
    stage_entry: dict[StageCode, StageNumber | Assumed[StageNumber]]

    @field_validator("stage_entry")
    @classmethod
    def _every_code(
        cls, entry: dict[StageCode, StageNumber | Assumed[StageNumber]]
    ) -> dict[StageCode, StageNumber | Assumed[StageNumber]]:
        missing = sorted(set(_STAGES_OF_CODE) - set(entry))
        if missing:
            raise ValueError(f"no entry stage for the stage codes {', '.join(missing)}")
        return entry

    @model_validator(mode="after")
    def _within_the_provinces(self) -> RulesFile:
        """A victory threshold beyond the provinces there are can never be reached."""
        total = self.provinces.total
        for name, value in self.victory.model_dump().items():
            if name != "turns" and value > total:
                raise ValueError(f"victory -> {name} = {value}: there are only {total} provinces")
        return self


@dataclass(frozen=True, slots=True)
class CardBook:
    """The pack compiled into tuples indexed by card number (the card list's order)."""

    names: tuple[str, ...]
    values: tuple[int, ...]
    entries: tuple[CardEntry, ...]
    usable_by: tuple[tuple[bool, ...], tuple[bool, ...]]
    """``usable_by[seat][card]``: the card's Use column allows that side."""
    meld_ok: tuple[tuple[bool, ...], tuple[bool, ...]]
    """``meld_ok[meld][card]``: the card's Meld column allows that meld."""
    stage_ok: tuple[tuple[bool, ...], ...]
    """``stage_ok[stage][card]`` for stage 1..3 (index 0 unused)."""
    enters: tuple[int, ...]
    """The stage at whose beginning the card joins the deck."""
    leader: tuple[bool, ...]
    event: tuple[bool, ...]
    worth: tuple[tuple[tuple[int, ...], ...], tuple[tuple[int, ...], ...]]
    """``worth[seat][stage][card]``: what the card adds to a meld of that side in that stage
    (its value where the side and the stage allow it, else 0; index 0 of stage unused)."""
    rules: RulesFile
    number: dict[str, int] = field(default_factory=dict, hash=False, compare=False)
    """A card's number by its name (filled from ``names``)."""

    def __post_init__(self) -> None:
        self.number.update((name, card) for card, name in enumerate(self.names))

    @property
    def size(self) -> int:
        return len(self.names)

    def stage_of_turn(self, turn: int) -> int:
        """Each stage has ``turns_per_stage`` turns [Stages]."""
        return min(3, (turn - 1) // self.rules.stages.turns_per_stage + 1)

    def first_turn_of(self, stage: int) -> int:
        return (stage - 1) * self.rules.stages.turns_per_stage + 1


def _entry_stage(value: StageNumber | Assumed[StageNumber]) -> int:
    return value.value if isinstance(value, Assumed) else value


def compile_pack(cards: CardsFile, rules: RulesFile) -> CardBook:
    """Flatten a validated pack into a ``CardBook``."""
    entries = tuple(cards.card)
    sides = {DUTCH: ("D", "B"), SPANISH: ("S", "B")}
    melds = {MILITARY: ("M", "E"), POLITICAL: ("P", "E")}
    return CardBook(
        names=tuple(card.name for card in entries),
        values=tuple(card.value for card in entries),
        entries=entries,
        usable_by=(
            tuple(card.use in sides[DUTCH] for card in entries),
            tuple(card.use in sides[SPANISH] for card in entries),
        ),
        meld_ok=(
            tuple(card.meld in melds[MILITARY] for card in entries),
            tuple(card.meld in melds[POLITICAL] for card in entries),
        ),
        stage_ok=tuple(
            tuple(stage in _STAGES_OF_CODE[card.stage] for card in entries) for stage in range(4)
        ),
        enters=tuple(_entry_stage(rules.stage_entry[card.stage]) for card in entries),
        leader=tuple(card.notes == "L" for card in entries),
        event=tuple(card.notes == "V" for card in entries),
        worth=(_worth(entries, sides[DUTCH]), _worth(entries, sides[SPANISH])),
        rules=rules,
    )


def _worth(entries: tuple[CardEntry, ...], uses: tuple[str, ...]) -> tuple[tuple[int, ...], ...]:
    """One side's ``CardBook.worth``: each stage's values of the cards that side may use."""
    return tuple(
        tuple(
            card.value if card.use in uses and stage in _STAGES_OF_CODE[card.stage] else 0
            for card in entries
        )
        for stage in range(4)
    )


def load_card_book(data: Path | None = None) -> CardBook:
    """Load and compile the shipped pack, or a user's pack folder."""
    folder = pack_dir(DATA_DIR, data)
    cards = load_pack_file(folder / "cards.toml", CardsFile)
    rules = load_pack_file(folder / "rules.toml", RulesFile)
    hands = rules.logistics.dutch_hand + rules.logistics.spanish_hand
    if hands > len(cards.card):
        raise DataPackError(
            f"{folder / 'rules.toml'}: logistics: hands of {rules.logistics.dutch_hand} and "
            f"{rules.logistics.spanish_hand} need {hands} cards; the deck has {len(cards.card)}"
        )
    return compile_pack(cards, rules)
