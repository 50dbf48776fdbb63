"""The web table as a FastAPI application: the lobby, the game and replay pages, the JSON
API and the websocket (``api.py``) that pushes every change to every seat.

Seat tokens travel in the link's fragment (``/games/<id>#seat=<token>``), which browsers
never send to a server, so they stay out of access logs; the page's script hands them
over in the ``X-Seat-Token`` header and as the first websocket message.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import logging
from collections.abc import AsyncIterator, Callable
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from stratagem.server.account_store import AccountStore
from stratagem.server.accounts_api import router as accounts_router
from stratagem.server.analyses import Analyses
from stratagem.server.analysis_api import router as analysis_router
from stratagem.server.api import hub_of, moves, router
from stratagem.server.auth import clear_session_cookie
from stratagem.server.cluster import Postgres, Solo
from stratagem.server.docs import add_docs
from stratagem.server.errors import Refused, SessionEnded
from stratagem.server.guards import install_guards
from stratagem.server.hub import Hub
from stratagem.server.levels_api import router as levels_router
from stratagem.server.match_api import router as match_router
from stratagem.server.matchmaking import Matches
from stratagem.server.memory import Trimmer
from stratagem.server.pace import pace_choices
from stratagem.server.payloads import BOARDS
from stratagem.server.ratings_api import PAGES as RATING_PAGES
from stratagem.server.ratings_api import router as ratings_router
from stratagem.server.settings import Settings
from stratagem.server.storage import StorageRefused, StorageUnavailable, Store
from stratagem.server.workers import Workers

HERE = Path(__file__).parent
templates = Jinja2Templates(directory=HERE / "templates")


GZIP_MINIMUM = 1024
"""Bytes from which an HTTP answer is sent gzipped (to a client that accepts it): a
smaller one would gain little on the gzip header's cost."""
GZIP_LEVEL = 6
"""zlib's level for them: near the smallest output at a fraction of level 9's time."""
RETRY_AFTER = 2
"""Seconds a client is told to wait when the database is away for a moment."""
EXHAUSTED = (errno.EMFILE, errno.ENFILE, errno.EAGAIN, errno.ENOMEM)
"""An ``OSError`` of these: the process or the machine ran out of files, threads or
memory for a moment."""
log = logging.getLogger(__name__)


async def _refused(request: Request, error: Exception) -> JSONResponse:
    status = error.status if isinstance(error, Refused) else 400
    response = JSONResponse({"detail": str(error)}, status_code=status)
    if isinstance(error, SessionEnded):  # the browser's cookie is of no more use
        clear_session_cookie(request, response)
    return response


async def _unavailable(_request: Request, error: Exception) -> JSONResponse:
    """The database is locked or unreachable: nothing was changed; try again shortly."""
    return JSONResponse(
        {"detail": f"{error}; nothing was changed, try again in a moment"},
        status_code=503,
        headers={"Retry-After": str(RETRY_AFTER)},
    )


async def _refused_value(_request: Request, error: Exception) -> JSONResponse:
    """The database refused a value of this request alone: nothing was changed."""
    return JSONResponse({"detail": f"{error}; nothing was changed"}, status_code=422)


async def _out_of_files(_request: Request, error: Exception) -> JSONResponse:
    """The process ran out of open files or threads for a moment (too many connections):
    a 503 that says to come back, not a 500. Any other ``OSError`` is a fault here."""
    if isinstance(error, OSError) and error.errno in EXHAUSTED:
        return JSONResponse(
            {"detail": "the table is full for a moment; nothing was changed, try again"},
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )
    log.error("request failed", exc_info=error)
    return JSONResponse({"detail": "the table failed to answer"}, status_code=500)


async def lobby(request: Request) -> HTMLResponse:
    """The lobby: create a game and hand out its links."""
    return templates.TemplateResponse(request, "lobby.html", pace_choices())


def board_script(game: str) -> str | None:
    """The game's own script for input on its board (``static/<game>.js``), if it has one."""
    name = f"{game}.js"
    return name if (HERE / "static" / name).is_file() else None


async def game_page(request: Request, game_id: str) -> HTMLResponse:
    """A game's page (the seat comes from the link's fragment)."""
    table = await hub_of(request).table(game_id)
    context = {
        "game_id": game_id,
        "title": table.info.title,
        "mode": "play",
        "board_script": board_script(table.info.game),
    }
    return templates.TemplateResponse(request, "game.html", context)


async def replay_page(request: Request, game_id: str) -> HTMLResponse:
    """A finished game, step by step."""
    table = await hub_of(request).table(game_id)
    context = {"game_id": game_id, "title": table.info.title, "mode": "replay"}
    return templates.TemplateResponse(request, "game.html", context)


def create_app(
    settings: Settings | None = None, on_ready: Callable[[], None] | None = None
) -> FastAPI:
    """The application; its storage opens (and migrates) when it starts, and ``on_ready``
    is called once the database is open and the games go on."""
    config = settings or Settings.from_env()

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(Store.open, config.database_url, config.timeouts)
        cluster = Postgres(store.libpq_url()) if store.postgres else Solo()
        BOARDS.resize(config.board_cache_bytes)
        workers = Workers.make(config.bot_workers, config.bot_share)
        hub = Hub(
            store,
            config.bot_delay,
            cluster,
            idle=config.table_idle,
            workers=workers,
            mail=config.mail,
        )
        app.state.hub = hub
        app.state.accounts = AccountStore(store)
        app.state.matches = Matches(store)
        app.state.analyses = Analyses(store, config.analysis, config.ray)
        app.state.shared_rates = store if store.postgres else None  # guards.RateLimit
        trimmer = asyncio.create_task(Trimmer(lambda: hub.unloaded).run(), name="stratagem trimmer")
        try:
            await hub.start()
            if on_ready is not None:
                on_ready()
            yield
        finally:
            trimmer.cancel()
            app.state.analyses.close()
            await hub.close()
            store.close()

    app = FastAPI(
        title="Stratagem table",
        summary="Play Stratagem's games in the browser, with friends or bots.",
        version="1",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        telemetry=None if config.telemetry else {"tracing": False, "metrics": False, "logs": False},
    )
    app.include_router(moves)  # first: every move is matched against it before the others
    add_docs(app)
    app.add_exception_handler(Refused, _refused)
    app.add_exception_handler(StorageUnavailable, _unavailable)
    app.add_exception_handler(StorageRefused, _refused_value)
    app.add_exception_handler(OSError, _out_of_files)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")
    pages = (
        ("/", lobby),
        ("/games/{game_id}", game_page),
        ("/games/{game_id}/replay", replay_page),
        *RATING_PAGES,
    )
    for path, endpoint in pages:
        app.add_api_route(path, endpoint, response_class=HTMLResponse, include_in_schema=False)
    app.state.secure_cookies = config.secure_cookies
    app.include_router(router)
    app.include_router(accounts_router)
    app.include_router(analysis_router)
    app.include_router(levels_router)
    app.include_router(ratings_router)
    app.include_router(match_router)
    app.add_middleware(GZipMiddleware, minimum_size=GZIP_MINIMUM, compresslevel=GZIP_LEVEL)
    install_guards(app, config)  # outside the compression: refused at the door first
    return app
