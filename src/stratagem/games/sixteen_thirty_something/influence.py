"""Influence Cards on display: piles, their votes, laying and removing cards [More about
Influence Cards] [Open Cards].

A pile is ``(descendant, cards)``: whether it is in the descendant and its card kinds,
sorted. A player has at most one pile per country (``piles[seat][country]``, ``None``
when empty), so two piles of one country cannot exist; a pile's orientation is one flag,
so its cards are never mixed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.sixteen_thirty_something.encoding import (
    LAY,
    LAY_OPEN,
    REMOVE,
    REMOVE_OPEN,
)
from stratagem.games.sixteen_thirty_something.pack import Book

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

Pile = tuple[bool, tuple[int, ...]]


def pile_votes(book: Book, pile: Pile | None) -> int:
    """A pile's votes are the sum of its cards' values, whichever way it faces [Adding up
    the Votes]."""
    if pile is None:
        return 0
    values = book.kind_value
    return sum(values[kind] for kind in pile[1])


def counter_points(book: Book, status: int, pile: Pile | None) -> int:
    """What one Victory Point Counter scores at the end of a turn: the lower of its
    country's Status and its holder's votes there [Scoring Points]."""
    return min(status, pile_votes(book, pile))


def pile_names(book: Book, pile: Pile) -> list[str]:
    """The cards of a pile by name."""
    return [book.kind_names[kind] for kind in pile[1]]


def lay_actions(state: SixteenThirtySomethingState, seat: int, only: int | None) -> list[Action]:
    """The cards ``seat`` may place now: a named card on its country's pile unless that
    pile is in the descendant, an Open card on an ascendant pile [More about Influence
    Cards] [Open Cards]. ``only`` limits them to the country of the vote [Placing Influence
    Cards]."""
    book = state.book
    enc = state.enc
    hand = state.hands[seat]
    piles = state.piles[seat]
    actions: list[Action] = []
    countries = range(len(book.countries)) if only is None else (only,)
    for country in countries:
        pile = piles[country]
        if pile is not None and pile[0]:
            continue
        actions.extend(enc.get(LAY, kind) for kind in book.named_kinds[country] if hand[kind])
    for kind in book.open_kinds:
        if hand[kind]:
            for country in countries:
                pile = piles[country]
                if pile is not None and not pile[0]:
                    actions.append(enc.get(LAY_OPEN, kind, -1, country))
    return actions


def lay(state: SixteenThirtySomethingState, seat: int, kind: int, country: int) -> None:
    """A card goes from the hand onto the seat's ascendant pile of ``country``."""
    state.hands[seat][kind] -= 1
    pile = state.piles[seat][country]
    cards = () if pile is None else pile[1]
    state.piles[seat][country] = (False, tuple(sorted((*cards, kind))))


def removable(book: Book, pile: Pile) -> list[int]:
    """Kinds that may be removed from ``pile`` by its owner: never the last named card
    while an Open card is left in the pile [1. Remove One Influence Card] [Rulings R21]."""
    cards = pile[1]
    named = [kind for kind in cards if book.kind_country[kind] >= 0]
    opens = sorted({kind for kind in cards if book.kind_country[kind] < 0})
    if len(named) == 1 and opens:
        return opens
    return sorted(set(named)) + opens


def remove_actions(
    state: SixteenThirtySomethingState, seat: int, countries: list[int]
) -> list[Action]:
    """``Remove: ...`` actions for the seat's piles of ``countries``."""
    book = state.book
    enc = state.enc
    actions: list[Action] = []
    for country in countries:
        pile = state.piles[seat][country]
        if pile is None:
            continue
        for kind in removable(book, pile):
            if book.kind_country[kind] >= 0:
                actions.append(enc.get(REMOVE, kind))
            else:
                actions.append(enc.get(REMOVE_OPEN, kind, -1, country))
    return actions


def take_from_pile(
    state: SixteenThirtySomethingState, seat: int, country: int, kind: int
) -> list[int]:
    """Remove one card of ``kind`` from a pile to the discard pile. If no named card is
    left, the Open cards left go to the discard pile as well; they are returned [Open
    Cards] [Rulings R12]."""
    book = state.book
    pile = state.piles[seat][country]
    assert pile is not None
    cards = list(pile[1])
    cards.remove(kind)
    state.discard[kind] += 1
    orphans: list[int] = []
    if not any(book.kind_country[k] >= 0 for k in cards):
        orphans = cards
        for k in orphans:
            state.discard[k] += 1
        cards = []
    state.piles[seat][country] = (pile[0], tuple(cards)) if cards else None
    return orphans


def descendant_countries(state: SixteenThirtySomethingState, seat: int) -> list[int]:
    """Countries where ``seat`` has a pile in the descendant [More about Influence
    Cards]."""
    return [c for c, pile in enumerate(state.piles[seat]) if pile is not None and pile[0]]
