"""Settings of the web table, from the environment or the ``stratagem serve`` options."""

from __future__ import annotations

import importlib.util
import os
from dataclasses import dataclass, field

import limits

from stratagem.analysis import Settings as AnalysisSettings
from stratagem.core import OptionError
from stratagem.server.analyses import LOCAL_RAY, TABLE_SETTINGS
from stratagem.server.hub import IDLE
from stratagem.server.mail import MailSettings
from stratagem.server.payloads import BOARD_BUDGET
from stratagem.server.storage import LOCK_TIMEOUT, MOST_TIMEOUT, STATEMENT_TIMEOUT, Timeouts
from stratagem.server.workers import BOT_SHARE, BOT_WORKERS
from stratagem.sim.ray_backend import host_and_port

DEFAULT_DATABASE = "sqlite:///stratagem.sqlite3"
DATABASE_ENV = "STRATAGEM_DATABASE_URL"
BOT_DELAY_ENV = "STRATAGEM_BOT_DELAY"
DEFAULT_BOT_DELAY = 0.6
"""Seconds a bot waits before it acts, so that people can follow (and take back)."""

DEFAULT_MAX_BODY = 64 * 1024
"""Bytes a request body may hold: a game's creation or an action is well under 2 KiB."""
RATE_LIMITS_ENV = "STRATAGEM_RATE_LIMITS"
RATE_CREATE_ENV = "STRATAGEM_RATE_CREATE"
RATE_ACT_ENV = "STRATAGEM_RATE_ACT"
RATE_CHAT_ENV = "STRATAGEM_RATE_CHAT"
TELEMETRY_ENV = "STRATAGEM_TELEMETRY"
SECURE_COOKIES_ENV = "STRATAGEM_SECURE_COOKIES"
DEFAULT_RATE_CREATE = "30/minute"
"""Games one client address may create: more than a lobby of friends ever needs."""
DEFAULT_RATE_ACT = "1200/minute"
"""Actions and take-backs one address may post (20 a second, all its seats together)."""
DEFAULT_RATE_CHAT = "20/minute"
"""Chat lines, seats taken and other changes at the table one address may post."""
WS_PER_ADDRESS_ENV = "STRATAGEM_WS_PER_ADDRESS"
WS_TOTAL_ENV = "STRATAGEM_WS_TOTAL"
REQUEST_TIMEOUT_ENV = "STRATAGEM_REQUEST_TIMEOUT"
TRUSTED_PROXIES_ENV = "STRATAGEM_TRUSTED_PROXIES"
DEFAULT_WS_PER_ADDRESS = 64
"""Websockets one client address may hold open: a page holds one; a household of players
and spectators behind one router holds a few dozen at most."""
DEFAULT_WS_TOTAL = 4096
"""Websockets the process holds open at most."""
DEFAULT_REQUEST_TIMEOUT = 10.0
"""Seconds a connection has to send a whole request (headers and body)."""
TABLE_IDLE_ENV = "STRATAGEM_TABLE_IDLE"
LOCK_TIMEOUT_ENV = "STRATAGEM_LOCK_TIMEOUT"
STATEMENT_TIMEOUT_ENV = "STRATAGEM_STATEMENT_TIMEOUT"
BOT_WORKERS_ENV = "STRATAGEM_BOT_WORKERS"
BOT_SHARE_ENV = "STRATAGEM_BOT_SHARE"
BOARD_CACHE_ENV = "STRATAGEM_BOARD_CACHE_BYTES"
RAY_ENV = "STRATAGEM_RAY"
_OFF = ("0", "false", "no", "off")
_ON = ("1", "true", "yes", "on")


def _env_rate_limits() -> bool:
    return os.environ.get(RATE_LIMITS_ENV, "").strip().lower() not in _OFF


def _env_rate_create() -> str:
    return os.environ.get(RATE_CREATE_ENV) or DEFAULT_RATE_CREATE


def _env_rate_act() -> str:
    return os.environ.get(RATE_ACT_ENV) or DEFAULT_RATE_ACT


def _env_rate_chat() -> str:
    return os.environ.get(RATE_CHAT_ENV) or DEFAULT_RATE_CHAT


