"""Where a batch of seeded games is played: one process, a local process pool, or Ray.

A batch is a ``GameSetup`` (the game, its options and settings, which every worker loads
for itself) and a list of ``Job``s (index, seed, one bot spec per seat). Every game is fully
determined by its job, so the records are the same whichever backend plays them, and
they are returned in job order whatever order the workers finish in. Ctrl-C stops a batch
and keeps the games already finished (``Batch.interrupted`` says so).
"""

from __future__ import annotations

import math
import signal
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from loky import ProcessPoolExecutor

from stratagem.core import Game, JsonDict
from stratagem.sim.provenance import provenance
from stratagem.sim.runner import MatchResult, make_bots, play_match
from stratagem.sim.settings import GameSetup
from stratagem.sim.stats import Outcome

ProgressCallback = Callable[[int, int], None]
"""Called with (games done, games in all) as a batch advances."""

CHUNK = 100
"""The most games a worker plays per task."""

TASKS_PER_WORKER = 64
"""Chunks are made small enough that each worker gets about this many (finer progress)."""


@dataclass(frozen=True, slots=True)
class Job:
    """One game to play: its index in the batch, its seed and the bot of each seat."""

    index: int
    seed: int
    bots: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What a study keeps of one finished game (JSON-safe through ``to_json``)."""

    index: int
    seed: int
    bots: tuple[str, ...]
    winners: tuple[int, ...]
    returns: tuple[float, ...]
    scores: JsonDict
    details: JsonDict
    reason: str
    length: int
    decisions: int
    turns: int | None
    first_player: int | None
    public: JsonDict = field(default_factory=dict)
    """Each seat's public numbers at the end: ``{key: {seat: number}}``."""

    @classmethod
    def of(cls, index: int, match: MatchResult) -> GameRecord:
        """The record of game ``index``, played as ``match``."""
        result = match.result
        details = result.get("details")
        return cls(
            index=index,
            seed=match.seed,
            bots=match.bots,
            winners=match.winners,
            returns=match.returns,
            scores=dict(result.get("scores") or {}),
            details=dict(details) if isinstance(details, Mapping) else {},
            reason=str(result.get("reason", "")),
            length=match.length,
            decisions=match.decisions,
            turns=match.turns,
            first_player=match.first_player,
            public=dict(match.public),
        )

    def outcome(self) -> Outcome:
        """The statistics' record of this game."""
        return Outcome(
            winners=self.winners,
            first_player=self.first_player,
            length=self.length,
            decisions=self.decisions,
            turns=self.turns,
        )

    def to_json(self) -> JsonDict:
        """The record as JSON-safe data."""
        return {
            "index": self.index,
            "seed": self.seed,
            "bots": list(self.bots),
            "winners": list(self.winners),
            "returns": list(self.returns),
            "scores": self.scores,
            "details": self.details,
            "reason": self.reason,
            "length": self.length,
            "decisions": self.decisions,
            "turns": self.turns,
            "first_player": self.first_player,
            "public": self.public,
        }


@dataclass(frozen=True, slots=True)
class Batch:
    """The records of the finished games, in job order, and whether Ctrl-C cut it short."""

    records: tuple[GameRecord, ...]
    interrupted: bool


def play_jobs(game: Game, jobs: Sequence[Job]) -> list[GameRecord]:
    """Play ``jobs`` here, one after the other."""
    return [
        GameRecord.of(job.index, play_match(game, make_bots(game, job.bots, job.seed), job.seed))
        for job in jobs
    ]


def play_chunk(setup: GameSetup, jobs: Sequence[Job]) -> list[GameRecord]:
    """A worker's task: the game (its variant pack included) is loaded once per process."""
    return play_jobs(setup.load(), jobs)


