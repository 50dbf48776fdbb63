"""The choices the rulebook gives ("may") and its "as soon as" triggers, each under its
section's name: the Advance after a combat, the Caracole's test and withdrawal, Assault!'s
closing move as close as possible, and reactions along the whole path of a move, for any
unactivated enemy. Every test goes through the public API with the dice forced."""

from __future__ import annotations

import random

import pytest
from shapely import Point

from stratagem import CHANCE, IllegalAction
from stratagem.bots import make_bot
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.state import TerciosState

from .helpers import (
    apply,
    battle,
    events_since,
    load,
    placed,
    roll,
    start_activation,
    texts,
    with_commanders_at,
)

GAME = load()
CUIRASSIERS = "Cuirassiers of Flanders"
ADVANCE_CHOICE = [f"{CUIRASSIERS}: consolidate", f"{CUIRASSIERS}: do not consolidate"]


def _cuirassiers_break_hakkapeliitta(game: Tercios) -> tuple[TerciosState, int]:
    """The cuirassiers (Assault!) charge the Hakkapeliitta, which do not react: two hits,
    none parried, none struck back: the enemy is broken and retreats."""
    where = {CUIRASSIERS: (40.0, 20.0, 90.0), "Hakkapeliitta": (40.0, 26.0, 270.0)}
    state = battle(game, {CUIRASSIERS: "Assault!"}, where)
    start = len(state.events)
    apply(state, f"activate {CUIRASSIERS}", f"{CUIRASSIERS}: charge Hakkapeliitta", "do not react")
    roll(state, 2)
    roll(state, 0)
    roll(state, 0)
    return state, start


def test_combat_rounds_advance_is_a_choice() -> None:
    """Having broken the Hakkapeliitta, the cuirassiers' side chooses whether they advance
    3 inches; choosing to stay leaves them where the charge stopped
    [Combat: Combat Rounds: Advance]."""
    state, start = _cuirassiers_break_hakkapeliitta(GAME)
    assert "Hakkapeliitta retreats." in events_since(state, start)
    assert texts(state) == ADVANCE_CHOICE
    assert state.view(0)["deciding"] == "Spanish"
    unit = GAME.troop_index[CUIRASSIERS]
    before = (state.x[unit], state.y[unit])
    apply(state, f"{CUIRASSIERS}: do not consolidate")
    assert (state.x[unit], state.y[unit]) == before
    assert f"{CUIRASSIERS} advances." not in events_since(state, start)
    assert f"{CUIRASSIERS} holds its position." in events_since(state, start)


def test_combat_rounds_advance_when_chosen_moves_3_inches_along_the_charge() -> None:
    """Choosing to consolidate moves the cuirassiers 3 inches on along their charge
    [Combat: Combat Rounds: Advance]."""
    state, start = _cuirassiers_break_hakkapeliitta(GAME)
    unit = GAME.troop_index[CUIRASSIERS]
    before = state.y[unit]
    apply(state, f"{CUIRASSIERS}: consolidate")
    assert state.y[unit] == pytest.approx(before + 3.0)
    assert events_since(state, start)[-1] == f"{CUIRASSIERS} advances."


def _arcabuceros_fired() -> tuple[Tercios, TerciosState, float]:
    """Arcabuceros 1 (Caracole, Fire!) shoots Yellow 1 and misses: the state after the shot,
    and its y before."""
    game = load(armies=("spanish_1000", "swedish_500"))
    state = game.new_initial_state()
    start_activation(state, {"Arcabuceros 1": "Fire!"})
    state = placed(
        game, state, {"Arcabuceros 1": (40.0, 22.0, 90.0), "Yellow 1": (40.0, 28.0, 270.0)}
    )
    before = state.y[game.troop_index["Arcabuceros 1"]]
    apply(state, "activate Arcabuceros 1")
    if "Arcabuceros 1: shoot Yellow 1" in texts(state):
        apply(state, "Arcabuceros 1: shoot Yellow 1")
    roll(state, 0)  # no hit
    return game, state, before


def test_cavalry_caracole_the_discipline_test_is_a_choice() -> None:
    """After its shot a unit with Caracole may take the Discipline test or not; declining
    rolls nothing and the unit stays [The Troops: Cavalry: Caracole]."""
    game, state, before = _arcabuceros_fired()
    assert texts(state) == ["Arcabuceros 1: caracole", "Arcabuceros 1: no caracole"]
    apply(state, "Arcabuceros 1: no caracole")
    assert state.current_player() != CHANCE
    assert state.y[game.troop_index["Arcabuceros 1"]] == before
    assert "Arcabuceros 1 caracoles back." not in events_since(state, 0)


