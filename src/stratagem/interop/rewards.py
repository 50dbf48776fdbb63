"""The optional shaped reward of the PettingZoo environment (``env(..., shaped_reward=True)``).

Off by default: a learner then gets only the game's returns at the end. With it, every
step also pays each seat the change of its *score difference*: its score less the mean
score of the other seats, divided by a scale, as the public view shows them. Summed over
a game it comes to the final difference less the first (the shaping is a difference of
potentials, so it does not change which policies are best in the long run), and the
returns are still paid at the end on top of it.

| game | score | scale |
|---|---|---|
| 1750: Britain vs. France | victory points so far, without the secret objectives | 20 |
| Eighty Years War | provinces held | the provinces (17) |
| Henry VIII | each faction's Influence | 20 |
| Sixteen Thirty Something | victory points | 20 |
| Tercios | victory points | 20 |

The scales are decided here (none is printed as a most); they only size the reward.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, cast

from stratagem.core import Game, State

Score = Callable[[Mapping[str, Any], str], float]
"""A seat's score in the public view."""


def _points(key: str) -> Score:
    return lambda view, seat: float(view[key][seat])


def _influence(view: Mapping[str, Any], seat: str) -> float:
    return float(view["factions"][seat]["influence"])


def _provinces_scale(game: Game) -> float:
    return float(cast(Any, game).book.rules.provinces.total)


SCORES: dict[str, tuple[Score, Callable[[Game], float]]] = {
    "britain_vs_france": (_points("points_now_without_secret_objectives"), lambda _g: 20.0),
    "eighty_years_war": (_points("provinces"), _provinces_scale),
    "henry_viii": (_influence, lambda _g: 20.0),
    "sixteen_thirty_something": (_points("victory_points"), lambda _g: 20.0),
    "tercios": (_points("victory_points"), lambda _g: 20.0),
}


class ScoreDifference:
    """Each seat's score difference in a state (the potential of the shaped reward)."""

    def __init__(self, game: Game) -> None:
        score, scale = SCORES[game.name]
        self.score = score
        self.scale = scale(game)
        self.seats: Sequence[str] = game.seat_names

    def __call__(self, state: State) -> list[float]:
        view = state.view(None)
        scores = [self.score(view, seat) for seat in self.seats]
        total, others = sum(scores), len(scores) - 1
        return [(mine - (total - mine) / others) / self.scale for mine in scores]
