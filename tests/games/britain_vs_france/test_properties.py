"""Property tests (hypothesis) over legal play of 1750: whatever the choices, the
invariants hold, replay reproduces, serialization round-trips and no view shows the
other side's hand or secret objective."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import stratagem
from stratagem.games.britain_vs_france.invariants import invariant_problems
from stratagem.games.britain_vs_france.state import BritainVsFranceState
from stratagem.testing import check_replay_and_json, follow_choices

GAME = stratagem.load("britain_vs_france", advanced=True)


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(min_value=0, max_value=80), min_size=50, max_size=300),
)
def test_any_line_of_play_keeps_the_contract(seed: int, choices: list[int]) -> None:
    state, rng = follow_choices(GAME, seed, choices)
    assert isinstance(state, BritainVsFranceState)
    assert invariant_problems(state) == []
    check_replay_and_json(state)
    for seat in (0, 1):
        secret = state.view(1 - seat)["you"]["secret_objective"]
        if secret is not None and not state.is_terminal():
            assert secret not in json.dumps(state.view(seat))
            assert secret not in json.dumps(state.view(None))
        world = state.resample_hidden(seat, rng)
        assert world.view(seat) == state.view(seat)
        assert invariant_problems(world) == []
