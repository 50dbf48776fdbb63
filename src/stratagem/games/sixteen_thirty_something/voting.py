"""The vote: choosing the country, placing Influence Cards, the issue, the secret vote,
adding up the votes, the effect of losing, and the issue's outcome [5. The Vote].

The caller (the phasing player) picks a country where it has a pile or can start one,
places cards there [Placing Influence Cards], then names the issue; a neutral country's
vote is always which faction it joins [Voting Issues]. Every other player, clockwise, may
then place cards for that country. Everyone with a pile there votes, in turn and in
secret; the counters are revealed together once all are down [Casting Votes] [Rulings
R14].
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.sixteen_thirty_something.encoding import (
    BLUE,
    CALL,
    CAST,
    DONE_LAYING,
    ISSUE_CHANGE,
    ISSUE_REARM,
    ISSUE_WAR,
    RED,
)
from stratagem.games.sixteen_thirty_something.influence import lay_actions, pile_votes
from stratagem.games.sixteen_thirty_something.phases import (
    ALIGN,
    CHANGE,
    FACTION_NAMES,
    HAND_LIMIT,
    ISSUE_NAMES,
    NEUTRAL,
    REARM,
    SPECIALS,
    VOTE_CAST,
    VOTE_COUNTRY,
    VOTE_EFFECT,
    VOTE_ISSUE,
    VOTE_LAY,
    VOTE_LAY_OTHERS,
    WAR,
    WAR_DICE,
)

if TYPE_CHECKING:
    from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

SIDE_NAMES = (("red", "blue"), ("war", "peace"))
"""What each side of a Voting Counter means: for a faction vote, and for war or re-arm."""

ISSUE_RULES = ("Neutral Countries", "Voting for War", "Changing Sides", "Re-arming")


def vote_countries(state: SixteenThirtySomethingState, seat: int) -> list[int]:
    """Countries where ``seat`` has influence or can place a named card now [Placing
    Influence Cards]."""
    book = state.book
    hand = state.hands[seat]
    piles = state.piles[seat]
    return [
        country
        for country in range(len(book.countries))
        if piles[country] is not None or any(hand[k] for k in book.named_kinds[country])
    ]


def begin_mandatory(state: SixteenThirtySomethingState) -> None:
    """The mandatory vote; skipped only when no vote can be called [5. The Vote] [Placing
    Influence Cards] [Rulings R13]."""
    state.vote_by_card = False
    if vote_countries(state, state.active):
        state.phase = VOTE_COUNTRY
        return
    name = state.seat_name(state.active)
    state.log(
        f"{name} has no influence and no Influence Card anywhere: no vote can be called "
        "(Rulings R13).",
        "5. The Vote",
        {"seat": name},
    )
    state.phase = HAND_LIMIT


def start_vote(state: SixteenThirtySomethingState, *, by_card: bool) -> None:
    """The Vote card calls an extra vote under all the standard rules [Vote] [Rulings
    R29]."""
    state.vote_by_card = by_card
    state.phase = VOTE_COUNTRY


def legal_country(state: SixteenThirtySomethingState) -> list[Action]:
    enc = state.enc
    return [enc.get(CALL, country) for country in vote_countries(state, state.active)]


def call(state: SixteenThirtySomethingState, country: int, _b: int, _c: int) -> None:
    """The caller names the country; it may place cards there before calling the vote
    [Placing Influence Cards]."""
    state.vote_country = country
    state.phase = VOTE_LAY
    name = state.seat_name(state.active)
    place = state.book.countries[country]
    kind = "a Vote card's" if state.vote_by_card else "the mandatory"
    state.log(
        f"{name} will call {kind} vote in {place}.",
        "Placing Influence Cards",
        {"seat": name, "country": place, "vote_card": state.vote_by_card},
    )


def legal_lay(state: SixteenThirtySomethingState) -> list[Action]:
    """Cards for the vote's country; ``Done laying`` once the caller has a pile there
    [Placing Influence Cards]."""
    country = state.vote_country
    seat = state.active if state.phase == VOTE_LAY else state.step_seat
    actions = lay_actions(state, seat, country)
    if state.phase == VOTE_LAY_OTHERS or state.piles[seat][country] is not None:
        actions.append(state.enc.get(DONE_LAYING))
    return actions


def war_targets(state: SixteenThirtySomethingState, country: int) -> list[int]:
    """An army of 1 or more and no Unrest to attack [Voting for War] [Unrest]; only the
    opposing faction [A Note about Factions]; a target at Status 1 or less only from an
    adjacent country [A Note about Status] [Adjacent Countries Table] [Rulings R30]."""
    if state.army[country] < 1 or state.unrest[country] or state.faction[country] == NEUTRAL:
        return []
    book = state.book
    enemy = 1 - state.faction[country]
    limit = book.rules.combat.adjacent_only_status
    return [
        other
        for other in range(len(book.countries))
        if state.faction[other] == enemy
        and (state.status[other] > limit or book.adjacent[country][other])
    ]


def legal_issue(state: SixteenThirtySomethingState) -> list[Action]:
    """Issues b) to d) for a country in a faction: war, changing sides, and re-arming at
    Army Size 0 [Voting Issues] [Voting for War] [Changing Sides] [Re-arming] [Rulings
    R19]."""
    enc = state.enc
    country = state.vote_country
    actions = [enc.get(ISSUE_WAR, t) for t in war_targets(state, country)]
    actions.append(enc.get(ISSUE_CHANGE))
    if state.army[country] == 0:
        actions.append(enc.get(ISSUE_REARM))
    return actions


def done_laying(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """The caller calls the vote, a neutral country's issue being set [Neutral
    Countries], or the next player clockwise may place cards; after the last, the voting
    [Placing Influence Cards] [Rulings R14]."""
    if state.phase == VOTE_LAY:
        if state.faction[state.vote_country] == NEUTRAL:
            _set_issue(state, ALIGN, -1)
        else:
            state.phase = VOTE_ISSUE
        return
    state.step_seat = (state.step_seat + 1) % state.n
    if state.step_seat == state.active:
        _begin_cast(state)


def issue_war(state: SixteenThirtySomethingState, target: int, _b: int, _c: int) -> None:
    """The caller names the country to be attacked [Voting for War]."""
    _set_issue(state, WAR, target)


def issue_change(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """The vote is on joining the opposing faction [Changing Sides]."""
    _set_issue(state, CHANGE, -1)


def issue_rearm(state: SixteenThirtySomethingState, _a: int, _b: int, _c: int) -> None:
    """The vote is on raising Army Size from 0 to 1 [Re-arming]."""
    _set_issue(state, REARM, -1)


def describe_issue(state: SixteenThirtySomethingState) -> str:
    """The issue in words: the caller makes plain what the vote is for [Bluffing]."""
    book = state.book
    place = book.countries[state.vote_country]
    if state.issue == ALIGN:
        return f"does {place} join red or blue?"
    if state.issue == WAR:
        return f"does {place} go to war with {book.countries[state.target]}?"
    if state.issue == CHANGE:
        other = FACTION_NAMES[1 - state.faction[state.vote_country]]
        return f"does {place} change sides to {other}?"
    return f"does {place} re-arm (Army Size 0 to 1)?"


def _set_issue(state: SixteenThirtySomethingState, issue: int, target: int) -> None:
    state.issue = issue
    state.target = target
    name = state.seat_name(state.active)
    place = state.book.countries[state.vote_country]
    state.log(
        f"{name} calls a vote in {place}: {describe_issue(state)}",
        ISSUE_RULES[issue],
        {
            "seat": name,
            "country": place,
            "issue": ISSUE_NAMES[issue],
            "target": state.book.countries[target] if target >= 0 else None,
        },
    )
    state.phase = VOTE_LAY_OTHERS
    state.step_seat = (state.active + 1) % state.n


def _begin_cast(state: SixteenThirtySomethingState) -> None:
    """Everyone with influence in the country must vote; nobody can abstain [Placing
    Influence Cards]."""
    country = state.vote_country
    order = [(state.active + step) % state.n for step in range(state.n)]
    state.voters = [seat for seat in order if state.piles[seat][country] is not None]
    state.votes = [-1] * state.n
    state.phase = VOTE_CAST
    state.step_seat = state.voters[0]


def war_like(issue: int) -> bool:
    """War and re-arm votes read red as war and blue as peace [Casting Votes]."""
    return issue in (WAR, REARM)


def legal_cast(state: SixteenThirtySomethingState) -> list[Action]:
    meaning = int(war_like(state.issue))
    return [state.enc.get(CAST, RED, meaning), state.enc.get(CAST, BLUE, meaning)]


def cast(state: SixteenThirtySomethingState, side: int, meaning: int, _c: int) -> None:
    """A Voting Counter laid down in secret; only the final vote counts [Casting Votes]
    [Bluffing]."""
    seat = state.step_seat
    state.votes[seat] = side
    name = state.seat_name(seat)
    state.log(
        f"{name} votes {SIDE_NAMES[meaning][side]} (in secret).",
        "Casting Votes",
        {"seat": name, "vote": SIDE_NAMES[meaning][side]},
        private_to=seat,
        public_text=f"{name} lays down a Voting Counter.",
        public_data={"seat": name},
    )
    index = state.voters.index(seat) + 1
    if index < len(state.voters):
        state.step_seat = state.voters[index]
    else:
        _reveal(state)


def _reveal(state: SixteenThirtySomethingState) -> None:
    """The counters are revealed and each side's votes added; the most wins, and a tie
    harms nobody [Adding up the Votes] [A Tied Vote] [Effect of Losing a Vote] [Rulings
    R25]."""
    book = state.book
    country = state.vote_country
    meaning = int(war_like(state.issue))
    totals = [0, 0]
    cast_by: dict[str, str] = {}
    for seat in state.voters:
        totals[state.votes[seat]] += pile_votes(book, state.piles[seat][country])
        cast_by[state.seat_name(seat)] = SIDE_NAMES[meaning][state.votes[seat]]
    winner = RED if totals[RED] > totals[BLUE] else BLUE if totals[BLUE] > totals[RED] else -1
    words = SIDE_NAMES[meaning]
    place = book.countries[country]
    summary = ", ".join(f"{seat} {vote}" for seat, vote in cast_by.items())
    outcome = "a tie" if winner < 0 else f"{words[winner]} wins"
    state.log(
        f"The Voting Counters are revealed in {place}: {summary}. "
        f"{words[RED]} {totals[RED]}, {words[BLUE]} {totals[BLUE]}: {outcome}.",
        "Adding up the Votes",
        {"country": place, "votes": cast_by, words[RED]: totals[RED], words[BLUE]: totals[BLUE]},
    )
    state.last_vote = {
        "country": place,
        "issue": ISSUE_NAMES[state.issue],
        "target": book.countries[state.target] if state.target >= 0 else None,
        "votes": cast_by,
        "totals": {words[RED]: totals[RED], words[BLUE]: totals[BLUE]},
        "result": "tie" if winner < 0 else words[winner],
    }
    state.bump("votes")
    state.winner = winner
    if winner < 0:
        state.log("A tied vote: nobody suffers for losing.", "A Tied Vote", {"country": place})
    else:
        _losers(state, winner)
    state.phase = VOTE_EFFECT


def _losers(state: SixteenThirtySomethingState, winner: int) -> None:
    """A losing pile turns to the descendant; one already in the descendant loses a card
    of its owner's choice [Effect of Losing a Vote] [Rulings R21]."""
    country = state.vote_country
    place = state.book.countries[country]
    for seat in state.voters:
        if state.votes[seat] == winner:
            continue
        pile = state.piles[seat][country]
        assert pile is not None
        name = state.seat_name(seat)
        if pile[0]:
            state.removals = [*state.removals, (seat, country)]
            text = f"{name} loses the vote with a descendant {place} pile: a card must go."
        else:
            state.piles[seat][country] = (True, pile[1])
            text = f"{name} loses the vote: the {place} pile turns to the descendant."
        state.log(text, "Effect of Losing a Vote", {"seat": name, "country": place})


