"""The ``random`` bot: a uniformly random legal action."""

from __future__ import annotations

import random

from stratagem.core import Action, Game, State


class RandomBot:
    """Picks uniformly among the legal actions with its own seeded generator."""

    name = "random"

    def __init__(self, game: Game, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        return legal[int(self.rng.random() * len(legal))]
