"""The invariants of a Sixteen Thirty Something state, checked by the conformance kit on
every step and by ``state_from_json`` on every document it loads: all 110 cards always
accounted for, Status within 0 to 7, piles never mixed and never two of one country per
player, every Open card beside a named card, counters and offers consistent."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import CHANCE, TERMINAL
from stratagem.games.sixteen_thirty_something.phases import COUNTERS, OVER

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState


def _card_problems(state: SixteenThirtySomethingState) -> list[str]:
    book = state.book
    problems: list[str] = []
    seen = list(map(sum, zip(state.deck, state.discard, *state.hands, strict=True)))
    for kind in [kind for row in state.piles for pile in row if pile for kind in pile[1]]:
        seen[kind] += 1
    if seen != list(book.copies):
        for kind, count in enumerate(seen):
            if count != book.copies[kind]:
                problems.append(f"{count} {book.kind_names[kind]} cards, not {book.copies[kind]}")
    if min(map(min, state.hands)) < 0:
        problems.append("a hand holds a negative number of cards")
    if state.deck_size != sum(state.deck) or min(state.deck) < 0 or min(state.discard) < 0:
        problems.append("the deck's size or counts are wrong")
    return problems


def _pile_problems(state: SixteenThirtySomethingState) -> list[str]:
    """Each pile holds its country's named cards and Open cards only, with at least one
    named card (sorted kinds put the named cards first, so the first card tells)."""
    book = state.book
    first_country = book.kind_country
    allowed = book.pile_kinds
    problems: list[str] = []
    for seat, row in enumerate(state.piles):
        if len(row) != len(book.countries):
            problems.append(f"{state.seat_name(seat)}'s display lacks a place per country")
        for country, pile in enumerate(row):
            if pile is None:
                continue
            cards = pile[1]
            if not (
                cards
                and first_country[cards[0]] == country
                and allowed[country].issuperset(cards)
                and isinstance(pile[0], bool)
            ):
                problems.append(
                    f"{state.seat_name(seat)}'s {book.countries[country]} pile is not a pile "
                    "of that country's cards with a named card (Open Cards)"
                )
    return problems


def _board_problems(state: SixteenThirtySomethingState) -> list[str]:
    """Status on the track's 0 to 7, two Victory Point Counters a country [The Map] [The
    Counters]."""
    book = state.book
    problems: list[str] = []
    low, high = book.rules.status.min, book.rules.status.max
    if min(state.status) < low or max(state.status) > high:
        problems.append(f"a Status is outside {low}-{high}: {state.status}")
    if min(state.army) < 0 or min(state.ability) < 0:
        problems.append("a negative Army Size or Military Ability")
    if not set(state.faction) <= {-1, 0, 1}:
        problems.append(f"a faction that is neither neutral, red nor blue: {state.faction}")
    held = state.bag.copy()
    for counters in state.counters:
        for country in counters:
            held[country] += 1
    per_country = book.rules.counters.per_country
    if any(count != per_country for count in held):
        problems.append(f"Victory Point Counters held and in the bag: {held}, not 2 each")
    if state.phase > COUNTERS:
        each = book.counters_each(state.n)
        if any(len(counters) != each for counters in state.counters):
            problems.append(f"a player does not hold {each} Victory Point Counters")
    for index, scoring in enumerate(state.scorings.entries):
        for seat, counters in enumerate(state.counters):
            if sum(scoring.values[seat][c] for c in counters) != scoring.points[seat]:
                problems.append(
                    f"{state.seat_name(seat)}'s counters would not have scored its "
                    f"{scoring.points[seat]} points at scoring {index + 1}"
                )
    return problems


def _turn_problems(state: SixteenThirtySomethingState) -> list[str]:
    book = state.book
    problems: list[str] = []
    if not 1 <= state.turn <= state.last_turn <= book.rules.turns.max:
        problems.append(f"turn {state.turn} is outside 1-{state.last_turn}")
    if not -1 <= state.first < state.n or not 0 <= state.step_seat <= state.n:
        problems.append("the 1st player or the seat in a step is not a seat")
    mover = state.current_player()
    if mover not in (CHANCE, TERMINAL) and not 0 <= mover < state.n:
        problems.append(f"to move is {mover}, not a seat")
    if (mover == TERMINAL) != (state.phase == OVER):
        problems.append("the game is over exactly when it is terminal")
    if len(state.stated) != state.n or any(
        len(flags) != len(offer) or any(f not in (0, 1) for f in flags)
        for flags, offer in zip(state.stated, state.offers, strict=False)
    ):
        problems.append("stated values must be one 0 or 1 for each card offered")
    for seat, offer in enumerate(state.offers):
        for kind in set(offer):
            if offer.count(kind) > state.hands[seat][kind]:
                problems.append(f"{state.seat_name(seat)} offers a card it does not hold")
    for seat, country in state.removals:
        pile = state.piles[seat][country]
        if pile is None or not pile[0]:
            problems.append("a card is owed from a pile that is not in the descendant")
    if any(points < 0 for points in state.vp):
        problems.append("negative Victory Points")
    return problems


def invariant_problems(state: SixteenThirtySomethingState) -> list[str]:
    """Every broken invariant, in words; an empty list for a sound state."""
    return [
        *_card_problems(state),
        *_pile_problems(state),
        *_board_problems(state),
        *_turn_problems(state),
    ]
