"""Fixtures of the web table's tests: a store on SQLite (always) and on PostgreSQL (when
``STRATAGEM_TEST_POSTGRES_URL`` names a server whose user may create databases), and a
running application driven by FastAPI's ``TestClient``."""

from __future__ import annotations

import os
import secrets
from collections.abc import Generator, Iterator
from pathlib import Path

import psycopg
import pytest
from fastapi.testclient import TestClient

from stratagem.server import Settings, create_app
from stratagem.server.storage import Store

from .live import server_log_tail

POSTGRES_ENV = "STRATAGEM_TEST_POSTGRES_URL"


def sqlite_url(folder: Path) -> str:
    """A fresh SQLite file's URL."""
    return f"sqlite:///{folder / 'table.sqlite3'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh, empty PostgreSQL database (dropped afterwards); skipped without a server."""
    admin = os.environ.get(POSTGRES_ENV)
    if not admin:
        pytest.skip(f"no PostgreSQL server: set {POSTGRES_ENV} (.ci/run does)")
    name = f"stratagem_test_{secrets.token_hex(6)}"
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    base, _, _ = admin.rpartition("/")
    try:
        yield f"{base}/{name}"
    finally:
        with psycopg.connect(admin, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each storage test runs on SQLite and on PostgreSQL."""
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    """A migrated store."""
    opened = Store.open(database_url)
    try:
        yield opened
    finally:
        opened.close()


@pytest.fixture
def sqlite_file(tmp_path: Path) -> str:
    """The URL of a fresh SQLite file."""
    return sqlite_url(tmp_path)


@pytest.fixture
def client(sqlite_file: str) -> Iterator[TestClient]:
    """The application on a fresh SQLite file, bots acting at once."""
    with TestClient(create_app(Settings(database_url=sqlite_file, bot_delay=0))) as running:
        yield running


@pytest.fixture
def app_client(database_url: str) -> Iterator[TestClient]:
    """The table on a fresh database (SQLite or PostgreSQL), rate limits off."""
    settings = Settings(database_url=database_url, bot_delay=0, rate_limits=False)
    with TestClient(create_app(settings)) as running:
        yield running


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """A failed test that used a module's real server (its ``base`` fixture) shows what
    the server wrote besides its requests: an error a browser only saw as a page that
    stopped changing is in it."""
    report = yield
    base = getattr(item, "funcargs", {}).get("base")
    if report.failed and isinstance(base, str):
        said = server_log_tail(base)
        if said is not None:
            report.sections.append(("what the server wrote", said))
    return report
