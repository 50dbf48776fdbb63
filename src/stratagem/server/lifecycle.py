"""The seat lifecycle's changes: a person takes an open seat, a seat gets a new link
(from the creator, or asked for by the seat itself), a person resigns or is handed over to a
bot, and a rematch is noted.

Each is a ``table`` entry of the game's log (``seating``), stored through
``Table.change``, which takes the new seats in through ``Seats.take`` before the new
version is announced: every open connection's link is checked again there, so a link that
lost its seat receives nothing more of it. Each leaves a public line in the table's log
(``table_log``).
"""

from __future__ import annotations

import asyncio
import functools
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Concatenate, ParamSpec, TypeVar

from stratagem.server import seating
from stratagem.server.errors import Conflict, Forbidden, LostRace
from stratagem.server.seating import HUMAN, OPEN, TableChange
from stratagem.server.storage import GameRecord, SeatRecord
from stratagem.server.tokens import new_token, token_hash

if TYPE_CHECKING:
    from stratagem.server.table import Table


Player = tuple[str, str]
"""A signed-in account taking or keeping a seat: its id and its public name."""
P = ParamSpec("P")
R = TypeVar("R")


def _again_after_a_lost_race(
    change: Callable[Concatenate[Lifecycle, P], Awaitable[R]],
) -> Callable[Concatenate[Lifecycle, P], Awaitable[R]]:
    """A change of the seats, tried once more when another process appended to the log
    first (chance dealt, a bot moved): the second try reads the log again and checks the
    change anew. A seat's change asks for no version, so the person who asked would only
    be told to try again."""

    @functools.wraps(change)
    async def tried(lifecycle: Lifecycle, /, *args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await change(lifecycle, *args, **kwargs)
        except LostRace:
            return await change(lifecycle, *args, **kwargs)

    return tried


class Lifecycle:
    """The changes of who plays ``table``'s seats."""

    def __init__(self, table: Table) -> None:
        self.table = table

    @_again_after_a_lost_race
    async def join(self, seat: int, player: Player | None = None) -> str:
        """A person takes the open ``seat`` (``player``: the signed-in account that takes
        it, bound to the seat); returns the seat's new secret token. A seat kept for an
        invited account is taken by that account alone."""
        table = self.table
        async with table.lock:
            await table.fresh()
            record = table.seats.named(seat)
            if record.controller != OPEN:
                who = "a person" if record.controller == HUMAN else f"the {record.controller} bot"
                raise Conflict(f"seat {record.name} is not open: {who} plays it")
            if record.account is not None and (player is None or player[0] != record.account):
                raise Forbidden(
                    f"seat {record.name} is kept for the player invited to it "
                    f"({record.player}): sign in as them to take it"
                )
            token = new_token()
            account, name = player if player is not None else (None, None)
            taken = SeatRecord(seat, record.name, HUMAN, token_hash(token), None, account, name)
            await table.change(TableChange("joined", seat, HUMAN), (taken,))
        table.kick()
        return token

    @_again_after_a_lost_race
    async def relink(
        self,
        seat: int,
        *,
        asked_by_seat: bool = False,
        link: str | None = None,
        player: Player | None = None,
    ) -> str:
        """A new secret link for a person's ``seat`` (the old one ends, and every
        connection opened with it is closed); its token. The creator is refused while the
        seat's person is at the table (connected, and acted within the game's
        ``hand_over_after``), unless the seat asks for it itself. The seat stays bound to
        its account only when the seat asks and ``player`` is that account: the creator's
        new link goes to whomever the creator gives it."""
        table = self.table
        async with table.lock:
            await table.fresh()
            table.still_held(link)
            record = table.seats.named(seat)
            if record.controller != HUMAN:
                raise Conflict(f"seat {record.name} is not a person's: it has no link")
            wait = table.record.hand_over_after
            ago = None if asked_by_seat else await self._present(seat, wait)
            if ago is not None:
                raise Conflict(
                    f"{record.name}'s person is at the table (connected, and acted "
                    f"{ago:.0f} s ago): the creator may give the seat a new link once it "
                    f"has been away for {wait} s, or when the seat asks for one itself"
                )
            token = new_token()
            kept = asked_by_seat and player is not None and player[0] == record.account
            account, name = (record.account, record.player) if kept else (None, None)
            fresh = SeatRecord(seat, record.name, HUMAN, token_hash(token), None, account, name)
            by = "seat" if asked_by_seat else "creator"
            await table.change(TableChange("new link", seat, by=by), (fresh,))
        return token

    async def _present(self, seat: int, within: float) -> float | None:
        """How many seconds ago ``seat``'s person acted, if they are at the table:
        connected now, to this process or another, and acted or took back within the last
        ``within`` seconds, as the log says whichever process stored it (else ``None``)."""
        table = self.table
        if not await table.presence.connected(table, seat):
            return None
        acted = await asyncio.to_thread(table.store.last_acted, table.record.id, seat)
        if acted is None:
            return None
        ago = max(0.0, time.time() - acted.timestamp())
        return ago if ago < within else None

    @_again_after_a_lost_race
    async def resign(self, seat: int, *, link: str | None = None) -> str:
        """``seat`` resigns: in a two-seat game the other side wins; with more seats, a
        bot plays it from now on and its person's link watches as a spectator. Returns
        the payload that link receives now (``link``: as for ``act``)."""
        table = self.table
        async with table.lock:
            await table.fresh()
            table.still_held(link)
            record = table.seats.named(seat)
            if table.finished:
                raise Conflict("the game is over: there is nothing to resign")
            if table.open_seats:
                raise Conflict(f"you cannot resign yet: {table.waiting_for()}")
            if record.controller != HUMAN:
                raise Conflict(f"seat {record.name} is played by a bot already")
            if table.game.num_players == 2:
                await table.change(TableChange("resigned", seat))
                text = table.message(seat)
            else:
                bot = table.seats.stand_in(record)
                await table.change(TableChange("resigned", seat, bot.controller), (bot,))
                text = table.message(None)
        table.kick()
        return text

    @_again_after_a_lost_race
    async def hand_over(self, seat: int) -> None:
        """The creator hands ``seat``, whose person has kept the game waiting for its
        chosen time, to a bot."""
        table = self.table
        async with table.lock:
            await table.fresh()
            record = table.seats.named(seat)
            if table.finished:
                raise Conflict("the game is over")
            if record.controller != HUMAN:
                raise Conflict(f"seat {record.name} is not played by a person")
            if table.state.current_player() != seat:
                raise Conflict(f"seat {record.name} is not to move: it keeps nobody waiting")
            waited = time.time() - table.changed_at
            if waited < table.record.hand_over_after:
                raise Conflict(
                    f"seat {record.name} has been to move for {waited:.0f} s; it may be "
                    f"handed to a bot after {table.record.hand_over_after} s"
                )
            bot = table.seats.stand_in(record)
            await table.change(TableChange("handed to a bot", seat, bot.controller), (bot,))
        table.kick()

    @_again_after_a_lost_race
    async def note_rematch(self, seat: int, rematch: GameRecord) -> None:
        """Store the ``rematch`` game, asked for by ``seat``, and note it as this game's
        rematch, in one transaction (neither is stored without the other)."""
        table = self.table
        async with table.lock:
            await table.fresh()
            reason = self.rematch_blocker()
            if reason is not None:
                raise Conflict(reason)
            change = TableChange("rematch", seat, game=rematch.id)
            await table.change(change, rematch=rematch)

    def rematch_blocker(self) -> str | None:
        """Why no rematch can be made now, or ``None``."""
        table = self.table
        if not table.finished:
            return "a rematch can be made once the game is over"
        made = seating.rematch_of(table.entries)
        if made is not None:
            return f"this game has a rematch already: /games/{made}"
        return None
