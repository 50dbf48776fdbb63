"""The move's route: the hot path of every game, answered without FastAPI's dependency
machinery when the request is well formed.

Solving an endpoint's parameters (path, header, body) through FastAPI's general handler
took about a tenth of a saturated server's time, most of it for the move's route
(``benchmarks/RESULTS.md``, "The move's lean route"). A ``MoveRoute`` reads a well-formed
move itself: a JSON body (``Content-Type: application/json``) that is a valid
``ActionRequest``, and a seat token of at most ``TOKEN_MOST`` characters. Anything else
goes through FastAPI's own handler, so a malformed request is refused exactly as every
other route refuses one (the same 422 and words); the endpoint and its documentation are
FastAPI's as declared.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine
from typing import Any

import orjson
from fastapi import Request, Response
from fastapi.routing import APIRoute
from pydantic import ValidationError

from stratagem.server.models import ActionRequest

TOKEN_HEADER = "x-seat-token"
TOKEN_MOST = 128
"""The longest token a request may carry (``api.Token``'s and ``api.CreatorToken``'s
``max_length``): a longer one is refused by FastAPI's handler."""

Move = Callable[[str, ActionRequest, Request, str | None], Awaitable[Response]]
"""A move's endpoint: ``(game_id, body, request, token)``."""


def _json(content_type: str | None) -> bool:
    """Whether the request says its body is JSON (``application/json``, parameters aside)."""
    if content_type is None:
        return False
    return content_type.partition(";")[0].strip().lower() == "application/json"


def _well_formed(request: Request, raw: bytes) -> tuple[ActionRequest, str | None] | None:
    """The move's body and token when the request is well formed, else ``None``."""
    token = request.headers.get(TOKEN_HEADER)
    if token is not None and len(token) > TOKEN_MOST:
        return None
    if not raw or not _json(request.headers.get("content-type")):
        return None
    try:
        return ActionRequest.model_validate(orjson.loads(raw)), token
    except (orjson.JSONDecodeError, ValidationError):
        return None


class MoveRoute(APIRoute):
    """An ``APIRoute`` whose endpoint is a ``Move``: a well-formed request is read here
    and the endpoint called at once; any other takes FastAPI's full handler."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        full = super().get_route_handler()
        endpoint: Move = self.endpoint

        async def handle(request: Request) -> Response:
            read = _well_formed(request, await request.body())
            if read is None:
                return await full(request)  # the body is kept: read again there
            body, token = read
            return await endpoint(request.path_params["game_id"], body, request, token)

        return handle
