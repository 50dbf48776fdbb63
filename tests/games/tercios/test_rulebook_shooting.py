"""Rulebook-first audit: the chapter Shooting (and Shooting Weapons), from the text alone."""

from __future__ import annotations

import pytest

from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load, roll, texts
from .rulebook import dice_rolled, edited, officers_edited, outcomes, unit

# A Tercio (depth 6 cm) facing 90 at y=20 has its front centre at y=21.181; a battalion
# facing 270 at y has its front centre at y-1.181; a gun (4 cm) facing 90 at y=20 has its
# front centre at y=20.787.
TERCIO_FRONT = 21.181
HALF_DEPTH = 1.181
GUN_FRONT = 20.787


def facing_tercio(distance: float) -> float:
    """The y of a battalion facing a Tercio at y=20 with ``distance`` between front centres."""
    return TERCIO_FRONT + distance + HALF_DEPTH


def fire_at_yellow_1(
    distance: float, order: str = "Fire!", shooter: str = "Idiáquez"
) -> TerciosState:
    game = load()
    front = TERCIO_FRONT if shooter in {"Idiáquez", "Verdugo"} else GUN_FRONT
    state = battle(
        game,
        {shooter: order},
        {shooter: (30.0, 20.0, 90.0), "Yellow 1": (30.0, front + distance + HALF_DEPTH, 270.0)},
    )
    apply(state, f"activate {shooter}")
    return state


def test_shooting_dice_fire_rolls_the_whole_shoot_value() -> None:
    """Shooting Dice / Fire!: a Fire! volley rolls as many dice as the Shoot value (Tercio 3/2 at 6
    inches: 3)."""
    state = fire_at_yellow_1(6.0)
    apply(state, "Idiáquez: shoot Yellow 1")
    assert dice_rolled(state) == 3


def test_arquebus_musket_second_value_between_8_and_12_inches() -> None:
    """Arquebus/Musket: beyond 8 inches only the muskets
    fire, with the second Shoot value (3/2: 2)."""
    state = fire_at_yellow_1(10.0)
    apply(state, "Idiáquez: shoot Yellow 1")
    assert dice_rolled(state) == 2


def test_arquebus_musket_first_value_up_to_8_inches() -> None:
    """Arquebus/Musket: at 8 inches or less the combined fire uses the first Shoot value (3)."""
    state = fire_at_yellow_1(7.9)
    apply(state, "Idiáquez: shoot Yellow 1")
    assert dice_rolled(state) == 3


def test_range_muskets_reach_12_inches_and_no_further() -> None:
    """Range: a musket-armed unit may fire at 12 inches but not beyond."""
    near = fire_at_yellow_1(11.9)
    far = fire_at_yellow_1(12.3)
    assert "Idiáquez: shoot Yellow 1" in texts(near)
    assert "Idiáquez: shoot Yellow 1" not in texts(far)


def test_range_light_guns_reach_18_inches_and_no_further() -> None:
    """Range: light guns fire up to 18 inches, not beyond."""
    near = fire_at_yellow_1(17.9, shooter="Light guns")
    far = fire_at_yellow_1(18.3, shooter="Light guns")
    assert "Light guns: shoot Yellow 1" in texts(near)
    assert "Light guns: shoot Yellow 1" not in texts(far)


def test_range_pistols_reach_4_inches_and_no_further() -> None:
    """Range: pistols (the Cuirassiers' weapon) fire up to 4 inches, not beyond."""
    game = load()
    # Cuirassiers (4 cm deep) facing 90 at y=20: front centre at y=20.787.
    for distance, allowed in ((3.9, True), (4.3, False)):
        state = battle(
            game,
            {"Cuirassiers of Flanders": "Fire!"},
            {
                "Cuirassiers of Flanders": (30.0, 20.0, 90.0),
                "Yellow 1": (30.0, GUN_FRONT + distance + HALF_DEPTH, 270.0),
            },
        )
        apply(state, "activate Cuirassiers of Flanders")
        assert ("Cuirassiers of Flanders: shoot Yellow 1" in texts(state)) is allowed


def test_cannons_fire_only_with_the_fire_order() -> None:
    """Cannons: a gun may shoot only under a Fire! order, so Ready! offers it no shot."""
    ready = fire_at_yellow_1(10.0, order="Ready!", shooter="Light guns")
    fire = fire_at_yellow_1(10.0, order="Fire!", shooter="Light guns")
    assert not any(": shoot " in text for text in texts(ready))
    assert "Light guns: shoot Yellow 1" in texts(fire)


def test_order_cards_ready_shot_is_reduced() -> None:
    """Order Cards: Ready!: a shot taken under Ready! has Shoot- (3 becomes 2)."""
    state = fire_at_yellow_1(6.0, order="Ready!")
    apply(state, "Idiáquez: shoot Yellow 1")
    assert dice_rolled(state) == 2


