"""The 1750 data pack: ``colonies.toml``, ``battle_deck.toml``, ``events.toml``,
``objectives.toml`` and ``rules.toml`` (the counts of [Contents]), validated with pydantic
when the game loads and compiled into flat tables (``Book``) that the rules read on their
hot paths.

A value the rulebook prints is written plainly; one it does not print is an ``Assumed``
(``{ value = ..., assumed = true, reason = "..." }``), and a card whose every field is
unprinted carries ``assumed = true`` and a ``reason`` on the card itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, model_validator

from stratagem.core.datapack import Assumed, PackModel, load_pack_file, pack_dir
from stratagem.core.errors import DataPackError
from stratagem.games.britain_vs_france.effects import (
    EXPORTS,
    ONGOING_OPS,
    THEATERS,
    WINDOWS,
    Effect,
    ExportKind,
    Option,
    PlaceUnit,
    Score,
    Theater,
)

DATA_DIR = Path(__file__).parent / "data"

Side = Literal["Britain", "France"]
DeckSide = Literal["Britain", "France", "Spain", "Dutch"]


def value(item: Any) -> Any:
    """A printed value, or an assumed one's value (typed by the field it is read from)."""
    return item.value if isinstance(item, Assumed) else item


class Invented(PackModel):
    """Base of entries the rulebook may not print at all: ``assumed`` says so, with why."""

    assumed: bool = False
    reason: str = ""

    @model_validator(mode="after")
    def _reason_given(self) -> Invented:
        if self.assumed and len(self.reason) < 10:
            raise ValueError("an assumed entry needs a reason of at least 10 characters")
        return self


def _unique(names: list[str], what: str) -> None:
    seen: set[str] = set()
    for name in names:
        key = name.casefold()
        if key in seen:
            raise ValueError(f"the {what} name {name!r} appears twice")
        seen.add(key)


# -- colonies.toml ---------------------------------------------------------------------------


class ColonyRoll(PackModel):
    """A die roll once per turn; ``target`` or more succeeds
    [2) Leader Actions / Colony Rules]."""

    needs_leader: bool
    target: int = Field(ge=1, le=7)
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _no_targets(self) -> ColonyRoll:
        for effect in self.effects:
            if effect.op not in ("gold", "export", "draw_events", "place_unit"):
                raise ValueError(f"a colony roll cannot {effect.op!r}")
            if isinstance(effect, PlaceUnit) and effect.where != "here":
                raise ValueError("a colony roll places units 'here'")
        return self


class Colony(PackModel):
    name: str = Field(min_length=1)
    theater: Theater
    historical: Side
    export: ExportKind | Assumed[ExportKind]
    roll: ColonyRoll | Assumed[ColonyRoll] | None = None


class ColoniesFile(PackModel):
    colony: list[Colony] = Field(min_length=8)

    @model_validator(mode="after")
    def _names(self) -> ColoniesFile:
        _unique([colony.name for colony in self.colony], "colony")
        return self


# -- battle_deck.toml ---------------------------------------------------------------------


class BattleCard(Invented):
    """A battle deck card (a mini card): a unit (it rolls a die) or a non-unit card."""

    name: str = Field(min_length=1)
    side: DeckSide | Assumed[DeckSide]
    copies: int | Assumed[int]
    cost: int | Assumed[int]
    unit: bool | Assumed[bool]
    leader: bool | Assumed[bool] = False
    modifier: int | Assumed[int] = 0
    moves: Literal["yes", "no", "with_leader"] | Assumed[Literal["yes", "no", "with_leader"]] = (
        "yes"
    )
    placement: Literal["own", "open_colony"] | Assumed[Literal["own", "open_colony"]] = "own"
    battle_bonus: int | Assumed[int] = 0
    income: int | Assumed[int] = 0
    raid: list[Effect] | Assumed[list[Effect]] = Field(default_factory=list)

    @model_validator(mode="after")
    def _some_copies(self) -> BattleCard:
        if self.number < 1:
            raise ValueError("a battle deck card needs at least 1 copy")
        return self

    @property
    def number(self) -> int:
        """How many copies of the card the deck holds."""
        return int(value(self.copies))

    @property
    def deck(self) -> DeckSide:
        """Whose battle deck the card is in."""
        side: DeckSide = value(self.side)
        return side


