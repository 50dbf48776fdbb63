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
import datetime as dt
import logging
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from stratagem.bots import Bot, bot_names, make_bot
from stratagem.core import CHANCE, TERMINAL, Game, IllegalAction, JsonDict, State, load
from stratagem.server import seating, takeback
from stratagem.server.cluster import Solo
from stratagem.server.errors import Conflict, Forbidden, Invalid, NotFound
from stratagem.server.fairness import commitment, table_log_lines
from stratagem.server.payloads import (
    Sight,
    TableInfo,
    build_payload,
    dumps,
    revealed_boards,
    sight_of,
)
from stratagem.server.seating import HUMAN, OPEN, TableChange
from stratagem.server.storage import (
    CHANCE_SEAT,
    SPECTATOR_SEAT,
    Append,
    ChatLine,
    Entry,
    GameRecord,
    LeaseLost,
    SeatRecord,
    StorageError,
    StorageUnavailable,
    Store,
    standing,
)
from stratagem.server.tokens import new_token, seat_of_token, token_hash
from stratagem.server.writer import Writer
from stratagem.sim import bot_rng, table_chance_rng

BURST = 64
"""Chance outcomes (and bot moves, when bots do not wait) written in one transaction: none
of them is shown to anybody before all are stored."""
RETRY_FIRST = 0.2
RETRY_MOST = 5.0
"""Seconds the chance and bot player waits after a database error: doubling, at most."""
SNAPSHOT_EVERY = 32
"""Replay keeps the state after every this many actions, so a step replays at most this
many actions."""
CHAT_LENGTH = 500
"""Characters of one chat line at most."""
CHAT_KEPT = 200
"""Chat lines a new connection is sent (the latest)."""
log = logging.getLogger(__name__)


def replay(
    game: Game, entries: Sequence[Entry], steps: int | None = None, start: State | None = None
) -> State:
    """The state after the standing actions of ``entries`` (the first ``steps`` of them);
    from ``start`` (a copy of it), the state after the first ``len(start.history)``."""
    state = game.new_initial_state() if start is None else start.clone()
    actions = standing(entries)
    done = len(state.history)
    for entry in actions[done:] if steps is None else actions[done:steps]:
        state.apply_action(entry.action, seat=None if entry.seat == CHANCE_SEAT else entry.seat)
    return state


