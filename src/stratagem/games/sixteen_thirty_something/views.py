"""What each seat may know (``view``) and the worlds consistent with it (``resample``).

Public: the board (Status, Army Size, Military Ability, factions, Leaders, Unrest), every
display of Influence Cards, the discard pile, the size of every hand and of the deck, the
Victory Point Track, who holds how many counters, the types asked for and offered in a
trade, who has cast a Voting Counter, the last vote and war once revealed.
Hidden: other hands, the deck's contents, other players' Victory Point Counters (Taking
Victory Point Counters), the values of cards offered by others, and votes not yet
revealed (Casting Votes).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from stratagem.core import CHANCE, TERMINAL, JsonDict
from stratagem.games.sixteen_thirty_something.deduction import deal_counters, holdings
from stratagem.games.sixteen_thirty_something.document import counts_doc
from stratagem.games.sixteen_thirty_something.influence import Pile, counter_points, pile_votes
from stratagem.games.sixteen_thirty_something.pack import Book
from stratagem.games.sixteen_thirty_something.phases import (
    FACTION_NAMES,
    HAND_LIMIT,
    OPENING,
    OVER,
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
    VOTE_EFFECT,
    VOTE_ISSUE,
    VOTE_LAY,
    VOTE_LAY_OTHERS,
)
from stratagem.games.sixteen_thirty_something.trading import type_name
from stratagem.games.sixteen_thirty_something.voting import SIDE_NAMES, describe_issue, war_like

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.game import SixteenThirtySomething
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

_TRADING = (TRADE_ASK, TRADE_OFFER, TRADE_REPLY, TRADE_ACCEPT)
_VOTING = (VOTE_COUNTRY, VOTE_LAY, VOTE_ISSUE, VOTE_LAY_OTHERS, VOTE_CAST, VOTE_EFFECT)


def _to_move(state: SixteenThirtySomethingState) -> str | None:
    player = state.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return "chance"
    return state.seat_name(player)


def country_counters(state: SixteenThirtySomethingState) -> JsonDict:
    """Each country's counters; Military Leaders and Unrest only where there are some."""
    countries: JsonDict = {}
    status, army, ability, faction = state.status, state.army, state.ability, state.faction
    leaders, unrest = state.leaders, state.unrest
    for c, name in enumerate(state.book.countries):
        facts: JsonDict = {
            "status": status[c],
            "army": army[c],
            "ability": ability[c],
            "faction": FACTION_NAMES[faction[c]],
        }
        if leaders[c]:
            facts["leaders"] = leaders[c]
        if unrest[c]:
            facts["unrest"] = unrest[c]
        countries[name] = facts
    return countries


PileShown = tuple[int, str, tuple[str, ...]]
"""A pile's votes, ``ascendant`` or ``descendant``, and its cards by name."""
PILES_KEPT = 4096
"""Piles whose ``PileShown`` a game remembers (beyond, it starts afresh)."""


def pile_shown(state: SixteenThirtySomethingState, pile: Pile) -> PileShown:
    """What a view shows of a pile: its votes, whether ascendant or descendant, its cards
    by name; worked out once per pile a game meets (a pile is an immutable tuple)."""
    game: SixteenThirtySomething = state.game  # type: ignore[assignment]
    known = game.shown_piles
    shown = known.get(pile)
    if shown is None:
        if len(known) >= PILES_KEPT:
            known.clear()
        names = state.book.kind_names
        side = "descendant" if pile[0] else "ascendant"
        shown = known[pile] = (
            pile_votes(state.book, pile),
            side,
            tuple(names[kind] for kind in pile[1]),
        )
    return shown


def _displays(state: SixteenThirtySomethingState) -> JsonDict:
    """Every player's piles: cards, votes and whether ascendant or descendant."""
    countries = state.book.countries
    displays: JsonDict = {}
    for seat, row in enumerate(state.piles):
        shown: JsonDict = {}
        for c, pile in enumerate(row):
            if pile is not None:
                votes, side, cards = pile_shown(state, pile)
                shown[countries[c]] = {"votes": votes, "state": side, "cards": list(cards)}
        displays[state.seat_name(seat)] = shown
    return displays


