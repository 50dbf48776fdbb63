"""Analyses at the table: a finished game judged for one seat (``stratagem.analysis``), run
in the background in a process pool and stored with the game, to be drawn beside its
replay.

An analysis is asked for once the game is over; then the whole log, seed included, is
public (``GET /api/games/{id}/log``), so anyone may ask for any seat's, and the analysis
itself reads only what that seat could see (``analysis.analyse``). One row per game and
seat (``analyses``): ``running`` while a process works on it, then ``done`` with the
analysis's JSON, or ``failed`` with the reason. A request for a seat whose row exists is
answered with the row; nothing is computed twice.

Games and states cannot be pickled (``workers.py``), so a pool process loads the game by
its name and options and replays the actions itself. A table configured with a Ray cluster
(``Settings.ray``) sends the same function there as a Ray task instead of to its own pool.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from stratagem.analysis import Settings, analyse_game
from stratagem.core import JsonDict, load
from stratagem.server.errors import Conflict
from stratagem.server.storage import Base, Store
from stratagem.sim.ray_backend import connect

AnalysisState = Literal["running", "done", "failed"]
TABLE_SETTINGS = Settings(samples=4, iterations=30, rounds=1)
"""How hard the table's analyses look: a few worlds and a small search a decision, so that
a game's analysis takes seconds, not minutes (``stratagem analyse`` looks harder)."""
STALE = dt.timedelta(minutes=30)
"""An analysis still ``running`` this long after it was started was left by a process that
stopped (one takes seconds): asked for again, it is started again."""
POOL_PROCESSES = 1
"""Processes analysing at once (the machine's other cores play the games)."""
PARENT_CHECK = 1.0
"""Seconds between a pool process's checks that the table's process is still there."""
LOCAL_RAY = "local"
"""The ``ray`` setting that starts a Ray cluster on this machine (else a cluster's address)."""
log = logging.getLogger(__name__)


class AnalysisRow(Base):
    """One seat's analysis of one game."""

    __tablename__ = "analyses"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[str] = mapped_column(String(16))
    analysis: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True, slots=True)
class StoredAnalysis:
    """An analysis as stored: where it stands, and the analysis once done."""

    seat: int
    state: AnalysisState
    analysis: JsonDict | None
    error: str | None

    def to_json(self, seat_names: list[str]) -> JsonDict:
        return {
            "seat": seat_names[self.seat],
            "state": self.state,
            "analysis": self.analysis,
            "error": self.error,
        }


def _stored(row: AnalysisRow) -> StoredAnalysis:
    state: AnalysisState = (
        "done" if row.state == "done" else "failed" if row.state == "failed" else "running"
    )
    return StoredAnalysis(row.seat, state, row.analysis, row.error)


def stored(store: Store, game_id: str) -> list[StoredAnalysis]:
    """The game's analyses, by seat."""
    with Session(store.engine) as session:
        rows = session.scalars(
            select(AnalysisRow).where(AnalysisRow.game_id == game_id).order_by(AnalysisRow.seat)
        ).all()
        return [_stored(row) for row in rows]


def claim(store: Store, game_id: str, seat: int, now: dt.datetime | None = None) -> bool:
    """Note that ``seat``'s analysis is running; ``False`` if it was asked for already
    (one left ``running`` for ``STALE`` by a process that stopped is taken over)."""
    now = now or dt.datetime.now(dt.UTC)
    try:
        with Session(store.engine) as session, session.begin():
            row = session.get(AnalysisRow, (game_id, seat), with_for_update=True)
            if row is None:
                session.add(
                    AnalysisRow(game_id=game_id, seat=seat, state="running", updated_at=now)
                )
                return True
            updated = row.updated_at
            if updated.tzinfo is None:  # SQLite keeps no zone: stored in UTC
                updated = updated.replace(tzinfo=dt.UTC)
            if row.state != "running" or now - updated < STALE:
                return False
            row.updated_at = now
            return True
    except IntegrityError:
        return False


