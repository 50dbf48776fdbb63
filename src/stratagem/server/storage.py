"""Storage of the web table: each game's creation record and its append-only action log.

A game is stored as what made it (game, options, seed, seats) and the list of accepted
log entries. Nothing else is stored: a state is rebuilt by replaying the log. An entry is
either an action (``act``: a seat's or chance's, by its canonical text) or a take-back
(``undo``), which withdraws the last action still standing; entries are never changed or
deleted, so the log is the whole story of the game, take-backs included.

Each entry is written in its own transaction, numbered ``seq`` from 0; the primary key
``(game_id, seq)`` refuses a second writer of the same number, so two processes can never
both extend a game from the same point. SQLite is the default (a file, WAL journal,
``synchronous=FULL``), PostgreSQL when the URL names one; the schema is made and changed
by Alembic migrations only (``migrate``).
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal, ParamSpec, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    column,
    create_engine,
    event,
    func,
    insert,
    select,
    table,
    text,
    update,
)
from sqlalchemy.engine import make_url
from sqlalchemy.exc import (
    ArgumentError,
    DataError,
    DBAPIError,
    IntegrityError,
    NoSuchModuleError,
)
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column

from stratagem.core import StratagemError
from stratagem.server.pace import Pace, Turn

MIGRATIONS = Path(__file__).parent / "migrations"
CHANCE_SEAT = -1
"""The ``seat`` of an entry that records a chance outcome."""
STORE_BACKENDS = ("sqlite", "postgresql")
URL_EXAMPLES = "e.g. sqlite:///stratagem.sqlite3 or postgresql://user:password@host/database"

EntryKind = Literal["act", "undo", "table"]
"""``act``: a seat's or chance's action; ``undo``: a take-back; ``table``: a change at the
table that is no move of the game (a seat taken, resigned or handed to a bot, a new link,
a rematch), its facts as JSON in ``action`` (see ``stratagem.server.seating``)."""
DELETED_PLAYER = "deleted player"
"""The name shown for a seat whose account was deleted (its games stay)."""
_ACCOUNTS = table("accounts", column("id"), column("name"))
"""The accounts' names, as the seats' records read them (``account_store`` owns the table)."""
SPECTATOR_SEAT = -1
"""The ``seat`` of a chat line written by a spectator."""


NOTIFY_CHANNEL = "stratagem_entries"
"""PostgreSQL channel on which every commit announces its appends, a line
``<game id> <new log length>`` each."""
LOCK_TIMEOUT = 2.0
"""Seconds a statement waits for another writer's lock before it gives up (SQLite's busy
timeout, PostgreSQL's ``lock_timeout``)."""
STATEMENT_TIMEOUT = 4.0
"""Seconds a PostgreSQL statement may run before it is cancelled."""
MOST_TIMEOUT = 600.0
POOL_WAIT = 3
"""Seconds a request waits for a free PostgreSQL connection of the pool."""
CONNECT_WAIT = 5
"""Seconds a new PostgreSQL connection may take to open."""
MIGRATE_LOCK = 0x53545241544147
"""PostgreSQL advisory lock key held while one process migrates the schema."""

P = ParamSpec("P")
R = TypeVar("R")


class StorageError(StratagemError):
    """The database refused a write (another writer got there first) or was unreadable."""


class LeaseLost(StorageError):
    """A driver's append came after its lease went with its database session: nothing
    was written, and another process may be driving the game."""


class StorageUnavailable(StorageError):
    """The database cannot be reached or is locked now; nothing was written. Try again."""


class LinkEnded(StorageError):
    """A seat's chat line came after the speaker's link lost that seat (a new link, a
    resignation, a hand-over, possibly by another process): nothing was written."""


class StorageRefused(StratagemError):
    """The database refused a value of this write (a character it cannot store, say):
    nothing was written, and the same write would be refused again. It is no
    ``StorageError``: the log is as it was, and no other write is to blame."""


def _reason(error: DBAPIError) -> str:
    """The driver's message in one line (libpq's run on over several)."""
    lines = str(error.orig).strip().splitlines() if error.orig else []
    return lines[0] if lines else type(error).__name__


def db_call(method: Callable[P, R]) -> Callable[P, R]:
    """Turn the driver's connection, lock and timeout errors into ``StorageUnavailable``
    (as a connection pool with none free in time), and a value the database refuses into
    ``StorageRefused``."""

    @functools.wraps(method)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except IntegrityError:
            raise
        except DataError as error:
            raise StorageRefused(f"the database refused a value ({_reason(error)})") from None
        except DBAPIError as error:
            raise StorageUnavailable(f"the database is unavailable ({_reason(error)})") from None
        except PoolTimeout:
            raise StorageUnavailable(
                f"the database is unavailable (no connection came free in {POOL_WAIT} s)"
            ) from None

    return guarded


class Base(DeclarativeBase):
    """Declarative base of the web table's tables."""


