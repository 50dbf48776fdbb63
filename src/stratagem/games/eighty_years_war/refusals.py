"""Why an action is refused, in words (the ``IllegalAction`` message).

Only called on the error path. A refusal tells the seat that asked nothing it may not know:
where a card is, it says only if that place is public or the seat's own.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from stratagem.core import CHANCE, Action
from stratagem.games.eighty_years_war.encoding import (
    DISCARD,
    DRAW,
    KEEP,
    MELD_MILITARY,
    REPLACE,
    REVEAL,
    SHOW,
    STOP,
)
from stratagem.games.eighty_years_war.info import SEATS
from stratagem.games.eighty_years_war.pack import MELD_NAMES, MILITARY, POLITICAL
from stratagem.games.eighty_years_war.places import (
    ACTION,
    DECK,
    DISCARD_PILE,
    HAND,
    MELD,
    PHASE_NAMES,
    REMOVED,
    RESERVE,
    STRATEGY_DISCARD,
    STRATEGY_DRAW,
)

if TYPE_CHECKING:
    from stratagem.games.eighty_years_war.game import EightyYearsWar
    from stratagem.games.eighty_years_war.state import EightyYearsWarState


def why_illegal(state: EightyYearsWarState, action: Action) -> str:
    """Why ``action`` is refused, telling the seat to move nothing it may not know."""
    game = cast("EightyYearsWar", state.game)
    kind = game.kind_of[action.id]
    card = game.card_of[action.id]
    name = state.book.names[card] if card >= 0 else ""
    seat = state.current_player()
    phase = PHASE_NAMES[state.phase]
    if seat == CHANCE:
        if kind in (DISCARD, STOP) and state.phase == STRATEGY_DRAW:
            limit = state.book.rules.strategy.max_discards
            made = state.turn_discards[state.seat]
            most = f", the most allowed is {limit}" if made == limit else ""
            return (
                f"the {SEATS[state.seat]} have made their discards ({made}{most}) "
                "and their replacements are being drawn"
            )
        if kind != DRAW:
            return "a card is being drawn; only a card of the deck can come up"
        # only the referee applies chance outcomes (a seat is refused before this), so
        # the whole truth may be told
        return f"{name} is not in the deck{_where(state, card, None, referee=True)}"
    if state.pending is not None:
        pending = state.book.names[state.pending]
        return f"{SEATS[seat]} must first keep or replace {pending}, a card of the wrong stage"
    if kind == DRAW:
        return f"cards are drawn by chance, and it is {SEATS[seat]}'s decision now ({phase})"
    if kind in (KEEP, REPLACE):
        return f"no wrong-stage card is waiting for a decision ({phase})"
    if kind in (DISCARD, STOP):
        if state.phase != STRATEGY_DISCARD:
            return f"discards are made in the Strategy Phase, and this is the {phase}"
        if state.loc[card] != HAND + seat:
            return f"{name} is not in the {SEATS[seat]} hand{_where(state, card, seat)}"
        limit = state.book.rules.strategy.max_discards
        return f"{SEATS[seat]} has already discarded {limit} cards, the most allowed"
    if state.phase != ACTION:
        return f"melds are made in the Action Phase, and this is the {phase}"
    hand = state.hands[seat]
    if kind in (SHOW, REVEAL):
        if hand:
            return f"the {SEATS[seat]} still have {len(hand)} cards to place in their melds"
        if kind == SHOW:
            return (
                f"{name} cannot be chosen as the Event shown: only one usable Event of "
                "several in the melds can (Rulings R9)"
            )
        return "the melds hold several usable Events: first choose the one shown (Rulings R9)"
    if not hand:
        return f"the {SEATS[seat]} hand is placed; the melds are to be revealed"
    if state.loc[card] != HAND + seat:
        return f"{name} is not in the {SEATS[seat]} hand{_where(state, card, seat)}"
    if card != hand[0]:
        first = state.book.names[hand[0]]
        return f"cards are placed in card-list order: {first} comes first (Rulings R7)"
    meld = MELD_NAMES[MILITARY if kind == MELD_MILITARY else POLITICAL]
    return f"it is the last card, and the {meld} meld already has one while the other is empty"


def _where(
    state: EightyYearsWarState, card: int, asker: int | None, *, referee: bool = False
) -> str:
    """Where ``card`` is, as ``": <place>"``, only if everyone (or ``asker``) may know it;
    the ``referee`` is told wherever it is."""
    place = state.loc[card]
    if referee and place == DECK:
        return ": it is in the deck"
    if referee and HAND <= place < MELD:
        return f": it is in the {SEATS[place - HAND]} hand"
    if referee and place >= MELD:
        return f": it is in a {SEATS[(place - MELD) // 2]} meld"
    if referee and place == DISCARD_PILE:
        return ": it is in the discard pile"
    if place == RESERVE:
        return ": it has not yet been shuffled into the deck"
    if place == DISCARD_PILE and card not in state.face_down:
        return ": it is face up in the discard pile"
    if place == REMOVED:
        return ": it went off as an Event and was removed from play"
    if asker is not None and place in (MELD + 2 * asker, MELD + 2 * asker + 1):
        return f": it is already in the {MELD_NAMES[place - MELD - 2 * asker]} meld"
    return ""
