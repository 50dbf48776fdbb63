"""One game at the table: its log, its state rebuilt from the log, and what each seat and
spectator is sent of it. The table composes the parts it is made of, each in its module:
who plays each seat and what each link may see (``seats``: ``Seats.take`` is the one
place a seat changes hands, and re-checks every open connection), the seat lifecycle's
changes (``lifecycle``), the open connections (``connections``), the chance and bot
player (``driver``), the chat (``chat``), replay and its snapshots (``replay``), the
public log of changes at the table and take-backs (``table_log``), and the per-version
caches of what each seat is sent (``views``).

Every change goes through the table's lock: the action is applied to a copy of the state
(so a refusal changes nothing), the entry is written to the database in its own
transaction, and only then is the copy kept and every connection told. The in-memory
state is a cache of the stored log: it is brought up to date when another process
announces an append (``refresh``), when an append loses a race for its number, and after
any database error (the outcome of a failed commit is unknown until the log is read).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from stratagem.bots import Bot
from stratagem.core import CHANCE, TERMINAL, Game, IllegalAction, JsonDict, State
from stratagem.server import seating, takeback
from stratagem.server.chat import CHAT_KEPT, Chat
from stratagem.server.cluster import Solo
from stratagem.server.connections import Connection, Connections
from stratagem.server.driver import Driver
from stratagem.server.errors import Conflict, Invalid, LostRace, NotFound
from stratagem.server.fairness import table_log_lines
from stratagem.server.lifecycle import Lifecycle
from stratagem.server.memory import RULES
from stratagem.server.pace import Turn
from stratagem.server.payloads import (
    BOARDS,
    Sight,
    TableInfo,
    build_payload,
    dumps,
    revealed_hands,
    sight_of,
)
from stratagem.server.presence import Presence
from stratagem.server.replay import Snapshots, replay
from stratagem.server.seating import HUMAN, OPEN, TableChange
from stratagem.server.seats import Seats
from stratagem.server.storage import (
    CHANCE_SEAT,
    Append,
    Entry,
    GameRecord,
    LeaseLost,
    LinkEnded,
    SeatRecord,
    StorageError,
    StorageUnavailable,
    Store,
    standing,
    utc_now,
)
from stratagem.server.table_log import table_lines
from stratagem.server.tokens import token_hash
from stratagem.server.views import Views
from stratagem.server.workers import FairPool
from stratagem.server.writer import Writer

if TYPE_CHECKING:
    from stratagem.server.mail import Reminders

__all__ = ["Connection", "Table", "replay"]


class Table:
    """A game being played; use the ``Hub`` to get one."""

    def __init__(
        self,
        store: Store,
        record: GameRecord,
        *,
        bot_delay: float,
        cluster: Solo,
        writer: Writer,
        workers: FairPool,
        owner: str,
        presence: Presence,
        game: Game | None = None,
        reminders: Reminders | None = None,
        on_finished: Callable[[str], None] | None = None,
    ) -> None:
        self.store = store
        self.on_finished = on_finished
        """Told the game's id once this process has stored the entry that ends it (its
        players' ratings are then updated: ``rating_store``)."""
        self.presence = presence
        """Who is connected to the game, in this process and the others."""
        self.workers = workers
        self.owner = owner
        """The address that created the game: its bots think in that address's share of
        the ``workers`` (``workers.py``)."""
        self.cluster = cluster
        self.writer = writer
        self.game = game or RULES.get(record.game, record.options)
        """The game's rules (``game``: as loaded from ``record`` by its creation)."""
        self.bot_delay = bot_delay
        self.lock = asyncio.Lock()
        self.entries: list[Entry] = []
        self.state: State = self.game.new_initial_state()
        self.connections = Connections()
        self.seats = Seats(self.game, record, self.connections)
        self.chat = Chat(store, writer, record.id, self.game.seat_names, self.connections.notify)
        self.snapshots = Snapshots(self.game)
        self.driver = Driver(self)
        self.lifecycle = Lifecycle(self)
        self._ended: TableChange | None = None
        """The change that ended this two-seat game (a resignation, a loss on time)."""
        self.reminders = reminders
        """Who sends turn reminders (``None``: nobody)."""
        self.turn: Turn | None = record.turn if record.pace is not None else None
        """A timed game's clock, as stored (``pace``; ``None``: untimed)."""
        self._holder: tuple[int, int | None] = (-1, None)
        """The person whose turn it was after the log's first n entries, as (n, seat):
        what an untimed game's reminders compare with (a turn goes on while chance
        plays)."""
        self.standing: list[Entry] = []
        """The log's actions still standing (kept with the log: read after every move)."""
        self.table_log: list[JsonDict] = []
        """The public lines of the log's changes at the table and take-backs."""
        self._counted = 0
        """How many entries of the log ``standing``, ``table_log`` and ``_ended``
        have taken in."""
        self.used = time.monotonic()
        self.changed_at = time.time()
        """When the log last grew, as this process knows it (absent seats are timed from
        it)."""
        self._stale = True
        self._heard: int | None = None
        """The cluster's ``heard`` when the cache last matched the log."""
        self._before: tuple[int, State] = (-1, self.state)
        """The state before the entry numbered here (saves a replay for take-backs)."""
        self.views = Views(self)

    # -- who is asking ------------------------------------------------------------------

    @property
    def record(self) -> GameRecord:
        return self.seats.record

    @property
    def info(self) -> TableInfo:
        return self.seats.info

    @property
    def bots(self) -> dict[int, Bot]:
        return self.seats.bots

    @property
    def open_seats(self) -> list[int]:
        """The seats waiting for a person (the game starts once there are none)."""
        return self.seats.open_seats

    def seat_for(self, token: str | None) -> int | None:
        """Whom ``token`` sees as (``None``: a spectator, or a link whose seat a bot now
        plays); a wrong token is refused."""
        return self.seats.seat_for(token)

    def require_seat(self, token: str | None) -> int:
        """The seat ``token``'s person plays; anyone else is refused."""
        return self.seats.require_seat(token)

    def require_creator(self, token: str | None) -> None:
        """Refuse anyone but the game's creator."""
        self.seats.require_creator(token)

    def still_held(self, link: str | None) -> None:
        """Refuse ``link`` (the token of a request that waited for the table's lock) if
        its seat changed hands meanwhile: the lock's holder may have just ended it."""
        if link is not None:
            self.seats.require_seat(link)

    # -- the log --------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """How many entries the log holds."""
        return len(self.entries)

    @property
    def finished(self) -> bool:
        """Whether the game is over (by its rules, or a side resigned a two-seat game)."""
        return self.state.is_terminal() or self.resigned is not None

    @property
    def resigned(self) -> int | None:
        """The seat whose resignation (or loss on time) ended this two-seat game, if one
        did."""
        return None if self._ended is None else self._ended.seat

    def result(self) -> JsonDict | None:
        """The game's outcome, once it is over."""
        if self._ended is not None:
            return self._ended.result(self.game.seat_names)
        return self.state.result() if self.state.is_terminal() else None

    async def load(self) -> None:
        """Read the whole log and rebuild the state (call with the lock held)."""
        self._heard = self.cluster.heard
        entries = await asyncio.to_thread(self.store.entries, self.record.id)
        if any(entry.kind == "table" for entry in entries):
            record = await asyncio.to_thread(self.store.game, self.record.id)
            if record is not None:
                self.seats.take(record)
        state = await asyncio.to_thread(replay, self.game, entries)
        last = await asyncio.to_thread(self.store.last_change, self.record.id)
        if self.record.pace is not None:  # read after the log: never newer than the clock
            self.turn = await asyncio.to_thread(self.store.turn, self.record.id)
        self._stale = False
        if entries != self.entries:
            self.entries, self.state = entries, state
            self._before = (-1, state)
            self.snapshots.clear()
            self._changed()
        if last is not None:
            self.changed_at = last.timestamp()

    def born(self) -> None:
        """The table of a game being created: its log is empty, as the cache is, so the
        game is played without reading it (its creation answers on its own transaction
        alone, even while the log's table is locked)."""
        self._heard = self.cluster.heard
        self._stale = False
        pace = self.record.pace
        if pace is not None:
            self.turn = Turn().next(self._person_to_act(), utc_now(), pace.per_move)

    async def fresh(self) -> None:
        """Make sure the cache is the log (call with the lock held): after a database
        error or a lost race, read the log again; while this process is deaf to the
        others' appends, or once after it was, take in what they appended (a driver that
        takes a game over must not act on a position another process has left)."""
        if self._stale:
            await self.load()
        elif self._heard is None or self._heard != self.cluster.heard:
            await self._catch_up()

    async def refresh(self, length: int | None = None) -> None:
        """Take in entries another process appended (its announcement said the log now
        holds ``length``); nothing to do when this table has them already."""
        if length is not None and length <= self.version:
            return
        async with self.lock:
            if length is not None and length <= self.version:
                return  # this process's own append, heard before its commit returned
            if self._stale:
                await self.load()
            else:
                await self._catch_up()
        self.kick()

    async def _catch_up(self) -> None:
        """Take in the entries appended after the cached ones (call with the lock held)."""
        self._heard = self.cluster.heard
        new = await asyncio.to_thread(self.store.entries_since, self.record.id, self.version)
        if not new:
            return
        if any(entry.kind != "act" for entry in new) or new[0].seq != self.version:
            await self.load()
            return
        if self.record.pace is not None:  # read after the log: never newer than the clock
            self.turn = await asyncio.to_thread(self.store.turn, self.record.id)
        state = self.state.clone()
        for entry in new:
            if entry is new[-1]:  # the state before the last entry, for a take-back
                self._before = (entry.seq, state.clone())
            state.apply_action(entry.action, seat=None if entry.seat == CHANCE_SEAT else entry.seat)
        self.entries.extend(new)
        self.state = state
        self._extended()

    async def _store(
        self,
        entries: list[Entry],
        state: State,
        *,
        seats: tuple[SeatRecord, ...] = (),
        rematch: GameRecord | None = None,
        over: bool = False,
        driven: bool = False,
        expired: bool = False,
    ) -> None:
        """Write ``entries`` (the step from the cache to ``state``; with ``seats`` stored
        anew, a ``rematch`` noted, or the game ``over`` by resignation), or refuse: another
        writer won the race (409, the cache is read again), or the database is away (503).
        ``driven`` entries, chance's and bots', are written only under the game's lease.
        A timed game's clock is written with them (``expired``: its deadline was just
        enforced); a person's turn that begins with them may be reminded of."""
        player = state.current_player()
        controllers = {seat.seat: seat.controller for seat in self.record.seats}
        controllers.update((seat.seat, seat.controller) for seat in seats)
        waiting = OPEN in controllers.values()
        finished = over or player == TERMINAL or self.finished
        watched = self.record.pace is not None or self._remindable(seats)
        before = after = None
        if watched:
            before = self._turn_holder()
            if finished or waiting:
                after = None
            elif player == CHANCE:
                after = before  # chance plays at once: the turn it comes in goes on
            else:
                after = player if controllers.get(player) == HUMAN else None
        turn = self._next_turn(after, expired=expired, back=entries[-1].kind == "undo")
        append = Append(
            self.record.id,
            tuple(entries),
            finished=finished,
            driver=not finished
            and not waiting
            and (player == CHANCE or controllers.get(player, HUMAN) not in (HUMAN, OPEN)),
            seats=seats,
            rematch=rematch,
            lease=self.cluster.session(self.record.id) if driven else None,
            turn=turn,
        )
        try:
            await self.writer.append(append)
        except StorageUnavailable:
            self._stale = True
            raise
        except LeaseLost as error:
            self._stale = True
            raise Conflict(str(error)) from None
        except StorageError:
            self._stale = True
            raise LostRace(
                "the game moved on while this action was being stored: look again"
            ) from None
        if turn is not None:
            self.turn = turn
        if watched:
            self._holder = (self.version + len(entries), after)
        if after is not None and after != before and self.reminders is not None:
            self.reminders.turn_began(self, after, self.version + len(entries))
        if finished and not self.finished and self.on_finished is not None:
            self.on_finished(self.record.id)

    def _turn_holder(self) -> int | None:
        """The person whose turn it is before the entries being stored: a timed game's
        clock says; an untimed game's is kept from its last store here, else taken from
        the cached state."""
        if self.record.pace is not None:
            return None if self.turn is None else self.turn.seat
        if self._holder[0] == self.version:
            return self._holder[1]
        return self._person_to_act()

    def _next_turn(self, holder: int | None, *, expired: bool, back: bool) -> Turn | None:
        """A timed game's clock once ``holder`` is the person to act (``None``: an
        untimed game, no clock; ``back``: after a take-back)."""
        pace = self.record.pace
        if pace is None:
            return None
        now = utc_now()
        return (self.turn or Turn()).next(holder, now, pace.per_move, expired=expired, back=back)

    def _remindable(self, seats: tuple[SeatRecord, ...]) -> bool:
        """Whether a turn of this untimed game may be reminded of: reminders are sent,
        and a seat is bound to an account (else nothing is looked at: the move path of
        games without accounts stays as it was)."""
        if self.reminders is None or not self.reminders.enabled:
            return False
        bound = {seat.seat: seat.account for seat in self.record.seats}
        bound.update((seat.seat, seat.account) for seat in seats)
        return any(account is not None for account in bound.values())

    def _person_to_act(self) -> int | None:
        """The person whose turn it is in the cached state (``None``: chance, a bot, a
        seat still open, or the game over)."""
        player = self.state.current_player()
        if player < 0 or self.finished or self.open_seats:
            return None
        return player if self.record.seats[player].controller == HUMAN else None

    async def append(self, entries: list[Entry], state: State, *, driven: bool = False) -> None:
        """Store and announce ``entries`` of actions, the step from the cache to ``state``
        (call with the lock held, cache fresh); ``driven``: chance's and bots', written
        under the game's lease."""
        await self._store(entries, state, driven=driven)
        self.entries.extend(entries)
        self.state = state
        self._extended()

    async def commit(self, entry_seat: int, action: str, *, driven: bool = False) -> None:
        """Apply, store and announce one action (call with the lock held, cache fresh);
        ``driven``: a bot's, written under the game's lease."""
        state = self.state.clone()
        state.apply_action(action, seat=None if entry_seat == CHANCE_SEAT else entry_seat)
        entry = Entry(len(self.entries), "act", entry_seat, state.history[-1].text)
        await self._store([entry], state, driven=driven)
        self.entries.append(entry)
        self._before = (entry.seq, self.state)
        self.state = state
        self._extended()

    # -- seats acting ---------------------------------------------------------------------

    async def act(
        self, seat: int, action: str, version: int | None = None, *, link: str | None = None
    ) -> int:
        """``seat`` takes ``action``; returns the new version (the seat's connections are
        sent the new state). Refusals change nothing.

        With ``version`` (the version the seat saw), it is refused if the game has moved
        on since. With ``link`` (the token the request carried), it is refused if the seat
        changed hands while it waited for the table.
        """
        self.used = time.monotonic()
        if version is not None and version > self.version and self.cluster.shared:
            await self.refresh(version)  # the seat heard of a move this process has not yet
        async with self.lock:
            await self.fresh()
            self.still_held(link)
            name = self.game.seat_names[seat]
            if version is not None and version != self.version:
                raise Conflict(
                    f"the game has moved on since version {version} (now {self.version}): "
                    "look again before acting"
                )
            player = self.state.current_player()
            if self.finished:
                raise Conflict(f"{action!r}: the game is over")
            if self.open_seats:
                raise Conflict(f"{action!r}: {self.waiting_for()}")
            if seat in self.bots:
                raise Conflict(f"{action!r}: {name} is played by a bot now")
            if player != seat:
                to_move = "chance" if player == CHANCE else self.game.seat_names[player]
                raise Conflict(f"{action!r}: it is {to_move}'s turn to act, not {name}'s")
            try:
                await self.commit(seat, action)
            except IllegalAction as error:
                raise Invalid(str(error)) from None
            done = self.version
        self.kick()
        return done

    async def take_back(self, seat: int, *, link: str | None = None) -> int:
        """``seat`` withdraws its own last action, if nothing new has come out since
        (``link``: as for ``act``); returns the new version."""
        self.used = time.monotonic()
        async with self.lock:
            await self.fresh()
            self.still_held(link)
            reason = self.takeback_blocker(seat)
            if reason is None:
                reason = await asyncio.to_thread(self._revealed, seat)
            if reason is not None:
                raise Conflict(f"you cannot take back now: {reason}")
            last = self.standing[-1]
            entry = Entry(len(self.entries), "undo", seat, last.action)
            entries = [*self.entries, entry]
            seq, before = self._before
            state = before if seq == last.seq else replay(self.game, entries)
            await self._store([entry], state)
            self.entries, self.state = entries, state
            self._before = (-1, state)
            self.snapshots.drop(len(standing(entries)))
            self._changed()
            done = self.version
        self.kick()
        return done

    def takeback_blocker(self, seat: int) -> str | None:
        """Why ``seat`` may not take back now, from the log's shape alone (who acted and
        when, which every seat sees); ``None`` if it may so far."""
        if self.finished:
            return "the game is over"
        if seat in self.bots:
            return "a bot plays your seat now"
        return takeback.blocker(self.entries, self.standing, seat, self.game.seat_names)

    def _revealed(self, seat: int) -> str | None:
        """Why the seat's last action may not be taken back because it showed the seat
        something it did not know, or ``None``. This replays the action in worlds
        resampled from what the seat knew before it: run off the event loop."""
        stack = self.standing
        seq, before = self._before
        if seq != stack[-1].seq:
            before = replay(self.game, self.entries, len(stack) - 1)
        rng = random.Random(f"{self.record.seed}/takeback/{self.version}")
        if takeback.reveals(before, stack[-1].action, seat, rng):
            return "your last action revealed something you did not know"
        return None

    # -- chance and bots ------------------------------------------------------------------

    def needs_driver(self) -> bool:
        """Whether chance or a bot is to act (or the cache must be read again first); never
        before every seat is taken, nor after a resignation."""
        if self._stale:
            return True
        player = self.state.current_player()
        if player == TERMINAL or self._ended is not None or self.open_seats:
            return False
        return player == CHANCE or player in self.bots

    def kick(self) -> None:
        """Start the task that plays chance and bots, unless it runs or has nothing to do."""
        self.driver.kick()

    @property
    def busy(self) -> bool:
        """Whether anything holds the table in memory: a connection or a running driver."""
        return bool(self.connections) or self.driver.running

    async def close(self) -> None:
        """Stop the chance and bot task and let go of the boards only this table shows."""
        await self.driver.close()
        BOARDS.release(self.record.id)

    # -- what seats see -------------------------------------------------------------------

    def _extended(self) -> None:
        """The state moved on from the cached one by appending: logs grow, the rest is new."""
        self._took_in()
        self.views.extend()
        self.connections.notify()

    def _took_in(self, *, replaced: bool = False) -> None:
        """The log grew (or was ``replaced``): note when, which actions stand, the table
        log's lines, and whether a side resigned, from the new entries alone when it only
        grew."""
        self.changed_at = time.time()
        if replaced:
            self.standing, self._ended, self._counted = [], None, 0
            self.table_log = []
        new = self.entries[self._counted :]
        table_lines(new, self.standing, self.game.seat_names, self.table_log)
        if self._ended is None:
            self._ended = seating.ending(new, self.game.num_players)
        self._counted = len(self.entries)

    async def renamed(self) -> None:
        """Read the seats' record again after an account bound to a seat changed its name
        (it was deleted): every payload is made again with the name now shown."""
        async with self.lock:
            record = await asyncio.to_thread(self.store.game, self.record.id)
            if record is not None:
                self.seats.take(record)
                self._changed()

    def _changed(self) -> None:
        """The state was replaced (a take-back, a reload): every cache starts again."""
        self._took_in(replaced=True)
        self.views.reset()
        self.connections.notify()

    def events(self, seat: int | None) -> list[JsonDict]:
        """The log as ``seat`` may read it now."""
        return self.views.events(seat)

    def sight(self, seat: int | None) -> Sight:
        """What ``seat`` may know now (computed once per version)."""
        return self.views.sight(seat)

    def payload(self, seat: int | None, events_start: int = 0) -> JsonDict:
        """The current payload for ``seat`` (``None``: a spectator)."""
        return self.views.payload(seat, events_start)

    def message(self, seat: int | None, events_start: int = 0) -> str:
        """``payload`` as the JSON text sent, made once per version, seat and start."""
        return self.views.message(seat, events_start)

    # -- replay ---------------------------------------------------------------------------

    def replay_job(self, seat: int | None, step: int) -> Callable[[], JsonDict]:
        """The work that makes the game after its first ``step`` standing actions, as
        ``seat`` saw it then (a running game too: its past, each seat's own view of it), to
        be run on a worker: it reads a copy of the log taken now, under the table's lock.
        A finished game's replay also shows every seat's hand and secrets at that step,
        since all is open once it is over. ``NotFound`` (now) for a step the game does not have."""
        steps = len(self.standing)
        if not 0 <= step <= steps:
            raise NotFound(f"this game has steps 0 to {steps}, not {step}")
        entries, generation = list(self.entries), self.snapshots.generation
        info, finished, seed = self.info, self.finished, self.record.seed
        game, table = self.record.game, self.record.id

        def job() -> JsonDict:
            state = self.snapshots.state(entries, step, generation)
            sight = sight_of(game, state, seat, table=table, playing=False)
            payload = build_payload(
                info,
                sight,
                state.visible_events(seat),
                version=steps,
                step=step,
                seed=seed if finished else None,
            )
            payload["live"] = not finished
            if finished:
                payload["revealed"] = revealed_hands(state)
            return payload

        return job

    def log_text(self) -> str:
        """The finished game's log as ``stratagem replay`` reads and checks it (the seed
        is in it, so it is refused while the game runs)."""
        result = self.result()
        if result is None:
            raise Conflict(
                "the log, with the chance seed that lets anyone check the deal, is given "
                "once the game is over"
            )
        return table_log_lines(self.record, self.entries, result)

    # -- changes at the table -------------------------------------------------------------

    def waiting_for(self) -> str:
        """Which open seats the game waits for, in words."""
        names = ", ".join(self.game.seat_names[seat] for seat in self.open_seats)
        return f"the game starts once every seat is taken (open: {names})"

    async def change(
        self,
        change: TableChange,
        seats: tuple[SeatRecord, ...] = (),
        *,
        rematch: GameRecord | None = None,
        expired: bool = False,
    ) -> None:
        """Store one table change (call with the lock held, cache fresh), with the
        ``rematch`` game it notes created in its transaction (``expired``: it enforces
        the clock's deadline). The seats are taken in, and every open connection's link
        checked again, before the new version is announced: a link that lost its seat is
        sent nothing of it any more."""
        entry = change.entry(len(self.entries))
        await self._store(
            [entry],
            self.state,
            seats=seats,
            rematch=rematch,
            over=change.ends(self.game.num_players),
            expired=expired,
        )
        self.seats.replace(seats)
        self.entries.append(entry)
        self._extended()

    # -- chat -----------------------------------------------------------------------------

    async def read_chat(self) -> None:
        """Read the chat, if not yet."""
        await self.chat.read()

    async def refresh_chat(self, length: int | None) -> None:
        """Take in chat lines another process wrote (``None``: whatever is new)."""
        await self.chat.refresh(length)

    async def say(self, token: str | None, text: str) -> None:
        """Add a line to the chat as whom ``token`` sees as (``None``: a spectator's). That
        is decided under the table's lock, where every change of who holds a seat is made,
        and a seat's line is checked against the stored seat as it is written (a change
        made by another process, not heard of yet): a link that has lost its seat never
        signs a line as that seat."""
        async with self.lock:
            seat = self.seat_for(token)
            link = token_hash(token) if seat is not None and token else None
            try:
                await self.chat.say(seat, text, link)
            except LinkEnded:
                self._stale = True  # another process changed the seat: read it again
                name = self.game.seat_names[seat] if seat is not None else "the seat"
                raise Conflict(
                    f"{name} changed hands before this line was said: it was not said, look again"
                ) from None

    # -- connections ----------------------------------------------------------------------

    def connect(self, token: str | None) -> Connection:
        """A new connection opened with ``token`` (``None``: a spectator's), seeing as
        its link does now, marked to be sent the current state at once."""
        self.used = time.monotonic()
        credential = None if not token else token_hash(token)
        return self.connections.add(credential, self.seats.sight_of)

    def disconnect(self, connection: Connection) -> None:
        """Forget a closed connection."""
        self.connections.discard(connection)
        self.used = time.monotonic()

    def next_messages(self, connection: Connection) -> list[str]:
        """What ``connection`` is owed now: why its link ended (then nothing else), why
        it sees as someone else now, the change to its state if the game moved (the whole
        state when it has none), and the chat lines it has not had."""
        connection.dirty.clear()
        if connection.ended is not None:
            return [dumps({"type": "error", "detail": connection.ended})]
        texts = []
        if connection.notice is not None:
            seat = connection.seat
            name = None if seat is None else self.game.seat_names[seat]
            texts.append(dumps({"type": "seat", "seat": name, "detail": connection.notice}))
            connection.notice = None
        if connection.sent_version != self.views.epoch:
            texts.append(self.views.update(connection))
        chat = len(self.chat)
        if connection.known_chat < chat:
            start = max(connection.known_chat, chat - CHAT_KEPT, 0)
            texts.append(self.chat.message(start))
            connection.known_chat = chat
        return texts