class GameRow(Base):
    """The creation record of one game."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    finished: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    driver: Mapped[bool] = mapped_column(Boolean, default=True, index=True)
    """Whether chance or a bot is to act (someone must play them)."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    public: Mapped[bool] = mapped_column(Boolean, default=False, index=True)
    """Listed in the lobby while it has open seats."""
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The hash of the creator's secret token (new links, absent seats to bots)."""
    hand_over_after: Mapped[int] = mapped_column(Integer, default=600)
    """Seconds a seat must have kept the others waiting before the creator may hand it to
    a bot."""
    rematch: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The id of this game's rematch, once one is made."""
    pace: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """``live``, ``fast`` or ``slow`` (``pace.py``); ``None``: untimed."""
    per_move: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A timed game's seconds a move."""
    on_timeout: Mapped[str | None] = mapped_column(String(8), nullable=True)
    """What a timed game's seat out of time gets: ``remind``, ``bot`` or ``lose``."""
    turn_seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """A timed game's person to act, whose clock runs (``pace.Turn``)."""
    turn_since: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Since when that seat's clock runs."""
    turn_due: Mapped[dt.datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )
    """Its deadline, while its consequence is still to apply (the supervisors look for it)."""
    turn_prior: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """Since when the turn before ran (a take-back gives it back)."""
    rated: Mapped[bool] = mapped_column(Boolean, default=False)
    """Whether its players' ratings count it, if every seat has an account (``ratings``)."""


class SeatRow(Base):
    """Who plays one seat: ``human`` (with the hash of its secret token) or a bot's name."""

    __tablename__ = "seats"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(64))
    controller: Mapped[str] = mapped_column(String(32))
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    since: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    """When the seat was last filled (created, taken, handed over)."""
    account_id: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """The account whose person plays the seat (or played it until a bot took over), or
    is invited to take it while it is open (``account_store``)."""


class EntryRow(Base):
    """One entry of a game's append-only log."""

    __tablename__ = "entries"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """One line of a game's chat."""

    __tablename__ = "chat"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class ReminderRow(Base):
    """A turn reminder sent (or being sent): at most one per game, seat, turn and kind,
    whichever process sends it (``mail.Reminders``)."""

    __tablename__ = "reminders"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    turn: Mapped[int] = mapped_column(Integer, primary_key=True)
    """The log's length when the turn began (``turn``), or the number of the entry that
    said the seat ran out of time (``late``)."""
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    sent_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class PresenceRow(Base):
    """A process holds a connection seeing as a seat (``presence``): renewed by its
    heartbeat, it counts while ``seen_at`` is recent."""

    __tablename__ = "presence"

    game_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    process: Mapped[str] = mapped_column(String(32), primary_key=True)
    seen_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), index=True)


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat as stored: ``controller`` is ``human``, ``open`` (waiting for a person) or
    a bot's name."""

    seat: int
    name: str
    controller: str
    token_hash: str | None
    since: dt.datetime | None = field(default=None, compare=False)
    account: str | None = None
    """The id of the account bound to the seat: its person's (or, while the seat is open,
    the invited person's); ``None`` for a link without an account."""
    player: str | None = field(default=None, compare=False)
    """That account's public name (``DELETED_PLAYER`` once the account is deleted)."""


@dataclass(frozen=True, slots=True)
class ChatLine:
    """A line of a game's chat: ``seat`` is ``SPECTATOR_SEAT`` for a spectator. A seat's
    line is written only while ``link`` (the hash of the speaker's token; not stored) is
    still the link of that seat's person (``LinkEnded``)."""

    game_id: str
    seq: int
    seat: int
    text: str
    at: dt.datetime
    link: str | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Entry:
    """A log entry as stored: ``seat`` is ``CHANCE_SEAT`` for chance."""

    seq: int
    kind: EntryKind
    seat: int
    action: str


@dataclass(frozen=True, slots=True)
class Append:
    """Entries to add to one game's log, and how the game stands after them."""

    game_id: str
    entries: tuple[Entry, ...]
    finished: bool
    driver: bool
    seats: tuple[SeatRecord, ...] = ()
    """Seats of the game stored anew with the entries (who plays them, their token)."""
    rematch: GameRecord | None = None
    """The game's rematch, created and noted with the entries in their transaction
    (refused if the game has one already)."""
    lease: int | None = None
    """For the appends of a game's chance and bot player on PostgreSQL: the server
    process id of the database session whose advisory lock is the game's lease. They are
    written only while that session still holds it (``None``: nothing to check)."""
    turn: Turn | None = None
    """A timed game's clock after the entries (``None``: an untimed game, nothing written)."""

    @property
    def announcement(self) -> str:
        """What ``NOTIFY`` tells the other processes: the game and its new log length."""
        return f"{self.game_id} {self.entries[-1].seq + 1}"


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A game's creation record."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    seats: tuple[SeatRecord, ...]
    public: bool = False
    creator_hash: str | None = None
    hand_over_after: int = 600
    rematch: str | None = None
    created_at: dt.datetime | None = field(default=None, compare=False)
    driver: bool = field(default=True, compare=False)
    """Whether chance or a bot is to act (as stored; a new game says so of its start, so
    that a game that starts with a person to act is not taken up by every process's
    supervisor, which would keep its table loaded for ever)."""
    pace: Pace | None = None
    """A timed game's pace (``None``: untimed)."""
    turn: Turn | None = field(default=None, compare=False)
    """A timed game's clock as stored (a new game: at its start)."""
    rated: bool = False
    """Whether the players' ratings count the game (``ratings``: if every seat has an
    account at its end)."""


