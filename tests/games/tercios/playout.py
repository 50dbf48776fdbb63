"""A seeded random playout that checks the Tercios invariants at every step."""

from __future__ import annotations

import random

from stratagem import CHANCE
from stratagem.games.tercios.invariants import invariants
from stratagem.games.tercios.state import TerciosState


def play_checked(state: TerciosState, seed: int, steps: int) -> int:
    """Play up to ``steps`` random steps (chance sampled), asserting the invariants before
    each; the number of steps played."""
    rng = random.Random(seed)
    for step in range(steps):
        assert invariants(state) == [], step
        player = state.current_player()
        if player < 0 and player != CHANCE:
            return step
        state.apply_action(
            state.sample_chance(rng) if player == CHANCE else rng.choice(state.legal_actions())
        )
    return steps
