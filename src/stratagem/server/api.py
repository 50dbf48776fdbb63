"""The JSON API and the websocket of the web table.

A request acts and sees as exactly one seat (the token in its ``X-Seat-Token`` header, or
the first websocket message) or as a spectator (no token). Refusals are answered with
their status and ``{"detail": reason}``; nothing is changed by a refused request.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Header, Request, Response, WebSocket, WebSocketDisconnect

from stratagem.bots import bot_names
from stratagem.core import JsonDict, available_games, game_info, load
from stratagem.server.errors import Forbidden, Refused
from stratagem.server.hub import FORBIDDEN_OPTIONS, Hub
from stratagem.server.models import (
    ActionRequest,
    CatalogEntry,
    CreatedGame,
    CreateGame,
    Problem,
    SeatLink,
)
from stratagem.server.storage import StorageUnavailable
from stratagem.server.table import HUMAN, Connection, Table

TOKEN_WAIT = 10.0
"""Seconds a new websocket has to say who it is."""

Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=128)]
REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (403, 404, 409, 413, 422, 429, 503)
}
PAYLOAD: dict[int | str, dict[str, Any]] = {
    200: {"content": {"application/json": {}}, "description": "The game as the seat sees it"}
}
JSON = "application/json"

router = APIRouter()


def hub_of(request: Request | WebSocket) -> Hub:
    """The hub of the running application."""
    hub: Hub = request.app.state.hub
    return hub


@functools.cache
def catalog_entry(name: str) -> CatalogEntry:
    """What the lobby needs to know of one game."""
    info = game_info(name)
    seats = {
        str(count): list(load(name, players=count).seat_names)
        for count in range(info.min_players, info.max_players + 1)
    }
    defaults = load(name).options
    return CatalogEntry(
        name=info.name,
        title=info.title,
        min_players=info.min_players,
        max_players=info.max_players,
        seats=seats,
        controllers=[HUMAN, *bot_names(name)],
        options={k: v for k, v in defaults.items() if k not in FORBIDDEN_OPTIONS},
    )


# -- the API ----------------------------------------------------------------------------


@router.get("/api/catalog", summary="The games the table can host")
async def catalog() -> list[CatalogEntry]:
    return [catalog_entry(info.name) for info in available_games()]


@router.post("/api/games", status_code=201, responses=REFUSALS, summary="Create a game")
async def create_game(body: CreateGame, request: Request) -> CreatedGame:
    hub = hub_of(request)
    made = await hub.create(body.game, body.players, dict(body.options), body.seats, body.seed)
    table = await hub.table(made.id)
    page = f"/games/{made.id}"
    return CreatedGame(
        id=made.id,
        game=table.info.game,
        title=table.info.title,
        spectator_link=page,
        seats=[
            SeatLink(
                seat=name,
                controller=kind,
                link=f"{page}#seat={made.tokens[index]}" if index in made.tokens else None,
            )
            for index, (name, kind) in enumerate(table.info.seats)
        ],
    )


async def table_of(request: Request, game_id: str) -> Table:
    return await hub_of(request).table(game_id)


@router.get(
    "/api/games/{game_id}",
    responses={**PAYLOAD, **REFUSALS},
    summary="The game as one seat sees it",
)
async def game_state(game_id: str, request: Request, token: Token = None) -> Response:
    table = await table_of(request, game_id)
    seat = table.seat_for(token)
    async with table.lock:
        await table.fresh()
        return Response(table.message(seat), media_type=JSON)


@router.post(
    "/api/games/{game_id}/actions",
    responses={**PAYLOAD, **REFUSALS},
    summary="Take an action",
)
async def take_action(
    game_id: str, body: ActionRequest, request: Request, token: Token = None
) -> Response:
    table = await table_of(request, game_id)
    text = await table.act(table.require_seat(token), body.action, body.version)
    return Response(text, media_type=JSON)


@router.post(
    "/api/games/{game_id}/takeback", responses={**PAYLOAD, **REFUSALS}, summary="Take back"
)
async def take_back(game_id: str, request: Request, token: Token = None) -> Response:
    table = await table_of(request, game_id)
    return Response(await table.take_back(table.require_seat(token)), media_type=JSON)


@router.get(
    "/api/games/{game_id}/replay/{step}",
    responses=REFUSALS,
    summary="A finished game after its first `step` actions",
)
async def replay_step(game_id: str, step: int, request: Request, token: Token = None) -> JsonDict:
    table = await table_of(request, game_id)
    seat = table.seat_for(token)
    async with table.lock:
        await table.fresh()
        return table.replay_payload(seat, step)


@router.get(
    "/api/games/{game_id}/log",
    responses={200: {"content": {"application/x-ndjson": {}}}, **REFUSALS},
    summary="A finished game's whole log with its seed, for `stratagem replay` to check",
)
async def game_log(game_id: str, request: Request) -> Response:
    table = await table_of(request, game_id)
    async with table.lock:
        await table.fresh()
        text = table.log_text()
    headers = {"Content-Disposition": f'attachment; filename="{game_id}.jsonl"'}
    return Response(text, media_type="application/x-ndjson", headers=headers)


@router.websocket("/api/games/{game_id}/ws")
async def updates(websocket: WebSocket, game_id: str) -> None:
    await websocket.accept()
    hub = hub_of(websocket)
    try:
        await hub.table(game_id)  # no such game, or one set aside: said before any token
        hello = await asyncio.wait_for(websocket.receive_json(), TOKEN_WAIT)
        token = hello.get("token") if isinstance(hello, dict) else None
        if token is not None and not isinstance(token, str):
            raise Forbidden('the first message must be {"token": <seat token or null>}')
        # the table in memory now: while the token was awaited, an idle one may have been
        # unloaded, and a connection to it would hear of nothing
        table = await hub.table(game_id)
        seat = table.seat_for(token)
    except (Refused, StorageUnavailable, TimeoutError, ValueError) as error:
        detail = str(error) or "no token was sent in time"
        code = 1013 if isinstance(error, StorageUnavailable) else 4403  # 1013: try again later
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.send_json({"type": "error", "detail": detail})
            await websocket.close(code=code)
        return
    except WebSocketDisconnect:
        return
    connection = table.connect(seat)
    try:
        await _serve(websocket, table, connection)
    finally:
        table.disconnect(connection)


async def _serve(websocket: WebSocket, table: Table, connection: Connection) -> None:
    """Send ``connection`` every change until the browser goes away."""
    async with anyio.create_task_group() as group:

        async def write() -> None:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                while True:
                    await connection.dirty.wait()
                    await websocket.send_text(table.next_message(connection))
            group.cancel_scope.cancel()

        async def read() -> None:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                while True:
                    await websocket.receive_text()
            group.cancel_scope.cancel()

        group.start_soon(write)
        group.start_soon(read)
