"""What the public scorings tell of each player's secret Victory Point Counters.

A player's counters stay face down, but at each end of turn its whole score is put on the
public Victory Point Track [Scoring Points] [Rulings R20], and everything that score was
made of is on the table: each country's Status and the influence the player has on display
there. So every scoring says, of each player, "the counters you hold, each scoring the lower
of its country's Status and your votes there, add up to this many points". A player who
keeps count can rule out every holding that would have scored otherwise.

``Scorings`` is that public record, kept in the state; ``deal_counters`` redeals the other
players' counters for ``resample_hidden`` from it: each world drawn is one the seat cannot
rule out, with the chance the uniform draw from the bag [Taking Victory Point Counters]
gives it once the seat's own counters and the scorings are known.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from functools import lru_cache
from math import factorial

Holding = tuple[int, ...]
"""How many counters of each country a player holds (one entry a country)."""
Deal = tuple[Holding, ...]
"""A holding for each of the players whose counters are dealt, in order."""


@dataclass(frozen=True)
class Scoring:
    """One end of turn's scoring, as the table shows it: each player's points, and for each
    player and country what a counter there would have scored (0 without influence)."""

    points: tuple[int, ...]
    values: tuple[tuple[int, ...], ...]


class Scorings:
    """The public record of every scoring so far, shared by a state and its clones (a
    scoring makes a new record: ``then``). What each player could hold given the record
    (``fits``), and the deals a seat cannot rule out (``deals``), are worked out once per
    record and kept."""

    __slots__ = ("_deals", "_fits", "_parent", "entries")

    def __init__(self, entries: tuple[Scoring, ...] = (), parent: Scorings | None = None) -> None:
        self.entries = entries
        self._parent = parent
        self._fits: dict[int, list[Holding]] = {}
        self._deals: dict[tuple[tuple[int, ...], tuple[int, ...]], Deals] = {}

    def then(self, scoring: Scoring) -> Scorings:
        """The record with ``scoring`` added."""
        return Scorings((*self.entries, scoring), self)

    def fits(self, seat: int, space: tuple[Holding, ...]) -> list[Holding]:
        """The holdings of ``space`` (every one the game's counters allow a player, the
        same for every call on a record) that would have scored what ``seat`` scored at
        every scoring of the record."""
        found = self._fits.get(seat)
        if found is None:
            if self._parent is None:
                found, checked = list(space), self.entries
            else:
                found, checked = self._parent.fits(seat, space), self.entries[-1:]
            for scoring in checked:
                values, points = scoring.values[seat], scoring.points[seat]
                found = [h for h in found if sum(map(int.__mul__, h, values)) == points]
            self._fits[seat] = found
        return found

    def deals(self, left: list[int], others: list[int], space: tuple[Holding, ...]) -> Deals:
        """The deals of ``left`` (the counters of each country a seat has not seen) to
        ``others`` that fit the record."""
        key = (tuple(left), tuple(others))
        found = self._deals.get(key)
        if found is None:
            found = self._deals[key] = Deals(left, [self.fits(seat, space) for seat in others])
        return found


@lru_cache(maxsize=16)
def holdings(countries: int, size: int, per_country: int) -> tuple[Holding, ...]:
    """Every way to hold ``size`` counters of ``countries`` countries, at most
    ``per_country`` of each."""
    return tuple(
        holding
        for holding in itertools.product(range(per_country + 1), repeat=countries)
        if sum(holding) == size
    )


def _ways(holding: Holding) -> float:
    """How many ways, relative to one another, the bag gives a holding or its rest: two
    counters of one country are one pair, one of them is either of the two."""
    weight = 1.0
    for count in holding:
        weight /= factorial(count)
    return weight


class Deals:
    """The deals of the counters ``left`` to some players, each from the holdings that fit
    its scorings, with the chance a uniform draw from the bag gives each: the product of
    the ways to draw each holding and the rest (``_ways``).

    A deal is drawn player by player, each holding with the ways to draw it times the ways
    to complete the deal from what it leaves (``_step``, counted once for each player and
    bag left, and kept: a search draws hundreds of deals from one position), so every deal
    that fits comes with its chance and no other comes at all."""

    def __init__(self, left: list[int], fits: list[list[Holding]]) -> None:
        self.left = tuple(left)
        self.fits = fits
        self._ways = [[_ways(holding) for holding in found] for found in fits]
        self._steps: dict[tuple[int, tuple[int, ...]], Step] = {}

    def _step(self, index: int, bag: tuple[int, ...]) -> Step:
        """What player ``index`` may take from ``bag`` so that the deal can be completed,
        with the cumulative weights to draw it by, and the total: the ways to complete the
        deal from here."""
        key = (index, bag)
        found = self._steps.get(key)
        if found is None:
            if index == len(self.fits):
                found = Step([], [], _ways(bag))
            else:
                options: list[tuple[Holding, tuple[int, ...]]] = []
                weights: list[float] = []
                total = 0.0
                for holding, ways in zip(self.fits[index], self._ways[index], strict=True):
                    rest = tuple(map(int.__sub__, bag, holding))
                    if min(rest) < 0:
                        continue
                    completions = self._step(index + 1, rest).total
                    if completions > 0.0:
                        total += ways * completions
                        options.append((holding, rest))
                        weights.append(total)
                found = Step(options, weights, total)
            self._steps[key] = found
        return found

    def draw(self, rng: random.Random) -> Deal:
        """One deal, with its chance."""
        bag = self.left
        deal: list[Holding] = []
        for index in range(len(self.fits)):
            step = self._step(index, bag)
            if not step.options:
                raise ValueError("no deal of the counters fits the scorings: the record is broken")
            ((holding, bag),) = rng.choices(step.options, cum_weights=step.weights)
            deal.append(holding)
        return tuple(deal)


@dataclass(frozen=True)
class Step:
    """One player's choices in ``Deals.draw``: each holding it may take with the bag it
    leaves, their cumulative weights, and the total weight."""

    options: list[tuple[Holding, tuple[int, ...]]]
    weights: list[float]
    total: float


def deal_counters(
    record: Scorings,
    left: list[int],
    others: list[int],
    space: tuple[Holding, ...],
    rng: random.Random,
) -> dict[int, Holding] | None:
    """A holding for each of ``others``, of those ``space`` holds (the bag gets the rest
    of ``left``, the counters of each country the seat cannot see), that fits every
    scoring of ``record``, drawn with the chance a uniform draw from the bag gives it given
    the record (``Deals``); ``None`` without any scoring (nothing to rule out: every deal
    fits)."""
    if not record.entries:
        return None
    return dict(zip(others, record.deals(left, others, space).draw(rng), strict=True))
