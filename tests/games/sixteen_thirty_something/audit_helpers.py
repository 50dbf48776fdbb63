"""Small drivers shared by the rulebook-first audit tests (test_rulebook_*.py): public API
only, positions through ``helpers.position`` and chance forced by its outcome texts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stratagem import State

from .helpers import legal_texts, phases


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
