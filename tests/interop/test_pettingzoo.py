"""The PettingZoo AEC environment of every registered game passes PettingZoo's API test."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.core import IllegalAction

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from stratagem.interop.observation import SIZE, encode, features  # noqa: E402
from stratagem.interop.pettingzoo import env  # noqa: E402

GAMES = [info.name for info in stratagem.available_games()]


@pytest.mark.parametrize("name", GAMES)
def test_api_test_passes(name: str) -> None:
    api_test(env(name), num_cycles=2000)


def _play(name: str, seed: int) -> list[int]:
    table = env(name)
    table.reset(seed=seed)
    taken = []
    for agent in table.agent_iter():
        observation, _reward, done, truncated, _info = table.last()
        if done or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        action = int(legal[len(taken) % len(legal)])
        taken.append(action)
        assert table.observation_space(agent).contains(observation)
        table.step(action)
    return taken


@pytest.mark.parametrize("name", GAMES)
def test_a_seed_fixes_the_game(name: str) -> None:
    assert _play(name, 3) == _play(name, 3)


def test_rewards_are_the_returns_at_the_end() -> None:
    table = env("eighty_years_war")
    table.reset(seed=1)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, done, _truncated, _info = table.last()
        totals[agent] += reward
        if done:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.state.is_terminal()
    assert list(totals.values()) == table.state.returns()
    assert table.possible_agents == ["dutch_0", "spanish_1"]


def test_an_illegal_action_is_refused_with_the_reason() -> None:
    table = env("eighty_years_war")
    table.reset(seed=1)
    observation = table.observe(table.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = table.state.to_json()
    with pytest.raises(IllegalAction, match="not legal now"):
        table.step(illegal)
    assert table.state.to_json() == before


def test_the_observation_is_the_seat_s_view_only() -> None:
    """Two worlds the seat cannot tell apart encode the same; a different seat differs."""
    table = env("eighty_years_war")
    table.reset(seed=2)
    state = table.state
    seat = state.current_player()
    world = state.resample_hidden(seat, __import__("random").Random(5))
    assert np.array_equal(encode(state.view(seat)), encode(world.view(seat)))
    assert not np.array_equal(encode(state.view(seat)), encode(state.view(1 - seat)))


def test_features_of_a_view() -> None:
    view = {"turn": 3, "stage": "II", "you": {"hand": ["a", "b"], "ready": True}, "x": None}
    assert sorted(features(view)) == sorted(
        [
            ("turn", 3.0),
            ("stage=II", 1.0),
            ("you.hand[]=a", 1.0),
            ("you.hand[]=b", 1.0),
            ("you.ready", 1.0),
        ]
    )
    assert encode(view).shape == (SIZE,)
    assert (
        encode({"you": {"hand": ["b", "a"]}}).tolist()
        == encode({"you": {"hand": ["a", "b"]}}).tolist()
    )
