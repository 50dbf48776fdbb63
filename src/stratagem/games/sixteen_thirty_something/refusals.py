"""Why an action is refused, in words (the ``IllegalAction`` message).

Only called on the error path. A refusal is read by the seat that tried the action, so it
speaks of that seat's own hand and of public facts only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import CHANCE, Action
from stratagem.games.sixteen_thirty_something.encoding import (
    ACCEPT,
    ASK,
    ASSASSINATE,
    ASSASSINATE_OPEN,
    CALL,
    CAST,
    CHANCE_KINDS,
    DECLINE,
    DISCARD,
    DONE_ASKING,
    DONE_LAYING,
    DONE_OFFERING,
    ISSUE_CHANGE,
    ISSUE_REARM,
    ISSUE_WAR,
    LAY,
    LAY_OPEN,
    MAKE_OFFER,
    NO_OFFER,
    NO_SPECIAL,
    NO_TRADE,
    OFFER,
    OFFER_STATED,
    PLAY,
    PROPOSE,
    REMOVE,
    REMOVE_OPEN,
    REVISE,
    TARGET,
)
from stratagem.games.sixteen_thirty_something.pack import SPECIAL_NAMES, plain
from stratagem.games.sixteen_thirty_something.phases import (
    HAND_LIMIT,
    OPENING,
    PHASE_NAMES,
    REMOVE_ONE,
    SPECIAL_TARGET,
    SPECIALS,
    TRADE_ACCEPT,
    TRADE_ASK,
    TRADE_OFFER,
    TRADE_REPLY,
    VOTE_CAST,
    VOTE_COUNTRY,
    VOTE_ISSUE,
    VOTE_LAY,
    VOTE_LAY_OTHERS,
)
from stratagem.games.sixteen_thirty_something.voting import war_targets

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

_PHASES_OF: dict[int, tuple[int, ...]] = {
    LAY: (OPENING, VOTE_LAY, VOTE_LAY_OTHERS),
    LAY_OPEN: (OPENING, VOTE_LAY, VOTE_LAY_OTHERS),
    DONE_LAYING: (VOTE_LAY, VOTE_LAY_OTHERS),
    REMOVE: (REMOVE_ONE,),
    REMOVE_OPEN: (REMOVE_ONE,),
    ASK: (TRADE_ASK,),
    DONE_ASKING: (TRADE_ASK,),
    NO_TRADE: (TRADE_ASK,),
    PROPOSE: (TRADE_ASK,),
    MAKE_OFFER: (TRADE_REPLY,),
    NO_OFFER: (TRADE_REPLY,),
    OFFER: (TRADE_OFFER, TRADE_REPLY),
    OFFER_STATED: (TRADE_OFFER, TRADE_REPLY),
    REVISE: (TRADE_ACCEPT,),
    DONE_OFFERING: (TRADE_OFFER, TRADE_REPLY),
    ACCEPT: (TRADE_ACCEPT,),
    DECLINE: (TRADE_ACCEPT,),
    PLAY: (SPECIALS,),
    NO_SPECIAL: (SPECIALS,),
    TARGET: (SPECIAL_TARGET,),
    ASSASSINATE: (SPECIAL_TARGET,),
    ASSASSINATE_OPEN: (SPECIAL_TARGET,),
    CALL: (VOTE_COUNTRY,),
    ISSUE_WAR: (VOTE_ISSUE,),
    ISSUE_CHANGE: (VOTE_ISSUE,),
    ISSUE_REARM: (VOTE_ISSUE,),
    CAST: (VOTE_CAST,),
    DISCARD: (HAND_LIMIT,),
}


def why_illegal(state: SixteenThirtySomethingState, action: Action) -> str:
    """Why ``action`` is refused, telling the seat to move nothing it may not know."""
    enc = state.enc
    kind = enc.kind[action.id]
    a, b, c = enc.a[action.id], enc.b[action.id], enc.c[action.id]
    phase = PHASE_NAMES[state.phase]
    if state.current_player() == CHANCE:
        if kind in CHANCE_KINDS:
            return f"it cannot come up now ({phase})"
        return f"chance acts now ({phase}); no player decides"
    if kind in CHANCE_KINDS:
        return f"this is decided by chance, and now a player decides ({phase})"
    if state.removals:
        seat, country = state.removals[0]
        where = state.book.countries[country]
        if kind in (REMOVE, REMOVE_OPEN):
            return (
                f"the card must come from the {where} pile, and not be its last named "
                "card beside an Open card"
            )
        return f"{state.seat_name(seat)} must first remove a card from the {where} pile"
    if state.phase not in _PHASES_OF[kind]:
        return f"this belongs to {PHASE_NAMES[_PHASES_OF[kind][0]]}, and now is {phase}"
    return _in_phase(state, kind, a, b, c)


def _in_phase(state: SixteenThirtySomethingState, kind: int, a: int, b: int, c: int) -> str:
    book = state.book
    seat = state.current_player()
    hand = state.hands[seat]
    if kind in (LAY, LAY_OPEN, OFFER, OFFER_STATED, DISCARD) and not hand[a]:
        return f"there is no {book.kind_names[a]} in your hand"
    if kind in (LAY, LAY_OPEN):
        return _why_not_lay(state, kind, a, c)
    if kind in (REMOVE, REMOVE_OPEN):
        return (
            "that card is not in a descendant pile of yours, or it is the last named card "
            "beside an Open card"
        )
    if kind in (PROPOSE, NO_TRADE):
        return "you have already proposed a trade"
    if kind == ASK:
        return "first 'Propose a trade' (or say 'No trade')"
    if kind == DONE_ASKING:
        return "ask for at least one card type first"
    if kind in (MAKE_OFFER, NO_OFFER):
        return "you have already said you make an offer, or you hold no card to offer"
    if kind == REVISE:
        return (
            "the request of this trade has been changed as often as the rules allow "
            f"({plain(book.rules.trade.max_revisions)} times): accept an offer or decline"
        )
    if kind == OFFER_STATED and a in book.special_kinds:
        return "a Special Card has no value to state: offer it with 'Offer:'"
    if kind in (OFFER, OFFER_STATED):
        return "say 'Make an offer' first, or you cannot offer more copies of that card"
    if kind == DONE_OFFERING:
        return "an offer holds at least one card: offer one, or say 'Make no offer' first"
    if kind == ACCEPT:
        return f"no deal with {state.seat_name(a)}: it is you, or no card would change hands"
    if kind == PLAY:
        return _why_not_play(state, a)
    if kind in (TARGET, ASSASSINATE, ASSASSINATE_OPEN):
        return _why_not_target(state, kind, a)
    if kind == CALL:
        return f"you have no influence in {book.countries[a]} and no card to place there"
    if kind == ISSUE_WAR:
        return _why_not_war(state, a)
    if kind == ISSUE_REARM:
        return "re-arming is open only to a country whose Army Size is 0"
    if kind == CAST:
        return "the sides of this vote are " + ("war or peace" if b == 0 else "red or blue")
    if kind == DONE_LAYING:
        return "you must place a card for the country you chose before calling the vote"
    return "it is not allowed now"


def _why_not_lay(state: SixteenThirtySomethingState, kind: int, card: int, country: int) -> str:
    book = state.book
    seat = state.current_player()
    if kind == LAY:
        country = book.kind_country[card]
    if state.phase != OPENING and country != state.vote_country:
        return f"the vote is in {book.countries[state.vote_country]}: only its cards may be placed"
    pile = state.piles[seat][country]
    if pile is not None and pile[0]:
        return f"your {book.countries[country]} pile is in the descendant: nothing can be added"
    if kind == LAY_OPEN:
        return "an Open card must join a pile that already holds a named card"
    return "you have placed the cards you must"


def _why_not_play(state: SixteenThirtySomethingState, special: int) -> str:
    name = SPECIAL_NAMES[special]
    if not state.hands[state.current_player()][state.book.special_kinds[special]]:
        return f"there is no {name} in your hand"
    return f"{name} would have no effect now"


def _why_not_target(state: SixteenThirtySomethingState, kind: int, special: int) -> str:
    playing = SPECIAL_NAMES[state.special]
    if kind == TARGET and special != state.special:
        return f"the card being played is {playing}"
    if kind == TARGET:
        return f"{playing} can have no effect there (Status is at most 7)"
    return f"the card being played is {playing}, or there is no such card on the table"


def _why_not_war(state: SixteenThirtySomethingState, target: int) -> str:
    book = state.book
    country = state.vote_country
    if target in war_targets(state, country):
        return "it is not allowed now"
    here, there = book.countries[country], book.countries[target]
    if state.army[country] < 1:
        return f"{here} has an Army Size of 0 and cannot go to war"
    if state.unrest[country]:
        return f"{here} is in Unrest and cannot declare war"
    if state.faction[target] != 1 - state.faction[country]:
        return f"{there} is not in the opposing faction"
    return f"{there} has Status 1 or less and is not adjacent to {here}"
