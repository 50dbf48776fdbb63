"""The game-specific part of ``State.to_json``: every field, hidden ones included, with
cards and countries by name (``serialize`` reads it back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import JsonDict
from stratagem.games.sixteen_thirty_something.pack import Book

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState


def counts_doc(book: Book, counts: list[int]) -> dict[str, int]:
    """Card counts by name, the kinds held only."""
    names = book.kind_names
    return {names[kind]: n for kind, n in enumerate(counts) if n}


def state_doc(state: SixteenThirtySomethingState) -> JsonDict:
    """Every field of the state as JSON-safe data."""
    book = state.book
    names = book.kind_names
    countries = book.countries
    return {
        "turn": state.turn,
        "first": state.first,
        "order": state.order,
        "phase": state.phase,
        "step_seat": state.step_seat,
        "to_move": state.current_player(),
        "to_draw": state.to_draw,
        "to_lay": state.to_lay,
        "hands": [counts_doc(book, hand) for hand in state.hands],
        "deck": counts_doc(book, state.deck),
        "discard": counts_doc(book, state.discard),
        "piles": [
            [
                {
                    "country": countries[country],
                    "descendant": pile[0],
                    "cards": [names[kind] for kind in pile[1]],
                }
                for country, pile in enumerate(row)
                if pile is not None
            ]
            for row in state.piles
        ],
        "countries": {
            name: {
                "status": state.status[c],
                "army": state.army[c],
                "ability": state.ability[c],
                "faction": state.faction[c],
                "leaders": state.leaders[c],
                "unrest": state.unrest[c],
            }
            for c, name in enumerate(countries)
        },
        "counters": [[countries[c] for c in held] for held in state.counters],
        "bag": {countries[c]: n for c, n in enumerate(state.bag) if n},
        "vp": list(state.vp),
        "specials_played": state.specials_played,
        "special": state.special,
        "asks": [book.type_names[t] for t in state.asks],
        "committed": state.committed,
        "offers": [[names[kind] for kind in offer] for offer in state.offers],
        "stated": [list(flags) for flags in state.stated],
        "revisions": state.revisions,
        "vote": {
            "by_card": state.vote_by_card,
            "country": countries[state.vote_country] if state.vote_country >= 0 else None,
            "issue": state.issue,
            "target": countries[state.target] if state.target >= 0 else None,
            "voters": list(state.voters),
            "votes": list(state.votes),
            "winner": state.winner,
        },
        "dice": list(state.dice),
        "removals": [[seat, countries[c]] for seat, c in state.removals],
        "last_vote": state.last_vote,
        "last_war": state.last_war,
        "ended_by": state.ended_by,
        "points_by_country": list(state.points_by_country),
        "scorings": [
            {
                "points": list(scoring.points),
                "values": [
                    {countries[c]: value for c, value in enumerate(row) if value}
                    for row in scoring.values
                ],
            }
            for scoring in state.scorings.entries
        ],
        "tally": dict(state.tally),
    }
