"""Property tests (hypothesis) over legal play of Sixteen Thirty Something: whatever the
choices, the invariants hold, replay reproduces, serialization round-trips and no view
shows another player's hand or counters."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from stratagem.core import CHANCE
from stratagem.games.sixteen_thirty_something.invariants import invariant_problems
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

from .helpers import game


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(min_value=3, max_value=6),
    seed=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(min_value=0, max_value=60), min_size=50, max_size=600),
)
def test_any_line_of_play_keeps_the_contract(players: int, seed: int, choices: list[int]) -> None:
    the_game = game(players)
    rng = random.Random(seed)
    state = the_game.new_initial_state()
    assert isinstance(state, SixteenThirtySomethingState)
    for choice in choices:
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
    assert invariant_problems(state) == []
    replayed = the_game.new_initial_state()
    for action in state.history:
        replayed.apply_action(action)
    assert replayed.to_json() == state.to_json()
    doc = json.loads(json.dumps(state.to_json()))
    assert the_game.state_from_json(doc).to_json() == state.to_json()
    truth = state.to_json()["state"]
    for seat in range(players):
        view = state.view(seat)
        assert view["you"]["hand"] == truth["hands"][seat]
        others = [s for s in range(players) if s != seat]
        assert all(f"Player {s + 1}" not in json.dumps(view["you"]) for s in others)
        assert "hands" not in view and "counters" not in view