class BattleDeckFile(PackModel):
    card: list[BattleCard] = Field(min_length=2)

    @model_validator(mode="after")
    def _names(self) -> BattleDeckFile:
        _unique([label_of(card) for card in self.card], "battle deck card")
        return self


def label_of(card: BattleCard) -> str:
    """A battle card's name as the actions write it: ``British Regulars``, ``Robert Clive``."""
    adjective = {"Britain": "British", "France": "French"}.get(card.deck)
    generic = not value(card.leader)
    return f"{adjective} {card.name}" if adjective and generic else card.name


# -- events.toml --------------------------------------------------------------------------


class EventCard(Invented):
    """A historic event (or starting) card: one option, or several for an "OR" card."""

    name: str = Field(min_length=1)
    copies: int = Field(default=1, ge=1)
    side: Side | None = None
    stays_in_play: bool = False
    option: list[Option] = Field(min_length=1)

    @model_validator(mode="after")
    def _ongoing(self) -> EventCard:
        if self.stays_in_play and len(self.option) != 1:
            raise ValueError("a card that stays in play has exactly one option")
        for option in self.option:
            ongoing = [effect.op in ONGOING_OPS for effect in option.effects]
            if self.stays_in_play and not all(ongoing):
                raise ValueError("a card that stays in play has only ongoing effects")
            if not self.stays_in_play and any(ongoing):
                raise ValueError("income, roll_bonus and score need a card that stays in play")
        return self


class EventsFile(PackModel):
    event: list[EventCard] = Field(min_length=1)
    starting: list[EventCard] = Field(min_length=2)

    @model_validator(mode="after")
    def _names(self) -> EventsFile:
        _unique([card.name for card in [*self.event, *self.starting]], "event card")
        for card in self.starting:
            if card.side is None:
                raise ValueError(f"starting card {card.name!r} has no side")
        return self


# -- objectives.toml ----------------------------------------------------------------------


class GrantedUnit(PackModel):
    card: str
    count: int = Field(ge=1)


class PoliticalObjective(Invented):
    name: str = Field(min_length=1)
    copies: int = Field(ge=1)
    difficulty: int | Assumed[int]
    exports: list[ExportKind] | Assumed[list[ExportKind]]
    units: list[GrantedUnit] | Assumed[list[GrantedUnit]]
    units_for: Side | Literal["either"] | Assumed[Side | Literal["either"]]


class SecretObjective(Invented):
    name: str = Field(min_length=1)
    effects: list[Score] = Field(min_length=1)


class ObjectivesFile(PackModel):
    political: list[PoliticalObjective] = Field(min_length=1)
    secret: list[SecretObjective] = Field(min_length=2)

    @model_validator(mode="after")
    def _names(self) -> ObjectivesFile:
        _unique([o.name for o in self.political], "political objective")
        _unique([o.name for o in self.secret], "secret objective")
        return self


# -- rules.toml ---------------------------------------------------------------------------


class Components(PackModel):
    colonies: int
    events: int
    political_objectives: int
    secret_objectives: int
    battle_deck: dict[DeckSide, int]
    exports: dict[ExportKind, int]


class Setup(PackModel):
    colonies_per_theater: int = Field(ge=1)
    expanded_colonies_per_theater: int = Field(ge=1)
    control_markers_each: int = Field(ge=1)
    start_gold: int = Field(ge=0)
    hand_events: int = Field(ge=0)
    secret_objectives_each: int = Field(ge=1)
    draw_deck: int = Field(ge=0)


class Turns(PackModel):
    turns_per_player: int = Field(ge=1)
    draw_cards_per_extra_turn: int = Field(ge=0)


class Economy(PackModel):
    event_price: int = Field(ge=0)
    revenue: int = Field(ge=0)
    set_size: int = Field(ge=1)
    set_gold: int = Field(ge=0)
    boost_max: int | Assumed[int]
    counter_max: int | Assumed[int]
    ransom_max: int | Assumed[int]


