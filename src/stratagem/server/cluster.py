"""How the processes of one table share its games.

One process on SQLite is the whole table: it drives every game's chance and bots and
hears of every append because it made it (``Solo``). Several processes on one PostgreSQL
(``Postgres``) share the games through the database alone:

* every append is announced with ``NOTIFY`` (``storage.NOTIFY_CHANNEL``, a line
  ``"<game id> <log length>"`` per game of the commit, ``"<game id> chat <chat length>"``
  for a chat line) in the transaction that writes
  it, and every process ``LISTEN``s and brings its own copy of that game up to date, so
  a move accepted by one process reaches the websockets of all;
* a game's chance and bots are played by the process that holds its lease, a session
  advisory lock keyed by the game id on a connection kept for leases. A lease is taken
  when chance or a bot is to act and let go when a person is to act; when its holder dies
  its connection closes, the lock is freed, and another process takes the game over on
  its next sweep of the games waiting for chance or a bot (``Store.needing_driver``);
* a lease lives as long as the connection that holds it: when that connection is lost
  (the database restarted, or dropped it), every lease it held is gone, and another
  process may take the game. A driver asks for its lease again after every database
  error (``claim`` checks the connection of a lease it holds), and stops when it has
  lost it;
* a driver's appends name the session of its lease and are written only while that
  session holds it (``storage.Append.lease``): a driver whose lease went with its
  connection cannot go on writing beside the process that took the game over;
* racing appends are decided by the log's (game, seq) key, so a lease is about not doing
  the work twice, never about correctness.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable

import psycopg

from stratagem.server.storage import NOTIFY_CHANNEL

Listener = Callable[[str, str, int], Awaitable[None]]
"""Called with (game id, ``log`` or ``chat``, its new length) for every append to a log
or a chat announced by any process."""
RECONNECT_FIRST = 0.2
RECONNECT_MOST = 2.0
"""Seconds between two attempts to listen again, doubling from the first: at most this
long after the database is back, this process's websockets hear of others' moves."""
CONNECT_TIMEOUT = 5
"""Seconds a connection for listening or for leases may take to open."""
log = logging.getLogger(__name__)


def _reason(error: BaseException) -> str:
    """An error in one line (libpq's messages run on over several)."""
    lines = str(error).strip().splitlines()
    return lines[0].strip() if lines else type(error).__name__


def _heard(line: str) -> tuple[str, str, int] | None:
    """(game id, ``log`` or ``chat``, length) of one line of a notice, if it is one."""
    match line.split(" "):
        case [game_id, length] if length.isdigit():
            return game_id, "log", int(length)
        case [game_id, "chat", length] if length.isdigit():
            return game_id, "chat", int(length)
    return None


class Solo:
    """The only process: every lease is its own and it hears nothing from others."""

    shared = False

    @property
    def heard(self) -> int | None:
        """Counts the times this process stopped hearing the others' appends; ``None``
        while it hears nothing (a cache may then miss appends: ``Table.fresh`` reads
        them). A lone process hears every append: it makes them."""
        return 0

    async def start(self, listener: Listener) -> None:
        """Nothing to listen to."""

    async def close(self) -> None:
        """Nothing to close."""

    async def claim(self, game_id: str) -> bool:
        """Always this process's."""
        return True

    async def release(self, game_id: str) -> None:
        """Nothing to let go."""

    def session(self, game_id: str) -> int | None:
        """The database session whose lock is the lease of ``game_id`` (``None``: there
        is no lease to check, as here)."""
        return None


class Postgres(Solo):
    """One of several processes on one PostgreSQL database."""

    shared = True

    def __init__(self, url: str) -> None:
        self.url = url
        self._listener: Listener | None = None
        self._listening: asyncio.Task[None] | None = None
        self._leases: psycopg.AsyncConnection[tuple[object, ...]] | None = None
        self._held: set[str] = set()
        self._lock = asyncio.Lock()
        self.ready = asyncio.Event()
        """Set once the process listens (tests wait for it before they count messages)."""
        self._gaps = 0

    @property
    def heard(self) -> int | None:
        """How many times listening was lost, or ``None`` while it is (``Solo.heard``)."""
        return self._gaps if self.ready.is_set() else None

    async def start(self, listener: Listener) -> None:
        """Start listening for other processes' appends."""
        self._listener = listener
        self._listening = asyncio.create_task(self._listen(), name="stratagem listen")

    async def close(self) -> None:
        """Stop listening and give up every lease (the connection closes)."""
        if self._listening is not None:
            self._listening.cancel()
            await asyncio.gather(self._listening, return_exceptions=True)
        if self._leases is not None:
            with contextlib.suppress(psycopg.Error):
                await self._leases.close()
        self._held.clear()

    async def _listen(self) -> None:
        """Hear every append, reconnecting (and catching up on every game) after a loss."""
        pause = RECONNECT_FIRST
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT
                ) as connection:
                    await connection.execute(f"LISTEN {NOTIFY_CHANNEL}")
                    self.ready.set()
                    if not first and self._listener is not None:
                        await self._listener("", "log", -1)  # appends may have been missed
                    first, pause = False, RECONNECT_FIRST
                    async for notice in connection.notifies():
                        for line in notice.payload.splitlines():
                            heard = _heard(line)
                            if self._listener is not None and heard is not None:
                                await self._listener(*heard)
            except asyncio.CancelledError:
                raise
            except (psycopg.Error, OSError) as error:
                self.ready.clear()
                self._gaps += 1
                log.warning(
                    "listening for other processes' moves: %s; again in %.1f s",
                    _reason(error),
                    pause,
                )
                await asyncio.sleep(pause)
                pause = min(pause * 2, RECONNECT_MOST)

    async def claim(self, game_id: str) -> bool:
        """Take the lease of ``game_id`` if no live process holds it; for a lease this
        process holds, ``True`` only while the connection that holds it lives."""
        async with self._lock:
            for attempt in range(2):  # a connection found dead is replaced once at once
                try:
                    if self._leases is None or self._leases.closed:
                        await self._drop()
                        self._leases = await psycopg.AsyncConnection.connect(
                            self.url, autocommit=True, connect_timeout=CONNECT_TIMEOUT
                        )
                    if game_id in self._held:
                        await self._leases.execute("SELECT 1")  # alive: the lease stands
                        return True
                    cursor = await self._leases.execute(
                        "SELECT pg_try_advisory_lock(hashtextextended(%s, 0))", (game_id,)
                    )
                    row = await cursor.fetchone()
                except (psycopg.Error, OSError) as error:
                    await self._drop()  # its leases went with it
                    if attempt:
                        log.warning("taking the lease of game %s: %s", game_id, _reason(error))
                        return False
                    continue
                if row is None or not row[0]:
                    return False
                self._held.add(game_id)
                return True
            return False

    async def release(self, game_id: str) -> None:
        """Let the lease of ``game_id`` go (another process may then drive it)."""
        async with self._lock:
            if game_id not in self._held:
                return
            self._held.discard(game_id)
            if self._leases is None or self._leases.closed:
                return
            try:
                await self._leases.execute(
                    "SELECT pg_advisory_unlock(hashtextextended(%s, 0))", (game_id,)
                )
            except (psycopg.Error, OSError) as error:
                log.warning("letting the lease of game %s go: %s", game_id, _reason(error))
                await self._drop()

    def session(self, game_id: str) -> int | None:
        """The server process id of the connection holding the lease of ``game_id``; 0
        (no session) when this process does not hold it, so an append checked against it
        is refused (``storage.Append.lease``)."""
        if game_id not in self._held or self._leases is None or self._leases.closed:
            return 0
        return self._leases.info.backend_pid

    async def _drop(self) -> None:
        """Close the connection of the leases (if it still lives, its leases end with it)
        and forget them all."""
        leases, self._leases = self._leases, None
        self._held.clear()
        if leases is not None:
            with contextlib.suppress(psycopg.Error, OSError):
                await leases.close()
