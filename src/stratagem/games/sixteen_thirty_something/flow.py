"""The turn sequence: set-up, phases 1, 2 and 6 for each player, 7. End of Turn and the
end of the game; and the two dispatch tables the state reads (who is to move in each
phase, and what that seat may do).

Every function takes the state and changes it in place; events cite the rulebook section.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING

from stratagem.core import CHANCE, TERMINAL, Action, JsonDict
from stratagem.games.sixteen_thirty_something import specials, trading, voting, war
from stratagem.games.sixteen_thirty_something.deduction import Scoring
from stratagem.games.sixteen_thirty_something.encoding import (
    COUNTER,
    DISCARD,
    DRAW,
    END_ROLL,
    FIRST,
)
from stratagem.games.sixteen_thirty_something.influence import (
    counter_points,
    descendant_countries,
    lay,
    lay_actions,
    pile_votes,
    remove_actions,
    take_from_pile,
)
from stratagem.games.sixteen_thirty_something.phases import (
    COUNTERS,
    DEAL,
    DRAWING,
    FIRST_PLAYER,
    HAND_LIMIT,
    NEUTRAL,
    OPENING,
    OVER,
    RANDOM_END,
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
    WAR_DICE,
)

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

DIE_FACES = 6


# -- set-up --------------------------------------------------------------------------------


def set_up(state: SixteenThirtySomethingState) -> None:
    """Every country starts neutral, at the Status, Army Size and Military Ability of its
    row [Setting the board up] [Initial Set-up Table]."""
    book = state.book
    rows = {
        name: {"status": s, "army": a, "ability": m}
        for name, s, a, m in zip(
            book.countries, state.status, state.army, state.ability, strict=True
        )
    }
    state.log(
        "The board is set up: every country is neutral, at its set-up Status, Army Size "
        "and Military Ability.",
        "Setting the board up",
        {"countries": rows},
    )
    each = book.counters_each(state.n)
    state.log(
        f"Each of the {state.n} players draws {each} Victory Point Counters in secret.",
        "Taking Victory Point Counters",
        {"each": each},
    )


def draw_counter(state: SixteenThirtySomethingState, country: int, _b: int, _c: int) -> None:
    """A Victory Point Counter comes out of the bag and stays face down, seen by its
    drawer only [Taking Victory Point Counters]."""
    seat = state.step_seat
    bag = state.bag.copy()
    bag[country] -= 1
    state.bag = bag
    state.counters[seat] = sorted((*state.counters[seat], country))
    name = state.seat_name(seat)
    state.log(
        f"{name} draws the Victory Point Counter of {state.book.countries[country]}.",
        "Taking Victory Point Counters",
        {"seat": name, "country": state.book.countries[country]},
        private_to=seat,
        public_text=f"{name} draws a Victory Point Counter.",
        public_data={"seat": name},
    )


def _deck_ready(state: SixteenThirtySomethingState) -> bool:
    """When the deck runs out, the discard pile is shuffled into a new deck [2. Draw New
    Cards] [Rulings R18]."""
    if state.deck_size:
        return True
    count = sum(state.discard)
    if not count:
        state.log(
            "The deck and the discard pile are both empty: no card can be drawn.",
            "2. Draw New Cards",
            {},
        )
        return False
    state.deck = state.discard
    state.deck_size = count
    state.discard = [0] * len(state.deck)
    state.log(
        f"The deck is exhausted: the discard pile ({count} cards) is shuffled into a new deck.",
        "2. Draw New Cards",
        {"cards": count},
    )
    return True


def draw_card(state: SixteenThirtySomethingState, kind: int, _b: int, _c: int) -> None:
    """A card comes off the deck into a hand, seen by its holder only [Dealing out the
    Player Cards] [2. Draw New Cards]."""
    seat = state.step_seat if state.phase == DEAL else state.active
    state.deck[kind] -= 1
    state.deck_size -= 1
    state.hands[seat][kind] += 1
    state.to_draw -= 1
    name = state.seat_name(seat)
    card = state.book.kind_names[kind]
    rule = "Dealing out the Player Cards" if state.phase == DEAL else "2. Draw New Cards"
    state.log(
        f"{name} draws {card}.",
        rule,
        {"seat": name, "card": card},
        private_to=seat,
        public_text=f"{name} draws a card.",
        public_data={"seat": name},
    )


def _start_opening(state: SixteenThirtySomethingState) -> None:
    """Each player puts three Influence Cards face up, or as many as the hand allows; an
    Open card counts only beside a named one [Dealing out the Player Cards] [Open Cards]
    [Rulings R11]."""
    book = state.book
    hand = state.hands[state.step_seat]
    named = sum(hand[k] for kinds in book.named_kinds for k in kinds)
    opens = sum(hand[k] for k in book.open_kinds)
    state.to_lay = min(book.rules.cards.opening, named + (opens if named else 0))
    if not state.to_lay:
        name = state.seat_name(state.step_seat)
        state.log(
            f"{name} has no Influence Card that can be placed, and places none.",
            "Dealing out the Player Cards",
            {"seat": name},
        )


def first_player(state: SixteenThirtySomethingState, seat: int, _b: int, _c: int) -> None:
    """The highest die roll takes the 1st Player Marker; ties roll again, so each player
    is equally likely [Who goes first?] [Rulings R15]."""
    state.first = seat
    name = state.seat_name(seat)
    state.log(
        f"{name} wins the die roll and takes the 1st Player Marker.",
        "Who goes first?",
        {"seat": name},
    )
    _begin_turn(state)


# -- the turn ------------------------------------------------------------------------------


def _begin_turn(state: SixteenThirtySomethingState) -> None:
    """A turn opens with the 1st player's five phases [The Turn Sequence]."""
    state.order = 0
    state.log(
        f"Turn {state.turn} begins; {state.seat_name(state.first)} is the 1st player.",
        "The Turn Sequence",
        {"turn": state.turn, "first": state.seat_name(state.first)},
    )
    _begin_player(state)


