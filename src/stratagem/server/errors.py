"""Refusals of the web table: each carries the HTTP status it is answered with."""

from __future__ import annotations

from stratagem.core import StratagemError


class Refused(StratagemError):
    """A request the table refuses; nothing was changed. ``status`` is its HTTP status."""

    status = 400


class NotFound(Refused):
    """No such game (or no such step of its replay)."""

    status = 404


class Unauthorized(Refused):
    """The request needs a signed-in account, or its name and password did not match."""

    status = 401


class SessionEnded(Unauthorized):
    """The request's session cookie names a session that has ended (its answer takes the
    cookie back)."""


class Forbidden(Refused):
    """The request's token is missing or matches no seat of the game."""

    status = 403


class Conflict(Refused):
    """Not now: another seat is to move, the game is over, or it moved on since."""

    status = 409


class LostRace(Conflict):
    """Another process appended to the game's log first: nothing of this change was
    stored, and the table reads the log again before its next change."""


class Invalid(Refused):
    """A request the rules refuse: an unknown or illegal action, bad options or seats."""

    status = 422


class TooMany(Refused):
    """More work of one client address waiting than the table queues for it (replays)."""

    status = 429


class Unreadable(Refused):
    """A game whose stored record cannot be replayed: it is set aside (the server's log
    says why; the reason is not repeated here, as it may quote hidden moves)."""

    status = 500

    def __init__(self, game_id: str) -> None:
        super().__init__(
            f"game {game_id}'s stored record cannot be read; it is set aside "
            "(the server's log says why)"
        )


class BadFrame(StratagemError):
    """A websocket message the table cannot read: the socket is closed with ``code``
    (1003: not text, 1007: not JSON, 1008: not the message expected)."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(reason)
        self.code = code
