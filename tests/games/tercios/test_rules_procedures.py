"""The shooting, rout and combat procedures with forced dice, the value progression table,
the virtue example, orders and their tests, initiative and the end of the battle."""

from __future__ import annotations

from pathlib import Path

import pytest

from stratagem.games.tercios.army import shipped_armies
from stratagem.games.tercios.pack import load_pack
from stratagem.games.tercios.values import final_value, progressed

from .helpers import apply, events_since, load, placed, plan, roll, start_activation, texts

GAME = load()
PACK = load_pack()

# Components: Modifiers: the value progression table, copied from the rulebook.
PRINTED = {
    (1, 0): [1, 3, 4, 6, 7, 9],
    (2, 0): [2, 4, 6, 8, 10, 12],
    (0, 1): [1, 1, 2, 2, 3, 3],
    (0, 2): [1, 1, 1, 1, 1, 1],
}


@pytest.mark.parametrize(("bonuses", "penalties"), sorted(PRINTED))
@pytest.mark.parametrize("base", range(1, 7))
def test_value_progression_table_cell_by_cell(base: int, bonuses: int, penalties: int) -> None:
    """Each cell of the value progression table as printed [Modifiers]."""
    assert progressed(PACK, base, bonuses, penalties) == PRINTED[(bonuses, penalties)][base - 1]


def test_more_modifiers_saturate_and_cancel_one_for_one() -> None:
    """More modifiers saturate and cancel one for one [Modifiers]."""
    assert progressed(PACK, 4, 3, 0) == 8  # ++ is the maximum bonus
    assert progressed(PACK, 5, 0, 3) == 1  # -- brings the value to 1
    assert progressed(PACK, 4, 1, 1) == 4  # a bonus cancels a penalty
    assert progressed(PACK, 4, 2, 1) == 6
    assert progressed(PACK, 8, 1, 0) == 12  # Mvt 8 +: half again, rounded down
    assert progressed(PACK, 7, 0, 1) == 4  # Mvt 7 -: half, rounded up


def test_the_virtue_example_courage_three_with_a_bonus_and_a_virtue_is_five() -> None:
    """The virtue example courage three with a bonus and a virtue is five [Virtues] [Modifiers]."""
    assert final_value(PACK, 3, 1, 0, virtue=1) == 5


def _fire_at_yellow_1(distance: float, dm: int = 0):  # type: ignore[no-untyped-def]
    state = GAME.new_initial_state()
    start_activation(state, {"Idiáquez": "Fire!"})
    state = placed(
        GAME,
        state,
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 21.18 + distance + 1.18, 270.0)},
        dm={"Yellow 1": dm},
    )
    start = len(state.events)
    apply(state, "activate Idiáquez", "Idiáquez: shoot Yellow 1")
    return state, start


def test_shooting_hits_resisted_hits_and_dm() -> None:
    """Hits against the Volley defence, the target's resistance cancelling some, the rest as Dm
    [Shooting Dice] [Resistance test] [Shooting: Shooting Dice: Damage (Dm)]."""
    state, start = _fire_at_yellow_1(6.0)
    roll(state, 3)  # 3 dice at Yellow 1's Volley defence 4: three hits
    roll(state, 1)  # Courage 4 dice at 4+: one hit cancelled
    assert events_since(state, start)[1:] == [
        "Idiáquez shoots at Yellow 1: 3 dice at 4+.",
        "3 hit(s); Yellow 1 resists with 4 dice at 4+.",
        "Yellow 1 suffers 2 Dm (now 2).",
    ]
    assert state.dm[GAME.troop_index["Yellow 1"]] == 2
    assert not state.disorder[GAME.troop_index["Yellow 1"]]


def test_shooting_no_resistance_success_disorders() -> None:
    """A target that cancels no hit falls into disorder besides its Dm [Resistance test]."""
    state, _ = _fire_at_yellow_1(6.0)
    roll(state, 1)
    roll(state, 0)
    unit = GAME.troop_index["Yellow 1"]
    assert state.disorder[unit] and state.dm[unit] == 1


