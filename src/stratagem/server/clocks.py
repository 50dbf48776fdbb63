"""The clocks' supervisor: a timed game whose seat to act ran out of time gets its
consequence, exactly once, whichever process finds it first.

Every process's supervisor (``Hub.sweep``, once a second) asks the database for the timed
games whose stored deadline has passed (``Store.overdue``) and, for each, under the
table's lock with its log read up to date, checks the clock again and writes one ``out of
time`` table entry (``seating``) carrying the consequence: ``remind`` (the game waits; the
seat is reminded, ``mail``), ``bot`` (the heuristic bot plays the seat on) or ``lose``
(with two seats the other side wins; with more, the bot plays the seat on and the seat
counts as lost on time). The entry is written in the transaction that clears the
deadline: a second process racing for it loses on the entry's number, and finds no
deadline once it reads the log again.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Collection

from stratagem.server.errors import Conflict, LostRace, NotFound, Unreadable
from stratagem.server.pace import overdue
from stratagem.server.seating import HUMAN, TableChange
from stratagem.server.storage import SeatRecord, Store, utc_now
from stratagem.server.table import Table

log = logging.getLogger(__name__)


async def enforce(
    store: Store, table_of: Callable[[str], Awaitable[Table]], set_aside: Collection[str]
) -> int:
    """Apply the consequence of every overdue clock (``table_of``: the hub's tables);
    how many were applied here."""
    games = await asyncio.to_thread(store.overdue, utc_now())
    applied = 0
    for game_id in games:
        if game_id in set_aside:
            continue
        try:
            table = await table_of(game_id)
            applied += await run_out(table)
        except (Unreadable, NotFound):
            continue
        except (LostRace, Conflict) as error:  # another process got there first
            log.info("game %s: clock not enforced here: %s", game_id, error)
    return applied


async def run_out(table: Table) -> bool:
    """If ``table``'s seat to act is out of time, apply the game's consequence; whether
    it was applied (here and now)."""
    async with table.lock:
        await table.fresh()
        pace = table.record.pace
        if pace is None or table.finished:
            return False
        # the clock as stored now: whichever process wrote it last, the deadline is its
        turn = table.turn = await asyncio.to_thread(table.store.turn, table.record.id)
        if turn is None or turn.seat is None or not overdue(turn, utc_now()):
            return False
        seat = turn.seat
        record = table.seats.named(seat)
        if record.controller != HUMAN or table.state.current_player() != seat:
            return False  # chance is dealing: the next round looks again
        consequence = pace.on_timeout
        seats: tuple[SeatRecord, ...] = ()
        if consequence == "remind" or (consequence == "lose" and table.game.num_players == 2):
            change = TableChange("out of time", seat, consequence=consequence)
        else:
            bot = table.seats.stand_in(record)
            change = TableChange("out of time", seat, bot.controller, consequence=consequence)
            seats = (bot,)
        await table.change(change, seats, expired=True)
        entry = table.version - 1
    table.kick()
    if consequence == "remind" and table.reminders is not None:
        table.reminders.late(table, seat, entry)
    log.info("game %s: %s ran out of time (%s)", table.record.id, record.name, consequence)
    return True
