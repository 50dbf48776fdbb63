"""Alembic environment of the web table: migrations run on the connection handed to them
by ``stratagem.server.storage.migrate`` (or on ``sqlalchemy.url`` from the command line)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection, create_engine

from stratagem.server.storage import Base, normalize_url


def _run(connection: Connection) -> None:
    context.configure(connection=connection, target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


def run_migrations() -> None:
    """Migrate the given connection, or connect to the configured URL."""
    connection = context.config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if url is None:
        raise RuntimeError("set sqlalchemy.url or pass a connection to migrate")
    with create_engine(normalize_url(url)).connect() as fresh:
        _run(fresh)
        fresh.commit()


run_migrations()
