"""Who plays each seat, and the changes at the table that are no moves of the game.

A seat is played by a person (``human``), waits for one (``open``), or is played by a bot.
Its changes are written in the game's log as ``table`` entries, so that every process
hears of them in order with the moves, and the log stays the whole story of the game:

- ``joined``: a person took an open seat (the game starts once no seat is open);
- ``new link``: the creator gave a seat a new secret link, or the seat's person took one
  (``by``), which ends the old one;
- ``resigned``: the seat's person gave up. With two seats the other side wins at once;
  with more, the game's heuristic bot plays the seat from then on;
- ``handed to a bot``: the creator gave a seat whose person kept everyone waiting for the
  game's chosen time to the heuristic bot;
- ``out of time``: a timed game's seat to act let its time per move run out (``pace``);
  ``consequence`` says what followed: ``remind`` (a reminder, the game waits), ``bot``
  (the heuristic bot plays the seat on, ``controller``) or ``lose`` (with two seats the
  other side wins at once, no ``controller``; with more, the bot plays the seat on and
  the seat counts as lost on time);
- ``rematch``: a new game of the same seats and options was made (``game`` names it);
- ``hint``: the seat's person asked for the bot's suggestion at its own decision (the
  suggestion itself is never in the log: ``hints``).

The seats' tokens are never in the log (only their hashes, in the seats table).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from stratagem.core import JsonDict
from stratagem.server.storage import Entry
from stratagem.sim.gamelog import resignation_result, timeout_result

__all__ = [
    "HUMAN",
    "OPEN",
    "STAND_IN",
    "TableChange",
    "change_of",
    "changes",
    "ending",
    "rematch_of",
    "resignation_result",
    "stand_in",
]

HUMAN = "human"
OPEN = "open"
"""The controller of a seat waiting for a person to take it."""
STAND_IN = "heuristic"
"""The bot that takes over a seat whose person resigned or was absent (``random`` for a
game without a heuristic bot)."""

Change = Literal[
    "joined", "new link", "resigned", "handed to a bot", "out of time", "rematch", "hint"
]


@dataclass(frozen=True, slots=True)
class TableChange:
    """One ``table`` entry's facts."""

    what: Change
    seat: int
    controller: str | None = None
    """Who plays the seat after the change (``None``: unchanged)."""
    game: str | None = None
    """The rematch's game id."""
    by: str | None = None
    """Who asked for a new link: ``seat`` (its own person) or ``creator``."""
    consequence: str | None = None
    """What followed a seat's running out of time: ``remind``, ``bot`` or ``lose``."""

    def text(self) -> str:
        """The entry's ``action`` text."""
        facts: JsonDict = {"what": self.what}
        if self.controller is not None:
            facts["controller"] = self.controller
        if self.game is not None:
            facts["game"] = self.game
        if self.by is not None:
            facts["by"] = self.by
        if self.consequence is not None:
            facts["consequence"] = self.consequence
        return json.dumps(facts, sort_keys=True)

    def ends(self, seats: int) -> bool:
        """Whether the change ends a game of ``seats`` seats: with two, a resignation or
        a loss on time (the other side wins)."""
        if seats != 2 or self.controller is not None:
            return False
        return self.what == "resigned" or (
            self.what == "out of time" and self.consequence == "lose"
        )

    def result(self, seat_names: Sequence[str]) -> JsonDict:
        """The result of the two-seat game this change ended."""
        if self.what == "out of time":
            return timeout_result(seat_names, self.seat)
        return resignation_result(seat_names, self.seat)

    def entry(self, seq: int) -> Entry:
        """The change as the log's entry number ``seq``."""
        return Entry(seq, "table", self.seat, self.text())


def change_of(entry: Entry) -> TableChange:
    """The facts of a ``table`` entry."""
    facts = json.loads(entry.action)
    return TableChange(
        what=facts["what"],
        seat=entry.seat,
        controller=facts.get("controller"),
        game=facts.get("game"),
        by=facts.get("by"),
        consequence=facts.get("consequence"),
    )


def changes(entries: Sequence[Entry]) -> list[TableChange]:
    """The table changes of a log, in order."""
    return [change_of(entry) for entry in entries if entry.kind == "table"]


def stand_in(bots: Sequence[str]) -> str:
    """The bot that takes over a seat: the game's heuristic, else ``random``."""
    return STAND_IN if STAND_IN in bots else "random"


def ending(entries: Sequence[Entry], seats: int) -> TableChange | None:
    """The change that ended a two-seat game (a resignation or a loss on time), if one
    did."""
    if seats != 2:
        return None
    for change in changes(entries):
        if change.ends(seats):
            return change
    return None


def rematch_of(entries: Sequence[Entry]) -> str | None:
    """The id of the game's rematch, once one was made."""
    for change in changes(entries):
        if change.what == "rematch":
            return change.game
    return None