def test_shooting_no_hit_stops_the_procedure() -> None:
    """No hit ends the shot [Shooting Dice]."""
    state, start = _fire_at_yellow_1(6.0)
    roll(state, 0)
    assert events_since(state, start)[-1] == "No hit."
    assert state.dm[GAME.troop_index["Yellow 1"]] == 0


def test_arquebus_and_musket_split_beyond_eight_inches() -> None:
    """Beyond 8 inches a 3/2 unit shoots with its musket value [Arquebus/Musket]."""
    _, start = _fire_at_yellow_1(10.0)
    state, _ = _fire_at_yellow_1(10.0)
    assert "Idiáquez shoots at Yellow 1: 2 dice at 4+." in events_since(state, start)


def test_rout_test_failed_destroys_the_unit_and_its_attached_commander() -> None:
    """A failed rout test destroys the unit, and its attached commander dies with it
    [Shooting: Rout Test] [Like a Hero]."""
    state, start = _fire_at_yellow_1(6.0, dm=4)
    roll(state, 2)
    roll(state, 0)  # Dm 6 against Stamina 4: two rout points
    roll(state, 1)  # Discipline 4 dice: one 6 is not enough
    events = events_since(state, start)
    assert "Yellow 1 takes a rout test: 2 rout point(s)." in events
    assert "Yellow 1 is destroyed." in events
    assert "Maximilian Teuffel dies with Yellow 1, like a hero." in events
    assert state.vp == [2, 0]


def test_rout_test_passed_leaves_the_unit_weary() -> None:
    """A passed rout test leaves the unit at its Stamina [Shooting: Rout Test] [Weary (Usé)]."""
    state, start = _fire_at_yellow_1(6.0, dm=4)
    roll(state, 2)
    roll(state, 0)
    roll(state, 2)
    unit = GAME.troop_index["Yellow 1"]
    assert state.alive[unit] and state.dm[unit] == 4
    assert "Yellow 1 holds with 2 six(es) and is weary." in events_since(state, start)


def test_order_test_of_a_unit_with_dm_and_its_failure() -> None:
    """A unit with Dm tests its order with Discipline dice and loses it on a failure
    [Testing Orders]."""
    state = GAME.new_initial_state()
    start_activation(state, {"Idiáquez": "Fire!"})
    state = placed(GAME, state, {}, dm={"Idiáquez": 1})
    start = len(state.events)
    apply(state, "activate Idiáquez")
    # Discipline 5, attached to Francisco de Ibarra (no penalty): 5 dice at 5+.
    assert "Idiáquez tests its order with 5 dice." in events_since(state, start)
    roll(state, 0)
    assert "Idiáquez fails its order test and loses its order." in events_since(state, start)
    assert state.current_player() == 1  # the Swedish side activates next


def test_resist_removes_one_dm_from_the_second_and_dense_per_success() -> None:
    """A Large (Dense) unit under Resist! removes a Dm per success, never the last
    [Order Cards: Resist!] [Large (Dense)]."""
    state = GAME.new_initial_state()
    start_activation(state, {"Idiáquez": "Resist!"})
    state = placed(GAME, state, {}, dm={"Idiáquez": 3})
    apply(state, "activate Idiáquez")
    roll(state, 2)  # the Tercio is Dense: one Dm per success, never the last
    assert state.dm[GAME.troop_index["Idiáquez"]] == 1


def _charge(attacker: str, target: str, where: dict[str, tuple[float, float, float]]):  # type: ignore[no-untyped-def]
    state = GAME.new_initial_state()
    start_activation(state, {attacker: "Assault!"})
    state = placed(GAME, state, where)
    start = len(state.events)
    apply(state, f"activate {attacker}")
    if f"{attacker}: charge {target}" in texts(state):
        apply(state, f"{attacker}: charge {target}")
    apply(state, "do not react")
    return state, start


