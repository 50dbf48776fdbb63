"""Turn reminders by e-mail, for people who have no page of the game open.

When it becomes a person's turn (``Table._store`` sees the person to act change), and a
timed game's seat with the ``remind`` consequence runs out of time (``clocks``), the seat
may be sent one e-mail: if reminders are on (an SMTP host is set), no page of that game is
open for the seat in any process (``presence``), and the account bound to the seat asked
for reminders (``AccountStore.reminder_address``). What was sent is noted in the database
first (``Store.note_reminder``, one row per game, seat, turn and kind), so two processes or
a restart never send one twice.

The mail names the game, its title and the seat, and links to the game's page, never to
the seat's link: a seat's secret never travels by e-mail (its person opens the seat from
"your games" once signed in). It is sent on a thread, after the move is stored and
answered: a slow or failing SMTP server delays no move, and its failure is logged.

With STARTTLS the server's certificate is checked (``deliver``) against the system's
authorities, or those of ``STRATAGEM_SMTP_CA_FILE`` for a relay with a private one, and
against the host's name, before any login or mail goes over the connection: a login and
the mails are never sent to a server that could be anybody.
"""

from __future__ import annotations

import asyncio
import logging
import os
import smtplib
import ssl
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import TYPE_CHECKING, Literal

from stratagem.server.account_store import AccountStore
from stratagem.server.presence import Presence
from stratagem.server.storage import Store

if TYPE_CHECKING:
    from stratagem.server.table import Table

SMTP_HOST_ENV = "STRATAGEM_SMTP_HOST"
SMTP_PORT_ENV = "STRATAGEM_SMTP_PORT"
SMTP_FROM_ENV = "STRATAGEM_SMTP_FROM"
SMTP_USER_ENV = "STRATAGEM_SMTP_USER"
SMTP_PASSWORD_ENV = "STRATAGEM_SMTP_PASSWORD"
SMTP_STARTTLS_ENV = "STRATAGEM_SMTP_STARTTLS"
SMTP_CA_FILE_ENV = "STRATAGEM_SMTP_CA_FILE"
PUBLIC_URL_ENV = "STRATAGEM_PUBLIC_URL"
DEFAULT_PORT = 25
DEFAULT_SENDER = "stratagem@localhost"
DEFAULT_PUBLIC_URL = "http://127.0.0.1:8000"
SMTP_TIMEOUT = 20.0
"""Seconds a connection to the SMTP server may take to answer."""
Kind = Literal["turn", "late"]
"""A reminder that a turn began, or that a seat's time per move ran out."""
log = logging.getLogger(__name__)


def _env_port() -> int:
    value = os.environ.get(SMTP_PORT_ENV, "").strip()
    try:
        return int(value) if value else DEFAULT_PORT
    except ValueError:
        raise ValueError(f"{SMTP_PORT_ENV}={value!r} is not a port number") from None


def _env_text(name: str) -> str | None:
    return os.environ.get(name, "").strip() or None


@dataclass(frozen=True, slots=True)
class MailSettings:
    """Where reminders are sent from (``Settings.mail``); off unless ``host`` is set."""

    host: str | None = field(default_factory=lambda: _env_text(SMTP_HOST_ENV))
    port: int = field(default_factory=_env_port)
    sender: str = field(default_factory=lambda: _env_text(SMTP_FROM_ENV) or DEFAULT_SENDER)
    user: str | None = field(default_factory=lambda: _env_text(SMTP_USER_ENV))
    password: str | None = field(default_factory=lambda: _env_text(SMTP_PASSWORD_ENV), repr=False)
    starttls: bool = field(
        default_factory=lambda: (
            (_env_text(SMTP_STARTTLS_ENV) or "").lower() in ("1", "true", "yes", "on")
        )
    )
    ca_file: str | None = field(default_factory=lambda: _env_text(SMTP_CA_FILE_ENV))
    """The authorities (PEM) a STARTTLS server's certificate must come from, instead of the
    system's."""
    public_url: str = field(
        default_factory=lambda: (_env_text(PUBLIC_URL_ENV) or DEFAULT_PUBLIC_URL).rstrip("/")
    )

    def __post_init__(self) -> None:
        if not 0 < self.port < 65536:
            raise ValueError(f"the SMTP port must be 1 to 65535, not {self.port}")
        if self.ca_file is not None and not os.path.isfile(self.ca_file):
            raise ValueError(f"{SMTP_CA_FILE_ENV}={self.ca_file!r} is not a file")
        if not self.public_url.startswith(("http://", "https://")):
            raise ValueError(
                f"the public URL must start with http:// or https://, not {self.public_url!r}"
            )

    @property
    def enabled(self) -> bool:
        """Whether reminders are sent at all."""
        return self.host is not None


