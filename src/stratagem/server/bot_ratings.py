"""The bots' levels on the players' rating scale, from what the lab measured.

``bots/level_ratings.toml`` holds each level's share of the points against the ``normal``
level in ``stratagem tournament`` runs (with the commands that measured it). The lab's
model (``sim.ratings``, Plackett-Luce's first choice) turns a share ``s`` of a level that
sat alone against ``n - 1`` opponents into a difference of strength ``ln(s (n-1) / (1-s))``;
on the players' scale (``ratings.SCALE``, about Elo's 400 / ln 10 points per unit) that is
the level's distance from ``normal``. ``normal`` itself is placed at a new player's 1500
(``ANCHOR``): no rated game has yet set a bot against people, so where the levels sit
against them is assumed, and the gaps between the levels are measured.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

from stratagem.bots import LEVELS, bot_names
from stratagem.bots.level_ratings import ratings_of
from stratagem.server.ratings import BASE, MODEL, SCALE

ANCHOR = "normal"
"""The level placed at a new player's rating (the others are measured against it)."""
CLIP = 0.005
"""A share is taken as at least this and at most one minus it (a level that won or lost
every game would be infinitely far away)."""
POINTS_PER_UNIT = SCALE * math.sqrt(2) * MODEL.beta
"""Points of the shown scale per unit of the lab's strength: two settled ratings whose
means differ by ``sqrt(2) beta`` are one unit of log-odds apart in openskill's model."""


@dataclass(frozen=True, slots=True)
class BotRating:
    """A level's place on the players' scale, and how it was measured."""

    level: str
    rating: int
    measured: str
    """The measurement in words (its share, opponent and games), or the anchor's note."""
    commands: tuple[str, ...]


def distance(share: float, players: int) -> float:
    """The points between a level that scored ``share`` (per cent) alone against
    ``players - 1`` equal opponents and those opponents."""
    s = min(max(share / 100, CLIP), 1 - CLIP)
    return POINTS_PER_UNIT * math.log(s * (players - 1) / (1 - s))


@functools.cache
def bot_ratings(game: str) -> tuple[BotRating, ...]:
    """The levels ``game`` offers that have a place on the scale, strongest first."""
    offered = set(bot_names(game))
    found = []
    for level in LEVELS:
        if level.name not in offered:
            continue
        if level.name == ANCHOR:
            note = f"placed at {BASE}, a new player's rating; the other levels measured against it"
            found.append(BotRating(level.name, BASE, note, ()))
            continue
        against = [r for r in ratings_of(game, level.name) if r.opponent == ANCHOR]
        if against:
            rating = against[0]
            points = BASE + distance(rating.score.share, rating.players)
            found.append(BotRating(level.name, round(points), rating.words(), rating.commands))
    return tuple(sorted(found, key=lambda bot: -bot.rating))