def normalize_url(url: str) -> str:
    """A database URL for SQLAlchemy: ``postgresql://`` is served by psycopg 3."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@dataclass(frozen=True, slots=True)
class Timeouts:
    """How long one statement may wait for another's lock (``lock``: SQLite's busy
    timeout, PostgreSQL's ``lock_timeout``) and run in all (``statement``: PostgreSQL's
    ``statement_timeout``), in seconds. A stalled database is then answered 503 within
    seconds, never after the stall."""

    lock: float = LOCK_TIMEOUT
    statement: float = STATEMENT_TIMEOUT

    def __post_init__(self) -> None:
        for name, seconds in (("lock", self.lock), ("statement", self.statement)):
            if not 0 < seconds <= MOST_TIMEOUT:
                raise ValueError(
                    f"the {name} timeout is {seconds} s; it must be over 0 and at most "
                    f"{MOST_TIMEOUT} s"
                )

    def postgres_options(self) -> str:
        """The session settings, as libpq's ``options`` parameter sets them."""
        lock, statement = round(self.lock * 1000), round(self.statement * 1000)
        return f"-c lock_timeout={lock} -c statement_timeout={statement}"


def _sqlite_pragmas(busy_ms: int) -> Callable[[Any, Any], None]:
    def pragmas(connection: Any, _record: Any) -> None:
        cursor = connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=FULL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
        cursor.close()

    return pragmas


def make_engine(url: str, timeouts: Timeouts | None = None) -> Engine:
    """An engine for ``url``: SQLite gets WAL, full sync and a busy timeout; every
    PostgreSQL session a lock and a statement timeout, and a connection waits
    ``POOL_WAIT`` seconds at most for the pool."""
    url = normalize_url(url)
    timeouts = timeouts or Timeouts()
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas(round(timeouts.lock * 1000)))
        return engine
    return create_engine(
        url,
        pool_size=10,
        max_overflow=20,
        pool_pre_ping=True,
        pool_timeout=POOL_WAIT,
        connect_args={"options": timeouts.postgres_options(), "connect_timeout": CONNECT_WAIT},
    )


def open_error(url: str) -> str | None:
    """Why the store at ``url`` cannot be opened and migrated (``None``: it can). A URL
    that is none, a kind of database the table does not keep games in, a file that is not
    a database or cannot be made, a server that does not answer or refuses the login are
    said in one line, before the table says it is up."""
    try:
        parsed = make_url(normalize_url(url))
    except ArgumentError:
        return f"{url!r} is not a database URL ({URL_EXAMPLES})"
    shown = parsed.render_as_string()  # the password hidden
    if parsed.get_backend_name() not in STORE_BACKENDS:
        return f"{shown}: the games are kept in SQLite or PostgreSQL only ({URL_EXAMPLES})"
    folder = Path(parsed.database).parent if parsed.database else None
    if parsed.get_backend_name() == "sqlite" and folder and not folder.is_dir():
        return f"{shown}: there is no folder {folder} to keep the file in"
    try:
        Store.open(url).close()
    except (DBAPIError, ArgumentError, NoSuchModuleError, ImportError, OSError) as error:
        orig = getattr(error, "orig", None)
        reason = str(orig if orig is not None else error).strip().splitlines()
        return f"{shown}: {reason[0] if reason else type(error).__name__}"
    return None


def _alembic_config(connection: Connection) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def migrate(engine: Engine, revision: str = "head") -> None:
    """Bring the schema up to ``revision`` with the Alembic migrations shipped here."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # a migration may rewrite a table: no timeouts of the table's own sessions
            connection.execute(text("SET LOCAL lock_timeout = 0"))
            connection.execute(text("SET LOCAL statement_timeout = 0"))
            # processes started side by side on a fresh database migrate one at a time
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATE_LOCK})
        command.upgrade(_alembic_config(connection), revision)


def downgrade(engine: Engine, revision: str) -> None:
    """Take the schema back down to ``revision`` (``"base"``: no tables at all)."""
    with engine.begin() as connection:
        command.downgrade(_alembic_config(connection), revision)


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


_APPEND_POSTGRES = """
WITH added AS (
    INSERT INTO entries (game_id, seq, kind, seat, action, at)
    SELECT e.game_id, e.seq, e.kind, e.seat, e.action, now()
    FROM unnest(
        %(games)s::text[], %(seqs)s::int[], %(kinds)s::text[], %(seats)s::int[],
        %(actions)s::text[]
    ) AS e(game_id, seq, kind, seat, action)
    RETURNING 1
), changed AS (
    UPDATE games SET finished = v.over, driver = v.waits
    FROM unnest(%(targets)s::text[], %(overs)s::bool[], %(waits)s::bool[]) AS v(id, over, waits)
    WHERE games.id = v.id
    RETURNING 1
)
SELECT (SELECT count(*) FROM changed), (SELECT count(*) FROM added),
    pg_notify(%(channel)s, %(payload)s)
