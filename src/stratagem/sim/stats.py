"""Statistics of a study: win rates with Wilson intervals, draws, game lengths, first player.

Pure functions over ``Outcome`` records (one per finished game), so that the numbers of a
study depend only on its games, never on how or where they were played.

Conventions:

- A seat *wins* a game when it is among ``result()["winners"]``; when several seats share
  the win, each of them is counted as winning (so win rates may add up to more than 1).
- A *draw* is a game with no winner at all; draws are counted on their own row.
- The *first player* of a game is the seat that took the first decision (chance excluded).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson_interval(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials``.

    Unlike the normal approximation it stays inside [0, 1] and behaves at 0 and 100%.
    With no trials nothing is known: the interval is (0, 1). ``successes`` may be a sum of
    points (``Score``).
    """
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials is not a proportion")
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1.0 - p) / trials + z2 / (4 * trials * trials)) / denominator
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


@dataclass(frozen=True, slots=True)
class Proportion:
    """``count`` out of ``total``, with its rate and 95% Wilson interval."""

    count: int
    total: int

    @property
    def rate(self) -> float:
        """``count / total`` (0 when there is no game)."""
        return self.count / self.total if self.total else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson confidence interval of the rate."""
        return wilson_interval(self.count, self.total)


@dataclass(frozen=True, slots=True)
class Score:
    """The mean of per-game points in [0, 1] (a win 1, a loss 0, shares in between)."""

    points: tuple[float, ...]

    @property
    def mean(self) -> float:
        """The mean points (0 when there is no game)."""
        return statistics.fmean(self.points) if self.points else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the points as a proportion: exact in form when every
        game is won or lost, and on the safe (wider) side when some are shared or drawn,
        since a share varies less than a win or a loss."""
        return wilson_interval(math.fsum(self.points), len(self.points))


@dataclass(frozen=True, slots=True)
class Spread:
    """Mean and median of a sample."""

    mean: float
    median: float


def spread(values: Sequence[float]) -> Spread | None:
    """Mean and median of ``values``, or ``None`` for an empty sample."""
    if not values:
        return None
    return Spread(mean=statistics.fmean(values), median=float(statistics.median(values)))


@dataclass(frozen=True, slots=True)
class Outcome:
    """What the statistics need of one finished game."""

    winners: tuple[int, ...]
    """Seat indices of the winners (empty for a draw)."""
    first_player: int | None
    """The seat that took the first decision (``None`` if nobody decided anything)."""
    length: int
    """Every applied action, chance outcomes included."""
    decisions: int
    """Actions taken by seats (chance excluded)."""
    turns: int | None
    """The game's turn count (``view(None)["turn"]``) if it has one."""


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat of a study: which bot played it and how often it won."""

    seat: str
    bot: str
    wins: Proportion


@dataclass(frozen=True, slots=True)
class FirstPlayerRow:
    """Games in which ``seat`` acted first, and how many of those it won."""

    seat: str
    wins: Proportion


@dataclass(frozen=True, slots=True)
class Study:
    """The summary of many games of one game with fixed bots and a master seed."""

    game: str
    options: dict[str, Any]
    seed: int
    games: int
    seats: tuple[SeatRow, ...]
    draws: Proportion
    actions: Spread | None
    decisions: Spread | None
    turns: Spread | None
    first_player: tuple[FirstPlayerRow, ...]


def seat_rows(
    seat_names: Sequence[str], seat_bots: Sequence[str], outcomes: Sequence[Outcome]
) -> tuple[SeatRow, ...]:
    """Wins of each seat over ``outcomes``."""
    total = len(outcomes)
    return tuple(
        SeatRow(seat, bot, Proportion(sum(1 for o in outcomes if index in o.winners), total))
        for index, (seat, bot) in enumerate(zip(seat_names, seat_bots, strict=True))
    )


def draws(outcomes: Sequence[Outcome]) -> Proportion:
    """Games that nobody won."""
    return Proportion(sum(1 for o in outcomes if not o.winners), len(outcomes))


def first_player_rows(
    seat_names: Sequence[str], outcomes: Sequence[Outcome]
) -> tuple[FirstPlayerRow, ...]:
    """For each seat that ever acted first: in how many of those games it won."""
    rows = []
    for index, seat in enumerate(seat_names):
        games = [o for o in outcomes if o.first_player == index]
        if games:
            wins = sum(1 for o in games if index in o.winners)
            rows.append(FirstPlayerRow(seat, Proportion(wins, len(games))))
    return tuple(rows)


def summarize(
    game: str,
    options: dict[str, Any],
    seed: int,
    *,
    seat_names: Sequence[str],
    seat_bots: Sequence[str],
    outcomes: Sequence[Outcome],
) -> Study:
    """The ``Study`` of ``outcomes`` (games of ``game`` played by ``seat_bots``)."""
    turns = [float(o.turns) for o in outcomes if o.turns is not None]
    return Study(
        game=game,
        options=dict(options),
        seed=seed,
        games=len(outcomes),
        seats=seat_rows(seat_names, seat_bots, outcomes),
        draws=draws(outcomes),
        actions=spread([float(o.length) for o in outcomes]),
        decisions=spread([float(o.decisions) for o in outcomes]),
        turns=spread(turns) if len(turns) == len(outcomes) else None,
        first_player=first_player_rows(seat_names, outcomes),
    )
