"""Tests for the fixes of the rulebook-first audit's departures (tercios-c): Integral Command,
Command (a regiment's commander and his own regiment), and the rest listed in RULINGS."""

from __future__ import annotations

from stratagem import CHANCE

from .helpers import apply, battle, load, roll, texts
from .rulebook import detached


def test_integral_command_authoritarian_does_not_spare_a_guns_order_test() -> None:
    """Integral Command: Authoritarian is a command action, so the guns activated after it
    still test their order."""
    state = battle(load(), {"Light guns": "Ready!"}, {}, dm={"Light guns": 1})
    apply(state, "activate commander Francisco de Ibarra")
    roll(state, 1)  # Authoritarian succeeds
    apply(state, "activate Light guns")
    assert state.current_player() == CHANCE


def test_overlap_a_commander_of_another_regiment_passed_through_may_not_join() -> None:
    """Overlap / Command: a commander passed through may join the unit only if it is one he
    deals with; Carlos Coloma (cavalry) may not join Idiáquez (infantry), only step aside."""
    state = battle(load(), {"Idiáquez": "Ready!"}, {"Idiáquez": (30.0, 20.0, 90.0)})
    state = detached(state, "Carlos Coloma", at=(30.0, 23.0))
    apply(state, "activate Idiáquez", "move Idiáquez to 30.0,25.1")
    offered = texts(state)
    assert "Carlos Coloma: join Idiáquez" not in offered
    assert any(text.startswith("Carlos Coloma: step aside") for text in offered)
