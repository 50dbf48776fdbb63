"""Every registered game under OpenSpiel, checked with OpenSpiel's own tools: its random
simulation test with serialization, its ISMCTS bot, MCCFR, pickling."""

from __future__ import annotations

import json
import pickle
import random

import pytest

import stratagem

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import (  # noqa: E402
    external_sampling_mccfr,
    ismcts,
    mcts,
    outcome_sampling_mccfr,
)

from stratagem.core import IllegalAction  # noqa: E402
from stratagem.interop import openspiel  # noqa: E402
from stratagem.sim.runner import chance_rng  # noqa: E402

GAMES = [info.name for info in stratagem.available_games()]

SMALL = {"tercios": "(duration=1)"}
"""Options that keep a whole game cheap where a game has them."""


def _game(name: str) -> object:
    openspiel.register()
    return pyspiel.load_game(openspiel.short_name(name) + SMALL.get(name, ""))


def test_register_names_every_game_once() -> None:
    names = openspiel.register()
    assert names == [openspiel.short_name(name) for name in GAMES]
    assert openspiel.register() == names
    assert set(names) <= set(pyspiel.registered_names())
    assert set(openspiel.GAME_CLASSES) == set(GAMES)


@pytest.mark.parametrize("name", GAMES)
def test_random_sim_test_with_serialization(name: str) -> None:
    pyspiel.random_sim_test(_game(name), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", GAMES)
def test_the_game_type_provides_information_and_observation(name: str) -> None:
    game = _game(name)
    kind = game.get_type()
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    seat = state.current_player()
    size = game.observation_tensor_size()
    assert game.observation_tensor_shape() == [size]
    assert len(state.observation_tensor(seat)) == size
    assert len(state.information_state_tensor(seat)) == size + game.max_game_length()
    assert game.information_state_tensor_shape() == [size + game.max_game_length()]
    other = (seat + 1) % game.num_players()
    assert state.observation_string(seat) != state.observation_string(other)
    observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    information = json.loads(observer.document(state, seat))
    assert information["view"] == json.loads(state.observation_string(seat))["view"]
    assert information["events"] == state.state.visible_events(seat)
    assert information["decisions"] == []
    assert len(state.information_state_string(seat)) == 32  # its digest


@pytest.mark.parametrize("name", GAMES)
def test_ismcts_plays_a_whole_game(name: str) -> None:
    """OpenSpiel's ISMCTSBot with random rollouts plays every seat to the end."""
    game = _game(name)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=2, random_state=rng)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            decisions += 1
    assert decisions <= game.max_game_length()
    assert state.returns() == list(state.state.returns())


def test_outcome_sampling_mccfr_runs_on_the_whole_eighty_years_war() -> None:
    game = _game("eighty_years_war")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    np.random.seed(3)
    for _ in range(3):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    probabilities = policy.action_probabilities(state)
    assert set(probabilities) == set(state.legal_actions())


def test_external_sampling_mccfr_updates_regrets_near_the_end_of_eighty_years_war() -> None:
    """External sampling walks every decision of the updating seat, so a whole Eighty
    Years War (about 170 decisions a seat) is out of its reach; its regret pass runs
    from a position three decisions before the end."""
    game = _game("eighty_years_war")
    rng = random.Random(4)
    state = game.new_initial_state()
    trail = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [action for action, _ in state.chance_outcomes()]
            state.apply_action(rng.choice(outcomes))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            trail.append(state.clone())
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    np.random.seed(4)
    for _ in range(3):
        for player in range(game.num_players()):
            solver._update_regrets(trail[-4].clone(), player)
    assert solver._infostates  # regrets and average policies were recorded


@pytest.mark.parametrize("name", ["eighty_years_war", "tercios"])
def test_pickle_round_trips_games_and_states(name: str) -> None:
    game = _game(name)
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    state = game.new_initial_state()
    rng = random.Random(2)
    for _ in range(30):
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert copy.state.to_json() == state.state.to_json()
    text = pyspiel.serialize_game_and_state(game, state)
    _game_again, state_again = pyspiel.deserialize_game_and_state(text)
    assert state_again.state.to_json() == state.state.to_json()


def test_parameters_are_the_game_options() -> None:
    openspiel.register()
    game = pyspiel.load_game("stratagem_britain_vs_france(advanced=True,turns_per_player=7)")
    assert game.stratagem.options["advanced"] is True
    assert game.stratagem.options["turns_per_player"] == 7
    assert (
        pyspiel.load_game("stratagem_britain_vs_france").stratagem.options["turns_per_player"]
        is None
    )
    tercios = pyspiel.load_game("stratagem_tercios(armies=swedish_1000+spanish_1000)")
    assert list(tercios.stratagem.options["armies"]) == ["swedish_1000", "spanish_1000"]
    bigger = pyspiel.load_game("stratagem_tercios(armies=spanish_1500+swedish_1500)")
    assert bigger.max_game_length() > tercios.max_game_length()  # more units, longer bound
    henry = pyspiel.load_game("stratagem_henry_viii(players=7)")
    assert henry.num_players() == 7