def compose(
    settings: MailSettings, table: Table, seat: int, address: str, kind: Kind
) -> EmailMessage:
    """The reminder to ``address`` for ``seat`` of ``table``: the game's title, the seat
    and the game page's link (no seat link: its secret stays off e-mail)."""
    title, name = table.info.title, table.game.seat_names[seat]
    page = f"{settings.public_url}/games/{table.record.id}"
    message = EmailMessage()
    message["From"] = settings.sender
    message["To"] = address
    if kind == "turn":
        message["Subject"] = f"Your turn: {title} ({name})"
        first = f"It is your turn as {name} in {title}."
    else:
        message["Subject"] = f"Your time is up: {title} ({name})"
        first = f"Your time for this move as {name} in {title} has run out; the game waits for you."
    message.set_content(
        f"{first}\n\nThe game: {page}\n"
        'Sign in there and open your seat from "your games".\n\n'
        "You get this because your account asked for turn reminders; turn them off on "
        "your account's page.\n"
    )
    return message


class Reminders:
    """Sends one process's turn reminders (``enabled`` only with an SMTP host)."""

    def __init__(self, store: Store, presence: Presence, settings: MailSettings) -> None:
        self.store = store
        self.accounts = AccountStore(store)
        self.presence = presence
        self.settings = settings
        self.enabled = settings.enabled
        self._tasks: set[asyncio.Task[None]] = set()

    def turn_began(self, table: Table, seat: int, turn: int) -> None:
        """It became ``seat``'s turn when the log reached ``turn`` entries: remind it, in
        the background, if it is to be."""
        self._start(table, seat, turn, "turn")

    def late(self, table: Table, seat: int, entry: int) -> None:
        """``seat``'s time ran out (the log's entry ``entry`` says so): remind it."""
        self._start(table, seat, entry, "late")

    def _start(self, table: Table, seat: int, turn: int, kind: Kind) -> None:
        if not self.enabled:
            return
        task = asyncio.create_task(self._remind(table, seat, turn, kind))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _remind(self, table: Table, seat: int, turn: int, kind: Kind) -> None:
        game_id = table.record.id
        try:
            if table.record.seats[seat].account is None:
                return  # no account, no address: nothing to look up
            if await self.presence.connected(table, seat):
                return  # a page of the game is open for the seat: it sees its turn there
            address = await asyncio.to_thread(self.accounts.reminder_address, game_id, seat)
            if address is None:
                return
            if not await asyncio.to_thread(self.store.note_reminder, game_id, seat, turn, kind):
                return  # sent already, by this process or another
            message = compose(self.settings, table, seat, address, kind)
            await asyncio.to_thread(deliver, self.settings, message)
        except Exception:  # a reminder never fails a move: it is logged and dropped
            log.exception("turn reminder for game %s, seat %d not sent", game_id, seat)

    @property
    def busy(self) -> bool:
        """Whether a reminder is being looked into or sent."""
        return bool(self._tasks)

    async def close(self) -> None:
        """Let the reminders being sent finish."""
        if self._tasks:
            await asyncio.wait(set(self._tasks), timeout=SMTP_TIMEOUT)


def deliver(settings: MailSettings, message: EmailMessage) -> None:
    """Hand ``message`` to the SMTP server of ``settings``: first STARTTLS, if set, with the
    server's certificate and name checked (``ssl.create_default_context``, trusting
    ``ca_file`` if given; a server that fails the check gets nothing more), then the login,
    if a user is set. Raises what ``smtplib`` and ``ssl`` raise."""
    host = settings.host
    if host is None:
        raise ValueError("reminders are off: no SMTP host is set")
    with smtplib.SMTP(host, settings.port, timeout=SMTP_TIMEOUT) as smtp:
        if settings.starttls:
            smtp.starttls(context=ssl.create_default_context(cafile=settings.ca_file))
        if settings.user is not None:
            smtp.login(settings.user, settings.password or "")
        smtp.send_message(message)
