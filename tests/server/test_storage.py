"""Storage on SQLite and PostgreSQL: the creation record, the append-only log, the refusal
of a second writer, the take-back entries and the Alembic migrations."""

from __future__ import annotations

import asyncio
import dataclasses
import datetime as dt
import re
import time

import psycopg
import pytest
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, select, text

from stratagem.server.cluster import Postgres
from stratagem.server.storage import (
    CHANCE_SEAT,
    MIGRATIONS,
    Append,
    Entry,
    EntryRow,
    GameRecord,
    SeatRecord,
    StorageError,
    Store,
    downgrade,
    make_engine,
    migrate,
    standing,
)

SQLITE_TIME = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}")
"""How SQLAlchemy's ``DateTime`` keeps a time in SQLite."""

RECORD = GameRecord(
    id="g1",
    game="eighty_years_war",
    options={"players": 2, "data": None},
    seed=2**62 + 1,
    seats=(SeatRecord(0, "Dutch", "human", "ab" * 32), SeatRecord(1, "Spanish", "random", None)),
)


def test_a_game_is_its_record_and_its_log(store: Store) -> None:
    store.create_game(RECORD)
    assert store.game("g1") == RECORD
    assert store.game("nope") is None
    assert store.count("g1") == 0
    entries = [
        Entry(0, "act", CHANCE_SEAT, "Draw: Sea Beggars"),
        Entry(1, "act", 0, "Stop discarding"),
        Entry(2, "undo", 0, "Stop discarding"),
    ]
    for entry in entries:
        store.append("g1", entry, finished=False)
    assert store.entries("g1") == entries
    assert store.count("g1") == 3
    assert store.unfinished() == ["g1"]
    store.append("g1", Entry(3, "act", 1, "Stop discarding"), finished=True)
    assert store.unfinished() == []


def test_a_second_writer_of_the_same_entry_is_refused(store: Store) -> None:
    store.create_game(RECORD)
    store.append("g1", Entry(0, "act", 0, "first"), finished=False)
    with pytest.raises(StorageError, match="entry 0: written by another writer first"):
        store.append("g1", Entry(0, "act", 0, "second"), finished=True)
    assert store.entries("g1") == [Entry(0, "act", 0, "first")]
    assert store.unfinished() == ["g1"]


def test_an_entry_for_no_game_is_refused(store: Store) -> None:
    with pytest.raises(StorageError):
        store.append("ghost", Entry(0, "act", 0, "x"), finished=False)
    assert store.count("ghost") == 0


def test_migrations_make_the_schema_and_can_be_undone(database_url: str) -> None:
    store = Store.open(database_url)
    try:
        tables = set(inspect(store.engine).get_table_names())
        assert {
            "games",
            "seats",
            "entries",
            "chat",
            "rate_hits",
            "presence",
            "analyses",
            "accounts",
            "sessions",
            "account_links",
            "alembic_version",
        } <= tables
        head = ScriptDirectory(str(MIGRATIONS)).get_current_head()
        assert head is not None and head >= "0007"
        with store.engine.connect() as connection:
            assert connection.execute(text("select version_num from alembic_version")).scalar() == (
                head
            )
        downgrade(store.engine, "base")
        assert not {"games", "seats", "entries", "chat"} & set(
            inspect(store.engine).get_table_names()
        )
        migrate(store.engine)
        store.create_game(RECORD)
        assert store.game("g1") == RECORD
    finally:
        store.close()


def test_take_backs_withdraw_the_last_standing_action() -> None:
    entries = [
        Entry(0, "act", 0, "a"),
        Entry(1, "act", 0, "b"),
        Entry(2, "undo", 0, "b"),
        Entry(3, "act", 1, "c"),
        Entry(4, "undo", 1, "c"),
        Entry(5, "undo", 0, "a"),
        Entry(6, "act", 0, "d"),
    ]
    assert [entry.action for entry in standing(entries)] == ["d"]


def test_a_burst_of_entries_is_written_whole_or_not_at_all(store: Store) -> None:
    store.create_game(RECORD)
    store.append("g1", Entry(0, "act", 0, "first"), finished=False)
    burst = [Entry(1, "act", CHANCE_SEAT, "b"), Entry(0, "act", 1, "clash")]
    with pytest.raises(StorageError, match="another writer first"):
        store.append_all("g1", burst, finished=True)
    assert store.entries("g1") == [Entry(0, "act", 0, "first")]
    store.append_all("g1", [Entry(1, "act", 0, "b"), Entry(2, "act", 1, "c")], finished=True)
    assert [entry.action for entry in store.entries("g1")] == ["first", "b", "c"]
    assert store.unfinished() == []