def settle_effect(state: SixteenThirtySomethingState) -> int | None:
    """The issue's outcome, once every card owed for losing is gone: a faction joined or
    changed (a tie keeps the old), a re-armed country, or a war to resolve [Neutral
    Countries] [Changing Sides] [Re-arming] [A Vote for War] [Rulings R23]."""
    winner = state.winner
    book = state.book
    country = state.vote_country
    place = book.countries[country]
    issue = state.issue
    if issue == WAR and winner == RED:
        state.phase = WAR_DICE
        return None
    if issue in (ALIGN, CHANGE) and winner >= 0 and winner != state.faction[country]:
        state.faction[country] = winner
        state.log(
            f"{place} {'joins' if issue == ALIGN else 'changes sides to'} "
            f"the {FACTION_NAMES[winner]} faction.",
            ISSUE_RULES[issue],
            {"country": place, "faction": FACTION_NAMES[winner]},
        )
    elif issue == REARM and winner == RED:
        state.army[country] = 1
        state.log(f"{place} re-arms: Army Size 1.", "Re-arming", {"country": place})
    else:
        faction = FACTION_NAMES[state.faction[country]]
        state.log(
            f"Nothing changes: {place} stays {faction}"
            f"{' and at peace' if issue in (WAR, REARM) else ''}.",
            ISSUE_RULES[issue],
            {"country": place},
        )
    finish_vote(state)
    return None


def finish_vote(state: SixteenThirtySomethingState) -> None:
    """The vote is over: back to Special Cards after a Vote card, else to the hand limit
    [4. Playing Special Cards] [6. Repeat Play]."""
    state.vote_country = -1
    state.issue = -1
    state.target = -1
    state.voters = []
    state.votes = [-1] * state.n
    state.dice = []
    state.winner = -1
    state.phase = SPECIALS if state.vote_by_card else HAND_LIMIT
