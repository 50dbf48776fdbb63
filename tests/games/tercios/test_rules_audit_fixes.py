"""Tests for the fixes of the rulebook-first audit's departures (tercios-c): Integral Command,
Command (a regiment's commander and his own regiment), and the rest listed in RULINGS."""

from __future__ import annotations

import random

import pytest

from stratagem import CHANCE
from stratagem.bots import Ranker, make_bot
from stratagem.core.errors import IllegalAction
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load, roll, texts
from .rulebook import (
    INF_HALF,
    commander,
    detached,
    unit,
    verdugo_charges_blocked_yellow_1,
)


def test_integral_command_authoritarian_does_not_spare_a_guns_order_test() -> None:
    """Integral Command: Authoritarian is a command action, so the guns activated after it
    still test their order."""
    state = battle(load(), {"Light guns": "Ready!"}, {}, dm={"Light guns": 1})
    apply(state, "activate commander Francisco de Ibarra", "Francisco de Ibarra: authoritarian")
    roll(state, 1)  # Authoritarian succeeds
    apply(state, "activate Light guns")
    assert state.current_player() == CHANCE


def test_overlap_a_commander_of_another_regiment_passed_through_may_not_join() -> None:
    """Overlap / Command: a commander passed through may join the unit only if it is one he
    deals with; Carlos Coloma (cavalry) may not join Idiáquez (infantry), only step aside."""
    state = battle(load(), {"Idiáquez": "Ready!"}, {"Idiáquez": (30.0, 20.0, 90.0)})
    state = detached(state, "Carlos Coloma", at=(30.0, 23.0))
    apply(state, "activate Idiáquez", "move Idiáquez to 30.0,25.1")
    offered = texts(state)
    assert "Carlos Coloma: join Idiáquez" not in offered
    assert any(text.startswith("Carlos Coloma: step aside") for text in offered)


def _verdugo_beats_yellow_1_blocked() -> TerciosState:
    """Verdugo charges Yellow 1, which has Yellow 2 half an inch behind it, and wins: Yellow 1
    cannot get clear, so the bases still touch."""
    state = verdugo_charges_blocked_yellow_1()
    for successes in (3, 1, 2, 1):  # Yellow 1 takes 2 Dm, Verdugo 1
        roll(state, successes)
    return state


def test_disengagement_the_attacker_chooses_whether_to_withdraw() -> None:
    """Disengagement: the attacker's withdrawal to leave an inch is its player's choice: it
    moves an inch back when chosen, and stays in contact when declined."""
    state = _verdugo_beats_yellow_1_blocked()
    assert set(texts(state)) == {"Verdugo: withdraw", "Verdugo: do not withdraw"}
    before = unit(state, "Verdugo")["front"][1]
    kept, withdrawn = state.clone(), state.clone()
    apply(kept, "Verdugo: do not withdraw")
    apply(withdrawn, "Verdugo: withdraw")
    assert unit(kept, "Verdugo")["front"][1] == pytest.approx(before)
    assert unit(withdrawn, "Verdugo")["front"][1] == pytest.approx(before - 1.0, abs=0.01)


C_C = "Gonzalo Fernández de Córdoba (Spanish C-C)"


def _c_c_caught(successes: int, at: tuple[float, float] = (10.0, 27.5)) -> TerciosState:
    """Yellow 1 moves through the spot where the Spanish C-C stands; his test is forced."""
    state = battle(
        load(), {"Yellow 1": "Ready!"}, {"Yellow 1": (10.0, 30.0, 270.0)}, first="Swedish"
    )
    state = detached(state, C_C, at=at)
    apply(state, "activate Yellow 1", "move Yellow 1 to 10.0,25.5")
    roll(state, successes)
    return state


def test_in_the_wrong_place_the_player_moves_him_where_he_wants_away_from_the_enemy() -> None:
    """In the wrong place: the surviving commander's move away is his player's: the listed
    move straight away, or an exact move of his choice out of the enemy's base."""
    state = _c_c_caught(2)
    assert state.current_player() == 0
    assert texts(state) == [f"{C_C}: move away"]
    apply(state, f"move {C_C} to 14.0,31.0")
    officer = commander(state, "Gonzalo")
    assert (officer["x"], officer["y"]) == (14.0, 31.0)