"""
"""A batch of appends on PostgreSQL as one statement (one round trip before the commit):
the entries inserted from arrays, each game's row updated, and the one notice sent (it
is delivered to every listening process when, and only if, the transaction commits)."""


def _last_standing(appends: Sequence[Append]) -> dict[str, Append]:
    """Each game's last append of a batch: how the game stands after the batch."""
    return {append.game_id: append for append in appends}


def _append_postgres(connection: Connection, appends: Sequence[Append]) -> int:
    """Write ``appends`` on PostgreSQL in one statement; the number of games changed."""
    entries = [(append.game_id, entry) for append in appends for entry in append.entries]
    last = _last_standing(appends)
    row = connection.exec_driver_sql(
        _APPEND_POSTGRES,
        {
            "games": [game for game, _ in entries],
            "seqs": [entry.seq for _, entry in entries],
            "kinds": [entry.kind for _, entry in entries],
            "seats": [entry.seat for _, entry in entries],
            "actions": [entry.action for _, entry in entries],
            "targets": list(last),
            "overs": [append.finished for append in last.values()],
            "waits": [append.driver for append in last.values()],
            "channel": NOTIFY_CHANNEL,
            # a line per game (256 games of 16-character ids stay under 8,000 bytes)
            "payload": "\n".join(append.announcement for append in appends),
        },
    ).one()
    return int(row[0])


_INSERT_SQLITE = (
    "INSERT INTO entries (game_id, seq, kind, seat, action, at) VALUES (?, ?, ?, ?, ?, ?)"
)
_STAND_SQLITE = "UPDATE games SET finished = ?, driver = ? WHERE id = ?"
_SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"
"""How SQLAlchemy's ``DateTime`` keeps a time in SQLite (UTC, no zone), which reads it back."""


def _append_sqlite(connection: Connection, appends: Sequence[Append]) -> int:
    """Write ``appends`` on SQLite as two prepared statements given straight to the
    driver (the web table's writer runs them at every batch, in the server's process:
    SQLAlchemy's statement machinery cost as much as the writes); the number of games
    changed. The rows are those ``_append_portable`` writes."""
    at = utc_now().strftime(_SQLITE_TIME)
    connection.exec_driver_sql(
        _INSERT_SQLITE,
        [
            (append.game_id, entry.seq, entry.kind, entry.seat, entry.action, at)
            for append in appends
            for entry in append.entries
        ],
    )
    changed = connection.exec_driver_sql(
        _STAND_SQLITE,
        [(a.finished, a.driver, game) for game, a in _last_standing(appends).items()],
    )
    return int(changed.rowcount)


_INSERT_ENTRIES = insert(EntryRow)
_STAND_GAMES = (
    update(GameRow)
    .where(GameRow.id == bindparam("target"))
    .values(finished=bindparam("over"), driver=bindparam("waits"))
)
"""The portable append's two statements, made once (the writer runs them at every batch)."""


def _append_portable(connection: Connection, appends: Sequence[Append]) -> int:
    """Write ``appends`` with SQLAlchemy's portable statements; the number of games
    changed."""
    now = utc_now()
    connection.execute(
        _INSERT_ENTRIES,
        [
            {
                "game_id": append.game_id,
                "seq": entry.seq,
                "kind": entry.kind,
                "seat": entry.seat,
                "action": entry.action,
                "at": now,
            }
            for append in appends
            for entry in append.entries
        ],
    )
    last = _last_standing(appends)
    changed = connection.execute(
        _STAND_GAMES,
        [
            {"target": game, "over": append.finished, "waits": append.driver}
            for game, append in last.items()
        ],
    )
    return int(changed.rowcount)


_TURN = (
    update(GameRow)
    .where(GameRow.id == bindparam("target"))
    .values(
        turn_seat=bindparam("seat", type_=Integer),
        turn_since=bindparam("since", type_=DateTime(timezone=True)),
        turn_due=bindparam("due", type_=DateTime(timezone=True)),
        turn_prior=bindparam("prior", type_=DateTime(timezone=True)),
    )
)


def _write_turns(connection: Connection, appends: Sequence[Append]) -> None:
    """Store the clocks of the timed games among ``appends``, in order (one statement;
    none when every game is untimed)."""
    turns = [
        {
            "target": a.game_id,
            "seat": a.turn.seat,
            "since": a.turn.since,
            "due": a.turn.due,
            "prior": a.turn.prior,
        }
        for a in appends
        if a.turn is not None
    ]
    if turns:
        connection.execute(_TURN, turns)


