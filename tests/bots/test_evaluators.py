"""The evaluators that let ISMCTS stop a rollout after a turn: bounded, zero-sum for two
seats, exact at the end, and better for a seat that is further ahead."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.bots.base import make_evaluator
from stratagem.core import Game, State
from stratagem.testing import random_playout

from .helpers import decision_points


def _with(game: Game, state: State, **changes: object) -> State:
    """``state`` with some fields of its saved document changed, read back."""
    doc = state.to_json()
    doc["state"] = {**doc["state"], **changes}
    return game.state_from_json(doc)


@pytest.mark.parametrize(
    "name", ["eighty_years_war", "britain_vs_france", "sixteen_thirty_something"]
)
def test_values_are_expected_returns_and_exact_at_the_end(name: str) -> None:
    """Two seats: zero-sum in [-1, 1]; more: chances of winning, the points leader first."""
    game = stratagem.load(name)
    evaluator = make_evaluator(game)
    assert evaluator is not None
    for state in decision_points(game, seed=4, every=40, limit=3):
        values = evaluator.values(state)
        assert all(-1.0 <= value <= 1.0 for value in values)
        if game.num_players == 2:
            assert sum(values) == pytest.approx(0.0)
        else:
            points = list(state.result()["scores"].values())
            assert sum(values) == pytest.approx(1.0)
            assert values.index(max(values)) == points.index(max(points))
        assert evaluator.horizon(state) == state.view(None)["turn"]
    end = random_playout(game, seed=2)
    assert evaluator.values(end) == end.returns()


def test_eighty_years_war_values_more_provinces_more() -> None:
    game = stratagem.load("eighty_years_war")
    evaluator = make_evaluator(game)
    assert evaluator is not None
    state = next(decision_points(game, seed=1, every=30, limit=1))
    dutch = [evaluator.values(_with(game, state, provinces=[d, 17 - d]))[0] for d in range(4, 12)]
    assert dutch == sorted(dutch)
    assert dutch[0] < 0 < dutch[-1]


def test_britain_vs_france_values_follow_the_points() -> None:
    game = stratagem.load("britain_vs_france")
    evaluator = make_evaluator(game)
    assert evaluator is not None
    for state in decision_points(game, seed=3, every=25, limit=4):
        points = list(state.result()["scores"].values())
        value = evaluator.values(state)[0]
        assert (value > 0) == (points[0] > points[1]) or points[0] == points[1] == 0


def test_games_without_an_evaluator_have_none() -> None:
    assert make_evaluator(stratagem.load("henry_viii")) is None
