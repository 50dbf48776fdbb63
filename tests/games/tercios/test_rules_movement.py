"""Movement, flank charges and lines of sight, through exact moves and the legal actions
(Activation Movement; Obstacles; Flank Charges; Selecting the Target; Hidden terrain)."""

from __future__ import annotations

import pytest

from stratagem import IllegalAction

from .helpers import apply, load, placed, start_activation, texts

GAME = load()


def _ready(order: str = "Ready!", **where: tuple[float, float, float]):  # type: ignore[no-untyped-def]
    state = GAME.new_initial_state()
    start_activation(state, {"Idiáquez": order})
    state = placed(GAME, state, where)
    apply(state, "activate Idiáquez")
    return state


def test_a_move_blocked_by_a_unit_is_refused_with_the_rule() -> None:
    """A move whose line crosses another unit is refused, naming it, state unchanged
    [Activation Movement]."""
    state = _ready(**{"Idiáquez": (30.0, 20.0, 90.0), "Yellow 1": (30.0, 23.5, 270.0)})
    before = state.to_json()
    with pytest.raises(IllegalAction, match="the line of the move crosses Yellow 1"):
        state.apply_action("move Idiáquez to 30,25.1")
    assert state.to_json() == before


def test_a_gap_under_three_inches_is_refused_and_a_wider_one_allowed() -> None:
    """A move between two units less than 3 inches apart is refused; a wider gap is allowed
    [Obstacles]."""
    narrow = _ready(
        "Run!",
        **{
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 1": (26.0, 23.0, 270.0),
            "Yellow 2": (33.0, 23.0, 270.0),
        },
    )
    with pytest.raises(IllegalAction, match="passes between Yellow 1 and Yellow 2, less than 3"):
        narrow.apply_action("move Idiáquez to 30,27")
    wide = _ready(
        "Run!",
        **{
            "Idiáquez": (30.0, 20.0, 90.0),
            "Yellow 1": (26.0, 23.0, 270.0),
            "Yellow 2": (34.0, 23.0, 270.0),
        },
    )
    wide.apply_action("move Idiáquez to 30,27")
    assert "Idiáquez moves to 30.0,27.0." in [e.text for e in wide.events]


def test_a_pivot_over_ninety_degrees_is_refused() -> None:
    """The pivot towards the destination may not exceed 90 degrees [Activation Movement]."""
    state = _ready(Idiáquez=(30.0, 20.0, 90.0))
    with pytest.raises(IllegalAction, match="pivot towards the destination would be 126 degrees"):
        state.apply_action("move Idiáquez to 27,19")


def test_a_move_beyond_the_units_speed_is_refused() -> None:
    """A move longer than the unit's Mvt is refused [Activation Movement]."""
    state = _ready(Idiáquez=(30.0, 20.0, 90.0))
    with pytest.raises(IllegalAction, match=r"the move is 5\.00 inches; this unit may move 4"):
        state.apply_action("move Idiáquez to 30,26.18")


def test_facing_other_than_the_move_only_as_an_angle_correction() -> None:
    """A facing other than the move's direction is only an Angle Correction [Angle Correction]."""
    state = _ready(Idiáquez=(30.0, 20.0, 90.0))
    with pytest.raises(IllegalAction, match="only an Angle Correction when the move would end"):
        state.apply_action("move Idiáquez to 30,24 facing 60")


def test_exact_move_applies_and_reads_back() -> None:
    state = _ready(Idiáquez=(30.0, 20.0, 90.0))
    action = GAME.parse_action("MOVE  idiáquez to 31.5,24")
    assert action.text == "move Idiáquez to 31.5,24"
    state.apply_action(action)
    assert state.history[-1].text == "move Idiáquez to 31.5,24"
    again = GAME.state_from_json(state.to_json())
    assert again.to_json() == state.to_json()


def test_exact_move_of_an_unknown_unit_or_out_of_turn() -> None:
    state = _ready(Idiáquez=(30.0, 20.0, 90.0))
    with pytest.raises(IllegalAction, match="no unit or commander named 'Nobody'"):
        state.apply_action("move Nobody to 1,1")
    with pytest.raises(IllegalAction, match="only Idiáquez may move now"):
        state.apply_action("move Verdugo to 40,14")


def test_flank_charge_detected_from_behind_the_front_line() -> None:
    """A charger starting behind the line of the target's front charges it in the flank
    [Flank Charges]."""
    state = GAME.new_initial_state()
    start_activation(state, {"Cuirassiers of Flanders": "Assault!"})
    state = placed(
        GAME,
        state,
        {"Yellow 1": (40.0, 30.0, 270.0), "Cuirassiers of Flanders": (46.0, 32.0, 180.0)},
    )
    apply(state, "activate Cuirassiers of Flanders")
    assert "Cuirassiers of Flanders: charge Yellow 1" in texts(state)
    apply(state, "Cuirassiers of Flanders: charge Yellow 1")
    assert texts(state) == ["react", "do not react"]
    assert any(
        e.text == "Cuirassiers of Flanders charges Yellow 1 in the flank." for e in state.events
    )


def test_a_charge_from_the_front_is_not_a_flank_charge() -> None:
    """A charge from before the target's front is not a flank charge [Flank Charges]
    [Combat: Charges]."""
    state = GAME.new_initial_state()
    start_activation(state, {"Cuirassiers of Flanders": "Assault!"})
    state = placed(
        GAME,
        state,
        {"Yellow 1": (40.0, 30.0, 270.0), "Cuirassiers of Flanders": (40.0, 24.0, 90.0)},
    )
    # The only reachable enemy: still asked, since a person may type the charge (R94).
    apply(state, "activate Cuirassiers of Flanders", "Cuirassiers of Flanders: charge Yellow 1")
    assert any(e.text == "Cuirassiers of Flanders charges Yellow 1." for e in state.events)


def test_line_of_sight_blocked_by_a_wood() -> None:
    """A wood between shooter and target hides the target; moved clear, it can be shot
    [Selecting the Target] [Hidden] [Line of sight] [Forest, wood]."""
    game = load("standard")
    state = game.new_initial_state()
    start_activation(state, {"Idiáquez": "Fire!"})
    hidden = placed(
        game, state, {"Idiáquez": (13.43, 17.0, 90.0), "Yellow musketeers": (13.43, 30.5, 270.0)}
    )
    apply(hidden, "activate Idiáquez")
    assert "Idiáquez: shoot Yellow musketeers" not in texts(hidden)
    seen = placed(
        game, state, {"Idiáquez": (13.43, 17.0, 90.0), "Yellow musketeers": (21.0, 26.0, 270.0)}
    )
    apply(seen, "activate Idiáquez")
    assert "Idiáquez: shoot Yellow musketeers" in texts(seen)
