"""Eighty Years War rulebook: LOGISTICS PHASE (fill hands to 7 and 8, the deck running out,
the wrong-stage replacement); Rulings R3, R4, R5 and R13."""

from __future__ import annotations

import random

import pytest

from stratagem import IllegalAction, State

from .helpers import (
    BY_NAME,
    DUTCH,
    GAME,
    SPANISH,
    chance_names,
    draw,
    hand,
    legal_texts,
    names_where,
    phase,
    play_randomly,
    position,
    refuse,
    start_of_turn,
    to_move,
)

STAGE_ONE = names_where(lambda card: card.entry_stage == 1)


def test_logistics_dutch_fill_to_7_first_then_spanish_fill_to_8() -> None:
    """[Logistics Phase] The Dutch draw up to a hand of 7, the Spanish up to a hand of 8.
    Rulings R5: the Dutch act first."""
    state = GAME.new_initial_state()
    for count in range(1, 8):
        state.apply_action(f"Draw: {STAGE_ONE[count]}")
        assert len(hand(state, DUTCH)) == count
        assert hand(state, SPANISH) == []
        assert state.events[-1].data["seat"] == "Dutch"
    for count in range(1, 9):
        assert state.is_chance_node(), "the Spanish hand is not full yet"
        state.apply_action(f"Draw: {STAGE_ONE[20 + count]}")
        assert len(hand(state, SPANISH)) == count
        assert len(hand(state, DUTCH)) == 7
        assert state.events[-1].data["seat"] == "Spanish"
    assert not state.is_chance_node()
    assert phase(state) == "Strategy Phase"
    assert state.view(None)["cards_held"] == {"Dutch": 7, "Spanish": 8}
    assert state.view(None)["deck"] == 80 - 15


def test_logistics_hands_are_7_and_8_at_every_strategy_phase() -> None:
    """[Logistics Phase] Every turn of a whole game starts its Strategy Phase with the Dutch
    holding 7 cards and the Spanish 8 (through reshuffles and all three stages)."""
    seen: dict[int, dict[str, int]] = {}

    def watch(state: State) -> bool:
        view = state.view(None)
        if view["phase"] == "Strategy Phase" and view["turn"] not in seen:
            seen[view["turn"]] = view["cards_held"]
        return False

    play_randomly(GAME.new_initial_state(), random.Random(11), until=watch)
    assert sorted(seen) == list(range(1, 16))
    assert all(held == {"Dutch": 7, "Spanish": 8} for held in seen.values())


def test_logistics_draws_are_logged_under_logistics_phase() -> None:
    """[Logistics Phase] The event of each draw cites the section."""
    state = GAME.new_initial_state()
    draw(state, STAGE_ONE[0])
    assert state.events[-1].rule == "Logistics Phase"


def test_logistics_no_wrong_stage_choice_in_stage_i() -> None:
    """[Logistics Phase] Every card of the Stage I deck can be used in Stage I, so no draw of
    Stage I offers the wrong-stage replacement."""
    state = GAME.new_initial_state()
    for card in chance_names(state):
        trial = state.clone()
        trial.apply_action(f"Draw: {card}")
        assert trial.is_chance_node(), f"{card} drawn in Stage I asked for a decision"


@pytest.mark.parametrize("turn", [6, 11])
def test_logistics_wrong_stage_choice_offered_exactly_for_wrong_stage_cards(turn: int) -> None:
    """[Logistics Phase] A player who draws a card of the wrong Stage may at once throw it
    face up on the discard and take another in its place (Rulings R4:
    offered as Keep or Replace, for the wrong-stage cards and only for them)."""
    stage = 2 if turn == 6 else 3
    state = start_of_turn(turn)
    offered = []
    for card in chance_names(state):
        trial = state.clone()
        trial.apply_action(f"Draw: {card}")
        wrong = not BY_NAME[card].in_stage(stage)
        if wrong:
            offered.append(card)
            assert trial.current_player() == DUTCH
            assert legal_texts(trial) == [f"Keep: {card}", f"Replace: {card}"]
            assert trial.view(DUTCH)["you"]["wrong_stage_card"] == card
        else:
            assert trial.is_chance_node(), f"{card} is usable in stage {stage}"
    expected = names_where(lambda c: c.entry_stage <= stage and not c.in_stage(stage))
    assert sorted(offered) == sorted(expected)
    assert len(offered) == (3 if stage == 2 else 13)


