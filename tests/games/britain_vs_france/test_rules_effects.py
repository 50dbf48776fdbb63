"""Historic Event Cards Overview and the effect vocabulary: each primitive played from a
card, response windows asking every seat that holds a card, cancels, "OR" cards and
cards that stay in play."""

from __future__ import annotations

from collections.abc import Iterable

from stratagem.core import State
from stratagem.games.britain_vs_france import places

from .helpers import (
    BRITAIN,
    FRANCE,
    GAME,
    controller,
    force,
    legal_texts,
    objective,
    position,
    set_up,
    st,
    where,
)


def at_turn_start(
    britain: Iterable[str],
    france: Iterable[str] = (),
    units: dict[str, tuple[str, int]] | None = None,
    **fields: object,
) -> State:
    """Britain draws its step-1 card (Lagos), then plays or passes with it: the
    turn_start window opens if anybody holds any card."""
    base: dict[str, object] = {"to_move": -1, "draws": [BRITAIN], "draw_from_deck": 1}
    base.update(fields)
    state = position(
        set_up(),
        phase=places.DRAW,
        hands={BRITAIN: list(britain), FRANCE: list(france)},
        units=units,
        fields=base,
    )
    state.apply_action("Draw historic event: Lagos")
    return state


def test_historic_event_cards_a_window_asks_every_seat_holding_a_card() -> None:
    """[Historic Event Cards Overview] Response windows (RULINGS): a seat holding cards is
    asked even with nothing playable there, and can only pass."""
    state = at_turn_start(["Fort Necessity"], ["Quiberon Bay"])
    assert state.view(None)["window"] == "turn_start"
    assert state.current_player() == BRITAIN
    assert legal_texts(state) == ["Pass", "Pass for the rest of this turn"]
    state.apply_action("Pass")
    assert state.current_player() == FRANCE
    assert legal_texts(state) == ["Pass", "Pass for the rest of this turn"]


def test_no_window_opens_when_nobody_holds_a_card() -> None:
    """[Historic Event Cards Overview] No window when neither seat holds a card."""
    state = movement_window([], {})
    assert state.view(None)["window"] is None
    assert not any(text.startswith("Pass") for text in legal_texts(state))


def test_gold_and_a_window_offered_to_the_active_player_first() -> None:
    """[Historic Event Cards Overview] The active player is asked first."""
    state = at_turn_start(["Declaration of War"], ["Minorca"])
    assert state.current_player() == BRITAIN
    assert legal_texts(state) == [
        "Play: Declaration of War",
        "Pass",
        "Pass for the rest of this turn",
    ]
    state.apply_action("Play: Declaration of War")
    assert state.current_player() == FRANCE  # the response window: France holds a card
    assert legal_texts(state) == ["Pass"]  # Minorca cancels nothing
    state.apply_action("Pass")
    assert state.view(None)["gold"]["Britain"] == 5
    assert legal_texts(state) == ["Pass", "Pass for the rest of this turn"]  # Lagos
    state.apply_action("Pass")
    assert state.current_player() == FRANCE
    assert legal_texts(state) == [
        "Play: Minorca: gain 1 gold",
        "Play: Minorca: opponent loses 1 gold",
        "Pass",
        "Pass for the rest of this turn",
    ]
    state.apply_action("Play: Minorca: opponent loses 1 gold")  # an "OR" card: one option
    state.apply_action("Pass")  # Britain, answering with Lagos in hand, cancels nothing
    assert state.view(None)["gold"] == {"Britain": 4, "France": 3}
    assert "Minorca" in state.view(None)["discard"]


def test_a_starting_card_cancels_a_historic_event() -> None:
    """[Historic Event Cards Overview] [Rulings B24] A starting card cancels the
    card just played: it goes to the discard pile unresolved."""
    state = at_turn_start(["Royal Diplomacy"], ["Minorca"])
    assert legal_texts(state) == ["Pass", "Pass for the rest of this turn"]
    state.apply_action("Pass")  # Britain's card only cancels
    assert state.current_player() == FRANCE
    state.apply_action("Play: Minorca: opponent loses 1 gold")
    assert state.current_player() == BRITAIN  # the response window, Britain alone
    assert legal_texts(state) == ["Play: Royal Diplomacy", "Pass"]
    state.apply_action("Play: Royal Diplomacy")
    assert state.view(None)["gold"]["Britain"] == 3
    assert {"Minorca", "Royal Diplomacy"} <= set(state.view(None)["discard"])


def test_export_and_draw_events() -> None:
    state = at_turn_start(["Martinique", "Havana"])
    state.apply_action("Play: Martinique")
    assert state.view(None)["exports"]["Britain"]["Sugar"] == 2
    state.apply_action("Play: Havana")
    force(state, "Draw historic event: Sabotage", "Draw historic event: Quebec")
    assert {"Sabotage", "Quebec"} <= set(state.view(BRITAIN)["you"]["hand"])


