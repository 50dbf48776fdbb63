"""A commander moved with exact parameters (Command: Activating a Commander; RULINGS.md R81)."""

from __future__ import annotations

import pytest

from stratagem import IllegalAction

from .helpers import apply, load, placed, start_activation, texts
from .playout import play_checked

GAME = load()
CHIEF = "Gonzalo Fernández de Córdoba (Spanish C-C)"
OFFICER = GAME.officer_index[CHIEF]


def _activated(**where: tuple[float, float, float]):  # type: ignore[no-untyped-def]
    """The Spanish C-C (at 40.33,8.14, unattached, 6-inch move) activated."""
    state = GAME.new_initial_state()
    start_activation(state, {})
    state = placed(GAME, state, where)
    apply(state, f"activate commander {CHIEF}")
    return state


def test_a_commander_moves_to_exact_coordinates_then_acts_without_moving_again() -> None:
    """A commander moves to exact coordinates then acts without moving again
    [Activating a Commander]."""
    state = _activated()
    before = texts(state)
    assert f"{CHIEF}: join Verdugo" in before
    state.apply_action(f"move {CHIEF} to 40.33,3.5")
    assert (state.ox[OFFICER], state.oy[OFFICER]) == (40.33, 3.5)
    assert f"{CHIEF} moves to 40.33,3.5." in [e.text for e in state.events]
    after = texts(state)
    assert not any(": join " in text for text in after)
    assert all(text.startswith(f"{CHIEF}: inspire") for text in after)
    with pytest.raises(IllegalAction, match="may not move now"):
        state.apply_action(f"move {CHIEF} to 40.33,4.5")


@pytest.mark.parametrize(
    ("destination", "rule"),
    [
        ("40.33,15", r"the move is 6\.86 inches; .* may move 6"),
        ("40.33,8.14", "already stands"),
        ("40.33,8.14 facing 90", "a commander has no front"),
    ],
)
def test_an_illegal_commander_move_is_refused_with_the_rule(destination: str, rule: str) -> None:
    """An illegal commander move is refused with the rule [Activating a Commander]."""
    state = _activated()
    before = state.to_json()
    with pytest.raises(IllegalAction, match=rule):
        state.apply_action(f"move {CHIEF} to {destination}")
    assert state.to_json() == before


def test_a_commander_passes_through_friends_but_not_enemies_and_never_ends_on_a_base() -> None:
    """A commander passes through friends but not enemies and never ends on a base
    [Activating a Commander]."""
    state = _activated(Idiáquez=(40.33, 11.0, 90.0))
    with pytest.raises(IllegalAction, match="would end overlapping Idiáquez"):
        state.apply_action(f"move {CHIEF} to 40.33,11")
    state.apply_action(f"move {CHIEF} to 40.33,13.5")
    assert state.oy[OFFICER] == 13.5
    enemy = _activated(**{"Yellow 1": (40.33, 11.0, 270.0)})
    with pytest.raises(IllegalAction, match="crosses Yellow 1; a commander may pass through"):
        enemy.apply_action(f"move {CHIEF} to 40.33,13.5")


def test_only_the_activated_commander_may_move() -> None:
    state = _activated()
    with pytest.raises(IllegalAction, match="Francisco de Ibarra may not move now"):
        state.apply_action("move Francisco de Ibarra to 20,5")


def test_a_command_action_on_a_unit_whose_name_ends_in_its_side_is_carried_out() -> None:
    """Both 1500-point armies field "Field guns": the labels end in their side, which a
    trait's command action naming them must keep (seed 0 reached one at step 609, before
    Integral Command kept command actions off guns, RULINGS R110: seed 0 now plays the
    battle to its end at step 628, every step legal and every invariant kept)."""
    game = load(armies=("spanish_1500", "swedish_1500"))
    state = game.new_initial_state()
    assert play_checked(state, 0, 650) == 650 or state.is_terminal()
