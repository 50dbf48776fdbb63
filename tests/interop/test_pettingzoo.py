"""The PettingZoo AEC environment of every registered game, checked with PettingZoo's own
tests (API, seeding, rendering in every mode) and ours (state, rewards, refusals)."""

from __future__ import annotations

import random

import pytest

import stratagem
from stratagem.core import IllegalAction

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, render_test, seed_test  # noqa: E402

from stratagem.interop.pettingzoo import env  # noqa: E402
from stratagem.sim.runner import chance_rng  # noqa: E402

GAMES = [info.name for info in stratagem.available_games()]
SMALL: dict[str, dict[str, object]] = {"tercios": {"duration": 1}}
"""Options that keep a whole game cheap where a game has them."""


def _env(name: str, render_mode: str | None = None) -> object:
    return env(name, render_mode=render_mode, **SMALL.get(name, {}))


@pytest.mark.parametrize("name", GAMES)
def test_api_test_passes(name: str) -> None:
    api_test(_env(name), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_seed_test_passes(name: str) -> None:
    seed_test(lambda: _env(name), num_cycles=50)


@pytest.mark.parametrize("name", GAMES)
def test_render_test_passes_in_every_mode(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(lambda render_mode=None: _env(name, render_mode))
    assert stratagem.load(name).seat_names[0] in capsys.readouterr().out  # human printed


@pytest.mark.parametrize("name", GAMES)
def test_state_is_every_seat_s_observation(name: str) -> None:
    table = _env(name)
    table.reset(seed=2)
    size = table.layout.size
    whole = table.state()
    assert whole.shape == table.state_space.shape == (table.game.num_players * size,)
    assert table.state_space.contains(whole)
    for seat, agent in enumerate(table.possible_agents):
        part = whole[seat * size : (seat + 1) * size]
        assert np.array_equal(part, table.observe(agent)["observation"])


def _play(name: str, seed: int) -> list[int]:
    table = _env(name)
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


@pytest.mark.parametrize("name", ["eighty_years_war", "tercios"])
def test_a_seed_fixes_the_game(name: str) -> None:
    assert _play(name, 3) == _play(name, 3)


def test_a_seed_deals_as_the_lab_does() -> None:
    table = _env("eighty_years_war")
    table.reset(seed=8)
    lab = table.game.new_initial_state()
    rng = chance_rng(8)
    while lab.is_chance_node():
        lab.apply_action(lab.sample_chance(rng))
    assert table.game_state.to_json() == lab.to_json()


def test_rewards_are_the_returns_at_the_end() -> None:
    table = _env("eighty_years_war")
    table.reset(seed=1)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, done, _truncated, _info = table.last()
        totals[agent] += reward
        if done:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert table.game_state.is_terminal()
    assert list(totals.values()) == table.game_state.returns()
    assert table.possible_agents == ["dutch_0", "spanish_1"]


def test_an_illegal_action_is_refused_with_the_reason() -> None:
    table = _env("eighty_years_war")
    table.reset(seed=1)
    observation = table.observe(table.agent_selection)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    before = table.game_state.to_json()
    with pytest.raises(IllegalAction, match="not legal now"):
        table.step(illegal)
    with pytest.raises(IllegalAction, match="outside"):
        table.step(len(observation["action_mask"]))
    assert table.game_state.to_json() == before


def test_the_observation_is_the_seat_s_view_only() -> None:
    """Worlds the seat cannot tell apart give it the same tensor; the other seat's differ."""
    table = _env("eighty_years_war")
    table.reset(seed=2)
    state = table.game_state
    seat = state.current_player()
    for draw in range(3):
        world = state.resample_hidden(seat, random.Random(draw))
        assert np.array_equal(
            table.layout.encode(state.view(seat)), table.layout.encode(world.view(seat))
        )
    assert not np.array_equal(
        table.layout.encode(state.view(seat)), table.layout.encode(state.view(1 - seat))
    )


def test_rgb_array_is_the_public_board() -> None:
    table = _env("eighty_years_war", "rgb_array")
    table.reset(seed=1)
    frame = table.render()
    assert frame.dtype == np.uint8 and frame.shape[1] == 960 and frame.shape[2] == 3
    assert frame.min() < 100 and frame.max() > 250  # ink on paper, not a blank frame


def test_three_unrest_cards_on_one_country_stay_inside_the_observation_space() -> None:
    """Every Military Leader or Unrest card may land on the same country in one turn: the
    observation's tops for them are the cards' copies, not the two counters a player
    holds per country. A seeded random game where a country takes three Unrest cards."""
    table = _env("sixteen_thirty_something")
    table.reset(seed=177)
    rng = random.Random(177)
    most = 0
    for steps, agent in enumerate(table.agent_iter()):
        observation, _reward, done, truncated, _info = table.last()
        assert table.observation_space(agent).contains(observation), steps
        countries = table.unwrapped.game_state.view(None)["countries"].values()
        most = max(most, *(country.get("unrest", 0) for country in countries))
        if done or truncated or steps > 80:
            break
        table.step(int(rng.choice(list(np.flatnonzero(observation["action_mask"])))))
    assert most >= 3
