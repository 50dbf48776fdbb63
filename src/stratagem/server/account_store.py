"""Accounts as stored: a person's name, password hash and e-mail settings, their signed-in
sessions, and the seat links their account holds.

An account is optional: a seat's secret link works without one. A signed-in person who
creates or joins a game has the seat bound to their account (``seats.account_id``), and
the account keeps the seat's link (``account_links``), so that "your games" follows them
to every browser they sign in from. A kept link counts only while it is still its seat's
link (its hash is the seat's ``token_hash``): a seat given a new link drops out of the
account's games by itself. The link is kept as it is, not hashed: the account's sessions
must hand it back to the page. Whoever reads the database reads every hidden card of every
game in its logs already; the links add the power to act (``docs/DECISIONS.md``).

A session is a random token in an HttpOnly cookie; only its SHA-256 is stored, with the
session's CSRF token, which every change made on the cookie's word must carry
(``auth.py``). Deleting an account ends its sessions, forgets its name, password, e-mail
and links, and keeps its row, so that its games show "deleted player" in its seats.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from stratagem.server.storage import Base, SeatRow, Store, as_utc, db_call, utc_now
from stratagem.server.tokens import token_hash

SESSION_DAYS = 30
"""Days a sign-in lasts."""
FAILURES_ALLOWED = 5
"""Wrong passwords given for one name before its sign-ins wait (``FAILURE_WINDOW``)."""
FAILURE_WINDOW = dt.timedelta(minutes=15)
"""How long wrong passwords are counted together, and sign-ins wait after too many."""


class AccountRow(Base):
    """One account (its name, password and e-mail are gone once it is deleted)."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(24), nullable=True)
    name_key: Mapped[str | None] = mapped_column(String(24), nullable=True, unique=True)
    """The name folded to lower case: names are unique whatever their case."""
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    remind: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether the person asked for an e-mail when it becomes their turn."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    deleted_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    failures: Mapped[int] = mapped_column(Integer, default=0)
    """Wrong passwords given since ``failures_since``."""
    failures_since: Mapped[dt.datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True
    )


class SessionRow(Base):
    """A signed-in browser: the hash of its cookie's token, and its CSRF token."""

    __tablename__ = "sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    csrf: Mapped[str] = mapped_column(String(64))
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class AccountLinkRow(Base):
    """A seat link an account holds (valid while its hash is its seat's ``token_hash``)."""

    __tablename__ = "account_links"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    token: Mapped[str] = mapped_column(String(64))


@dataclass(frozen=True, slots=True)
class Account:
    """An account as its person and the table see it."""

    id: str
    name: str
    email: str | None = None
    remind: bool = False
    created_at: dt.datetime | None = None


@dataclass(frozen=True, slots=True)
class SignedIn:
    """A live session: whose it is, and the CSRF token its changes must carry."""

    account: Account
    csrf: str
    id_hash: str


@dataclass(frozen=True, slots=True)
class HeldSeat:
    """A seat bound to an account: its game, seat number, and the link the account holds
    (``None``: the account is invited to this open seat and has not taken it yet)."""

    game_id: str
    seat: int
    link: str | None


class NameTaken(ValueError):
    """Another account has this name (whatever its case)."""


def _account(row: AccountRow) -> Account:
    return Account(row.id, row.name or "", row.email, row.remind, as_utc(row.created_at))


