"""The Henry VIII data pack: ``characters.toml``, ``court.toml`` and ``rules.toml``.

Validated with pydantic when the game loads (a broken pack names the file, the entry and
the problem), then compiled into a ``Book`` of flat tuples that the rules read.
Characters are numbered in roster order, followed by the Tudor Heir cards; court cards are
numbered in deck order; offices and titles in the pack's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypeVar

from pydantic import Field, model_validator

from stratagem.core.datapack import Assumed, PackModel, load_pack_file, pack_dir
from stratagem.core.errors import DataPackError

DATA_DIR = Path(__file__).parent / "data"

T = TypeVar("T")
Sex = Literal["M", "F"]
Rank = Literal["Duke", "Marquess", "Earl", "Viscount", "Baron"]
RANKS: tuple[Rank, ...] = ("Baron", "Viscount", "Earl", "Marquess", "Duke")
"""Duke, Marquess, Earl, Viscount, Baron; rank number 1 (Baron) to 5 (Duke) [Titles]."""

Modifier = Literal[
    "-target_ability",
    "+target_guile",
    "-target_guile",
    "-holder_guile",
    "-contentment_on_queen",
    "+heir_credibility",
    "-heir_credibility",
    "+rack",
    "+president",
    "+bride_guile_less_groom_guile",
    "+bishop_protestant",
    "+guile_less_religious_difference",
]
Target = Literal["character", "person", "faction", "none"]


def val(value: T | Assumed[T]) -> T:
    """The value of a printed or an assumed entry."""
    return value.value if isinstance(value, Assumed) else value


class CharacterEntry(PackModel):
    """One Character card [A Character Card] [Ability, Guile and Religion]."""

    name: str = Field(min_length=1)
    sex: Sex
    influence: int | Assumed[int]
    ability: int | Assumed[int]
    guile: int | Assumed[int]
    religion: int | Assumed[int]
    death_roll: int | Assumed[int]
    entry: int | Assumed[int]
    players: int | Assumed[int]
    star: bool | Assumed[bool]
    title: str | Assumed[str] | None = None
    offices: list[str] | Assumed[list[str]] = Field(default_factory=list)
    succession: int | None = None
    queen: bool = False
    tudor: bool = False
    baby: int | Assumed[int] | None = None
    heir_credibility: int | Assumed[int] | None = None
    foreign: bool | Assumed[bool] = False
    minor_until: int | Assumed[int] = 0
    heir_of: str | Assumed[str] | None = None
    heir_rank: int | Assumed[int] = 0

    @model_validator(mode="after")
    def _sound(self) -> CharacterEntry:
        if not 0 <= val(self.religion) <= 4:
            raise ValueError("religion runs from 0 (C0) to 4 (P4)")
        if not 5 <= val(self.players) <= 8:
            raise ValueError("players must be 5 to 8")
        if self.sex == "F" and self.baby is None:
            raise ValueError("every woman has a Baby Value")
        if self.sex == "F" and (self.title is not None or val(self.offices)):
            raise ValueError("only males hold Titles and Offices")
        return self


class CharactersFile(PackModel):
    """``characters.toml``."""

    character: list[CharacterEntry] = Field(min_length=5)


class EndeavourEntry(PackModel):
    """The Endeavour half of a court card [A Court Card] [List of Endeavours]."""

    name: str
    difficulty: int | Assumed[int]
    target: Target
    modifiers: list[Modifier] | Assumed[list[Modifier]] = Field(default_factory=list)
    spy: bool = False
    assigned: bool = False


class SupportEntry(PackModel):
    """The Support half of a court card [A Court Card] [List of Support Cards]."""

    name: str
    kind: Literal["fixed", "choice", "captain"]
    values: list[int] | Assumed[list[int]]
    with_: list[str] | Assumed[list[str]] = Field(default_factory=list, alias="with")
    with_any: bool | Assumed[bool] = False
    contentment: bool = False
    death_roll: bool = False


class CardEntry(PackModel):
    """One court card: its two halves and how many copies the deck holds [A Court Card]
    [List of Endeavours]."""

    endeavour: str
    support: str | Assumed[str]
    copies: int | Assumed[int]


class CourtFile(PackModel):
    """``court.toml``."""

    endeavour: list[EndeavourEntry]
    support: list[SupportEntry]
    card: list[CardEntry]


class Start(PackModel):
    contentment: int
    religion: int


class Turns(PackModel):
    first_death_check: int
    henry_death: list[int] | Assumed[list[int]]


class Cards(PackModel):
    per_turn: int
    treasurer_extra: int
    min_rounds_for_new_years_gift: int


class Influence(PackModel):
    office: int
    titles: dict[Rank, int] | Assumed[dict[Rank, int]]
    succession: list[int] | Assumed[list[int]]
    queen: int | Assumed[int]


class Supremacy(PackModel):
    from_turn: int
    contentment: int
    religion: int


class Birth(PackModel):
    girl_max: int
    queen_dies_max: int
    majority_after: int


class Contentment(PackModel):
    unmarried: int
    table: list[tuple[int, int]]
    below: int
    living_son: int
    no_male_heir: int
    lady_of_the_bedchamber: int
    revulsion: int


class Henry(PackModel):
    guile: int


class AbilityLess(PackModel):
    ability_less: int


class TrialRules(PackModel):
    attainted: int
    executed: int
    imprisoned: int
    president: int


class RackRules(PackModel):
    implicates_two: int
    confesses: int
    confess_bonus: int
    implicates_self: int
    self_bonus: int
    secretary_easier: int | Assumed[int]


class War(PackModel):
    captaincy_cost: int | Assumed[int]


class Pilgrimage(PackModel):
    difficulty: int
    rebel_religion_max: int
    winner_religion_max: int
    nominal_captain_ability: int


class SuccessionRules(PackModel):
    cards: int | Assumed[int]


class DeathRules(PackModel):
    good_health: int | Assumed[int]


class OfficeEntry(PackModel):
    name: str
    power: str
    commoners_only: bool = False
    religious: bool = False
    seniority: int | Assumed[int] = 0
    free_endeavour: str | None = None
    free_support: str | None = None


class TitleEntry(PackModel):
    name: str | Assumed[str]
    rank: Rank | Assumed[Rank]


class TudorHeirEntry(PackModel):
    name: str | Assumed[str]
    sex: Sex


class TudorStats(PackModel):
    influence: int | Assumed[int]
    ability: int | Assumed[int]
    guile: int | Assumed[int]
    death_roll: int | Assumed[int]
    baby: int | Assumed[int]
    heir_credibility: int | Assumed[int]


class RulesFile(PackModel):
    """``rules.toml``."""

    start: Start
    turns: Turns
    cards: Cards
    influence: Influence
    supremacy: Supremacy
    birth: Birth
    contentment: Contentment
    henry: Henry
    my_lords_man: AbilityLess
    mission: AbilityLess
    trial: TrialRules
    rack: RackRules
    war: War
    pilgrimage: Pilgrimage
    succession: SuccessionRules
    death: DeathRules
    office: list[OfficeEntry]
    title: list[TitleEntry]
    tudor_heir: list[TudorHeirEntry]
    tudor_heir_stats: TudorStats


@dataclass(frozen=True, slots=True)
class Person:
    """A Character card (or a Tudor Heir card) compiled for the rules."""

    name: str
    female: bool
    influence: int
    ability: int
    guile: int
    religion: int
    death_roll: int
    entry: int
    players: int
    star: bool
    title: int
    """The starting title's index, or -1."""
    offices: tuple[int, ...]
    succession: int
    queen: bool
    tudor: bool
    """A Tudor Heir: Mary Tudor and the Prince and Princess cards."""
    born_card: bool
    """A Prince or Princess card (born in play)."""
    baby: int
    heir_credibility: int | None
    foreign: bool
    minor_until: int
    heir_of: int
    """The title this character inherits or holds by descent (-1: none)."""
    heir_rank: int