def test_in_the_wrong_place_a_commander_left_uncovered_may_stay() -> None:
    """In the wrong place: the move away is a "may": a commander the enemy's base does not
    cover (brushed by its side) may stay where he is; a move must take him farther away."""
    state = _c_c_caught(2, at=(12.37, 26.5))
    assert f"{C_C}: stay" in texts(state)
    with pytest.raises(IllegalAction, match="away from Yellow 1"):
        state.clone().apply_action(f"move {C_C} to 12.37,25.8")  # along its side
    apply(state, f"{C_C}: stay")
    officer = commander(state, "Gonzalo")
    assert (officer["x"], officer["y"]) == (12.37, 26.5)


def test_pursuit_the_cavalry_moves_its_mvt_ahead_and_the_move_is_logged() -> None:
    """Pursuit: the cavalry that destroyed the retreating infantry moves at its normal speed
    (Cuirassiers: Mvt 7, no Assault! bonus) in the direction it faces, logged as a pursuit."""
    state = battle(
        load(),
        {"Cuirassiers of Flanders": "Assault!"},
        {
            "Cuirassiers of Flanders": (30.0, 20.0, 90.0),
            "Yellow 1": (30.0, 20.787 + 5.0 + INF_HALF, 270.0),
        },
    )
    apply(
        state,
        "activate Cuirassiers of Flanders",
        "Cuirassiers of Flanders: charge Yellow 1",
        "do not react",
    )
    contact = 20.787 + 5.0  # where the charge stopped: Yellow 1's front edge
    for successes in (2, 0):  # two hits, no save: Yellow 1 loses and retreats; no riposte
        roll(state, successes)
    roll(state, 0)
    pursuit = [e for e in state.events if e.text == "Cuirassiers of Flanders pursues."]
    assert [e.rule for e in pursuit] == ["The Troops: Cavalry: Pursuit"]
    assert unit(state, "Cuirassiers of Flanders")["front"][1] == pytest.approx(
        contact + 7.0, abs=0.01
    )


def test_reactions_ready_the_bot_turns_to_face_the_charger() -> None:
    """Reactions: Ready!: every reorientation is offered against a charge; the heuristic bot
    ranks first the one that faces the charger (Yellow 1 comes from Idiáquez's right)."""
    state = battle(
        load(),
        {"Yellow 1": "Assault!", "Idiáquez": "Ready!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (38.0, 20.0, 180.0)},
        first="Swedish",
    )
    apply(state, "activate Yellow 1", "Yellow 1: charge Idiáquez", "react")
    roll(state, 1)
    bot = make_bot("heuristic", state.g, random.Random(0))
    assert isinstance(bot, Ranker)
    turns = [a.text for a in bot.rank(state, 0) if a.text.startswith("Idiáquez: reorient")]
    assert turns[0] == "Idiáquez: reorient right"
    assert len(turns) == 3


def test_angle_correction_a_correction_that_does_not_clear_stops_the_move_at_contact() -> None:
    """Angle Correction: a pivot of 30 degrees the wrong way leaves Idiáquez on Verdugo: the
    move stops back where the bases first touch, facing the way it moved; the other way
    clears it and the move ends where asked."""
    where = {"Idiáquez": (30.0, 20.0, 90.0), "Verdugo": (33.8, 25.8, 90.0)}
    stopped = battle(load(), {"Idiáquez": "Ready!"}, where)
    apply(stopped, "activate Idiáquez", "move Idiáquez to 30.0,25.0 facing 120")
    idiaquez = unit(stopped, "Idiáquez")
    assert idiaquez["front"][1] == pytest.approx(25.8 - INF_HALF, abs=0.01)
    assert idiaquez["facing"] == 90.0
    cleared = battle(load(), {"Idiáquez": "Ready!"}, where)
    apply(cleared, "activate Idiáquez", "move Idiáquez to 30.0,25.0 facing 60")
    assert unit(cleared, "Idiáquez")["front"] == [30.0, 25.0]
