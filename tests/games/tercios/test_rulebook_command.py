"""Rulebook-first audit: the chapter Command (Activating a Commander, Attached Commander,
Commanders and Losses, Command Actions, Virtues, Common Traits) and Integral Command."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load, roll, texts
from .rulebook import commander, detached, dice_rolled, officers_edited, unit

C_C = "Gonzalo Fernández de Córdoba (Spanish C-C)"
INSPIRE_IDIAQUEZ = f"{C_C}: inspire Idiáquez (Loyalty)"


def c_c_inspires(successes: int, dm: dict[str, int] | None = None) -> TerciosState:
    state = battle(load(), {}, {}, dm=dm)
    apply(state, f"activate commander {C_C}", INSPIRE_IDIAQUEZ)
    roll(state, successes)
    return state


def test_command_actions_the_test_rolls_the_rank_in_dice_at_5() -> None:
    """Command Actions: the command test rolls as many dice as the rank (2), each 5+ a success."""
    state = battle(load(), {}, {})
    apply(state, f"activate commander {C_C}", INSPIRE_IDIAQUEZ)
    assert dice_rolled(state) == 2
    probabilities = {a.text: p for a, p in state.chance_outcomes()}
    assert probabilities["Roll: 2 successes"] == pytest.approx(1 / 9)


def test_command_actions_no_success_cancels_the_action_and_exhausts() -> None:
    """Command Actions: with no success the action is cancelled and the commander is Exhausted."""
    state = c_c_inspires(0)
    assert not any("inspires" in event.text for event in state.events)
    assert commander(state, "Gonzalo")["exhausted"]


def test_command_actions_one_success_acts_but_exhausts() -> None:
    """Command Actions: a single success carries the
    action out but leaves the commander Exhausted."""
    state = c_c_inspires(1)
    assert any("inspires Idiáquez" in event.text for event in state.events)
    assert commander(state, "Gonzalo")["exhausted"]


def test_command_actions_two_successes_no_exhaustion() -> None:
    """Command Actions: two successes or more leave the commander fresh."""
    state = c_c_inspires(2)
    assert not commander(state, "Gonzalo")["exhausted"]


def test_fast_a_successful_test_lets_the_commander_move_again() -> None:
    """Common Traits: Fast: after a command test without exhaustion the commander may move again (or
    not)."""
    state = c_c_inspires(2)
    assert f"{C_C}: stay" in texts(state)
    assert any(text.startswith(f"{C_C}: join") for text in texts(state))


def test_exhausted_commander_may_not_be_activated_again_this_turn() -> None:
    """Exhausted Commander: an Exhausted commander is not activated again until the turn ends."""
    state = c_c_inspires(1)
    apply(
        state,
        "activate Idiáquez",
        "Idiáquez: end activation",
        "activate Yellow 1",
        "Yellow 1: end activation",
    )
    assert f"activate commander {C_C}" not in texts(state)


def test_command_actions_a_fresh_commander_may_be_activated_again() -> None:
    """Command Actions: a commander activated but not
    Exhausted may be activated again in the turn."""
    state = c_c_inspires(2)
    apply(state, f"{C_C}: stay")
    apply(
        state,
        "activate Idiáquez",
        "Idiáquez: end activation",
        "activate Yellow 1",
        "Yellow 1: end activation",
    )
    assert f"activate commander {C_C}" in texts(state)


def test_activating_a_commander_moves_6_inches() -> None:
    """Activating a Commander: a commander's move is 6 inches at most."""
    state = battle(load(), {}, {})
    apply(state, f"activate commander {C_C}")
    far = state.clone()
    with pytest.raises(stratagem.IllegalAction):
        far.apply_action(f"move {C_C} to 40.33,14.6")  # 6.46 inches from (40.33, 8.14)
    apply(state, f"move {C_C} to 40.33,14.0")
    assert commander(state, "Gonzalo")["y"] == pytest.approx(14.0)


def test_activating_a_commander_a_move_is_followed_by_a_command_action() -> None:
    """Activating a Commander: after moving, the commander must carry out a command action."""
    state = battle(load(), {}, {})
    apply(state, f"activate commander {C_C}", f"move {C_C} to 40.33,12.0")
    options = texts(state)
    assert options and all(text.startswith(f"{C_C}: ") for text in options)
    assert f"{C_C}: stay" not in options


