"""The JSON API and the websocket of the web table.

A request acts and sees as exactly one seat (the token in its ``X-Seat-Token`` header, or
the first websocket message) or as a spectator (no token). Refusals are answered with
their status and ``{"detail": reason}``; nothing is changed by a refused request.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime as dt
import functools
import json
import logging
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Header, Request, Response, WebSocket, WebSocketDisconnect

from stratagem.bots import bot_names
from stratagem.core import JsonDict, available_games, game_info, load, options_model
from stratagem.server.account_store import Account
from stratagem.server.auth import Changing, accounts_of
from stratagem.server.connections import CLOSE_CODE, CLOSE_REASON
from stratagem.server.errors import BadFrame, Invalid, Refused, Unauthorized
from stratagem.server.hints import HINT_LEVEL, ask
from stratagem.server.hub import FORBIDDEN_OPTIONS, Hub
from stratagem.server.lifecycle import Player
from stratagem.server.models import (
    Acknowledged,
    ActionRequest,
    CatalogEntry,
    ChatRequest,
    CreatedGame,
    CreateGame,
    Hint,
    JoinedSeat,
    OpenGame,
    OpenSeat,
    Problem,
    Rematch,
    RematchRequest,
    SeatAtGlance,
    SeatLink,
    Summary,
)
from stratagem.server.move_route import TOKEN_MOST, MoveRoute
from stratagem.server.payloads import dumps
from stratagem.server.replay import chapters
from stratagem.server.seating import HUMAN, OPEN
from stratagem.server.storage import StorageUnavailable
from stratagem.server.table import Connection, Table

ME = "me"
"""A seat of a new game that its signed-in creator takes as their own."""
TOKEN_WAIT = 10.0
"""Seconds a new websocket has to say who it is."""
HELLO = '{"token": <seat token or null>}'
RESYNC = '{"type":"resync"}'
"""What a websocket sends when a patch did not apply: its whole state is sent next."""
HELLO_MOST = 512
"""Characters of a websocket's first message at most (a token has 43)."""

Token = Annotated[str | None, Header(alias="X-Seat-Token", max_length=TOKEN_MOST)]
CreatorToken = Annotated[str | None, Header(alias="X-Creator-Token", max_length=TOKEN_MOST)]
OPEN_LISTED = 100
"""Public games with open seats the lobby lists at most."""
REFUSALS: dict[int | str, dict[str, Any]] = {
    code: {"model": Problem} for code in (403, 404, 409, 413, 422, 429, 503)
}
PAYLOAD: dict[int | str, dict[str, Any]] = {
    200: {"content": {"application/json": {}}, "description": "The game as the seat sees it"}
}
JSON = "application/json"

router = APIRouter()
moves = APIRouter(route_class=MoveRoute)
"""The move's route alone (``move_route``): the application matches it first."""
log = logging.getLogger(__name__)


def address_of(request: Request) -> str:
    """The client's address (the proxy's word for it only from a trusted proxy, see
    ``serving.py``): the key of its share of the workers."""
    return request.client.host if request.client is not None else "unknown"


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
    schema = options_model(name).model_json_schema().get("properties", {})
    return CatalogEntry(
        name=info.name,
        title=info.title,
        min_players=info.min_players,
        max_players=info.max_players,
        seats=seats,
        controllers=[HUMAN, OPEN, *bot_names(name)],
        options={k: v for k, v in defaults.items() if k not in FORBIDDEN_OPTIONS},
        option_schema={k: v for k, v in schema.items() if k not in FORBIDDEN_OPTIONS},
    )


# -- the API ----------------------------------------------------------------------------


@router.get("/api/catalog", summary="The games the table can host")
async def catalog() -> list[CatalogEntry]:
    return [catalog_entry(info.name) for info in available_games()]


async def _bound_seats(
    request: Request, seats: list[str] | None, account: Account | None
) -> tuple[list[str] | None, dict[int, Player]]:
    """The seats' controllers, with ``me`` (the signed-in creator's own seat) and
    ``@name`` (an open seat kept for that account) read: each bound to its account."""
    if seats is None:
        return None, {}
    controllers, bound = list(seats), dict[int, Player]()
    for index, kind in enumerate(seats):
        if kind == ME:
            if account is None:
                raise Unauthorized(f"seat {index}: sign in to take a seat as '{ME}'")
            if any(player[0] == account.id for player in bound.values()):
                raise Invalid(f"seat {index}: you take one seat of a game as '{ME}', not two")
            controllers[index], bound[index] = HUMAN, (account.id, account.name)
        elif kind.startswith("@"):
            found = await anyio.to_thread.run_sync(accounts_of(request).named, kind[1:])
            if found is None:
                raise Invalid(f"seat {index}: no player is called {kind[1:]!r}")
            controllers[index], bound[index] = OPEN, (found[0].id, found[0].name)
    return controllers, bound


