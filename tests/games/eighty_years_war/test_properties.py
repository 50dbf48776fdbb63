"""Property tests (hypothesis) over legal play of Eighty Years War: whatever the choices,
the invariants hold, replay reproduces, serialization round-trips and no view shows
another side's cards."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

import stratagem
from stratagem.games.eighty_years_war.invariants import invariant_problems
from stratagem.games.eighty_years_war.state import EightyYearsWarState
from stratagem.testing import check_replay_and_json, follow_choices

GAME = stratagem.load("eighty_years_war")


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32),
    choices=st.lists(st.integers(min_value=0, max_value=50), min_size=50, max_size=400),
)
def test_any_line_of_play_keeps_the_contract(seed: int, choices: list[int]) -> None:
    state, _ = follow_choices(GAME, seed, choices)
    assert isinstance(state, EightyYearsWarState)
    assert invariant_problems(state) == []
    check_replay_and_json(state)
    for seat in (0, 1):
        secret = set(state.view(1 - seat)["you"]["hand"])
        for meld in state.view(1 - seat)["you"]["melds"].values():
            secret.update(meld)
        # last turn's reveal may show a card that a reshuffle has since dealt again
        secret -= set(json.dumps(state.view(None)["last_reveal"]).split('"'))
        for shown in (json.dumps(state.view(seat)), json.dumps(state.view(None))):
            leaked = [name for name in secret if f'"{name}"' in shown]
            assert leaked == [], f"{leaked} of the other side's cards shown to seat {seat}"
