"""Rulebook-first audit of 1750: Winning the Game, Setup A to I, Starting the Game and the
optional set-up rules, written from the rulebook's text and driven through the public API."""

from __future__ import annotations

import json

import stratagem

from .audit_helpers import (
    FRENCH_NORTH_AMERICA,
    colonies_drawn,
    colonies_to_draw,
    offered,
    play,
)
from .helpers import BRITAIN, FRANCE, GAME, LINES, controller, legal_texts, set_up


def test_winning_the_game_five_turns_each_ten_in_all() -> None:
    """Winning the Game: each side plays 5 turns, so the game lasts 10 player turns."""
    state = set_up()
    assert state.view(None)["turns"] == 10
    assert "5 turns each" in state.events[0].text


def test_setup_a_ten_cards_form_the_start_of_turn_draw_deck() -> None:
    """Setup A: 10 of the 69 historic events are set aside face down as the draw deck."""
    state = GAME.new_initial_state()
    view = state.view(None)
    assert view["draw_deck"] == 10
    assert view["purchase_deck"] == 69 - 10


def test_setup_a_nobody_sees_the_draw_deck() -> None:
    """Setup A: neither player may look at the draw deck's cards: no view lists them."""
    state = set_up(first_draw=None)
    for seat in (BRITAIN, FRANCE):
        view = state.view(seat)
        assert isinstance(view["draw_deck"], int)
        assert "draw_deck_cards" not in view


def test_setup_e_1_colonies_belong_to_their_own_theater() -> None:
    """Setup E 1.: the first colonies drawn are North American only: that theater fills first."""
    state = GAME.new_initial_state()
    assert colonies_to_draw(state) == {
        "Annapolis Royal",
        "Boston",
        "Charles Town",
        "Halifax",
        "Rupert's Land",
        "Virginia",
        *FRENCH_NORTH_AMERICA,
    }


def test_setup_e_2_three_colonies_per_theater() -> None:
    """Setup E 2.: three colonies are drawn for each of the four theaters, in a line."""
    state = colonies_drawn()
    theaters = state.view(None)["theaters"]
    assert list(theaters) == ["North America", "Caribbean", "Africa", "India"]
    assert [list(colonies) for colonies in theaters.values()] == [list(line) for line in LINES]


def test_setup_e_2_colonies_not_drawn_stay_unused() -> None:
    """Setup E 2.: the 30 colony cards less the 12 drawn are kept aside, unused."""
    state = set_up(first_draw=None)
    assert state.view(None)["unused_colonies"] == 30 - 12


def test_setup_f_roll_off_winner_chooses_first_marker_or_first_turn() -> None:
    """Setup F: the roll-off winner decides between placing the first marker and the first turn."""
    state = colonies_drawn()
    assert sorted(str(a) for a, _ in state.chance_outcomes()) == [
        "Roll-off: Britain wins",
        "Roll-off: France wins",
    ]
    play(state, "Roll-off: France wins")
    assert state.current_player() == FRANCE
    assert sorted(legal_texts(state)) == [
        "Place the first control marker",
        "Take the first game turn",
    ]


def test_setup_f_the_player_not_taking_the_first_turn_places_first() -> None:
    """Setup F: whoever does not take the first turn places the first control marker."""
    state = colonies_drawn()
    play(state, "Roll-off: France wins", "Take the first game turn")
    assert state.current_player() == BRITAIN
    assert offered(state, "Control: ")


def test_setup_f_markers_alternate_three_each() -> None:
    """Setup F: the sides take turns placing markers until each controls 3 colonies."""
    state = colonies_drawn()
    play(state, "Roll-off: Britain wins", "Take the first game turn")
    seats = []
    for name in ("Quebec", "Boston", "Martinique", "Jamaica", "Pondicherry", "Madras"):
        seats.append(state.current_player())
        play(state, f"Control: {name}")
    assert seats == [FRANCE, BRITAIN] * 3
    control = state.view(None)["control"]
    assert len(control["Britain"]) == len(control["France"]) == 3


def test_setup_f_a_controlled_colony_cannot_be_chosen_again() -> None:
    """Setup F: each marker goes on a colony nobody controls yet."""
    state = colonies_drawn()
    play(state, "Roll-off: Britain wins", "Take the first game turn", "Control: Quebec")
    assert "Control: Quebec" not in legal_texts(state)


def test_setup_f_2_control_brings_the_colony_export() -> None:
    """Setup F 2.: a side taking a colony takes its export at once."""
    state = set_up(first_draw=None)
    exports = state.view(None)["exports"]
    assert exports["Britain"] == {"Fish": 1, "Sugar": 1, "Silk": 1}
    assert exports["France"] == {"Furs": 1, "Sugar": 1, "Precious Metals": 1}


