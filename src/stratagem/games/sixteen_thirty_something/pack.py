"""The Sixteen Thirty Something data pack: ``countries.toml`` (set-up and adjacency),
``cards.toml`` (the 110 Player Cards) and ``rules.toml`` (the numbers of the rules).

The pack is validated with pydantic when the game loads, then compiled into flat tables
(``Book``) that the rules read on their hot paths. Card *kinds* are what the rules tell
apart: a country and a value ("England 2"), an Open card and its value ("Open 1"), or a
Special Card ("Unrest"). Copies of one kind are interchangeable, so places hold counts.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from pydantic import Field, field_validator, model_validator

from stratagem.core.datapack import Assumed, PackModel, load_pack_file, pack_dir
from stratagem.core.errors import DataPackError

DATA_DIR = Path(__file__).parent / "data"

SPECIAL_NAMES = (
    "Vote",
    "Military Improvement",
    "Increase Army Size",
    "Increase Status",
    "Military Leader",
    "Assassin",
    "Unrest",
)
"""The seven kinds, in the order the rulebook explains them [The Special Cards] [Rulings
R26]."""

VOTE, IMPROVEMENT, ARMY, STATUS, LEADER, ASSASSIN, UNREST = range(7)

T = TypeVar("T")


def plain(value: T | Assumed[T]) -> T:
    """A pack value, printed or assumed."""
    return value.value if isinstance(value, Assumed) else value


Count = int | Assumed[int]


class Country(PackModel):
    """One row of the table [Initial Set-up Table]."""

    name: str = Field(min_length=1)
    status: Count
    army: Count
    ability: Count


class Border(PackModel):
    """One pair of the table, read as symmetric [Adjacent Countries Table] [Rulings R2]."""

    countries: tuple[str, str]
    adjacent: bool | Assumed[bool]


class CountriesFile(PackModel):
    """``countries.toml``."""

    country: list[Country] = Field(min_length=2)
    border: list[Border]

    @model_validator(mode="after")
    def _complete(self) -> CountriesFile:
        names = [country.name for country in self.country]
        if len(set(names)) != len(names):
            raise ValueError("a country is listed twice")
        seen: set[frozenset[str]] = set()
        for border in self.border:
            a, b = border.countries
            for name in (a, b):
                if name not in names:
                    raise ValueError(f"border names the unknown country {name!r}")
            pair = frozenset((a, b))
            if a == b or pair in seen:
                raise ValueError(f"the border {a}-{b} is listed twice or joins a country to itself")
            seen.add(pair)
        expected = len(names) * (len(names) - 1) // 2
        if len(seen) != expected:
            raise ValueError(
                f"{len(seen)} borders given; every one of the {expected} pairs is needed"
            )
        for country in self.country:
            for field in ("status", "army", "ability"):
                if plain(getattr(country, field)) < 0:
                    raise ValueError(f"{country.name}: {field} is negative")
        return self


class Special(PackModel):
    name: str
    copies: Count


class OpenCards(PackModel):
    values: list[int] | Assumed[list[int]]


class Influence(PackModel):
    country: str
    values: list[int] | Assumed[list[int]]


class CardsFile(PackModel):
    """``cards.toml``: the 110 Player Cards, Influence and Special shuffled into one deck
    [Components] [The Player Cards] [Rulings R4]."""

    total: int = Field(gt=0)
    special: list[Special]
    open: OpenCards
    influence: list[Influence]

    @field_validator("special")
    @classmethod
    def _seven(cls, special: list[Special]) -> list[Special]:
        names = tuple(card.name for card in special)
        if names != SPECIAL_NAMES:
            raise ValueError(f"the Special Cards must be {', '.join(SPECIAL_NAMES)} in this order")
        return special


class CounterShare(PackModel):
    players: int = Field(ge=1)
    each: int = Field(ge=1)


class Counters(PackModel):
    per_country: int = Field(ge=1)
    by_players: list[CounterShare]


class CardNumbers(PackModel):
    deal: int = Field(ge=0)
    opening: int = Field(ge=0)
    draw: int = Field(ge=0)
    hand_limit: int = Field(ge=0)


class Trade(PackModel):
    max_cards: int = Field(ge=1)
    partner_max_cards: Count
    max_asks: Count
    max_revisions: Count


class Specials(PackModel):
    per_turn: int = Field(ge=0)


class StatusRange(PackModel):
    min: int
    max: int


class Combat(PackModel):
    leader: int
    army_zero: int
    unrest: int
    water_defence: int
    water_defence_countries: list[str]
    water_defence_status: int
    adjacent_only_status: int
    ability_bonus: Count


class RandomEnd(PackModel):
    turn: Count
    number: Count


class Turns(PackModel):
    max: int = Field(ge=1)
    random_end: list[RandomEnd]


class RulesFile(PackModel):
    """``rules.toml``."""

    counters: Counters
    cards: CardNumbers
    trade: Trade
    specials: Specials
    status: StatusRange
    combat: Combat
    turns: Turns


@dataclass(frozen=True, slots=True)
class Book:
    """The pack compiled into tuples indexed by country and by card kind."""

    countries: tuple[str, ...]
    start_status: tuple[int, ...]
    start_army: tuple[int, ...]
    start_ability: tuple[int, ...]
    adjacent: tuple[tuple[bool, ...], ...]
    kind_names: tuple[str, ...]
    kind_country: tuple[int, ...]
    """The country of a named Influence Card, -1 for Open and Special Cards."""
    kind_value: tuple[int, ...]
    """Votes of an Influence Card (0 for a Special Card)."""
    kind_special: tuple[int, ...]
    """The Special Card's number (``VOTE`` ... ``UNREST``), -1 for Influence Cards."""
    kind_type: tuple[int, ...]
    """The card's type: a country (0-8), ``open_type`` or ``open_type + 1 + special``."""
    copies: tuple[int, ...]
    named_kinds: tuple[tuple[int, ...], ...]
    """The named Influence kinds of each country."""
    open_kinds: tuple[int, ...]
    pile_kinds: tuple[frozenset[int], ...]
    """The kinds a pile of each country may hold: its named cards and the Open cards."""
    special_kinds: tuple[int, ...]
    type_names: tuple[str, ...]
    total: int
    rules: RulesFile

    @property
    def open_type(self) -> int:
        return len(self.countries)

    def counters_each(self, players: int) -> int:
        """How many counters each player draws [Taking Victory Point Counters]."""
        for share in self.rules.counters.by_players:
            if share.players == players:
                return share.each
        raise ValueError(f"rules.toml gives no counter share for {players} players")

    def random_end_number(self, turn: int) -> int | None:
        """The number in a Turn Track box, if it has one [Checking for a random end to the
        game] [Rulings R7]."""
        for box in self.rules.turns.random_end:
            if plain(box.turn) == turn:
                return plain(box.number)
        return None


