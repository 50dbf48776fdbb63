"""Rulebook-first audit: the chapters Game Sequence (The Turn, Initiative, Activation) and
The Battle: Duration."""

from __future__ import annotations

import json

import pytest

import stratagem
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load, plan, texts
from .rulebook import commander, officers_edited

SPANISH_TROOPS = ["Idiáquez", "Verdugo", "Cuirassiers of Flanders", "Light guns"]
SWEDISH_TROOPS = ["Yellow 1", "Yellow 2", "Yellow musketeers", "Hakkapeliitta"]
C_C = "Gonzalo Fernández de Córdoba (Spanish C-C)"


def spend_all_but_leather_guns(state: TerciosState) -> None:
    """Each side activates its troops in turn (Ready!, then ends); the Swedes keep Leather guns.
    (A lone choice is applied by the engine itself, so an activation may already be under way.)"""
    for name in (
        name for pair in zip(SPANISH_TROOPS, SWEDISH_TROOPS, strict=True) for name in pair
    ):
        if f"activate {name}" in texts(state):
            apply(state, f"activate {name}")
        apply(state, f"{name}: end activation")


def test_initiative_each_player_rolls_a_die() -> None:
    """Initiative: after the orders are placed, each player rolls 1D6."""
    state = load().new_initial_state()
    plan(state, {})
    assert state.current_player() == stratagem.CHANCE
    outcomes = {a.text: p for a, p in state.chance_outcomes()}
    assert list(outcomes) == [f"Die: {n}" for n in range(1, 7)]
    assert all(p == pytest.approx(1 / 6) for p in outcomes.values())


def test_initiative_the_higher_roll_chooses_who_plays_first() -> None:
    """Initiative: the player with the higher die chooses which side plays first."""
    state = load().new_initial_state()
    plan(state, {})
    apply(state, "Die: 2", "Die: 5")
    assert state.current_player() == 1
    assert set(texts(state)) == {"Spanish plays first", "Swedish plays first"}


def test_initiative_the_winner_may_let_the_opponent_play_first() -> None:
    """Initiative: the winner's choice is applied, even giving the first activation away."""
    state = load().new_initial_state()
    plan(state, {})
    apply(state, "Die: 5", "Die: 2", "Swedish plays first")
    assert state.current_player() == 1
    assert "activate Yellow 1" in texts(state)


def test_initiative_tie_goes_to_the_higher_ranked_commander_in_chief() -> None:
    """Initiative: a tie goes to the side whose
    Commander-in-Chief has the higher rank (3 beats 2)."""
    game = load(armies=("french_500", "imperial_1000"))
    state = game.new_initial_state()
    plan(state, {})
    apply(state, "Die: 4", "Die: 4")
    assert state.current_player() == 1


def test_initiative_tie_between_equal_ranks_is_rerolled() -> None:
    """Initiative: a tie between Commanders-in-Chief of the same rank is rolled again."""
    state = load().new_initial_state()
    plan(state, {})
    apply(state, "Die: 4", "Die: 4")
    assert state.current_player() == stratagem.CHANCE
    apply(state, "Die: 1", "Die: 6")
    assert state.current_player() == 1


def test_the_turn_planning_gives_every_unit_an_order_before_initiative() -> None:
    """The Turn: in the Planning phase every unit gets an order card before initiative is rolled."""
    state = load().new_initial_state()
    plan(state, {})
    assert all(unit["order_placed"] for unit in state.view(None)["units"])
    assert state.current_player() == stratagem.CHANCE


def test_activation_commander_first_is_optional() -> None:
    """Activation: a player may open with a commander or go straight to a troop unit."""
    state = battle(load(), {}, {})
    options = texts(state)
    assert f"activate commander {C_C}" in options
    assert "activate Idiáquez" in options


def test_activation_a_commander_is_followed_by_a_troop_unit() -> None:
    """Activation: after a commander's action a troop
    unit must be activated (no second commander)."""
    state = battle(load(), {}, {})
    apply(
        state,
        f"activate commander {C_C}",
        f"{C_C}: inspire Idiáquez (Loyalty)",
        "Roll: 1 successes",
    )
    options = texts(state)
    assert options and all(
        text.startswith("activate ") and "commander" not in text for text in options
    )


