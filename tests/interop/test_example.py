"""The worked example examples/maskable_ppo_eighty_years_war.py (the extra ``train``),
run for a few hundred steps: it trains against random play and then the heuristic, and
measures the policy against both."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

EXAMPLE = Path(__file__).parents[2] / "examples" / "maskable_ppo_eighty_years_war.py"


def _example() -> object:
    spec = importlib.util.spec_from_file_location("maskable_ppo_eighty_years_war", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_one_seat_lets_the_bot_play_the_other_seat() -> None:
    example = _example()
    table = example.OneSeat("heuristic", seat=1, seed=2)
    observation, _info = table.reset(seed=2)
    assert table.observation_space.contains(observation)
    assert table.table.agent_selection == "spanish_1"
    done, steps = False, 0
    while not done:
        legal = np.flatnonzero(table.action_masks())
        observation, reward, done, _truncated, info = table.step(int(legal[0]))
        assert np.isfinite(reward)
        steps += 1
    assert info["returns"] == table.table.game_state.returns()
    assert steps > 10


def test_maskable_ppo_trains_a_few_hundred_steps_against_random_then_the_heuristic() -> None:
    scores = _example().train(256, n_steps=128, games=2)
    assert set(scores) == {
        f"after {stage}, against {against}"
        for stage in ("random", "heuristic")
        for against in ("random", "heuristic")
    }
    assert all(-1.0 <= score <= 1.0 for score in scores.values())
