"""Request and response bodies of the accounts' API (``accounts_api.py``)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from stratagem.server.models import RequestBody
from stratagem.server.passwords import LONGEST

PASSWORD_FIELD = Field(min_length=1, max_length=LONGEST * 4)
"""A password as received: its own rules (``passwords.check_password``) say what is too
short or too long, in words; this bound only keeps an absurd body out."""


class SignUp(RequestBody):
    """A new account's name and password, and optionally its e-mail address."""

    name: str = Field(min_length=1, max_length=64, examples=["margaret"])
    password: str = PASSWORD_FIELD
    email: str | None = Field(default=None, max_length=254)


class SignIn(RequestBody):
    """A name and its password."""

    name: str = Field(min_length=1, max_length=64)
    password: str = PASSWORD_FIELD


class NewPassword(RequestBody):
    """The password now, and the one to have from now on."""

    password: str = PASSWORD_FIELD
    new_password: str = PASSWORD_FIELD


class Reminders(RequestBody):
    """Where to send turn reminders, and whether to (none: no address, no reminders)."""

    email: str | None = Field(default=None, max_length=254)
    remind: bool = False


class DeleteAccount(RequestBody):
    """The password, to be sure it is the account's person who deletes it."""

    password: str = PASSWORD_FIELD


class Me(BaseModel):
    """The signed-in account, and the CSRF token its changes carry (``X-CSRF-Token``)."""

    name: str
    email: str | None
    remind: bool
    csrf: str


class MySeat(BaseModel):
    """A seat bound to the signed-in account: with its link, or an invitation to join."""

    id: str
    game: str
    title: str
    seat: str
    seat_index: int
    link: str | None = Field(description="The seat's link; none while it is an invitation.")
    invited: bool
