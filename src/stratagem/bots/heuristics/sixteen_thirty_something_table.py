"""What the Sixteen Thirty Something heuristic reads of its view, built from the state part
by part as it asks for them.

``Table`` is a mapping with the view's keys the heuristic reads (``seat``, ``countries``,
``displays``, ``you``, ``trade`` while trading, ``vote`` while voting), each built the
first time it is asked and holding the fields the heuristic reads, equal to the view's:
a choice reads a few parts, and the rest of the view (the discard pile, each pile's
cards, the decision in words, the vote's counters) is never built for it.

Seat-honest as the view is: the board, the displays, the trade's types and the vote are
public; of the hands and Victory Point Counters only the seat's own are read, and of the
offers only their types (Trading: the values stay hidden unless stated).
``tests/bots/test_sixteen_thirty_something_table.py`` pins each part against
``view(seat)``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from stratagem.games.sixteen_thirty_something.document import counts_doc
from stratagem.games.sixteen_thirty_something.influence import pile_votes
from stratagem.games.sixteen_thirty_something.phases import (
    FACTION_NAMES,
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
from stratagem.games.sixteen_thirty_something.voting import describe_issue

TRADING = (TRADE_ASK, TRADE_OFFER, TRADE_REPLY, TRADE_ACCEPT)
"""The phases whose view shows a ``trade``."""
VOTING = (VOTE_COUNTRY, VOTE_LAY, VOTE_ISSUE, VOTE_LAY_OTHERS, VOTE_CAST, VOTE_EFFECT)
"""The phases whose view shows a ``vote``."""


class Table(Mapping[str, Any]):
    """One seat's view, as far as the heuristic reads it, part by part."""

    def __init__(self, state: SixteenThirtySomethingState, seat: int) -> None:
        self._state = state
        self._seat = seat
        self._parts: dict[str, Any] = {}
        builders: dict[str, Callable[[], Any]] = {
            "seat": lambda: state.seat_name(seat),
            "countries": self._countries,
            "displays": self._displays,
            "you": self._you,
        }
        if state.phase in TRADING:
            builders["trade"] = self._trade
        if state.phase in VOTING:
            builders["vote"] = self._vote
        self._builders = builders

    def __getitem__(self, key: str) -> Any:
        found = self._parts.get(key)
        if found is None:
            found = self._parts[key] = self._builders[key]()
        return found

    def __iter__(self) -> Iterator[str]:
        return iter(self._builders)

    def __len__(self) -> int:
        return len(self._builders)

    def _countries(self) -> dict[str, Any]:
        """Each country's Status, Army Size, Military Ability, faction, and Leaders and
        Unrest where there are some."""
        state = self._state
        countries: dict[str, Any] = {}
        for c, name in enumerate(state.book.countries):
            facts: dict[str, Any] = {
                "status": state.status[c],
                "army": state.army[c],
                "ability": state.ability[c],
                "faction": FACTION_NAMES[state.faction[c]],
            }
            if state.leaders[c]:
                facts["leaders"] = state.leaders[c]
            if state.unrest[c]:
                facts["unrest"] = state.unrest[c]
            countries[name] = facts
        return countries

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
