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


def test_facing_is_written_as_sine_and_cosine() -> None:
    """Tercios' facing: 359 and 1 degrees lie close, 90 is (1, 0), 180 is (0, -1)."""
    layout = layout_of(stratagem.load("tercios", **SHORT_GAMES["tercios"]))
    view = stratagem.load("tercios", **SHORT_GAMES["tercios"]).new_initial_state().view(0)
    labels = layout.labels()
    sine, cosine = labels.index("units[0].facing.sin"), labels.index("units[0].facing.cos")

    def facing(degrees: float) -> tuple[float, float]:
        view["units"][0]["facing"] = degrees
        tensor = layout.encode(view)
        return float(tensor[sine]), float(tensor[cosine])

    assert facing(90) == pytest.approx((1.0, 0.0), abs=1e-6)
    assert facing(180) == pytest.approx((0.0, -1.0), abs=1e-6)
    assert np.hypot(*np.subtract(facing(359), facing(1))) < 0.04


def test_counts_are_divided_by_their_printed_most() -> None:
    """Eighty Years War's provinces over the 17 printed, the deck over its 100 cards."""
    game = stratagem.load("eighty_years_war")
    layout = layout_of(game)
    view = game.new_initial_state().view(0)
    tensor = layout.encode(view)
    labels = layout.labels()
    assert tensor[labels.index("provinces.Dutch")] == pytest.approx(7 / 17)
    assert tensor[labels.index("provinces.Spanish")] == pytest.approx(10 / 17)
    assert tensor[labels.index("deck")] == pytest.approx(view["deck"] / 100)


# -- variants: settings and lengths ------------------------------------------------------

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import outcome_sampling_mccfr  # noqa: E402

from stratagem.core import OptionError  # noqa: E402
from stratagem.interop import openspiel  # noqa: E402
from stratagem.interop.pettingzoo import FRAMES, RENDER_WIDTH, env  # noqa: E402
from stratagem.interop.spec import SHORT, parameters  # noqa: E402

HANDS = "pack.rules.logistics.dutch_hand=14;pack.rules.logistics.spanish_hand=14"


def _spiel(name: str, params: dict[str, object] | None = None) -> object:
    openspiel.register()
    return pyspiel.load_game(openspiel.short_name(name), params or {})


def test_settings_reach_the_pettingzoo_env() -> None:
    table = env("eighty_years_war", settings="pack.rules.logistics.spanish_hand=9")
    assert table.game.book.rules.logistics.spanish_hand == 9
    table = env("eighty_years_war", settings=["pack.rules.victory.turns=3"], last_turn=2)
    assert table.game.book.rules.victory.turns == 3
    assert table.game.last_turn == 2
    with pytest.raises(OptionError, match="spanish_hand"):
        env("eighty_years_war", settings="spanish_hand=9")  # the pack key is meant


def test_settings_reach_openspiel_s_load_game_and_round_trip() -> None:
    game = _spiel("eighty_years_war", {"settings": "pack.rules.logistics.spanish_hand=9"})
    assert game.stratagem.book.rules.logistics.spanish_hand == 9
    again = pyspiel.load_game(str(game))
    assert again.stratagem.book.rules.logistics.spanish_hand == 9
    state = game.new_initial_state()
    text = pyspiel.serialize_game_and_state(game, state)
    game_back, state_back = pyspiel.deserialize_game_and_state(text)
    assert game_back.stratagem.book.rules.logistics.spanish_hand == 9
    assert state_back.state.to_json() == state.state.to_json()
    with pytest.raises(OptionError, match="spanish_hand"):
        _spiel("eighty_years_war", {"settings": "pack.rules.logistics.spanish_hand=0"})


def test_max_game_length_holds_in_a_variant_with_bigger_hands() -> None:
    """Hands of 14 make longer games than the printed 7 and 8: the bound grows with them
    and the information-state tensor holds every decision."""
    printed = _spiel("eighty_years_war")
    game = _spiel("eighty_years_war", {"settings": HANDS})
    assert game.max_game_length() > printed.max_game_length()
    rng = random.Random(3)
    longest = 0
    for _ in range(3):
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            else:
                state.information_state_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        longest = max(longest, decisions)
    assert printed.max_game_length() < longest * 1.5 <= game.max_game_length()


