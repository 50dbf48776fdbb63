"""Hints: the seat to act may ask what the ``normal``-level bot would choose in its place.

A hint is offered only in a game that cannot be rated (``hints_allowed``: its creator
unticked "Rated", or a seat is played by a bot or by a link without an account). It is
worked out from the asking seat's view alone: the bot chooses in a world drawn with
``resample_hidden(seat, rng)``, never in the true state, so the suggestion is the same in
every world the seat cannot tell apart. It is sent to the
asking link only; the log keeps a ``hint`` table change, which every seat and spectator
sees as "<seat> asked for a hint", never the suggestion. The bot thinks on the table's bot
workers, in the share of the address that created the game, like the game's own bots.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING

from stratagem.bots import make_bot
from stratagem.core import CHANCE, Game, State
from stratagem.server.errors import Conflict
from stratagem.server.ratings import may_be_rated
from stratagem.server.seating import TableChange
from stratagem.server.storage import GameRecord

if TYPE_CHECKING:
    from stratagem.server.table import Table

HINT_LEVEL = "normal"
"""The level whose bot gives hints (``bots.levels``)."""


def hints_allowed(record: GameRecord) -> bool:
    """Whether ``record``'s game offers hints: only a game that cannot be rated does
    (``ratings.may_be_rated``), so that no rated result was helped by the bot."""
    return not may_be_rated(record)


def hint_job(game: Game, state: State, seat: int, seed: str) -> Callable[[], str]:
    """The work of one hint, to run off the event loop: the ``HINT_LEVEL`` bot's choice
    for ``seat`` in a world drawn from what it sees in ``state`` (``seed``: the draw's)."""

    def job() -> str:
        rng = random.Random(seed)
        world = state.resample_hidden(seat, rng)
        bot = make_bot(HINT_LEVEL, game, random.Random(rng.getrandbits(64)))
        return bot.choose(world, seat).text

    return job


def blocker(table: Table, seat: int) -> str | None:
    """Why ``seat`` may not ask for a hint now (call with the lock held, cache fresh);
    ``None`` if it may. Every reason is a fact the seat sees anyway."""
    if not hints_allowed(table.record):
        return "hints are not offered in rated games"
    if table.finished:
        return "the game is over"
    if table.open_seats:
        return table.waiting_for()
    if seat in table.bots:
        return "a bot plays your seat now"
    player = table.state.current_player()
    if player != seat:
        to_move = "chance" if player == CHANCE else table.game.seat_names[player]
        return f"a hint is given at your own decision, and it is {to_move}'s turn"
    return None


async def ask(table: Table, seat: int, *, link: str | None = None) -> str:
    """``seat`` asks for a hint: the suggested action's text. The log notes that it asked
    (seen by all) once the hint is worked out; refused (nothing noted) if the game moved
    on meanwhile. ``link``: the token the request carried (refused if the seat changed
    hands while it waited)."""
    async with table.lock:
        await table.fresh()
        table.still_held(link)
        reason = blocker(table, seat)
        if reason is not None:
            raise Conflict(f"no hint now: {reason}")
        state, version = table.state.clone(), table.version
    seed = f"{table.record.seed}/hint/{version}"
    action = await table.workers.run(table.owner, hint_job(table.game, state, seat, seed))
    async with table.lock:
        await table.fresh()
        table.still_held(link)
        if table.version != version:
            raise Conflict("the game moved on while the hint was worked out: ask again")
        await table.change(TableChange("hint", seat))
    return action