def test_cavalry_caracole_the_withdrawal_after_a_pass_is_a_choice() -> None:
    """The passed test allows the withdrawal, which the unit may decline; taken, it moves
    its Mvt straight back keeping its facing [The Troops: Cavalry: Caracole]."""
    game, state, before = _arcabuceros_fired()
    apply(state, "Arcabuceros 1: caracole")
    roll(state, 1)
    assert texts(state) == ["Arcabuceros 1: withdraw", "Arcabuceros 1: do not withdraw"]
    stays = state.clone()
    apply(stays, "Arcabuceros 1: do not withdraw")
    assert stays.y[game.troop_index["Arcabuceros 1"]] == before
    apply(state, "Arcabuceros 1: withdraw")
    assert "Arcabuceros 1 caracoles back." in events_since(state, 0)
    assert state.y[game.troop_index["Arcabuceros 1"]] == pytest.approx(before - 8.0)


def _idiaquez_too_far_to_charge() -> TerciosState:
    """Idiáquez (Assault!, Mvt 4+ = 6) sees Yellow 1 about 14.6 inches ahead: no charge."""
    where = {"Idiáquez": (30.0, 15.0, 90.0), "Yellow 1": (30.0, 32.0, 270.0)}
    state = battle(GAME, {"Idiáquez": "Assault!"}, where)
    apply(state, "activate Idiáquez")
    assert not [t for t in texts(state) if "charge" in t]
    return state


def test_order_cards_assault_closing_move_must_come_as_close_as_possible() -> None:
    """With no charge possible the move is made as close to the enemy as the unit can: a
    1-inch step is refused where 6 inches straight at Yellow 1 were possible, and the full
    move is accepted [Order Cards: Assault!]."""
    state = _idiaquez_too_far_to_charge()
    before = state.to_json()
    with pytest.raises(IllegalAction, match="as close to an enemy as it can"):
        state.apply_action("move Idiáquez to 30,17.18")
    assert state.to_json() == before
    apply(state, "move Idiáquez to 30,22.18")
    assert "Idiáquez moves to 30.0,22.2." in events_since(state, 0)


def test_order_cards_assault_listed_closing_move_comes_as_close_as_possible() -> None:
    """Yellow 1 stands 6.5 inches from Idiáquez's front centre, its centres beyond the
    6-inch charge: the listed ``advance towards`` closing move goes the whole 6 inches (no
    longer stopping an inch short of the enemy) [Order Cards: Assault!]."""
    where = {"Idiáquez": (30.0, 15.0, 90.0), "Yellow 1": (30.0, 23.86, 270.0)}
    state = battle(GAME, {"Idiáquez": "Assault!"}, where)
    apply(state, "activate Idiáquez")
    assert not [t for t in texts(state) if "charge" in t]
    apply(state, "Idiáquez: advance towards Yellow 1")
    unit = GAME.troop_index["Idiáquez"]
    assert state.placement(unit).front[1] == pytest.approx(22.18, abs=0.05)


HAKKA_RUNS_PAST = {
    "Idiáquez": (30.0, 20.0, 90.0),  # front centre at 30,21.18
    "Hakkapeliitta": (20.0, 24.76, 0.0),  # its near side 2 inches from that front centre
}


def test_reactions_as_soon_as_an_enemy_passes_within_3_inches() -> None:
    """The Hakkapeliitta (Run!) ride past Idiáquez 2 inches from its front centre and end
    about 4.3 inches away: Idiáquez is offered a reaction all the same [Reactions]."""
    state = battle(GAME, {"Hakkapeliitta": "Run!"}, HAKKA_RUNS_PAST, first="Swedish")
    apply(state, "activate Hakkapeliitta", "move Hakkapeliitta to 35.38,24.76")
    end = state.placement(GAME.troop_index["Hakkapeliitta"]).polygon()
    front = state.placement(GAME.troop_index["Idiáquez"]).front
    assert end.distance(Point(front)) == pytest.approx(4.3, abs=0.05)
    assert texts(state) == ["react", "do not react"]
    assert state.view(1)["deciding"] == "Spanish"