@dataclass(frozen=True, slots=True)
class Book:
    """The pack, compiled."""

    people: tuple[Person, ...]
    endeavours: tuple[EndeavourEntry, ...]
    supports: tuple[SupportEntry, ...]
    card_endeavour: tuple[int, ...]
    card_support: tuple[int, ...]
    card_names: tuple[str, ...]
    offices: tuple[OfficeEntry, ...]
    office_names: tuple[str, ...]
    title_names: tuple[str, ...]
    title_rank: tuple[int, ...]
    rules: RulesFile
    endeavour_of_name: dict[str, int]
    support_with: tuple[frozenset[str], ...]
    """The Endeavours each Support may join (its list)."""
    support_any: tuple[bool, ...]
    """Supports that may join any Endeavour."""

    def endeavour_index(self, name: str) -> int:
        """The index of the Endeavour named ``name``."""
        return self.endeavour_of_name[name]

    def support_index(self, name: str) -> int:
        """The index of the Support named ``name``."""
        for index, entry in enumerate(self.supports):
            if entry.name == name:
                return index
        raise KeyError(name)

    def office_index(self, name: str) -> int:
        """The index of the office named ``name``."""
        return self.office_names.index(name)

    def person_index(self, name: str) -> int:
        """The index of the character named ``name``."""
        for index, person in enumerate(self.people):
            if person.name == name:
                return index
        raise KeyError(name)


def _names(value: list[str] | Assumed[list[str]]) -> list[str]:
    return val(value)


def _check_names(kind: str, names: list[str]) -> None:
    seen: set[str] = set()
    for name in names:
        if name.casefold() in seen:
            raise ValueError(f"the {kind} {name!r} appears twice")
        seen.add(name.casefold())


