"""1750 against the conformance kit: 1,050 seeded random games to the end (each colony
controlled by at most one side, exports conserved, gold never negative, each card in
exactly one place), and the golden event log."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.core import State
from stratagem.games.britain_vs_france.invariants import invariant_problems
from stratagem.games.britain_vs_france.state import BritainVsFranceState
from stratagem.testing import check_conformance, check_golden

GOLDEN = Path(__file__).parents[2] / "golden" / "britain_vs_france.txt"


def invariants(state: State) -> list[str]:
    """The game's hook (see ``invariants.py``)."""
    assert isinstance(state, BritainVsFranceState)
    return invariant_problems(state)


@pytest.mark.parametrize("chunk", range(20))
def test_conformance_1000_games(chunk: int) -> None:
    """1,000 games (20 chunks of 50): cheap checks and invariants at every step, the full
    contract (serialization, views, resampling, refusals) at every 25th step and at the
    end of every game."""
    game = stratagem.load("britain_vs_france")
    report = check_conformance(
        game, games=50, seed=2000 + chunk, invariants=invariants, deep_every=25, whole_every=200
    )
    assert report.games == 50
    assert report.decisions > 0 and report.chance_steps > 0


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"advanced": True, "expanded_conflict": True},
        {"historically_accurate_colonies": True, "turns_per_player": 6, "ransoms": True},
    ],
)
def test_conformance_full_contract_at_every_step(options: dict[str, object]) -> None:
    """51 more games (17 per set of options) with the full contract checked at every step,
    under the advanced and optional rules too."""
    game = stratagem.load("britain_vs_france", **options)
    report = check_conformance(game, games=17, seed=7, invariants=invariants)
    assert report.games == 17


def test_golden_event_log() -> None:
    """Seed 1750's full event log is tests/golden/britain_vs_france.txt, line for line."""
    check_golden(stratagem.load("britain_vs_france"), 1750, GOLDEN)
