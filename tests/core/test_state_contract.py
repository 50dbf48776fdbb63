"""The engine contract on Eighty Years War: chance nodes, refusals, serialization errors."""

from __future__ import annotations

import copy
import random

import pytest

import stratagem
from stratagem import CHANCE, TERMINAL, IllegalAction, StateFormatError


def test_a_new_game_starts_at_a_chance_node_with_exact_probabilities() -> None:
    state = stratagem.load("eighty_years_war").new_initial_state()
    assert state.current_player() == CHANCE
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 80
    assert all(probability == pytest.approx(1 / 80) for _, probability in outcomes)
    assert state.legal_actions() == []


def test_a_player_cannot_act_at_a_chance_node_and_nothing_changes() -> None:
    state = stratagem.load("eighty_years_war").new_initial_state()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="it is chance's turn to act, not Dutch's"):
        state.apply_action("Draw: Sea Beggars", seat=0)
    with pytest.raises(IllegalAction, match="Union of Utrecht is not in the deck"):
        state.apply_action("Draw: Union of Utrecht")
    assert state.to_json() == before


def test_state_from_json_refuses_tampered_documents() -> None:
    game = stratagem.load("eighty_years_war")
    state = game.new_initial_state()
    doc = state.to_json()
    duplicated = copy.deepcopy(doc)
    duplicated["state"]["hands"][0].append(duplicated["state"]["deck"][0])
    with pytest.raises(StateFormatError, match="in 2 places at once"):
        game.state_from_json(duplicated)
    unknown = copy.deepcopy(doc)
    unknown["state"]["deck"][0] = "Dragon"
    with pytest.raises(StateFormatError, match="unknown card 'Dragon'"):
        game.state_from_json(unknown)
    provinces = copy.deepcopy(doc)
    provinces["state"]["provinces"] = [9, 9]
    with pytest.raises(StateFormatError, match="provinces"):
        game.state_from_json(provinces)
    discards = copy.deepcopy(doc)
    discards["state"]["turn_discards"] = [5, 0]
    with pytest.raises(
        StateFormatError, match=r"this turn's discards \[5, 0\] are not each 0 to 4"
    ):
        game.state_from_json(discards)
    other_game = dict(doc, game="tercios")
    with pytest.raises(StateFormatError, match="not 'eighty_years_war'"):
        game.state_from_json(other_game)
    missing = copy.deepcopy(doc)
    del missing["state"]["turn"]
    with pytest.raises(StateFormatError, match="turn"):
        game.state_from_json(missing)


def test_clone_is_independent() -> None:
    game = stratagem.load("eighty_years_war")
    state = game.new_initial_state()
    twin = state.clone()
    twin.apply_action("Draw: Sea Beggars")
    assert len(state.history) == 0 and len(twin.history) == 1
    assert state.view(0)["you"]["hand"] == []


def test_terminal_state_refuses_everything() -> None:
    game = stratagem.load("eighty_years_war")
    rng = random.Random(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert state.current_player() == TERMINAL
    with pytest.raises(IllegalAction, match="the game is over"):
        state.apply_action("Stop discarding")
    assert sum(state.returns()) == 0
