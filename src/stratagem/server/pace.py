"""A game's pace and its clock: how long a seat has for a move, and what happens when its
time runs out.

A game is played live (minutes a move), fast (hours) or slow (days), or untimed (no pace:
the API's default). A seat's clock starts when it becomes that seat's turn, that is when
the person to act changes (a seat that acts several times in a row plays one turn, on one
clock): its deadline is that moment plus the game's time per move. Chance plays at once
and ends no turn (a seat that acts, sees chance deal and acts again is still on its
clock); a bot's move does. Bots have no clock, and neither has a game waiting for a seat
to be taken, or over.

The clock depends on public facts alone: who is to act (every seat is told) and when the
log grew. It is stored with the game (``turn_seat``, ``turn_since``, ``turn_due``), written
in the transaction of the entry that changed it, so every process and a restarted one read
the same clock; ``turn_due`` is the deadline still to be enforced (cleared once the
consequence is applied). An untimed game writes no clock: its moves cost no statement more.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, get_args

PaceName = Literal["live", "fast", "slow"]
OnTimeout = Literal["remind", "bot", "lose"]
PACES: tuple[PaceName, ...] = get_args(PaceName)
ON_TIMEOUT: tuple[OnTimeout, ...] = get_args(OnTimeout)
MINUTE, HOUR, DAY = 60, 3600, 86400

RANGES: dict[PaceName, tuple[int, int, int]] = {
    "live": (1 * MINUTE, 60 * MINUTE, 5 * MINUTE),
    "fast": (1 * HOUR, 48 * HOUR, 12 * HOUR),
    "slow": (1 * DAY, 14 * DAY, 3 * DAY),
}
"""Per pace: the shortest and the longest time per move one may choose, and the default
(seconds)."""
UNITS: dict[PaceName, tuple[int, str]] = {
    "live": (MINUTE, "minutes"),
    "fast": (HOUR, "hours"),
    "slow": (DAY, "days"),
}
"""The unit each pace is spoken of in."""
EXPLAINED: dict[str, str] = {
    "live": "minutes a move: everyone at the table at once",
    "fast": "hours a move: a few moves a day",
    "slow": "days a move: a move when you find the time",
    "remind": "the seat is reminded (by e-mail, if its account asked for reminders) and "
    "the game waits",
    "bot": "the game's heuristic bot plays the seat from then on",
    "lose": "the seat loses: with two seats the other side wins at once; with more, the "
    "bot plays the seat on and it counts as lost on time",
}
"""One line on each pace and each consequence (the lobby shows them)."""


@dataclass(frozen=True, slots=True)
class Pace:
    """A timed game's pace, its time per move (seconds) and what a seat out of time gets."""

    name: PaceName
    per_move: int
    on_timeout: OnTimeout

    def public(self) -> dict[str, object]:
        """The pace as every payload carries it."""
        return {"pace": self.name, "per_move": self.per_move, "on_timeout": self.on_timeout}


def pace_problem(name: str, per_move: int) -> str | None:
    """Why ``per_move`` seconds is no time per move of the pace ``name`` (``None``: it is)."""
    if name not in RANGES:
        return f"pace: one of {', '.join(PACES)}, not {name!r}"
    least, most, _default = RANGES[name]
    if least <= per_move <= most:
        return None
    unit, units = UNITS[name]
    return (
        f"per_move: a {name} game gives {least // unit} to {most // unit} {units} a move "
        f"({least} to {most} s), not {per_move} s"
    )


@dataclass(frozen=True, slots=True)
class Turn:
    """A timed game's clock as stored: the person to act (``None``: nobody's clock runs),
    since when, and the deadline still to enforce (``None`` once its consequence is
    applied, or when nobody's clock runs)."""

    seat: int | None = None
    since: dt.datetime | None = None
    due: dt.datetime | None = None
    prior: dt.datetime | None = None
    """Since when the turn before this one ran: a take-back that gives the turn back to
    the seat that ended it gives it back its clock, not a new one."""

    def next(
        self,
        seat: int | None,
        now: dt.datetime,
        per_move: int,
        *,
        expired: bool = False,
        back: bool = False,
    ) -> Turn:
        """The clock once ``seat`` is the person to act (``None``: nobody), at ``now``: the
        same turn goes on while the same person is to act; ``expired``: its deadline was
        just enforced; ``back``: a take-back gave the turn back to its previous holder,
        whose clock goes on from when its turn began."""
        if seat is not None and seat == self.seat and self.since is not None:
            return Turn(seat, self.since, None if expired else self.due, self.prior)
        if seat is None:
            return Turn(prior=self.since)
        since = self.prior if back and self.prior is not None else now
        return Turn(seat, since, since + dt.timedelta(seconds=per_move), self.since)

    def deadline(self, per_move: int) -> dt.datetime | None:
        """When the seat's time is up (shown even once the consequence is applied)."""
        return None if self.since is None else self.since + dt.timedelta(seconds=per_move)


def overdue(turn: Turn | None, now: dt.datetime) -> bool:
    """Whether ``turn``'s deadline has passed and its consequence is still to apply."""
    return turn is not None and turn.seat is not None and turn.due is not None and turn.due <= now


def clock_of(pace: Pace, turn: Turn | None, seat_names: Sequence[str]) -> dict[str, object]:
    """A timed game's clock as every seat and spectator is sent it: the pace, and when
    the time of the seat to act is up (ISO 8601, UTC; none while nobody's clock runs)."""
    due: dict[str, str] = {}
    if turn is not None and turn.seat is not None:
        deadline = turn.deadline(pace.per_move)
        if deadline is not None:
            due[seat_names[turn.seat]] = deadline.isoformat(timespec="milliseconds")
    return {**pace.public(), "due": due}


def pace_choices() -> dict[str, object]:
    """The paces and consequences as the lobby's form offers them: each pace's range,
    default and unit, and a line on each."""
    paces = [
        {
            "name": name,
            "least": least,
            "most": most,
            "default": default,
            "unit": UNITS[name][0],
            "units": UNITS[name][1],
            "explained": EXPLAINED[name],
        }
        for name, (least, most, default) in RANGES.items()
    ]
    return {"paces": paces, "consequences": [(name, EXPLAINED[name]) for name in ON_TIMEOUT]}