def test_decisions_and_chance_outcomes_have_their_own_ids() -> None:
    game = _game("eighty_years_war")
    ids = game.ids
    assert game.num_distinct_actions() == len(ids.decisions)
    assert game.max_chance_outcomes() == len(ids.outcomes)
    assert len(ids.decisions) + len(ids.outcomes) == game.stratagem.action_space_size
    state = game.new_initial_state()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert max(action for action, _ in outcomes) < game.max_chance_outcomes()
    first = outcomes[0][0]
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, first).startswith("Draw: ")
    with pytest.raises(IllegalAction, match="outside"):
        ids.decision(game.num_distinct_actions())
    with pytest.raises(IllegalAction, match="chance outcome"):
        ids.mask([ids.outcome(first)])
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    mask = ids.mask(state.state.legal_actions())
    assert mask.dtype == np.int8 and len(mask) == game.num_distinct_actions()
    assert np.flatnonzero(mask).tolist() == state.legal_actions()


@pytest.mark.parametrize("name", GAMES)
def test_every_outcome_and_decision_of_random_play_has_its_kind(name: str) -> None:
    """The chance prefixes of ``spec`` sort every action of random play rightly (an
    outcome among the decisions, or the reverse, would raise)."""
    game = _game(name)
    state = game.new_initial_state()
    rng = random.Random(5)
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert all(0 <= action < game.max_chance_outcomes() for action, _ in outcomes)
            state.apply_action(rng.choice([action for action, _ in outcomes]))
        else:
            legal = state.legal_actions()
            assert all(0 <= action < game.num_distinct_actions() for action in legal)
            state.apply_action(rng.choice(legal))


def test_resample_from_infostate_keeps_the_seat_s_information() -> None:
    game = _game("eighty_years_war")
    state = game.new_initial_state()
    rng = random.Random(6)
    while state.is_chance_node() or len(state.history()) < 40:
        if state.is_chance_node():
            state.apply_action(rng.choice([action for action, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(4)]
    for world in worlds:
        assert world.information_state_string(seat) == state.information_state_string(seat)
        assert world.legal_actions() == state.legal_actions()
    other = 1 - seat
    assert any(
        world.observation_tensor(other) != state.observation_tensor(other) for world in worlds
    )


def _discards(game: object, first: int, second: int) -> object:
    """Eighty Years War dealt with seed 2, the Dutch discarding their ``first`` then their
    ``second`` discardable card."""
    state = game.new_initial_state()
    draw = openspiel.chance_sampler(2)
    while state.is_chance_node():
        state.apply_action(draw(state))
    discard = [a for a in state.legal_actions() if "Discard" in state.action_to_string(a)]
    for pick in (first, second):
        state.apply_action(discard[pick])
    return state


def test_the_information_state_tensor_recalls_the_seat_s_own_decisions() -> None:
    """Discarding A then B or B then A leaves the same view (same observation tensor) but
    not the same recall: the information-state tensors differ, in the ``decisions`` slice
    only; the same history gives the same tensor, and so does any world the seat cannot
    tell from it."""
    game = _game("eighty_years_war")
    one, other = _discards(game, 0, 1), _discards(game, 1, 0)
    seat = 0
    assert one.observation_tensor(seat) == other.observation_tensor(seat)
    first, second = (np.array(s.information_state_tensor(seat)) for s in (one, other))
    size = game.observation_tensor_size()
    recalled = first[size:]
    assert np.count_nonzero(recalled) == 2
    assert not np.array_equal(first[size:], second[size:])
    assert np.array_equal(first[:size], second[:size])
    assert sorted(recalled[:2]) == sorted(second[size : size + 2])
    again = _discards(game, 0, 1)
    assert again.information_state_tensor(seat) == one.information_state_tensor(seat)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        world = one.resample_from_infostate(seat, sampler)
        assert world.information_state_tensor(seat) == one.information_state_tensor(seat)
    assert one.information_state_tensor(1) == other.information_state_tensor(1)


def test_the_chance_sampler_deals_as_the_lab_does() -> None:
    """The same seed deals the same cards in OpenSpiel as a lab match's generator."""
    game = _game("eighty_years_war")
    draw = openspiel.chance_sampler(11)
    state = game.new_initial_state()
    dealt = []
    while state.is_chance_node():
        outcome = draw(state)
        dealt.append(game.ids.outcome(outcome))
        state.apply_action(outcome)
    lab = game.stratagem.new_initial_state()
    rng = chance_rng(11)
    expected = []
    while lab.is_chance_node():
        action = lab.sample_chance(rng)
        expected.append(action)
        lab.apply_action(action)
    assert dealt == expected
