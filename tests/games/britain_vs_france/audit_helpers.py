"""Small readers and set-ups shared by the rulebook-first audit tests (test_rulebook_*.py):
they drive the public API only (positions through ``helpers.position``, chance forced by
its texts)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import stratagem
from stratagem.core import Game, State

from .helpers import BRITAIN, FRANCE, GAME, LINES, colony, legal_texts, position, set_up

# The steps of a turn, as ``position`` numbers them.
LEADER_ACTIONS, POLITICAL, PURCHASES, MOVEMENT, BATTLES, PLACE = 7, 8, 9, 10, 11, 12
NO_CARDS: Mapping[int, Sequence[str]] = {BRITAIN: [], FRANCE: []}
"""Both hands empty: no card window opens."""
FRENCH_NORTH_AMERICA = (
    "Lake Champlain / Lake George area",
    "Louisbourg",
    "Louisiana",
    "Montreal",
    "Ohio River Valley",
    "Quebec",
)
"""The French colonies of North America."""


def play(state: State, *texts: str) -> list[str]:
    """Apply each text in order; the texts of the events they logged."""
    start = len(state.events)
    for text in texts:
        state.apply_action(text)
    return [event.text for event in state.events[start:]]


def rules_cited(state: State, start: int) -> set[str]:
    return {event.rule for event in state.events[start:]}


def offered(state: State, prefix: str) -> list[str]:
    """The legal action texts that start with ``prefix``."""
    return [text for text in legal_texts(state) if text.startswith(prefix)]


def rolls(state: State, values: Iterable[int]) -> list[str]:
    """Force one die per value (battle or political rolls)."""
    return play(state, *(f"Roll: {value}" for value in values))


def at_step(
    phase: int,
    options: Mapping[str, Any] | None = None,
    *,
    hands: Mapping[int, Iterable[str]] = NO_CARDS,
    **changes: Any,
) -> State:
    """The forced set-up of a game with ``options`` (advanced rules) at step ``phase``, both
    hands empty unless ``hands`` names their cards; ``changes`` as ``position`` takes them
    (``active``, ``units``, ``fields``)."""
    game = stratagem.load("britain_vs_france", **(options or {}))
    return position(set_up(game), game=game, phase=phase, hands=hands, **changes)


def control(britain: Sequence[str], france: Sequence[str]) -> list[int]:
    """The raw ``control`` field: who holds each colony (the others are uncontrolled)."""
    owners = [-1] * 30
    for name in britain:
        owners[colony(name)] = BRITAIN
    for name in france:
        owners[colony(name)] = FRANCE
    return owners


def regulars_battle(units: Mapping[str, tuple[str, int]] | None = None, **changes: Any) -> State:
    """British Regulars #1 moved from Madras onto French Regulars #1 at Pondicherry (with
    ``units`` besides): the battle there waits for its dice."""
    regulars = {
        "British Regulars #1": ("Madras", BRITAIN),
        "French Regulars #1": ("Pondicherry", FRANCE),
    }
    state = at_step(MOVEMENT, units={**regulars, **(units or {})}, **changes)
    play(state, "Move: British Regulars #1 to Pondicherry")
    return state


def privateer_battle(second: str) -> State:
    """British Local Allies #1 and ``second`` moved from Madras to the High Seas onto
    French Privateers #1: the battle there has begun."""
    state = at_step(
        MOVEMENT,
        units={
            "British Local Allies #1": ("Madras", BRITAIN),
            second: ("Madras", BRITAIN),
            "French Privateers #1": ("High Seas", FRANCE),
        },
    )
    play(state, "Move: British Local Allies #1 to High Seas", f"Move: {second} to High Seas")
    return state


def prisoners(units: Mapping[str, int], *, ransoms: bool = True) -> State:
    """Purchases with 5 gold against 3 and each leader of ``units`` (label: owner) in the
    enemy's prison, with the advanced rule Ransoms unless ``ransoms`` is false."""
    return at_step(
        PURCHASES,
        {"ransoms": True} if ransoms else None,
        fields={"gold": [5, 3]},
        units={label: ("prison", owner) for label, owner in units.items()},
    )


def shop(state: State, seat: int = BRITAIN) -> State:
    """``state`` moved to ``seat``'s Purchases with 9 gold each and both hands empty."""
    return position(state, phase=PURCHASES, active=seat, fields={"gold": [9, 9]}, hands=NO_CARDS)


def colonies_to_draw(state: State) -> set[str]:
    """The colonies the next ``Draw colony`` chance outcome may be."""
    return {str(action).removeprefix("Draw colony: ") for action, _ in state.chance_outcomes()}


def colonies_drawn(game: Game = GAME) -> State:
    """A new game of ``game`` with the colonies of the forced set-up's lines drawn."""
    state = game.new_initial_state()
    for line in LINES:
        play(state, *(f"Draw colony: {name}" for name in line))
    return state