def _trade(state: SixteenThirtySomethingState) -> JsonDict:
    book = state.book
    return {
        "trader": state.seat_name(state.active),
        "asks_for": [book.type_names[t] for t in state.asks],
        "offers": {
            state.seat_name(seat): [type_name(book, k) for k in offer]
            for seat, offer in enumerate(state.offers)
            if offer
        },
        "stated_values": {
            state.seat_name(seat): [
                book.kind_names[k]
                for k, flag in zip(offer, state.stated[seat], strict=True)
                if flag
            ]
            for seat, offer in enumerate(state.offers)
            if any(state.stated[seat])
        },
        "revisions": state.revisions,
    }


def _vote(state: SixteenThirtySomethingState) -> JsonDict:
    vote: JsonDict = {
        "caller": state.seat_name(state.active),
        "by_vote_card": state.vote_by_card,
        "country": state.book.countries[state.vote_country] if state.vote_country >= 0 else None,
    }
    if state.issue >= 0:
        vote["issue"] = describe_issue(state)
        vote["counter_sides"] = (
            "red = war, blue = peace" if war_like(state.issue) else "red or blue"
        )
    if state.phase in (VOTE_CAST, VOTE_EFFECT):
        vote["voters"] = [state.seat_name(seat) for seat in state.voters]
        vote["counters_down"] = [state.seat_name(s) for s in state.voters if state.votes[s] >= 0]
    return vote


_DECISIONS = {
    OPENING: "{who} places an Influence Card face up (three in all, if the hand allows)",
    REMOVE_ONE: "{who} removes one card from a pile in the descendant",
    TRADE_ASK: "{who} proposes a trade and names the card types wanted (1-3), or does not trade",
    TRADE_OFFER: (
        "{who} offers up to 3 cards of the hand (others see their types, and the values "
        "the offerer chooses to state)"
    ),
    TRADE_REPLY: "{who} may make an offer of 1-3 cards to {active}",
    TRADE_ACCEPT: (
        "{who} accepts one offer (one deal, one player), declines them all, or changes "
        "what is asked for and offered"
    ),
    SPECIALS: "{who} may play a Special Card ({played} of 2 played this turn)",
    SPECIAL_TARGET: "{who} chooses where the Special Card takes effect",
    VOTE_COUNTRY: "{who} chooses the country of the vote",
    VOTE_LAY: "{who} may place cards for {country}, then calls the vote",
    VOTE_ISSUE: "{who} chooses the issue of the vote in {country}",
    VOTE_LAY_OTHERS: "{who} may place cards for {country} before the vote",
    VOTE_CAST: "{who} lays a Voting Counter in secret",
    HAND_LIMIT: "{who} discards down to the hand limit of 13",
}


def _decision(state: SixteenThirtySomethingState) -> str | None:
    """The decision being taken, in words (public: whose it is and of what kind)."""
    mover = state.current_player()
    if mover < 0:
        return None
    country = state.book.countries[state.vote_country] if state.vote_country >= 0 else ""
    who = state.seat_name(mover)
    if state.removals:
        return f"{who} removes a card from the {state.book.countries[state.removals[0][1]]} pile"
    template = _DECISIONS.get(state.phase, "{who} decides")
    return template.format(
        who=who,
        active=state.seat_name(state.active) if state.first >= 0 else "",
        played=state.specials_played,
        country=country,
    )


def _points_if_scored_now(state: SixteenThirtySomethingState, seat: int) -> JsonDict:
    book = state.book
    held: dict[str, int] = {}
    score = 0
    for country in state.counters[seat]:
        name = book.countries[country]
        gained = counter_points(book, state.status[country], state.piles[seat][country])
        held[name] = held.get(name, 0) + gained
        score += gained
    return {"total": score, **held}


