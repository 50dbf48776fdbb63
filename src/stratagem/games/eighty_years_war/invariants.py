"""The invariants of an Eighty Years War state, checked by the conformance kit on every
step and by ``state_from_json`` on every document it loads."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import CHANCE, TERMINAL
from stratagem.games.eighty_years_war.places import (
    ACTION,
    DECK,
    DISCARD_PILE,
    HAND,
    MELD,
    OVER,
    REMOVED,
    RESERVE,
    STRATEGY_DISCARD,
)

if TYPE_CHECKING:
    from stratagem.games.eighty_years_war.state import EightyYearsWarState


def invariant_problems(state: EightyYearsWarState) -> list[str]:
    """Every broken invariant, in words; an empty list for a sound state."""
    book = state.book
    problems: list[str] = []
    total = book.rules.provinces.total
    if sum(state.provinces) != total or min(state.provinces) < 0:
        problems.append(
            f"provinces {state.provinces} are not {total} tokens split between the sides"
        )
    containers: list[tuple[int, list[int]]] = [
        (DECK, state.deck),
        (DISCARD_PILE, state.discard),
        (REMOVED, state.removed),
        (HAND, state.hands[0]),
        (HAND + 1, state.hands[1]),
    ]
    containers.extend(
        (MELD + 2 * seat + meld, state.melds[seat][meld]) for seat in (0, 1) for meld in (0, 1)
    )
    stage = state.stage() if state.phase != OVER else 3
    if not _cards_sound(state, containers, stage):
        problems.extend(_card_problems(state, containers, stage))
    for card in state.face_down:
        if state.loc[card] != DISCARD_PILE:
            problems.append(
                f"{book.names[card]} is marked face down but is not in the discard pile"
            )
    most = book.rules.strategy.max_discards
    if not all(0 <= count <= most for count in state.turn_discards):
        problems.append(f"this turn's discards {state.turn_discards} are not each 0 to {most}")
    for seat in (0, 1):
        if state.hands[seat] != sorted(state.hands[seat]):
            problems.append(f"hand {seat} is not in card-list order")
    if state.pending is not None and state.loc[state.pending] != HAND + state.seat:
        problems.append("the wrong-stage card waiting for a decision is not in the drawer's hand")
    expected = _expected_to_move(state)
    if state.current_player() != expected:
        problems.append(f"to move is {state.current_player()}, expected {expected}")
    return problems


def _cards_sound(
    state: EightyYearsWarState, containers: list[tuple[int, list[int]]], stage: int
) -> bool:
    """Whether every card is in one place, the one its location index says, and in play
    exactly when its stage has come: the common case, checked with list comparisons."""
    where = [RESERVE] * state.book.size
    placed = 0
    for place, cards in containers:
        placed += len(cards)
        for card in cards:
            where[card] = place
    return (
        placed + where.count(RESERVE) == len(where)
        and where == state.loc
        and [w == RESERVE for w in where] == [e > stage for e in state.book.enters]
    )


def _card_problems(
    state: EightyYearsWarState, containers: list[tuple[int, list[int]]], stage: int
) -> list[str]:
    """What is wrong with the cards' places, card by card."""
    book = state.book
    problems: list[str] = []
    places: dict[int, list[int]] = {}
    for place, cards in containers:
        for card in cards:
            places.setdefault(card, []).append(place)
    for card in range(book.size):
        found = places.get(card, [])
        if len(found) > 1:
            problems.append(f"{book.names[card]} is in {len(found)} places at once")
        where = found[0] if found else RESERVE
        if state.loc[card] != where:
            problems.append(
                f"{book.names[card]}: location index says {state.loc[card]}, not {where}"
            )
        if where == RESERVE and book.enters[card] <= stage:
            problems.append(f"{book.names[card]} should have been shuffled into the deck by now")
        if where != RESERVE and book.enters[card] > stage:
            problems.append(f"{book.names[card]} is in play before its stage")
    return problems


def _expected_to_move(state: EightyYearsWarState) -> int:
    if state.phase == OVER:
        return TERMINAL
    if state.pending is not None or state.phase in (STRATEGY_DISCARD, ACTION):
        return state.seat
    return CHANCE
