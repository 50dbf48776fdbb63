"""Rulebook-first audit: the chapters Movement (Activation Movement, Obstacles, Overlap,
Reorientation) and Terrain and Movement, with the terrain effects of Shooting and Combat."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, battle, load, roll, texts, with_commanders_at
from .rulebook import detached, dice_rolled, unit

C_C = "Gonzalo Fernández de Córdoba (Spanish C-C)"


def standard() -> Tercios:
    """The standard table: West copse (very difficult, Hidden, In cover) centred (13.43, 25.62)
    with radius 4; Central hill centred (35.43, 23.62), radius 5; North hedge x 19.43-27.43,
    y 30.32-30.92."""
    return load("standard")


def ready(
    where: dict[str, tuple[float, float, float]],
    order: str = "Ready!",
    name: str = "Idiáquez",
    game: Tercios | None = None,
    first: str = "Spanish",
) -> TerciosState:
    state = battle(game or load(), {name: order}, where, first=first)
    apply(state, f"activate {name}")
    return state


def legal(state: TerciosState, text: str) -> bool:
    try:
        state.clone().apply_action(text)
    except stratagem.IllegalAction:
        return False
    return True


def test_activation_movement_no_further_than_the_mvt() -> None:
    """Activation Movement: the new position may not be
    further than the Mvt in inches (Tercio: 4)."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0)})
    assert legal(state, "move Idiáquez to 30.0,25.1")  # 3.92 inches
    assert not legal(state, "move Idiáquez to 30.0,25.3")  # 4.12 inches


def test_activation_movement_pivot_at_most_90_degrees() -> None:
    """Activation Movement: the pivot towards the destination may not exceed 90 degrees."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0)})
    assert legal(state, "move Idiáquez to 27.5,21.2 facing 180")  # a quarter turn
    assert not legal(state, "move Idiáquez to 27.5,20.5 facing 180")  # 105 degrees
    assert not legal(state, "move Idiáquez to 30.0,18.0")  # straight back: 180 degrees


def test_activation_movement_the_unit_faces_the_way_it_moved() -> None:
    """Activation Movement: the unit ends facing the direction it moved (no other facing if nothing
    overlaps)."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0)})
    assert not legal(state, "move Idiáquez to 32.0,24.0 facing 90")
    apply(state, "move Idiáquez to 32.0,24.0")
    assert unit(state, "Idiáquez")["facing"] == pytest.approx(54.6, abs=0.5)  # atan2(2.819, 2)


def test_activation_movement_the_line_may_not_cross_a_unit() -> None:
    """Activation Movement: the line from the front centre to the destination may not cross another
    unit."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0), "Verdugo": (30.0, 23.0, 90.0)})
    assert not legal(state, "move Idiáquez to 30.0,25.1")


def _between(gap: float) -> TerciosState:
    """Idiáquez (Run!) about to pass between Light
    guns and the Cuirassiers, ``gap`` inches apart."""
    half = gap / 2
    return ready(
        {
            "Idiáquez": (30.0, 20.0, 90.0),
            "Light guns": (30.0 - half - 0.7875, 22.5, 90.0),
            "Cuirassiers of Flanders": (30.0 + half + 1.575, 22.5, 90.0),
        },
        order="Run!",
    )


def test_obstacles_passing_between_needs_a_3_inch_gap() -> None:
    """Obstacles: a move between two units is possible only through a gap of 3 inches or more."""
    assert not legal(_between(2.5), "move Idiáquez to 30.0,29.0")
    assert legal(_between(3.4), "move Idiáquez to 30.0,29.0")


def test_overlap_a_move_may_not_end_on_another_base() -> None:
    """Overlap: a unit may not end its move overlapping another base."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0), "Verdugo": (30.0, 26.0, 90.0)})
    assert legal(state, "move Idiáquez to 30.0,24.8")  # touching Verdugo's rear
    assert not legal(state, "move Idiáquez to 30.0,25.1")


