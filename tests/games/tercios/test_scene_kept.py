"""The geometry of a position is worked out once even when the position is met again
(scene.scene_of keeps the last few positions' scenes): a search replays the same moves
[Activation Movement] from the same positions, and must find the same answers."""

from __future__ import annotations

from stratagem.games.tercios.scene import scene_of

from .helpers import load, start_activation, texts


def test_activation_movement_a_position_met_again_finds_its_scene() -> None:
    """The same move from the same position finds the scene worked out the first time;
    the same bases on another table (the standard one, not open ground) do not."""
    game = load()
    state = game.new_initial_state()
    start_activation(state, {})
    state.apply_action("activate Idiáquez")
    first, again = state.clone(), state.clone()
    first.apply_action("Idiáquez: advance")
    moves = texts(first)
    again.apply_action("Idiáquez: advance")
    assert scene_of(again) is scene_of(first)
    assert texts(again) == moves
    standard = load("standard").new_initial_state()
    start_activation(standard, {})
    standard.apply_action("activate Idiáquez")
    standard.apply_action("Idiáquez: advance")
    assert (standard.x, standard.y, standard.f) == (first.x, first.y, first.f)
    assert scene_of(standard) is not scene_of(first)
