"""Who is at the table, in every process: whether a seat's person is connected.

A process knows its own connections (``Connections``); with several processes on one
PostgreSQL database, a person connected to another process is known only through the
database. Each process writes a heartbeat (``Store.beat``): the (game, seat) pairs it
holds connections for, seen now, in one statement, whenever that set changes (looked at
every round of the hub's supervisor, once a second) and at least every ``HEARTBEAT``
seconds; its rows of seats it holds no more go at once. A row counts while it was seen
within ``HELD_WITHIN`` seconds, so a process killed without a word stops counting then.
A lone process (SQLite) writes nothing: its connections are all there are.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Mapping
from typing import TYPE_CHECKING

from stratagem.server.storage import StorageUnavailable, Store

if TYPE_CHECKING:
    from stratagem.server.table import Table

HEARTBEAT = 5.0
"""Seconds between two heartbeats of a process whose connections did not change."""
HELD_WITHIN = 3 * HEARTBEAT
"""Seconds a heartbeat counts for (a missed beat or two is no absence)."""
log = logging.getLogger(__name__)


class Presence:
    """One process's part in knowing who is at the table; ``shared``: other processes
    serve the same games (PostgreSQL)."""

    def __init__(self, store: Store, tables: Mapping[str, Table], *, shared: bool) -> None:
        self.store = store
        self.tables = tables
        self.shared = shared
        self.process = secrets.token_hex(8)
        """This process's name in the heartbeats (new at every start)."""
        self._written: set[tuple[str, int]] | None = None
        self._beaten = 0.0

    def held(self) -> set[tuple[str, int]]:
        """The (game, seat) pairs this process holds a connection seeing as."""
        return {
            (game_id, connection.seat)
            for game_id, table in self.tables.items()
            for connection in table.connections.open
            if connection.seat is not None and connection.ended is None
        }

    async def beat(self, *, leaving: bool = False) -> None:
        """Write the heartbeat if the seats held changed or it is due (``leaving``: this
        process holds none any more). A database away is waited out: the next round
        writes it."""
        if not self.shared:
            return
        held = set() if leaving else self.held()
        if held == self._written and time.monotonic() - self._beaten < HEARTBEAT:
            return
        try:
            await asyncio.to_thread(self.store.beat, self.process, sorted(held))
        except StorageUnavailable as error:
            log.warning("presence heartbeat: %s", error)
            return
        self._written, self._beaten = held, time.monotonic()

    async def connected(self, table: Table, seat: int) -> bool:
        """Whether ``seat``'s person is connected to ``table``'s game, here or in another
        process."""
        if table.connections.holding(seat):
            return True
        if not self.shared:
            return False
        return await asyncio.to_thread(
            self.store.held_elsewhere, table.record.id, seat, self.process, HELD_WITHIN
        )
