"""Players' ratings: how a finished game placed its seats, and the ratings it gives them.

A game is rated when its creator did not say otherwise (``GameRecord.rated``) and, at its
end, every seat is bound to an account, each to a different one (a seat a bot took over
after its person resigned or was handed over is still that account's). Each account has
one rating per game name, updated with openskill's Plackett-Luce model, which takes
multi-player results and ties as they are.

How a game placed its seats (``placing``): the seats whose person gave up (resigned, was
handed to a bot because they kept the others waiting: *abandoned*, or lost on time) are
ranked below every seat that did not, tied among themselves. Among the others, the
rulebook's winners (``State.result()``'s ``winners``) come first, tied, and every other
seat after them, tied: the rulebooks name winners, not an order of the losers, and a
result without winners (a tie, or "everyone loses") ties them all. A game ended by a
resignation (two seats) or by time, with no rulebook result, ranks the seats that did not
give up first.

The number shown (``shown``) is the rating's mean on an Elo-like scale: 1500 for a new
account, ``SCALE`` points per unit of openskill's mean; a rating whose uncertainty is
still above ``PROVISIONAL_SIGMA`` is provisional (shown with a "?"). See
docs/DECISIONS.md.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from openskill.models import PlackettLuce

from stratagem.core import JsonDict, State
from stratagem.server.seating import OPEN
from stratagem.server.storage import Entry, GameRecord

How = Literal["result", "forfeit", "resigned", "time", "abandoned"]
"""How a game ended for a seat: by the rulebook's result; by the others giving up before
the rulebook's end (``forfeit``); or the seat gave up: resigned, lost on time, or
abandoned (handed to a bot because its person kept the others waiting)."""
GIVING_UP: dict[str, How] = {
    "resigned": "resigned",
    "handed to a bot": "abandoned",
}
"""The ``table`` entries (their ``what``) that make a seat's game a loss, and how."""
OUT_OF_TIME: dict[str, How] = {"lose": "time", "bot": "abandoned"}
"""How a seat's running out of time (``out of time``) counts, by its consequence: lost on
time, or abandoned when the game's chosen consequence gave the seat to the bot; a
reminder alone (``remind``: the game waited for the seat) is no giving up."""
HOW_WORDS: dict[str, str] = {
    "result": "the rulebook's result",
    "forfeit": "the others gave up",
    "resigned": "resigned",
    "time": "lost on time",
    "abandoned": "abandoned (handed to a bot)",
}
MU = 25.0
"""openskill's mean of a new rating."""
SIGMA = MU / 3
"""openskill's uncertainty of a new rating."""
BASE = 1500
"""The number shown for a new account."""
SCALE = 30.0
"""Points shown per unit of openskill's mean: between settled ratings, 400 points are
about ten to one odds, as with Elo."""
PROVISIONAL_SIGMA = 6.0
"""A rating is provisional while its uncertainty is above this (about five games)."""
MODEL = PlackettLuce(mu=MU, sigma=SIGMA)


@dataclass(frozen=True, slots=True)
class Placing:
    """How a finished game placed one seat: ``rank`` 1 is first (equal ranks are ties)."""

    seat: int
    rank: int
    how: How
    won: bool
    """One of the rulebook's winners (or, in a game ended by giving up, a seat that did not
    give up), with someone ranked below: a tie of all is no win, and a seat that gave up
    never wins."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """A finished game's placings, in seat order, and its result in words."""

    placings: tuple[Placing, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Rating:
    """An account's rating in one game: openskill's mean and uncertainty."""

    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def shown(self) -> int:
        """The number a person sees."""
        return shown(self.mu)

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL_SIGMA


def shown(mu: float) -> int:
    """openskill's mean as the number shown."""
    return round(BASE + SCALE * (mu - MU))


def mean_of(points: float) -> float:
    """The openskill mean of a number shown."""
    return MU + (points - BASE) / SCALE


def given_up(entries: Sequence[Entry]) -> dict[int, How]:
    """The seats whose person gave up, and how (the first time counts)."""
    found: dict[int, How] = {}
    for entry in entries:
        if entry.kind != "table":
            continue
        try:
            facts = json.loads(entry.action)
            what, consequence = facts.get("what"), facts.get("consequence")
        except (ValueError, AttributeError):
            continue
        if what == "out of time":
            how = OUT_OF_TIME.get(consequence) if isinstance(consequence, str) else None
        else:
            how = GIVING_UP.get(what) if isinstance(what, str) else None
        if how is not None:
            found.setdefault(entry.seat, how)
    return found


def placing(seat_names: Sequence[str], state: State, entries: Sequence[Entry]) -> Outcome:
    """How a finished game (its last ``state`` and its log) placed its seats."""
    gave_up = given_up(entries)
    ended: How = "result" if state.is_terminal() else "forfeit"
    if state.is_terminal():
        result: JsonDict = state.result()
        winners = set(result.get("winners") or ())
        reason = str(result.get("reason", ""))
    else:
        winners = {name for seat, name in enumerate(seat_names) if seat not in gave_up}
        reason = "; ".join(f"{seat_names[seat]} {HOW_WORDS[how]}" for seat, how in gave_up.items())
    tiers: list[int] = []
    for seat, name in enumerate(seat_names):
        if seat in gave_up:
            tiers.append(2)
        else:
            tiers.append(0 if name in winners else 1)
    used = sorted(set(tiers))
    ranks = [used.index(tier) + 1 for tier in tiers]
    placings = tuple(
        Placing(seat, ranks[seat], gave_up.get(seat, ended), tiers[seat] == 0 and len(used) > 1)
        for seat in range(len(seat_names))
    )
    return Outcome(placings, reason)


def rated_accounts(record: GameRecord) -> list[str] | None:
    """The accounts of a finished game's seats, in seat order, if the game is rated:
    its creator did not say otherwise and every seat is bound to a different account."""
    accounts = [seat.account for seat in record.seats]
    if not record.rated or any(account is None for account in accounts):
        return None
    if len(set(accounts)) != len(accounts):
        return None
    return [account for account in accounts if account is not None]


def may_be_rated(record: GameRecord) -> bool:
    """Whether ``record``'s game is rated if it ends with its seats as they are now: its
    creator did not say otherwise, and every seat is bound to an account, each to a
    different one, or is still open to anyone (an open seat can only be taken by a person,
    who may be signed in). A seat taken without an account, or played by a bot from the
    start, never gains one: only an open seat is bound when it is taken."""
    if not record.rated:
        return False
    held = [
        seat.account
        for seat in record.seats
        if not (seat.controller == OPEN and seat.account is None)
    ]
    return None not in held and len(set(held)) == len(held)


def updated(ratings: Sequence[Rating], ranks: Sequence[int]) -> list[Rating]:
    """The seats' ratings after a game that ranked them so (openskill, Plackett-Luce)."""
    teams = [[MODEL.rating(mu=rating.mu, sigma=rating.sigma)] for rating in ratings]
    after = MODEL.rate(teams, ranks=[float(rank) for rank in ranks])
    return [
        Rating(team[0].mu, team[0].sigma, rating.games + 1)
        for team, rating in zip(after, ratings, strict=True)
    ]