def _last_vote(record: JsonDict | None) -> JsonDict | None:
    """A copy of the last vote's record (a view holds none of the state's own objects)."""
    if record is None:
        return None
    return {**record, "votes": dict(record["votes"]), "totals": dict(record["totals"])}


def _last_war(record: JsonDict | None) -> JsonDict | None:
    """A copy of the last war's record (a view holds none of the state's own objects)."""
    if record is None:
        return None
    modifiers = {country: dict(mods) for country, mods in record["modifiers"].items()}
    return {
        **record,
        "modifiers": modifiers,
        "dice": dict(record["dice"]),
        "totals": dict(record["totals"]),
    }


def _private(state: SixteenThirtySomethingState, seat: int, brief: bool) -> JsonDict:
    book = state.book
    you: JsonDict = {
        "hand": counts_doc(book, state.hands[seat]),
        "victory_point_counters": [book.countries[c] for c in state.counters[seat]],
    }
    if not brief:
        you["points_if_scored_now"] = _points_if_scored_now(state, seat)
    if state.offers[seat]:
        you["your_offer"] = [book.kind_names[k] for k in state.offers[seat]]
    if state.phase == VOTE_CAST and state.votes[seat] >= 0:
        you["your_vote"] = SIDE_NAMES[int(war_like(state.issue))][state.votes[seat]]
    return you


def build_view(
    state: SixteenThirtySomethingState, seat: int | None, brief: bool = False
) -> JsonDict:
    """Everything ``seat`` may know now; ``None`` is a spectator (``brief``: without the
    decision in words and the points if scored now, ``State.brief_view``)."""
    book = state.book
    view: JsonDict = {
        "game": "sixteen_thirty_something",
        "seat": None if seat is None else state.seat_name(seat),
        "turn": state.turn,
        "turns": state.last_turn,
        "phase": PHASE_NAMES[state.phase],
        "to_move": _to_move(state),
        "decision": None if brief else _decision(state),
        "first_player": state.seat_name(state.first) if state.first >= 0 else None,
        "countries": country_counters(state),
        "displays": _displays(state),
        "victory_points": {state.seat_name(s): state.vp[s] for s in range(state.n)},
        "cards_in_hand": {state.seat_name(s): sum(state.hands[s]) for s in range(state.n)},
        "counters_held": {state.seat_name(s): len(state.counters[s]) for s in range(state.n)},
        "deck": state.deck_size,
        "discard": counts_doc(book, state.discard),
        "special_cards_played": state.specials_played,
        "last_vote": _last_vote(state.last_vote),
        "last_war": _last_war(state.last_war),
    }
    if state.removals:
        owed, country = state.removals[0]
        view["card_owed"] = {"seat": state.seat_name(owed), "country": book.countries[country]}
    if state.phase in _TRADING:
        view["trade"] = _trade(state)
    if state.phase in _VOTING:
        view["vote"] = _vote(state)
    if seat is not None:
        view["you"] = _private(state, seat, brief)
    if state.phase == OVER:
        view["result"] = state.result()
    return view


# -- resampling ------------------------------------------------------------------------------


def _needs(state: SixteenThirtySomethingState, seat: int) -> dict[int, list[tuple[int, ...]]]:
    """For each other player, the cards its hand must hold in any world consistent with
    what ``seat`` sees: the types it has on offer, and what its pending decision needs."""
    book = state.book
    named = tuple(k for kinds in book.named_kinds for k in kinds)
    needs: dict[int, list[tuple[int, ...]]] = {s: [] for s in range(state.n) if s != seat}
    for other, wants in needs.items():
        for kind, stated in zip(state.offers[other], state.stated[other], strict=True):
            if stated:
                wants.append((kind,))
                continue
            wants.append(
                tuple(
                    k
                    for k in range(len(book.kind_names))
                    if book.kind_type[k] == book.kind_type[kind]
                )
            )
    active = state.active if state.first >= 0 else -1
    if state.phase == OPENING and state.step_seat != seat:
        needs[state.step_seat].extend([named] * state.to_lay)
    elif state.phase == VOTE_LAY and active != seat:
        if state.piles[active][state.vote_country] is None:
            needs[active].append(book.named_kinds[state.vote_country])
    elif (
        state.phase == VOTE_COUNTRY
        and active != seat
        and all(pile is None for pile in state.piles[active])
    ):
        needs[active].append(named)
    return needs


