"""What the Henry VIII heuristic reads at every choice, taken from the state without
building the seat's whole view.

At each of its choices the heuristic reads the factions' Influence, every face-up
character's faction, Influence, Ability, Guile, Baby Value and three of its notes (Queen,
woman, heir), whether Henry has a Queen, and which question it is asked; only a few
choices (a target, a Support, a modifier, a Captain) read the Endeavour in play or the
offices too. ``view(seat)`` writes all of the court out as text, which the heuristic then
read back (``read_characters``): most of a search's time (``benchmarks/RESULTS.md``).
``Table`` gives those few things, equal to the view's (the Endeavour in play and the
offices built when first asked).

Seat-honest: everything read here is public (the court, the factions' Influence, the
question asked of the table, the Endeavour in play, the offices); the hands and the
face-down characters are never read.
``tests/bots/test_henry_viii_table.py`` pins each against ``view(seat)``.
"""

from __future__ import annotations

from typing import Any

from stratagem.games.henry_viii.places import LIVING, REMOVED
from stratagem.games.henry_viii.state import HenryVIIIState

Person = dict[str, Any]
"""A face-up character: ``name``, ``faction``, ``influence``, ``ability``, ``guile``,
``notes`` (of Queen, woman and heir, those that apply) and, for a woman, ``baby_value``."""


class Table:
    """One seat's reading of one position."""

    __slots__ = ("_in_play", "_state", "henry_free", "influence", "me", "people", "question")

    def __init__(self, state: HenryVIIIState, seat: int) -> None:
        self._state = state
        self._in_play: dict[str, Any] | bool | None = False
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
        influences = state.influences()  # one pass for all, as the view counts them
        members: list[list[int]] = [[] for _ in range(state.players)]
        for c, (place, owner) in enumerate(zip(state.where, state.owner, strict=True)):
            if place in LIVING and 0 <= owner < state.players:
                members[owner].append(c)
        queen = state.queen
        people = state.book.people
        for faction, faction_members in enumerate(members):
            name = state.seat_name(faction)
            total = 0
            for c in faction_members:
                person = people[c]
                influence = influences[c]
                total += influence
                notes = []
                if c == queen:
                    notes.append("Queen")
                if person.female:
                    notes.append("woman")
                if person.heir_credibility is not None:
                    notes.append("heir")
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

    def in_play(self) -> dict[str, Any] | None:
        """The Endeavour in play (``endeavour``, ``by`` and ``targets`` as the view's
        ``in_play`` names them), or ``None``; read once."""
        if self._in_play is False:
            state = self._state
            play = state.play
            self._in_play = None
            if play is not None:
                kinds = state.steps(play["name"])
                self._in_play = {
                    "endeavour": play["name"],
                    "by": state.seat_name(play["seat"]),
                    "targets": [
                        state.describe_target(kind, target)
                        for kind, target in zip(kinds, play["targets"], strict=False)
                    ],
                }
        return self._in_play if isinstance(self._in_play, dict) else None

    def offices(self) -> dict[str, str]:
        """Each office's holder by name, or ``removed`` or ``vacant`` (the view's
        ``offices``)."""
        state = self._state
        offices = {}
        for office, name in enumerate(state.book.office_names):
            holder = state.office_holder[office]
            offices[name] = (
                state.name(holder) if holder >= 0 else "removed" if holder == REMOVED else "vacant"
            )
        return offices