def test_logistics_wrong_stage_whatever_the_side() -> None:
    """[Rulings R4] A card is wrong-stage when its stage code excludes the stage, whatever its
    side: the Dutch may replace the Spanish Duke of Alba (S, I) in Stage II."""
    state = start_of_turn(6)
    draw(state, "Duke of Alba")
    assert legal_texts(state) == ["Keep: Duke of Alba", "Replace: Duke of Alba"]


def test_logistics_i_plus_card_is_right_stage_in_ii_and_wrong_in_iii() -> None:
    """[Card List Notation] I+ = Stage I or II only; II+ = Stage II or III only."""
    two = start_of_turn(6)
    draw(two, "William of Orange")
    assert two.is_chance_node()
    three = start_of_turn(11)
    draw(three, "Maurice of Nassau")
    assert three.is_chance_node()
    draw(three, "William of Orange")
    assert legal_texts(three) == ["Keep: William of Orange", "Replace: William of Orange"]


def test_logistics_keep_wrong_stage_card_stays_in_hand() -> None:
    """[Logistics Phase] The replacement is a choice, not a duty; a kept card counts toward the
    hand of 7 and is not discarded."""
    state = start_of_turn(6)
    draw(state, "Calvinist Iconoclasm")
    state.apply_action("Keep: Calvinist Iconoclasm")
    assert state.is_chance_node()
    assert hand(state, DUTCH) == ["Calvinist Iconoclasm"]
    draw(state, "Sea Beggars", "Sea Battle", "Flood Terrain", "Rebel Unity", "Reformation")
    assert state.is_chance_node(), "the Dutch hand holds only 6"
    draw(state, "Mutinies")
    assert len(hand(state, DUTCH)) == 7
    assert "Calvinist Iconoclasm" in hand(state, DUTCH)
    assert state.view(None)["discard"]["face_up"] == []


def test_logistics_replace_discards_face_up_and_draws_a_replacement() -> None:
    """[Logistics Phase] The replaced card is discarded face up and another drawn: the other
    side and spectators see the card in the discard pile; the hand still fills to 7."""
    state = start_of_turn(6)
    draw(state, "Duke of Alba")
    deck_before = state.view(None)["deck"]
    state.apply_action("Replace: Duke of Alba")
    assert state.is_chance_node()
    assert "Duke of Alba" not in chance_names(state)
    assert state.view(None)["deck"] == deck_before
    for seat in (SPANISH, None, DUTCH):
        assert state.view(seat)["discard"]["face_up"] == ["Duke of Alba"]
    spanish_log = state.visible_events(SPANISH)
    assert "Duke of Alba" in spanish_log[-1]["text"]
    assert spanish_log[-1]["rule"] == "Logistics Phase"
    assert hand(state, DUTCH) == []
    draw(state, "Sea Beggars", "Sea Battle", "Flood Terrain", "Rebel Unity", "Reformation")
    draw(state, "Mutinies", "Fanaticism")
    assert len(hand(state, DUTCH)) == 7
    assert "Duke of Alba" not in hand(state, DUTCH)
    assert state.view(None)["cards_held"]["Spanish"] == 0, "the Spanish draw only now"


def test_logistics_replacement_that_is_wrong_stage_is_offered_again() -> None:
    """[Rulings R4] The choice follows every draw, a replacement draw included."""
    state = start_of_turn(6)
    draw(state, "Duke of Alba")
    state.apply_action("Replace: Duke of Alba")
    draw(state, "Council of Blood")
    assert legal_texts(state) == ["Keep: Council of Blood", "Replace: Council of Blood"]
    state.apply_action("Replace: Council of Blood")
    draw(state, "Sea Beggars")
    assert state.is_chance_node()
    assert hand(state, DUTCH) == ["Sea Beggars"]
    assert sorted(state.view(SPANISH)["discard"]["face_up"]) == [
        "Council of Blood",
        "Duke of Alba",
    ]


def test_logistics_spanish_get_the_wrong_stage_choice_too() -> None:
    """[Logistics Phase] The wrong-Stage replacement is open to either player."""
    dutch = ["Sea Beggars", "Sea Battle", "Flood Terrain", "Rebel Unity", "Reformation"]
    dutch += ["Mutinies", "Fanaticism"]
    state = start_of_turn(6)
    draw(state, *dutch)
    draw(state, "Calvinist Iconoclasm")
    assert state.current_player() == SPANISH
    assert to_move(state) == "Spanish"
    assert legal_texts(state) == ["Keep: Calvinist Iconoclasm", "Replace: Calvinist Iconoclasm"]
    state.apply_action("Replace: Calvinist Iconoclasm")
    assert state.view(DUTCH)["discard"]["face_up"] == ["Calvinist Iconoclasm"]