def _expand(counts: list[int]) -> list[int]:
    return [kind for kind, n in enumerate(counts) for _ in range(n)]


def _take(pool: list[int], allowed: tuple[int, ...], rng: random.Random) -> int:
    choices = [i for i, kind in enumerate(pool) if kind in allowed]
    index = choices[int(rng.random() * len(choices))]
    kind = pool[index]
    pool[index] = pool[-1]
    pool.pop()
    return kind


def resample(
    state: SixteenThirtySomethingState, seat: int, rng: random.Random
) -> SixteenThirtySomethingState:
    """A clone in which what ``seat`` cannot see is dealt again at random: other hands
    and the deck (each keeping its size, offered cards keeping their types), other
    players' Victory Point Counters and the bag (as every public scoring so far allows),
    and votes cast but not yet revealed.
    History and events are copied unchanged: they hold the truth, and are never shown."""
    book: Book = state.book
    clone = state.clone()
    others = [s for s in range(state.n) if s != seat]
    pool = _expand(state.deck)
    for other in others:
        pool.extend(_expand(state.hands[other]))
    pool.sort()  # so that the redeal depends on the view and the generator alone
    new_hands = {other: [0] * len(book.kind_names) for other in others}
    new_offers = {other: [-1] * len(state.offers[other]) for other in others}
    wanted = [
        (other, position, allowed)
        for other, wants in _needs(state, seat).items()
        for position, allowed in enumerate(wants)
    ]
    wanted.sort(key=lambda want: len(want[2]))  # a stated value first: it allows one kind
    for other, position, allowed in wanted:
        kind = _take(pool, allowed, rng)
        new_hands[other][kind] += 1
        if position < len(state.offers[other]):
            new_offers[other][position] = kind
    rng.shuffle(pool)
    for other in others:
        missing = sum(state.hands[other]) - sum(new_hands[other])
        for kind in pool[:missing]:
            new_hands[other][kind] += 1
        del pool[:missing]
        clone.hands[other] = new_hands[other]
        clone.offers[other] = new_offers[other]
    clone.deck = [0] * len(book.kind_names)
    for kind in pool:
        clone.deck[kind] += 1
    _resample_counters(state, clone, others, rng)
    for other in others:
        if state.phase == VOTE_CAST and state.votes[other] >= 0:
            clone.votes[other] = int(rng.random() * 2)
    clone._legal = None
    return clone


def _resample_counters(
    state: SixteenThirtySomethingState,
    clone: SixteenThirtySomethingState,
    others: list[int],
    rng: random.Random,
) -> None:
    """The counters of ``others`` dealt again from those the seat has not seen (theirs and
    the bag's): among the deals every public scoring so far allows
    (``deduction.deal_counters``), at random before the first scoring."""
    left = state.bag.copy()
    for other in others:
        for country in state.counters[other]:
            left[country] += 1
    book = state.book
    space = holdings(len(left), book.counters_each(state.n), book.rules.counters.per_country)
    dealt = deal_counters(state.scorings, left, others, space, rng)
    if dealt is not None:
        for other, holding in dealt.items():
            clone.counters[other] = [c for c, count in enumerate(holding) for _ in range(count)]
            for country, count in enumerate(holding):
                left[country] -= count
        clone.bag = left
        return
    bag = _expand(state.bag)
    for other in others:
        bag.extend(state.counters[other])
    bag.sort()
    rng.shuffle(bag)
    for other in others:
        size = len(state.counters[other])
        clone.counters[other] = sorted(bag[:size])
        del bag[:size]
    clone.bag = [bag.count(c) for c in range(len(state.book.countries))]
