"""The research interfaces as a learner uses them: bounded, scaled observations,
variants' settings, compact information states, fixed-size frames, short variants."""

from __future__ import annotations

import random

import pytest

import stratagem

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from stratagem.interop.layouts import layout_of  # noqa: E402

GAMES = [info.name for info in stratagem.available_games()]
SHORT_GAMES: dict[str, dict[str, object]] = {"tercios": {"duration": 1}}


def _random_views(name: str, decisions: int, seed: int) -> list[object]:
    """Every seat's view at each of ``decisions`` random decisions (whole games)."""
    game = stratagem.load(name, **SHORT_GAMES.get(name, {}))
    rng = random.Random(seed)
    views = []
    state = game.new_initial_state()
    while len(views) < decisions * game.num_players:
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            views += [state.view(seat) for seat in range(game.num_players)]
            state.apply_action(rng.choice(state.legal_actions()))
    return views


@pytest.mark.parametrize("name", GAMES)
def test_observations_stay_inside_their_bounds_over_random_play(name: str) -> None:
    layout = layout_of(stratagem.load(name, **SHORT_GAMES.get(name, {})))
    assert np.all(np.isfinite(layout.low)) and np.all(np.isfinite(layout.high))
    assert layout.low.min() >= -1.0 and layout.high.max() <= 1.0
    labels = layout.labels()
    for view in _random_views(name, 400, seed=1):
        tensor = layout.encode(view)
        outside = np.flatnonzero((tensor < layout.low) | (tensor > layout.high))
        assert not outside.size, [(labels[i], float(tensor[i])) for i in outside[:5]]
