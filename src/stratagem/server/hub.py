"""The hub: creates games and keeps the tables being played, one per game, in memory.

A table is loaded from the database on first use; its state is always rebuilt from the
stored log, never taken on trust (a game being created starts from its record alone: its
log is empty, and its creation is answered by its one transaction). A supervisor looks
after the tables once a second: it (re)starts the chance and bot player of every game
waiting for chance or a bot (after a database outage, or when the process that played
them died), reads again the logs it heard of but could not read then, unloads the tables
nobody has used for a while, applies the consequence of every timed game's clock run out
(``clocks.py``), and writes this process's presence heartbeat (``presence.py``). A game
whose record cannot be read is set aside with one log line; the other games go on.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime as dt
import logging
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass

from stratagem.bots import bot_names
from stratagem.core import Game, OptionError, available_games, options_model
from stratagem.core.options import is_choice
from stratagem.server import clocks
from stratagem.server.cluster import Solo
from stratagem.server.errors import Invalid, NotFound, Unreadable
from stratagem.server.fairness import game_seed
from stratagem.server.mail import MailSettings, Reminders
from stratagem.server.memory import RULES
from stratagem.server.pace import Pace
from stratagem.server.presence import Presence
from stratagem.server.rating_store import RatingStore
from stratagem.server.seating import HUMAN, OPEN
from stratagem.server.storage import (
    GameRecord,
    SeatRecord,
    StorageUnavailable,
    Store,
)
from stratagem.server.table import Table
from stratagem.server.tokens import new_game_id, new_token, token_hash
from stratagem.server.workers import Workers
from stratagem.server.writer import Writer

FORBIDDEN_OPTIONS = ("players", "data")
"""Options the web may not set: the player count has its own field, and ``data`` names a
folder on the server."""
PATH_MARKS = ("/", "\\", "~")
"""A text option holding one of these (or starting with a dot) would name a file on the
server (e.g. a Tercios army given as a file): the web may only name what a game ships."""
SWEEP = 1.0
"""Seconds between two rounds of the supervisor."""
IDLE = 600.0
"""Seconds after which a table with no connection and nothing to play is unloaded."""
UNATTENDED = dt.timedelta(seconds=5)
"""Among several processes, how long a game waiting for chance or a bot must have had no
new entry before another process's sweep takes it up (its own process plays chance within
milliseconds and a bot within its delay and thinking time). Taking up every game seen
waiting for an instant made each process follow the others' games, reading their logs at
every move: two processes served fewer moves than one. The first sweep after a start takes
up every waiting game."""
GRADE_EVERY = 30
"""Rounds of the supervisor between two looks for finished games nobody graded (the first
round looks)."""
log = logging.getLogger(__name__)


def _path_like(value: object) -> bool:
    texts = value if isinstance(value, list) else [value]
    return any(
        isinstance(text, str) and (text.startswith(".") or any(m in text for m in PATH_MARKS))
        for text in texts
    )


StoreWith = Callable[[GameRecord, dict[int, str]], Awaitable[None]]
"""Stores a new game's record, given its seats' tokens, in a transaction of its own."""


@dataclass(frozen=True, slots=True)
class NewGame:
    """A created game: its id, the secret token of each human seat and the creator's
    (shown once)."""

    id: str
    tokens: dict[int, str]
    creator: str


class Hub:
    """All tables of one server process."""

    def __init__(
        self,
        store: Store,
        bot_delay: float = 0.0,
        cluster: Solo | None = None,
        idle: float = IDLE,
        workers: Workers | None = None,
        *,
        mail: MailSettings | None = None,
    ) -> None:
        self.store = store
        self.workers = workers or Workers.make()
        self.owners: dict[str, str] = {}
        """The address that created each game loaded here (its bots think in that
        address's share of the workers); a game loaded without one is its own owner."""
        self.bot_delay = bot_delay
        self.cluster = cluster or Solo()
        self.idle = idle
        self.writer = Writer(store)
        self.tables: dict[str, Table] = {}
        self.unloaded = 0
        """Tables unloaded so far (``memory.Trimmer`` gives their memory back)."""
        self.presence = Presence(store, self.tables, shared=self.cluster.shared and store.postgres)
        self.reminders = Reminders(store, self.presence, mail or MailSettings(host=None))
        """Turn reminders by e-mail (``mail``; off without an SMTP host)."""
        self.ratings = RatingStore(store)
        """Grades each finished game once: its players' ratings (``rating_store``)."""
        self._rounds = 0
        self._grading: set[asyncio.Task[None]] = set()
        self._ungradable: set[str] = set()
        """Finished games whose grading failed otherwise than by the database (logged once)."""
        self.set_aside: dict[str, str] = {}
        """Games whose record could not be read, with the reason (logged once)."""
        self._loading = asyncio.Lock()
        self._supervisor: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[None]] = set()
        self._behind: set[str] = set()
        self._swept = False
        """Whether a sweep has run (the first takes up every waiting game)."""
        """Games another process appended to whose log could not be read then: the
        supervisor reads them again."""

    async def create(
        self,
        game: str,
        players: int | None,
        options: dict[str, object],
        controllers: list[str] | None,
        seed: int | None,
        *,
        public: bool = False,
        hand_over_after: int = 600,
        owner: str | None = None,
        accounts: Mapping[int, tuple[str, str]] | None = None,
        pace: Pace | None = None,
        rated: bool = False,
        store_with: StoreWith | None = None,
    ) -> NewGame:
        """Create and store a game; refuses unknown games, bad options, seats or bots, and
                a chosen seed when a person is seated (chance must be unforeseeable to them). A
                seat may be left ``open`` for a person to take; a ``public`` game with open seats
                is listed in the lobby. ``owner``: the client address that asks (its games' bots
        share a bounded part of the workers). ``accounts``: the accounts (id, name) bound to
        seats: a person's seat is theirs, an open one kept for them. ``pace``: a timed
        game's (``None``: untimed). ``rated``: the players' ratings count it
        (``ratings``). ``store_with``: stores the game's record, given the seats' tokens,
        in a transaction of its own making (the matchmaker's)."""
        names = [info.name for info in available_games()]
        if game not in names:
            raise Invalid(f"no game named {game!r}; games: {', '.join(names)}")
        for key in FORBIDDEN_OPTIONS:
            if key in options:
                where = "use the 'players' field" if key == "players" else "not from the web"
                raise Invalid(f"option {key!r} cannot be set here ({where})")
        model = options_model(game)
        for key, value in options.items():
            if _path_like(value) and not is_choice(model, key, value):
                raise Invalid(
                    f"option {key!r}: {value!r} looks like a file on the server; "
                    "from the web, name only what the game ships"
                )
        try:
            loaded = RULES.get(game, options, players=players, strict=True)
        except OptionError as error:
            raise Invalid(str(error)) from None
        count = loaded.num_players
        chosen = controllers or [HUMAN] * count
        if len(chosen) != count:
            raise Invalid(f"{game} with {count} players has {count} seats, not {len(chosen)}")
        allowed = [HUMAN, OPEN, *bot_names(game)]
        for index, controller in enumerate(chosen):
            if controller not in allowed:
                raise Invalid(
                    f"seat {loaded.seat_names[index]}: {controller!r} is not one of "
                    f"{', '.join(allowed)}"
                )
        bound = accounts or {}
        for index in bound:
            if chosen[index] not in (HUMAN, OPEN):
                raise Invalid(f"seat {loaded.seat_names[index]} is a bot's: no person to bind")
        tokens = {index: new_token() for index, kind in enumerate(chosen) if kind == HUMAN}
        creator = new_token()
        record = GameRecord(
            id=new_game_id(),
            game=game,
            options=dict(loaded.options),
            seed=game_seed(seed, chosen, loaded.seat_names),
            seats=tuple(
                SeatRecord(
                    index,
                    name,
                    chosen[index],
                    token_hash(tokens[index]) if index in tokens else None,
                    None,
                    *bound.get(index, (None, None)),
                )
                for index, name in enumerate(loaded.seat_names)
            ),
            public=public,
            creator_hash=token_hash(creator),
            hand_over_after=hand_over_after,
            pace=pace,
            rated=rated,
        )
        table, stored = self._new_table(record, owner, loaded)
        if store_with is None:
            await self.writer.create(stored)
        else:
            await store_with(stored, tokens)
        self._take_in(table, owner)
        return NewGame(record.id, tokens, creator)

    def _make(self, record: GameRecord, owner: str | None, game: Game | None = None) -> Table:
        """A table of ``record``'s game (its log not read yet; ``game``: its rules, loaded
        already)."""
        return Table(
            self.store,
            record,
            bot_delay=self.bot_delay,
            cluster=self.cluster,
            writer=self.writer,
            workers=self.workers.bots,
            owner=owner or record.id,
            presence=self.presence,
            game=game,
            reminders=self.reminders,
            on_finished=self.grade_soon,
        )

    def _new_table(
        self, record: GameRecord, owner: str | None, game: Game | None = None
    ) -> tuple[Table, GameRecord]:
        """The table of a game about to be stored, made from its record alone (a new
        game's log is empty): what a creation answers is then its one transaction's
        outcome, stored and playing, or (the database away) not stored at all. With it,
        the record to store, which says whether chance or a bot is to act first."""
        table = self._make(record, owner, game)
        table.born()
        return table, dataclasses.replace(record, driver=table.needs_driver(), turn=table.turn)

    def _take_in(self, table: Table, owner: str | None) -> None:
        """Keep a new game's table, stored now, and let its chance and bots play."""
        if owner is not None:
            self.owners[table.record.id] = owner
        self.tables.setdefault(table.record.id, table).kick()

    async def rematch(self, old: Table, seat: int | None, *, swapped: bool = False) -> str:
        """A new game of ``old``'s seats and options (a new secret seed; each person's
        seat keeps its secret, so each old page can open the new game with its own
        link); the new game's id. Asked by a seat (or the creator: ``seat`` is ``None``);
        refused until the game is over, and once it has a rematch. ``swapped``: whoever
        played seat n (a person or a bot) plays seat n+1, the last the first; with two
        seats the sides change places."""
        first = old.record
        held = first.seats[-1:] + first.seats[:-1] if swapped else first.seats
        record = GameRecord(
            id=new_game_id(),
            game=first.game,
            options=dict(first.options),
            seed=game_seed(None, ()),  # a fresh secret seed
            seats=tuple(
                SeatRecord(
                    seat.seat,
                    seat.name,
                    HUMAN,
                    holder.token_hash,
                    None,
                    holder.account,
                    holder.player,
                )
                if holder.token_hash is not None
                else SeatRecord(seat.seat, seat.name, holder.controller, None)
                for seat, holder in zip(first.seats, held, strict=True)
            ),
            creator_hash=first.creator_hash,
            hand_over_after=first.hand_over_after,
            pace=first.pace,
            rated=first.rated,
        )
        table, stored = self._new_table(record, old.owner)
        # the new game is stored with the note, in one transaction (refused if another
        # rematch was made meanwhile: that one stands)
        await old.lifecycle.note_rematch(-1 if seat is None else seat, stored)
        self._take_in(table, old.owner)
        return record.id

    async def table(self, game_id: str) -> Table:
        """The table of ``game_id``, loaded and synced with its log; ``NotFound`` if none,
        ``Unreadable`` if its record cannot be replayed, ``StorageUnavailable`` if the
        database is away."""
        table = self.tables.get(game_id)
        if table is None:
            if game_id in self.set_aside:
                raise Unreadable(game_id)
            async with self._loading:
                table = self.tables.get(game_id)
                if table is None:
                    table = await self._load(game_id)
                    self.tables[game_id] = table
        table.used = time.monotonic()  # asked for: not idle (the supervisor keeps it)
        return table

    async def _load(self, game_id: str) -> Table:
        record = await asyncio.to_thread(self.store.game, game_id)
        if record is None:
            raise NotFound(f"no game {game_id!r} at this table")
        try:
            table = self._make(record, self.owners.get(game_id))
            async with table.lock:
                await table.load()
        except StorageUnavailable:
            raise
        except Exception as error:  # a record the rules refuse must not stop the others
            reason = " ".join(f"{type(error).__name__}: {error}".split())  # one line
            self.set_aside[game_id] = reason
            log.error(
                "game %s set aside: its stored record cannot be replayed (%s)", game_id, reason
            )
            raise Unreadable(game_id) from None
        return table

    async def renamed(self, game_ids: Iterable[str]) -> None:
        """The tables of ``game_ids`` loaded in this process show their seats' names as
        stored now (an account was deleted: "deleted player"). Another process shows it
        from its next reading of the game's record (``docs/DECISIONS.md``)."""
        for game_id in set(game_ids):
            table = self.tables.get(game_id)
            if table is not None:
                await table.renamed()

    async def start(self) -> None:
        """Start playing: every game waiting for chance or a bot goes on, the supervisor
        runs, and appends by other processes are heard."""
        await self.cluster.start(self._heard)
        await self.sweep()
        self._supervisor = asyncio.create_task(self._supervise(), name="stratagem supervisor")

    async def _heard(self, game_id: str, what: str, length: int) -> None:
        """Another process appended to ``game_id``'s log or chat (``length < 0``: appends
        may have been missed, bring every table up to date)."""
        tables = list(self.tables.values()) if length < 0 else [self.tables.get(game_id)]
        for table in tables:
            if table is not None:
                task = asyncio.create_task(
                    self._refresh(table, what, None if length < 0 else length)
                )
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)

    async def _refresh(self, table: Table, what: str, length: int | None) -> None:
        try:
            if what == "chat":
                await table.refresh_chat(length)
            else:
                await table.refresh(length)
                if length is None:  # chat lines may have been missed too
                    await table.refresh_chat(None)
        except StorageUnavailable:
            self._behind.add(table.record.id)  # the supervisor catches up later

    async def _supervise(self) -> None:
        while True:
            await asyncio.sleep(SWEEP)
            try:
                await self.sweep()
            except StorageUnavailable as error:
                log.warning("supervisor: %s", error)
            except Exception:
                log.exception("supervisor round failed")

    async def sweep(self) -> int:
        """One round of the supervisor; how many games wait for chance or a bot."""
        for game_id in list(self._behind):
            behind = self.tables.get(game_id)
            if behind is not None:
                await behind.refresh()
            self._behind.discard(game_id)
        quiet = UNATTENDED if self.cluster.shared and self._swept else None
        waiting = await asyncio.to_thread(self.store.needing_driver, quiet)
        self._swept = True
        for game_id in waiting:
            if game_id in self.set_aside:
                continue
            with contextlib.suppress(Unreadable, NotFound):
                await self.table(game_id)
        for table in list(self.tables.values()):
            table.kick()
        await clocks.enforce(self.store, self.table, self.set_aside)
        now = time.monotonic()
        for game_id, table in list(self.tables.items()):
            if not table.busy and not table.needs_driver() and now - table.used > self.idle:
                del self.tables[game_id]
                self.owners.pop(game_id, None)
                await table.close()
                self.unloaded += 1
        if self._rounds % GRADE_EVERY == 0:
            await self.grade_missed()
        self._rounds += 1
        await self.presence.beat()
        return len(waiting)

    def grade_soon(self, game_id: str) -> None:
        """Grade a game whose end this process has just stored (off the event loop)."""
        task = asyncio.create_task(self._grade(game_id))
        self._grading.add(task)
        task.add_done_callback(self._grading.discard)

    async def _grade(self, game_id: str) -> None:
        try:
            await asyncio.to_thread(self.ratings.grade, game_id)
        except StorageUnavailable as error:  # the sweep grades it later
            log.warning("game %s not graded yet: %s", game_id, error)
        except Exception:
            log.exception("game %s could not be graded", game_id)

    async def grade_missed(self) -> int:
        """Grade every finished game left ungraded (its process died before, or the
        database was away); how many this call graded."""
        missed = await asyncio.to_thread(self.ratings.ungraded)
        done = 0
        for game_id in missed:
            if game_id in self._ungradable:
                continue
            try:
                done += await asyncio.to_thread(self.ratings.grade, game_id)
            except StorageUnavailable:
                raise
            except Exception:
                self._ungradable.add(game_id)
                log.exception("game %s could not be graded", game_id)
        return done

    async def close(self) -> None:
        """Stop the supervisor, every table's chance and bot task, and listening."""
        if self._supervisor is not None:
            self._supervisor.cancel()
            await asyncio.gather(self._supervisor, return_exceptions=True)
        await asyncio.gather(*(table.close() for table in self.tables.values()))
        await self.reminders.close()
        await asyncio.gather(*self._grading, return_exceptions=True)
        await self.presence.beat(leaving=True)
        await self.cluster.close()
        await asyncio.to_thread(self.writer.close)
        self.workers.close()