def test_shooting_dice_hit_on_the_targets_volley_defence() -> None:
    """Shooting Dice: each die hits on the target's Volley defence or more (a Tercio: 4)."""
    game = load()
    state = battle(
        game,
        {"Yellow 1": "Fire!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, facing_tercio(6.0), 270.0)},
        first="Swedish",
    )
    apply(state, "activate Yellow 1", "Yellow 1: shoot Idiáquez")
    assert state.events[-1].text.endswith("dice at 4+.")
    assert state.events[-1].rule.startswith("Shooting")


def test_shooting_dice_artillery_hits_on_ball_defence() -> None:
    """Shooting Dice: artillery fire hits on the target's Ball defence (a Tercio: 3)."""
    game = load()
    # Leather guns (4 cm) facing 270 at y: front centre at y-0.787.
    state = battle(
        game,
        {"Leather guns": "Fire!"},
        {
            "Idiáquez": (30.0, 20.0, 90.0),
            "Leather guns": (30.0, TERCIO_FRONT + 10.0 + 0.787, 270.0),
        },
        first="Swedish",
    )
    apply(state, "activate Leather guns", "Leather guns: shoot Idiáquez")
    assert state.events[-1].text.endswith("dice at 3+.")


def test_shooting_dice_no_hit_ends_the_shot() -> None:
    """Shooting Dice: with no hit the shot stops: no resistance test, no Dm."""
    state = fire_at_yellow_1(6.0)
    apply(state, "Idiáquez: shoot Yellow 1")
    start = len(state.events)
    roll(state, 0)
    assert state.current_player() == 1  # the shot is over: the Swedes activate next
    assert not any("resists" in event.text for event in state.events[start:])
    assert unit(state, "Yellow 1")["dm"] == 0
    assert not unit(state, "Yellow 1")["disorder"]


def test_resistance_test_rolls_courage_at_4_against_light_weapons() -> None:
    """Resistance test: the target rolls its Courage in dice, each 4+ saving one hit from small
    arms."""
    state = fire_at_yellow_1(6.0)
    apply(state, "Idiáquez: shoot Yellow 1")
    roll(state, 2)
    assert dice_rolled(state) == unit(state, "Yellow 1")["values"]["courage_shot"] == 4
    probabilities = {a.text: p for a, p in state.chance_outcomes()}
    assert probabilities["Roll: 4 successes"] == pytest.approx(1 / 16)


def test_resistance_test_needs_a_6_against_artillery() -> None:
    """Resistance test: against artillery only a 6 saves a hit."""
    state = fire_at_yellow_1(10.0, shooter="Light guns")
    apply(state, "Light guns: shoot Yellow 1")
    roll(state, 1)
    probabilities = {a.text: p for a, p in state.chance_outcomes()}
    assert probabilities["Roll: 4 successes"] == pytest.approx(1 / 6**4)


def test_resistance_each_success_cancels_a_hit_and_the_rest_are_dm() -> None:
    """Damage (Dm): each hit not saved by the resistance test is one Dm."""
    state = fire_at_yellow_1(6.0)
    apply(state, "Idiáquez: shoot Yellow 1")
    roll(state, 3)
    roll(state, 1)
    assert unit(state, "Yellow 1")["dm"] == 2
    assert not unit(state, "Yellow 1")["disorder"]


def test_resistance_no_success_puts_the_target_in_disorder() -> None:
    """Resistance test: with no success at all the target falls into Disorder as well as taking the
    Dm."""
    state = fire_at_yellow_1(6.0)
    apply(state, "Idiáquez: shoot Yellow 1")
    roll(state, 2)
    roll(state, 0)
    assert unit(state, "Yellow 1")["dm"] == 2
    assert unit(state, "Yellow 1")["disorder"]


def test_resistance_all_hits_saved_leaves_no_dm() -> None:
    """Resistance test: saving every hit leaves the target without Dm and in order."""
    state = fire_at_yellow_1(6.0)
    apply(state, "Idiáquez: shoot Yellow 1")
    roll(state, 2)
    roll(state, 3)
    assert unit(state, "Yellow 1")["dm"] == 0
    assert not unit(state, "Yellow 1")["disorder"]


def _shot_into_rout(dm_before: int, hits: int) -> TerciosState:
    game = load()
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, facing_tercio(6.0), 270.0)},
        dm={"Yellow 1": dm_before},
    )
    apply(state, "activate Idiáquez", "Idiáquez: shoot Yellow 1")
    roll(state, hits)
    roll(state, 1)
    return state


