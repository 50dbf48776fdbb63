"""The part of a view that the characters' places give (``Court``), worked out once for as
long as they stay where they are.

Most decisions (a Support played or passed, a target chosen, a die rolled) move no
character, office or title: the views before and after them list the same characters in
the Tower, abroad and dead, the same factions' members and Influence, the same holders of
the offices and titles. ``court_of`` keeps the last ``Court`` worked out for a state with
copies of the lists it was worked out from, and works it out again only when one of them
differs; views are handed copies of its lists and mappings, never the kept ones.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from stratagem.games.henry_viii.places import (
    ARRESTED,
    COURT,
    DEAD,
    HIDDEN,
    IMPRISONED,
    MISSION,
    OUT,
    REMOVED,
    TRAVEL,
)

if TYPE_CHECKING:
    from stratagem.games.henry_viii.base import HenryBase

_PLACED = {
    ARRESTED: "arrested",
    IMPRISONED: "imprisoned",
    TRAVEL: "abroad",
    MISSION: "abroad",
    DEAD: "dead",
}
"""The view's lists of characters by where they are."""

Key = tuple[list[int], list[int], list[int], list[int], list[int], int, bool]
"""What a ``Court`` is worked out from: the characters' places and owners, the offices'
and titles' holders, the line, the Queen, and whether Succession 1 was left vacant."""


@dataclass(frozen=True, slots=True)
class Court:
    """The characters by place, the factions' members (face-up, living), face-down
    characters and total Influence, and the holders of the offices and titles, as a view
    shows them."""

    key: Key
    placed: dict[str, tuple[str, ...]]
    members: tuple[tuple[int, ...], ...]
    face_down: tuple[int, ...]
    influence: tuple[int, ...]
    offices: dict[str, str]
    titles: dict[str, str]

    @classmethod
    def of(cls, state: HenryBase, key: Key) -> Court:
        players = state.players
        names = state._g.person_names
        placed: dict[str, list[str]] = {"arrested": [], "imprisoned": [], "abroad": [], "dead": []}
        members: list[list[int]] = [[] for _ in range(players)]
        face_down = [0] * players
        for c, (place, seat) in enumerate(zip(state.where, state.owner, strict=True)):
            if place == OUT:
                continue
            if place == HIDDEN:
                if 0 <= seat < players:
                    face_down[seat] += 1
                continue
            if place != DEAD and 0 <= seat < players:  # at court, in the Tower or abroad
                members[seat].append(c)
            if place != COURT:
                placed[_PLACED[place]].append(names[c])
        book = state.book
        return cls(
            key,
            {where: tuple(who) for where, who in placed.items()},
            tuple(tuple(faction) for faction in members),
            tuple(face_down),
            tuple(state.faction_influences()),
            {
                name: names[holder]
                if holder >= 0
                else ("removed" if holder == REMOVED else "vacant")
                for name, holder in zip(book.office_names, state.office_holder, strict=True)
            },
            {
                name: names[holder]
                if holder >= 0
                else ("lost" if holder == REMOVED else "in the box")
                for name, holder in zip(book.title_names, state.title_holder, strict=True)
            },
        )

    def holds(self, state: HenryBase) -> bool:
        """Whether the state's characters, offices, titles, line and Queen are those this
        was worked out from."""
        where, owner, offices, titles, line, queen, vacant = self.key
        return (
            queen == state.queen
            and vacant == state.first_vacant
            and where == state.where
            and owner == state.owner
            and offices == state.office_holder
            and titles == state.title_holder
            and line == state.line
        )


def court_of(state: HenryBase) -> Court:
    """The state's ``Court``: the one kept, if the state still holds it, else worked out
    afresh (and kept)."""
    court = state._court
    if court is None or not court.holds(state):
        key: Key = (
            list(state.where),
            list(state.owner),
            list(state.office_holder),
            list(state.title_holder),
            list(state.line),
            state.queen,
            state.first_vacant,
        )
        court = state._court = Court.of(state, key)
    return court