def test_add_colony_at_the_end_of_a_theater() -> None:
    """[Setup: E): 2.] A colony placed later goes at an end of its theater's line."""
    state = at_turn_start(["New Settlement"])
    state.apply_action("Play: New Settlement: India")
    force(state, "Draw colony: Ft William, Bengal")
    india = list(state.view(None)["theaters"]["India"])
    assert india == ["Madras", "Pondicherry", "Bombay", "Ft William, Bengal"]


def test_cards_that_stay_in_play_income_and_score() -> None:
    state = at_turn_start(["Annus Mirabilis", "Treaty of Paris"])
    before = state.view(None)["revenue_next"]["Britain"]
    state.apply_action("Play: Annus Mirabilis")
    state.apply_action("Play: Treaty of Paris")
    view = state.view(None)
    assert sorted(view["in_play"]["Britain"]) == ["Annus Mirabilis", "Treaty of Paris"]
    assert view["revenue_next"]["Britain"] == before + 1
    assert view["points_now_without_secret_objectives"]["Britain"] == 3 + 1


def test_destroy_card_in_play() -> None:
    """[Historic Event Cards Overview] Only a card already in play can be destroyed;
    it goes out of play."""
    state = set_up()
    doc_fields = {}
    eloc = st(state)["eloc"]
    annus = next(
        c
        for c, place in enumerate(eloc)
        if GAME.book.event_types[GAME.book.events[c]].name == "Annus Mirabilis"  # type: ignore[attr-defined]
        and place == places.POOL
    )
    eloc[annus] = places.in_play(FRANCE)
    doc_fields["eloc"] = eloc
    state = position(
        state,
        phase=places.DRAW,
        hands={BRITAIN: ["Sabotage"], FRANCE: []},
        units={"French Plantations": ("Quebec", FRANCE)},
        fields={**doc_fields, "to_move": -1, "draws": [BRITAIN], "draw_from_deck": 1},
    )
    state.apply_action("Draw historic event: Lagos")
    state.apply_action("Play: Sabotage")
    assert sorted(legal_texts(state)) == [
        "Target card: Annus Mirabilis",
        "Target unit: French Plantations",
    ]
    state.apply_action("Target card: Annus Mirabilis")
    assert state.view(None)["in_play"]["France"] == []


def movement_window(britain: Iterable[str], units: dict[str, tuple[str, int]]) -> State:
    state = position(
        set_up(),
        phase=places.PURCHASES,
        hands={BRITAIN: list(britain), FRANCE: []},
        units=units,
    )
    state.apply_action("End purchases")
    return state


def test_take_and_remove_control_and_move_unit() -> None:
    state = movement_window(
        ["Guadeloupe", "Montreal", "Colonial Militia"],
        {"British Regulars #1": ("Boston", BRITAIN)},
    )
    assert state.view(None)["window"] == "movement"
    state.apply_action("Play: Guadeloupe")
    assert "Target location: Montreal" in legal_texts(state)
    state.apply_action("Target location: Montreal")
    assert controller(state, "Montreal") == "Britain"
    state.apply_action("Play: Montreal")
    state.apply_action("Target location: Quebec")
    assert controller(state, "Quebec") is None
    assert "Furs" in state.view(None)["exports"]["Britain"]
    state.apply_action("Play: Colonial Militia")
    state.apply_action("Target unit: British Regulars #1")
    assert legal_texts(state) == ["Target location: Quebec", "Target location: High Seas"]
    state.apply_action("Target location: High Seas")
    assert where(state, "British Regulars #1") == "High Seas"


def battle_window(britain: Iterable[str], france: Iterable[str] = ()) -> State:
    state = position(
        set_up(),
        phase=places.MOVEMENT,
        hands={BRITAIN: list(britain), FRANCE: list(france)},
        units={
            "British Regulars #1": ("Quebec", BRITAIN),
            "Armand de Vignerot du Plessis": ("Quebec", FRANCE),
            "French Regulars #1": ("Quebec", FRANCE),
        },
    )
    state.apply_action("End movement")
    state.apply_action("Pair: British Regulars #1 against French Regulars #1")
    return state


def test_battle_modifiers_are_cumulative_for_the_whole_battle() -> None:
    """[Historic Event Cards Overview] [6) Battles] Several cards' modifiers add up
    and last for the whole battle."""
    state = battle_window(["Fort Necessity", "Fort Necessity"], ["Braddock's Expedition"])
    assert state.view(None)["window"] == "battle_roll"
    state.apply_action("Play: Fort Necessity")
    state.apply_action("Pass")  # France, answering: it cancels nothing
    state.apply_action("Play: Fort Necessity")
    state.apply_action("Pass")
    state.apply_action("Play: Braddock's Expedition")
    assert state.view(None)["battle"]["card modifiers"] == {"Britain": 1, "France": 0}


