"""Names and passwords: what an account may be called, what password it may have, and the
password's hash (argon2id, by ``pwdlib``'s recommended hasher).

A password is refused when it is shorter than ``SHORTEST`` or longer than ``LONGEST``
characters, when it holds the account's name, when it is a single character repeated,
or when it is among the commonest passwords (``COMMON``).
"""

from __future__ import annotations

import re

from pwdlib import PasswordHash

from stratagem.server.errors import Invalid
from stratagem.server.storage import DELETED_PLAYER

SHORTEST = 10
LONGEST = 128
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,23}")
"""An account's name: 3 to 24 letters, digits, ``_`` or ``-``, starting with a letter."""
RESERVED = frozenset({"deleted", "spectator", "creator", "chance", "admin", "stratagem"})
"""Names nobody may take (folded to lower case)."""
COMMON = frozenset(
    {
        "1234567890",
        "0123456789",
        "1q2w3e4r5t",
        "qwertyuiop",
        "password12",
        "password123",
        "password1234",
        "passw0rd123",
        "iloveyou12",
        "letmein123",
        "welcome123",
        "abc1234567",
        "abcdefghij",
        "qwerty1234",
        "1qaz2wsx3edc",
        "administrator",
        "changeme123",
        "football123",
        "baseball123",
        "sunshine123",
    }
)
"""The commonest passwords of ``SHORTEST`` characters or more (in lower case)."""

_HASHER = PasswordHash.recommended()


def check_name(name: str) -> str:
    """``name`` if an account may be called so; refused (422) otherwise."""
    if not NAME.fullmatch(name):
        raise Invalid(
            "a name is 3 to 24 letters, digits, '_' or '-', starting with a letter: "
            f"{name[:40]!r} is not"
        )
    if name.casefold() in RESERVED or name.casefold() == DELETED_PLAYER:
        raise Invalid(f"the name {name!r} is reserved")
    return name


def check_password(password: str, name: str) -> str:
    """``password`` if it is strong enough for the account ``name``; refused (422)
    otherwise, saying why."""
    if len(password) < SHORTEST:
        raise Invalid(f"the password is too short: at least {SHORTEST} characters")
    if len(password) > LONGEST:
        raise Invalid(f"the password is too long: at most {LONGEST} characters")
    folded = password.casefold()
    if name.casefold() in folded:
        raise Invalid("the password may not contain the account's name")
    if len(set(password)) == 1 or folded in COMMON:
        raise Invalid("the password is too easy to guess: choose a less common one")
    return password


def hash_password(password: str) -> str:
    """The stored form of a password (argon2id, with its own salt and parameters)."""
    return _HASHER.hash(password)


def verify_password(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from."""
    return len(password) <= LONGEST and _HASHER.verify(password, stored)


def spend_a_verification(password: str) -> None:
    """Take as long as checking a password does, for a name that has no account: a
    sign-in's time must not tell whether a name exists."""
    _HASHER.verify(password[:LONGEST], _DUMMY)


_DUMMY = _HASHER.hash("no account has this password")
