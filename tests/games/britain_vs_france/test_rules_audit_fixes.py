"""The 1750 audit's departures, fixed: taking a colony after a move (5) Movement) or a won
battle (6) Battles) is the seat's decision, as the rulebook's "may" says [Rulings B17, B21]."""

from __future__ import annotations

import random

import stratagem
from stratagem.bots import make_bot

from .audit_helpers import play, rolls
from .helpers import (
    BRITAIN,
    FRANCE,
    controller,
    legal_texts,
    position,
    refuse,
    set_up,
    where,
)

MOVEMENT = 10


def _at(units: dict[str, tuple[str, int]], **kw: object) -> stratagem.State:
    return position(
        set_up(),
        phase=MOVEMENT,
        units=units,
        hands={BRITAIN: [], FRANCE: []},
        **kw,  # type: ignore[arg-type]
    )


def test_movement_taking_a_colony_is_offered_as_take_or_leave() -> None:
    """5) Movement: on entering an uncontrolled colony the mover is asked, and only that."""
    state = _at({"British Regulars #1": ("Pondicherry", BRITAIN)})
    play(state, "Move: British Regulars #1 to Bombay")
    assert state.current_player() == BRITAIN
    assert legal_texts(state) == ["Take control of: Bombay", "Leave untaken: Bombay"]
    assert state.view(FRANCE)["taking"] == "Bombay"
    message = refuse(state, "End movement")
    assert "Bombay" in message


def test_movement_a_colony_left_untaken_stays_uncontrolled_without_export() -> None:
    """5) Movement: leaving the colony untaken gives neither control nor its export, and the
    movement step goes on."""
    state = _at(
        {
            "British Regulars #1": ("Pondicherry", BRITAIN),
            "British Regulars #2": ("Boston", BRITAIN),
        }
    )
    events = play(state, "Move: British Regulars #1 to Bombay", "Leave untaken: Bombay")
    assert controller(state, "Bombay") is None
    assert "Spices" not in state.view(None)["exports"]["Britain"]
    assert "Britain leaves Bombay untaken." in events
    assert "End movement" in legal_texts(state)


def test_movement_an_undefended_enemy_colony_left_untaken_stays_the_enemys() -> None:
    """5) Movement: leaving an undefended enemy colony keeps its owner, export and cards."""
    state = _at(
        {"British Regulars #1": ("Jamaica", BRITAIN), "French Plantations": ("Martinique", FRANCE)}
    )
    play(state, "Move: British Regulars #1 to Martinique", "Leave untaken: Martinique")
    assert controller(state, "Martinique") == "France"
    assert "Sugar" in state.view(None)["exports"]["France"]
    assert where(state, "French Plantations") == "Martinique"


def test_movement_a_unit_moved_by_a_card_offers_the_colony_too() -> None:
    """5) Movement: a unit a card moves to an undefended enemy colony may take it; here it
    is left untaken."""
    state = position(
        set_up(),
        phase=9,
        hands={BRITAIN: ["Colonial Militia"], FRANCE: []},
        units={"British Regulars #1": ("Boston", BRITAIN)},
    )
    play(
        state,
        "End purchases",
        "Play: Colonial Militia",
        "Target unit: British Regulars #1",
        "Target location: Quebec",
    )
    assert legal_texts(state) == ["Take control of: Quebec", "Leave untaken: Quebec"]
    play(state, "Leave untaken: Quebec")
    assert controller(state, "Quebec") == "France"


def test_battles_the_winner_may_leave_the_colony_untaken() -> None:
    """6) Battles: after wiping out the defenders, the winner may decline: control, export
    and the loser's non-unit cards stay as they were."""
    state = _at(
        {
            "British Regulars #1": ("Madras", BRITAIN),
            "French Regulars #1": ("Pondicherry", FRANCE),
            "French Plantations": ("Pondicherry", FRANCE),
        }
    )
    play(state, "Move: British Regulars #1 to Pondicherry")
    rolls(state, [6, 1])
    assert where(state, "French Regulars #1") == "out"
    assert legal_texts(state) == ["Take control of: Pondicherry", "Leave untaken: Pondicherry"]
    play(state, "Leave untaken: Pondicherry")
    assert controller(state, "Pondicherry") == "France"
    assert "Precious Metals" in state.view(None)["exports"]["France"]
    assert where(state, "French Plantations") == "Pondicherry"


def test_battles_the_offer_survives_saving_and_loading() -> None:
    """6) Battles: a pending take-or-leave decision is part of the saved position."""
    state = _at(
        {"British Regulars #1": ("Madras", BRITAIN), "French Regulars #1": ("Pondicherry", FRANCE)}
    )
    play(state, "Move: British Regulars #1 to Pondicherry")
    rolls(state, [6, 1])
    game = stratagem.load("britain_vs_france")
    again = game.state_from_json(state.to_json())
    assert legal_texts(again) == ["Take control of: Pondicherry", "Leave untaken: Pondicherry"]
    play(again, "Take control of: Pondicherry")
    assert controller(again, "Pondicherry") == "Britain"


def test_heuristic_takes_the_colony() -> None:
    """Bots follow the new decision: the heuristic takes the colony offered."""
    state = _at({"British Regulars #1": ("Pondicherry", BRITAIN)})
    play(state, "Move: British Regulars #1 to Bombay")
    game = stratagem.load("britain_vs_france")
    bot = make_bot("heuristic", game, random.Random(1))
    assert bot.choose(state, BRITAIN).text == "Take control of: Bombay"