def test_virtues_worked_example_courage_3_with_a_bonus_and_a_virtue_is_5() -> None:
    """Virtues (worked example): Courage 3 with a bonus (+) and a commander's virtue is 5, not 6."""
    game = load(armies=("spanish_1500", "swedish_1500"))
    state = battle(
        game,
        {"Villalba": "Assault!", "Swedish musketeers": "Resist!"},
        {"Villalba": (30.0, 20.0, 90.0), "Swedish musketeers": (30.0, 21.181 + 4.0 + 0.787, 270.0)},
    )
    # Nils Brahe (virtue Will: +1 Courage against combat) joins the musketeers (Courage 3).
    state = officers_edited(state, attached={"Nils Brahe": game.troop_index["Swedish musketeers"]})
    apply(state, "activate Villalba", "Villalba: charge Swedish musketeers", "react")
    roll(state, 1)  # the Resist! reaction passes: Courage +
    roll(state, 3)  # Villalba's hits
    assert dice_rolled(state) == 5


def test_virtues_add_one_point_to_the_attached_units_value() -> None:
    """Virtues: an attached commander's virtue adds 1 to the unit's value (Will: Courage in combat 3
    becomes 4)."""
    game = load(armies=("spanish_1500", "swedish_1500"))
    state = battle(game, {}, {})
    state = officers_edited(state, attached={"Nils Brahe": game.troop_index["Swedish musketeers"]})
    values = unit(state, "Swedish musketeers")["values"]
    assert values["courage_melee"] == 4
    assert values["courage_shot"] == 3


def test_inspiring_lends_a_virtue_to_a_unit_for_its_next_activation() -> None:
    """Common Traits: Inspiring: a unit in the radius borrows a virtue (Loyalty: Discipline 5
    becomes 6)."""
    state = c_c_inspires(2, dm={"Idiáquez": 1})
    apply(state, f"{C_C}: stay", "activate Idiáquez")
    assert dice_rolled(state) == 6


def test_integral_command_artillery_is_never_affected_by_a_command_action() -> None:
    """Integral Command: no command action, friendly or enemy, affects an artillery unit."""
    state = battle(load(), {}, {})
    apply(state, f"activate commander {C_C}")
    assert not any("Light guns" in text for text in texts(state))


def test_integral_command_artillery_tests_orders_as_if_commanded() -> None:
    """Integral Command: artillery is always within a commander's radius: full Discipline far from
    any officer."""
    state = battle(
        load(), {"Light guns": "Ready!"}, {"Light guns": (5.0, 30.0, 90.0)}, dm={"Light guns": 1}
    )
    apply(state, "activate Light guns")
    assert dice_rolled(state) == unit(state, "Light guns")["values"]["discipline"] == 4


def test_presence_extends_the_command_radius_to_9_inches() -> None:
    """Common Traits: Presence: a commander with Presence has a 9-inch radius; others 6."""
    state = battle(load(), {}, {})
    assert commander(state, "Gonzalo")["radius"] == 9.0
    assert commander(state, "Carlos Coloma")["radius"] == 6.0


def test_joining_a_troop_makes_the_commander_attached_and_exhausted() -> None:
    """Commanders and Losses: Joining a troop: a commander that joins a unit is attached and
    Exhausted."""
    state = battle(load(), {}, {})
    apply(state, f"activate commander {C_C}", f"{C_C}: join Idiáquez")
    officer = commander(state, "Gonzalo")
    assert officer["attached_to"] == "Idiáquez"
    assert officer["exhausted"]