def test_cavalry_breaks_infantry_which_is_destroyed_in_pursuit() -> None:
    """Cavalry that breaks infantry destroys it: the attacker's round, the defender's
    resistance, the defender's round [Combat: Combat Rounds] [Combat roll] [Resistance roll]
    [Pursuit] [Consequences of Combat] [Types of Troops]."""
    state, start = _charge(
        "Cuirassiers of Flanders",
        "Yellow musketeers",
        {"Cuirassiers of Flanders": (30.0, 24.0, 90.0), "Yellow musketeers": (30.0, 29.0, 270.0)},
    )
    roll(state, 3)  # Melee 4 + Assault = 6 dice at Def. Cav. 3
    roll(state, 0)  # Courage 3 at 5+: nothing parried, the musketeers are broken
    roll(state, 0)  # Melee 2 at the cuirassiers' Def. Inf. 4: no hit
    roll(state, 1)  # rout test: 1 rout point, one 6
    events = events_since(state, start)
    assert (
        "Combat round 1: Cuirassiers of Flanders 6 dice at 3+, Yellow musketeers 2 dice at 4+."
        in events
    )
    assert "Cuirassiers of Flanders wins the combat." in events
    assert "Yellow musketeers is destroyed." in events
    assert state.vp[0] == 1


def test_a_tie_between_pike_units_allows_dirty_war() -> None:
    """A tie between two pike units may go on with "Dirty war!", without charge bonuses, Swordsmen
    (+) ["Dirty war!"] [Swordsmen] [Tie]."""
    state, start = _charge(
        "Idiáquez",
        "Yellow 2",
        {"Idiáquez": (30.0, 24.0, 90.0), "Yellow 2": (30.0, 29.0, 270.0)},
    )
    roll(state, 1)
    roll(state, 1)
    roll(state, 1)
    roll(state, 1)
    assert texts(state) == ["declare dirty war!", "no dirty war"]
    apply(state, "declare dirty war!")
    assert "Dirty war! Another combat round." in events_since(state, start)
    # No charge bonus any more, but Idiáquez has Swordsmen (+) in the additional rounds.
    round_two = "Combat round 2: Idiáquez 6 dice at 4+, Yellow 2 3 dice at 4+."
    assert round_two in events_since(state, start)


def test_the_loser_disengages_and_a_tie_makes_the_attacker_disengage() -> None:
    """The loser that parried a hit disengages [Disengagement] [Consequences of Combat]."""
    state, start = _charge(
        "Idiáquez",
        "Yellow 2",
        {"Idiáquez": (30.0, 24.0, 90.0), "Yellow 2": (30.0, 29.0, 270.0)},
    )
    roll(state, 2)
    roll(state, 1)  # Yellow 2 takes 1 Dm and parried one: not broken
    roll(state, 0)
    events = events_since(state, start)
    assert "Idiáquez wins the combat." in events
    assert "Yellow 2 disengages." in events


def test_initiative_tie_goes_to_the_higher_ranked_commander_in_chief_or_is_rerolled() -> None:
    """Equal ranks on a tied die: roll again; the winner chooses who plays first
    [Game Sequence: Initiative] [Game Sequence]."""
    state = GAME.new_initial_state()
    plan(state, {})
    apply(state, "Die: 4", "Die: 4")  # both C-C are rank 2: roll again
    assert state.chance_outcomes() and "Initiative: Spanish 4, Swedish 4." in events_since(state, 0)
    apply(state, "Die: 2", "Die: 5")
    assert texts(state) == ["Spanish plays first", "Swedish plays first"]
    assert state.current_player() == 1