def compile_pack(chars: CharactersFile, court: CourtFile, rules: RulesFile) -> Book:
    """Cross-check the three files and flatten them; ``ValueError`` names the problem."""
    titles = [val(t.name) for t in rules.title]
    offices = [o.name for o in rules.office]
    _check_names("title", titles)
    _check_names("office", offices)
    people: list[Person] = []
    for entry in chars.character:
        title = val(entry.title) if entry.title is not None else None
        if title is not None and title not in titles:
            raise ValueError(f"{entry.name}: unknown title {title!r}")
        for office in val(entry.offices):
            if office not in offices:
                raise ValueError(f"{entry.name}: unknown office {office!r}")
        heir_of = val(entry.heir_of) if entry.heir_of is not None else None
        if heir_of is not None and heir_of not in titles:
            raise ValueError(f"{entry.name}: unknown title {heir_of!r} to inherit")
        credibility = entry.heir_credibility
        people.append(
            Person(
                name=entry.name,
                female=entry.sex == "F",
                influence=val(entry.influence),
                ability=val(entry.ability),
                guile=val(entry.guile),
                religion=val(entry.religion),
                death_roll=val(entry.death_roll),
                entry=val(entry.entry),
                players=val(entry.players),
                star=val(entry.star),
                title=-1 if title is None else titles.index(title),
                offices=tuple(offices.index(o) for o in val(entry.offices)),
                succession=entry.succession or 0,
                queen=entry.queen,
                tudor=entry.tudor,
                born_card=False,
                baby=val(entry.baby) if entry.baby is not None else 0,
                heir_credibility=None if credibility is None else val(credibility),
                foreign=val(entry.foreign),
                minor_until=val(entry.minor_until),
                heir_of=-1 if heir_of is None else titles.index(heir_of),
                heir_rank=val(entry.heir_rank),
            )
        )
    stats = rules.tudor_heir_stats
    for heir in rules.tudor_heir:
        people.append(
            Person(
                name=val(heir.name),
                female=heir.sex == "F",
                influence=val(stats.influence),
                ability=val(stats.ability),
                guile=val(stats.guile),
                religion=2,
                death_roll=val(stats.death_roll),
                entry=99,
                players=5,
                star=False,
                title=-1,
                offices=(),
                succession=0,
                queen=False,
                tudor=True,
                born_card=True,
                baby=val(stats.baby) if heir.sex == "F" else 0,
                heir_credibility=val(stats.heir_credibility),
                foreign=False,
                minor_until=0,
                heir_of=-1,
                heir_rank=0,
            )
        )
    _check_names("character", [p.name for p in people])
    endeavour_names = [e.name for e in court.endeavour]
    support_names = [s.name for s in court.support]
    _check_names("endeavour", endeavour_names)
    _check_names("support", support_names)
    for support in court.support:
        for name in val(support.with_):
            if name not in endeavour_names:
                raise ValueError(f"support {support.name!r}: unknown endeavour {name!r}")
    card_endeavour: list[int] = []
    card_support: list[int] = []
    names: list[str] = []
    for card in court.card:
        if card.endeavour not in endeavour_names:
            raise ValueError(f"card: unknown endeavour {card.endeavour!r}")
        if val(card.support) not in support_names:
            raise ValueError(f"card: unknown support {val(card.support)!r}")
        for copy in range(val(card.copies)):
            card_endeavour.append(endeavour_names.index(card.endeavour))
            card_support.append(support_names.index(val(card.support)))
            suffix = f" #{copy + 1}" if val(card.copies) > 1 else ""
            names.append(f"{card.endeavour} | {val(card.support)}{suffix}")
    _check_names("card", names)
    if len(val(rules.influence.succession)) != val(rules.succession.cards):
        raise ValueError("influence.succession needs one value per Succession card")
    ranks: list[Rank] = [val(t.rank) for t in rules.title]
    return Book(
        people=tuple(people),
        endeavours=tuple(court.endeavour),
        supports=tuple(court.support),
        card_endeavour=tuple(card_endeavour),
        card_support=tuple(card_support),
        card_names=tuple(names),
        offices=tuple(rules.office),
        office_names=tuple(offices),
        title_names=tuple(titles),
        title_rank=tuple(RANKS.index(rank) + 1 for rank in ranks),
        rules=rules,
        endeavour_of_name={e.name: i for i, e in enumerate(court.endeavour)},
        support_with=tuple(frozenset(_names(s.with_)) for s in court.support),
        support_any=tuple(bool(val(s.with_any)) for s in court.support),
    )


def load_book(data: Path | None = None) -> Book:
    """Load and compile the shipped pack, or a user's pack folder."""
    folder = pack_dir(DATA_DIR, data)
    chars = load_pack_file(folder / "characters.toml", CharactersFile)
    court = load_pack_file(folder / "court.toml", CourtFile)
    rules = load_pack_file(folder / "rules.toml", RulesFile)
    try:
        return compile_pack(chars, court, rules)
    except ValueError as error:
        raise DataPackError(f"{folder}: {error}") from None