def _rewrite_seats(connection: Connection, appends: Sequence[Append]) -> None:
    """Store the seats and rematches that ``appends`` carry (a rematch only once)."""
    now = utc_now()
    for append in appends:
        for seat in append.seats:
            connection.execute(
                update(SeatRow)
                .where(SeatRow.game_id == append.game_id, SeatRow.seat == seat.seat)
                .values(
                    controller=seat.controller,
                    token_hash=seat.token_hash,
                    since=now,
                    account_id=seat.account,
                )
            )
        if append.rematch is not None:
            made = connection.execute(
                update(GameRow)
                .where(GameRow.id == append.game_id, GameRow.rematch.is_(None))
                .values(rematch=append.rematch.id)
            )
            if made.rowcount != 1:
                raise StorageError(f"game {append.game_id} has a rematch already")
            _insert_game(connection, append.rematch)


def _check_link(connection: Connection, line: ChatLine) -> None:
    """Refuse (``LinkEnded``) a seat's chat line unless the seat's person still holds the
    link it was said with; the seat's row is locked until the line is stored."""
    held = connection.execute(
        select(SeatRow.controller, SeatRow.token_hash)
        .where(SeatRow.game_id == line.game_id, SeatRow.seat == line.seat)
        .with_for_update(read=True)
    ).one_or_none()
    if held is None or held.controller != "human" or held.token_hash != line.link:
        raise LinkEnded(
            f"game {line.game_id}: seat {line.seat} changed hands before the line was stored"
        )


def _pace_columns(pace: Pace | None, turn: Turn | None) -> dict[str, object]:
    """A new game's pace and clock, as its row holds them (none: untimed)."""
    if pace is None:
        return {}
    turn = turn or Turn()
    return {
        "pace": pace.name,
        "per_move": pace.per_move,
        "on_timeout": pace.on_timeout,
        "turn_seat": turn.seat,
        "turn_since": turn.since,
        "turn_due": turn.due,
        "turn_prior": turn.prior,
    }


def _insert_game(connection: Connection, record: GameRecord) -> None:
    """Write a new game's creation record and seats (in the caller's transaction)."""
    now = utc_now()
    connection.execute(
        insert(GameRow).values(
            id=record.id,
            game=record.game,
            options=record.options,
            seed=record.seed,
            finished=False,
            driver=record.driver,
            created_at=now,
            public=record.public,
            creator_hash=record.creator_hash,
            hand_over_after=record.hand_over_after,
            **_pace_columns(record.pace, record.turn),
            rated=record.rated,
        )
    )
    connection.execute(
        insert(SeatRow),
        [
            {
                "game_id": record.id,
                "seat": seat.seat,
                "name": seat.name,
                "controller": seat.controller,
                "token_hash": seat.token_hash,
                "since": now,
                "account_id": seat.account,
            }
            for seat in record.seats
        ],
    )


_LEASES_LOST = """
SELECT g.id FROM unnest(%(games)s::text[], %(sessions)s::int[]) AS g(id, session)
WHERE NOT EXISTS (
    SELECT 1 FROM pg_locks AS l
    WHERE l.locktype = 'advisory' AND l.granted AND l.pid = g.session AND l.objsubid = 1
        AND ((l.classid::bigint << 32) | l.objid::bigint) = hashtextextended(g.id, 0)
)
"""
"""The games among the given (game, session) pairs whose lease that session no longer
holds (a bigint advisory key shows in ``pg_locks`` as its high and low 32 bits)."""


def _check_leases(connection: Connection, appends: Sequence[Append]) -> None:
    """Refuse the batch (``StorageError``) if a driver's lease went with its session: a
    process whose lease connection died must not go on writing a game that another
    process may have taken over (``cluster.Postgres``)."""
    leased = [(append.game_id, append.lease) for append in appends if append.lease is not None]
    if not leased:
        return
    lost = connection.exec_driver_sql(
        _LEASES_LOST,
        {"games": [game for game, _ in leased], "sessions": [pid for _, pid in leased]},
    ).scalars()
    gone = ", ".join(repr(game) for game in lost)
    if gone:
        raise LeaseLost(f"the lease of game {gone} was lost with its database session")


def _notify(connection: Connection, lines: Sequence[str]) -> None:
    """Tell every listening PostgreSQL process of ``lines`` when (and if) this commits."""
    connection.execute(
        text("SELECT pg_notify(:channel, :payload)"),
        {"channel": NOTIFY_CHANNEL, "payload": "\n".join(lines)},
    )


_HIT = """
INSERT INTO rate_hits AS r (key, slot, hits, ends)
SELECT :key, n.slot, 1, (n.slot + 1) * :seconds
FROM (SELECT floor(extract(epoch FROM clock_timestamp()) / :seconds)::bigint AS slot) AS n
ON CONFLICT (key, slot) DO UPDATE SET hits = r.hits + 1
RETURNING r.hits, r.ends - extract(epoch FROM clock_timestamp())
"""
"""Count one attempt in the current window of ``seconds`` (the database's clock, the same
for every process): the attempts counted so far and the seconds until the window ends."""
SWEEP_HITS = 1000
"""Attempts counted between two sweeps of the windows that have ended."""