def _kind_name(country: str, value: int) -> str:
    return f"{country} {value}"


def compile_pack(countries: CountriesFile, cards: CardsFile, rules: RulesFile) -> Book:
    """Flatten a validated pack into a ``Book``; an inconsistent pack raises ``ValueError``."""
    names = tuple(country.name for country in countries.country)
    index = {name: number for number, name in enumerate(names)}
    adjacent = [[False] * len(names) for _ in names]
    for border in countries.border:
        a, b = (index[name] for name in border.countries)
        adjacent[a][b] = adjacent[b][a] = plain(border.adjacent)
    by_country = {entry.country: plain(entry.values) for entry in cards.influence}
    if sorted(by_country) != sorted(names) or len(cards.influence) != len(names):
        raise ValueError("cards.toml: give the Influence Cards of each country exactly once")
    kinds: list[tuple[str, int, int, int, int, int]] = []  # name, country, value, special, type, n
    named_kinds: list[tuple[int, ...]] = []
    for country, name in enumerate(names):
        values = by_country[name]
        start = len(kinds)
        for value in sorted(set(values)):
            kinds.append(
                (_kind_name(name, value), country, value, -1, country, values.count(value))
            )
        named_kinds.append(tuple(range(start, len(kinds))))
    opens = plain(cards.open.values)
    start = len(kinds)
    for value in sorted(set(opens)):
        kinds.append((f"Open {value}", -1, value, -1, len(names), opens.count(value)))
    open_kinds = tuple(range(start, len(kinds)))
    start = len(kinds)
    for special, card in enumerate(cards.special):
        kinds.append((card.name, -1, 0, special, len(names) + 1 + special, plain(card.copies)))
    special_kinds = tuple(range(start, len(kinds)))
    if any(value <= 0 for value in [*opens, *(v for vs in by_country.values() for v in vs)]):
        raise ValueError("cards.toml: every Influence Card is worth at least 1 vote")
    total = sum(kind[5] for kind in kinds)
    if total != cards.total:
        raise ValueError(f"cards.toml: the cards add up to {total}, not the printed {cards.total}")
    for name in rules.combat.water_defence_countries:
        if name not in index:
            raise ValueError(f"rules.toml: water_defence_countries names unknown {name!r}")
    return Book(
        countries=names,
        start_status=tuple(plain(c.status) for c in countries.country),
        start_army=tuple(plain(c.army) for c in countries.country),
        start_ability=tuple(plain(c.ability) for c in countries.country),
        adjacent=tuple(tuple(row) for row in adjacent),
        kind_names=tuple(kind[0] for kind in kinds),
        kind_country=tuple(kind[1] for kind in kinds),
        kind_value=tuple(kind[2] for kind in kinds),
        kind_special=tuple(kind[3] for kind in kinds),
        kind_type=tuple(kind[4] for kind in kinds),
        copies=tuple(kind[5] for kind in kinds),
        named_kinds=tuple(named_kinds),
        open_kinds=open_kinds,
        pile_kinds=tuple(frozenset((*kinds, *open_kinds)) for kinds in named_kinds),
        special_kinds=special_kinds,
        type_names=(*names, "Open", *SPECIAL_NAMES),
        total=total,
        rules=rules,
    )


def load_book(data: Path | None = None) -> Book:
    """Load and compile the shipped pack, or a user's pack folder."""
    folder = pack_dir(DATA_DIR, data)
    countries = load_pack_file(folder / "countries.toml", CountriesFile)
    cards = load_pack_file(folder / "cards.toml", CardsFile)
    rules = load_pack_file(folder / "rules.toml", RulesFile)
    try:
        return compile_pack(countries, cards, rules)
    except ValueError as error:
        raise DataPackError(f"{folder}: {error}") from None