def test_reactions_a_bystander_may_react_to_a_charger_stopping_near_it() -> None:
    """The cuirassiers charge the Hakkapeliitta and stop 2.4 inches from Yellow 1's front
    centre: Yellow 1, not yet activated, may react before the combat [Reactions]."""
    where = {
        CUIRASSIERS: (40.0, 20.0, 90.0),
        "Hakkapeliitta": (40.0, 26.0, 270.0),
        "Yellow 1": (45.18, 24.4, 180.0),  # front centre at 44,24.4
    }
    state = battle(GAME, {CUIRASSIERS: "Assault!"}, where)
    apply(state, f"activate {CUIRASSIERS}", f"{CUIRASSIERS}: charge Hakkapeliitta")
    apply(state, "do not react")  # the charged unit's own answer
    assert f"{CUIRASSIERS} contacts Hakkapeliitta." in events_since(state, 0)
    assert texts(state) == ["react", "do not react"]
    assert state.view(0)["deciding"] == "Swedish"
    apply(state, "do not react")
    assert state.current_player() == CHANCE  # the combat's first roll


CHIEF = "Gonzalo Fernández de Córdoba (Spanish C-C)"


def _idiaquez_passes_the_chief() -> TerciosState:
    """Idiáquez (Ready!) moves 4 inches north over the unattached C-C, its base ending on
    him."""
    state = battle(GAME, {}, {"Idiáquez": (30.0, 20.0, 90.0)})
    state = with_commanders_at(state, {CHIEF: (30.0, 23.0)})
    apply(state, "activate Idiáquez", "move Idiáquez to 30,25.18")
    return state


def test_movement_overlap_a_commander_passed_through_may_join_or_step_aside() -> None:
    """The C-C, passed through and covered by Idiáquez's base, chooses: join it, or stand an
    inch from it on the side he likes [Movement: Overlap]."""
    state = _idiaquez_passes_the_chief()
    assert texts(state) == [
        f"{CHIEF}: join Idiáquez",
        *(f"{CHIEF}: step aside ({side})" for side in ("front", "right", "rear", "left")),
    ]
    joined = state.clone()
    apply(joined, f"{CHIEF}: join Idiáquez")
    assert joined.attached[0] == GAME.troop_index["Idiáquez"]
    apply(state, f"{CHIEF}: step aside (left)")
    assert (state.ox[0], state.oy[0]) == pytest.approx((30.0 - 2.36 - 1.0, 24.0), abs=0.01)
    assert state.attached[0] == -1


def test_reactions_assault_interception_meets_the_mover_on_its_path() -> None:
    """Idiáquez (Assault!) intercepts the Hakkapeliitta riding past: contact is made on their
    path at the point nearest Idiáquez, not where the ride ended 4.3 inches away
    [Reactions: Assault!]."""
    orders = {"Hakkapeliitta": "Run!", "Idiáquez": "Assault!"}
    state = battle(GAME, orders, HAKKA_RUNS_PAST, first="Swedish")
    start = len(state.events)
    apply(state, "activate Hakkapeliitta", "move Hakkapeliitta to 35.38,24.76", "react")
    roll(state, 1)  # the reaction's order test
    events = events_since(state, start)
    assert "Hakkapeliitta is caught on its way." in events
    assert "Idiáquez charges Hakkapeliitta in the flank." in events
    hakka = GAME.troop_index["Hakkapeliitta"]
    assert (state.x[hakka], state.y[hakka]) == pytest.approx((29.21, 24.76), abs=0.05)
    assert state.current_player() == CHANCE  # the interception's combat


def test_heuristic_bot_takes_the_advance_caracole_and_passed_commander_choices() -> None:
    """The heuristic bot advances a fresh winner [Combat: Combat Rounds: Advance], caracoles
    horse that fired with an enemy near [The Troops: Cavalry: Caracole] and keeps a
    commander passed through free rather than exhausted [Movement: Overlap]."""
    bot = make_bot("heuristic", GAME, random.Random(1))
    state, _ = _cuirassiers_break_hakkapeliitta(GAME)
    assert bot.choose(state, 0).text == f"{CUIRASSIERS}: consolidate"
    game, fired, _ = _arcabuceros_fired()
    assert make_bot("heuristic", game, random.Random(1)).choose(fired, 0).text == (
        "Arcabuceros 1: caracole"
    )
    assert bot.choose(_idiaquez_passes_the_chief(), 0).text == f"{CHIEF}: step aside (rear)"


def test_reactions_the_view_gives_the_reaction_distance() -> None:
    """Both seats' views give the 3 inches within which an enemy allows a reaction
    [Reactions]."""
    state = GAME.new_initial_state()
    assert [state.view(seat)["table"]["reaction_distance"] for seat in (0, 1, None)] == [3] * 3