_BEAT = """
WITH held AS (
    SELECT * FROM unnest(%(games)s::text[], %(seats)s::int[]) AS h(game_id, seat)
), gone AS (
    DELETE FROM presence AS p
    WHERE p.process = %(process)s
        AND NOT EXISTS (SELECT 1 FROM held WHERE held.game_id = p.game_id AND held.seat = p.seat)
    RETURNING 1
)
INSERT INTO presence (game_id, seat, process, seen_at)
SELECT held.game_id, held.seat, %(process)s, now() FROM held
ON CONFLICT (game_id, seat, process) DO UPDATE SET seen_at = excluded.seen_at
"""
"""One process's heartbeat on PostgreSQL, one statement: the seats it holds connections
for are seen now (the database's clock), and its rows of the seats it holds no more go."""
SWEEP_BEATS = 100
"""Heartbeats between two sweeps of the rows of processes long gone."""
LONG_GONE = 3600
"""Seconds after which a process's rows are swept away (it died without saying so)."""


class Store:
    """Reads and appends games; every method is one short transaction (call off the loop)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.postgres = engine.dialect.name == "postgresql"
        self._hits = 0
        self._beats = 0

    @classmethod
    def open(cls, url: str, timeouts: Timeouts | None = None) -> Store:
        """Connect to ``url`` and migrate its schema to the newest revision."""
        engine = make_engine(url, timeouts)
        migrate(engine)
        return cls(engine)

    def libpq_url(self) -> str:
        """The database's URL as PostgreSQL's own clients take it (for LISTEN, leases)."""
        url = self.engine.url.set(drivername="postgresql")
        return url.render_as_string(hide_password=False)

    def close(self) -> None:
        """Release the connection pool."""
        self.engine.dispose()

    @db_call
    def create_game(self, record: GameRecord) -> None:
        """Store a new game's creation record and seats, in one transaction."""
        with self.engine.begin() as connection:
            _insert_game(connection, record)

    @db_call
    def game(self, game_id: str) -> GameRecord | None:
        """A game's creation record, or ``None`` if there is no such game."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            seats = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            return _record(row, seats, _players(session, seats))

    @db_call
    def entries(self, game_id: str) -> list[Entry]:
        """A game's whole log, in order."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(EntryRow).where(EntryRow.game_id == game_id).order_by(EntryRow.seq)
            ).all()
            return [_entry(row) for row in rows]

    @db_call
    def entries_since(self, game_id: str, start: int) -> list[Entry]:
        """A game's log from entry ``start`` on, in order."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(EntryRow)
                .where(EntryRow.game_id == game_id, EntryRow.seq >= start)
                .order_by(EntryRow.seq)
            ).all()
            return [_entry(row) for row in rows]

    @db_call
    def count(self, game_id: str) -> int:
        """How many entries a game's log holds (the next entry's ``seq``)."""
        with Session(self.engine) as session:
            found = session.scalar(
                select(func.count()).select_from(EntryRow).where(EntryRow.game_id == game_id)
            )
            return int(found or 0)

    def append(self, game_id: str, entry: Entry, *, finished: bool, driver: bool = False) -> None:
        """Append one entry (its ``seq`` must be the log's length) and commit it.

        Raises ``StorageError`` when an entry with that number exists already (another
        writer extended the log first): nothing is written then.
        """
        self.append_all(game_id, [entry], finished=finished, driver=driver)

    def append_all(
        self,
        game_id: str,
        entries: Sequence[Entry],
        *,
        finished: bool,
        driver: bool = False,
    ) -> None:
        """Append consecutive entries in one transaction: all of them or, on refusal, none.
        ``finished`` and ``driver`` say how the game stands after them."""
        self.append_many([Append(game_id, tuple(entries), finished, driver)])

    @db_call
    def append_many(self, appends: Sequence[Append]) -> None:
        """Several games' appends in one transaction (one commit, one flush to disk): all
        of them or, if any entry's number is taken already, none (``StorageError``)."""
        try:
            with self.engine.begin() as connection:
                if self.postgres:
                    _check_leases(connection, appends)
                plain = all(not a.seats and a.rematch is None for a in appends)
                if self.postgres and plain:
                    changed = _append_postgres(connection, appends)
                elif plain:
                    changed = _append_sqlite(connection, appends)
                else:
                    changed = _append_portable(connection, appends)
                    _rewrite_seats(connection, appends)
                    if self.postgres:
                        _notify(connection, [append.announcement for append in appends])
                _write_turns(connection, appends)
                if changed != len({append.game_id for append in appends}):
                    missing = ", ".join(repr(append.game_id) for append in appends)
                    raise StorageError(f"no game to append to among {missing}")
        except IntegrityError:
            numbers = "; ".join(
                f"game {append.game_id}: entry {', '.join(str(e.seq) for e in append.entries)}"
                for append in appends
            )
            raise StorageError(f"{numbers}: written by another writer first") from None

    @db_call
    def turn(self, game_id: str) -> Turn | None:
        """A timed game's clock as stored (``None``: no such game)."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            return None if row is None else _turn(row)

    @db_call
    def overdue(self, now: dt.datetime) -> list[str]:
        """The timed games not over whose seat to act is out of time, its consequence
        still to apply."""
        with Session(self.engine) as session:
            return list(
                session.scalars(
                    select(GameRow.id).where(
                        GameRow.turn_due.is_not(None),
                        GameRow.turn_due <= now,
                        GameRow.finished.is_(False),
                    )
                )
            )

    @db_call
    def note_reminder(self, game_id: str, seat: int, turn: int, kind: str) -> bool:
        """Note that ``seat`` is reminded of ``turn`` (``kind``: ``turn`` or ``late``);
        ``False`` if it was already (by this process or another): send nothing then."""
        try:
            with self.engine.begin() as connection:
                connection.execute(
                    insert(ReminderRow).values(
                        game_id=game_id, seat=seat, turn=turn, kind=kind, sent_at=utc_now()
                    )
                )
        except IntegrityError:
            return False
        return True

    @db_call
    def hit(self, key: str, seconds: int) -> tuple[int, float]:
        """Count one attempt of ``key`` (a rate limit's name and a client address) in a
        fixed window of ``seconds`` shared by every process on this PostgreSQL database:
        (attempts in the window so far, seconds until it ends). Now and then the windows
        that have ended are swept away."""
        with self.engine.begin() as connection:
            row = connection.execute(text(_HIT), {"key": key, "seconds": seconds}).one()
            self._hits += 1
            if self._hits % SWEEP_HITS == 0:
                connection.execute(
                    text("DELETE FROM rate_hits WHERE ends < extract(epoch FROM now())")
                )
        return int(row[0]), float(row[1])

    @db_call
    def beat(self, process: str, held: Sequence[tuple[str, int]]) -> None:
        """``process`` holds connections seeing as the ``held`` (game, seat) pairs now,
        and no others (PostgreSQL; one statement). Now and then the rows of processes
        long gone are swept away."""
        with self.engine.begin() as connection:
            connection.exec_driver_sql(
                _BEAT,
                {
                    "games": [game for game, _ in held],
                    "seats": [seat for _, seat in held],
                    "process": process,
                },
            )
            self._beats += 1
            if self._beats % SWEEP_BEATS == 0:
                connection.execute(
                    text("DELETE FROM presence WHERE seen_at < now() - make_interval(secs => :s)"),
                    {"s": LONG_GONE},
                )

    @db_call
    def held_elsewhere(self, game_id: str, seat: int, process: str, within: float) -> bool:
        """Whether a process other than ``process`` held a connection seeing as ``seat``
        within the last ``within`` seconds (PostgreSQL)."""
        with self.engine.connect() as connection:
            found = connection.execute(
                text(
                    "SELECT EXISTS (SELECT 1 FROM presence WHERE game_id = :game "
                    "AND seat = :seat AND process <> :process "
                    "AND seen_at > now() - make_interval(secs => :within))"
                ),
                {"game": game_id, "seat": seat, "process": process, "within": within},
            ).scalar()
            return bool(found)

    @db_call
    def last_acted(self, game_id: str, seat: int) -> dt.datetime | None:
        """When ``seat`` last acted or took back (``None``: never), whichever process
        stored it."""
        with Session(self.engine) as session:
            return as_utc(
                session.scalar(
                    select(func.max(EntryRow.at)).where(
                        EntryRow.game_id == game_id,
                        EntryRow.seat == seat,
                        EntryRow.kind.in_(("act", "undo")),
                    )
                )
            )

    @db_call
    def last_change(self, game_id: str) -> dt.datetime | None:
        """When the game's log last grew (``None``: it is empty)."""
        with Session(self.engine) as session:
            return as_utc(
                session.scalar(select(func.max(EntryRow.at)).where(EntryRow.game_id == game_id))
            )

    @db_call
    def add_chat(self, line: ChatLine) -> None:
        """Store a chat line (its ``seq`` must be the chat's length; ``StorageError`` if
        another writer took that number first). A seat's line is checked against the
        seat as stored, in the same transaction (``LinkEnded``): on PostgreSQL its row is
        locked for share, so a change of who holds the seat, in any process, is stored
        either wholly before the line (which is then refused) or after it."""
        try:
            with self.engine.begin() as connection:
                if line.seat >= 0:
                    _check_link(connection, line)
                connection.execute(
                    insert(ChatRow).values(
                        game_id=line.game_id,
                        seq=line.seq,
                        seat=line.seat,
                        text=line.text,
                        at=line.at,
                    )
                )
                if self.postgres:
                    _notify(connection, [f"{line.game_id} chat {line.seq + 1}"])
        except IntegrityError:
            raise StorageError(
                f"game {line.game_id}: chat line {line.seq} was written by another writer first"
            ) from None

    @db_call
    def chat(self, game_id: str, start: int = 0) -> list[ChatLine]:
        """A game's chat from line ``start`` on, in order."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.game_id == game_id, ChatRow.seq >= start)
                .order_by(ChatRow.seq)
            ).all()
            return [
                ChatLine(row.game_id, row.seq, row.seat, row.text, as_utc(row.at) or row.at)
                for row in rows
            ]

    @db_call
    def open_games(self, most: int) -> list[GameRecord]:
        """Public games not over that have a seat open, oldest first (at most ``most``)."""
        with Session(self.engine) as session:
            waiting = (
                select(SeatRow.game_id).where(SeatRow.controller == "open").distinct().subquery()
            )
            rows = session.scalars(
                select(GameRow)
                .where(
                    GameRow.public.is_(True),
                    GameRow.finished.is_(False),
                    GameRow.id.in_(select(waiting.c.game_id)),
                )
                .order_by(GameRow.created_at)
                .limit(most)
            ).all()
            return _records(session, rows)

    @db_call
    def games(self, game_ids: Sequence[str]) -> list[GameRecord]:
        """The creation records of the games ``game_ids`` that exist, newest first."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(GameRow)
                .where(GameRow.id.in_(set(game_ids)))
                .order_by(GameRow.created_at.desc())
            ).all()
            return _records(session, rows)

    @db_call
    def unfinished(self) -> list[str]:
        """The ids of games not yet over."""
        with Session(self.engine) as session:
            return list(session.scalars(select(GameRow.id).where(GameRow.finished.is_(False))))

    @db_call
    def needing_driver(self, quiet: dt.timedelta | None = None) -> list[str]:
        """The ids of unfinished games in which chance or a bot is to act; with ``quiet``,
        only those whose log has not grown for that long (by its last entry's time, or the
        game's creation when it has none)."""
        query = select(GameRow.id).where(GameRow.driver.is_(True), GameRow.finished.is_(False))
        if quiet is not None:
            last = (
                select(EntryRow.at)
                .where(EntryRow.game_id == GameRow.id)
                .order_by(EntryRow.seq.desc())
                .limit(1)
                .scalar_subquery()
            )
            query = query.where(func.coalesce(last, GameRow.created_at) < utc_now() - quiet)
        with Session(self.engine) as session:
            return list(session.scalars(query))


def as_utc(moment: dt.datetime | None) -> dt.datetime | None:
    """A stored time with its zone (SQLite keeps none: what it holds is UTC)."""
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=dt.UTC)


