"""Group commit: every append of one process goes through one writer thread, which puts
the appends that arrived together, of many games, into one transaction.

A commit is the costly part of a move (the database flushes it to disk before it
answers); with fifty games moving at once, one flush then stores a dozen moves instead of
one. Nothing is acknowledged before its transaction has committed, so a killed process
still loses nothing it acknowledged. When a shared transaction is refused because one of
its appends lost a race for its number or holds a value the database refuses, each append
is written again on its own, so only that one is refused; a game's creation and a chat
line are written on their own anyway. Only the database itself away (locked, unreachable,
timed out) refuses the whole batch and what waits behind it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from stratagem.server.storage import (
    Append,
    ChatLine,
    GameRecord,
    StorageError,
    StorageRefused,
    StorageUnavailable,
    Store,
)

MOST = 256
"""Appends written in one transaction at most."""
T = TypeVar("T")
log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class _Job:
    write: Append | GameRecord | ChatLine
    """Entries to append, a new game to create, or a chat line."""
    loop: asyncio.AbstractEventLoop
    done: asyncio.Future[None]


def _settle(done: asyncio.Future[None], error: BaseException | None) -> None:
    if done.cancelled():
        return
    if error is None:
        done.set_result(None)
    else:
        done.set_exception(error)


class Writer:
    """The one thread that writes a process's appends (started on first use)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._guard = threading.Lock()

    async def append(self, append: Append) -> None:
        """Store ``append``; returns once it is committed. Raises ``StorageError`` if its
        number is taken, ``StorageUnavailable`` if the database is away."""
        await self._submit(append)

    async def create(self, record: GameRecord) -> None:
        """Store a new game. It goes through this thread too: on SQLite a second writer
        would wait for a lock that back-to-back appends under load hardly ever free."""
        await self._submit(record)

    async def chat(self, line: ChatLine) -> None:
        """Store a chat line (``StorageError`` if its number is taken)."""
        await self._submit(line)

    async def _submit(self, write: Append | GameRecord | ChatLine) -> None:
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        with self._guard:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="stratagem writer")
                self._thread.daemon = True
                self._thread.start()
        self._jobs.put(_Job(write, loop, done))
        await done

    def close(self) -> None:
        """Finish what was asked and stop the thread."""
        with self._guard:
            thread, self._thread = self._thread, None
        if thread is not None:
            self._jobs.put(None)
            thread.join()

    def _run(self) -> None:
        while True:
            first = self._jobs.get()
            if first is None:
                return
            batch = [first]
            with contextlib.suppress(queue.Empty):
                while len(batch) < MOST:
                    job = self._jobs.get_nowait()
                    if job is None:
                        self._jobs.put(None)  # stop once this batch is written
                        break
                    batch.append(job)
            self._write(batch)

    def _write(self, batch: list[_Job]) -> None:
        outcomes: dict[int, BaseException | None] = {}
        appends: list[tuple[_Job, Append]] = []
        away: StorageUnavailable | None = None
        for job in batch:
            if isinstance(job.write, GameRecord):
                outcome = away or self._attempt(self.store.create_game, job.write)
            elif isinstance(job.write, ChatLine):
                outcome = away or self._attempt(self.store.add_chat, job.write)
            else:
                appends.append((job, job.write))
                continue
            away = outcome if isinstance(outcome, StorageUnavailable) else away
            outcomes[id(job)] = outcome
        if appends:
            shared = away or self._attempt(self.store.append_many, [w for _, w in appends])
            away = shared if isinstance(shared, StorageUnavailable) else away
            # one append lost its race or was refused: the others may stand, each
            # written alone (while the database stays up)
            alone = shared is not None and away is None and len(appends) > 1
            for job, write in appends:
                if alone and away is None:
                    outcome = self._attempt(self.store.append_many, [write])
                    away = outcome if isinstance(outcome, StorageUnavailable) else None
                else:
                    outcome = away or shared
                outcomes[id(job)] = outcome
        if away is not None:
            # what waits behind this batch would wait out the same lock or outage, one busy
            # timeout after another: it is refused now, and asked again by its caller
            batch = [*batch, *self._waiting()]
            for job in batch:
                outcomes.setdefault(id(job), away)
        for job in batch:
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits
                job.loop.call_soon_threadsafe(_settle, job.done, outcomes[id(job)])

    def _waiting(self) -> list[_Job]:
        """Every job queued now (the stop sign, if any, stays queued)."""
        waiting: list[_Job] = []
        with contextlib.suppress(queue.Empty):
            while True:
                job = self._jobs.get_nowait()
                if job is None:
                    self._jobs.put(None)
                    break
                waiting.append(job)
        return waiting

    @staticmethod
    def _attempt(write: Callable[[T], None], what: T) -> BaseException | None:
        """Run one write; its error (never raised here: a waiting move must hear of any
        failure, and this thread must live on). Only ``StorageUnavailable`` says the
        database is away; any other error is this write's own."""
        try:
            write(what)
        except (StorageError, StorageRefused) as error:
            return error
        except Exception as error:
            log.exception("a write failed")
            return StorageRefused(f"the database refused a write ({type(error).__name__})")
        return None
