"""Eighty Years War rulebook: END PHASE (every card in play goes to the discard; the Stage
and Turn are recorded) and VICTORY (15 turns; Dutch 8+, Spanish 11+, 7/10 a Historical Tie);
Rulings R11 and R14, and the two-seat returns of the engine contract."""

from __future__ import annotations

import random

import pytest

from stratagem import State

from .helpers import (
    DUTCH,
    GAME,
    SPANISH,
    deal,
    hand,
    phase,
    place,
    play_randomly,
    provinces,
    refuse,
    reveal,
    skip_strategy,
    turn,
)

DUTCH_HAND = [
    "Great Merchant Cities",
    "Sea Beggars",
    "Maritime Provinces",
    "Privateers",
    "Guerilla Campaign",
    "Spontaneous Revolt",
    "Council of Blood",
]
SPANISH_HAND = [
    "Imperial Authority",
    "Spanish Armies",
    "Southern Aristocracy",
    "Bribery",
    "Spanish Empire",
    "Habsburg Dynasty",
    "Devout Catholicism",
    "Rebel Unity",
]

# Both melds tied (0 against 0): the provinces stay as they are.
TIE = {
    "dutch_military": ["Imperial Authority"],
    "dutch_political": ["Spanish Armies"],
    "spanish_military": ["Great Merchant Cities"],
    "spanish_political": ["Sea Beggars"],
}


def played_turn_one() -> State:
    """Turn 1 played by forced draws to the End Phase (melds split in a fixed way)."""
    state = GAME.new_initial_state()
    deal(state, DUTCH_HAND, SPANISH_HAND)
    skip_strategy(state)
    place(state, DUTCH, ["Sea Beggars", "Privateers", "Guerilla Campaign"])
    place(state, SPANISH, ["Spanish Armies", "Spanish Empire", "Rebel Unity"])
    return state


def test_end_phase_every_card_in_play_goes_to_the_discard() -> None:
    """[End Phase] Every card in play is discarded: both melds of both sides go to the
    discard pile (the Event that went off leaves the game instead), and nobody holds a card
    when the next turn's Logistics Phase begins."""
    state = played_turn_one()
    assert turn(state) == 2
    assert phase(state) == "Logistics Phase"
    assert state.view(None)["cards_held"] == {"Dutch": 0, "Spanish": 0}
    for seat in (DUTCH, SPANISH):
        assert hand(state, seat) == []
        assert state.view(seat)["you"]["melds"] == {"military": [], "political": []}
    view = state.view(None)
    discarded = len(view["discard"]["face_up"]) + view["discard"]["face_down"]
    assert discarded == 7 + 8 - 1
    assert view["removed_from_play"] == ["Council of Blood"]
    assert view["deck"] == 80 - 15
    ends = [event for event in state.events if event.rule == "End Phase"]
    assert len(ends) == 1


def test_end_phase_usable_cards_discarded_face_up_unusable_face_down() -> None:
    """[Rulings R11] The cards shown face up at the reveal are discarded face up; the
    unusable ones, shown face down, are discarded face down (the owner still knows them)."""
    state = played_turn_one()
    face_up = set(state.view(None)["discard"]["face_up"])
    usable_dutch = {"Great Merchant Cities", "Sea Beggars", "Maritime Provinces", "Privateers"}
    usable_dutch |= {"Guerilla Campaign", "Spontaneous Revolt"}
    usable_spanish = set(SPANISH_HAND) - {"Rebel Unity"}
    assert face_up == usable_dutch | usable_spanish
    assert state.view(None)["discard"]["face_down"] == 1
    assert state.view(SPANISH)["discard"]["yours_face_down"] == ["Rebel Unity"]
    assert state.view(DUTCH)["discard"]["face_down"] == 1
    assert state.view(DUTCH)["discard"]["yours_face_down"] == []


def test_end_phase_keeps_track_of_turn_and_stage() -> None:
    """[End Phase] The Stage and Turn are recorded: the turn advances by one."""
    state = reveal(**TIE, turn=5)
    assert turn(state) == 6
    assert state.view(None)["stage"] == "II"
    assert any(event.text.startswith("Turn 6 (Stage II)") for event in state.events)