def settle(
    store: Store, game_id: str, seat: int, analysis: JsonDict | None, error: str | None
) -> None:
    """Store a finished analysis (or why it failed)."""
    with Session(store.engine) as session, session.begin():
        row = session.get(AnalysisRow, (game_id, seat))
        if row is None:
            return
        row.state = "failed" if analysis is None else "done"
        row.analysis = analysis
        row.error = error
        row.updated_at = dt.datetime.now(dt.UTC)


def watch_parent(parent: int) -> None:
    """In a pool process: end as soon as the table's process ``parent`` has gone (killed
    with no time to stop its pool), rather than live on alone."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent watch", daemon=True).start()


def analyse(
    name: str, options: JsonDict, actions: list[str], seat: int, settings: Settings
) -> JsonDict:
    """One analysis, in a pool process: the game loaded by name, the analysis as JSON."""
    return analyse_game(load(name, **options), actions, seat, settings).to_json()


class Analyses:
    """The table's background analyses: a process pool (made on first use) and the tasks
    that wait for it and store what it finds."""

    def __init__(
        self, store: Store, settings: Settings = TABLE_SETTINGS, ray: str | None = None
    ) -> None:
        self.store = store
        self.settings = settings
        self.ray = ray
        self.pool: ProcessPoolExecutor | None = None
        self.cluster: Any = None  # Ray, once joined (``ray``)
        self.joined = False  # whether this table joined it (and so leaves it)
        self.tasks: set[asyncio.Task[None]] = set()

    async def ask(
        self, game_id: str, name: str, options: JsonDict, actions: list[str], seat: int
    ) -> bool:
        """Start ``seat``'s analysis of the finished game (``actions``: its standing
        actions' texts); ``False`` if it was asked for already."""
        if not await asyncio.to_thread(claim, self.store, game_id, seat):
            return False
        task = asyncio.create_task(
            self._run(game_id, name, options, actions, seat), name=f"analysis {game_id}/{seat}"
        )
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return True

    async def _run(
        self, game_id: str, name: str, options: JsonDict, actions: list[str], seat: int
    ) -> None:
        analysis: JsonDict | None = None
        error: str | None = None
        try:
            if self.ray is None:
                analysis = await self._in_pool(name, options, actions, seat)
            else:
                analysis = await self._on_ray(name, options, actions, seat)
        except asyncio.CancelledError:
            raise
        except Exception as failure:  # the row says why; the table goes on
            log.exception("analysis %s/%s failed", game_id, seat)
            error = f"the analysis failed: {failure}"
        await asyncio.to_thread(settle, self.store, game_id, seat, analysis, error)

    async def _in_pool(
        self, name: str, options: JsonDict, actions: list[str], seat: int
    ) -> JsonDict:
        if self.pool is None:
            self.pool = ProcessPoolExecutor(
                POOL_PROCESSES, initializer=watch_parent, initargs=(os.getpid(),)
            )
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(
            self.pool, analyse, name, options, actions, seat, self.settings
        )

    async def _on_ray(
        self, name: str, options: JsonDict, actions: list[str], seat: int
    ) -> JsonDict:
        if self.cluster is None:
            address = None if self.ray == LOCAL_RAY else self.ray
            self.cluster, self.joined = await asyncio.to_thread(connect, address)
        task = self.cluster.remote(analyse)
        analysis: JsonDict = await task.remote(name, options, actions, seat, self.settings)
        return analysis

    def close(self) -> None:
        """Stop: running analyses are dropped (their rows stay ``running``)."""
        for task in self.tasks:
            task.cancel()
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
        if self.joined:
            self.cluster.shutdown()


def require_finished(result: JsonDict | None) -> None:
    """Refuse an analysis of a game not over yet."""
    if result is None:
        raise Conflict("an analysis is made of a finished game: this one is still being played")