def test_rout_test_rolls_discipline_and_needs_a_6_per_rout_point() -> None:
    """Rout Test: past its Stamina a unit rolls its Discipline in dice, needing one 6 per Rout
    Point."""
    state = _shot_into_rout(dm_before=3, hits=3)  # 3 + 2 = 5 Dm on Stamina 4: 1 Rout Point
    assert dice_rolled(state) == unit(state, "Yellow 1")["values"]["discipline"] == 4
    probabilities = {a.text: p for a, p in state.chance_outcomes()}
    assert probabilities["Roll: 4 successes"] == pytest.approx(1 / 6**4)


def test_rout_test_passed_leaves_the_unit_at_its_stamina() -> None:
    """Rout Test: enough 6s keep the unit on the table with Dm equal to its Stamina (Weary)."""
    state = _shot_into_rout(dm_before=3, hits=3)
    roll(state, 1)
    yellow = unit(state, "Yellow 1")
    assert yellow["alive"] and yellow["dm"] == yellow["stamina"] == 4
    assert yellow["weary"]


def test_rout_test_two_rout_points_need_two_sixes() -> None:
    """Rout Test: with 2 Rout Points a single 6 is not enough and the unit is removed."""
    state = _shot_into_rout(dm_before=4, hits=3)  # 4 + 2 = 6 Dm on Stamina 4: 2 Rout Points
    roll(state, 1)
    assert not unit(state, "Yellow 1")["alive"]


def test_rout_test_failed_removes_the_unit() -> None:
    """Rout Test: without the 6s needed the unit breaks and leaves the game."""
    state = _shot_into_rout(dm_before=3, hits=3)
    roll(state, 0)
    assert not unit(state, "Yellow 1")["alive"]


def test_rout_test_discipline_is_never_modified() -> None:
    """Rout Test: no bonus or penalty touches the Discipline rolled, even far from any commander."""
    game = load()
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
        {
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 2": (30.0, facing_tercio(6.0), 270.0),
            "Yellow 1": (60.0, 40.0, 270.0),
        },
        dm={"Yellow 2": 4},
    )
    # Yellow 2 has no commander attached; the Swedish C-C is moved far away.
    state = officers_edited(
        state, ox={"Gustav Horn (Swedish C-C)": 68.0}, oy={"Gustav Horn (Swedish C-C)": 45.0}
    )
    apply(state, "activate Idiáquez", "Idiáquez: shoot Yellow 2")
    roll(state, 2)
    roll(state, 1)
    assert dice_rolled(state) == 4


def test_weary_unit_shoots_with_a_penalty() -> None:
    """Status Markers: Weary: a unit with Dm equal to its Stamina shoots with Shoot- (Fire! 3
    becomes 2)."""
    game = load()
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, facing_tercio(6.0), 270.0)},
        dm={"Idiáquez": 5},
    )
    apply(state, "activate Idiáquez")
    roll(state, 1)  # a unit with Dm tests its order
    apply(state, "Idiáquez: shoot Yellow 1")
    assert dice_rolled(state) == 2


def test_selecting_the_target_no_shot_through_another_unit() -> None:
    """Selecting the Target: the line of sight may not cross another unit, friend or foe."""
    game = load()
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
        {
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 1": (30.0, facing_tercio(10.0), 270.0),
            "Cuirassiers of Flanders": (30.0, 26.0, 90.0),
        },
    )
    apply(state, "activate Idiáquez")
    assert "Idiáquez: shoot Yellow 1" not in texts(state)


def test_selecting_the_target_shooter_chooses_among_several() -> None:
    """Shooting: with several targets in range the shooter picks which one."""
    game = load()
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
        {
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 1": (27.0, facing_tercio(6.0), 270.0),
            "Yellow 2": (33.0, facing_tercio(9.0), 270.0),
        },
    )
    apply(state, "activate Idiáquez")
    assert {"Idiáquez: shoot Yellow 1", "Idiáquez: shoot Yellow 2"} <= set(texts(state))


def test_order_cards_fire_may_not_move_or_reorient() -> None:
    """Order Cards: Fire!: the unit stays in place: no move and no reorientation is offered."""
    state = fire_at_yellow_1(6.0)
    assert not any(("advance" in text or "reorient" in text) for text in texts(state))


def test_disorder_lowers_courage_for_the_resistance_test() -> None:
    """Disorder: a disordered unit resists with Courage- (4 becomes 2)."""
    game = load()
    state = battle(
        game,
        {"Idiáquez": "Fire!"},
        {"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, facing_tercio(6.0), 270.0)},
    )
    state = edited(state, disorder={"Yellow 1": True})
    apply(state, "activate Idiáquez", "Idiáquez: shoot Yellow 1")
    roll(state, 1)
    assert dice_rolled(state) == 2
    assert "Roll: 3 successes" not in outcomes(state)
