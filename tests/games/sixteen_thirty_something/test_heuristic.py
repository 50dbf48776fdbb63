"""The Sixteen Thirty Something heuristic bot: legal, blind to what its seat cannot see,
and clearly better than random."""

from __future__ import annotations

import random

import pytest

from stratagem.bots import make_bot
from stratagem.sim.runner import make_bots, play_match

from .helpers import game


@pytest.mark.parametrize("players", [3, 6])
def test_heuristic_plays_whole_games_legally(players: int) -> None:
    result = play_match(
        game(players), make_bots(game(players), ["heuristic"] * players, players), players
    )
    assert len(result.returns) == players
    assert abs(sum(result.returns) - 1.0) < 1e-9


def test_heuristic_sees_only_its_view() -> None:
    """Worlds that differ only in what the seat cannot see get the same decision."""
    state = game(4).new_initial_state()
    rng = random.Random(4)
    checked = 0
    while not state.is_terminal() and checked < 150:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seat = state.current_player()
        world = state.resample_hidden(seat, random.Random(checked))
        first = make_bot("heuristic", game(4), random.Random(0)).choose(state, seat)
        again = make_bot("heuristic", game(4), random.Random(0)).choose(world, seat)
        assert first == again
        state.apply_action(first)
        checked += 1
    assert checked == 150


def test_heuristic_beats_random() -> None:
    """Forty 4-player games, the heuristic in seat 1 against three random bots: it wins
    far more than the 25% a random seat would."""
    wins = 0
    for seed in range(40):
        bots = make_bots(game(4), ["heuristic", "random", "random", "random"], seed)
        result = play_match(game(4), bots, seed)
        wins += result.returns[0] > 0
    assert wins >= 28