def test_the_driver_migration_marks_unfinished_games_as_waiting(database_url: str) -> None:
    store = Store(make_engine(database_url))
    try:
        migrate(store.engine, "0001")
        with store.engine.begin() as connection:
            for game_id, finished in (("open", False), ("over", True)):
                connection.execute(
                    text(
                        "INSERT INTO games (id, game, options, seed, finished, created_at) "
                        "VALUES (:id, 'eighty_years_war', '{}', 1, :finished, :at)"
                    ),
                    {"id": game_id, "finished": finished, "at": dt.datetime.now(dt.UTC)},
                )
        migrate(store.engine)
        assert store.needing_driver() == ["open"]
        store.append("open", Entry(0, "act", 0, "x"), finished=False, driver=False)
        assert store.needing_driver() == []
    finally:
        store.close()


def test_an_append_is_written_alike_by_the_fast_and_the_portable_statements(
    store: Store,
) -> None:
    """A plain append (on SQLite given straight to the driver, on PostgreSQL one statement)
    and one that rewrites a seat (SQLAlchemy's portable statements) leave rows that read
    back the same: the entries, the game's standing and each entry's time."""
    store.create_game(RECORD)
    before = dt.datetime.now(dt.UTC)
    store.append("g1", Entry(0, "act", 0, "plain"), finished=False, driver=True)
    seat = SeatRecord(0, "Dutch", "heuristic", None)
    store.append_many([Append("g1", (Entry(1, "act", 1, "seated"),), False, False, (seat,))])
    after = dt.datetime.now(dt.UTC)
    assert [e.action for e in store.entries("g1")] == ["plain", "seated"]
    assert store.needing_driver() == []
    with store.engine.connect() as connection:
        times = connection.execute(text("SELECT at FROM entries ORDER BY seq")).scalars().all()
        read = connection.execute(select(EntryRow.at).order_by(EntryRow.seq)).scalars().all()
    # one kind of value, however written (SQLite: SQLAlchemy's text for a time)
    assert len({type(t) for t in times}) == 1
    assert all(isinstance(t, dt.datetime) or SQLITE_TIME.fullmatch(t) for t in times)
    assert all(before - dt.timedelta(seconds=1) <= _aware(t) <= after for t in read)


def _aware(moment: dt.datetime) -> dt.datetime:
    """A stored time with its zone (SQLite keeps none: it holds UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=dt.UTC)


def test_a_waiting_game_counts_as_unattended_only_once_its_log_is_quiet(store: Store) -> None:
    """Among several processes a sweep takes up a game waiting for chance or a bot only
    when its log has not grown for a while (``hub.UNATTENDED``): a game its own process
    is driving is left to it, one whose process died is taken up."""
    for game_id in ("quiet", "busy", "new"):
        store.create_game(dataclasses.replace(RECORD, id=game_id))
    for game_id in ("quiet", "busy"):
        store.append(game_id, Entry(0, "act", 0, "x"), finished=False, driver=True)
    with store.engine.begin() as connection:
        connection.execute(
            text("UPDATE entries SET at = :at WHERE game_id = 'quiet'"),
            {"at": dt.datetime.now(dt.UTC) - dt.timedelta(minutes=1)},
        )
    assert sorted(store.needing_driver()) == ["busy", "new", "quiet"]
    assert store.needing_driver(dt.timedelta(seconds=5)) == ["quiet"]
    assert sorted(store.needing_driver(dt.timedelta(0))) == ["busy", "new", "quiet"]


def test_a_driver_whose_lease_went_with_its_session_writes_no_more(postgres_url: str) -> None:
    """Two processes' leases on one game: when the holder's lease connection dies and the
    other takes the game over, the old holder's appends are refused and the new one's
    stand (cluster: a driver's appends are written only under its lease)."""
    store = Store.open(postgres_url)
    try:
        store.create_game(RECORD)

        async def race() -> None:
            first, second = Postgres(store.libpq_url()), Postgres(store.libpq_url())
            try:
                assert await first.claim("g1")
                held = first.session("g1")
                store.append_many(
                    [Append("g1", (Entry(0, "act", 1, "a"),), False, True, lease=held)]
                )
                assert not await second.claim("g1")  # the first holds it
                with psycopg.connect(store.libpq_url(), autocommit=True) as admin:
                    admin.execute("SELECT pg_terminate_backend(%s)", (held,))
                # the lock goes with the session once the backend has ended (it is asked
                # to end: not at once), so the claim is tried until then, within 10 s
                deadline = time.monotonic() + 10
                while not await second.claim("g1"):
                    assert time.monotonic() < deadline, "the lock outlived its session"
                    await asyncio.sleep(0.05)
                with pytest.raises(StorageError, match="lease of game 'g1' was lost"):
                    store.append_many(
                        [Append("g1", (Entry(1, "act", 1, "stale"),), False, True, lease=held)]
                    )
                taken = second.session("g1")
                assert taken not in (0, held)
                store.append_many(
                    [Append("g1", (Entry(1, "act", 1, "b"),), False, True, lease=taken)]
                )
                assert first.session("g2") == 0  # never held: an append under it is refused
            finally:
                await first.close()
                await second.close()

        asyncio.run(race())
        assert [entry.action for entry in store.entries("g1")] == ["a", "b"]
    finally:
        store.close()