def _entry(row: EntryRow) -> Entry:
    kind: EntryKind = "undo" if row.kind == "undo" else "table" if row.kind == "table" else "act"
    return Entry(row.seq, kind, row.seat, row.action)


def _records(session: Session, rows: Sequence[GameRow]) -> list[GameRecord]:
    """The records of the games ``rows``, in their order, their seats read at once."""
    ids = [row.id for row in rows]
    seats: dict[str, list[SeatRow]] = {game_id: [] for game_id in ids}
    for seat in session.scalars(
        select(SeatRow).where(SeatRow.game_id.in_(ids)).order_by(SeatRow.seat)
    ):
        seats[seat.game_id].append(seat)
    players = _players(session, [seat for held in seats.values() for seat in held])
    return [_record(row, seats[row.id], players) for row in rows]


def _players(session: Session, seats: Sequence[SeatRow]) -> dict[str, str]:
    """The public names of the accounts bound to ``seats`` (a deleted one's is
    ``DELETED_PLAYER``)."""
    ids = {seat.account_id for seat in seats if seat.account_id is not None}
    if not ids:
        return {}
    rows = session.execute(select(_ACCOUNTS.c.id, _ACCOUNTS.c.name).where(_ACCOUNTS.c.id.in_(ids)))
    return {row.id: row.name or DELETED_PLAYER for row in rows}


