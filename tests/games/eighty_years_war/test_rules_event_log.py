"""Eighty Years War: the event log cites the rulebook (ARCHITECTURE "Rules cite the
rulebook": each event names the section it implements), and the history records every
action, chance included, so that replaying it reproduces the game."""

from __future__ import annotations

import random
from functools import cache

import pytest

from stratagem import Event, State

from .helpers import GAME, draw, play_randomly, reveal, snapshot, start_of_turn

# The section headings of eighty_years_war.txt.
HEADINGS = {
    "INTRODUCTION",
    "VICTORY",
    "PROVINCE TOKENS",
    "STAGES",
    "DECK & CARDS",
    "SETUP",
    "TURN SEQUENCE",
    "LOGISTICS PHASE",
    "STRATEGY PHASE",
    "ACTION PHASE",
    "END PHASE",
    "CARD LIST NOTATION",
    "EIGHTY YEARS WAR CARD LIST",
}


@cache
def whole_game() -> State:
    state = GAME.new_initial_state()
    play_randomly(state, random.Random(99))
    return state


def test_event_log_every_event_cites_a_rulebook_section() -> None:
    """ARCHITECTURE: events carry ``rule``, the rulebook section that made them happen."""
    state = whole_game()
    assert state.is_terminal()
    cited = {event.rule.upper() for event in state.events}
    assert cited <= HEADINGS, cited - HEADINGS
    assert {"SETUP", "TURN SEQUENCE", "LOGISTICS PHASE", "STRATEGY PHASE"} <= cited
    assert {"ACTION PHASE", "END PHASE", "VICTORY"} <= cited
    assert all(event.text for event in state.events)


def _first(events: list[Event], words: str) -> Event:
    return next(event for event in events if words in event.text)


@pytest.mark.parametrize(
    ("words", "rule"),
    [
        ("Province Tokens", "Setup"),
        ("set aside", "Setup"),
        ("Turn 1 (Stage I) begins", "Turn Sequence"),
        ("Dutch draws", "Logistics Phase"),
        ("discards a card face down", "Strategy Phase"),
        ("places", "Action Phase"),
        ("reveal", "Action Phase"),
        ("meld: Dutch", "Action Phase"),
        ("Every card in play goes to the discard pile", "End Phase"),
        ("Stage II begins", "Setup"),
    ],
)
def test_event_log_cites_the_section_of_each_step(words: str, rule: str) -> None:
    """Each step of the turn is logged under its own section of the rulebook."""
    state = whole_game()
    events = list(state.events)
    for event in events:
        if event.public_text and words in event.public_text:
            assert event.rule == rule
            return
    assert _first(events, words).rule == rule


def test_event_log_wrong_stage_replacement_and_event_going_off() -> None:
    """LOGISTICS PHASE (the wrong-stage replacement) and DECK & CARDS (an Event goes off)."""
    state = start_of_turn(6)
    draw(state, "Duke of Alba")
    state.apply_action("Replace: Duke of Alba")
    assert state.events[-1].rule == "Logistics Phase"
    gone = reveal(dutch_political=["Union of Utrecht"], turn=6)
    assert _first(list(gone.events), "goes off").rule == "Deck & Cards"


def test_event_log_victory_is_the_last_event() -> None:
    """[Victory] The result is logged under Victory, with its reason."""
    state = whole_game()
    last = state.events[-1]
    assert last.rule == "Victory"
    assert state.result()["reason"] in last.text


def test_history_replay_reproduces_the_game() -> None:
    """ARCHITECTURE "Chance is explicit": the history holds every action, chance outcomes
    included, and replaying it reproduces the game exactly."""
    state = whole_game()
    replay = GAME.new_initial_state()
    for action in state.history:
        replay.apply_action(action.text)
    assert snapshot(replay) == snapshot(state)
    draws = [action for action in state.history if action.text.startswith("Draw: ")]
    assert len(draws) >= 15 * 15
