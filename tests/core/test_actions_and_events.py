"""Actions (canonical text, ids) and the event log's redaction."""

from __future__ import annotations

import pytest

import stratagem
from stratagem import IllegalAction, UnknownAction
from stratagem.core import Action, ActionTable, Event


def test_canonical_text_is_accepted_back_forgiving_case_and_spacing() -> None:
    table = ActionTable(["Meld military: Sea Beggars", "Stop discarding"])
    assert table.parse("meld   MILITARY:  sea beggars") is table[0]
    assert str(table[1]) == "Stop discarding"


def test_unknown_text_raises_unknown_action() -> None:
    table = ActionTable(["Stop discarding"])
    with pytest.raises(UnknownAction, match="'Charge!' is not an action of this game"):
        table.parse("Charge!")


def test_a_forged_action_value_is_refused() -> None:
    table = ActionTable(["Stop discarding"])
    with pytest.raises(UnknownAction):
        table.check(Action(0, "Something else"))
    with pytest.raises(UnknownAction):
        table.check(Action(7, "Stop discarding"))


def test_duplicate_texts_are_a_programming_error() -> None:
    with pytest.raises(ValueError, match="share the text"):
        ActionTable(["Pass", "pass"])


def test_action_ids_round_trip_over_the_whole_space() -> None:
    game = stratagem.load("eighty_years_war")
    state = game.new_initial_state()
    # every placement, discard and draw, and since R9's choice of Event each "Show event"
    assert game.action_space_size == 702
    for index in range(game.action_space_size):
        action = state.action_from_id(index)
        assert state.action_id(action) == index
        assert state.action_id(action.text) == index
    with pytest.raises(IllegalAction, match=r"outside 0\.\.701"):
        state.action_from_id(702)


def test_private_events_are_redacted_for_other_seats() -> None:
    event = Event(
        "Dutch draws Sea Beggars.",
        "Logistics Phase",
        {"card": "Sea Beggars"},
        0,
        "Dutch draws a card.",
        {"seat": "Dutch"},
    )
    assert event.redact(0) == {
        "text": "Dutch draws Sea Beggars.",
        "rule": "Logistics Phase",
        "data": {"card": "Sea Beggars"},
    }
    assert event.redact(1) == {
        "text": "Dutch draws a card.",
        "rule": "Logistics Phase",
        "data": {"seat": "Dutch"},
    }
    assert event.redact(None) == event.redact(1)
    secret = Event("Dutch places Sea Beggars in the military meld.", "Action Phase", {}, 0)
    assert secret.redact(1) is None
    assert Event.from_json(event.to_json()) == event


def test_visible_events_hide_the_other_sides_draws() -> None:
    game = stratagem.load("eighty_years_war")
    state = game.new_initial_state()
    state.apply_action("Draw: Sea Beggars")
    spanish = state.visible_events(1)
    assert spanish[-1]["text"] == "Dutch draws a card."
    assert all("Sea Beggars" not in entry["text"] for entry in spanish)
    assert state.visible_events(0)[-1]["text"] == "Dutch draws Sea Beggars."
    assert state.events[-1].rule == "Logistics Phase"