def test_forlorn_hope_never_receives_assault(tmp_path: Path) -> None:
    """A Forlorn Hope company is never offered the Assault! order [Companies] [Forlorn Hope]."""
    text = shipped_armies()["spanish_1000"].read_text(encoding="utf-8")
    text = text.replace(
        '{ profile = "Musketeer Company", name = "Mangas de Idiáquez" },',
        '{ profile = "Forlorn Hope", name = "Enfants perdus" },',
    )
    army = tmp_path / "forlorn.toml"
    army.write_text(text, encoding="utf-8")
    game = load(armies=(str(army), "swedish_1000"))
    state = game.new_initial_state()
    while "order Enfants perdus: Ready!" not in texts(state):
        state.apply_action(state.legal_actions()[0])
    assert texts(state) == [
        "order Enfants perdus: Ready!",
        "order Enfants perdus: Run!",
        "order Enfants perdus: Fire!",
        "order Enfants perdus: Resist!",
    ]


def test_commander_alone_near_a_destroyed_unit_takes_flight() -> None:
    """An unattached commander left alone near a destroyed unit tests and flees [Leaving a Troop]
    [Commanders and Losses]."""
    state, start = _fire_at_yellow_1(6.0)
    doc = state.to_json()
    horn = next(o.index for o in GAME.officers if o.label.startswith("Gustav Horn"))
    doc["state"]["ox"][horn], doc["state"]["oy"][horn] = 36.0, 27.0
    doc["state"]["dm"][GAME.troop_index["Yellow 1"]] = 4
    doc["state"]["x"][GAME.troop_index["Yellow 1"]] = 30.0
    loaded = GAME.state_from_json(doc)
    roll(loaded, 2)
    roll(loaded, 0)
    roll(loaded, 0)  # the rout test fails: Yellow 1 is destroyed
    roll(loaded, 0)  # Gustav Horn's flight test (rank 2): no success
    events = events_since(loaded, start)
    assert "Gustav Horn (Swedish C-C) is left alone near a destroyed unit: flight test." in events
    assert "Gustav Horn (Swedish C-C) takes flight." in events
    assert loaded.vp[0] == 1 + 1 + 2  # the unit, Teuffel like a hero, the C-C


def test_impetuous_fresh_unit_that_fails_its_test_charges(tmp_path: Path) -> None:
    """A fresh Impetuous unit without Assault! that fails its test charges [Impetuous]."""
    text = shipped_armies()["spanish_500"].read_text(encoding="utf-8")
    text = text.replace(
        'name = "Cuirassiers of Flanders" }',
        'name = "Cuirassiers of Flanders", options = ["Unhesitating"] }',
    )
    army = tmp_path / "impetuous.toml"
    army.write_text(text, encoding="utf-8")
    game = load(armies=(str(army), "swedish_500"))
    state = game.new_initial_state()
    start_activation(state, {"Cuirassiers of Flanders": "Fire!"})
    state = placed(
        game,
        state,
        {"Cuirassiers of Flanders": (40.0, 24.0, 90.0), "Yellow 1": (40.0, 30.0, 270.0)},
    )
    start = len(state.events)
    apply(state, "activate Cuirassiers of Flanders")
    roll(state, 0)
    apply(state, "Cuirassiers of Flanders: charge Yellow 1")
    events = events_since(state, start)
    assert "Cuirassiers of Flanders charges impetuously, ignoring its order." in events
    assert "Cuirassiers of Flanders charges Yellow 1." in events


def test_caracole_withdraws_after_firing() -> None:
    """After its shot a unit with Caracole tests and withdraws its move [Caracole]."""
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
    apply(state, "Arcabuceros 1: caracole")  # the test is the unit's choice
    roll(state, 1)  # the Discipline test after the shot
    apply(state, "Arcabuceros 1: withdraw")  # so is the withdrawal it allows
    assert "Arcabuceros 1 caracoles back." in events_since(state, 0)
    assert state.y[game.troop_index["Arcabuceros 1"]] == pytest.approx(before - 8.0)
