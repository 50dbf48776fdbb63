"""Ratings of bots: one maximum-likelihood fit over all the games, with a seat term.

The model is Plackett-Luce's first choice (Bradley-Terry for two seats): in a game, seat
``s`` held by bot ``b`` wins with probability proportional to ``exp(theta_b + gamma_s)``.
``theta`` is the bot's strength, ``gamma`` the seat's own advantage (every game here has
asymmetric seats: in Eighty Years War the Spanish win most games whoever plays them). A
shared win counts as an equal part of a win for each winning seat, a draw as an equal part
for every seat. A weak Gaussian prior (``RIDGE``) keeps a bot that won every game finite.

The fit is of the whole set of games at once, taken in a canonical order, so the ratings
are the same however the games are fed (the online openskill updates used before were not:
the same 18 games reversed flipped a ranking). ``choix`` fits Plackett-Luce but has no
covariate for the seat, so the likelihood is written here and maximised with scipy's
L-BFGS. Intervals are 95% percentile bootstrap intervals: the games are resampled with
replacement ``BOOTSTRAP`` times from a fixed generator, and the model refitted.

Ratings are shown on the Elo scale: 400 / ln 10 times ``theta``, centred on 1500 over
the bots; a seat term is in the same points, relative to the first seat.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize

from stratagem.sim.backends import GameRecord

RIDGE = 0.01
"""The prior's weight: ``RIDGE * (sum theta^2 + sum gamma^2)`` is taken from the log-likelihood."""

BOOTSTRAP = 200
"""Resamples of the games for the intervals."""

ELO = 400.0 / math.log(10.0)
CENTRE = 1500.0


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's rating (Elo points) with its 95% bootstrap interval and games played."""

    bot: str
    mu: float
    low: float
    high: float
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% bootstrap interval."""
        return (self.low, self.high)


@dataclass(frozen=True, slots=True)
class SeatTerm:
    """A seat's own advantage in Elo points over the first seat, with its interval."""

    seat: int
    points: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class RatingTable:
    """The bots best first, and the seats' terms."""

    ratings: tuple[Rating, ...]
    seats: tuple[SeatTerm, ...]


@dataclass(frozen=True, slots=True)
class _Data:
    bots: NDArray[np.int64]
    """Game x seat: the bot's index."""
    target: NDArray[np.float64]
    """Game x seat: the seat's part of the win (each row adds up to 1)."""


def _data(games: Sequence[GameRecord], names: Sequence[str]) -> _Data:
    index = {name: i for i, name in enumerate(names)}
    bots = np.array([[index[b] for b in g.bots] for g in games], dtype=np.int64)
    target = np.zeros(bots.shape, dtype=np.float64)
    for row, game in enumerate(games):
        seats = game.winners or tuple(range(len(game.bots)))
        for seat in seats:
            target[row, seat] += 1.0 / len(seats)
    return _Data(bots, target)


def _fit(data: _Data, bots: int) -> NDArray[np.float64]:
    """``theta`` (bots) then ``gamma`` (seats) maximising the penalised likelihood."""
    seats = data.bots.shape[1]

    def loss(x: NDArray[np.float64]) -> tuple[float, NDArray[np.float64]]:
        theta, gamma = x[:bots], x[bots:]
        u = theta[data.bots] + gamma[None, :]
        top = u.max(axis=1, keepdims=True)
        log_total = top[:, 0] + np.log(np.exp(u - top).sum(axis=1))
        p = np.exp(u - log_total[:, None])
        value = -float((data.target * u).sum() - log_total.sum()) + RIDGE * float(x @ x)
        residual = p - data.target
        grad = np.concatenate(
            [
                np.bincount(data.bots.ravel(), residual.ravel(), minlength=bots),
                residual.sum(axis=0),
            ]
        )
        return value, grad + 2 * RIDGE * x

    start = np.zeros(bots + seats)
    result = minimize(loss, start, jac=True, method="L-BFGS-B", options={"gtol": 1e-10})
    found: NDArray[np.float64] = result.x
    return found


def _points(x: NDArray[np.float64], bots: int) -> NDArray[np.float64]:
    """Bot ratings (centred on ``CENTRE``) then seat terms (relative to seat 0), in Elo."""
    theta, gamma = x[:bots], x[bots:]
    return np.concatenate([CENTRE + ELO * (theta - theta.mean()), ELO * (gamma - gamma[0])])


def _key(game: GameRecord) -> tuple[tuple[str, ...], tuple[int, ...], int]:
    return (game.bots, game.winners, game.seed)


def fit_ratings(records: Sequence[GameRecord], *, seed: int = 0) -> RatingTable:
    """Ratings of the bots of ``records`` (games with at least two bots), best first."""
    games = sorted((g for g in records if len(set(g.bots)) > 1), key=_key)
    if not games:
        return RatingTable((), ())
    names = sorted({bot for game in games for bot in game.bots})
    seats = len(games[0].bots)
    data = _data(games, names)
    best = _points(_fit(data, len(names)), len(names))
    rng = random.Random(f"{seed}/bootstrap")
    samples = []
    for _ in range(BOOTSTRAP):
        rows = np.array([rng.randrange(len(games)) for _ in games], dtype=np.int64)
        resampled = _Data(data.bots[rows], data.target[rows])
        samples.append(_points(_fit(resampled, len(names)), len(names)))
    low, high = np.percentile(np.array(samples), [2.5, 97.5], axis=0)
    counts = {name: sum(1 for g in games if name in g.bots) for name in names}
    ratings = [
        Rating(name, float(best[i]), float(low[i]), float(high[i]), counts[name])
        for i, name in enumerate(names)
    ]
    terms = [
        SeatTerm(
            s, float(best[len(names) + s]), float(low[len(names) + s]), float(high[len(names) + s])
        )
        for s in range(seats)
    ]
    return RatingTable(tuple(sorted(ratings, key=lambda r: (-r.mu, r.bot))), tuple(terms))
