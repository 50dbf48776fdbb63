"""The workers that think for bots and rebuild replays, off the event loop, shared fairly
between client addresses.

Bots, games and states are pure Python and cannot be pickled (a data pack's ``Assumed``
values), so the workers are a bounded pool of threads rather than processes. Each job
has a key: the address that created the game (a bot's move, a burst of chance), or the
address that asks (a replay step). A key has at most ``share`` jobs running at once, and
the keys with jobs waiting take the free workers in turn (round robin), so one address
that floods the table with bot games holds ``share`` of the ``workers`` while another
address's game is served by the next free worker. A key's jobs start in the order they
came; a table hands in its next step only once the last one is done, so each game's
chance and bot moves stay in order (and stay deterministic: they are drawn from the
game's seed and its bots' own generators, not from the order the workers run in).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import partial
from typing import Any, TypeVar

from stratagem.server.errors import TooMany

T = TypeVar("T")

BOT_WORKERS = 2
"""Threads thinking for bots (the machine's other work, the event loop, needs the GIL too:
more threads would not think faster)."""
BOT_SHARE = 1
"""Bot jobs of one address running at once: one address's games never hold every worker."""
REPLAY_WORKERS = 2
"""Threads rebuilding replay steps."""
REPLAY_SHARE = 1
"""Replay steps of one address rebuilt at once."""
REPLAY_WAITING = 8
"""Replay steps one address may have waiting; more are refused (429)."""


@dataclass(slots=True)
class _Job:
    run: Callable[[], Any]
    done: asyncio.Future[Any]


class FairPool:
    """A pool of ``workers`` threads, at most ``share`` of them per key, shared in turn
    between keys; ``waiting`` bounds the jobs a key may have queued (``None``: no bound)."""

    def __init__(self, name: str, workers: int, share: int, waiting: int | None = None) -> None:
        if not 1 <= share <= workers:
            raise ValueError(f"{name}: share must be 1 to {workers} workers, not {share}")
        self.name = name
        self.workers = workers
        self.share = share
        self.waiting = waiting
        self.executor = ThreadPoolExecutor(workers, thread_name_prefix=name)
        self.busy = 0
        self.closed = False
        self.running: dict[str, int] = {}
        self.queues: dict[str, deque[_Job]] = {}
        """Keys with jobs waiting, the next to be served first."""

    async def run(self, key: str, job: Callable[[], T]) -> T:
        """Run ``job`` on a worker, in ``key``'s turn; its result (or its error)."""
        queue = self.queues.get(key)
        if self.waiting is not None and queue is not None and len(queue) >= self.waiting:
            raise TooMany(
                f"{len(queue)} {self.name} jobs from your address are waiting already; "
                "try again once they are done"
            )
        if self.closed:
            raise asyncio.CancelledError  # the server is stopping
        done: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self.queues.setdefault(key, deque()).append(_Job(job, done))
        self._dispatch()
        return await done  # cancelled while waiting: _dispatch skips it

    def _dispatch(self) -> None:
        """Start waiting jobs while workers are free, the keys in turn."""
        while self.busy < self.workers and not self.closed:
            key = next(
                (
                    key
                    for key, queue in self.queues.items()
                    if self.running.get(key, 0) < self.share
                ),
                None,
            )
            if key is None:
                return
            queue = self.queues.pop(key)  # served: to the back of the line
            job = queue.popleft()
            if queue:
                self.queues[key] = queue
            if job.done.cancelled():
                continue
            self.busy += 1
            self.running[key] = self.running.get(key, 0) + 1
            inner = asyncio.get_running_loop().run_in_executor(self.executor, job.run)
            inner.add_done_callback(partial(self._finished, key, job))

    def _finished(self, key: str, job: _Job, inner: asyncio.Future[Any]) -> None:
        self.busy -= 1
        left = self.running[key] - 1
        if left:
            self.running[key] = left
        else:
            del self.running[key]
        if not job.done.cancelled():
            if inner.cancelled():
                job.done.cancel()
            elif (error := inner.exception()) is not None:
                job.done.set_exception(error)
            else:
                job.done.set_result(inner.result())
        self._dispatch()

    def close(self) -> None:
        """Stop: jobs not started are cancelled, those running end on their own."""
        self.closed = True
        for queue in self.queues.values():
            for job in queue:
                job.done.cancel()
        self.queues.clear()
        self.executor.shutdown(wait=False, cancel_futures=True)


@dataclass(frozen=True, slots=True)
class Workers:
    """The table's two pools: bots' thinking (and chance's bursts) by the address that
    created the game, replays by the address that asks."""

    bots: FairPool
    replays: FairPool

    @classmethod
    def make(cls, bot_workers: int = BOT_WORKERS, bot_share: int = BOT_SHARE) -> Workers:
        """``bot_workers`` threads for bots, ``bot_share`` of them per address; replays
        get ``REPLAY_WORKERS``, ``REPLAY_SHARE`` per address, ``REPLAY_WAITING`` queued."""
        return cls(
            FairPool("bot", bot_workers, bot_share),
            FairPool("replay", REPLAY_WORKERS, REPLAY_SHARE, REPLAY_WAITING),
        )

    def close(self) -> None:
        """Stop both pools."""
        self.bots.close()
        self.replays.close()
