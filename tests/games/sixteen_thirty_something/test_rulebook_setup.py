"""Rulebook-first audit of Sixteen Thirty Something: Starting the Game, Dealing out the Player
Cards, Who goes first?, The Counters and Open Cards, written from the rulebook's text and
driven through the public API."""

from __future__ import annotations

import json
import random

import pytest

from stratagem import State

from .audit_helpers import SPECIALS, acts, offered, phase
from .helpers import PRINTED_SETUP, country, game, legal_texts, phases, position, refuse


def _dealt(players: int, seed: int = 7) -> State:
    """A new game with chance sampled up to the opening placement of Influence Cards."""
    state = game(players).new_initial_state()
    rng = random.Random(seed)
    while phase(state) < phases.OPENING:
        state.apply_action(state.sample_chance(rng))
    return state


@pytest.mark.parametrize(("players", "each"), [(3, 4), (4, 4), (5, 3), (6, 3)])
def test_taking_victory_point_counters_by_player_count(players: int, each: int) -> None:
    """Taking Victory Point Counters: 4 counters each with 3-4 players, 3 each with 5-6."""
    state = _dealt(players)
    assert set(state.view(None)["counters_held"].values()) == {each}


def test_taking_victory_point_counters_two_per_country() -> None:
    """Taking Victory Point Counters: 18 counters, two per country, drawn from a bag."""
    state = game(3).new_initial_state()
    outcomes = [str(a) for a, _ in state.chance_outcomes()]
    assert len(outcomes) == 9
    acts(state, "Counter: England", "Counter: England")
    assert "Counter: England" not in [str(a) for a, _ in state.chance_outcomes()]


def test_taking_victory_point_counters_are_secret() -> None:
    """Taking Victory Point Counters: a player's counters stay hidden from the others."""
    state = _dealt(3)
    assert len(state.view(0)["you"]["victory_point_counters"]) == 4
    for seat in (1, 2):
        view = state.view(seat)
        del view["you"]
        assert "victory_point_counters" not in json.dumps(view)
        assert all(isinstance(held, int) for held in view["counters_held"].values())
    assert "you" not in state.view(None)


def test_setting_the_board_up_initial_set_up_table() -> None:
    """Setting the board up: each printed country starts at its table Status, Army Size, Ability."""
    state = _dealt(3)
    for name, (status, army, ability) in PRINTED_SETUP.items():
        values = country(state, name)
        assert (values["status"], values["army"], values["ability"]) == (status, army, ability)
    assert country(state, "German States")["status"] == 5


def test_setting_the_board_up_every_country_neutral() -> None:
    """Setting the board up: no country belongs to a faction at the start."""
    state = _dealt(3)
    assert {values["faction"] for values in state.view(None)["countries"].values()} == {"neutral"}


def test_dealing_out_thirteen_cards_each() -> None:
    """Dealing out the Player Cards: each player is dealt thirteen cards."""
    state = _dealt(5)
    assert set(state.view(None)["cards_in_hand"].values()) == {13}
    assert state.view(None)["deck"] == 110 - 5 * 13


def test_dealing_out_three_influence_cards_placed() -> None:
    """Dealing out the Player Cards: each player then places three Influence Cards face up."""
    state = _dealt(3)
    while phase(state) == phases.OPENING:
        acts(state, legal_texts(state)[0])
    for seat in range(3):
        pile_cards = sum(
            len(p["cards"]) for p in state.view(None)["displays"][f"Player {seat + 1}"].values()
        )
        assert pile_cards == 3
    assert set(state.view(None)["cards_in_hand"].values()) == {10}


def test_dealing_out_only_influence_cards_are_placed() -> None:
    """Dealing out the Player Cards: the opening placement offers Influence Cards only."""
    state = _dealt(3)
    assert offered(state, "Lay: ")
    assert not any(text.removeprefix("Lay: ") in SPECIALS for text in legal_texts(state))


def test_dealing_out_fewer_influence_cards_if_the_hand_lacks_them() -> None:
    """Dealing out the Player Cards: with fewer than three Influence Cards, all of them go down."""
    state = game(3).new_initial_state()
    rng = random.Random(1)
    while phase(state) == phases.COUNTERS:
        state.apply_action(state.sample_chance(rng))
    hand = ["England 1"] + ["Vote"] * 5 + ["Unrest"] * 5 + ["Assassin", "Military Leader"]
    for card in hand:
        acts(state, f"Draw: {card}")
    while phase(state) < phases.OPENING:
        state.apply_action(state.sample_chance(rng))
    assert state.current_player() == 0
    acts(state, "Lay: England 1")
    assert state.current_player() == 1
    assert len(state.view(None)["displays"]["Player 1"]["England"]["cards"]) == 1


def test_who_goes_first_a_fair_die_roll() -> None:
    """Who goes first?: a die roll picks the 1st player; each player is equally likely."""
    state = _dealt(4)
    while phase(state) == phases.OPENING:
        acts(state, legal_texts(state)[0])
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert set(outcomes) == {f"First player: Player {n}" for n in range(1, 5)}
    assert all(abs(p - 0.25) < 1e-9 for p in outcomes.values())


def test_victory_points_start_at_zero() -> None:
    """Dealing out the Player Cards: every player starts the game on zero Victory Points."""
    state = _dealt(3)
    assert set(state.view(None)["victory_points"].values()) == {0}


def test_the_counters_status_is_at_most_seven() -> None:
    """The Counters: a country's Status can never go above 7."""
    state = position(players=3, hands={0: ["Increase Status"]}, board={"Spain": {"status": 7}})
    acts(state, "Play: Increase Status")
    assert "Increase Status: Spain" not in legal_texts(state)
    assert "Increase Status: France" in legal_texts(state)
    assert "at most 7" in refuse(state, "Increase Status: Spain")


def test_open_cards_never_start_a_pile() -> None:
    """Open Cards: an Open card must sit in a pile with at least one named card."""
    state = position(players=3, phase=phases.VOTE_COUNTRY, hands={0: ["Open 1", "Spain 1"]})
    acts(state, "Vote in: Spain")
    assert "Lay: Open 1 on Spain" not in legal_texts(state)
    acts(state, "Lay: Spain 1")
    assert "Lay: Open 1 on Spain" in legal_texts(state)


def test_open_cards_take_the_identity_of_their_pile() -> None:
    """Open Cards: an Open card laid on a pile adds its votes to that country."""
    state = position(
        players=3,
        phase=phases.VOTE_COUNTRY,
        hands={0: ["Open 1"]},
        piles={0: {"England": (False, ["England 2"])}},
    )
    acts(state, "Vote in: England", "Lay: Open 1 on England")
    pile = state.view(None)["displays"]["Player 1"]["England"]
    assert pile["votes"] == 3 and "Open 1" in pile["cards"]


def test_taking_victory_point_counters_drawn_in_secret() -> None:
    """Taking Victory Point Counters: the country drawn is told to its drawer only."""
    state = game(3).new_initial_state()
    acts(state, "Counter: Poland")
    assert "Poland" in state.visible_events(0)[-1]["text"]
    assert not any("Poland" in event["text"] for event in state.visible_events(1))