def _begin_player(state: SixteenThirtySomethingState) -> None:
    """The next player runs phases 1 to 5 [The Turn Sequence] [6. Repeat Play]."""
    state.specials_played = 0
    state.phase = REMOVE_ONE
    name = state.seat_name(state.active)
    state.log(f"{name} takes phases 1 to 5.", "The Turn Sequence", {"seat": name})


def _next_player(state: SixteenThirtySomethingState) -> None:
    """Play passes clockwise; after the last player comes the end of the turn [6. Repeat
    Play] [7. End of Turn]."""
    state.order += 1
    if state.order < state.n:
        _begin_player(state)
    else:
        _end_of_turn(state)


def _score(state: SixteenThirtySomethingState) -> None:
    """For each counter held, the lower of the country's Status and the player's
    influence there (twice for two counters) [Scoring Points]. Counters stay secret, so
    each player's breakdown is private and only the total is public [Rulings R20]; what
    every counter would have scored, for every player, is public too, and kept with the
    totals (``deduction.Scorings``)."""
    book = state.book
    by_country = state.points_by_country.copy()
    status = state.status
    table = tuple(
        tuple(map(partial(counter_points, book), status, state.piles[seat]))
        for seat in range(state.n)
    )
    scored = []
    for seat in range(state.n):
        points = 0
        breakdown: dict[str, int] = {}
        for country in state.counters[seat]:
            gained = table[seat][country]
            points += gained
            by_country[country] += gained
            name = book.countries[country]
            breakdown[name] = breakdown.get(name, 0) + gained
        scored.append(points)
        state.vp[seat] += points
        name = state.seat_name(seat)
        public = f"{name} scores {points} Victory Points (total {state.vp[seat]})."
        parts = ", ".join(f"{country} {gained}" for country, gained in breakdown.items())
        state.log(
            f"{public[:-1]}: {parts}.",
            "Scoring Points",
            {"seat": name, "points": points, "total": state.vp[seat], "by_country": breakdown},
            private_to=seat,
            public_text=public,
            public_data={"seat": name, "points": points, "total": state.vp[seat]},
        )
    state.points_by_country = by_country
    state.scorings = state.scorings.then(Scoring(tuple(scored), table))


def _end_of_turn(state: SixteenThirtySomethingState) -> None:
    """Score, pass the 1st Player Marker, take Unrest and Military Leaders off the map,
    then look for a random end before the Turn Marker moves; turn 10 is the last [7. End
    of Turn] [Passing on the 1st Player Marker] [The Counters]."""
    _score(state)
    state.first = (state.first + 1) % state.n
    state.log(
        f"The 1st Player Marker passes to {state.seat_name(state.first)}.",
        "Passing on the 1st Player Marker",
        {"first": state.seat_name(state.first)},
    )
    if any(state.leaders) or any(state.unrest):
        state.log(
            "All Military Leader and Unrest counters are removed from the map.",
            "7. End of Turn",
            {},
        )
    state.leaders = [0] * len(state.leaders)
    state.unrest = [0] * len(state.unrest)
    if state.turn >= state.last_turn:
        _game_over(state, "turn limit")
    elif state.book.random_end_number(state.turn) is not None:
        state.phase = RANDOM_END
    else:
        _move_turn_marker(state)