def test_victory_game_ends_after_15_turns() -> None:
    """[Victory] Play stops once 15 turns are done (a whole game played at random)."""
    state = GAME.new_initial_state()
    play_randomly(state, random.Random(5))
    assert state.is_terminal()
    begun = [event for event in state.events if event.rule == "Turn Sequence"]
    assert [event.data["turn"] for event in begun] == list(range(1, 16))
    assert len([event for event in state.events if event.rule == "End Phase"]) == 15
    view = state.view(None)
    assert view["turn"] == 15
    assert view["phase"] == "Game over"
    assert view["to_move"] is None
    assert state.legal_actions() == []
    assert state.chance_outcomes() == []


def test_victory_game_not_over_after_turn_14() -> None:
    """[Victory] After 14 turns the game goes on to turn 15."""
    state = reveal(**TIE, turn=14)
    assert not state.is_terminal()
    assert turn(state) == 15
    assert state.is_chance_node()
    assert state.result()["winners"] == []
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize("dutch", [8, 9, 12, 17])
def test_victory_dutch_victory_with_8_or_more_provinces(dutch: int) -> None:
    """[Victory] 8 or more Provinces held by the Dutch make a Dutch Victory."""
    state = reveal(**TIE, turn=15, provinces=(dutch, 17 - dutch))
    assert state.is_terminal()
    result = state.result()
    assert result["winners"] == ["Dutch"]
    assert result["scores"] == {"Dutch": dutch, "Spanish": 17 - dutch}
    assert "Dutch Victory" in result["reason"]
    assert state.returns() == [1.0, -1.0]
    assert state.view(SPANISH)["result"] == result


@pytest.mark.parametrize("spanish", [11, 12, 16, 17])
def test_victory_spanish_victory_with_11_or_more_provinces(spanish: int) -> None:
    """[Victory] 11 or more Provinces held by the Spanish make a Spanish Victory."""
    state = reveal(**TIE, turn=15, provinces=(17 - spanish, spanish))
    assert state.is_terminal()
    result = state.result()
    assert result["winners"] == ["Spanish"]
    assert "Spanish Victory" in result["reason"]
    assert state.returns() == [-1.0, 1.0]


def test_victory_historical_tie_with_7_and_10() -> None:
    """[Victory] An end with 7 Dutch and 10 Spanish Provinces is a Historical Tie
    (returns 0 each)."""
    state = reveal(**TIE, turn=15, provinces=(7, 10))
    assert state.is_terminal()
    result = state.result()
    assert result["winners"] == []
    assert result["scores"] == {"Dutch": 7, "Spanish": 10}
    assert "Historical Tie" in result["reason"]
    assert state.returns() == [0.0, 0.0]


@pytest.mark.parametrize(
    ("dutch_military", "spanish_military", "winners", "held"),
    [
        (["Sea Battle"], ["Spanish Armies"], ["Dutch"], (8, 9)),
        (["Flood Terrain"], ["Pivotal Area"], ["Spanish"], (6, 11)),
        (["Sea Beggars"], ["Spanish Armies"], [], (7, 10)),
    ],
)
def test_victory_decided_after_the_melds_of_turn_15(
    dutch_military: list[str],
    spanish_military: list[str],
    winners: list[str],
    held: tuple[int, int],
) -> None:
    """[Victory] The provinces are counted after the 15th turn, its melds included."""
    state = reveal(dutch_military=dutch_military, spanish_military=spanish_military, turn=15)
    assert state.is_terminal()
    assert provinces(state) == held
    assert state.result()["winners"] == winners
    victory = [event for event in state.events if event.rule == "Victory"]
    assert len(victory) == 1
    assert victory[0].data["winners"] == winners


def test_victory_game_does_not_end_early_when_a_side_has_no_provinces() -> None:
    """VICTORY with Rulings R14: the game ends only after turn 15, whatever the provinces."""
    state = reveal(
        dutch_military=["Flood Terrain"],
        spanish_military=["Pivotal Area"],
        turn=3,
        provinces=(1, 16),
    )
    assert provinces(state) == (0, 17)
    assert not state.is_terminal()
    assert turn(state) == 4
    assert state.result()["winners"] == []
    play_randomly(state, random.Random(3))
    assert state.is_terminal()
    # the End Phases of turns 3 to 15
    assert len([event for event in state.events if event.rule == "End Phase"]) == 13


def test_victory_no_action_once_the_game_is_over() -> None:
    """[Victory] After the 15th turn nothing more can be played."""
    state = reveal(**TIE, turn=15)
    assert state.is_terminal()
    for action in ("Draw: Rebel Unity", "Stop discarding", "Meld military: Rebel Unity"):
        assert "over" in refuse(state, action)
