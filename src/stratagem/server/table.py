"""One game at the table: its log, its state rebuilt from the log, its seats' connections
and the task that plays its chance and bot seats.

Every change goes through the table's lock: the action is applied to a copy of the state
(so a refusal changes nothing), the entry is written to the database in its own
transaction, and only then is the copy kept and every connection told. The in-memory
state is a cache of the stored log: it is brought up to date when another process
announces an append (``refresh``), when an append loses a race for its number, and after
any database error (the outcome of a failed commit is unknown until the log is read).

What a seat receives is cut from its ``Sight`` of the current state and its readable log,
each computed once per version and shared by every connection of that seat.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from stratagem.bots import Bot, make_bot
from stratagem.core import CHANCE, TERMINAL, Game, IllegalAction, JsonDict, State, load
from stratagem.server import takeback
from stratagem.server.cluster import Solo
from stratagem.server.errors import Conflict, Forbidden, Invalid, NotFound
from stratagem.server.fairness import commitment, table_log_lines
from stratagem.server.payloads import Sight, TableInfo, build_payload, dumps, sight_of
from stratagem.server.storage import (
    CHANCE_SEAT,
    Append,
    Entry,
    GameRecord,
    StorageError,
    StorageUnavailable,
    Store,
    standing,
)
from stratagem.server.tokens import seat_of_token
from stratagem.server.writer import Writer
from stratagem.sim import bot_rng, table_chance_rng

HUMAN = "human"
BURST = 64
"""Chance outcomes (and bot moves, when bots do not wait) written in one transaction: none
of them is shown to anybody before all are stored."""
RETRY_FIRST = 0.2
RETRY_MOST = 5.0
"""Seconds the chance and bot player waits after a database error: doubling, at most."""
log = logging.getLogger(__name__)


def replay(game: Game, entries: Sequence[Entry], steps: int | None = None) -> State:
    """The state after the standing actions of ``entries`` (the first ``steps`` of them)."""
    state = game.new_initial_state()
    actions = standing(entries)
    for entry in actions if steps is None else actions[:steps]:
        state.apply_action(entry.action, seat=None if entry.seat == CHANCE_SEAT else entry.seat)
    return state


@dataclass(eq=False)
class Connection:
    """One open websocket: who it sees as, and how many of its seat's events it has."""

    seat: int | None
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    known_events: int = 0


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
    ) -> None:
        self.store = store
        self.cluster = cluster
        self.writer = writer
        self.record = record
        self.game = load(record.game, **record.options)
        self.bot_delay = bot_delay
        self.info = TableInfo(
            id=record.id,
            game=record.game,
            title=self.game.info.title,
            seats=tuple((seat.name, seat.controller) for seat in record.seats),
            commitment=commitment(record.id, record.seed),
        )
        self.lock = asyncio.Lock()
        self.entries: list[Entry] = []
        self.state: State = self.game.new_initial_state()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Bot] = {
            seat.seat: make_bot(seat.controller, self.game, bot_rng(record.seed, seat.seat))
            for seat in record.seats
            if seat.controller != HUMAN
        }
        self.used = time.monotonic()
        self._driver: asyncio.Task[None] | None = None
        self._stale = True
        self._before: tuple[int, State] = (-1, self.state)
        """The state before the entry numbered here (saves a replay for take-backs)."""
        self._reset_caches()

    # -- who is asking ------------------------------------------------------------------

    def seat_for(self, token: str | None) -> int | None:
        """The seat of ``token`` (``None``: a spectator); a wrong token is refused."""
        if token is None or token == "":
            return None
        seat = seat_of_token(token, ((s.seat, s.token_hash) for s in self.record.seats))
        if seat is None:
            raise Forbidden(f"this link's token matches no seat of game {self.record.id}")
        return seat

    def require_seat(self, token: str | None) -> int:
        """The seat of ``token``; spectators and wrong tokens are refused."""
        seat = self.seat_for(token)
        if seat is None:
            raise Forbidden("only a seat's own link may act: this request carries no token")
        return seat

    # -- the log --------------------------------------------------------------------------

    @property
    def version(self) -> int:
        """How many entries the log holds."""
        return len(self.entries)

    @property
    def finished(self) -> bool:
        """Whether the game is over."""
        return self.state.is_terminal()

    async def load(self) -> None:
        """Read the whole log and rebuild the state (call with the lock held)."""
        entries = await asyncio.to_thread(self.store.entries, self.record.id)
        state = await asyncio.to_thread(replay, self.game, entries)
        self._stale = False
        if entries != self.entries:
            self.entries, self.state = entries, state
            self._before = (-1, state)
            self._changed()

    async def fresh(self) -> None:
        """Make sure the cache is the log (call with the lock held): after a database
        error or a lost race, read the log again."""
        if self._stale:
            await self.load()

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
                return
            new = await asyncio.to_thread(self.store.entries_since, self.record.id, self.version)
            if not new:
                return
            if any(entry.kind == "undo" for entry in new) or new[0].seq != self.version:
                await self.load()
                return
            state = self.state.clone()
            for entry in new:
                if entry is new[-1]:  # the state before the last entry, for a take-back
                    self._before = (entry.seq, state.clone())
                state.apply_action(
                    entry.action, seat=None if entry.seat == CHANCE_SEAT else entry.seat
                )
            self.entries.extend(new)
            self.state = state
            self._extended()
        self.kick()

    async def _store(self, entries: list[Entry], state: State) -> None:
        """Write ``entries`` (the step from the cache to ``state``), or refuse: another
        writer won the race (409, the cache is read again), or the database is away (503)."""
        player = state.current_player()
        append = Append(
            self.record.id,
            tuple(entries),
            finished=player == TERMINAL,
            driver=player == CHANCE or player in self.bots,
        )
        try:
            await self.writer.append(append)
        except StorageUnavailable:
            self._stale = True
            raise
        except StorageError:
            self._stale = True
            raise Conflict(
                "the game moved on while this action was being stored: look again"
            ) from None

    async def _commit(self, entry_seat: int, action: str) -> None:
        """Apply, store and announce one action (call with the lock held, cache fresh)."""
        state = self.state.clone()
        state.apply_action(action, seat=None if entry_seat == CHANCE_SEAT else entry_seat)
        entry = Entry(len(self.entries), "act", entry_seat, state.history[-1].text)
        await self._store([entry], state)
        self.entries.append(entry)
        self._before = (entry.seq, self.state)
        self.state = state
        self._extended()

    # -- seats acting ---------------------------------------------------------------------

    async def act(self, seat: int, action: str, version: int | None = None) -> str:
        """``seat`` takes ``action``; returns its new payload's text. Refusals change nothing.

        With ``version`` (the version the seat saw), the payload carries only the events
        that came after it; without, all of them.
        """
        self.used = time.monotonic()
        if version is not None and version > self.version and self.cluster.shared:
            await self.refresh(version)  # the seat heard of a move this process has not yet
        async with self.lock:
            await self.fresh()
            name = self.game.seat_names[seat]
            if version is not None and version != self.version:
                raise Conflict(
                    f"the game has moved on since version {version} (now {self.version}): "
                    "look again before acting"
                )
            player = self.state.current_player()
            known = len(self.events(seat)) if version is not None else 0
            if player == TERMINAL:
                raise Conflict(f"{action!r}: the game is over")
            if player != seat:
                to_move = "chance" if player == CHANCE else self.game.seat_names[player]
                raise Conflict(f"{action!r}: it is {to_move}'s turn to act, not {name}'s")
            try:
                await self._commit(seat, action)
            except IllegalAction as error:
                raise Invalid(str(error)) from None
            text = self.message(seat, known)
        self.kick()
        return text

    async def take_back(self, seat: int) -> str:
        """``seat`` withdraws its own last action, if nothing new has come out since."""
        self.used = time.monotonic()
        async with self.lock:
            await self.fresh()
            reason = self.takeback_blocker(seat)
            if reason is None:
                reason = await asyncio.to_thread(self._revealed, seat)
            if reason is not None:
                raise Conflict(f"you cannot take back now: {reason}")
            last = standing(self.entries)[-1]
            entry = Entry(len(self.entries), "undo", seat, last.action)
            entries = [*self.entries, entry]
            seq, before = self._before
            state = before if seq == last.seq else replay(self.game, entries)
            await self._store([entry], state)
            self.entries, self.state = entries, state
            self._before = (-1, state)
            self._changed()
            text = self.message(seat)
        self.kick()
        return text

    def takeback_blocker(self, seat: int) -> str | None:
        """Why ``seat`` may not take back now, from the log's shape alone (who acted and
        when, which every seat sees); ``None`` if it may so far."""
        if self.state.is_terminal():
            return "the game is over"
        return takeback.blocker(self.entries, seat, self.game.seat_names)

    def _revealed(self, seat: int) -> str | None:
        """Why the seat's last action may not be taken back because it showed the seat
        something it did not know, or ``None``. This replays the action in worlds
        resampled from what the seat knew before it: run off the event loop."""
        stack = standing(self.entries)
        seq, before = self._before
        if seq != stack[-1].seq:
            before = replay(self.game, self.entries, len(stack) - 1)
        rng = random.Random(f"{self.record.seed}/takeback/{self.version}")
        if takeback.reveals(before, stack[-1].action, seat, rng):
            return "your last action revealed something you did not know"
        return None

    # -- chance and bots ------------------------------------------------------------------

    def needs_driver(self) -> bool:
        """Whether chance or a bot is to act (or the cache must be read again first)."""
        player = self.state.current_player()
        return player != TERMINAL and (player == CHANCE or player in self.bots or self._stale)

    def kick(self) -> None:
        """Start the task that plays chance and bots, unless it runs or has nothing to do."""
        if self._driver is not None and not self._driver.done():
            return
        if not self.needs_driver():
            return
        self._driver = asyncio.create_task(self._drive(), name=f"table {self.record.id}")

    async def _drive(self) -> None:
        """Play chance and bots under the game's lease, until a person is to act."""
        while await self.cluster.claim(self.record.id):
            try:
                settled = await self._run()
            finally:
                await self.cluster.release(self.record.id)
            if not settled or not self.needs_driver():
                return  # else something came in while the lease was being let go

    async def _run(self) -> bool:
        """Play chance and bots until a person is to act (``True``); a database error is
        waited out (doubling pauses), any other error ends the run with one log line
        (``False``: the hub's supervisor starts it again)."""
        pause = RETRY_FIRST
        while True:
            try:
                # had another process moved before the lease was taken, and its NOTIFY not
                # yet been heard, the first append would lose its race: the log is then
                # read again and the step played anew (no read of the log before each run)
                if not await self._step():
                    return True
                pause = RETRY_FIRST
            except asyncio.CancelledError:
                raise
            except (StorageUnavailable, Conflict) as error:
                log.warning("table %s: %s; trying again in %.1f s", self.record.id, error, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, RETRY_MOST)
                if not await self.cluster.claim(self.record.id):
                    return False  # the lease was lost with its connection: another drives
            except Exception:
                log.exception("table %s: the chance and bot player stopped", self.record.id)
                return False

    async def _step(self) -> bool:
        """Play chance, or a bot; ``False`` when a person is to act or the game is over."""
        async with self.lock:
            await self.fresh()
            if not self.needs_driver():
                return False
            player = self.state.current_player()
            if player == CHANCE or self.bot_delay == 0:
                state = self.state.clone()
                entries = await asyncio.to_thread(self._burst, state, self.version)
                await self._store(entries, state)
                self.entries.extend(entries)
                self.state = state
                self._extended()
                return True
            snapshot, version = self.state.clone(), self.version
        await asyncio.sleep(self.bot_delay)
        action = await asyncio.to_thread(self.bots[player].choose, snapshot, player)
        async with self.lock:
            await self.fresh()
            if self.version == version:
                await self._commit(player, action.text)
        return True

    def _burst(self, state: State, version: int) -> list[Entry]:
        """Chance outcomes (and bot moves, when bots do not wait) played on ``state`` from
        ``version`` on, until a person is to act, the game ends or ``BURST`` are made."""
        entries: list[Entry] = []
        while len(entries) < BURST:
            player = state.current_player()
            seq = version + len(entries)
            if player == CHANCE:
                state.apply_action(state.sample_chance(table_chance_rng(self.record.seed, seq)))
            elif player in self.bots and self.bot_delay == 0:
                state.apply_action(self.bots[player].choose(state, player), seat=player)
            else:
                break
            seat = CHANCE_SEAT if player == CHANCE else player
            entries.append(Entry(seq, "act", seat, state.history[-1].text))
        return entries

    @property
    def busy(self) -> bool:
        """Whether anything holds the table in memory: a connection or a running driver."""
        return bool(self.connections) or (self._driver is not None and not self._driver.done())

    async def close(self) -> None:
        """Stop the chance and bot task."""
        if self._driver is not None:
            self._driver.cancel()
            await asyncio.gather(self._driver, return_exceptions=True)

    # -- what seats see -------------------------------------------------------------------

    def _reset_caches(self) -> None:
        self._logs: dict[int | None, list[JsonDict]] = {}
        self._raw = len(self.state.events)
        """How many of the state's events the kept logs have taken in."""
        self._sights: dict[int | None, Sight] = {}
        self._texts: dict[tuple[int | None, int], str] = {}

    def _extended(self) -> None:
        """The state moved on from the cached one by appending: logs grow, the rest is new."""
        raw = len(self.state.events)
        for seat, events in self._logs.items():
            events.extend(self.state.visible_events(seat, self._raw))
        self._raw = raw
        self._sights.clear()
        self._texts.clear()
        self._notify()

    def _changed(self) -> None:
        """The state was replaced (a take-back, a reload): every cache starts again."""
        self._reset_caches()
        for connection in self.connections:
            connection.known_events = 0  # its log may differ anywhere: send it whole
        self._notify()

    def events(self, seat: int | None) -> list[JsonDict]:
        """The log as ``seat`` may read it now (kept and extended, not rebuilt)."""
        events = self._logs.get(seat)
        if events is None:
            events = self._logs[seat] = self.state.visible_events(seat)
        return events

    def sight(self, seat: int | None) -> Sight:
        """What ``seat`` may know now (computed once per version)."""
        sight = self._sights.get(seat)
        if sight is None:
            sight = self._sights[seat] = sight_of(self.record.game, self.state, seat)
        return sight

    def payload(self, seat: int | None, events_start: int = 0) -> JsonDict:
        """The current payload for ``seat`` (``None``: a spectator)."""
        return build_payload(
            self.info,
            self.sight(seat),
            self.events(seat),
            version=self.version,
            events_start=events_start,
            can_take_back=seat is not None and self.takeback_blocker(seat) is None,
            seed=self.record.seed if self.finished else None,
        )

    def message(self, seat: int | None, events_start: int = 0) -> str:
        """``payload`` as the JSON text sent, made once per version, seat and start."""
        key = (seat, events_start)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = dumps(self.payload(seat, events_start))
        return text

    def replay_payload(self, seat: int | None, step: int) -> JsonDict:
        """The payload of the finished game after its first ``step`` standing actions."""
        if not self.finished:
            raise Conflict("a game can be replayed once it is over")
        steps = len(standing(self.entries))
        if not 0 <= step <= steps:
            raise NotFound(f"this game has steps 0 to {steps}, not {step}")
        state = replay(self.game, self.entries, step)
        sight = sight_of(self.record.game, state, seat, playing=False)
        return build_payload(
            self.info,
            sight,
            state.visible_events(seat),
            version=steps,
            step=step,
            seed=self.record.seed,
        )

    def log_text(self) -> str:
        """The finished game's log as ``stratagem replay`` reads and checks it (the seed
        is in it, so it is refused while the game runs)."""
        if not self.finished:
            raise Conflict(
                "the log, with the chance seed that lets anyone check the deal, is given "
                "once the game is over"
            )
        return table_log_lines(self.record, self.entries, self.state.result())

    def connect(self, seat: int | None) -> Connection:
        """A new connection, marked to be sent the current state at once."""
        self.used = time.monotonic()
        connection = Connection(seat)
        connection.dirty.set()
        self.connections.add(connection)
        return connection

    def disconnect(self, connection: Connection) -> None:
        """Forget a closed connection."""
        self.connections.discard(connection)
        self.used = time.monotonic()

    def next_message(self, connection: Connection) -> str:
        """What ``connection`` is owed now: the state and the events it has not had."""
        connection.dirty.clear()
        text = self.message(connection.seat, connection.known_events)
        connection.known_events = len(self.events(connection.seat))
        return text

    def _notify(self) -> None:
        for connection in self.connections:
            connection.dirty.set()
