"""Ratings of bots from the games they played, with openskill's Plackett-Luce model.

Each game is one rating update, in game order (so the ratings are as reproducible as the
games). The bots of a game are ranked by the mean return of the seats they held; a bot
playing several seats is one player. Bots keep their skill from game to game, so the
model's drift term ``tau`` is 0. A rating's 95% interval is ``mu ± 1.96 sigma``.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from stratagem.sim.stats import Z95


@dataclass(frozen=True, slots=True)
class Rating:
    """A bot's skill estimate: mean, spread and 95% interval."""

    bot: str
    mu: float
    sigma: float
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        """``mu ± 1.96 sigma``."""
        return (self.mu - Z95 * self.sigma, self.mu + Z95 * self.sigma)


def rate(games: Iterable[tuple[Sequence[str], Sequence[float]]]) -> list[Rating]:
    """Ratings from ``(bot of each seat, return of each seat)`` per game, best first."""
    model = PlackettLuce(tau=0.0)
    ratings: dict[str, PlackettLuceRating] = {}
    counts: dict[str, int] = {}
    for bots, returns in games:
        names = list(dict.fromkeys(bots))
        if len(names) < 2:
            continue
        for name in names:
            if name not in ratings:
                ratings[name] = model.rating(name=name)
            counts[name] = counts.get(name, 0) + 1
        scores = [
            statistics.fmean(r for b, r in zip(bots, returns, strict=True) if b == name)
            for name in names
        ]
        updated = model.rate([[ratings[name]] for name in names], scores=scores)
        for name, team in zip(names, updated, strict=True):
            ratings[name] = team[0]
    result = [
        Rating(name, rating.mu, rating.sigma, counts[name]) for name, rating in ratings.items()
    ]
    return sorted(result, key=lambda r: (-r.mu, r.bot))
