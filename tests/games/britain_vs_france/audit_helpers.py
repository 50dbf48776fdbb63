"""Small readers shared by the rulebook-first audit tests (test_rulebook_*.py): they drive
the public API only (positions through ``helpers.position``, chance forced by its texts)."""

from __future__ import annotations

from collections.abc import Iterable

from stratagem.core import State

from .helpers import legal_texts


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
