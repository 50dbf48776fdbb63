"""What the Sixteen Thirty Something heuristic reads of its view, built from the state part
by part as it asks for them.

``Table`` is a dict with the view's keys the heuristic reads, holding the fields the
heuristic reads, equal to the view's: ``seat``, ``trade`` while trading and ``vote``
while voting at once; ``countries``, ``displays`` and ``you`` the first time they are
asked (a dict, so that a part once built is read at a dict's speed). The rest of the
view (the discard pile, each pile's cards, the decision in words, the vote's counters)
is never built for it.

Seat-honest as the view is: the board, the displays, the trade's types and the vote are
public; of the hands and Victory Point Counters only the seat's own are read, and of the
offers only their types (Trading: the values stay hidden unless stated).
``tests/bots/test_sixteen_thirty_something_table.py`` pins each part against
``view(seat)``.
"""

from __future__ import annotations

from typing import Any

from stratagem.games.sixteen_thirty_something.document import counts_doc
from stratagem.games.sixteen_thirty_something.influence import pile_votes
from stratagem.games.sixteen_thirty_something.phases import (
    TRADE_ACCEPT,
    TRADE_ASK,
    TRADE_OFFER,
    TRADE_REPLY,
    VOTE_CAST,
    VOTE_COUNTRY,
    VOTE_EFFECT,
    VOTE_ISSUE,
    VOTE_LAY,
    VOTE_LAY_OTHERS,
)
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState
from stratagem.games.sixteen_thirty_something.trading import type_name
from stratagem.games.sixteen_thirty_something.views import country_counters
from stratagem.games.sixteen_thirty_something.voting import describe_issue

TRADING = (TRADE_ASK, TRADE_OFFER, TRADE_REPLY, TRADE_ACCEPT)
"""The phases whose view shows a ``trade``."""
VOTING = (VOTE_COUNTRY, VOTE_LAY, VOTE_ISSUE, VOTE_LAY_OTHERS, VOTE_CAST, VOTE_EFFECT)
"""The phases whose view shows a ``vote``."""


class Table(dict[str, Any]):
    """One seat's view, as far as the heuristic reads it, part by part."""

    LAZY = ("countries", "displays", "you")
    """The parts built when first asked."""

    def __init__(self, state: SixteenThirtySomethingState, seat: int) -> None:
        super().__init__(seat=state.seat_name(seat))
        self._state = state
        self._seat = seat
        if state.phase in TRADING:
            self["trade"] = self._trade()
        if state.phase in VOTING:
            self["vote"] = self._vote()

    def __missing__(self, key: str) -> Any:
        if key not in self.LAZY:
            raise KeyError(key)
        part = (
            self._countries()
            if key == "countries"
            else (self._displays() if key == "displays" else self._you())
        )
        self[key] = part
        return part

    def _countries(self) -> dict[str, Any]:
        """Each country's counters, as the view gives them (Leaders and Unrest only where
        there are some)."""
        return country_counters(self._state)

    def _displays(self) -> dict[str, Any]:
        """Every player's piles: votes, and whether ascendant or descendant."""
        state = self._state
        book = state.book
        return {
            state.seat_name(seat): {
                book.countries[c]: {
                    "votes": pile_votes(book, pile),
                    "state": "descendant" if pile[0] else "ascendant",
                }
                for c, pile in enumerate(row)
                if pile is not None
            }
            for seat, row in enumerate(state.piles)
        }

    def _you(self) -> dict[str, Any]:
        """The seat's own hand, Victory Point Counters and offer."""
        state = self._state
        book = state.book
        seat = self._seat
        you: dict[str, Any] = {
            "hand": counts_doc(book, state.hands[seat]),
            "victory_point_counters": [book.countries[c] for c in state.counters[seat]],
        }
        if state.offers[seat]:
            you["your_offer"] = [book.kind_names[k] for k in state.offers[seat]]
        return you

    def _trade(self) -> dict[str, Any]:
        """The trader, the types asked for, each offer's types, the revisions made."""
        state = self._state
        book = state.book
        return {
            "trader": state.seat_name(state.active),
            "asks_for": [book.type_names[t] for t in state.asks],
            "offers": {
                state.seat_name(seat): [type_name(book, k) for k in offer]
                for seat, offer in enumerate(state.offers)
                if offer
            },
            "revisions": state.revisions,
        }

    def _vote(self) -> dict[str, Any]:
        """Who called the vote, in which country, on which issue."""
        state = self._state
        vote: dict[str, Any] = {
            "caller": state.seat_name(state.active),
            "country": state.book.countries[state.vote_country]
            if state.vote_country >= 0
            else None,
        }
        if state.issue >= 0:
            vote["issue"] = describe_issue(state)
        return vote
