"""Group commit: every append of one process goes through one writer thread, which puts
the appends that arrived together, of many games, into one transaction.

A commit is the costly part of a move (the database flushes it to disk before it
answers); with fifty games moving at once, one flush then stores a dozen moves instead of
one. Nothing is acknowledged before its transaction has committed, so a killed process
still loses nothing it acknowledged. When a shared transaction is refused because one of
its appends lost a race for its number, each append is written again on its own, so only
the loser is refused.
"""

from __future__ import annotations

import asyncio
import contextlib
import queue
import threading
from dataclasses import dataclass

from stratagem.server.storage import Append, StorageError, StorageUnavailable, Store

MOST = 256
"""Appends written in one transaction at most."""


@dataclass(frozen=True, slots=True)
class _Job:
    append: Append
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
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        with self._guard:
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="stratagem writer")
                self._thread.daemon = True
                self._thread.start()
        self._jobs.put(_Job(append, loop, done))
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
        try:
            self.store.append_many([job.append for job in batch])
            outcomes: list[BaseException | None] = [None] * len(batch)
        except StorageUnavailable as error:
            outcomes = [error] * len(batch)
        except StorageError as error:
            outcomes = [error] if len(batch) == 1 else [self._alone(job) for job in batch]
        except Exception as error:  # a waiting move must hear of any failure, never hang
            refused = StorageUnavailable(f"the database refused a write ({error})")
            outcomes = [refused] * len(batch)
        for job, outcome in zip(batch, outcomes, strict=True):
            with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits
                job.loop.call_soon_threadsafe(_settle, job.done, outcome)

    def _alone(self, job: _Job) -> BaseException | None:
        try:
            self.store.append_many([job.append])
        except StorageError as error:
            return error
        return None