def test_overlap_a_commander_may_be_passed_through() -> None:
    """Overlap: commanders are an exception: a unit may move through one."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0)})
    state = detached(state, "Carlos Coloma", at=(30.0, 23.0))
    assert legal(state, "move Idiáquez to 30.0,25.1")


def test_overlap_passed_artillery_is_pushed_back_behind_the_unit() -> None:
    """Overlap: artillery may be passed through; if the mover ends on it, it is pushed back by up to
    an inch."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0), "Light guns": (30.0, 22.0, 90.0)})
    apply(state, "move Idiáquez to 30.0,25.0")
    guns, idiaquez = unit(state, "Light guns"), unit(state, "Idiáquez")
    rear_of_mover = idiaquez["front"][1] - idiaquez["depth"]
    assert guns["front"][1] <= rear_of_mover + 0.01
    assert 22.0 - guns["y"] <= 1.0 + 0.01


def test_reorientation_left_right_and_about() -> None:
    """Reorientation: the front is brought to a side centre (a quarter turn) or to the rear (a half
    turn)."""
    for action, facing in (("left", 180.0), ("right", 0.0), ("about", 270.0)):
        state = ready({"Idiáquez": (30.0, 20.0, 90.0)})
        apply(state, f"Idiáquez: reorient {action}")
        assert unit(state, "Idiáquez")["facing"] == facing


def test_very_difficult_terrain_puts_a_unit_in_disorder() -> None:
    """Terrain and Movement: very difficult terrain (a copse) puts a unit whose front centre enters
    it in disorder."""
    state = ready({"Idiáquez": (13.43, 18.8, 90.0)}, game=standard())
    apply(state, "move Idiáquez to 13.43,21.9")
    assert unit(state, "Idiáquez")["disorder"]


def test_very_difficult_terrain_reduces_movement() -> None:
    """Terrain and Movement: very difficult terrain reduces movement: a 3-inch move into the copse
    is refused."""
    copse = ready({"Idiáquez": (13.43, 18.8, 90.0)}, game=standard())
    open_ground = ready({"Idiáquez": (13.43, 10.0, 90.0)}, game=standard())
    assert legal(open_ground, "move Idiáquez to 13.43,14.2")
    assert not legal(copse, "move Idiáquez to 13.43,23.0")


def test_terrain_only_the_front_centre_marks_the_ground_crossed() -> None:
    """Terrain and Movement: terrain counts only where the front centre crosses it: stopping short
    of the copse is free."""
    state = ready({"Idiáquez": (13.43, 18.8, 90.0)}, game=standard())
    apply(state, "move Idiáquez to 13.43,21.5")
    assert not unit(state, "Idiáquez")["disorder"]


def test_light_treats_very_difficult_as_difficult_and_is_not_disordered() -> None:
    """Light: a Light unit entering very difficult terrain is not put in disorder."""
    state = ready(
        {"Yellow musketeers": (13.43, 32.0, 270.0)},
        name="Yellow musketeers",
        game=standard(),
        first="Swedish",
    )
    apply(state, "move Yellow musketeers to 13.43,29.0")
    assert not unit(state, "Yellow musketeers")["disorder"]


def test_difficult_terrain_reduces_movement() -> None:
    """Terrain and Movement: crossing a hedge (difficult) reduces movement: the full Mvt of 5 is
    refused."""
    hedge = ready(
        {"Yellow musketeers": (23.43, 33.0, 270.0)},
        name="Yellow musketeers",
        game=standard(),
        first="Swedish",
    )
    open_ground = ready(
        {"Yellow musketeers": (45.0, 33.0, 270.0)},
        name="Yellow musketeers",
        game=standard(),
        first="Swedish",
    )
    assert legal(open_ground, "move Yellow musketeers to 45.0,27.4")
    assert not legal(hedge, "move Yellow musketeers to 23.43,27.4")