class Scoring(PackModel):
    colony: int
    regional_dominance: int
    trade_mastery_kinds: int
    trade_mastery: int
    powerful_friends_objectives: int
    powerful_friends: int
    natural_failure: int


class RulesFile(PackModel):
    components: Components
    setup: Setup
    turns: Turns
    economy: Economy
    scoring: Scoring


# -- the compiled book --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Book:
    """The pack flattened into tuples indexed by colony, card instance or objective."""

    colonies: tuple[Colony, ...]
    colony_names: tuple[str, ...]
    colony_theater: tuple[int, ...]
    colony_export: tuple[int, ...]
    colony_roll: tuple[ColonyRoll | None, ...]
    locations: tuple[str, ...]
    """Colony names, then "High Seas" (index ``high_seas``)."""
    battle_types: tuple[BattleCard, ...]
    battle_labels: tuple[str, ...]
    """One per battle card type (``British Regulars``)."""
    units: tuple[int, ...]
    """Battle card instance -> its type."""
    unit_labels: tuple[str, ...]
    """Battle card instance -> ``British Regulars #2``."""
    event_types: tuple[EventCard, ...]
    events: tuple[int, ...]
    """Event card instance -> its type (historic events first, then starting cards)."""
    historic_events: int
    """Instances ``0 .. historic_events - 1`` are historic events."""
    political: tuple[int, ...]
    """Political objective instance -> its type."""
    political_labels: tuple[str, ...]
    political_types: tuple[PoliticalObjective, ...]
    secrets: tuple[SecretObjective, ...]
    rules: RulesFile
    cost: tuple[int, ...]
    """Per battle card type, like the fields below."""
    is_unit: tuple[bool, ...]
    is_leader: tuple[bool, ...]
    modifier: tuple[int, ...]
    moves: tuple[str, ...]
    placement: tuple[str, ...]
    battle_bonus: tuple[int, ...]
    income: tuple[int, ...]
    raid: tuple[tuple[Effect, ...], ...]
    deck_side: tuple[int, ...]
    """0 Britain, 1 France, 2 either (the Spanish and Dutch leaders)."""
    difficulty: tuple[int, ...]
    """Per political objective type, like the fields below."""
    po_exports: tuple[tuple[int, ...], ...]
    po_units: tuple[tuple[tuple[str, int], ...], ...]
    po_units_for: tuple[int, ...]
    """0 Britain, 1 France, 2 either."""
    boost_max: int
    counter_max: int
    ransom_max: int
    high_seas: int
    """The High Seas' location index (the number of colonies)."""
    window_types: dict[str, frozenset[int]]
    """Window -> the event card types with an option playable in it."""


def _check_counts(book: Book, deck: BattleDeckFile, events: EventsFile) -> None:
    comp = book.rules.components
    problems = []
    if len(book.colonies) != comp.colonies:
        problems.append(f"{len(book.colonies)} colonies, not {comp.colonies}")
    if book.historic_events != comp.events:
        problems.append(f"{book.historic_events} historic events, not {comp.events}")
    if len(book.political) != comp.political_objectives:
        problems.append(f"{len(book.political)} political objectives")
    if len(book.secrets) != comp.secret_objectives:
        problems.append(f"{len(book.secrets)} secret objectives")
    for side, count in comp.battle_deck.items():
        have = sum(card.number for card in deck.card if card.deck == side)
        if have != count:
            problems.append(f"{have} {side} battle deck cards, not {count}")
    if set(comp.exports) != set(EXPORTS):
        problems.append("the export counts must name the nine exports")
    for theater in THEATERS:
        if not any(colony.theater == theater for colony in book.colonies):
            problems.append(f"no colony in {theater}")
    if problems:
        raise ValueError("; ".join(problems))
    known = {card.name for card in deck.card}
    for card in [*events.event, *events.starting]:
        for option in card.option:
            for effect in option.effects:
                if isinstance(effect, PlaceUnit) and effect.card not in known:
                    raise ValueError(f"{card.name}: no battle deck card named {effect.card!r}")


_SIDE_CODE = {"Britain": 0, "France": 1, "Spain": 2, "Dutch": 2, "either": 2}