def test_like_a_hero_the_attached_commander_dies_with_his_unit() -> None:
    """Commanders and Losses: Like a Hero: a commander
    attached to a destroyed unit is killed too."""
    state = battle(
        load(),
        {"Idiáquez": "Fire!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 21.181 + 6.0 + 1.181, 270.0)},
        dm={"Yellow 1": 4},
    )
    assert commander(state, "Maximilian")["attached_to"] == "Yellow 1"
    apply(state, "activate Idiáquez", "Idiáquez: shoot Yellow 1")
    roll(state, 3)
    roll(state, 0)
    roll(state, 0)  # the rout test fails
    assert not unit(state, "Yellow 1")["alive"]
    assert not commander(state, "Maximilian")["alive"]


def test_command_a_regiments_commander_interacts_only_with_his_regiment() -> None:
    """Command: a commander other than the C-C deals only with the units of his own regiment."""
    state = detached(battle(load(), {}, {}), "Francisco de Ibarra", at=(24.67, 8.0))
    apply(state, "activate commander Francisco de Ibarra")
    assert "Francisco de Ibarra: join Idiáquez" in texts(state)
    assert "Francisco de Ibarra: join Cuirassiers of Flanders" not in texts(state)


def test_leaving_a_troop_the_commander_moves_before_his_command_action() -> None:
    """Leaving a Troop: Coward: a commander leaving his unit moves off from its edge, then acts."""
    state = battle(load(), {}, {})
    apply(state, "activate commander Francisco de Ibarra")
    assert state.current_player() == 0


def test_leaving_a_troop_the_move_is_measured_from_the_units_edge() -> None:
    """Leaving a Troop: Coward: the leaving commander's move starts from any edge of his unit."""
    state = battle(load(armies=("spanish_1500", "swedish_1500")), {}, {}, first="Swedish")
    apply(state, "activate commander Nils Brahe")
    assert commander(state, "Nils Brahe")["attached_to"] is None
    apply(state, "move Nils Brahe to 51.9,33.0")  # 4 inches from the unit's front edge
    assert commander(state, "Nils Brahe")["y"] == pytest.approx(33.0)


def test_attached_commander_may_not_act_while_attached() -> None:
    """Attached Commander: an attached commander carries out no command action without leaving
    first."""
    state = battle(load(), {}, {})
    start = len(state.events)
    apply(state, "activate commander Francisco de Ibarra")
    texts_logged = [event.text for event in state.events[start:]]
    assert texts_logged[0] == "Francisco de Ibarra leaves Idiáquez."
    assert commander(state, "Francisco")["attached_to"] is None


def test_authoritarian_the_next_unit_acts_without_an_order_test() -> None:
    """Optional Traits: Authoritarian: after the action, the unit activated needs no order test
    despite its Dm."""
    state = battle(load(), {}, {}, dm={"Verdugo": 2})
    # Leaving Idiáquez he may move before acting (Leaving a Troop): he acts where he is.
    apply(state, "activate commander Francisco de Ibarra", "Francisco de Ibarra: authoritarian")
    roll(state, 1)
    apply(state, "activate Verdugo")
    assert state.current_player() == 0
    assert "Verdugo: advance" in texts(state)


def test_bold_changes_the_order_of_a_unit_not_yet_activated() -> None:
    """Optional Traits: Bold: the commander replaces a non-activated unit's order with another of
    his choice."""
    game = load(armies=("spanish_1500", "swedish_1500"))
    state = battle(game, {"Mangas viejas": "Ready!"}, {})
    melo = "Francisco de Melo (Spanish C-C)"
    apply(state, f"activate commander {melo}")
    offered = {text for text in texts(state) if "bold Mangas viejas" in text}
    assert offered == {
        f"{melo}: bold Mangas viejas ({order})"
        for order in ("Assault!", "Run!", "Fire!", "Resist!")
    }
    apply(state, f"{melo}: bold Mangas viejas (Assault!)")
    roll(state, 1)
    spanish = next(u for u in state.view(0)["units"] if u["name"] == "Mangas viejas")
    swedish = next(u for u in state.view(1)["units"] if u["name"] == "Mangas viejas")
    assert spanish["order"] == "Assault!"
    assert swedish["order"] is None
    assert not any("Assault!" in event["text"] for event in state.visible_events(1)[-3:])


def test_impetus_extends_the_commanders_move_to_9_inches() -> None:
    """Common Traits: Impetus: a commander with Impetus moves up to 9 inches."""
    game = load(armies=("spanish_1500", "swedish_1500"))
    state = detached(battle(game, {}, {}), "Duke of Alburquerque", at=(10.0, 5.0))
    apply(state, "activate commander Duke of Alburquerque")
    far = state.clone()
    with pytest.raises(stratagem.IllegalAction):
        far.apply_action("move Duke of Alburquerque to 10.0,14.2")
    apply(state, "move Duke of Alburquerque to 10.0,13.9")
    assert commander(state, "Duke of Alburquerque")["y"] == pytest.approx(13.9)


def c_c_in_the_path(successes: int) -> TerciosState:
    """Yellow 1 moves straight through the spot where the Spanish C-C stands; his test is forced."""
    state = battle(
        load(), {"Yellow 1": "Ready!"}, {"Yellow 1": (10.0, 30.0, 270.0)}, first="Swedish"
    )
    state = detached(state, C_C, at=(10.0, 27.5))
    apply(state, "activate Yellow 1", "move Yellow 1 to 10.0,25.5")
    assert "caught in the path of Yellow 1" in state.events[-1].text
    assert dice_rolled(state) == 2  # a command test: rank 2
    roll(state, successes)
    return state


def test_in_the_wrong_place_no_success_kills_the_commander() -> None:
    """Commanders and Losses: In the wrong place: a commander contacted on an enemy's path dies if
    his test fails."""
    assert not commander(c_c_in_the_path(0), "Gonzalo")["alive"]


def test_in_the_wrong_place_one_success_escapes_exhausted() -> None:
    """Commanders and Losses: In the wrong place: one success saves him but leaves him Exhausted."""
    officer = commander(c_c_in_the_path(1), "Gonzalo")
    assert officer["alive"] and officer["exhausted"]


def test_in_the_wrong_place_two_successes_escape_fresh() -> None:
    """Commanders and Losses: In the wrong place: two successes save him without exhaustion."""
    officer = commander(c_c_in_the_path(2), "Gonzalo")
    assert officer["alive"] and not officer["exhausted"]


def test_in_the_wrong_place_the_escape_move_is_the_players_choice() -> None:
    """Commanders and Losses: In the wrong place: a commander who passes may (his player's choice)
    move away."""
    state = c_c_in_the_path(2)
    assert state.current_player() == 0
    assert any(text.startswith(C_C) for text in texts(state))


def vila_in_sight_of_the_swedes() -> TerciosState:
    game = load(armies=("spanish_1500", "swedish_1500"))
    state = battle(game, {}, {"Swedish 1": (67.0, 25.0, 270.0)})
    state = detached(state, "Conde de Vila", at=(67.7, 15.0))
    apply(state, "activate commander Conde de Vila")
    return state


def test_erudite_the_chosen_enemy_unit_may_not_activate_next() -> None:
    """Optional Traits: Erudite: the enemy unit named may not be the opponent's next activation."""
    state = vila_in_sight_of_the_swedes()
    apply(state, "Conde de Vila: erudite Swedish 1")
    roll(state, 1)
    apply(state, "activate Velandia", "Velandia: end activation")
    assert state.current_player() == 1
    assert "activate Swedish 1" not in texts(state)
    assert "activate Swedish 2" in texts(state)


def test_integral_command_no_enemy_command_action_on_artillery() -> None:
    """Integral Command: enemy command actions do not touch artillery units either."""
    state = vila_in_sight_of_the_swedes()
    assert not any("guns" in text for text in texts(state))


def test_alert_reorients_a_unit_already_activated() -> None:
    """Optional Traits: Alert: a unit may be turned at once even after its activation."""
    state = battle(load(armies=("spanish_1500", "swedish_1500")), {}, {})
    state = detached(state, "Ernesto de Isenburg", at=(41.9, 6.0))
    apply(state, "activate Ritberg", "Ritberg: end activation")
    apply(state, "activate Swedish 2", "Swedish 2: end activation")
    apply(state, "activate commander Ernesto de Isenburg")
    apply(state, "Ernesto de Isenburg: alert Ritberg (reorient about)")
    roll(state, 1)
    assert unit(state, "Ritberg")["facing"] == 270.0
    assert unit(state, "Ritberg")["activated"]
