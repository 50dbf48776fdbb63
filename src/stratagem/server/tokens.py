"""Secret seat tokens and public game ids.

A seat's link carries a token of 256 random bits (``secrets.token_urlsafe(32)``). Only its
SHA-256 is stored, so the database alone lets nobody in; a token presented by a browser is
hashed and compared with each seat's stored hash by ``hmac.compare_digest``, in constant
time, and every seat is compared whether or not an earlier one matched.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable

TOKEN_BYTES = 32
GAME_ID_BYTES = 12


def new_token() -> str:
    """A fresh seat token (43 URL-safe characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def new_game_id() -> str:
    """A fresh public game id (16 URL-safe characters): unguessable, but not a secret."""
    return secrets.token_urlsafe(GAME_ID_BYTES)


def token_hash(token: str) -> str:
    """The stored form of a token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def seat_of_token(token: str, hashes: Iterable[tuple[int, str | None]]) -> int | None:
    """The seat whose stored hash matches ``token``, or ``None``; constant-time per seat."""
    return seat_of_hash(token_hash(token), hashes)


def seat_of_hash(presented: str, hashes: Iterable[tuple[int, str | None]]) -> int | None:
    """The seat whose stored hash is ``presented`` (a token already hashed: an open
    connection keeps only its token's hash), or ``None``; constant-time per seat."""
    found: int | None = None
    for seat, stored in hashes:
        if stored is not None and hmac.compare_digest(presented, stored):
            found = seat
    return found