def compile_pack(
    colonies: ColoniesFile,
    deck: BattleDeckFile,
    events: EventsFile,
    objectives: ObjectivesFile,
    rules: RulesFile,
) -> Book:
    """Flatten a validated pack into a ``Book``."""
    cols = tuple(colonies.colony)
    units: list[int] = []
    unit_labels: list[str] = []
    labels = tuple(label_of(card) for card in deck.card)
    for kind, card in enumerate(deck.card):
        for copy in range(card.number):
            units.append(kind)
            unit_labels.append(labels[kind] if card.number == 1 else f"{labels[kind]} #{copy + 1}")
    event_types = (*events.event, *events.starting)
    instances = [kind for kind, card in enumerate(event_types) for _ in range(card.copies)]
    historic = sum(card.copies for card in events.event)
    political: list[int] = []
    political_labels: list[str] = []
    for kind, objective in enumerate(objectives.political):
        for copy in range(objective.copies):
            political.append(kind)
            suffix = f" #{copy + 1}" if objective.copies > 1 else ""
            political_labels.append(objective.name + suffix)
    book = Book(
        colonies=cols,
        colony_names=tuple(colony.name for colony in cols),
        colony_theater=tuple(THEATERS.index(colony.theater) for colony in cols),
        colony_export=tuple(EXPORTS.index(value(colony.export)) for colony in cols),
        colony_roll=tuple(None if colony.roll is None else value(colony.roll) for colony in cols),
        locations=(*(colony.name for colony in cols), "High Seas"),
        battle_types=tuple(deck.card),
        battle_labels=labels,
        units=tuple(units),
        unit_labels=tuple(unit_labels),
        event_types=event_types,
        events=tuple(instances),
        historic_events=historic,
        political=tuple(political),
        political_labels=tuple(political_labels),
        political_types=tuple(objectives.political),
        secrets=tuple(objectives.secret),
        rules=rules,
        cost=tuple(value(card.cost) for card in deck.card),
        is_unit=tuple(value(card.unit) for card in deck.card),
        is_leader=tuple(value(card.leader) for card in deck.card),
        modifier=tuple(value(card.modifier) for card in deck.card),
        moves=tuple(value(card.moves) for card in deck.card),
        placement=tuple(value(card.placement) for card in deck.card),
        battle_bonus=tuple(value(card.battle_bonus) for card in deck.card),
        income=tuple(value(card.income) for card in deck.card),
        raid=tuple(tuple(value(card.raid)) for card in deck.card),
        deck_side=tuple(_SIDE_CODE[card.deck] for card in deck.card),
        difficulty=tuple(value(o.difficulty) for o in objectives.political),
        po_exports=tuple(
            tuple(EXPORTS.index(e) for e in value(o.exports)) for o in objectives.political
        ),
        po_units=tuple(
            tuple((g.card, g.count) for g in value(o.units)) for o in objectives.political
        ),
        po_units_for=tuple(_SIDE_CODE[value(o.units_for)] for o in objectives.political),
        boost_max=value(rules.economy.boost_max),
        counter_max=value(rules.economy.counter_max),
        ransom_max=value(rules.economy.ransom_max),
        high_seas=len(cols),
        window_types={
            window: frozenset(
                kind
                for kind, card in enumerate(event_types)
                if any(window in option.windows for option in card.option)
            )
            for window in WINDOWS
        },
    )
    _check_counts(book, deck, events)
    return book


def load_book(data: Path | None = None) -> Book:
    """Load and compile the shipped pack, or a user's pack folder (same file names)."""
    folder = pack_dir(DATA_DIR, data)
    files = (
        load_pack_file(folder / "colonies.toml", ColoniesFile),
        load_pack_file(folder / "battle_deck.toml", BattleDeckFile),
        load_pack_file(folder / "events.toml", EventsFile),
        load_pack_file(folder / "objectives.toml", ObjectivesFile),
        load_pack_file(folder / "rules.toml", RulesFile),
    )
    try:
        return compile_pack(*files)
    except ValueError as error:
        raise DataPackError(f"{folder}: the pack does not hold together: {error}") from None
