"""Departures from the printed rules an audit found, each tested at its section: every
battle fought, a bought card usable at once, a new colony at either end, a card's move
taking an undefended colony."""

from __future__ import annotations

from stratagem.core import State
from stratagem.games.britain_vs_france import places

from .helpers import (
    BRITAIN,
    FRANCE,
    controller,
    force,
    legal_texts,
    position,
    set_up,
    texts_since,
    where,
)


def after_movement(units: dict[str, tuple[str, int]]) -> tuple[State, int]:
    """Britain ends its movement with ``units`` placed and both hands empty (no window)."""
    state = position(
        set_up(), phase=places.MOVEMENT, units=units, hands={BRITAIN: [], FRANCE: []}
    )
    start = len(state.events)
    state.apply_action("End movement")
    return state, start


def test_battles_every_battle_is_fought_in_the_order_chosen() -> None:
    """[6) Battles] [Rulings B18] With enemies facing each other at two places, the
    attacker picks the order, and the second battle is fought after the first, before
    Place Purchases."""
    state, start = after_movement(
        {
            "British Regulars #1": ("Quebec", BRITAIN),
            "French Regulars #1": ("Quebec", FRANCE),
            "British Regulars #2": ("Barbados", BRITAIN),
            "French Regulars #2": ("Barbados", FRANCE),
        }
    )
    state.apply_action("Fight the battle at: Barbados")
    force(state, "Roll: 6", "Roll: 1")
    assert where(state, "French Regulars #2") == "out"
    log = texts_since(state, start)
    assert any(text.startswith("Battle at Quebec") for text in log)
    assert not any("Collect Revenue" in text or "gold at revenue" in text for text in log)
    force(state, "Roll: 6", "Roll: 1")
    assert where(state, "French Regulars #1") == "out"
    assert controller(state, "Quebec") == "Britain"
    assert state.view(None)["step"] != "6) Battles"