def test_setup_g_three_gold_each() -> None:
    """Setup G: each treasury starts with 3 gold."""
    state = set_up(first_draw=None)
    assert state.view(None)["gold"] == {"Britain": 3, "France": 3}


def test_setup_h_hand_of_two_starting_cards_and_three_events() -> None:
    """Setup H: each hand is the side's 2 starting cards plus 3 events from the purchase deck."""
    state = set_up(first_draw=None)
    assert state.view(None)["hand_sizes"] == {"Britain": 5, "France": 5}
    assert state.view(None)["purchase_deck"] == 69 - 10 - 6
    hand = state.view(BRITAIN)["you"]["hand"]
    assert {"Fort Necessity", "Lagos", "Havana"} <= set(hand)


def test_setup_h_hands_are_hidden_from_the_opponent() -> None:
    """Setup H: a player's five cards are not shown to the other side."""
    state = set_up(first_draw=None)
    france_sees = json.dumps(state.view(FRANCE))
    assert "Fort Necessity" not in france_sees and "Havana" not in france_sees


def test_setup_i_one_secret_objective_each_hidden() -> None:
    """Setup I: each side draws one secret objective and keeps it from the other side."""
    state = set_up(first_draw=None)
    assert state.view(BRITAIN)["you"]["secret_objective"] == "Masters of Bengal"
    assert state.view(FRANCE)["you"]["secret_objective"] == "Sugar Islands"
    assert "Masters of Bengal" not in json.dumps(state.view(FRANCE))
    assert "Masters of Bengal" not in json.dumps(state.view(None))


def test_starting_the_game_second_placer_moves_first() -> None:
    """Starting the Game: the side that placed its first marker second plays the first turn."""
    state = colonies_drawn()
    play(state, "Roll-off: Britain wins", "Place the first control marker")
    for name in ("Boston", "Quebec", "Jamaica", "Martinique", "Madras", "Pondicherry"):
        play(state, f"Control: {name}")
    while not any("Turn 1 of 10" in event.text for event in state.events):
        play(state, str(state.chance_outcomes()[0][0]))
    assert any(event.text == "Turn 1 of 10: France's turn." for event in state.events)


def test_starting_the_game_first_step_is_the_draw() -> None:
    """Starting the Game: a turn opens with step 1, the draw from the historic events draw deck."""
    state = set_up()
    assert state.view(None)["step"] == "1) Draw from Historic Events Draw Deck"
    assert state.view(None)["draw_deck"] == 9


def test_alternate_game_length_two_more_draw_cards_per_extra_turn() -> None:
    """ALTERNATE GAME LENGTH: 7 turns each adds 2 cards per extra turn to the 10-card draw deck."""
    game = stratagem.load("britain_vs_france", turns_per_player=7)
    state = game.new_initial_state()
    assert state.view(None)["draw_deck"] == 14
    assert state.view(None)["turns"] == 14


def test_expanded_conflict_four_colonies_per_theater() -> None:
    """EXPANDED CONFLICT: four colonies are placed in each theater instead of three."""
    game = stratagem.load("britain_vs_france", expanded_conflict=True)
    state = game.new_initial_state()
    for _ in range(4):
        play(state, str(state.chance_outcomes()[0][0]))
    assert len(state.view(None)["theaters"]["North America"]) == 4
    assert all(str(a).startswith("Draw colony: ") for a, _ in state.chance_outcomes())
    assert len(state.view(None)["theaters"]["Caribbean"]) == 0


def test_historically_accurate_colonies_each_side_has_one_per_theater() -> None:
    """HISTORICALLY ACCURATE COLONIES: after two British colonies, the third must be French."""
    game = stratagem.load("britain_vs_france", historically_accurate_colonies=True)
    state = game.new_initial_state()
    play(state, "Draw colony: Boston", "Draw colony: Halifax")
    assert colonies_to_draw(state) == set(FRENCH_NORTH_AMERICA)


def test_historically_accurate_colonies_markers_only_on_own_colonies() -> None:
    """HISTORICALLY ACCURATE COLONIES: each side marks only colonies its country held in 1750."""
    state = colonies_drawn(stratagem.load("britain_vs_france", historically_accurate_colonies=True))
    play(state, "Roll-off: Britain wins", "Take the first game turn")
    assert state.current_player() == FRANCE
    france_may = {text.removeprefix("Control: ") for text in offered(state, "Control: ")}
    assert france_may == {"Quebec", "Montreal", "Martinique", "Gorée", "Pondicherry"}
    play(state, "Control: Quebec")
    britain_may = {text.removeprefix("Control: ") for text in offered(state, "Control: ")}
    assert britain_may == {
        "Boston",
        "Jamaica",
        "Barbados",
        "Anamabou",
        "Dixcove",
        "Madras",
        "Bombay",
    }
    assert controller(state, "Quebec") == "France"