def _move_turn_marker(state: SixteenThirtySomethingState) -> None:
    """The game goes on: the Turn Marker moves one box [Checking for a random end to the
    game] [The Counters]."""
    state.turn += 1
    _begin_turn(state)


def random_end(state: SixteenThirtySomethingState, ends: int, _b: int, _c: int) -> None:
    """A die roll at or under the Turn Track box's number ends the game; the outcome is
    the coarsest the rule tells apart, ends or goes on [Checking for a random end to the
    game] [Rulings R27]."""
    number = state.book.random_end_number(state.turn)
    if ends:
        state.log(
            f"The die roll is {number} or less: the game ends after turn {state.turn}.",
            "Checking for a random end to the game",
            {"turn": state.turn, "number": number, "ends": True},
        )
        _game_over(state, "random end")
    else:
        state.log(
            f"The die roll is over {number}: the game goes on.",
            "Checking for a random end to the game",
            {"turn": state.turn, "number": number, "ends": False},
        )
        _move_turn_marker(state)


def _game_over(state: SixteenThirtySomethingState, how: str) -> None:
    state.phase = OVER
    state.ended_by = how
    outcome = result(state)
    state.log(outcome["reason"] + ".", "How To Win!", {"winners": outcome["winners"]})


# -- influence, removal and the hand limit ---------------------------------------------------


def _laying_seat(state: SixteenThirtySomethingState) -> int:
    return state.active if state.phase == VOTE_LAY else state.step_seat


def lay_named(state: SixteenThirtySomethingState, kind: int, _b: int, _c: int) -> None:
    """A named card goes on its country's pile [Placing Influence Cards] [More about
    Influence Cards]."""
    _lay(state, kind, state.book.kind_country[kind])


def lay_open(state: SixteenThirtySomethingState, kind: int, _b: int, country: int) -> None:
    """An Open card joins a pile and takes that country's identity [Open Cards]."""
    _lay(state, kind, country)


def _lay(state: SixteenThirtySomethingState, kind: int, country: int) -> None:
    """A card placed face up, in the opening or for a vote, told to all with the pile's
    votes [Dealing out the Player Cards] [Placing Influence Cards]."""
    seat = _laying_seat(state)
    lay(state, seat, kind, country)
    book = state.book
    name = state.seat_name(seat)
    card = book.kind_names[kind]
    where = "" if book.kind_country[kind] >= 0 else f" on the {book.countries[country]} pile"
    votes = pile_votes(book, state.piles[seat][country])
    rule = "Dealing out the Player Cards" if state.phase == OPENING else "Placing Influence Cards"
    state.log(
        f"{name} places {card}{where} ({book.countries[country]}: "
        f"{votes} vote{'' if votes == 1 else 's'}).",
        rule,
        {"seat": name, "card": card, "country": book.countries[country], "votes": votes},
    )
    if state.phase == OPENING:
        state.to_lay -= 1


def remove_named(state: SixteenThirtySomethingState, kind: int, _b: int, _c: int) -> None:
    """Remove a named card from a pile (see ``_remove``)."""
    _remove(state, kind, state.book.kind_country[kind])


def remove_open(state: SixteenThirtySomethingState, kind: int, _b: int, country: int) -> None:
    """Remove an Open card from a pile (see ``_remove``)."""
    _remove(state, kind, country)


def _remove(state: SixteenThirtySomethingState, kind: int, country: int) -> None:
    """A card leaves a pile for the discard pile: the one card of phase 1, or a card owed
    after losing a vote or suffering Unrest with a pile already in the descendant [1.
    Remove One Influence Card] [Effect of Losing a Vote] [Unrest]."""
    if state.removals:
        seat = state.removals[0][0]
        state.removals = state.removals[1:]
        rule = "Effect of Losing a Vote" if state.phase == VOTE_EFFECT else "The Special Cards"
    else:
        seat = state.active
        rule = "1. Remove One Influence Card"
        state.phase = DRAWING
        state.to_draw = state.book.rules.cards.draw
    orphans = take_from_pile(state, seat, country, kind)
    book = state.book
    name = state.seat_name(seat)
    left = pile_votes(book, state.piles[seat][country])
    text = f"{name} removes {book.kind_names[kind]} from the {book.countries[country]} pile"
    if orphans:
        text += f"; the Open cards left alone ({len(orphans)}) are discarded too (Rulings R12)"
    state.log(
        f"{text} ({left} vote{'' if left == 1 else 's'} left).",
        rule,
        {
            "seat": name,
            "card": book.kind_names[kind],
            "country": book.countries[country],
            "orphans": [book.kind_names[k] for k in orphans],
        },
    )


