"""Eighty Years War rulebook: STRATEGY PHASE (each side may throw away as many as 4 cards
and draw as many new ones); Rulings R4, R5, R6 and R13."""

from __future__ import annotations

import json
import re

import pytest

from stratagem import State

from .helpers import (
    DUTCH,
    DUTCH_HAND,
    GAME,
    SPANISH,
    SPANISH_HAND,
    chance_names,
    deal,
    draw,
    hand,
    legal_texts,
    names_where,
    phase,
    play_melds,
    position,
    refuse,
    to_move,
)

REPLACEMENTS = ["Sea Battle", "Flood Terrain", "Reformation", "Mutinies", "Fanaticism"]


def strategy_start() -> State:
    """Turn 1, Strategy Phase: both hands dealt by forced draws."""
    state = GAME.new_initial_state()
    deal(state, DUTCH_HAND, SPANISH_HAND)
    return state


def test_strategy_phase_dutch_discard_first_then_spanish() -> None:
    """STRATEGY PHASE with Rulings R5: the Dutch discard and draw first, then the Spanish."""
    state = strategy_start()
    assert phase(state) == "Strategy Phase"
    assert state.current_player() == DUTCH
    message = refuse(state, "Discard: Imperial Authority", seat=SPANISH)
    assert "Dutch" in message
    state.apply_action("Discard: Sea Beggars")
    state.apply_action("Stop discarding")
    draw(state, "Sea Battle")
    assert state.current_player() == SPANISH
    assert phase(state) == "Strategy Phase"
    assert "Discard: Imperial Authority" in legal_texts(state)


@pytest.mark.parametrize("count", [0, 1, 2, 3, 4])
def test_strategy_phase_discard_up_to_4_and_draw_as_many_replacements(count: int) -> None:
    """[Strategy Phase] A side may discard between 0 and 4 cards, drawing one new card for
    each."""
    state = strategy_start()
    for card in DUTCH_HAND[:count]:
        state.apply_action(f"Discard: {card}")
    if count < 4:
        state.apply_action("Stop discarding")
    assert len(hand(state, DUTCH)) == 7 - count
    for card in REPLACEMENTS[:count]:
        assert state.is_chance_node(), "a replacement is owed"
        state.apply_action(f"Draw: {card}")
        assert state.events[-1].rule == "Strategy Phase"
    assert not state.is_chance_node()
    assert state.current_player() == SPANISH
    assert sorted(hand(state, DUTCH)) == sorted(DUTCH_HAND[count:] + REPLACEMENTS[:count])
    assert state.view(None)["discard"]["face_down"] == count


def test_strategy_phase_discards_made_before_replacements_drawn() -> None:
    """[Rulings R6] All discards are made before the replacements are drawn."""
    state = strategy_start()
    state.apply_action("Discard: Sea Beggars")
    assert state.current_player() == DUTCH
    assert legal_texts(state) == ["Stop discarding"] + [
        f"Discard: {card}" for card in DUTCH_HAND if card != "Sea Beggars"
    ]
    assert state.view(None)["strategy_discards"] == {"seat": "Dutch", "count": 1}


def test_strategy_phase_fifth_discard_refused_with_the_limit_as_reason() -> None:
    """[Strategy Phase] 4 is the most: after the 4th discard no 5th is allowed (the
    replacements are drawn at once), and the refusal names the limit of 4."""
    state = strategy_start()
    for card in DUTCH_HAND[:4]:
        assert f"Discard: {card}" in legal_texts(state)
        state.apply_action(f"Discard: {card}")
    assert state.is_chance_node(), "the 4th discard ends the discarding"
    assert not any(text.startswith("Discard") for text in legal_texts(state))
    message = refuse(state, f"Discard: {DUTCH_HAND[4]}")
    assert re.search(r"\b4\b|\bfour\b", message), message
    assert DUTCH_HAND[4] in hand(state, DUTCH)


def test_strategy_phase_stop_discarding_at_once_draws_nothing() -> None:
    """[Strategy Phase] Discarding is a choice: 0 discards, 0 replacements."""
    state = strategy_start()
    deck = state.view(None)["deck"]
    state.apply_action("Stop discarding")
    assert state.current_player() == SPANISH
    assert sorted(hand(state, DUTCH)) == sorted(DUTCH_HAND)
    assert state.view(None)["deck"] == deck


def test_strategy_phase_spanish_discard_up_to_4_too() -> None:
    """[Strategy Phase] Both sides have the choice: the Spanish discard up to 4 and draw
    replacements, and then the Action Phase begins with the Dutch."""
    state = strategy_start()
    state.apply_action("Stop discarding")
    for card in SPANISH_HAND[:4]:
        state.apply_action(f"Discard: {card}")
    draw(state, "Pivotal Area", "Mercenaries", "Heresy", "Italian Troops")
    assert len(hand(state, SPANISH)) == 8
    assert phase(state) == "Action Phase"
    assert state.current_player() == DUTCH