def test_activation_no_commander_after_the_troop_unit() -> None:
    """Activation: once the troop unit is done, the turn passes: no commander of that side may
    follow."""
    state = battle(load(), {}, {})
    apply(state, "activate Idiáquez", "Idiáquez: end activation")
    assert state.current_player() == 1
    assert not any(
        "Spanish" in text or text == f"activate commander {C_C}" for text in texts(state)
    )


def test_activation_players_alternate() -> None:
    """Game Sequence: the players take turns activating units."""
    state = battle(load(), {}, {})
    apply(state, "activate Idiáquez", "Idiáquez: end activation")
    assert state.current_player() == 1
    apply(state, "activate Yellow 1", "Yellow 1: end activation")
    assert state.current_player() == 0


def test_activation_a_lone_commander_when_the_sides_troops_are_spent() -> None:
    """Activation: with no troops left but the enemy still has some, a lone commander may act, or
    the side passes."""
    state = battle(load(), {}, {})
    spend_all_but_leather_guns(state)
    assert state.current_player() == 0
    assert set(texts(state)) == {f"activate commander {C_C}", "pass"}


def test_the_turn_ends_when_no_troops_remain_to_activate() -> None:
    """Activation: when neither side has a troop unit left, the turn ends and the next one is
    planned."""
    state = battle(load(), {}, {})
    spend_all_but_leather_guns(state)
    apply(state, "pass", "activate Leather guns", "Leather guns: end activation")
    assert state.view(None)["turn"] == 2
    assert texts(state)[0].startswith("order ")


def test_planning_phase_removes_the_exhausted_markers() -> None:
    """Planning phase: both players remove the Exhausted markers from their commanders."""
    state = battle(load(), {}, {})
    state = officers_edited(state, exhausted={C_C: True})
    assert commander(state, "Gonzalo")["exhausted"]
    spend_all_but_leather_guns(state)
    for step in ("pass", "activate Leather guns"):
        if step in texts(state):
            apply(state, step)
    apply(state, "Leather guns: end activation")
    assert state.view(None)["turn"] == 2
    assert not commander(state, "Gonzalo")["exhausted"]


def _end_of_turn(turn: int, points: tuple[int, int]) -> TerciosState:
    game = load()
    state = battle(game, {}, {})
    doc = json.loads(json.dumps(state.to_json()))
    doc["state"]["turn"], doc["state"]["vp"] = turn, list(points)
    loaded = game.state_from_json(doc)
    assert isinstance(loaded, TerciosState)
    state = loaded
    spend_all_but_leather_guns(state)
    apply(state, "pass", "activate Leather guns", "Leather guns: end activation")
    return state


def test_duration_decisive_victory_after_turn_5_with_a_lead_of_5() -> None:
    """Duration: at the end of turn 5 a lead of 5 points or more is a decisive victory."""
    state = _end_of_turn(5, (5, 0))
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]


def test_duration_a_lead_of_4_after_turn_5_plays_on() -> None:
    """Duration: at the end of turn 5 a lead under 5 points does not end the battle."""
    state = _end_of_turn(5, (4, 0))
    assert not state.is_terminal()


def test_duration_clear_victory_after_turn_6_with_a_lead_of_3() -> None:
    """Duration: at the end of turn 6 a lead of 3 points or more is a clear victory."""
    state = _end_of_turn(6, (0, 3))
    assert state.is_terminal()
    assert state.returns() == [-1.0, 1.0]


def test_duration_a_lead_of_2_after_turn_6_plays_on() -> None:
    """Duration: at the end of turn 6 a lead of 2 points does not end the battle."""
    assert not _end_of_turn(6, (2, 0)).is_terminal()


def test_duration_narrow_victory_after_turn_7_with_a_lead_of_1() -> None:
    """Duration: at the end of turn 7 a lead of at least 1 point is a narrow victory."""
    state = _end_of_turn(7, (1, 0))
    assert state.is_terminal()
    assert state.returns() == [1.0, -1.0]


def test_duration_the_battle_ends_after_turn_8_whatever_happens() -> None:
    """Duration: at the end of turn 8 the battle ends whatever the score."""
    assert _end_of_turn(8, (0, 0)).is_terminal()
    assert not _end_of_turn(7, (0, 0)).is_terminal()