# -- information states ------------------------------------------------------------------


def test_information_state_strings_are_short_and_tell_states_apart() -> None:
    """Mid-game the information state is a 32-character digest; the same history gives
    the same digest, a different order of the same discards (same view) another."""
    game = _spiel("eighty_years_war")
    rng = random.Random(7)
    states = []
    for order in ((0, 1), (1, 0), (0, 1)):
        state = game.new_initial_state()
        draw = openspiel.chance_sampler(2)
        while state.is_chance_node():
            state.apply_action(draw(state))
        discards = [a for a in state.legal_actions() if "Discard" in state.action_to_string(a)]
        for pick in order:
            state.apply_action(discards[pick])
        states.append(state)
    one, other, again = (s.information_state_string(0) for s in states)
    assert one == again != other
    assert states[0].observation_string(0) == states[1].observation_string(0)
    state = states[0]
    while len(state.history()) < 200 and not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    for seat in range(2):
        assert len(state.information_state_string(seat)) == 32


@pytest.mark.parametrize("name", GAMES)
def test_outcome_sampling_mccfr_runs_100_iterations_on_the_short_variant(name: str) -> None:
    """No NaN regret or average policy, and one table entry per information state
    reached (a 32-character key each)."""
    game = _spiel(name, parameters(SHORT[name]))
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(5)
    with np.errstate(all="raise"):
        for _ in range(100):
            solver.iteration()
    tables = solver._infostates
    assert tables and all(len(key) == 32 for key in tables)
    for regrets, average in tables.values():
        assert np.all(np.isfinite(regrets)) and np.all(np.isfinite(average))


# -- frames and rewards ------------------------------------------------------------------


def test_rgb_array_frames_keep_one_size_through_a_game() -> None:
    """Eighty Years War's board grows with the melds; its frames do not."""
    table = env("eighty_years_war", render_mode="rgb_array")
    table.reset(seed=4)
    shapes = set()
    for step, agent in enumerate(table.agent_iter()):
        observation, _reward, done, _truncated, _info = table.last()
        if step % 40 == 0:
            shapes.add(table.render().shape)
        if done:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(observation["action_mask"])[-1]))
        assert agent
    assert shapes == {(FRAMES["eighty_years_war"], RENDER_WIDTH, 3)}


@pytest.mark.parametrize("name", GAMES)
def test_rgb_array_frames_have_the_game_s_size(name: str) -> None:
    table = env(name, render_mode="rgb_array", **SHORT[name])
    table.reset(seed=1)
    assert table.render().shape == (FRAMES[name], RENDER_WIDTH, 3)


def _rewards(shaped: bool) -> tuple[dict[str, float], list[float], object]:
    table = env("eighty_years_war", shaped_reward=shaped)
    table.reset(seed=6)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    steps = []
    for agent in table.agent_iter():
        observation, reward, done, _truncated, _info = table.last()
        totals[agent] += reward
        steps.append(reward)
        if done:
            table.step(None)
        else:
            table.step(int(np.flatnonzero(observation["action_mask"])[0]))
    return totals, steps, table


def test_the_shaped_reward_pays_the_change_of_the_province_difference() -> None:
    """Off by default; on, the rewards of a game add up to the returns plus the change
    of (own provinces - the other's) / 17 from the first deal to the end."""
    plain, plain_steps, table = _rewards(shaped=False)
    assert list(plain.values()) == table.game_state.returns()
    assert sum(1 for reward in plain_steps if reward) <= 2  # the final returns only
    shaped, shaped_steps, table = _rewards(shaped=True)
    start = table.game.new_initial_state().view(None)["provinces"]
    end = table.game_state.view(None)["provinces"]
    for seat, agent in enumerate(table.possible_agents):
        mine, theirs = table.game.seat_names[seat], table.game.seat_names[1 - seat]
        change = (end[mine] - end[theirs] - start[mine] + start[theirs]) / 17
        assert shaped[agent] == pytest.approx(table.game_state.returns()[seat] + change)
    assert sum(1 for reward in shaped_steps if reward) > 2