def test_commander_movement_is_not_penalised_by_terrain() -> None:
    """Activating a Commander: a commander's move ignores terrain other than impassable: 6 inches
    through a copse."""
    game = standard()
    state = battle(game, {}, {})
    state = with_commanders_at(state, {C_C: (13.43, 19.0)})
    apply(state, f"activate commander {C_C}")
    assert legal(state, f"move {C_C} to 13.43,24.9")


def test_hidden_no_shot_at_a_unit_inside_a_copse() -> None:
    """Shooting and Terrain: Hidden: a unit inside a copse cannot be shot at from outside it."""
    state = battle(
        standard(),
        {"Idiáquez": "Fire!"},
        {"Yellow 1": (13.43, 25.62, 270.0), "Idiáquez": (13.43, 14.0, 90.0)},
    )
    if "activate Idiáquez" in texts(state):
        apply(state, "activate Idiáquez")
    assert "Idiáquez: shoot Yellow 1" not in texts(state)


def test_hidden_units_in_a_copse_cannot_be_charged() -> None:
    """Terrain Effects in Combat: Hidden terrain protects the units inside it from charges."""
    state = ready(
        {"Yellow 1": (13.43, 25.62, 270.0), "Idiáquez": (13.43, 16.5, 90.0)},
        order="Assault!",
        game=standard(),
    )
    assert "Idiáquez: charge Yellow 1" not in texts(state)


def test_in_cover_behind_a_hedge_the_target_resists_with_courage_bonus() -> None:
    """Shooting and Terrain: In cover: a unit behind a hedge resists shots with Courage+ (4 becomes
    6)."""
    state = battle(
        standard(),
        {"Idiáquez": "Fire!"},
        {"Yellow 1": (23.43, 32.101, 270.0), "Idiáquez": (23.43, 23.0, 90.0)},
    )
    apply(state, "activate Idiáquez", "Idiáquez: shoot Yellow 1")
    roll(state, 2)
    assert dice_rolled(state) == 6


def test_height_a_unit_on_the_hill_gets_a_melee_bonus() -> None:
    """Terrain Effects in Combat: Height: a unit with all its centres on a hill fights an enemy
    below with Melee+."""
    state = battle(
        standard(),
        {"Yellow 1": "Assault!"},
        {"Idiáquez": (35.43, 20.25, 270.0), "Yellow 1": (35.43, 14.5, 90.0)},
        first="Swedish",
    )
    apply(state, "activate Yellow 1", "Yellow 1: charge Idiáquez", "do not react")
    assert state.events[-1].text.endswith("Idiáquez 6 dice at 4+.")


def test_angle_correction_at_most_45_degrees() -> None:
    """Angle Correction: a unit ending on another may pivot to clear it, but by no more than 45
    degrees."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0), "Verdugo": (33.8, 25.8, 90.0)})
    with pytest.raises(stratagem.IllegalAction, match="45"):
        state.clone().apply_action("move Idiáquez to 30.0,25.0 facing 140")


def test_angle_correction_only_when_the_move_would_overlap() -> None:
    """Angle Correction / Activation Movement: with nothing to clear, the unit may not end at
    another facing."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0)})
    assert not legal(state, "move Idiáquez to 30.0,25.0 facing 60")


def test_angle_correction_overlap_that_persists_stops_the_move_at_contact() -> None:
    """Angle Correction: if the overlap cannot be corrected, the move stops back where the bases
    first touch."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0), "Verdugo": (33.8, 25.8, 90.0)})
    apply(state, "move Idiáquez to 30.0,25.0")
    assert unit(state, "Idiáquez")["front"][1] == pytest.approx(25.8 - 1.181, abs=0.05)


def test_overlap_a_commander_passed_through_may_join_the_unit() -> None:
    """Overlap: a commander a unit passes through may choose to join it, or stand 1 inch off on any
    side."""
    state = ready({"Idiáquez": (30.0, 20.0, 90.0)})
    state = detached(state, "Francisco de Ibarra", at=(30.0, 23.0))
    apply(state, "move Idiáquez to 30.0,25.1")
    assert any("join" in text for text in texts(state))