class AccountStore:
    """The accounts of a table's database; every method is one short transaction (call
    off the event loop)."""

    def __init__(self, store: Store) -> None:
        self.engine = store.engine

    @db_call
    def sign_up(self, name: str, password_hash: str, email: str | None = None) -> Account:
        """A new account; ``NameTaken`` if the name (folded) is another account's."""
        row = AccountRow(
            id=secrets.token_urlsafe(12),
            name=name,
            name_key=name.casefold(),
            password_hash=password_hash,
            email=email,
            created_at=utc_now(),
            remind=False,
            failures=0,
        )
        try:
            with Session(self.engine, expire_on_commit=False) as session, session.begin():
                session.add(row)
        except IntegrityError:
            raise NameTaken(f"the name {name!r} is taken") from None
        return _account(row)

    @db_call
    def named(self, name: str) -> tuple[Account, str] | None:
        """The live account called ``name`` (any case) and its password hash."""
        with Session(self.engine) as session:
            row = session.scalar(
                select(AccountRow).where(
                    AccountRow.name_key == name.casefold(), AccountRow.deleted_at.is_(None)
                )
            )
            if row is None or row.password_hash is None:
                return None
            return _account(row), row.password_hash

    @db_call
    def get(self, account_id: str) -> Account | None:
        """The live account ``account_id``."""
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            return None if row is None or row.deleted_at is not None else _account(row)

    @db_call
    def password_hash(self, account_id: str) -> str | None:
        """The live account's password hash."""
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            return None if row is None or row.deleted_at is not None else row.password_hash

    # -- wrong passwords ----------------------------------------------------------------

    @db_call
    def waiting(self, name: str) -> float:
        """Seconds sign-ins to ``name`` must wait after too many wrong passwords (0: none)."""
        with Session(self.engine) as session:
            row = session.scalar(select(AccountRow).where(AccountRow.name_key == name.casefold()))
            since = None if row is None else as_utc(row.failures_since)
            if row is None or since is None or row.failures < FAILURES_ALLOWED:
                return 0.0
            left = (since + FAILURE_WINDOW - utc_now()).total_seconds()
            return max(0.0, left)

    @db_call
    def failed(self, name: str) -> None:
        """Count a wrong password given for ``name`` (a new window once the last ended)."""
        now = utc_now()
        with Session(self.engine) as session, session.begin():
            row = session.scalar(
                select(AccountRow).where(AccountRow.name_key == name.casefold()).with_for_update()
            )
            if row is None:
                return
            since = as_utc(row.failures_since)
            if since is None or now - since >= FAILURE_WINDOW:
                row.failures, row.failures_since = 1, now
            else:
                row.failures += 1

    # -- sessions -----------------------------------------------------------------------

    @db_call
    def open_session(self, account_id: str) -> tuple[str, str]:
        """A new session for the account: its cookie's token and its CSRF token (the
        account's count of wrong passwords starts again)."""
        token, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        expires = utc_now() + dt.timedelta(days=SESSION_DAYS)
        with Session(self.engine) as session, session.begin():
            session.add(
                SessionRow(
                    id_hash=token_hash(token), account_id=account_id, csrf=csrf, expires_at=expires
                )
            )
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(failures=0, failures_since=None)
            )
        return token, csrf

    @db_call
    def session(self, token: str) -> SignedIn | None:
        """The live session whose cookie holds ``token`` (``None``: ended, expired, or its
        account deleted)."""
        hashed = token_hash(token)
        with Session(self.engine) as session:
            found = session.execute(
                select(SessionRow, AccountRow)
                .join(AccountRow, AccountRow.id == SessionRow.account_id)
                .where(SessionRow.id_hash == hashed)
            ).one_or_none()
            if found is None:
                return None
            row, account = found
            expires = as_utc(row.expires_at)
            if account.deleted_at is not None or expires is None or expires <= utc_now():
                return None
            return SignedIn(_account(account), row.csrf, hashed)

    @db_call
    def end_session(self, id_hash: str) -> None:
        """Sign a browser out."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.id_hash == id_hash))

    # -- the account's changes ------------------------------------------------------------

    @db_call
    def change_password(self, account_id: str, password_hash: str, keep: str) -> None:
        """A new password; every session but ``keep`` (the hash of the asking one) ends."""
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )
            session.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account_id, SessionRow.id_hash != keep
                )
            )

    @db_call
    def set_email(self, account_id: str, email: str | None, remind: bool) -> Account | None:
        """The account's e-mail address and whether it wants turn reminders."""
        with Session(self.engine) as session, session.begin():
            row = session.get(AccountRow, account_id)
            if row is None or row.deleted_at is not None:
                return None
            row.email, row.remind = email, remind and email is not None
            return _account(row)

    @db_call
    def delete(self, account_id: str) -> None:
        """Delete the account: its sessions end, its name is free again, its password,
        e-mail and links are forgotten; its seats keep it, shown as "deleted player";
        its invitations to open seats are withdrawn."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(SessionRow).where(SessionRow.account_id == account_id))
            session.execute(delete(AccountLinkRow).where(AccountLinkRow.account_id == account_id))
            session.execute(
                update(SeatRow)
                .where(SeatRow.account_id == account_id, SeatRow.controller == "open")
                .values(account_id=None)
            )
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(
                    name=None,
                    name_key=None,
                    password_hash=None,
                    email=None,
                    remind=False,
                    deleted_at=utc_now(),
                )
            )

    # -- seats ------------------------------------------------------------------------------

    @db_call
    def keep_link(self, account_id: str, token: str) -> None:
        """The account holds seat link ``token`` (its seat bound to the account)."""
        with Session(self.engine) as session, session.begin():
            session.merge(
                AccountLinkRow(account_id=account_id, token_hash=token_hash(token), token=token)
            )

    @db_call
    def seats(self, account_id: str) -> list[HeldSeat]:
        """The seats bound to the account, newest game first: with the link it holds
        while that is still the seat's link, or none for an invitation to an open seat."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(SeatRow.game_id, SeatRow.seat, SeatRow.controller, AccountLinkRow.token)
                .outerjoin(
                    AccountLinkRow,
                    (AccountLinkRow.account_id == SeatRow.account_id)
                    & (AccountLinkRow.token_hash == SeatRow.token_hash),
                )
                .where(SeatRow.account_id == account_id)
            ).all()
        return [
            HeldSeat(row.game_id, row.seat, row.token)
            for row in rows
            if row.token is not None or row.controller == "open"
        ]

    @db_call
    def reminder_address(self, game_id: str, seat: int) -> str | None:
        """Where to send ``seat``'s turn reminders: the e-mail of the live account bound
        to it, if that account asked for them."""
        with Session(self.engine) as session:
            return session.scalar(
                select(AccountRow.email)
                .join(SeatRow, SeatRow.account_id == AccountRow.id)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    AccountRow.deleted_at.is_(None),
                    AccountRow.remind.is_(True),
                )
            )
