"""``stratagem serve``: the web table (loaded only when the command is given)."""

from __future__ import annotations

import logging
from dataclasses import replace
from typing import Annotated

import typer
from rich.text import Text

from stratagem.cli.common import fail, stdout
from stratagem.core import OptionError

LOG_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
WS_MAX_SIZE = 64 * 1024
"""The largest websocket message the table takes (a browser only ever sends its token)."""


def serve(
    *,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    database: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL of the game store (default: $STRATAGEM_DATABASE_URL, "
            "else the SQLite file stratagem.sqlite3 here)."
        ),
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(min=0, help="Seconds a bot waits before it acts.")
    ] = None,
    access_log: Annotated[
        bool, typer.Option(help="Log every HTTP request (off: a line a move costs time).")
    ] = False,
    ray: Annotated[
        str | None,
        typer.Option(
            help="Run the analyses of finished games on a Ray cluster: its address "
            "(host:6379 or ray://host:10001), or 'local' to start one here "
            "(default: $STRATAGEM_RAY, else a process of the table's own)."
        ),
    ] = None,
) -> None:
    """Start the web table: play any game in the browser, with friends or bots."""
    _serve(host, port, database, bot_delay, access_log=access_log, ray=ray)


def _serve(
    host: str,
    port: int,
    database: str | None,
    bot_delay: float | None,
    *,
    access_log: bool = False,
    ray: str | None = None,
) -> None:
    import uvicorn  # noqa: PLC0415  (the web table loads only when asked for)

    from stratagem.server import Settings, create_app  # noqa: PLC0415
    from stratagem.server.analyses import LOCAL_RAY  # noqa: PLC0415
    from stratagem.server.serving import (  # noqa: PLC0415
        raise_open_files,
        settle_collector,
        uvicorn_options,
    )
    from stratagem.server.storage import open_error  # noqa: PLC0415
    from stratagem.sim.ray_backend import check_answers  # noqa: PLC0415

    try:  # a bad STRATAGEM_* setting or option: one line saying which, no traceback
        settings = Settings.from_env()
        settings = replace(
            settings,
            database_url=settings.database_url if database is None else database,
            bot_delay=settings.bot_delay if bot_delay is None else bot_delay,
            ray=settings.ray if ray is None else ray,
        )
    except ValueError as error:
        fail(str(error))
    if settings.ray not in (None, LOCAL_RAY):
        try:
            check_answers(settings.ray)
        except OptionError as error:
            fail(str(error))
    problem = open_error(settings.database_url)
    if problem is not None:
        fail(f"cannot open the game store: {problem}")
    # the table's own warnings (a database away, a game set aside) with their time and level
    logging.basicConfig(level=logging.INFO, format=LOG_FORMAT)
    logging.getLogger("alembic").setLevel(logging.WARNING)  # migrations say nothing if fine

    def ready() -> None:
        settle_collector()
        stdout().print(Text(f"The Stratagem table is at http://{host}:{port}/", style="bold"))

    files = raise_open_files()
    uvicorn.run(
        create_app(settings, on_ready=ready),
        host=host,
        port=port,
        log_level="info",
        access_log=access_log,
        ws_max_size=WS_MAX_SIZE,
        **uvicorn_options(settings.request_timeout, settings.trusted_proxies, files),
    )
