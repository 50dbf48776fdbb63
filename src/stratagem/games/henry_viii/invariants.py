"""The invariants of a Henry VIII state, checked by the conformance kit on every step and
by ``state_from_json`` on every document it loads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.henry_viii.places import (
    ASSIGNED,
    DECK,
    DISCARD_PILE,
    LIVING,
    PLAY,
    SUIT,
    TOWER,
)

if TYPE_CHECKING:
    from stratagem.games.henry_viii.state import HenryVIIIState


def invariant_problems(state: HenryVIIIState) -> list[str]:
    """Every broken invariant, in words; an empty list for a sound state."""
    problems: list[str] = []
    _cards(state, problems)
    _holders(state, problems)
    _line(state, problems)
    spouse = state.spouse
    officers = set(state.office_holder)
    for c, where in enumerate(state.where):
        married = spouse[c] >= 0 or c == state.queen
        if (married or c in officers) and where in LIVING and state.minor(c):
            if married:
                problems.append(f"{state.name(c)} is a minor and married")
            if c in officers:
                problems.append(f"{state.name(c)} is a minor and holds an office")
        if spouse[c] >= 0 and spouse[spouse[c]] != c:
            problems.append(f"{state.name(c)}'s marriage is one-sided")
    if state.queen >= 0 and (not state.female(state.queen) or not state.alive(state.queen)):
        problems.append("the Queen is not a living woman")
    return problems


def _cards(state: HenryVIIIState, problems: list[str]) -> None:
    names = state.book.card_names
    cloc = state.cloc
    containers = [(DECK, state.deck), (DISCARD_PILE, state.discard)]
    containers.extend((seat, hand) for seat, hand in enumerate(state.hands))
    held = 0
    for place, cards in containers:
        held += len(cards)
        for card in cards:
            if cloc[card] != place:
                problems.append(f"{names[card]}: location says {cloc[card]}, a pile says {place}")
    aside = 0
    for card, place in enumerate(cloc):
        if place == PLAY or place >= ASSIGNED:
            aside += 1
            if place == PLAY and state.play is None:
                problems.append(f"{names[card]} is on the table with no Endeavour in play")
            if ASSIGNED <= place < SUIT and not state.alive(place - ASSIGNED):
                problems.append(f"{names[card]} is assigned to a character who is not alive")
    if held + aside != len(cloc):
        problems.append(
            f"{held + aside} card places for {len(cloc)} cards: a card is in two places"
        )


def _holders(state: HenryVIIIState, problems: list[str]) -> None:
    for o, holder in enumerate(state.office_holder):
        if holder >= 0:
            name = state.book.office_names[o]
            if not state.alive(holder) or state.where[holder] in TOWER:
                problems.append(
                    f"{name} is held by {state.name(holder)}, who is not free and alive"
                )
            if state.female(holder) or state.tudor(holder):
                problems.append(f"{name} is held by a woman or a Tudor Heir")
    seen: set[int] = set()
    for t, holder in enumerate(state.title_holder):
        if holder >= 0:
            if holder in seen:
                problems.append(f"{state.name(holder)} holds two titles")
            seen.add(holder)
            if state.where[holder] not in LIVING:
                problems.append(
                    f"{state.book.title_names[t]} is held by the dead {state.name(holder)}"
                )


def _line(state: HenryVIIIState, problems: list[str]) -> None:
    line = state.line
    if len(set(line)) != len(line):
        problems.append("someone is twice in the Line of Succession")
    if line and state.line_position(line[-1]) > state.succession_cards():
        problems.append("the Line of Succession is longer than its cards")
    for c in line:
        if not state.alive(c) or not state.heir(c):
            problems.append(f"{state.name(c)} is in the line but is not a living heir")
    if line and state.line_position(line[0]) == 1 and state.female(line[0]):
        problems.append("a woman holds Succession 1")