def discard(state: SixteenThirtySomethingState, kind: int, _b: int, _c: int) -> None:
    """A card over the hand limit of 13 goes to the discard pile [6. Repeat Play]
    [Rulings R17]."""
    seat = state.active
    state.hands[seat][kind] -= 1
    state.discard[kind] += 1
    name = state.seat_name(seat)
    card = state.book.kind_names[kind]
    state.log(
        f"{name} discards {card} to keep to the hand limit.",
        "6. Repeat Play",
        {"seat": name, "card": card},
    )


# -- who moves: the automatic steps of each phase ------------------------------------------

Step = Callable[["SixteenThirtySomethingState"], int | None]


def _settle_counters(state: SixteenThirtySomethingState) -> int | None:
    """Each player draws 4 counters (3 with five or six players), then the deal [Taking
    Victory Point Counters]."""
    each = state.book.counters_each(state.n)
    while state.step_seat < state.n and len(state.counters[state.step_seat]) >= each:
        state.step_seat += 1
    if state.step_seat < state.n:
        return CHANCE
    state.phase = DEAL
    state.step_seat = 0
    state.to_draw = state.book.rules.cards.deal
    return None


def _settle_deal(state: SixteenThirtySomethingState) -> int | None:
    """Thirteen cards to each player in turn, then the opening placement [Dealing out the
    Player Cards]."""
    if state.to_draw > 0 and _deck_ready(state):
        return CHANCE
    state.step_seat += 1
    if state.step_seat < state.n:
        state.to_draw = state.book.rules.cards.deal
    else:
        state.phase = OPENING
        state.step_seat = 0
        _start_opening(state)
    return None


def _settle_opening(state: SixteenThirtySomethingState) -> int | None:
    if state.to_lay > 0:
        return state.step_seat
    state.step_seat += 1
    if state.step_seat < state.n:
        _start_opening(state)
    else:
        state.phase = FIRST_PLAYER
    return None


def _settle_remove(state: SixteenThirtySomethingState) -> int | None:
    """A player with a pile in the descendant must remove a card; with none, phase 1 is
    skipped and four cards are drawn [1. Remove One Influence Card] [2. Draw New Cards]."""
    if descendant_countries(state, state.active):
        return state.active
    state.phase = DRAWING
    state.to_draw = state.book.rules.cards.draw
    return None


def _settle_drawing(state: SixteenThirtySomethingState) -> int | None:
    if state.to_draw > 0 and _deck_ready(state):
        return CHANCE
    state.to_draw = 0
    trading.begin(state)
    return None


def _settle_hand_limit(state: SixteenThirtySomethingState) -> int | None:
    """The phasing player discards down to 13 before play passes on [6. Repeat Play]."""
    if sum(state.hands[state.active]) > state.book.rules.cards.hand_limit:
        return state.active
    _next_player(state)
    return None


def _chance(_state: SixteenThirtySomethingState) -> int | None:
    return CHANCE


def _phasing(state: SixteenThirtySomethingState) -> int | None:
    return state.active


def _stepping(state: SixteenThirtySomethingState) -> int | None:
    return state.step_seat


def _over(_state: SixteenThirtySomethingState) -> int | None:
    return TERMINAL


_SETTLE: dict[int, Step] = {
    COUNTERS: _settle_counters,
    DEAL: _settle_deal,
    OPENING: _settle_opening,
    FIRST_PLAYER: _chance,
    REMOVE_ONE: _settle_remove,
    DRAWING: _settle_drawing,
    TRADE_ASK: _phasing,
    TRADE_OFFER: _phasing,
    TRADE_REPLY: _stepping,
    TRADE_ACCEPT: trading.settle_accept,
    SPECIALS: specials.settle,
    SPECIAL_TARGET: _phasing,
    VOTE_COUNTRY: _phasing,
    VOTE_LAY: _phasing,
    VOTE_ISSUE: _phasing,
    VOTE_LAY_OTHERS: _stepping,
    VOTE_CAST: _stepping,
    VOTE_EFFECT: voting.settle_effect,
    WAR_DICE: _chance,
    HAND_LIMIT: _settle_hand_limit,
    RANDOM_END: _chance,
    OVER: _over,
}


def settle(state: SixteenThirtySomethingState) -> int:
    """Run the automatic steps until a seat or chance must act; who that is. A card owed
    to the discard pile (after a lost vote or Unrest) is chosen before anything else."""
    while True:
        if state.removals:
            return state.removals[0][0]
        mover = _SETTLE[state.phase](state)
        if mover is not None:
            return mover


