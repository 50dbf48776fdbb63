"""The open websockets of one table: who each sees as, what each has been sent, and the
credential it was opened with.

A connection keeps the hash of the link it was opened with, never the seat alone: whenever
who holds a seat changes (``Seats.take``), every connection's credential is checked again
at once, before the next version goes out. A link that matches no seat any more (a new link
was issued) ends its connections; a link whose seat a bot now plays (its person resigned or
was handed over) watches on as a spectator's.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from stratagem.core import JsonDict
from stratagem.server.errors import Forbidden

CLOSE_CODE = 4403
"""The websocket close code of a connection whose link has ended (as for a wrong token)."""
ENDED = -1
"""``Told``'s seat for a link that has ended."""
CLOSE_REASON = "this link has ended"
"""The close frame's reason (short: a close reason holds at most 123 bytes); the error
message sent just before says why."""


@dataclass(eq=False)
class Connection:
    """One open websocket: who it sees as, and the payload it has been sent."""

    seat: int | None
    credential: str | None = None
    """The hash of the token it was opened with (``None``: opened as a spectator)."""
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    sent_version: int = -1
    """The ``Views.epoch`` of the last state or patch sent (-1: none yet)."""
    holds: JsonDict | None = None
    """The payload it has been sent (whole or by patches), which the next patch starts
    from; ``None``: it is sent a whole payload next."""
    known_chat: int = 0
    """Chat lines sent (the first chat message gives only the latest ``CHAT_KEPT``)."""
    ended: str | None = None
    """Why its link no longer opens the game (then it is sent this and closed)."""
    notice: str | None = None
    """Why it now sees as someone else (sent once, before its next state)."""

    def see_as(self, seat: int | None, why: str) -> None:
        """From now on it receives what ``seat`` may know, from a whole new state."""
        self.seat = seat
        self.holds = None
        self.sent_version = -1
        self.notice = why
        self.dirty.set()

    def resync(self) -> None:
        """It asked for its seat's whole payload (a patch did not apply): sent next."""
        self.holds = None
        self.sent_version = -1
        self.dirty.set()

    def end(self, why: str) -> None:
        """Its link has ended: it is told why and closed, and receives nothing more."""
        self.ended = why
        self.dirty.set()


Authority = Callable[[str], int | None]
"""The seat a credential sees as now (``None``: a spectator's sight); ``Forbidden`` when
it opens the game no more."""
Told = Callable[[int | None, int | None], str]
"""What a connection is told when its sight changes: from the seat it saw as to the one
it sees as now (``None``: a spectator; ``ENDED``: its link has ended)."""


class Connections:
    """The set of a table's open connections."""

    def __init__(self) -> None:
        self.open: set[Connection] = set()

    def __len__(self) -> int:
        return len(self.open)

    def add(self, credential: str | None, authority: Authority) -> Connection:
        """A new connection seeing as its credential's seat does now, marked to be sent
        the current state at once."""
        connection = Connection(None, credential)
        if credential is not None:
            try:
                connection.seat = authority(credential)
            except Forbidden as error:
                connection.ended = str(error)
        connection.dirty.set()
        self.open.add(connection)
        return connection

    def discard(self, connection: Connection) -> None:
        self.open.discard(connection)

    def notify(self) -> None:
        """Every connection has something new to be sent."""
        for connection in self.open:
            connection.dirty.set()

    def holding(self, seat: int) -> bool:
        """Whether a connection sees as ``seat`` now."""
        return any(connection.seat == seat for connection in self.open)

    def reauthorise(self, authority: Authority, told: Told) -> None:
        """Check every connection's credential again (after a seat changed hands): a
        link that opens the game no more is closed, and one that sees as another seat
        now (``None``: a spectator) is sent that sight from its next message on; each
        is ``told`` why (from the seat it saw as, to the seat it sees as or ``ENDED``)."""
        for connection in self.open:
            if connection.credential is None or connection.ended is not None:
                continue
            try:
                seat = authority(connection.credential)
            except Forbidden:
                connection.end(told(connection.seat, ENDED))
                continue
            if seat != connection.seat:
                connection.see_as(seat, told(connection.seat, seat))