@dataclass(eq=False)
class Connection:
    """One open websocket: who it sees as, and how many of its seat's events it has."""

    seat: int | None
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    known_events: int = 0
    sent_version: int = -1
    """The version of the last state message sent (-1: none yet)."""
    known_chat: int = 0
    """Chat lines sent (the first chat message gives only the latest ``CHAT_KEPT``)."""


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
        self.lock = asyncio.Lock()
        self.entries: list[Entry] = []
        self.state: State = self.game.new_initial_state()
        self.connections: set[Connection] = set()
        self.bots: dict[int, Bot] = {}
        self._resigned: int | None = None
        self._standing: list[Entry] = []
        """The log's actions still standing (kept with the log: read after every move)."""
        self._counted = 0
        """How many entries of the log ``_standing`` and ``_resigned`` have taken in."""
        self._seat(record)
        self.chat: list[ChatLine] | None = None
        """The chat, once read (``None``: not yet)."""
        self._snapshots: dict[int, State] = {}
        """Replay's states, by how many standing actions they follow (every
        ``SNAPSHOT_EVERY``); they stay true until a take-back withdraws one of those."""
        self.used = time.monotonic()
        self.changed_at = time.time()
        """When the log last grew, as this process knows it (absent seats are timed from
        it)."""
        self._driver: asyncio.Task[None] | None = None
        self._stale = True
        self._heard: int | None = None
        """The cluster's ``heard`` when the cache last matched the log."""
        self._before: tuple[int, State] = (-1, self.state)
        """The state before the entry numbered here (saves a replay for take-backs)."""
        self._reset_caches()

    def _seat(self, record: GameRecord) -> None:
        """Take in who plays each seat (at first, and after a table change)."""
        self.record = record
        self.info = TableInfo(
            id=record.id,
            game=record.game,
            title=self.game.info.title,
            seats=tuple((seat.name, seat.controller) for seat in record.seats),
            commitment=commitment(record.id, record.seed),
        )
        kept = self.bots
        self.bots = {
            seat.seat: kept.get(seat.seat)
            or make_bot(seat.controller, self.game, bot_rng(record.seed, seat.seat))
            for seat in record.seats
            if seat.controller not in (HUMAN, OPEN)
        }

    @property
    def open_seats(self) -> list[int]:
        """The seats waiting for a person (the game starts once there are none)."""
        return [seat.seat for seat in self.record.seats if seat.controller == OPEN]

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
        """Whether the game is over (by its rules, or a side resigned a two-seat game)."""
        return self.state.is_terminal() or self.resigned is not None

    @property
    def resigned(self) -> int | None:
        """The seat whose resignation ended this two-seat game, if one did."""
        return self._resigned

    def result(self) -> JsonDict | None:
        """The game's outcome, once it is over."""
        if self._resigned is not None:
            return seating.resignation_result(self.game.seat_names, self._resigned)
        return self.state.result() if self.state.is_terminal() else None

    async def load(self) -> None:
        """Read the whole log and rebuild the state (call with the lock held)."""
        self._heard = self.cluster.heard
        entries = await asyncio.to_thread(self.store.entries, self.record.id)
        if any(entry.kind == "table" for entry in entries):
            record = await asyncio.to_thread(self.store.game, self.record.id)
            if record is not None:
                self._seat(record)
        state = await asyncio.to_thread(replay, self.game, entries)
        last = await asyncio.to_thread(self.store.last_change, self.record.id)
        self._stale = False
        if entries != self.entries:
            self.entries, self.state = entries, state
            self._before = (-1, state)
            self._snapshots.clear()
            self._changed()
        if last is not None:
            self.changed_at = last.timestamp()

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
        rematch: str | None = None,
        over: bool = False,
        driven: bool = False,
    ) -> None:
        """Write ``entries`` (the step from the cache to ``state``; with ``seats`` stored
        anew, a ``rematch`` noted, or the game ``over`` by resignation), or refuse: another
        writer won the race (409, the cache is read again), or the database is away (503).
        ``driven`` entries, chance's and bots', are written only under the game's lease."""
        player = state.current_player()
        controllers = {seat.seat: seat.controller for seat in self.record.seats}
        controllers.update((seat.seat, seat.controller) for seat in seats)
        waiting = OPEN in controllers.values()
        finished = over or player == TERMINAL or self.finished
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
            raise Conflict(
                "the game moved on while this action was being stored: look again"
            ) from None

    async def _commit(self, entry_seat: int, action: str, *, driven: bool = False) -> None:
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
            last = self._standing[-1]
            entry = Entry(len(self.entries), "undo", seat, last.action)
            entries = [*self.entries, entry]
            seq, before = self._before
            state = before if seq == last.seq else replay(self.game, entries)
            await self._store([entry], state)
            self.entries, self.state = entries, state
            self._before = (-1, state)
            self._drop_snapshots(len(standing(entries)))
            self._changed()
            text = self.message(seat)
        self.kick()
        return text

    def takeback_blocker(self, seat: int) -> str | None:
        """Why ``seat`` may not take back now, from the log's shape alone (who acted and
        when, which every seat sees); ``None`` if it may so far."""
        if self.finished:
            return "the game is over"
        if seat in self.bots:
            return "a bot plays your seat now"
        return takeback.blocker(self.entries, self._standing, seat, self.game.seat_names)

    def _revealed(self, seat: int) -> str | None:
        """Why the seat's last action may not be taken back because it showed the seat
        something it did not know, or ``None``. This replays the action in worlds
        resampled from what the seat knew before it: run off the event loop."""
        stack = self._standing
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
        if player == TERMINAL or self._resigned is not None or self.open_seats:
            return False
        return player == CHANCE or player in self.bots

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
                await self._store(entries, state, driven=True)
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
                await self._commit(player, action.text, driven=True)
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
        self._open_boards: list[JsonDict] | None = None
        self._facts: JsonDict | None = None
        self._epoch = getattr(self, "_epoch", 0) + 1
        """Counts the states connections are told of (a chat line is not one)."""

    def _extended(self) -> None:
        """The state moved on from the cached one by appending: logs grow, the rest is new."""
        self._took_in()
        raw = len(self.state.events)
        for seat, events in self._logs.items():
            events.extend(self.state.visible_events(seat, self._raw))
        self._raw = raw
        self._sights.clear()
        self._texts.clear()
        self._open_boards = None
        self._facts = None
        self._epoch += 1
        self._notify()

    def _took_in(self, *, replaced: bool = False) -> None:
        """The log grew (or was ``replaced``): note when, which actions stand, and whether
        a side resigned, from the new entries alone when it only grew."""
        self.changed_at = time.time()
        if replaced:
            self._standing, self._resigned, self._counted = [], None, 0
        new = self.entries[self._counted :]
        standing(new, self._standing)
        if self._resigned is None:
            self._resigned = seating.resigned_seat(new, self.game.num_players)
        self._counted = len(self.entries)

    def _changed(self) -> None:
        """The state was replaced (a take-back, a reload): every cache starts again."""
        self._took_in(replaced=True)
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
        payload = build_payload(
            self.info,
            self.sight(seat),
            self.events(seat),
            version=self.version,
            events_start=events_start,
            can_take_back=seat is not None and self.takeback_blocker(seat) is None,
            seed=self.record.seed if self.finished else None,
        )
        if self._facts is None:
            self._facts = self._table_facts()
        payload.update(self._facts)
        return payload

    def _table_facts(self) -> JsonDict:
        """What every seat may know of the table itself (computed once per version): who
        has moved how often, the open seats, whether it is over (by resignation too),
        each seat's last view once it is over, its rematch, and how long absent seats
        are waited for."""
        moves = dict.fromkeys(self.game.seat_names, 0)
        for entry in self._standing:
            if entry.seat >= 0:
                moves[self.game.seat_names[entry.seat]] += 1
        facts: JsonDict = {
            "moves": moves,
            "open_seats": [self.game.seat_names[seat] for seat in self.open_seats],
            "rematch": seating.rematch_of(self.entries),
            "hand_over_after": self.record.hand_over_after,
            "waiting_since": round(self.changed_at),
        }
        if self.finished:
            facts["finished"] = True
            facts["to_move"] = None
            facts["legal"] = []
            facts["result"] = self.result()
            facts["revealed"] = self._revealed_boards()
        return facts

    def _revealed_boards(self) -> list[JsonDict]:
        """Each seat's board as that seat saw it at the end: once the game is over, every
        hand and secret is open to all."""
        if self._open_boards is None:
            self._open_boards = revealed_boards(self.record.game, self.state)
        return self._open_boards

    def message(self, seat: int | None, events_start: int = 0) -> str:
        """``payload`` as the JSON text sent, made once per version, seat and start."""
        key = (seat, events_start)
        text = self._texts.get(key)
        if text is None:
            text = self._texts[key] = dumps(self.payload(seat, events_start))
        return text

    # -- replay ---------------------------------------------------------------------------

    def _replayed(self, step: int) -> State:
        """The state after the first ``step`` standing actions, from the nearest snapshot
        (a snapshot is kept every ``SNAPSHOT_EVERY`` actions on the way)."""
        base = step - step % SNAPSHOT_EVERY
        at = max((mark for mark in self._snapshots if mark <= base), default=0)
        state = self._snapshots.get(at) or self.game.new_initial_state()
        while at < base:
            at += SNAPSHOT_EVERY
            state = replay(self.game, self.entries, at, start=state)
            self._snapshots[at] = state
        return replay(self.game, self.entries, step, start=state)

    def _drop_snapshots(self, steps: int) -> None:
        """Forget the snapshots past ``steps`` standing actions (a take-back)."""
        for mark in [mark for mark in self._snapshots if mark > steps]:
            del self._snapshots[mark]

    def replay_payload(self, seat: int | None, step: int) -> JsonDict:
        """The game after its first ``step`` standing actions, as ``seat`` saw it then (a
        running game too: its past, each seat's own view of it). A finished game's replay
        also shows every seat's view at that step, since all is open once it is over."""
        steps = len(self._standing)
        if not 0 <= step <= steps:
            raise NotFound(f"this game has steps 0 to {steps}, not {step}")
        state = self._replayed(step)
        sight = sight_of(self.record.game, state, seat, playing=False)
        payload = build_payload(
            self.info,
            sight,
            state.visible_events(seat),
            version=steps,
            step=step,
            seed=self.record.seed if self.finished else None,
        )
        payload["live"] = not self.finished
        if self.finished:
            payload["revealed"] = revealed_boards(self.record.game, state)
        return payload

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

    async def _change(self, change: TableChange, seats: tuple[SeatRecord, ...] = ()) -> None:
        """Store one table change (call with the lock held, cache fresh)."""
        entry = change.entry(len(self.entries))
        over = change.what == "resigned" and self.game.num_players == 2
        await self._store(
            [entry],
            self.state,
            seats=seats,
            rematch=change.game if change.what == "rematch" else None,
            over=over,
        )
        if seats:
            replaced = {seat.seat: seat for seat in seats}
            record = self.record
            self._seat(
                GameRecord(
                    id=record.id,
                    game=record.game,
                    options=record.options,
                    seed=record.seed,
                    seats=tuple(replaced.get(seat.seat, seat) for seat in record.seats),
                    public=record.public,
                    creator_hash=record.creator_hash,
                    hand_over_after=record.hand_over_after,
                    rematch=record.rematch,
                    created_at=record.created_at,
                )
            )
        self.entries.append(entry)
        self._extended()

    def _seat_named(self, seat: int) -> SeatRecord:
        if not 0 <= seat < len(self.record.seats):
            names = ", ".join(f"{i} ({n})" for i, n in enumerate(self.game.seat_names))
            raise NotFound(f"this game has seats {names}, not {seat}")
        return self.record.seats[seat]

    def _stand_in(self, seat: SeatRecord) -> SeatRecord:
        """``seat`` played by a bot from now on; its person's link still shows the seat's
        view (and takes the seat back in a rematch), but acts no more."""
        bot = seating.stand_in(bot_names(self.game.name))
        return SeatRecord(seat.seat, seat.name, bot, seat.token_hash)

    async def join(self, seat: int) -> str:
        """A person takes the open ``seat``; returns the seat's new secret token."""
        async with self.lock:
            await self.fresh()
            record = self._seat_named(seat)
            if record.controller != OPEN:
                who = "a person" if record.controller == HUMAN else f"the {record.controller} bot"
                raise Conflict(f"seat {record.name} is not open: {who} plays it")
            token = new_token()
            taken = SeatRecord(seat, record.name, HUMAN, token_hash(token))
            await self._change(TableChange("joined", seat, HUMAN), (taken,))
        self.kick()
        return token

    def require_creator(self, token: str | None) -> None:
        """Refuse anyone but the game's creator."""
        stored = self.record.creator_hash
        if not token or stored is None or seat_of_token(token, [(0, stored)]) is None:
            raise Forbidden("only the game's creator (with the creator's link) may do this")

    async def relink(self, seat: int) -> str:
        """A new secret link for a person's ``seat`` (the old one ends); its token."""
        async with self.lock:
            await self.fresh()
            record = self._seat_named(seat)
            if record.controller != HUMAN:
                raise Conflict(f"seat {record.name} is not a person's: it has no link")
            token = new_token()
            fresh = SeatRecord(seat, record.name, HUMAN, token_hash(token))
            await self._change(TableChange("new link", seat), (fresh,))
        return token

    async def resign(self, seat: int) -> str:
        """``seat`` resigns: in a two-seat game the other side wins; with more seats, a
        bot plays it from now on. Returns the seat's new payload."""
        async with self.lock:
            await self.fresh()
            record = self._seat_named(seat)
            if self.finished:
                raise Conflict("the game is over: there is nothing to resign")
            if self.open_seats:
                raise Conflict(f"you cannot resign yet: {self.waiting_for()}")
            if record.controller != HUMAN:
                raise Conflict(f"seat {record.name} is played by a bot already")
            if self.game.num_players == 2:
                await self._change(TableChange("resigned", seat))
            else:
                bot = self._stand_in(record)
                await self._change(TableChange("resigned", seat, bot.controller), (bot,))
            text = self.message(seat)
        self.kick()
        return text

    async def hand_over(self, seat: int) -> None:
        """The creator hands ``seat``, whose person has kept the game waiting for its
        chosen time, to a bot."""
        async with self.lock:
            await self.fresh()
            record = self._seat_named(seat)
            if self.finished:
                raise Conflict("the game is over")
            if record.controller != HUMAN:
                raise Conflict(f"seat {record.name} is not played by a person")
            if self.state.current_player() != seat:
                raise Conflict(f"seat {record.name} is not to move: it keeps nobody waiting")
            waited = time.time() - self.changed_at
            if waited < self.record.hand_over_after:
                raise Conflict(
                    f"seat {record.name} has been to move for {waited:.0f} s; it may be "
                    f"handed to a bot after {self.record.hand_over_after} s"
                )
            bot = self._stand_in(record)
            await self._change(TableChange("handed to a bot", seat, bot.controller), (bot,))
        self.kick()

    async def note_rematch(self, seat: int, game_id: str) -> None:
        """Record that ``game_id`` is this game's rematch, asked for by ``seat``."""
        async with self.lock:
            await self.fresh()
            await self._change(TableChange("rematch", seat, game=game_id))

    def rematch_blocker(self) -> str | None:
        """Why no rematch can be made now, or ``None``."""
        if not self.finished:
            return "a rematch can be made once the game is over"
        made = seating.rematch_of(self.entries)
        if made is not None:
            return f"this game has a rematch already: /games/{made}"
        return None

    # -- chat -----------------------------------------------------------------------------

    async def read_chat(self) -> None:
        """Read the chat, if not yet (or again, ``refresh``)."""
        if self.chat is None:
            self.chat = await asyncio.to_thread(self.store.chat, self.record.id)

    async def refresh_chat(self, length: int | None) -> None:
        """Take in chat lines another process wrote (the chat now holds ``length``;
        ``None``: whatever is new)."""
        if self.chat is None or (length is not None and length <= len(self.chat)):
            return
        new = await asyncio.to_thread(self.store.chat, self.record.id, len(self.chat))
        self.chat.extend(line for line in new if line.seq >= len(self.chat))
        self._notify()

    async def say(self, seat: int | None, text: str) -> None:
        """Add a line to the chat (``None``: a spectator's)."""
        text = " ".join(text.split())
        if not text:
            raise Invalid("a chat line needs some text")
        if len(text) > CHAT_LENGTH:
            raise Invalid(f"a chat line has at most {CHAT_LENGTH} characters, not {len(text)}")
        await self.read_chat()
        assert self.chat is not None
        line = ChatLine(
            self.record.id,
            len(self.chat),
            SPECTATOR_SEAT if seat is None else seat,
            text,
            dt.datetime.now(dt.UTC),
        )
        try:
            await self.writer.chat(line)
        except StorageUnavailable:
            raise
        except StorageError:
            self.chat = None
            raise Conflict("another line was written at the same moment: send it again") from None
        if line.seq == len(self.chat):
            self.chat.append(line)
        self._notify()

    def chat_message(self, start: int) -> str:
        """The chat lines from ``start`` on, as the websocket sends them."""
        lines = self.chat or []
        return dumps(
            {
                "type": "chat",
                "start": start,
                "lines": [
                    {
                        "n": line.seq,
                        "seat": None if line.seat < 0 else self.game.seat_names[line.seat],
                        "spectator": line.seat < 0,
                        "text": line.text,
                        "at": line.at.astimezone(dt.UTC).isoformat(timespec="seconds"),
                    }
                    for line in lines[start:]
                ],
            }
        )

    # -- connections ----------------------------------------------------------------------

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

    def next_messages(self, connection: Connection) -> list[str]:
        """What ``connection`` is owed now: the state and the events it has not had, if
        the game moved, and the chat lines it has not had."""
        connection.dirty.clear()
        texts = []
        if connection.sent_version != self._epoch:
            texts.append(self.message(connection.seat, connection.known_events))
            connection.known_events = len(self.events(connection.seat))
            connection.sent_version = self._epoch
        chat = self.chat or []
        if connection.known_chat < len(chat):
            start = max(connection.known_chat, len(chat) - CHAT_KEPT, 0)
            texts.append(self.chat_message(start))
            connection.known_chat = len(chat)
        return texts

    def _notify(self) -> None:
        for connection in self.connections:
            connection.dirty.set()
