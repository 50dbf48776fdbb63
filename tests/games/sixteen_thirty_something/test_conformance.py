"""Sixteen Thirty Something against the conformance kit: 90 seeded random games to the
end for each player count from 3 to 6, with the game's invariants at every step (110
cards accounted for, Status 0 to 7, piles never mixed, one pile per country and player),
the full contract at every step of a few games, and the golden event log."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratagem.core import State
from stratagem.games.sixteen_thirty_something.invariants import invariant_problems
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState
from stratagem.testing import check_conformance, check_golden

from .helpers import game

GOLDEN = Path(__file__).parents[2] / "golden" / "sixteen_thirty_something.txt"
GAMES_PER_COUNT = 90
CHUNKS = {3: 1, 4: 2, 5: 3, 6: 3}
"""Chunks per player count, so that ``pytest -n`` spreads the longer games evenly."""


def invariants(state: State) -> list[str]:
    """The game's hook for the kit."""
    assert isinstance(state, SixteenThirtySomethingState)
    return invariant_problems(state)


@pytest.mark.parametrize(
    ("players", "chunk"), [(p, c) for p, chunks in CHUNKS.items() for c in range(chunks)]
)
def test_conformance_90_games_per_player_count(players: int, chunk: int) -> None:
    """Cheap checks (legal actions apply and parse back, chance sums to 1, the invariants)
    at every step; the full contract (round trip, clone, views, resampling, refusals)
    every 250th step and at the end of every game."""
    games = GAMES_PER_COUNT // CHUNKS[players]
    report = check_conformance(
        game(players),
        games=games,
        seed=100 * players + chunk,
        invariants=invariants,
        deep_every=250,
        whole_every=5000,
    )
    assert report.games == games
    assert report.decisions > 0 and report.chance_steps > 0
    assert report.max_legal <= 60


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_conformance_full_contract_at_every_step(players: int) -> None:
    """Two games per player count with the whole contract checked at every single step."""
    report = check_conformance(
        game(players), games=2, seed=players, invariants=invariants, deep_every=1, whole_every=200
    )
    assert report.games == 2


def test_golden_event_log() -> None:
    """Seed 1630's full event log (4 players) is tests/golden/sixteen_thirty_something.txt."""
    check_golden(game(4), 1630, GOLDEN)
