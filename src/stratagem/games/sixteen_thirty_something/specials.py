"""Special Cards: up to two, one at a time, each resolved (a Vote card's vote included)
before the next [4. Playing Special Cards] [The Special Cards].

A Special Card is played with ``Play: <card>``; a card that acts on a country then takes
``<card>: <country>``, and the Assassin ``Assassinate: <card> of <seat>``. A card is
playable only when it can do something [Rulings R13].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.sixteen_thirty_something import voting
from stratagem.games.sixteen_thirty_something.encoding import (
    ASSASSINATE,
    ASSASSINATE_OPEN,
    NO_SPECIAL,
    PLAY,
    TARGET,
    TARGETED,
)
from stratagem.games.sixteen_thirty_something.influence import pile_votes, take_from_pile
from stratagem.games.sixteen_thirty_something.pack import (
    ARMY,
    ASSASSIN,
    IMPROVEMENT,
    LEADER,
    SPECIAL_NAMES,
    STATUS,
    UNREST,
    VOTE,
)
from stratagem.games.sixteen_thirty_something.phases import SPECIAL_TARGET, SPECIALS

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState


def _rule(special: int) -> str:
    """The section of a Special Card: its printed label, which spells the Assassin
    'Assasin' [The Special Cards] [Rulings R26]."""
    return "Assasin" if special == ASSASSIN else SPECIAL_NAMES[special]


def settle(state: SixteenThirtySomethingState) -> int | None:
    """After the second Special Card, play moves on to the mandatory vote [4. Playing
    Special Cards]."""
    if state.specials_played >= state.book.rules.specials.per_turn:
        voting.begin_mandatory(state)
        return None
    return state.active


def _targets(state: SixteenThirtySomethingState, special: int) -> list[int]:
    """Countries a Special Card can act on: any, but Increase Status only below the top of
    the track [Increase Status] [The Counters] [Rulings R13]."""
    countries = range(len(state.book.countries))
    if special == STATUS:
        top = state.book.rules.status.max
        return [c for c in countries if state.status[c] < top]
    return list(countries)


def _table_cards(state: SixteenThirtySomethingState) -> list[Action]:
    """Any card of any pile on the table, ascendant or descendant, the player's own too
    [Assasin]."""
    enc = state.enc
    book = state.book
    actions: list[Action] = []
    for seat in range(state.n):
        for country, pile in enumerate(state.piles[seat]):
            if pile is None:
                continue
            for kind in sorted(set(pile[1])):
                if book.kind_country[kind] >= 0:
                    actions.append(enc.get(ASSASSINATE, kind, seat))
                else:
                    actions.append(enc.get(ASSASSINATE_OPEN, kind, seat, country))
    return actions


def _playable(state: SixteenThirtySomethingState, special: int) -> bool:
    """A Special Card is playable only if it can act: the Vote card where a vote can be
    called, the Assassin when a card is on the table [Vote] [Rulings R13]."""
    if special == VOTE:
        return bool(voting.vote_countries(state, state.active))
    if special == ASSASSIN:
        return any(pile is not None for row in state.piles for pile in row)
    return bool(_targets(state, special))


def legal_play(state: SixteenThirtySomethingState) -> list[Action]:
    """The Special Cards in hand that can be played now, and stopping: playing one is
    optional [4. Playing Special Cards]."""
    book = state.book
    enc = state.enc
    hand = state.hands[state.active]
    actions = [
        enc.get(PLAY, book.kind_special[kind])
        for kind in book.special_kinds
        if hand[kind] and _playable(state, book.kind_special[kind])
    ]
    actions.append(enc.get(NO_SPECIAL))
    return actions


def play(state: SixteenThirtySomethingState, special: int, _b: int, _c: int) -> None:
    """A Special Card goes from the hand to the discard pile and takes effect; a Vote
    card calls an extra vote at once [4. Playing Special Cards] [Vote]."""
    kind = state.book.special_kinds[special]
    seat = state.active
    state.hands[seat][kind] -= 1
    state.discard[kind] += 1
    state.specials_played += 1
    state.bump("specials")
    name = state.seat_name(seat)
    state.log(
        f"{name} plays {SPECIAL_NAMES[special]}.",
        "4. Playing Special Cards",
        {"seat": name, "card": SPECIAL_NAMES[special]},
    )
    if special == VOTE:
        voting.start_vote(state, by_card=True)
    else:
        state.special = special
        state.phase = SPECIAL_TARGET


def no_more(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """No (more) Special Cards: on to the mandatory vote [4. Playing Special Cards]."""
    voting.begin_mandatory(state)


def legal_target(state: SixteenThirtySomethingState) -> list[Action]:
    """Where the Special Card just played takes effect [The Special Cards]."""
    special = state.special
    if special == ASSASSIN:
        return _table_cards(state)
    enc = state.enc
    return [enc.get(TARGET, special, c) for c in _targets(state, special)]


def _done(state: SixteenThirtySomethingState) -> None:
    state.special = -1
    state.phase = SPECIALS


def target(state: SixteenThirtySomethingState, special: int, country: int, _c: int) -> None:
    """The card acts on the country chosen: +1 Military Ability, +1 Army Size, +1 Status,
    a Military Leader counter (+2 in combat, stacking) or an Unrest counter [Military
    Improvement] [Increase Army Size] [Increase Status] [Military Leader] [Unrest]
    [Rulings R8]."""
    assert special in TARGETED
    book = state.book
    place = book.countries[country]
    data = {"card": SPECIAL_NAMES[special], "country": place}
    if special == IMPROVEMENT:
        state.ability[country] += 1
        text = f"{place}'s Military Ability rises to {state.ability[country]}."
    elif special == ARMY:
        state.army[country] += 1
        text = f"{place}'s Army Size rises to {state.army[country]}."
    elif special == STATUS:
        state.status[country] += 1
        text = f"{place}'s Status rises to {state.status[country]}."
    elif special == LEADER:
        state.leaders[country] += 1
        text = f"A Military Leader is placed in {place} (+{book.rules.combat.leader} in combat)."
    else:
        state.unrest[country] += 1
        text = f"Unrest is placed in {place}: it may not declare war this turn."
    state.log(text, _rule(special), data)
    if special == UNREST:
        _unrest(state, country)
    _done(state)


def _unrest(state: SixteenThirtySomethingState, country: int) -> None:
    """Each player with the highest influence in the country has that pile turned to the
    descendant, or, if it already is, must discard one of its cards; nobody with
    influence, nobody suffers [Unrest] [Rulings R9] [Rulings R24]."""
    book = state.book
    votes = [pile_votes(book, state.piles[seat][country]) for seat in range(state.n)]
    top = max(votes)
    place = book.countries[country]
    if top == 0:
        state.log(f"Nobody has influence in {place}: the Unrest hits no one.", "Unrest", {})
        return
    for step in range(state.n):
        seat = (state.active + step) % state.n
        pile = state.piles[seat][country]
        if votes[seat] != top or pile is None:
            continue
        name = state.seat_name(seat)
        if pile[0]:
            state.removals = [*state.removals, (seat, country)]
            text = f"{name}'s {place} pile is already in the descendant: a card must go."
        else:
            state.piles[seat][country] = (True, pile[1])
            text = f"{name} has the most influence in {place} ({top}): the pile turns descendant."
        state.log(text, "Unrest", {"seat": name, "country": place, "votes": top})


def assassinate(state: SixteenThirtySomethingState, kind: int, seat: int, _c: int) -> None:
    """One named Influence Card leaves any pile on the table [Assasin]."""
    _assassinate(state, kind, seat, state.book.kind_country[kind])


def assassinate_open(
    state: SixteenThirtySomethingState, kind: int, seat: int, country: int
) -> None:
    """One Open card leaves any pile on the table [Assasin]."""
    _assassinate(state, kind, seat, country)


def _assassinate(state: SixteenThirtySomethingState, kind: int, seat: int, country: int) -> None:
    """The card goes to the discard pile; Open cards left without a named card go with it
    [Assasin] [Rulings R12]."""
    book = state.book
    orphans = take_from_pile(state, seat, country, kind)
    victim = state.seat_name(seat)
    text = (
        f"The Assassin removes {book.kind_names[kind]} from {victim}'s "
        f"{book.countries[country]} pile"
    )
    if orphans:
        text += "; its Open cards, left without a named card, are discarded (Rulings R12)"
    state.log(
        text + ".",
        "Assasin",
        {
            "seat": victim,
            "card": book.kind_names[kind],
            "country": book.countries[country],
            "orphans": [book.kind_names[k] for k in orphans],
        },
    )
    _done(state)
