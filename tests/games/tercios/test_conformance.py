"""Tercios against the conformance kit, with the game's invariants (no two bases overlap,
every unit on the table, Dm never negative, no exhausted commander acting), and the golden
event log. Games are fixed at two turns (The Battle: Duration allows a fixed length) so that
200 of them fit the test budget; a few full-length battles cover the variable end."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.games.tercios.invariants import invariants
from stratagem.testing import check_conformance, check_golden

GOLDEN = Path(__file__).parents[2] / "golden" / "tercios.txt"
SMALL = ("spanish_500", "swedish_500")


@pytest.mark.parametrize("chunk", range(4))
def test_conformance_200_battles(chunk: int) -> None:
    """200 two-turn battles (4 chunks of 50): cheap checks at every step, the full contract
    at every 40th step and at the end of every battle."""
    game = stratagem.load("tercios", armies=SMALL, duration=2)
    report = check_conformance(
        game, games=50, seed=100 + chunk, invariants=invariants, deep_every=40
    )
    assert report.games == 50
    assert report.decisions > 0 and report.chance_steps > 0


def test_conformance_full_length_battles() -> None:
    """Four battles to the variable end on the standard battlefield."""
    game = stratagem.load("tercios", armies=SMALL)
    report = check_conformance(game, games=4, seed=7, invariants=invariants, deep_every=60)
    assert report.games == 4
    assert min(report.lengths) > 100


def test_golden_event_log() -> None:
    """Seed 2026's full event log is tests/golden/tercios.txt, line for line."""
    check_golden(stratagem.load("tercios", armies=SMALL), 2026, GOLDEN)
