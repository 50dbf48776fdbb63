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
    state = position(set_up(), phase=places.MOVEMENT, units=units, hands={BRITAIN: [], FRANCE: []})
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
    state.apply_action("Take control of: Barbados")
    log = texts_since(state, start)
    assert any(text.startswith("Battle at Quebec") for text in log)
    assert not any("Collect Revenue" in text or "gold at revenue" in text for text in log)
    force(state, "Roll: 6", "Roll: 1")
    assert where(state, "French Regulars #1") == "out"
    state.apply_action("Take control of: Quebec")
    assert controller(state, "Quebec") == "Britain"
    assert state.view(None)["step"] != "6) Battles"


def test_purchases_b_a_bought_event_is_available_for_use_at_once() -> None:
    """[4) Purchases: B)] [Rulings B16] A historic event bought in Purchases may be played
    in the same step when its timing allows: War Chest's 3 gold is spent at once."""
    state = position(
        set_up(), phase=places.PURCHASES, hands={BRITAIN: [], FRANCE: []}, fields={"gold": [1, 0]}
    )
    state.apply_action("Buy a historic event")
    state.apply_action("Draw historic event: War Chest")
    assert state.view(None)["gold"]["Britain"] == 0
    assert "Play: War Chest" in legal_texts(state)
    state.apply_action("Play: War Chest")
    assert state.view(None)["gold"]["Britain"] == 3
    assert "Buy: Robert Clive" in legal_texts(state)
    state.apply_action("Buy: Robert Clive")
    assert where(state, "Robert Clive") == "mat"


def test_movement_a_unit_moved_by_a_card_takes_an_undefended_colony() -> None:
    """[5) Movement] [Rulings B17] A unit a card moves during Movement to an enemy colony
    with no opposing unit takes control of it and its export, as any move there does."""
    state = position(
        set_up(),
        phase=places.PURCHASES,
        hands={BRITAIN: ["Colonial Militia"], FRANCE: []},
        units={"British Regulars #1": ("Boston", BRITAIN)},
    )
    state.apply_action("End purchases")
    assert state.view(None)["window"] == "movement"
    state.apply_action("Play: Colonial Militia")
    state.apply_action("Target unit: British Regulars #1")
    state.apply_action("Target location: Quebec")
    assert where(state, "British Regulars #1") == "Quebec"
    state.apply_action("Take control of: Quebec")
    assert controller(state, "Quebec") == "Britain"
    exports = state.view(None)["exports"]
    assert exports["Britain"]["Furs"] == 1 and "Furs" not in exports["France"]


def test_setup_e_2_a_new_colony_goes_on_either_end_of_its_theater() -> None:
    """[Setup: E): 2.] The player placing a new colony chooses the end of its theater's
    line: here the left-hand one, beside Madras."""
    state = position(
        set_up(),
        phase=places.DRAW,
        hands={BRITAIN: ["New Settlement"], FRANCE: []},
        fields={"to_move": -1, "draws": [BRITAIN], "draw_from_deck": 1},
    )
    state.apply_action("Draw historic event: Lagos")
    state.apply_action("Play: New Settlement: India")
    force(state, "Draw colony: Ft William, Bengal")
    assert state.current_player() == BRITAIN
    assert legal_texts(state) == [
        "Place Ft William, Bengal at the left-hand end of India",
        "Place Ft William, Bengal at the right-hand end of India",
    ]
    assert state.view(FRANCE)["new_colony"] == "Ft William, Bengal"
    state.apply_action("Place Ft William, Bengal at the left-hand end of India")
    india = list(state.view(None)["theaters"]["India"])
    assert india == ["Ft William, Bengal", "Madras", "Pondicherry", "Bombay"]


def test_movement_either_uncontrolled_or_undefended_is_taken() -> None:
    """[5) Movement] [Rulings B17] A colony nobody controls is taken by the unit moving
    there even with an enemy unit present (either condition suffices); the battle follows."""
    state = position(
        set_up(),
        phase=places.MOVEMENT,
        hands={BRITAIN: [], FRANCE: []},
        units={
            "British Regulars #1": ("High Seas", BRITAIN),
            "French Regulars #1": ("Montreal", FRANCE),
        },
    )
    assert controller(state, "Montreal") is None
    state.apply_action("Move: British Regulars #1 to Montreal")
    state.apply_action("Take control of: Montreal")
    assert controller(state, "Montreal") == "Britain"
    force(state, "Roll: 1", "Roll: 6")  # no unit left to move: the battle begins
    assert where(state, "British Regulars #1") == "out"
    state.apply_action("Take control of: Montreal")
    assert controller(state, "Montreal") == "France"
