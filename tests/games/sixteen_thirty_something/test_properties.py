"""Property tests (hypothesis) over legal play of Sixteen Thirty Something: whatever the
choices, the invariants hold, replay reproduces, serialization round-trips and no view
shows another player's hand or counters."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from stratagem.games.sixteen_thirty_something.invariants import invariant_problems
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState
from stratagem.testing import check_replay_and_json, follow_choices

from .helpers import game


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(min_value=0, max_value=60), min_size=50, max_size=600),
)
def test_any_line_of_play_keeps_the_contract(players: int, seed: int, choices: list[int]) -> None:
    the_game = game(players)
    state, _ = follow_choices(the_game, seed, choices)
    assert isinstance(state, SixteenThirtySomethingState)
    assert invariant_problems(state) == []
    check_replay_and_json(state)
    truth = state.to_json()["state"]
    for seat in range(players):
        view = state.view(seat)
        assert view["you"]["hand"] == truth["hands"][seat]
        others = [s for s in range(players) if s != seat]
        assert all(f"Player {s + 1}" not in json.dumps(view["you"]) for s in others)
        assert "hands" not in view and "counters" not in view
