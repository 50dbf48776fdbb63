"""Refusals of the web table: each carries the HTTP status it is answered with."""

from __future__ import annotations

from stratagem.core import StratagemError


class Refused(StratagemError):
    """A request the table refuses; nothing was changed. ``status`` is its HTTP status."""

    status = 400


class NotFound(Refused):
    """No such game (or no such step of its replay)."""

    status = 404


class Forbidden(Refused):
    """The request's token is missing or matches no seat of the game."""

    status = 403


class Conflict(Refused):
    """Not now: another seat is to move, the game is over, or it moved on since."""

    status = 409


class Invalid(Refused):
    """A request the rules refuse: an unknown or illegal action, bad options or seats."""

    status = 422