def chunks(jobs: Sequence[Job], workers: int) -> list[list[Job]]:
    """``jobs`` cut into tasks: at most ``CHUNK`` games, about ``TASKS_PER_WORKER`` each."""
    size = max(1, min(CHUNK, math.ceil(len(jobs) / (workers * TASKS_PER_WORKER))))
    return [list(jobs[start : start + size]) for start in range(0, len(jobs), size)]


def run_serial(setup: GameSetup, jobs: Sequence[Job], progress: ProgressCallback | None) -> Batch:
    """Play ``jobs`` in this process."""
    game = setup.load()
    records: list[GameRecord] = []
    try:
        for job in jobs:
            records.extend(play_jobs(game, [job]))
            if progress is not None:
                progress(len(records), len(jobs))
    except KeyboardInterrupt:
        return Batch(tuple(records), interrupted=True)
    return Batch(tuple(records), interrupted=False)


def run_pool(
    setup: GameSetup, jobs: Sequence[Job], progress: ProgressCallback | None, workers: int
) -> Batch:
    """Play ``jobs`` on a local pool of ``workers`` processes (loky's executor).

    On Ctrl-C the workers are killed at once (the games they were playing are lost); the
    chunks already finished are kept. A terminal's Ctrl-C signals the whole process group,
    workers included: they ignore it, so that only this process stops the batch. A
    worker that dies (SIGTERM sent to the whole group, as ``kill`` or a scheduler does, or
    the out-of-memory killer) stops the batch in the same way. The standard library's
    pool waited forever when a worker died holding one of its queue locks; loky is made
    to survive a dead worker.
    """
    tasks = [(setup, task) for task in chunks(jobs, workers)]
    collector = Collector(len(jobs), progress)
    executor: ProcessPoolExecutor | None = None
    try:
        executor = ProcessPoolExecutor(workers, initializer=_ignore_ctrl_c)
        futures = [executor.submit(_play_task, task) for task in tasks]
        for future in as_completed(futures):
            collector.add(future.result())
    except (KeyboardInterrupt, BrokenProcessPool):  # no game was finished before the start
        return collector.batch(interrupted=True)
    finally:
        if executor is not None:
            executor.shutdown(wait=True, kill_workers=True)
    return collector.batch(interrupted=False)


def _ignore_ctrl_c() -> None:
    """A pool worker's start: Ctrl-C is for the process that runs the batch."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_task(task: tuple[GameSetup, Sequence[Job]]) -> list[GameRecord]:
    return play_chunk(*task)


class Collector:
    """Gathers finished chunks, reports progress, and puts the records back in order."""

    def __init__(self, total: int, progress: ProgressCallback | None) -> None:
        self.total = total
        self.progress = progress
        self.records: list[GameRecord] = []

    def add(self, records: Sequence[GameRecord]) -> None:
        """Keep a finished chunk's records and report progress."""
        self.records.extend(records)
        if self.progress is not None:
            self.progress(len(self.records), self.total)

    def batch(self, *, interrupted: bool) -> Batch:
        """Everything kept, in job order."""
        return Batch(tuple(sorted(self.records, key=lambda r: r.index)), interrupted)


def run_jobs(
    setup: GameSetup,
    jobs: Sequence[Job],
    *,
    workers: int = 1,
    ray: str | bool = False,
    progress: ProgressCallback | None = None,
) -> Batch:
    """Play ``jobs``: here (``workers`` 1), on a process pool, or on Ray.

    ``ray`` is ``False`` (no Ray), ``True`` (a local Ray cluster) or a cluster address.
    The code's version is read before the first game (``provenance``, kept for the
    process): a run of hours names the code that played it even if the tree moves on
    meanwhile.
    """
    provenance()
    if ray is not False:
        from stratagem.sim.ray_backend import run_ray  # noqa: PLC0415  (Ray is an extra)

        return run_ray(setup, jobs, progress, None if ray is True else ray)
    if workers == 1:
        return run_serial(setup, jobs, progress)
    return run_pool(setup, jobs, progress, workers)
