"""The chance and bot player of one table: a task that plays chance's outcomes and the
bots' moves, under the game's lease, until a person is to act or the game is over.

Chance outcome number ``seq`` is drawn from the table's secret seed (``table_chance_rng``),
so the deal can be checked once the game is over. Bots think, and bursts with bots in
them are played, on the table's workers, in the share of the address that created the
game (``workers``); chance alone, a few quick draws, is drawn off the loop as well but
waits for no share. A burst of outcomes (and bot moves, when bots do not wait) is stored
in one transaction, none shown before all are stored.
"""

from __future__ import annotations

import asyncio
import logging
from functools import partial
from typing import TYPE_CHECKING

from stratagem.core import CHANCE, State
from stratagem.server.errors import Conflict
from stratagem.server.storage import CHANCE_SEAT, Entry, StorageUnavailable
from stratagem.sim import table_chance_rng

if TYPE_CHECKING:
    from stratagem.server.table import Table

BURST = 64
"""Chance outcomes (and bot moves, when bots do not wait) written in one transaction: none
of them is shown to anybody before all are stored."""
RETRY_FIRST = 0.2
RETRY_MOST = 5.0
"""Seconds the chance and bot player waits after a database error: doubling, at most."""
log = logging.getLogger(__name__)


class Driver:
    """The task that plays ``table``'s chance and bots."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self.task is not None and not self.task.done()

    def kick(self) -> None:
        """Start the task, unless it runs or has nothing to do."""
        if self.running or not self.table.needs_driver():
            return
        self.task = asyncio.create_task(self._drive(), name=f"table {self.table.record.id}")

    async def close(self) -> None:
        """Stop the task."""
        if self.task is not None:
            self.task.cancel()
            await asyncio.gather(self.task, return_exceptions=True)

    async def _drive(self) -> None:
        """Play chance and bots under the game's lease, until a person is to act."""
        cluster, game_id = self.table.cluster, self.table.record.id
        while await cluster.claim(game_id):
            try:
                settled = await self._run()
            finally:
                await cluster.release(game_id)
            if not settled or not self.table.needs_driver():
                return  # else something came in while the lease was being let go

    async def _run(self) -> bool:
        """Play chance and bots until a person is to act (``True``); a database error is
        waited out (doubling pauses), any other error ends the run with one log line
        (``False``: the hub's supervisor starts it again)."""
        game_id = self.table.record.id
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
                log.warning("table %s: %s; trying again in %.1f s", game_id, error, pause)
                await asyncio.sleep(pause)
                pause = min(pause * 2, RETRY_MOST)
                if not await self.table.cluster.claim(game_id):
                    return False  # the lease was lost with its connection: another drives
            except Exception:
                log.exception("table %s: the chance and bot player stopped", game_id)
                return False

    async def _step(self) -> bool:
        """Play chance, or a bot; ``False`` when a person is to act or the game is over."""
        table = self.table
        async with table.lock:
            await table.fresh()
            if not table.needs_driver():
                return False
            player = table.state.current_player()
            if player == CHANCE or table.bot_delay == 0:
                state = table.state.clone()
                burst = partial(self._burst, state, table.version)
                entries = await (
                    table.workers.run(table.owner, burst)
                    if table.bots
                    else asyncio.to_thread(burst)  # chance alone: a few draws, no share
                )
                await table.append(entries, state, driven=True)
                return True
            snapshot, version = table.state.clone(), table.version
        await asyncio.sleep(table.bot_delay)
        bot = table.bots[player]
        action = await table.workers.run(table.owner, partial(bot.choose, snapshot, player))
        async with table.lock:
            await table.fresh()
            if table.version == version:
                await table.commit(player, action.text, driven=True)
        return True

    def _burst(self, state: State, version: int) -> list[Entry]:
        """Chance outcomes (and bot moves, when bots do not wait) played on ``state`` from
        ``version`` on, until a person is to act, the game ends or ``BURST`` are made."""
        table = self.table
        entries: list[Entry] = []
        while len(entries) < BURST:
            player = state.current_player()
            seq = version + len(entries)
            if player == CHANCE:
                state.apply_action(state.sample_chance(table_chance_rng(table.record.seed, seq)))
            elif player in table.bots and table.bot_delay == 0:
                state.apply_action(table.bots[player].choose(state, player), seat=player)
            else:
                break
            seat = CHANCE_SEAT if player == CHANCE else player
            entries.append(Entry(seq, "act", seat, state.history[-1].text))
        return entries
