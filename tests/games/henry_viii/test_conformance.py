"""Henry VIII against the conformance kit: 300 seeded random games for each player count
from 5 to 8 with this game's invariants (each card in one place, each office and title
held by at most one living character, the line ordered and never headed by a woman, no
minor married or holding office), and the golden event log."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.core import State
from stratagem.games.henry_viii.invariants import invariant_problems
from stratagem.games.henry_viii.state import HenryVIIIState
from stratagem.testing import check_conformance, check_golden

GOLDEN = Path(__file__).parents[2] / "golden" / "henry_viii.txt"
CHUNKS = 6
GAMES = 50


def invariants(state: State) -> list[str]:
    """The game's hook."""
    assert isinstance(state, HenryVIIIState)
    return invariant_problems(state)


@pytest.mark.parametrize("players", [5, 6, 7, 8])
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_conformance_300_games_per_player_count(players: int, chunk: int) -> None:
    """300 games per player count (6 chunks of 50): cheap checks and invariants at every
    step, the full contract (serialization, views, resampling, refusals) every 199th step
    and at the end of every game."""
    game = stratagem.load("henry_viii", players=players)
    report = check_conformance(
        game,
        games=GAMES,
        seed=100 * players + chunk,
        invariants=invariants,
        deep_every=199,
        whole_every=997,
    )
    assert report.games == GAMES
    assert report.decisions > 0 and report.chance_steps > 0


def test_conformance_full_contract_at_every_step() -> None:
    """A game of the smallest and of the largest size with the whole contract checked at
    every single step."""
    for players in (5, 8):
        game = stratagem.load("henry_viii", players=players)
        report = check_conformance(game, games=1, seed=7, invariants=invariants, deep_every=1)
        assert report.games == 1


def test_golden_event_log() -> None:
    """Seed 2026's full 6-player event log is tests/golden/henry_viii.txt, line for line."""
    check_golden(stratagem.load("henry_viii", players=6), 2026, GOLDEN)