@router.post("/api/games", status_code=201, responses=REFUSALS, summary="Create a game")
async def create_game(body: CreateGame, request: Request, account: Changing) -> CreatedGame:
    hub = hub_of(request)
    controllers, bound = await _bound_seats(request, body.seats, account)
    made = await hub.create(
        body.game,
        body.players,
        dict(body.options),
        controllers,
        body.seed,
        public=body.public,
        hand_over_after=body.hand_over_after,
        owner=address_of(request),
        accounts=bound,
        pace=body.timed(),
        rated=body.rated,
    )
    if account is not None:
        for index, (holder, _name) in bound.items():
            if holder == account.id:
                await anyio.to_thread.run_sync(
                    accounts_of(request).keep_link, account.id, made.tokens[index]
                )
    table = await hub.table(made.id)
    page = f"/games/{made.id}"
    return CreatedGame(
        id=made.id,
        game=table.info.game,
        title=table.info.title,
        spectator_link=page,
        creator_link=f"{page}#creator={made.creator}",
        seats=[
            SeatLink(
                seat=name,
                controller=kind,
                link=f"{page}#seat={made.tokens[index]}" if index in made.tokens else None,
                player=player,
            )
            for index, (name, kind, player) in enumerate(table.info.seats)
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
    async with table.lock:
        await table.fresh()
        seat = table.seat_for(token)  # whom the link sees as now, the log read
        return Response(table.message(seat), media_type=JSON)


def acknowledged(version: int) -> Response:
    """The answer to a change: its version alone (``Acknowledged``), written directly (the
    hot path of every move: no model to validate and serialize)."""
    return Response(dumps({"version": version}), media_type=JSON)


@moves.post(
    "/api/games/{game_id}/actions",
    response_model=Acknowledged,
    responses=REFUSALS,
    summary="Take an action",
)
async def take_action(
    game_id: str, body: ActionRequest, request: Request, token: Token = None
) -> Response:
    table = await table_of(request, game_id)
    version = await table.act(table.require_seat(token), body.action, body.version, link=token)
    return acknowledged(version)


@router.post(
    "/api/games/{game_id}/takeback",
    response_model=Acknowledged,
    responses=REFUSALS,
    summary="Take back",
)
async def take_back(game_id: str, request: Request, token: Token = None) -> Response:
    table = await table_of(request, game_id)
    return acknowledged(await table.take_back(table.require_seat(token), link=token))


@router.post(
    "/api/games/{game_id}/hint",
    responses=REFUSALS,
    summary="The bot's suggestion at your own decision (every seat sees that you asked)",
)
async def hint(game_id: str, request: Request, token: Token = None) -> Hint:
    table = await table_of(request, game_id)
    action = await ask(table, table.require_seat(token), link=token)
    return Hint(action=action, level=HINT_LEVEL)


@router.get(
    "/api/games/{game_id}/replay/{step}",
    responses=REFUSALS,
    summary="The game after its first `step` actions, as the seat saw it then",
)
async def replay_step(game_id: str, step: int, request: Request, token: Token = None) -> JsonDict:
    table = await table_of(request, game_id)
    async with table.lock:
        await table.fresh()
        job = table.replay_job(table.seat_for(token), step)
    return await hub_of(request).workers.replays.run(address_of(request), job)


@router.get(
    "/api/games/{game_id}/chapters",
    responses=REFUSALS,
    summary="The step where each turn and each phase of the game so far begins (public)",
)
async def game_chapters(game_id: str, request: Request) -> list[JsonDict]:
    table = await table_of(request, game_id)
    async with table.lock:
        await table.fresh()
        job = functools.partial(chapters, table.snapshots.game, list(table.entries))
    return await hub_of(request).workers.replays.run(address_of(request), job)


def _iso(moment: dt.datetime | None) -> str | None:
    """A stored time in ISO 8601, in UTC."""
    return None if moment is None else moment.astimezone(dt.UTC).isoformat(timespec="seconds")


@router.get("/api/open", summary="Public games with open seats, oldest first")
async def open_games(request: Request) -> list[OpenGame]:
    hub = hub_of(request)
    records = await anyio.to_thread.run_sync(hub.store.open_games, OPEN_LISTED)
    ratings = await anyio.to_thread.run_sync(hub.ratings.seated, records)
    listed = []
    for record in records:
        info = game_info(record.game)
        listed.append(
            OpenGame(
                id=record.id,
                game=record.game,
                title=info.title,
                options={k: v for k, v in record.options.items() if k not in FORBIDDEN_OPTIONS},
                created_at=_iso(record.created_at) or "",
                seats=[
                    OpenSeat(
                        seat=seat.seat,
                        name=seat.name,
                        controller=seat.controller,
                        since=None if seat.controller == OPEN else _iso(seat.since),
                        player=seat.player,
                        rating=ratings.get((record.game, seat.account or "")),
                    )
                    for seat in record.seats
                ],
            )
        )
    return listed


@router.get(
    "/api/games/{game_id}/summary",
    responses=REFUSALS,
    summary="A game at a glance (public); with a seat's token, 403 if its link has ended",
)
async def summary(game_id: str, request: Request, token: Token = None) -> Summary:
    table = await table_of(request, game_id)
    async with table.lock:
        await table.fresh()
        table.seat_for(token)  # a link that has ended (a new one was made) is refused
        sight = table.sight(None)
        facts = table.payload(None)
    return Summary(
        id=table.record.id,
        game=table.info.game,
        title=table.info.title,
        version=table.version,
        to_move=None if table.finished else sight.to_move,
        finished=table.finished,
        open_seats=facts["open_seats"],
        rematch=facts["rematch"],
        result=table.result(),
        seats=[
            SeatAtGlance(name=s["name"], controller=s["controller"], player=s.get("player"))
            for s in facts["seats"]
        ],
        waiting_since=None if table.finished else facts["waiting_since"],
        clock=facts.get("clock"),
    )


def _seat_link(game_id: str, token: str) -> str:
    return f"/games/{game_id}#seat={token}"


@router.post(
    "/api/games/{game_id}/seats/{seat}/join",
    responses=REFUSALS,
    summary="Take an open seat: its secret link is given to you alone",
)
async def join(game_id: str, seat: int, request: Request, account: Changing) -> JoinedSeat:
    table = await table_of(request, game_id)
    player = None if account is None else (account.id, account.name)
    token = await table.lifecycle.join(seat, player)
    if account is not None:
        await anyio.to_thread.run_sync(accounts_of(request).keep_link, account.id, token)
    return JoinedSeat(seat=table.game.seat_names[seat], link=_seat_link(game_id, token))


@router.post(
    "/api/games/{game_id}/seats/{seat}/link",
    responses=REFUSALS,
    summary="The creator gives a person's seat a new secret link (the old one ends)",
)
async def relink(
    game_id: str, seat: int, request: Request, creator: CreatorToken = None
) -> JoinedSeat:
    table = await table_of(request, game_id)
    table.require_creator(creator)
    token = await table.lifecycle.relink(seat)
    return JoinedSeat(seat=table.game.seat_names[seat], link=_seat_link(game_id, token))


@router.post(
    "/api/games/{game_id}/link",
    responses=REFUSALS,
    summary="A seat's person takes a new secret link for their own seat (the old one ends)",
)
async def own_link(
    game_id: str, request: Request, account: Changing, token: Token = None
) -> JoinedSeat:
    table = await table_of(request, game_id)
    seat = table.require_seat(token)
    player = None if account is None else (account.id, account.name)
    fresh = await table.lifecycle.relink(seat, asked_by_seat=True, link=token, player=player)
    if account is not None and table.record.seats[seat].account == account.id:
        await anyio.to_thread.run_sync(accounts_of(request).keep_link, account.id, fresh)
    return JoinedSeat(seat=table.game.seat_names[seat], link=_seat_link(game_id, fresh))


@router.post(
    "/api/games/{game_id}/seats/{seat}/bot",
    status_code=204,
    responses=REFUSALS,
    summary="The creator hands a seat that kept everyone waiting to a bot",
)
async def hand_over(
    game_id: str, seat: int, request: Request, creator: CreatorToken = None
) -> Response:
    table = await table_of(request, game_id)
    table.require_creator(creator)
    await table.lifecycle.hand_over(seat)
    return Response(status_code=204)


@router.post(
    "/api/games/{game_id}/resign",
    response_model=Acknowledged,
    responses=REFUSALS,
    summary="Resign your seat (two seats: the other side wins; more: a bot plays it)",
)
async def resign(game_id: str, request: Request, token: Token = None) -> Response:
    table = await table_of(request, game_id)
    await table.lifecycle.resign(table.require_seat(token), link=token)
    return acknowledged(table.version)  # read at once: no other task ran since


@router.post(
    "/api/games/{game_id}/rematch",
    status_code=201,
    responses=REFUSALS,
    summary="A new game of the same seats (kept, or moved one along) and options, once over",
)
async def rematch(
    game_id: str,
    request: Request,
    body: RematchRequest | None = None,
    token: Token = None,
    creator: CreatorToken = None,
) -> Rematch:
    hub = hub_of(request)
    table = await table_of(request, game_id)
    if token:  # a link whose seat a bot plays now takes it back in the rematch
        seat: int | None = table.seats.link_seat(token)
    else:
        table.require_creator(creator)
        seat = None
    made = await hub.rematch(table, seat, swapped=body is not None and body.sides == "swapped")
    return Rematch(id=made, spectator_link=f"/games/{made}")


@router.post(
    "/api/games/{game_id}/chat",
    status_code=204,
    responses=REFUSALS,
    summary="Say something in the game's chat (no token: as a spectator)",
)
async def chat(game_id: str, body: ChatRequest, request: Request, token: Token = None) -> Response:
    table = await table_of(request, game_id)
    await table.say(token, body.text)
    return Response(status_code=204)


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
        token = await asyncio.wait_for(_hello(websocket), TOKEN_WAIT)
        # the table in memory now: while the token was awaited, an idle one may have been
        # unloaded, and a connection to it would hear of nothing
        table = await hub.table(game_id)
        table.seat_for(token)  # a wrong token is refused before the connection opens
    except (Refused, StorageUnavailable, TimeoutError, BadFrame) as error:
        detail = str(error) or "no token was sent in time"
        code = 1013 if isinstance(error, StorageUnavailable) else 4403  # 1013: try again later
        if isinstance(error, BadFrame):
            code = error.code
            log.info("websocket of game %s closed (%d): %s", game_id, code, detail)
        with contextlib.suppress(RuntimeError, WebSocketDisconnect):
            await websocket.send_json({"type": "error", "detail": detail})
            await websocket.close(code=code)
        return
    except WebSocketDisconnect:
        return
    await table.read_chat()
    # who the link sees as is decided now, and again whenever a seat changes hands
    connection = table.connect(token)
    try:
        await _serve(websocket, table, connection)
    finally:
        table.disconnect(connection)


async def _hello(websocket: WebSocket) -> str | None:
    """The token of the first message, ``{"token": <seat token or null>}``; a frame that
    is not one is refused (``BadFrame``) and never parsed beyond ``HELLO_MOST``
    characters (a deeply nested hello would exhaust the parser's recursion)."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise BadFrame(1003, f"the first message must be text: {HELLO}")
    if len(text) > HELLO_MOST:
        raise BadFrame(1008, f"the first message is over {HELLO_MOST} characters: {HELLO}")
    try:
        hello = json.loads(text)
    except (ValueError, RecursionError):
        raise BadFrame(1007, f"the first message is not JSON: {HELLO}") from None
    token = hello.get("token") if isinstance(hello, dict) else False
    if token is not None and not isinstance(token, str):
        raise BadFrame(1008, f"the first message must be {HELLO}")
    return token


async def _serve(websocket: WebSocket, table: Table, connection: Connection) -> None:
    """Send ``connection`` every change until the browser goes away: its whole state
    first, then patches (``views.Views.update``)."""
    async with anyio.create_task_group() as group:

        async def write() -> None:
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                while True:
                    await connection.dirty.wait()
                    for text in table.next_messages(connection):
                        await websocket.send_text(text)
                    if connection.ended is not None:  # its link ended: told why, closed
                        await websocket.close(code=CLOSE_CODE, reason=CLOSE_REASON)
                        break
            group.cancel_scope.cancel()

        async def read() -> None:
            # a browser whose patch did not apply asks for its whole state again; anything
            # else it sends later (text or not) is read and dropped
            with contextlib.suppress(WebSocketDisconnect, RuntimeError):
                while (message := await websocket.receive())["type"] != "websocket.disconnect":
                    if message.get("text") == RESYNC:
                        connection.resync()
            group.cancel_scope.cancel()

        group.start_soon(write)
        group.start_soon(read)
