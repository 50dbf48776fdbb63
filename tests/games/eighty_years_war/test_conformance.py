"""Eighty Years War against the conformance kit: 1,120 seeded random games to the end,
and the golden event log (kept to that many so that the whole project's CI stays near
20 minutes on two cores; the lab and the bots' tests play many more)."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.core import State
from stratagem.games.eighty_years_war.invariants import invariant_problems
from stratagem.games.eighty_years_war.state import EightyYearsWarState
from stratagem.testing import check_conformance, check_golden

GOLDEN = Path(__file__).parents[2] / "golden" / "eighty_years_war.txt"


def invariants(state: State) -> list[str]:
    """The game's hook: 17 provinces always, every card in exactly one place, ..."""
    assert isinstance(state, EightyYearsWarState)
    return invariant_problems(state)


@pytest.mark.parametrize("chunk", range(10))
def test_conformance_1000_games_every_step(chunk: int) -> None:
    """1,000 games (10 chunks of 100): cheap checks at every step, the full contract
    (serialization, views, resampling, refusals) at every 10th step and at the end."""
    game = stratagem.load("eighty_years_war")
    report = check_conformance(
        game, games=100, seed=1000 + chunk, invariants=invariants, deep_every=10
    )
    assert report.games == 100
    assert report.decisions > 0 and report.chance_steps > 0


@pytest.mark.parametrize("chunk", range(4))
def test_conformance_120_games_full_contract_at_every_step(chunk: int) -> None:
    """120 more games with the full contract checked at every single step (kept to 120 so
    that the whole project's CI stays under 20 minutes)."""
    game = stratagem.load("eighty_years_war")
    report = check_conformance(game, games=30, seed=chunk, invariants=invariants, deep_every=1)
    assert report.games == 30
    assert report.max_legal <= 9


def test_golden_event_log() -> None:
    """Seed 2026's full event log is tests/golden/eighty_years_war.txt, line for line."""
    check_golden(stratagem.load("eighty_years_war"), 2026, GOLDEN)