def _env_seconds(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    try:
        return float(value) if value else default
    except ValueError:
        raise ValueError(f"{name}={value!r} is not a number of seconds") from None


def _env_timeouts() -> Timeouts:
    return Timeouts(
        lock=_env_seconds(LOCK_TIMEOUT_ENV, LOCK_TIMEOUT),
        statement=_env_seconds(STATEMENT_TIMEOUT_ENV, STATEMENT_TIMEOUT),
    )


def _env_count(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    try:
        return int(value) if value else default
    except ValueError:
        raise ValueError(f"{name}={value!r} is not a whole number") from None


def _env_ws_per_address() -> int:
    return _env_count(WS_PER_ADDRESS_ENV, DEFAULT_WS_PER_ADDRESS)


def _env_ws_total() -> int:
    return _env_count(WS_TOTAL_ENV, DEFAULT_WS_TOTAL)


def _env_request_timeout() -> float:
    return _env_seconds(REQUEST_TIMEOUT_ENV, DEFAULT_REQUEST_TIMEOUT)


def _env_trusted_proxies() -> tuple[str, ...]:
    value = os.environ.get(TRUSTED_PROXIES_ENV, "")
    return tuple(part.strip() for part in value.split(",") if part.strip())


def _env_table_idle() -> float:
    return _env_seconds(TABLE_IDLE_ENV, IDLE)


def _env_bot_workers() -> int:
    return _env_count(BOT_WORKERS_ENV, BOT_WORKERS)


def _env_bot_share() -> int:
    return _env_count(BOT_SHARE_ENV, BOT_SHARE)


def _env_board_cache() -> int:
    return _env_count(BOARD_CACHE_ENV, BOARD_BUDGET)


def _env_ray() -> str | None:
    return os.environ.get(RAY_ENV, "").strip() or None


def _env_telemetry() -> bool:
    return os.environ.get(TELEMETRY_ENV, "").strip().lower() in _ON


def _env_secure_cookies() -> bool:
    return os.environ.get(SECURE_COOKIES_ENV, "").strip().lower() in _ON


@dataclass(frozen=True, slots=True)
class Settings:
    """Where games are stored, how fast bots play, and the table's doors (``guards.py``).

    ``max_body`` bounds every request body (bytes). ``rate_create``, ``rate_act`` and
    ``rate_chat`` (chat lines, and seats taken, resigned, relinked, handed over or
    rematched) are per client address, in the notation of the ``limits`` library (``"30/minute"``,
    ``"5 per second"``); ``rate_limits=False`` turns them off (tests, the benchmark).
    They default to ``STRATAGEM_RATE_LIMITS`` (``off`` turns them off),
    ``STRATAGEM_RATE_CREATE``, ``STRATAGEM_RATE_ACT`` and ``STRATAGEM_RATE_CHAT``, read
    whenever a ``Settings`` is made, so that a caller that builds its settings field by
    field (``stratagem serve --database ...``) still honours them. A rate that
    ``limits`` cannot read is refused here, at start-up, not on the first request.

    ``timeouts``: how long a database statement waits for another's lock, and runs in
    all (PostgreSQL), before the request is answered 503 (``STRATAGEM_LOCK_TIMEOUT``,
    default 2 s, and ``STRATAGEM_STATEMENT_TIMEOUT``, default 4 s).

    ``ws_per_address`` and ``ws_total`` cap the websockets open from one client address
    and in all (``STRATAGEM_WS_PER_ADDRESS``, default 64; ``STRATAGEM_WS_TOTAL``, 4096);
    ``request_timeout`` is how long a connection has to send a whole request before it
    is dropped (``STRATAGEM_REQUEST_TIMEOUT``, 10 s); ``X-Forwarded-For`` is believed only
    from ``trusted_proxies`` (``STRATAGEM_TRUSTED_PROXIES``, addresses or networks
    separated by commas; none by default). See ``serving.py``.

    ``table_idle``: seconds after which a table with no connection and nothing to play
    is unloaded from memory (``STRATAGEM_TABLE_IDLE``, default 600; its memory is then
    given back to the system, ``memory.py``).

    ``bot_workers``: threads that think for bots and play chance
    (``STRATAGEM_BOT_WORKERS``, default 2); ``bot_share``: how many of them the games
    created by one client address may hold at once (``STRATAGEM_BOT_SHARE``, default 1;
    ``workers.py``). ``board_cache_bytes``: the bytes of drawn boards kept
    (``STRATAGEM_BOARD_CACHE_BYTES``, default 32 MiB; ``payloads.Boards``). ``analysis``:
    how hard the analyses of finished games look (``analyses.TABLE_SETTINGS``); ``ray``:
    where they run (``STRATAGEM_RAY``): unset, in a process of the table's own; ``local``,
    on a Ray cluster started on this machine; else on the Ray cluster at that address
    (``host:6379`` or ``ray://host:10001``; the extra ``ray`` installed).

    ``secure_cookies`` (``STRATAGEM_SECURE_COOKIES=on``) marks the session cookie of
    signed-in accounts Secure: set it when the table is served over HTTPS (a browser
    then never sends the cookie over plain HTTP); off by default, for plain HTTP on a
    local network.

    ``mail``: where turn reminders are sent from (``mail.py``), off unless
    ``STRATAGEM_SMTP_HOST`` names an SMTP server; ``STRATAGEM_SMTP_PORT`` (default 25),
    ``STRATAGEM_SMTP_FROM`` (the sender, default ``stratagem@localhost``),
    ``STRATAGEM_SMTP_USER`` and ``STRATAGEM_SMTP_PASSWORD`` (a login, if the server wants
    one), ``STRATAGEM_SMTP_STARTTLS=on`` (encrypt the connection first, the server's
    certificate checked), ``STRATAGEM_SMTP_CA_FILE`` (a PEM file of the authorities to
    trust for it instead of the system's), and ``STRATAGEM_PUBLIC_URL``, the table's
    address as people reach it, which the mails link to (default
    ``http://127.0.0.1:8000``).

    ``telemetry`` (``STRATAGEM_TELEMETRY=on``) lets FastAPI report each request to the
    OpenTelemetry providers configured in the process; off by default, since asking
    whether any is configured costs every request a few per cent of a busy server.
    """

    database_url: str = DEFAULT_DATABASE
    bot_delay: float = DEFAULT_BOT_DELAY
    max_body: int = DEFAULT_MAX_BODY
    rate_limits: bool = field(default_factory=_env_rate_limits)
    rate_create: str = field(default_factory=_env_rate_create)
    rate_act: str = field(default_factory=_env_rate_act)
    rate_chat: str = field(default_factory=_env_rate_chat)
    telemetry: bool = field(default_factory=_env_telemetry)
    secure_cookies: bool = field(default_factory=_env_secure_cookies)
    timeouts: Timeouts = field(default_factory=_env_timeouts)
    ws_per_address: int = field(default_factory=_env_ws_per_address)
    ws_total: int = field(default_factory=_env_ws_total)
    request_timeout: float = field(default_factory=_env_request_timeout)
    trusted_proxies: tuple[str, ...] = field(default_factory=_env_trusted_proxies)
    table_idle: float = field(default_factory=_env_table_idle)
    bot_workers: int = field(default_factory=_env_bot_workers)
    bot_share: int = field(default_factory=_env_bot_share)
    board_cache_bytes: int = field(default_factory=_env_board_cache)
    analysis: AnalysisSettings = TABLE_SETTINGS
    ray: str | None = field(default_factory=_env_ray)
    mail: MailSettings = field(default_factory=MailSettings)

    def __post_init__(self) -> None:
        if self.ray is not None:
            if importlib.util.find_spec("ray") is None:
                raise ValueError("ray: analyses on Ray need Ray: pip install 'stratagem[ray]'")
            if self.ray != LOCAL_RAY:
                try:
                    host_and_port(self.ray)
                except OptionError as error:
                    raise ValueError(f"ray: {error}") from None
        if self.max_body < 1:
            raise ValueError(f"max_body must be at least 1 byte, not {self.max_body}")
        if min(self.ws_per_address, self.ws_total) < 1:
            raise ValueError("ws_per_address and ws_total must be at least 1")
        if not 1 <= self.bot_share <= self.bot_workers:
            raise ValueError(
                f"bot_share must be 1 to bot_workers ({self.bot_workers}), not {self.bot_share}"
            )
        if self.board_cache_bytes < 0:
            raise ValueError(f"board_cache_bytes must be 0 or more, not {self.board_cache_bytes}")
        if self.table_idle <= 0:
            raise ValueError(f"table_idle must be over 0 s, not {self.table_idle}")
        if not 0 < self.request_timeout <= MOST_TIMEOUT:
            raise ValueError(
                f"request_timeout is {self.request_timeout} s; it must be over 0 and at "
                f"most {MOST_TIMEOUT} s"
            )
        rates = (
            ("rate_create", self.rate_create),
            ("rate_act", self.rate_act),
            ("rate_chat", self.rate_chat),
        )
        for name, rate in rates:
            try:
                count = len(limits.parse_many(rate))
            except ValueError:
                count = 0
            if count != 1:
                raise ValueError(
                    f"{name}: {rate!r} is not one rate such as '30/minute' or '5 per second'"
                )

    @classmethod
    def from_env(cls) -> Settings:
        """``STRATAGEM_DATABASE_URL`` and ``STRATAGEM_BOT_DELAY``, else the defaults (the
        rate limits always follow their own variables, see the class)."""
        delay = os.environ.get(BOT_DELAY_ENV)
        return cls(
            database_url=os.environ.get(DATABASE_ENV) or DEFAULT_DATABASE,
            bot_delay=float(delay) if delay else DEFAULT_BOT_DELAY,
        )