@pytest.mark.parametrize("name", GAMES)
def test_the_brief_view_gives_the_view_s_tensor(name: str) -> None:
    """``brief_view`` leaves out only what no layout reads: the same tensor as the whole
    view, for every seat, over random play; and nothing the view does not hold."""
    game = stratagem.load(name, **SHORT_GAMES.get(name, {}))
    layout = layout_of(game)
    rng = random.Random(9)
    state = game.new_initial_state()
    for _ in range(150):
        if state.is_terminal():
            state = game.new_initial_state()
        elif state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            for seat in (*range(game.num_players), None):
                brief, whole = state.brief_view(seat), state.view(seat)
                assert set(brief) <= set(whole)
                assert np.array_equal(layout.encode(brief), layout.encode(whole))
            state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("name", GAMES)
def test_the_compiled_writer_writes_what_the_fields_write(name: str) -> None:
    layout = layout_of(stratagem.load(name, **SHORT_GAMES.get(name, {})))
    assert layout.fast is not None
    plainly = np.zeros(layout.size, dtype=np.float32)
    for view in _random_views(name, 150, seed=4):
        layout.write_plainly(view, plainly)
        assert np.array_equal(layout.encode(view), plainly)


def test_the_compiled_writer_refuses_as_the_fields_do() -> None:
    """A word outside its vocabulary: the same error, naming the slice and the path."""
    game = stratagem.load("eighty_years_war")
    layout = layout_of(game)
    view = game.new_initial_state().view(0)
    view["provinces"] = {"Dutch": 7, "Spanish": "ten"}
    with pytest.raises(ValueError, match=r"^provinces\.Spanish: expected a number, got 'ten'"):
        layout.encode(view)


@pytest.mark.parametrize("name", ["eighty_years_war", "henry_viii", "sixteen_thirty_something"])
def test_the_short_variant_ends_after_its_last_turn(name: str) -> None:
    """``last_turn=1`` (RULINGS: Short variant): the game is over after turn 1, and the
    printed game is not (it goes on to turn 2)."""
    for options, over_after_one in ((SHORT[name], True), ({}, False)):
        game = stratagem.load(name, **options)
        rng = random.Random(2)
        state = game.new_initial_state()
        while not state.is_terminal() and state.view(None)["turn"] < 2:
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        assert state.is_terminal() == over_after_one
        assert state.view(None)["turn"] == (1 if over_after_one else 2)


def test_outcome_sampling_walks_a_whole_sixteen_thirty_something() -> None:
    """Outcome sampling recurses once per node; a whole game runs deeper than Python's
    default limit of 1,000, which ``register`` raises (it failed with RecursionError)."""
    game = _spiel("sixteen_thirty_something")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(1)
    with np.errstate(all="ignore"):  # a whole game's sampling probabilities underflow
        solver.iteration()
    assert len(solver._infostates) > 300


@pytest.mark.parametrize("name", GAMES)
def test_every_agent_s_observation_is_its_view_s_tensor_along_a_game(name: str) -> None:
    """The environment writes an agent's slices again only where they changed since its
    last observation (``stratagem.interop.incremental``): along a seeded random game,
    every agent's observation at every step is the tensor of its view written afresh."""
    table = env(name, **SHORT_GAMES.get(name, {}))
    table.reset(seed=5)
    rng = random.Random(5)
    layout = table.layout
    for step, agent in enumerate(table.agent_iter()):
        watched = table.possible_agents if step % 5 == 0 else [agent]
        for other in watched:
            fresh = layout.encode(table.game_state.brief_view(table.possible_agents.index(other)))
            assert np.array_equal(table.observe(other)["observation"], fresh)
        _observation, _reward, done, truncated, _info = table.last()
        if done or truncated:
            table.step(None)
        else:
            legal = table.game_state.legal_actions()
            table.step(table.ids.decision_id(rng.choice(legal)))
