"""One game at the table: its log, its state rebuilt from the log, its seats' connections
and the task that plays its chance and bot seats.

Every change goes through ``_commit`` under the table's lock: the action is applied to a
copy of the state (so a refusal changes nothing), the entry is written to the database
in its own transaction, and only then is the copy kept and every connection told. Before
each change the log's length in the database is compared with the cached one; if they
differ (another process wrote, or the cache is stale) the state is rebuilt by replay.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from stratagem.bots import Bot, make_bot
from stratagem.core import CHANCE, TERMINAL, Game, IllegalAction, JsonDict, State, load
from stratagem.server import takeback
from stratagem.server.errors import Conflict, Forbidden, Invalid, NotFound
from stratagem.server.payloads import TableInfo, build_payload
from stratagem.server.storage import CHANCE_SEAT, Entry, GameRecord, Store, standing
from stratagem.server.tokens import seat_of_token
from stratagem.sim import bot_rng

HUMAN = "human"
BURST = 64
"""Chance outcomes (and bot moves, when bots do not wait) written in one transaction: none
of them is shown to anybody before all are stored."""
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
    """One open websocket: who it sees as, and what it has been sent."""

    seat: int | None
    dirty: asyncio.Event = field(default_factory=asyncio.Event)
    known_events: int = 0
    closed: bool = False


class Table:
    """A game being played; use the ``Hub`` to get one."""

    def __init__(self, store: Store, record: GameRecord, bot_delay: float) -> None:
        self.store = store
        self.record = record
        self.game = load(record.game, **record.options)
        self.bot_delay = bot_delay
        self.info = TableInfo(
            id=record.id,
            game=record.game,
            title=self.game.info.title,
            seats=tuple((seat.name, seat.controller) for seat in record.seats),
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
        self._takeback: dict[tuple[int, int], str | None] = {}
        self._driver: asyncio.Task[None] | None = None
        self._before: tuple[int, State] = (-1, self.state)
        """The state before the entry numbered here (saves a replay for take-backs)."""

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

    async def sync(self) -> None:
        """Rebuild the state from the database's log if the cache is not its equal."""
        count = await asyncio.to_thread(self.store.count, self.record.id)
        if count == len(self.entries):
            return
        entries = await asyncio.to_thread(self.store.entries, self.record.id)
        self.entries = entries
        self.state = replay(self.game, entries)
        self._notify()

    async def _commit(self, entry_seat: int, action: str) -> None:
        """Apply, store and announce one action (call with the lock held, after ``sync``)."""
        state = self.state.clone()
        state.apply_action(action, seat=None if entry_seat == CHANCE_SEAT else entry_seat)
        entry = Entry(len(self.entries), "act", entry_seat, state.history[-1].text)
        await asyncio.to_thread(
            self.store.append, self.record.id, entry, finished=state.is_terminal()
        )
        self.entries.append(entry)
        self._before = (entry.seq, self.state)
        self.state = state
        await self._changed(entry_seat)

    async def _changed(self, seat: int) -> None:
        """Tell every connection of a change made by ``seat``; when a person made it, first
        decide in a thread, off the event loop, whether they may take it back."""
        if seat >= 0 and seat not in self.bots:
            await asyncio.to_thread(self._takeback_blocker, seat)
        self._notify()

    # -- seats acting ---------------------------------------------------------------------

    async def act(self, seat: int, action: str, version: int | None = None) -> JsonDict:
        """``seat`` takes ``action``; returns its new payload. Refusals change nothing.

        With ``version`` (the version the seat saw), the payload carries only the events
        that came after it; without, all of them.
        """
        async with self.lock:
            await self.sync()
            name = self.game.seat_names[seat]
            if version is not None and version != self.version:
                raise Conflict(
                    f"the game has moved on since version {version} (now {self.version}): "
                    "look again before acting"
                )
            player = self.state.current_player()
            known = len(self.state.visible_events(seat)) if version is not None else 0
            if player == TERMINAL:
                raise Conflict(f"{action!r}: the game is over")
            if player != seat:
                to_move = "chance" if player == CHANCE else self.game.seat_names[player]
                raise Conflict(f"{action!r}: it is {to_move}'s turn to act, not {name}'s")
            try:
                await self._commit(seat, action)
            except IllegalAction as error:
                raise Invalid(str(error)) from None
            payload = self.payload(seat, known)
        self.kick()
        return payload

    async def take_back(self, seat: int) -> JsonDict:
        """``seat`` withdraws its own last action, if nothing new has come out since."""
        async with self.lock:
            await self.sync()
            reason = self._takeback_blocker(seat)
            if reason is not None:
                raise Conflict(f"you cannot take back now: {reason}")
            entry = Entry(len(self.entries), "undo", seat, standing(self.entries)[-1].action)
            entries = [*self.entries, entry]
            state = replay(self.game, entries)
            await asyncio.to_thread(
                self.store.append, self.record.id, entry, finished=state.is_terminal()
            )
            self.entries = entries
            self.state = state
            await self._changed(seat)
            payload = self.payload(seat)
        self.kick()
        return payload

    def _takeback_blocker(self, seat: int) -> str | None:
        """Why ``seat`` may not take back now (cached per version), or ``None``. Deciding
        whether an action revealed anything replays it in resampled worlds, the costliest
        step of a move, so a person's own move computes it in a thread."""
        key = (self.version, seat)
        if key not in self._takeback:
            reason = takeback.blocker(self.entries, seat, self.game.seat_names)
            if reason is None:
                stack = standing(self.entries)
                seq, before = self._before
                if seq != stack[-1].seq:
                    before = replay(self.game, self.entries, len(stack) - 1)
                rng = random.Random(f"{self.record.seed}/takeback/{self.version}")
                if takeback.reveals(before, stack[-1].action, seat, rng):
                    reason = "your last action revealed something you did not know"
            self._takeback[key] = reason
        return self._takeback[key]

    # -- chance and bots ------------------------------------------------------------------

    def kick(self) -> None:
        """Start the task that plays chance and bots, unless it runs or has nothing to do."""
        if self._driver is not None and not self._driver.done():
            return
        player = self.state.current_player()
        if player == TERMINAL or (player >= 0 and player not in self.bots):
            return
        self._driver = asyncio.create_task(self._drive(), name=f"table {self.record.id}")

    async def _drive(self) -> None:
        try:
            while await self._step():
                pass
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the chance and bot player stopped", self.record.id)

    async def _step(self) -> bool:
        """Play chance, or a bot; ``False`` when a person is to act or the game is over."""
        async with self.lock:
            await self.sync()
            player = self.state.current_player()
            if player == TERMINAL or (player >= 0 and player not in self.bots):
                return False
            if player == CHANCE or self.bot_delay == 0:
                state = self.state.clone()
                entries = await asyncio.to_thread(self._burst, state, self.version)
                await asyncio.to_thread(
                    self.store.append_all, self.record.id, entries, finished=state.is_terminal()
                )
                self.entries.extend(entries)
                self.state = state
                self._notify()
                return True
            snapshot, version = self.state.clone(), self.version
        await asyncio.sleep(self.bot_delay)
        action = await asyncio.to_thread(self.bots[player].choose, snapshot, player)
        async with self.lock:
            await self.sync()
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
                rng = random.Random(f"{self.record.seed}/chance/{seq}")
                state.apply_action(state.sample_chance(rng))
            elif player in self.bots and self.bot_delay == 0:
                state.apply_action(self.bots[player].choose(state, player), seat=player)
            else:
                break
            seat = CHANCE_SEAT if player == CHANCE else player
            entries.append(Entry(seq, "act", seat, state.history[-1].text))
        return entries

    async def close(self) -> None:
        """Stop the chance and bot task."""
        if self._driver is not None:
            self._driver.cancel()
            await asyncio.gather(self._driver, return_exceptions=True)

    # -- what seats see -------------------------------------------------------------------

    def payload(self, seat: int | None, events_start: int = 0) -> JsonDict:
        """The current payload for ``seat`` (``None``: a spectator)."""
        can = (
            seat is not None
            and self.state.current_player() != TERMINAL
            and self._takeback_blocker(seat) is None
        )
        return build_payload(
            self.info,
            self.state,
            seat,
            version=self.version,
            events_start=events_start,
            can_take_back=can,
        )

    def replay_payload(self, seat: int | None, step: int) -> JsonDict:
        """The payload of the finished game after its first ``step`` standing actions."""
        if not self.state.is_terminal():
            raise Conflict("a game can be replayed once it is over")
        steps = len(standing(self.entries))
        if not 0 <= step <= steps:
            raise NotFound(f"this game has steps 0 to {steps}, not {step}")
        state = replay(self.game, self.entries, step)
        return build_payload(self.info, state, seat, version=steps, step=step)

    def connect(self, seat: int | None) -> Connection:
        """A new connection, marked to be sent the current state at once."""
        connection = Connection(seat)
        connection.dirty.set()
        self.connections.add(connection)
        return connection

    def disconnect(self, connection: Connection) -> None:
        """Forget a closed connection."""
        connection.closed = True
        self.connections.discard(connection)

    def next_payload(self, connection: Connection) -> JsonDict:
        """What ``connection`` is owed now: the state and the events it has not had."""
        connection.dirty.clear()
        payload = self.payload(connection.seat, connection.known_events)
        connection.known_events = int(payload["events_total"])
        return payload

    def _notify(self) -> None:
        for connection in self.connections:
            connection.dirty.set()
