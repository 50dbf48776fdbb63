"""Rulebook-first audit: the chapter The Battle (Scenery Points)."""

from __future__ import annotations

import stratagem
from stratagem.games.tercios.state import TerciosState

from .helpers import apply, load, texts

ONE_POINT = {"Road", "Small hill", "Small copse", "Cultivated field", "Hedge", "Small building"}
TWO_POINTS = {
    "Large forest",
    "Marsh",
    "Steep hill",
    "Large hill",
    "Small lake",
    "Wall",
    "Large building",
    "Rocks",
}
THREE_POINTS = {"River", "Large lake", "Town"}


def scenery(spanish: int, swedish: int) -> TerciosState:
    """A battle on chosen scenery, with the two scenery dice forced."""
    state = load("chosen").new_initial_state()
    assert isinstance(state, TerciosState)
    apply(state, f"Die: {spanish}", f"Die: {swedish}")
    return state


def bought(state: TerciosState) -> set[str]:
    return {text.removeprefix("buy ") for text in texts(state) if text.startswith("buy ")}


def test_scenery_points_each_player_rolls_a_die_and_ties_are_rerolled() -> None:
    """Scenery Points: each player rolls a die for his points; equal rolls are rolled again."""
    state = scenery(3, 3)
    assert state.current_player() == stratagem.CHANCE
    assert "a tie" in state.events[-1].text


def test_scenery_points_the_higher_roll_buys_first() -> None:
    """Scenery Points: the player with the higher roll is the first to buy."""
    assert scenery(2, 5).current_player() == 1
    assert scenery(5, 2).current_player() == 0


def test_scenery_points_costs_of_the_elements() -> None:
    """Scenery Points: road, small hill... cost 1, large forest... 2, river, large lake, town 3."""
    state = scenery(6, 2)
    assert bought(state) >= ONE_POINT | TWO_POINTS | THREE_POINTS


def test_scenery_points_no_element_beyond_the_points_left() -> None:
    """Scenery Points: a player buys only what his points left pay for (5 - 3 = 2: no 3-point
    element)."""
    state = scenery(5, 2)
    apply(state, "buy Town")
    apply(state, texts(state)[0])  # the Town is placed
    apply(state, "buy Road")
    apply(state, texts(state)[0])  # the Swedes' Road is placed
    assert state.current_player() == 0
    assert bought(state) >= TWO_POINTS
    assert not THREE_POINTS & bought(state)


def test_scenery_points_players_take_turns_buying() -> None:
    """Scenery Points: the players buy one element at a time, in turn."""
    state = scenery(5, 3)
    apply(state, "buy Road")
    apply(state, texts(state)[0])
    assert state.current_player() == 1
