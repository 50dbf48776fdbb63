"""Small drivers shared by the rulebook-first audit tests (test_rulebook_*.py): public API
only, positions through ``helpers.position`` and chance forced by its outcome texts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stratagem import State

from .helpers import Piles, legal_texts, phases, position

RED, BLUE = 0, 1
"""The factions, as ``position``'s ``board`` sets them."""
SPECIALS = (
    "Vote",
    "Military Improvement",
    "Increase Army Size",
    "Increase Status",
    "Military Leader",
    "Assassin",
    "Unrest",
)
"""The Special Cards."""
TWELVE_INFLUENCE_CARDS = (
    "England 1",
    "England 2",
    "France 1",
    "France 2",
    "Spain 1",
    "Spain 2",
    "Sweden 1",
    "Sweden 2",
    "Poland 1",
    "Poland 2",
    "Denmark 1",
    "Denmark 2",
)
"""Two Influence Cards of six countries: a hand one short of the limit of 13."""


def acts(state: State, *texts: str) -> list[str]:
    """Apply each text in order; the texts of the events they logged."""
    start = len(state.events)
    for text in texts:
        state.apply_action(text)
    return [event.text for event in state.events[start:]]


def offered(state: State, prefix: str) -> list[str]:
    return [text for text in legal_texts(state) if text.startswith(prefix)]


def phase(state: State) -> int:
    return int(state.to_json()["state"]["phase"])


def others_lay(state: State, lays: Mapping[int, Sequence[str]] | None = None) -> list[str]:
    """The other players' chance to lay after a call: each lays its given cards, then is done."""
    lays = lays or {}
    events: list[str] = []
    while phase(state) == phases.VOTE_LAY_OTHERS:
        seat = state.current_player()
        events += acts(state, *(f"Lay: {card}" for card in lays.get(seat, ())), "Done laying")
    return events


def cast(state: State, sides: Mapping[int, str]) -> list[str]:
    """Every involved player casts its Voting Counter (``sides``: seat -> "red", "war", ...)."""
    events: list[str] = []
    while phase(state) == phases.VOTE_CAST:
        events += acts(state, f"Vote {sides[state.current_player()]}")
    return events


def call_vote(
    state: State,
    country: str,
    *,
    issue: str | None = None,
    lay: Sequence[str] = (),
    lays: Mapping[int, Sequence[str]] | None = None,
) -> list[str]:
    """From phase 4: no (more) Special Cards, the mandatory vote in ``country`` with the caller's
    ``lay``, the ``issue`` if asked, and the others' ``lays``."""
    events: list[str] = []
    if phase(state) == phases.SPECIALS:
        events += acts(state, "Play no more Special Cards")
    events += acts(state, f"Vote in: {country}", *(f"Lay: {card}" for card in lay))
    if phase(state) == phases.VOTE_LAY:
        events += acts(state, "Done laying")
    if issue is not None:
        events += acts(state, f"Issue: {issue}")
    return events + others_lay(state, lays)


def dice(state: State, attacker: int, defender: int) -> list[str]:
    """Force the two dice differences of a war (attacker's first)."""
    return acts(state, f"Dice difference: {attacker}", f"Dice difference: {defender}")


def done(state: State, text: str) -> None:
    """Apply a closing decision (e.g. "Done offering") if the game still waits for it; a hand
    that has run out of cards closes the step by itself."""
    if text in legal_texts(state):
        state.apply_action(text)


def vote_in(piles: Piles, **changes: Any) -> State:
    """Three players, Player 1 to call his vote (phase 5) with ``piles`` on the table;
    ``changes`` as ``position`` takes them."""
    return position(players=3, phase=phases.VOTE_COUNTRY, piles=piles, **changes)


def lone_vote_in_spain(piles: Piles | None = None, **changes: Any) -> State:
    """Three players; Player 1 calls a lone vote in Spain on his pile there (``piles``
    besides) and votes red, so his phases end; ``changes`` as ``position`` takes them."""
    spain: Piles = {0: {"Spain": (False, ["Spain 3"])}}
    state = position(players=3, piles={**spain, **(piles or {})}, **changes)
    call_vote(state, "Spain")
    cast(state, {0: "red"})
    return state


def war_voted(
    board: Mapping[str, Mapping[str, int]], attacker: str = "England", defender: str = "France"
) -> State:
    """Player 1 wins a lone war vote for ``attacker`` on ``defender`` (``board`` sets the
    countries): the war's dice differences come next."""
    state = vote_in(
        {0: {attacker: (False, [f"{attacker} 3"])}},
        board={name: dict(values) for name, values in board.items()},
    )
    call_vote(state, attacker, issue=f"war on {defender}")
    cast(state, {0: "war"})
    return state
