"""``state_from_json`` for Sixteen Thirty Something: the inverse of ``document.state_doc``.

A document is validated with pydantic, its names are resolved, and the loaded state is
checked against the invariants; anything inconsistent (a card too many, two piles of one
country, a Status of 9) raises ``StateFormatError`` naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from stratagem.core import StateFormatError
from stratagem.games.sixteen_thirty_something.deduction import Scoring, Scorings
from stratagem.games.sixteen_thirty_something.influence import Pile
from stratagem.games.sixteen_thirty_something.invariants import invariant_problems
from stratagem.games.sixteen_thirty_something.phases import OVER
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.game import SixteenThirtySomething

_WHO = "sixteen_thirty_something state"


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class _Pile(_Model):
    country: str
    descendant: bool
    cards: list[str] = Field(min_length=1)


class _Country(_Model):
    status: int
    army: int = Field(ge=0)
    ability: int = Field(ge=0)
    faction: int = Field(ge=-1, le=1)
    leaders: int = Field(ge=0)
    unrest: int = Field(ge=0)


class _Vote(_Model):
    by_card: bool
    country: str | None
    issue: int = Field(ge=-1, le=3)
    target: str | None
    voters: list[int]
    votes: list[int]
    winner: int = Field(ge=-1, le=1)


class _Scoring(_Model):
    points: list[int]
    values: list[dict[str, int]]


class _Doc(_Model):
    turn: int = Field(ge=1)
    first: int = Field(ge=-1)
    order: int = Field(ge=0)
    phase: int = Field(ge=0, le=OVER)
    step_seat: int = Field(ge=0)
    to_move: int
    to_draw: int = Field(ge=0)
    to_lay: int = Field(ge=0)
    hands: list[dict[str, int]]
    deck: dict[str, int]
    discard: dict[str, int]
    piles: list[list[_Pile]]
    countries: dict[str, _Country]
    counters: list[list[str]]
    bag: dict[str, int]
    vp: list[int]
    specials_played: int = Field(ge=0)
    special: int = Field(ge=-1, le=6)
    asks: list[str]
    committed: bool
    offers: list[list[str]]
    stated: list[list[int]] | None = None
    revisions: int = Field(default=0, ge=0)
    vote: _Vote
    dice: list[int]
    removals: list[tuple[int, str]]
    last_vote: dict[str, Any] | None
    last_war: dict[str, Any] | None
    ended_by: str | None
    points_by_country: list[int]
    scorings: list[_Scoring] = []
    tally: dict[str, int]


class _Names:
    """Name look-ups that fail with ``StateFormatError`` naming the field."""

    def __init__(self, game: SixteenThirtySomething) -> None:
        book = game.book
        self.book = book
        self.kinds = {name: k for k, name in enumerate(book.kind_names)}
        self.countries = {name: c for c, name in enumerate(book.countries)}
        self.types = {name: t for t, name in enumerate(book.type_names)}

    def kind(self, name: str, where: str) -> int:
        if name not in self.kinds:
            raise StateFormatError(f"{_WHO}: {where}: unknown card {name!r}")
        return self.kinds[name]

    def country(self, name: str | None, where: str) -> int:
        if name is None:
            return -1
        if name not in self.countries:
            raise StateFormatError(f"{_WHO}: {where}: unknown country {name!r}")
        return self.countries[name]

    def card_type(self, name: str, where: str) -> int:
        if name not in self.types:
            raise StateFormatError(f"{_WHO}: {where}: unknown card type {name!r}")
        return self.types[name]

    def counts(self, doc: dict[str, int], where: str) -> list[int]:
        counts = [0] * len(self.kinds)
        for name, n in doc.items():
            if n < 0:
                raise StateFormatError(f"{_WHO}: {where}: a negative count of {name!r}")
            counts[self.kind(name, where)] = n
        return counts

    def piles(self, rows: list[_Pile], where: str) -> list[Pile | None]:
        piles: list[Pile | None] = [None] * len(self.countries)
        for pile in rows:
            country = self.country(pile.country, where)
            if piles[country] is not None:
                raise StateFormatError(f"{_WHO}: {where}: two piles of {pile.country}")
            cards = tuple(sorted(self.kind(name, where) for name in pile.cards))
            piles[country] = (pile.descendant, cards)
        return piles

    def scorings(self, docs: list[_Scoring], players: int) -> Scorings:
        """The record of the scorings; that it fits the counters held is an invariant."""
        record = Scorings()
        for index, doc in enumerate(docs):
            where = f"scorings.{index}"
            if len(doc.points) != players or len(doc.values) != players:
                raise StateFormatError(f"{_WHO}: {where}: one entry per player is needed")
            values = []
            for row in doc.values:
                scored = [0] * len(self.countries)
                for name, value in row.items():
                    if value < 0:
                        raise StateFormatError(f"{_WHO}: {where}: a negative value of {name!r}")
                    scored[self.country(name, where)] = value
                values.append(tuple(scored))
            record = record.then(Scoring(tuple(doc.points), tuple(values)))
        return record


def _seated(doc: _Doc, players: int) -> None:
    for field in ("hands", "piles", "counters", "vp", "offers"):
        if len(getattr(doc, field)) != players:
            raise StateFormatError(f"{_WHO}: {field}: one entry per player is needed")
    if len(doc.vote.votes) != players:
        raise StateFormatError(f"{_WHO}: vote.votes: one entry per player is needed")


def state_from_doc(
    game: SixteenThirtySomething, raw: Mapping[str, Any]
) -> SixteenThirtySomethingState:
    """Inverse of ``state_doc``; raises ``StateFormatError`` on anything inconsistent."""
    try:
        doc = _Doc.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise StateFormatError(f"{_WHO}: {where}: {first['msg']}") from None
    _seated(doc, game.num_players)
    names = _Names(game)
    if sorted(doc.countries) != sorted(names.countries):
        raise StateFormatError(f"{_WHO}: countries: every country exactly once is needed")
    state = SixteenThirtySomethingState.bare(game)
    state.turn, state.first, state.order = doc.turn, doc.first, doc.order
    state.phase, state.step_seat, state._to_move = doc.phase, doc.step_seat, doc.to_move
    state.to_draw, state.to_lay = doc.to_draw, doc.to_lay
    state.hands = [names.counts(hand, f"hands.{s}") for s, hand in enumerate(doc.hands)]
    state.deck = names.counts(doc.deck, "deck")
    state.deck_size = sum(state.deck)
    state.discard = names.counts(doc.discard, "discard")
    state.piles = [names.piles(row, f"piles.{s}") for s, row in enumerate(doc.piles)]
    for name, country in doc.countries.items():
        c = names.countries[name]
        state.status[c], state.army[c], state.ability[c] = (
            country.status,
            country.army,
            country.ability,
        )
        state.faction[c], state.leaders[c], state.unrest[c] = (
            country.faction,
            country.leaders,
            country.unrest,
        )
    state.counters = [
        sorted(names.country(c, f"counters.{s}") for c in held)
        for s, held in enumerate(doc.counters)
    ]
    state.bag = [0] * len(names.countries)
    for name, n in doc.bag.items():
        state.bag[names.country(name, "bag")] = n
    state.vp = list(doc.vp)
    state.specials_played, state.special = doc.specials_played, doc.special
    state.asks = [names.card_type(t, "asks") for t in doc.asks]
    state.committed = doc.committed
    state.offers = [[names.kind(k, f"offers.{s}") for k in o] for s, o in enumerate(doc.offers)]
    state.stated = (
        [list(flags) for flags in doc.stated]
        if doc.stated is not None
        else [[0] * len(offer) for offer in state.offers]
    )
    state.revisions = doc.revisions
    vote = doc.vote
    state.vote_by_card = vote.by_card
    state.vote_country = names.country(vote.country, "vote.country")
    state.issue, state.target = vote.issue, names.country(vote.target, "vote.target")
    state.voters, state.votes, state.winner = list(vote.voters), list(vote.votes), vote.winner
    state.dice = list(doc.dice)
    state.removals = [(seat, names.country(c, "removals")) for seat, c in doc.removals]
    state.last_vote, state.last_war, state.ended_by = doc.last_vote, doc.last_war, doc.ended_by
    state.points_by_country = list(doc.points_by_country)
    state.scorings = names.scorings(doc.scorings, game.num_players)
    state.tally = dict(doc.tally)
    problems = invariant_problems(state)
    if problems:
        raise StateFormatError(f"{_WHO} is inconsistent: " + "; ".join(problems))
    return state