def test_place_destroy_and_capture_in_battle() -> None:
    state = battle_window(["Ticonderoga", "Quebec", "Wandiwash"])
    state.apply_action("Play: Ticonderoga")
    assert where(state, "British Local Allies #1") == "Quebec"
    state.apply_action("Play: Quebec")
    assert legal_texts(state) == ["Target unit: French Regulars #1"]  # no leaders
    state.apply_action("Target unit: French Regulars #1")
    assert where(state, "French Regulars #1") == "out"
    state.apply_action("Pass")  # Britain still holds Wandiwash, for after the dice
    force(state, "Roll: 1", "Roll: 1", "Roll: 1")  # Regulars, Local Allies, Armand
    assert state.view(None)["window"] == "battle_result"
    state.apply_action("Play: Wandiwash")
    state.apply_action("Target unit: Armand de Vignerot du Plessis")
    assert where(state, "Armand de Vignerot du Plessis") == "prison of Britain"


def test_modify_roll_after_the_dice() -> None:
    state = battle_window(["Lagos"])  # Lagos is for after the dice: Britain passes first
    state.apply_action("Pass")
    force(state, "Roll: 3", "Roll: 4", "Roll: 4")  # 3 + 1 against 4 + 1 and Armand 4 + 1
    assert state.view(None)["battle"]["pairings"][0]["scores"]["British Regulars #1"] == 4
    start = len(state.events)
    state.apply_action("Play: Lagos")
    assert "Pairing of French Regulars #1: Britain 5, France 5: a tie, no unit is destroyed." in [
        event.text for event in state.events[start:]
    ]


def test_political_and_colony_modifiers() -> None:
    state = position(
        set_up(),
        phase=places.POLITICAL,
        sub=0,
        active=FRANCE,
        hands={BRITAIN: ["Diplomatic Courier"], FRANCE: []},
        fields={"po_stage": places.PO_SELECT, "gold": [0, 0]},
    )
    state.apply_action("Attempt: French Forces Released from Europe #1")
    assert state.current_player() == BRITAIN
    state.apply_action("Play: Diplomatic Courier")
    force(state, "Roll: 4")  # 4 - 1 misses 4
    assert objective(state, "French Forces Released from Europe #1") is None
    state = position(set_up(), phase=places.LEADER, hands={BRITAIN: ["Native Guides"], FRANCE: []})
    state.apply_action("Colony roll: Jamaica")
    state.apply_action("Play: Native Guides")
    force(state, "Roll: 3")  # 3 + 2 meets Jamaica's 5
    assert state.view(None)["gold"]["Britain"] == 4


def test_pass_for_the_rest_of_the_turn_silences_the_windows() -> None:
    """[Historic Event Cards Overview] A seat may pass for the rest of the turn."""
    state = at_turn_start(["Minorca"])
    assert legal_texts(state) == [
        "Play: Minorca: gain 1 gold",
        "Play: Minorca: opponent loses 1 gold",
        "Pass",
        "Pass for the rest of this turn",
    ]
    state.apply_action("Pass for the rest of this turn")
    state.apply_action("End leader actions")  # no leader_actions window was opened
    assert state.view(None)["window"] is None
    assert state.view(None)["step"] == "3) Political Objective Attempt"


def test_historic_event_cards_being_asked_in_a_window_reveals_nothing_of_a_hand() -> None:
    """[Historic Event Cards Overview] Response windows (RULINGS, as Henry VIII's R11): two
    positions differing only in France's hidden hand (Minorca, playable at every step
    window, or Quiberon Bay, not) give Britain identical views and logs at every step while
    both seats pass."""
    worlds = [at_turn_start(["Declaration of War"], [card]) for card in ("Minorca", "Quiberon Bay")]
    asked_france = 0
    while all("Pass" in legal_texts(state) for state in worlds):
        assert worlds[0].current_player() == worlds[1].current_player()
        assert worlds[0].view(BRITAIN) == worlds[1].view(BRITAIN)
        assert worlds[0].visible_events(BRITAIN) == worlds[1].visible_events(BRITAIN)
        asked_france += worlds[0].current_player() == FRANCE
        for state in worlds:
            state.apply_action("Pass")
    assert asked_france >= 2  # the turn_start and leader_actions windows at least
    assert worlds[0].current_player() == worlds[1].current_player()
    assert worlds[0].view(BRITAIN) == worlds[1].view(BRITAIN)
    assert worlds[0].visible_events(BRITAIN) == worlds[1].visible_events(BRITAIN)
