"""The hub: creates games and keeps the tables being played, one per game, in memory.

A table is loaded from the database on first use; its state is always rebuilt from the
stored log, never taken on trust. At start-up every unfinished game is loaded and its
chance and bot seats carry on where they stopped.
"""

from __future__ import annotations

import asyncio
import secrets
from dataclasses import dataclass

from stratagem.bots import bot_names
from stratagem.core import OptionError, available_games, load
from stratagem.server.errors import Invalid, NotFound
from stratagem.server.storage import GameRecord, SeatRecord, Store
from stratagem.server.table import HUMAN, Table
from stratagem.server.tokens import new_game_id, new_token, token_hash

FORBIDDEN_OPTIONS = ("players", "data")
"""Options the web may not set: the player count has its own field, and ``data`` names a
folder on the server."""
PATH_MARKS = ("/", "\\", "~")
"""A text option holding one of these (or starting with a dot) would name a file on the
server (e.g. a Tercios army given as a file): the web may only name what a game ships."""


def _path_like(value: object) -> bool:
    texts = value if isinstance(value, list) else [value]
    return any(
        isinstance(text, str) and (text.startswith(".") or any(m in text for m in PATH_MARKS))
        for text in texts
    )


@dataclass(frozen=True, slots=True)
class NewGame:
    """A created game: its id and the secret token of each human seat (shown once)."""

    id: str
    tokens: dict[int, str]


class Hub:
    """All tables of one server."""

    def __init__(self, store: Store, bot_delay: float = 0.0) -> None:
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self._loading = asyncio.Lock()

    async def create(
        self,
        game: str,
        players: int | None,
        options: dict[str, object],
        controllers: list[str] | None,
        seed: int | None,
    ) -> NewGame:
        """Create and store a game; refuses unknown games, bad options, seats or bots."""
        names = [info.name for info in available_games()]
        if game not in names:
            raise Invalid(f"no game named {game!r}; games: {', '.join(names)}")
        for key in FORBIDDEN_OPTIONS:
            if key in options:
                where = "use the 'players' field" if key == "players" else "not from the web"
                raise Invalid(f"option {key!r} cannot be set here ({where})")
        for key, value in options.items():
            if _path_like(value):
                raise Invalid(
                    f"option {key!r}: {value!r} looks like a file on the server; "
                    "from the web, name only what the game ships"
                )
        try:
            loaded = load(game, players=players, **options)
        except OptionError as error:
            raise Invalid(str(error)) from None
        count = loaded.num_players
        chosen = controllers or [HUMAN] * count
        if len(chosen) != count:
            raise Invalid(f"{game} with {count} players has {count} seats, not {len(chosen)}")
        allowed = [HUMAN, *bot_names(game)]
        for index, controller in enumerate(chosen):
            if controller not in allowed:
                raise Invalid(
                    f"seat {loaded.seat_names[index]}: {controller!r} is not one of "
                    f"{', '.join(allowed)}"
                )
        tokens = {index: new_token() for index, kind in enumerate(chosen) if kind == HUMAN}
        record = GameRecord(
            id=new_game_id(),
            game=game,
            options=dict(loaded.options),
            seed=secrets.randbits(63) if seed is None else seed,
            seats=tuple(
                SeatRecord(
                    index,
                    name,
                    chosen[index],
                    token_hash(tokens[index]) if index in tokens else None,
                )
                for index, name in enumerate(loaded.seat_names)
            ),
        )
        await asyncio.to_thread(self.store.create_game, record)
        table = await self.table(record.id)
        table.kick()
        return NewGame(record.id, tokens)

    async def table(self, game_id: str) -> Table:
        """The table of ``game_id``, loaded and synced with its log; ``NotFound`` if none."""
        table = self.tables.get(game_id)
        if table is not None:
            return table
        async with self._loading:
            table = self.tables.get(game_id)
            if table is None:
                record = await asyncio.to_thread(self.store.game, game_id)
                if record is None:
                    raise NotFound(f"no game {game_id!r} at this table")
                table = Table(self.store, record, self.bot_delay)
                async with table.lock:
                    await table.sync()
                self.tables[game_id] = table
        return table

    async def resume(self) -> int:
        """Load every unfinished game and let its chance and bots play on; how many."""
        ids = await asyncio.to_thread(self.store.unfinished)
        for game_id in ids:
            (await self.table(game_id)).kick()
        return len(ids)

    async def close(self) -> None:
        """Stop every table's chance and bot task."""
        await asyncio.gather(*(table.close() for table in self.tables.values()))