def test_strategy_phase_only_cards_in_hand_can_be_discarded() -> None:
    """[Strategy Phase] A player discards cards of his own hand."""
    state = strategy_start()
    message = refuse(state, "Discard: Sea Battle")
    assert "not in the Dutch hand" in message


def test_strategy_phase_discards_face_down_other_side_sees_count_not_card() -> None:
    """[Rulings R6] Strategy Phase discards go face down: the other side learns how many,
    not which."""
    state = strategy_start()
    start = len(state.events)
    state.apply_action("Discard: Sea Beggars")
    state.apply_action("Discard: Rebel Unity")
    for seat in (SPANISH, None):
        view = state.view(seat)
        assert view["discard"]["face_down"] == 2
        assert view["discard"]["face_up"] == []
        assert view["strategy_discards"] == {"seat": "Dutch", "count": 2}
        seen = json.dumps(view) + json.dumps(state.visible_events(seat, start))
        assert "Sea Beggars" not in seen
        assert "Rebel Unity" not in seen
        assert "discards a card face down" in seen
    own = state.view(DUTCH)["discard"]
    assert sorted(own["yours_face_down"]) == ["Rebel Unity", "Sea Beggars"]
    assert own["face_down"] == 0
    assert own["face_up"] == []


def test_strategy_phase_each_side_s_discard_count_stays_public_for_the_turn() -> None:
    """[Strategy Phase] How many cards each side discarded is announced, so every view keeps
    this turn's counts through the Action Phase; the next turn starts them again at 0."""
    state = strategy_start()
    state.apply_action("Discard: Sea Beggars")
    state.apply_action("Discard: Rebel Unity")
    state.apply_action("Stop discarding")
    draw(state, "Sea Battle", "William of Orange")
    state.apply_action("Discard: Bribery")
    state.apply_action("Stop discarding")
    draw(state, "Council of Blood")
    for seat in (DUTCH, SPANISH, None):
        assert state.view(seat)["discarded_this_turn"] == {"Dutch": 2, "Spanish": 1}
    assert state.view(None)["phase"] == "Action Phase"
    play_melds(state, ["Sea Battle"], ["Imperial Authority"])
    assert state.view(None)["turn"] == 2
    assert state.view(None)["discarded_this_turn"] == {"Dutch": 0, "Spanish": 0}


def test_strategy_phase_replacement_draws_offer_the_wrong_stage_choice() -> None:
    """[Rulings R4] The wrong-stage replacement of the LOGISTICS PHASE is offered for the
    Strategy Phase's replacement draws too."""
    hands = (DUTCH_HAND, SPANISH_HAND)
    state = position(turn=6, phase="strategy", hands=hands)
    state.apply_action("Discard: Sea Beggars")
    state.apply_action("Stop discarding")
    draw(state, "Duke of Alba")
    assert to_move(state) == "Dutch"
    assert legal_texts(state) == ["Keep: Duke of Alba", "Replace: Duke of Alba"]
    state.apply_action("Replace: Duke of Alba")
    assert state.view(SPANISH)["discard"]["face_up"] == ["Duke of Alba"]
    draw(state, "Sea Battle")
    assert state.current_player() == SPANISH
    assert "Sea Battle" in hand(state, DUTCH)
    assert len(hand(state, DUTCH)) == 7


def test_strategy_phase_kept_wrong_stage_replacement_stays() -> None:
    """[Rulings R4] Keeping the wrong-stage replacement is allowed in the Strategy Phase."""
    state = position(turn=11, phase="strategy", hands=(DUTCH_HAND, SPANISH_HAND))
    state.apply_action("Discard: Sea Beggars")
    state.apply_action("Stop discarding")
    draw(state, "Union of Utrecht")
    state.apply_action("Keep: Union of Utrecht")
    assert state.current_player() == SPANISH
    assert "Union of Utrecht" in hand(state, DUTCH)


def test_strategy_phase_deck_runs_out_during_replacements() -> None:
    """LOGISTICS PHASE (an exhausted deck is remade from the shuffled discard pile), for the
    Strategy Phase replacements too [Rulings R13]: the just discarded cards are shuffled in."""
    used = set(DUTCH_HAND) | set(SPANISH_HAND) | {"Sea Battle"}
    rest = names_where(lambda card: card.entry_stage == 1 and card.name not in used)
    state = position(
        turn=3,
        phase="strategy",
        hands=(DUTCH_HAND, SPANISH_HAND),
        deck=["Sea Battle"],
        discard=rest,
    )
    state.apply_action("Discard: Sea Beggars")
    state.apply_action("Discard: Rebel Unity")
    state.apply_action("Stop discarding")
    draw(state, "Sea Battle")
    assert state.is_chance_node()
    outcomes = set(chance_names(state))
    assert {"Sea Beggars", "Rebel Unity"} <= outcomes
    assert outcomes == set(rest) | {"Sea Beggars", "Rebel Unity"}
    assert state.view(SPANISH)["discard"]["face_down"] == 0
