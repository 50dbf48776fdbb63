"""The chat of one table: its lines, read once and then kept, and the lines said.

Who a line is from is whom the speaker's link sees as when it is said: a seat's person,
or a spectator (a link whose seat a bot now plays speaks as a spectator). The table
decides it under its lock, as every change of who holds a seat is made (``Table.say``),
and the database checks a seat's line against the seat as stored when it writes it
(``Store.add_chat``): a line is never signed by a seat whose holder has just lost it.
"""

from __future__ import annotations

import asyncio
import datetime as dt
from collections.abc import Callable, Sequence

from stratagem.server.errors import Conflict, Invalid
from stratagem.server.payloads import dumps
from stratagem.server.storage import (
    SPECTATOR_SEAT,
    ChatLine,
    LinkEnded,
    StorageError,
    StorageUnavailable,
    Store,
)
from stratagem.server.writer import Writer

CHAT_LENGTH = 500
"""Characters of one chat line at most."""
CHAT_KEPT = 200
"""Chat lines a new connection is sent (the latest)."""


class Chat:
    """One game's chat; ``heard`` is called whenever a line comes in."""

    def __init__(
        self,
        store: Store,
        writer: Writer,
        game_id: str,
        seat_names: Sequence[str],
        heard: Callable[[], None],
    ) -> None:
        self.store = store
        self.writer = writer
        self.game_id = game_id
        self.seat_names = seat_names
        self.heard = heard
        self.lines: list[ChatLine] | None = None
        """The chat, once read (``None``: not yet)."""

    async def read(self) -> None:
        """Read the chat, if not yet."""
        if self.lines is None:
            self.lines = await asyncio.to_thread(self.store.chat, self.game_id)

    async def refresh(self, length: int | None) -> None:
        """Take in chat lines another process wrote (the chat now holds ``length``;
        ``None``: whatever is new)."""
        if self.lines is None or (length is not None and length <= len(self.lines)):
            return
        new = await asyncio.to_thread(self.store.chat, self.game_id, len(self.lines))
        self.lines.extend(line for line in new if line.seq >= len(self.lines))
        self.heard()

    async def say(self, seat: int | None, text: str, link: str | None = None) -> None:
        """Add a line to the chat (``None``: a spectator's); a seat's line is said with
        ``link``, the hash of its person's token (``LinkEnded`` once it holds the seat no
        more)."""
        text = " ".join(text.split())
        if not text:
            raise Invalid("a chat line needs some text")
        if len(text) > CHAT_LENGTH:
            raise Invalid(f"a chat line has at most {CHAT_LENGTH} characters, not {len(text)}")
        await self.read()
        assert self.lines is not None
        line = ChatLine(
            self.game_id,
            len(self.lines),
            SPECTATOR_SEAT if seat is None else seat,
            text,
            dt.datetime.now(dt.UTC),
            link,
        )
        try:
            await self.writer.chat(line)
        except (StorageUnavailable, LinkEnded):
            raise
        except StorageError:
            self.lines = None
            raise Conflict("another line was written at the same moment: send it again") from None
        if line.seq == len(self.lines):
            self.lines.append(line)
        self.heard()

    def __len__(self) -> int:
        return len(self.lines or [])

    def message(self, start: int) -> str:
        """The chat lines from ``start`` on, as the websocket sends them."""
        lines = self.lines or []
        return dumps(
            {
                "type": "chat",
                "start": start,
                "lines": [
                    {
                        "n": line.seq,
                        "seat": None if line.seat < 0 else self.seat_names[line.seat],
                        "spectator": line.seat < 0,
                        "text": line.text,
                        "at": line.at.astimezone(dt.UTC).isoformat(timespec="seconds"),
                    }
                    for line in lines[start:]
                ],
            }
        )