def test_logistics_wrong_stage_choice_must_be_made_before_drawing_on() -> None:
    """[Logistics Phase] The replacement is decided at once: no card is drawn until the
    choice is made."""
    state = start_of_turn(6)
    draw(state, "Duke of Alba")
    message = refuse(state, "Draw: Sea Beggars")
    assert "Duke of Alba" in message
    message = refuse(state, "Keep: Sea Beggars")
    assert "Duke of Alba" in message


def test_logistics_deck_runs_out_discard_is_shuffled_to_form_the_deck() -> None:
    """[Logistics Phase] An exhausted deck is remade by shuffling the discard pile
    (Rulings R13: when a card must be drawn and the deck is empty)."""
    rest = [card for card in STAGE_ONE if card != "Sea Beggars"]
    face_down = {rest[0]: DUTCH, rest[1]: SPANISH}
    state = start_of_turn(2, deck=["Sea Beggars"], discard=rest, face_down=face_down)
    assert chance_names(state) == ["Sea Beggars"]
    before = len(state.events)
    draw(state, "Sea Beggars")
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert sorted(name for name in chance_names(state)) == sorted(rest)
    assert all(probability == pytest.approx(1 / 79) for _, probability in outcomes)
    view = state.view(SPANISH)
    assert view["deck"] == 79
    assert view["discard"] == {"face_up": [], "face_down": 0, "yours_face_down": []}
    shuffles = [e for e in state.events[before:] if "shuffled" in e.text]
    assert len(shuffles) == 1
    assert shuffles[0].rule == "Logistics Phase"
    draw(state, rest[0], rest[1])
    assert sorted(hand(state, DUTCH)) == sorted(["Sea Beggars", rest[0], rest[1]])


def test_logistics_discard_not_shuffled_while_the_deck_has_cards() -> None:
    """[Logistics Phase] The discard is shuffled only when the deck *runs out*."""
    rest = [card for card in STAGE_ONE if card not in ("Sea Beggars", "Sea Battle")]
    state = start_of_turn(2, deck=["Sea Beggars", "Sea Battle"], discard=rest)
    draw(state, "Sea Beggars")
    assert chance_names(state) == ["Sea Battle"]
    assert sorted(state.view(None)["discard"]["face_up"]) == sorted(rest)
    assert state.view(None)["deck"] == 1


def test_logistics_events_removed_from_play_are_not_reshuffled() -> None:
    """[Deck & Cards] An Event that went off leaves the game [Rulings R10]: when the
    discard is shuffled to form the deck, it stays out and can never be drawn."""
    rest = [card for card in STAGE_ONE if card not in ("Sea Beggars", "Council of Blood")]
    state = start_of_turn(2, deck=["Sea Beggars"], discard=rest, removed=["Council of Blood"])
    draw(state, "Sea Beggars")
    assert "Council of Blood" not in chance_names(state)
    assert state.view(None)["removed_from_play"] == ["Council of Blood"]
    message = refuse(state, "Draw: Council of Blood")
    assert "removed from play" in message


def test_logistics_card_not_in_the_deck_cannot_be_drawn() -> None:
    """[Logistics Phase] A draw comes from the deck; cards in a hand or not yet shuffled in
    [Setup] cannot come up."""
    state = GAME.new_initial_state()
    draw(state, "Sea Beggars")
    assert "in the deck" in refuse(state, "Draw: Sea Beggars")
    message = refuse(state, "Draw: Duke of Parma")
    assert "not yet been shuffled" in message


def test_logistics_empty_deck_and_discard_leave_the_hand_short() -> None:
    """[Rulings R13] If both the deck and the discard pile are empty, the hand stays short."""
    everything = names_where(lambda card: card.entry_stage == 1)
    state = position(
        turn=2,
        phase="logistics",
        to_draw=7,
        hands=((), everything[2:]),
        deck=everything[:2],
    )
    draw(state, everything[0], everything[1])
    assert not state.is_chance_node()
    assert len(hand(state, DUTCH)) == 2
    with pytest.raises(IllegalAction):
        state.apply_action(f"Draw: {everything[2]}")