# -- what the seat to move may do ------------------------------------------------------------

Legal = Callable[["SixteenThirtySomethingState"], list[Action]]


def _legal_opening(state: SixteenThirtySomethingState) -> list[Action]:
    return lay_actions(state, state.step_seat, None)


def _legal_remove(state: SixteenThirtySomethingState) -> list[Action]:
    return remove_actions(state, state.active, descendant_countries(state, state.active))


def _legal_hand_limit(state: SixteenThirtySomethingState) -> list[Action]:
    hand = state.hands[state.active]
    return [state.enc.get(DISCARD, kind) for kind, count in enumerate(hand) if count]


_LEGAL: dict[int, Legal] = {
    OPENING: _legal_opening,
    REMOVE_ONE: _legal_remove,
    TRADE_ASK: trading.legal_ask,
    TRADE_OFFER: trading.legal_offer,
    TRADE_REPLY: trading.legal_offer,
    TRADE_ACCEPT: trading.legal_accept,
    SPECIALS: specials.legal_play,
    SPECIAL_TARGET: specials.legal_target,
    VOTE_COUNTRY: voting.legal_country,
    VOTE_LAY: voting.legal_lay,
    VOTE_ISSUE: voting.legal_issue,
    VOTE_LAY_OTHERS: voting.legal_lay,
    VOTE_CAST: voting.legal_cast,
    HAND_LIMIT: _legal_hand_limit,
}


def legal(state: SixteenThirtySomethingState) -> list[Action]:
    """The actions of the seat to move (none at chance and terminal nodes)."""
    if state.current_player() < 0:
        return []
    if state.removals:
        seat, country = state.removals[0]
        return remove_actions(state, seat, [country])
    return _LEGAL[state.phase](state)


def chance_outcomes(state: SixteenThirtySomethingState) -> list[tuple[Action, float]]:
    """The outcomes of the chance node, with their exact probabilities."""
    enc = state.enc
    phase = state.phase
    if phase == COUNTERS:
        left = sum(state.bag)
        return [(enc.get(COUNTER, c), n / left) for c, n in enumerate(state.bag) if n]
    if phase in (DEAL, DRAWING):
        size = state.deck_size
        return [(enc.get(DRAW, k), n / size) for k, n in enumerate(state.deck) if n]
    if phase == FIRST_PLAYER:
        return [(enc.get(FIRST, seat), 1.0 / state.n) for seat in range(state.n)]
    if phase == WAR_DICE:
        return war.outcomes(state)
    number = state.book.random_end_number(state.turn) or 0
    ends = min(DIE_FACES, max(0, number)) / DIE_FACES
    outcomes = [(enc.get(END_ROLL, 1), ends), (enc.get(END_ROLL, 0), 1.0 - ends)]
    return [(action, p) for action, p in outcomes if p > 0]


# -- the end -------------------------------------------------------------------------------


def winners(state: SixteenThirtySomethingState) -> list[int]:
    """The most Victory Points wins; a draw stays a draw, every tied player winning [How
    To Win!] [Rulings R28]."""
    if state.phase != OVER:
        return []
    best = max(state.vp)
    return [seat for seat in range(state.n) if state.vp[seat] == best]


def result(state: SixteenThirtySomethingState) -> JsonDict:
    """Winners, Victory Points and, in ``details``, how the game went."""
    book = state.book
    scores = {state.seat_name(seat): state.vp[seat] for seat in range(state.n)}
    details: dict[str, int | str] = {
        "turns": state.turn,
        "ended_by": state.ended_by or "not over",
        **state.tally,
    }
    for country, name in enumerate(book.countries):
        key = name.lower().replace(" ", "_")
        details[f"points_{key}"] = state.points_by_country[country]
        details[f"status_{key}"] = state.status[country]
    details["aligned_countries"] = sum(1 for f in state.faction if f != NEUTRAL)
    if state.phase != OVER:
        return {
            "winners": [],
            "scores": scores,
            "reason": "the game is not over",
            "details": details,
        }
    names = [state.seat_name(seat) for seat in winners(state)]
    best = max(state.vp)
    how = "the turn limit" if state.ended_by == "turn limit" else "a random end"
    if len(names) == 1:
        reason = f"{names[0]} wins with {best} Victory Points after {how} (turn {state.turn})"
    else:
        reason = (
            f"a draw: {', '.join(names)} share the most Victory Points, {best}, "
            f"after {how} (turn {state.turn})"
        )
    return {"winners": names, "scores": scores, "reason": reason, "details": details}