def _record(row: GameRow, seats: Sequence[SeatRow], players: dict[str, str]) -> GameRecord:
    return GameRecord(
        id=row.id,
        game=row.game,
        options=dict(row.options),
        seed=row.seed,
        seats=tuple(
            SeatRecord(
                seat.seat,
                seat.name,
                seat.controller,
                seat.token_hash,
                as_utc(seat.since),
                seat.account_id,
                None if seat.account_id is None else players.get(seat.account_id, DELETED_PLAYER),
            )
            for seat in seats
        ),
        public=row.public,
        creator_hash=row.creator_hash,
        hand_over_after=row.hand_over_after,
        rematch=row.rematch,
        created_at=as_utc(row.created_at),
        driver=row.driver,
        pace=_pace(row),
        turn=None if row.pace is None else _turn(row),
        rated=row.rated,
    )


def _turn(row: GameRow) -> Turn:
    """A game's clock as its row holds it."""
    since, due, prior = as_utc(row.turn_since), as_utc(row.turn_due), as_utc(row.turn_prior)
    return Turn(row.turn_seat, since, due, prior)


def _pace(row: GameRow) -> Pace | None:
    """A game's pace as its row holds it (``None``: untimed)."""
    if row.pace is None or row.per_move is None or row.on_timeout is None:
        return None
    return Pace(row.pace, row.per_move, row.on_timeout)  # type: ignore[arg-type]


def standing(entries: Sequence[Entry], stack: list[Entry] | None = None) -> list[Entry]:
    """The actions still standing: each ``undo`` withdraws the last standing action
    (``table`` entries are no actions). With ``stack`` (the actions standing before
    ``entries``), it is carried on in place and returned."""
    stack = [] if stack is None else stack
    for entry in entries:
        if entry.kind == "undo":
            if stack:
                stack.pop()
        elif entry.kind == "act":
            stack.append(entry)
    return stack
