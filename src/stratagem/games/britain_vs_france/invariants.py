"""The invariants of a 1750 state, checked by the conformance kit on every step and by
``state_from_json`` on every document it loads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.britain_vs_france.effects import EXPORTS
from stratagem.games.britain_vs_france.places import (
    BOX,
    DISCARD,
    GONE,
    OUT,
    POOL,
    SETUP_HANDS,
    SUPPLY,
    hand,
    in_play,
    mat,
    prison,
)

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S

_CARD_PLACES = {BOX, POOL, DISCARD, GONE, hand(0), hand(1), in_play(0), in_play(1)}
_UNIT_PLACES = {SUPPLY, OUT, mat(0), mat(1), prison(0), prison(1)}
_OWNED_PLACES = {mat(0), mat(1), prison(0), prison(1)}
_PRISONS = {prison(0), prison(1)}
SIDES = ("Britain", "France")


def invariant_problems(s: S) -> list[str]:
    """Every broken invariant, in words; an empty list for a sound state."""
    problems: list[str] = []
    book = s.book
    colonies = len(book.colonies)
    placed = [c for line in s.line for c in line]
    everywhere = placed + s.unused
    if sorted(everywhere) != list(range(colonies)):
        problems.append("a colony is missing, or both on the table and unused, or twice")
    for theater, line in enumerate(s.line):
        if any(book.colony_theater[c] != theater for c in line):
            problems.append(f"a colony of another theater sits in theater {theater}")
    for colony, owner in enumerate(s.control):
        if owner not in (-1, 0, 1):
            problems.append(f"colony {colony} has control marker {owner}")
        elif owner >= 0 and colony in s.unused:
            problems.append(f"{book.colony_names[colony]} is controlled but not on the table")
    problems.extend(_export_problems(s))
    problems.extend(_unit_problems(s))
    problems.extend(_card_problems(s))
    if not 0 <= s.draw_deck <= s.eloc.count(POOL):
        problems.append(f"the draw deck of {s.draw_deck} is more than the unseen cards")
    if any(owner not in (-1, 0, 1) for owner in s.po_control):
        problems.append("a political objective has an unknown controller")
    return problems


def _export_problems(s: S) -> list[str]:
    """Export cards are conserved: supply plus both sides is the printed count [Contents]
    [Rulings B11]."""
    problems: list[str] = []
    book = s.book
    for export, name in enumerate(EXPORTS):
        total = s.supply[export] + s.exports[0][export] + s.exports[1][export]
        printed = book.rules.components.exports[name]
        if total != printed:
            problems.append(f"{name}: {total} export cards, not {printed}")
        if min(s.supply[export], s.exports[0][export], s.exports[1][export]) < 0:
            problems.append(f"{name}: a negative number of export cards")
    if min(s.gold) < 0:
        problems.append(f"gold {s.gold} is negative")
    return problems


def _unit_problems(s: S) -> list[str]:
    """Each battle deck card is in exactly one known place, owned when in play."""
    problems: list[str] = []
    book = s.book
    high_seas = book.high_seas
    unused = set(s.unused)
    for unit, place in enumerate(s.uloc):
        if place < 0 and place not in _UNIT_PLACES:
            problems.append(f"{book.unit_labels[unit]} is in the unknown place {place}")
        if place > high_seas:
            problems.append(f"{book.unit_labels[unit]} is at the unknown location {place}")
        owned = place >= 0 or place in _OWNED_PLACES
        if owned != (s.uown[unit] in (0, 1)):
            problems.append(f"{book.unit_labels[unit]}: owner {s.uown[unit]} unfit for {place}")
        if place in unused:
            problems.append(f"{book.unit_labels[unit]} is at a colony not on the table")
        if place in _PRISONS and not book.is_leader[book.units[unit]]:
            problems.append(f"{book.unit_labels[unit]} is in prison but is no leader")
    return problems


def _card_problems(s: S) -> list[str]:
    """Each event card is in exactly one known place; starting cards never in the decks."""
    problems: list[str] = []
    book = s.book
    historic = book.historic_events
    hands = (hand(0), hand(1))
    for card, place in enumerate(s.eloc):
        if place not in _CARD_PLACES:
            problems.append(f"event card {card} is in the unknown place {place}")
        if card < historic:
            if place == BOX:
                problems.append(f"historic event {card} is in the box")
            continue
        if place == POOL:
            problems.append(f"starting card {card} is in the decks")
        if place == BOX and s.phase >= SETUP_HANDS:
            problems.append(f"starting card {card} is still in the box")
        side = book.event_types[book.events[card]].side
        if place in hands and side is not None and place != hands[SIDES.index(side)]:
            problems.append(f"starting card {card} is in the wrong hand")
    return problems
