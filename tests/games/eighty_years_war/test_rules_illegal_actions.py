"""Eighty Years War: illegal actions (ARCHITECTURE: ``apply_action`` "raises
stratagem.IllegalAction (message says why) and leaves the state unchanged"), in every
phase of the TURN SEQUENCE."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from stratagem import State, UnknownAction

from .helpers import (
    DUTCH,
    DUTCH_HAND,
    GAME,
    SPANISH,
    SPANISH_HAND,
    deal,
    draw,
    refuse,
    skip_strategy,
    snapshot,
    start_of_turn,
)


def logistics() -> State:
    """Turn 1, Logistics Phase, the Dutch have drawn one card."""
    state = GAME.new_initial_state()
    draw(state, "Great Merchant Cities")
    return state


def strategy() -> State:
    state = GAME.new_initial_state()
    deal(state, DUTCH_HAND, SPANISH_HAND)
    return state


def action() -> State:
    state = strategy()
    skip_strategy(state)
    return state


def wrong_stage() -> State:
    """Turn 6: the Dutch drew Duke of Alba and must keep or replace it."""
    state = start_of_turn(6)
    draw(state, "Duke of Alba")
    return state


CASES: list[tuple[str, Callable[[], State], str, int | None, str]] = [
    # (rule, position, action, claimed seat, words the reason must contain)
    ("logistics: a seat acts while a card is drawn", logistics, "Stop discarding", None, "drawn"),
    ("logistics: a seat claims the draw", logistics, "Draw: Sea Battle", DUTCH, "chance"),
    (
        "setup: a stage II card is not in the deck in Stage I",
        logistics,
        "Draw: Duke of Parma",
        None,
        "not yet been shuffled",
    ),
    (
        "logistics: a card in a hand cannot be drawn",
        logistics,
        "Draw: Great Merchant Cities",
        None,
        "hand",
    ),
    ("strategy: draws are chance's", strategy, "Draw: Sea Battle", None, "chance"),
    ("strategy: no wrong-stage card to keep", strategy, "Keep: Sea Beggars", None, "wrong-stage"),
    (
        "strategy: no wrong-stage card to replace",
        strategy,
        "Replace: Sea Beggars",
        None,
        "wrong-stage",
    ),
    (
        "strategy: melds wait for the Action Phase",
        strategy,
        "Meld military: Great Merchant Cities",
        None,
        "Action Phase",
    ),
    ("strategy: the Dutch first", strategy, "Discard: Bribery", SPANISH, "Dutch"),
    (
        "action: discards belong to the Strategy Phase",
        action,
        "Discard: Great Merchant Cities",
        None,
        "Strategy Phase",
    ),
    ("action: no more discarding", action, "Stop discarding", None, "Strategy Phase"),
    ("action: card-list order", action, "Meld military: Sea Beggars", None, "order"),
    (
        "action: only one's own cards",
        action,
        "Meld military: Bribery",
        None,
        "not in the Dutch hand",
    ),
    ("action: the Dutch first", action, "Meld military: Imperial Authority", SPANISH, "Dutch"),
    (
        "wrong stage: decide before drawing on",
        wrong_stage,
        "Draw: Sea Battle",
        None,
        "keep or replace",
    ),
    (
        "wrong stage: decide before anything else",
        wrong_stage,
        "Keep: Council of Blood",
        None,
        "Duke of Alba",
    ),
    (
        "wrong stage: the other side cannot decide",
        wrong_stage,
        "Keep: Duke of Alba",
        SPANISH,
        "Dutch",
    ),
]


@pytest.mark.parametrize(
    ("make", "text", "seat", "reason"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_illegal_action_refused_with_its_reason_and_state_unchanged(
    make: Callable[[], State], text: str, seat: int | None, reason: str
) -> None:
    """ARCHITECTURE: an illegal action raises IllegalAction whose message says why, and the
    state (``to_json``, history, events, legal actions) is exactly as it was."""
    state = make()
    message = refuse(state, text, seat=seat)
    assert reason.casefold() in message.casefold(), message


@pytest.mark.parametrize("text", ["Play: Sea Beggars", "Draw: Flying Dutchman", "Meld: x"])
def test_illegal_action_unknown_text_refused(text: str) -> None:
    """ARCHITECTURE: text that names no action of the game is refused (UnknownAction)."""
    state = strategy()
    before = snapshot(state)
    with pytest.raises(UnknownAction) as caught:
        state.apply_action(text)
    assert "not an action" in str(caught.value)
    assert snapshot(state) == before


def test_illegal_action_legal_actions_are_accepted_and_texts_round_trip() -> None:
    """ARCHITECTURE: each legal action's canonical text is accepted back (case and spacing
    forgiven), so the refusals above are about the rules, not the spelling."""
    state = strategy()
    for action in state.legal_actions():
        trial = state.clone()
        trial.apply_action("  " + action.text.upper() + " ")
        assert trial.history[-1] == action
