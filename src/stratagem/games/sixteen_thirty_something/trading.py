"""Trading cards, as a short sequence of atomic decisions [3. Trading Cards] [Rulings R10].

1. The phasing player proposes a trade or says ``No trade``. Proposing, it names one to
   3 card types it is after (``Ask for: France``). Types are truthful and public.
2. It offers up to 3 cards of its hand (``Offer: England 2``): everyone sees the types,
   only the offerer the values, unless it chooses to state a card's value (``Offer,
   stating its value: England 2``): values may be left vague, or stated, truthfully.
3. Every other player, clockwise, makes an offer of 1 to 3 of its own cards, or none.
4. The phasing player accepts one offer (one deal, with one player), declines them all,
   or, having heard the offers, changes what it is after and what it offers (at most
   ``max_revisions`` times a trade): every offer is withdrawn and the trade starts again
   from step 1's request. The cards change hands at once; each side then knows what it
   received.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.sixteen_thirty_something.encoding import (
    ACCEPT,
    ASK,
    DECLINE,
    DONE_ASKING,
    DONE_OFFERING,
    MAKE_OFFER,
    NO_OFFER,
    NO_TRADE,
    OFFER,
    OFFER_STATED,
    PROPOSE,
    REVISE,
)
from stratagem.games.sixteen_thirty_something.pack import Book, plain
from stratagem.games.sixteen_thirty_something.phases import (
    SPECIALS,
    TRADE_ACCEPT,
    TRADE_ASK,
    TRADE_OFFER,
    TRADE_REPLY,
)

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

RULE = "3. Trading Cards"


def type_name(book: Book, kind: int) -> str:
    """A card's type, which a trader may not lie about: its country, Open or the Special
    [3. Trading Cards]."""
    return book.type_names[book.kind_type[kind]]


def with_article(name: str) -> str:
    """``an England card``, ``a Vote card``."""
    return f"{'an' if name[0] in 'AEIO' else 'a'} {name} card"


def types_text(book: Book, kinds: list[int]) -> str:
    """The public description of an offer: types only."""
    if not kinds:
        return "nothing"
    return ", ".join(with_article(type_name(book, kind)) for kind in kinds)


def _withdraw(state: SixteenThirtySomethingState) -> None:
    state.asks = []
    state.offers = [[] for _ in range(state.n)]
    state.stated = [[] for _ in range(state.n)]


def begin(state: SixteenThirtySomethingState) -> None:
    """The phasing player may now trade [3. Trading Cards]."""
    _withdraw(state)
    state.revisions = 0
    state.committed = False
    state.phase = TRADE_ASK


def _end(state: SixteenThirtySomethingState) -> None:
    """A player can make only one trade; then come the Special Cards [3. Trading Cards]."""
    _withdraw(state)
    state.revisions = 0
    state.phase = SPECIALS


def legal_ask(state: SixteenThirtySomethingState) -> list[Action]:
    """``Propose a trade`` or ``No trade``; proposing, ask for a type (at least one, up to
    the limit), then ``Done asking`` [3. Trading Cards] [Rulings R10]."""
    enc = state.enc
    book = state.book
    if not state.committed:
        return [enc.get(PROPOSE), enc.get(NO_TRADE)]
    actions = [enc.get(ASK, t) for t in range(len(book.type_names))]
    if state.asks:
        actions.append(enc.get(DONE_ASKING))
    return actions


def propose(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """The phasing player will trade: it declares what it is after [3. Trading Cards]."""
    state.committed = True


def ask(state: SixteenThirtySomethingState, card_type: int, _b: int, _c: int) -> None:
    """The phasing player declares a card type it is after, truthfully [3. Trading Cards]."""
    state.asks = [*state.asks, card_type]
    name = state.seat_name(state.active)
    wanted = state.book.type_names[card_type]
    state.log(f"{name} asks for {with_article(wanted)}.", RULE, {"seat": name, "type": wanted})
    if len(state.asks) >= plain(state.book.rules.trade.max_asks):
        state.phase = TRADE_OFFER


def done_asking(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """The phasing player has said what it is after; now what it offers [3. Trading
    Cards]."""
    state.phase = TRADE_OFFER


def no_trade(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """Trading is optional: the phasing player does not trade this turn [3. Trading
    Cards]."""
    name = state.seat_name(state.active)
    state.log(f"{name} does not trade.", RULE, {"seat": name})
    _end(state)


def make_offer(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """Another player will offer cards [3. Trading Cards]."""
    state.committed = True


def no_offer(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """Another player offers nothing [3. Trading Cards]."""
    done_offering(state, -1, -1, -1)


def _offerer(state: SixteenThirtySomethingState) -> tuple[int, int]:
    """Who is offering now, and how many cards they may offer [3. Trading Cards] [Rulings
    R10]."""
    trade = state.book.rules.trade
    if state.phase == TRADE_OFFER:
        return state.active, trade.max_cards
    return state.step_seat, plain(trade.partner_max_cards)


def legal_offer(state: SixteenThirtySomethingState) -> list[Action]:
    """Any card of the hand not yet offered, Special Cards too, then ``Done offering``
    [3. Trading Cards].
    Another player first says whether it makes an offer at all (with an empty hand, it
    cannot)."""
    seat, _ = _offerer(state)
    enc = state.enc
    hand = state.hands[seat]
    replying = state.phase == TRADE_REPLY
    if replying and not state.committed:
        return [enc.get(MAKE_OFFER), enc.get(NO_OFFER)] if any(hand) else [enc.get(NO_OFFER)]
    offer = state.offers[seat]
    free = [kind for kind, count in enumerate(hand) if count > offer.count(kind)]
    actions = [enc.get(OFFER, kind) for kind in free]
    specials = state.book.special_kinds
    actions += [enc.get(OFFER_STATED, kind) for kind in free if kind not in specials]
    if not replying or offer:
        actions.append(enc.get(DONE_OFFERING))
    return actions


def offer(state: SixteenThirtySomethingState, kind: int, _b: int, _c: int) -> None:
    """A card is put on offer: its type is public, its value known only to its owner (the
    trader may be vague about values) [3. Trading Cards] [Rulings R10]."""
    seat, _ = _offerer(state)
    book = state.book
    name = state.seat_name(seat)
    public = with_article(type_name(book, kind))
    state.log(
        f"{name} offers {book.kind_names[kind]}.",
        RULE,
        {"seat": name, "card": book.kind_names[kind]},
        private_to=seat,
        public_text=f"{name} offers {public}.",
        public_data={"seat": name, "type": type_name(book, kind)},
    )
    _put_on_offer(state, seat, kind, 0)


def offer_stated(state: SixteenThirtySomethingState, kind: int, _b: int, _c: int) -> None:
    """An Influence Card is put on offer with its value stated (a Special Card has no value
    to state): vagueness about values is allowed, not required, and what is stated is
    true, as the engine hands over the very card [3. Trading Cards] [Rulings R10]."""
    seat, _ = _offerer(state)
    book = state.book
    name = state.seat_name(seat)
    card = book.kind_names[kind]
    state.log(
        f"{name} offers {card}, stating its value.",
        RULE,
        {"seat": name, "card": card, "stated": True},
    )
    _put_on_offer(state, seat, kind, 1)


def _put_on_offer(state: SixteenThirtySomethingState, seat: int, kind: int, stated: int) -> None:
    _, limit = _offerer(state)
    state.offers[seat] = [*state.offers[seat], kind]
    state.stated[seat] = [*state.stated[seat], stated]
    if len(state.offers[seat]) >= limit or sum(state.hands[seat]) == len(state.offers[seat]):
        done_offering(state, -1, -1, -1)


def done_offering(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """The offer is complete; the next player clockwise makes theirs, then the phasing
    player chooses."""
    state.committed = False
    if state.phase == TRADE_OFFER:
        state.phase = TRADE_REPLY
        state.step_seat = (state.active + 1) % state.n
        return
    state.step_seat = (state.step_seat + 1) % state.n
    if state.step_seat == state.active:
        state.phase = TRADE_ACCEPT


def _partners(state: SixteenThirtySomethingState) -> list[int]:
    """Players a deal can be struck with: only those who made an offer, since the phasing
    player accepts an offer made to him or declines [3. Trading Cards] [Rulings R10]."""
    return [seat for seat in range(state.n) if seat != state.active and state.offers[seat]]


def _may_revise(state: SixteenThirtySomethingState) -> bool:
    """Whether the phasing player may still change its request [3. Trading Cards]
    [Rulings R10]."""
    return state.revisions < plain(state.book.rules.trade.max_revisions)


def settle_accept(state: SixteenThirtySomethingState) -> int | None:
    """With no offer made and no change of request left, trading ends by itself;
    otherwise the phasing player chooses."""
    if _partners(state) or _may_revise(state):
        return state.active
    name = state.seat_name(state.active)
    state.log(f"Nobody makes an offer: {name} makes no trade.", RULE, {"seat": name})
    _end(state)
    return None


def legal_accept(state: SixteenThirtySomethingState) -> list[Action]:
    enc = state.enc
    actions = [enc.get(ACCEPT, seat) for seat in _partners(state)] + [enc.get(DECLINE)]
    if _may_revise(state):
        actions.append(enc.get(REVISE))
    return actions


def revise(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """Having heard the offers, the phasing player changes what it is after and what it
    offers: every offer is withdrawn, it asks and offers again, and the others offer
    again (at most ``max_revisions`` times a trade) [3. Trading Cards] [Rulings R10]."""
    state.revisions += 1
    _withdraw(state)
    state.committed = True
    state.phase = TRADE_ASK
    name = state.seat_name(state.active)
    state.log(
        f"{name} changes what it is after and what it offers; the offers are withdrawn.",
        RULE,
        {"seat": name, "revision": state.revisions},
    )


def accept(state: SixteenThirtySomethingState, partner: int, _b: int, _c: int) -> None:
    """One deal, with one player: the two offers change hands at once, so nobody can fail
    to supply them [3. Trading Cards] [Rulings R10].

    The trade is told once to each seat: the phasing player reads what changed hands,
    the others its types; the partner then reads the values it received."""
    book = state.book
    me = state.active
    given = state.offers[me]
    taken = state.offers[partner]
    for kind in given:
        state.hands[me][kind] -= 1
        state.hands[partner][kind] += 1
    for kind in taken:
        state.hands[partner][kind] -= 1
        state.hands[me][kind] += 1
    a, b = state.seat_name(me), state.seat_name(partner)
    public = f"{a} trades {types_text(book, given)} to {b} for {types_text(book, taken)}."
    data = {"seat": a, "partner": b}
    names_given = [book.kind_names[k] for k in given]
    names_taken = [book.kind_names[k] for k in taken]
    full = f"{a} trades {', '.join(names_given) or 'nothing'} to {b} for "
    full += f"{', '.join(names_taken) or 'nothing'}."
    full_data = {**data, "given": names_given, "received": names_taken}
    state.log(full, RULE, full_data, private_to=me, public_text=public, public_data=data)
    received = f"{b} receives {', '.join(names_given) or 'nothing'} from {a}."
    state.log(received, RULE, {"seat": b, "from": a, "received": names_given}, private_to=partner)
    state.bump("trades")
    _end(state)


def decline(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """The phasing player may decline every offer [3. Trading Cards]."""
    name = state.seat_name(state.active)
    state.log(f"{name} declines every offer.", RULE, {"seat": name})
    _end(state)
