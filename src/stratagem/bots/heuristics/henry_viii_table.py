"""What the Henry VIII heuristic reads at every choice, taken from the state without
building the seat's whole view.

At each of its choices the heuristic reads the factions' Influence, every face-up
character's faction, Influence, Ability, Guile, Baby Value and three of its notes (Queen,
woman, heir), whether Henry has a Queen, and which question it is asked; only a few
choices (a target, a Support, a modifier, a Captain) read the Endeavour in play or the
offices too. ``view(seat)`` writes all of the court out as text, which the heuristic then
read back (``read_characters``): most of a search's time (``benchmarks/RESULTS.md``).
``Table`` gives those few things, equal to the view's, and the whole view only when a
choice asks for it.

Seat-honest: everything read here is public (the court, the factions' Influence, the
question asked of the table); the hands and face-down characters are never read.
``tests/bots/test_henry_viii_table.py`` pins each against ``view(seat)``.
"""

from __future__ import annotations

from typing import Any

from stratagem.games.henry_viii.places import LIVING
from stratagem.games.henry_viii.state import HenryVIIIState

Person = dict[str, Any]
"""A face-up character: ``name``, ``faction``, ``influence``, ``ability``, ``guile``,
``notes`` (of Queen, woman and heir, those that apply) and, for a woman, ``baby_value``."""


class Table:
    """One seat's reading of one position."""

    __slots__ = ("_seat", "_state", "_view", "henry_free", "influence", "me", "people", "question")

    def __init__(self, state: HenryVIIIState, seat: int) -> None:
        self._state = state
        self._seat = seat
        self._view: dict[str, Any] | None = None
        self.me: str = state.seat_name(seat)
        """The seat's faction, by name."""
        node = state.node
        self.question: str | None = None if state.over or node is None else str(node[1])
        """The kind of decision the table waits for (``player``, ``target``, ``support``,
        ``modifier``, ``captain``, ``president``, ...): the view's ``asked``."""
        self.henry_free: bool = state.queen < 0
        """Whether Henry has no Queen."""
        self.influence: dict[str, int] = {}
        """Each faction's Influence, by name (the view's ``factions``)."""
        self.people: dict[str, Person] = {}
        """The face-up living characters by name, faction by faction (the view's
        ``characters``)."""
        living = [c for c, place in enumerate(state.where) if place in LIVING]
        for faction in range(state.players):
            name = state.seat_name(faction)
            total = 0
            for c in living:
                if state.owner[c] != faction:
                    continue
                person = state.person(c)
                influence = state.influence(c)
                total += influence
                notes = [
                    note
                    for note, on in (
                        ("Queen", c == state.queen),
                        ("woman", person.female),
                        ("heir", person.heir_credibility is not None),
                    )
                    if on
                ]
                entry: Person = {
                    "name": state.name(c),
                    "faction": name,
                    "influence": influence,
                    "ability": person.ability,
                    "guile": person.guile,
                    "notes": notes,
                }
                if person.female:
                    entry["baby_value"] = person.baby
                self.people[entry["name"]] = entry
            self.influence[name] = total

    def view(self) -> dict[str, Any]:
        """The seat's whole view, built the first time a choice asks for it."""
        if self._view is None:
            self._view = self._state.view(self._seat)
        return self._view
