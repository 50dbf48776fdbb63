"""The web table's doors: what is refused before a request reaches the API.

* **Body size.** ``BodyLimit`` refuses a request body over ``Settings.max_body`` bytes
  with 413 before anything parses it: at once when its ``Content-Length`` says so, else
  (a chunked body) as soon as the bytes streamed in pass the limit, without ever holding
  more than one chunk. A malformed ``Content-Length`` is a 400.
* **Rate.** ``RateLimit`` counts, per client address, the games created and the actions
  and take-backs posted, in a moving window (the ``limits`` library, in memory) for one
  process, in the database for processes sharing PostgreSQL, and answers 429 with
  ``Retry-After`` once a limit is used up. The address is the ASGI scope's ``client``:
  behind a proxy, trust its ``X-Forwarded-For`` (``Settings.trusted_proxies``), or every
  player shares the proxy's address.
* **Path.** ``PathGuard`` refuses (422) a path holding a control character or a lone
  surrogate (``/api/games/%00``) before any of it reaches the database.
* **Validation.** A request whose fields pydantic refuses is answered 422 with one
  readable ``detail`` text naming each field, like every other refusal of the table,
  instead of FastAPI's list, and safely even when the input holds a lone surrogate (the
  default answer echoes the input and fails to encode it: a 500).

* **Websockets.** ``WebSocketCap`` refuses a websocket beyond ``Settings.ws_per_address``
  open from one address or ``Settings.ws_total`` in all (503 before the handshake).
* **Headers.** ``SecurityHeaders`` gives every answer a Content-Security-Policy (only
  this server's own scripts, styles and connections; ``frame-ancestors 'none'``),
  ``X-Content-Type-Options: nosniff`` and ``Referrer-Policy: no-referrer``.

Every refusal here is JSON ``{"detail": reason}``; none reaches the application, so none
changes anything.
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import anyio
import limits
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stratagem.server.models import control_character
from stratagem.server.settings import Settings
from stratagem.server.storage import StorageRefused, StorageUnavailable, Store

CREATE_PATH = re.compile(r"/api/games/?")
ACT_PATH = re.compile(r"/api/games/[^/]+/(?:actions|takeback)/?")
TABLE_PATH = re.compile(
    r"/api/games/[^/]+/(?:chat|resign|rematch|hint|analyses/[^/]+|seats/[^/]+/[a-z]+)/?"
)
SIGN_IN_PATH = re.compile(r"/api/account/(?:signin|signup)/?")
"""Sign-ins and sign-ups: counted at the rate of game creations (a guesser of passwords
is slowed per address here, and per name by ``account_store.FAILURES_ALLOWED``)."""
MAX_LENGTH_DIGITS = 18
"""A ``Content-Length`` with more digits is certainly over any limit (and not worth
converting: Python refuses to convert very long digit strings)."""
MAX_PROBLEMS = 10
WEBSOCKET_RETRY = 5
"""Seconds a websocket refused at the cap is told to wait."""
"""Validation problems named in one answer; the rest are counted."""


def _clean(text: str) -> str:
    """``text`` as valid Unicode: a lone surrogate becomes its escape (``\\ud800``)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


async def refuse(
    send: Send, status: int, detail: str, headers: Iterable[tuple[bytes, bytes]] = ()
) -> None:
    """Answer ``{"detail": detail}`` with ``status`` straight through ASGI."""
    body = json.dumps({"detail": _clean(detail)}, ensure_ascii=False).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode("ascii")),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def declared_length(values: Sequence[bytes]) -> int | None:
    """The body length the ``Content-Length`` header values declare, or ``None`` if they
    are malformed: not digits, or differing (HTTP allows a repeated, identical value, as
    separate headers or a comma-separated list). A length too long to be worth reading
    counts as infinite."""
    parts = {part.strip() for value in values for part in value.split(b",")}
    if len(parts) != 1:
        return None
    (digits,) = parts
    if not digits.isdigit():  # ASCII digits only: no sign, no blanks, no "1_000"
        return None
    return int(digits) if len(digits) <= MAX_LENGTH_DIGITS else 10**MAX_LENGTH_DIGITS


class BodyLimit:
    """Refuse HTTP request bodies over ``max_body`` bytes (413) before they are parsed."""

    def __init__(self, app: ASGIApp, max_body: int) -> None:
        self.app = app
        self.max_body = max_body

    def _too_large(self, size: str) -> str:
        return f"the request body is {size}; this table accepts at most {self.max_body} bytes"

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lengths = [value for name, value in scope["headers"] if name.lower() == b"content-length"]
        if lengths:
            declared = declared_length(lengths)
            if declared is None:
                await refuse(send, 400, "the Content-Length header is not a number of bytes")
                return
            if declared > self.max_body:
                await refuse(send, 413, self._too_large(f"{declared} bytes"))
                return
        received = 0
        refused = False
        started = False

        async def counted() -> Message:
            # the body as it streams in: past the limit, the 413 is sent at once and the
            # application is told the client went away (it reads no further)
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_body:
                    refused = True
                    if not started:
                        await refuse(send, 413, self._too_large(f"over {self.max_body} bytes"))
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            # once the 413 is sent, the application's own answer (to a "disconnect") is not
            nonlocal started
            if refused and not started:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        await self.app(scope, counted, guarded)


class PathGuard:
    """Refuse (422) a request whose path holds a control character or a lone surrogate
    (``/api/games/%00``): no game id or page has one, and PostgreSQL refuses NUL in any
    text, so such a path must never reach the database. A websocket is closed before
    it is accepted."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        path: str = scope.get("path", "")
        if scope["type"] in ("http", "websocket") and not path.isprintable():
            reason = control_character(path)
            if reason is not None:
                if scope["type"] == "http":
                    await refuse(send, 422, f"the path: {reason}")
                else:
                    await send({"type": "websocket.close", "code": 1008, "reason": ""})
                return
        await self.app(scope, receive, send)


class WebSocketCap:
    """Refuse a websocket beyond ``per_address`` open from one client address or
    ``total`` open in all: 503 with ``Retry-After`` before the handshake where the server
    can answer one (uvicorn can), else accepted and closed at once with 1013 (try again
    later). A websocket holds a connection, and its file, as long as the page is open:
    without a cap, one address could hold them all."""

    def __init__(self, app: ASGIApp, per_address: int, total: int) -> None:
        self.app = app
        self.per_address = per_address
        self.total = total
        self.open: dict[str, int] = {}
        self.count = 0

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        address = str(client[0]) if client else "unknown"
        mine = self.open.get(address, 0)
        if mine >= self.per_address or self.count >= self.total:
            reason = (
                f"{mine} websockets are open from your address; at most {self.per_address}"
                if mine >= self.per_address
                else f"the table has {self.count} websockets open, its most"
            )
            await self._refuse(scope, receive, send, f"{reason}: close one, or try again later")
            return
        self.open[address] = mine + 1
        self.count += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.count -= 1
            left = self.open[address] - 1
            if left:
                self.open[address] = left
            else:
                del self.open[address]

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send, detail: str) -> None:
        if "websocket.http.response" in scope.get("extensions", {}):
            body = json.dumps({"detail": detail}).encode("utf-8")
            await send(
                {
                    "type": "websocket.http.response.start",
                    "status": 503,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode("ascii")),
                        (b"retry-after", str(WEBSOCKET_RETRY).encode("ascii")),
                    ],
                }
            )
            await send({"type": "websocket.http.response.body", "body": body})
            return
        await receive()  # websocket.connect
        await send({"type": "websocket.accept"})
        await send({"type": "websocket.close", "code": 1013, "reason": detail[:120]})


CONTENT_SECURITY_POLICY = "; ".join(
    (
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
"""What a page of the table may load and run: only this server's own files (no inline
script or style, nothing from elsewhere); no page may frame it."""
SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode("ascii")),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)


class SecurityHeaders:
    """Add ``SECURITY_HEADERS`` to every HTTP response that does not set its own (the
    API's docs page sets a policy that lets its inline script run)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                present = {name.lower() for name, _ in headers}
                headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, secured)


class RateLimit:
    """Refuse (429) game creations, actions and take-backs, and chat lines and changes at
    the table, each beyond its rate per client address; other requests pass uncounted.
    Each attempt counts, refused or not.

    One process counts in memory, in a moving window. Processes sharing a PostgreSQL
    database (the application's ``state.shared_rates`` is its store) count together in
    the database, in fixed windows of the rate's length, so that three processes do not
    allow three times the rate; while the database is away, each counts alone."""

    def __init__(
        self,
        app: ASGIApp,
        create: limits.RateLimitItem,
        act: limits.RateLimitItem,
        chat: limits.RateLimitItem,
    ):
        self.app = app
        self.limiter = MovingWindowRateLimiter(MemoryStorage())
        self.rules = (
            (CREATE_PATH, "create", create, "games created"),
            (SIGN_IN_PATH, "sign-in", create, "sign-ins and sign-ups"),
            (ACT_PATH, "act", act, "actions and take-backs"),
            (TABLE_PATH, "chat", chat, "chat lines and changes at the table"),
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] == "POST":
            for pattern, name, item, words in self.rules:
                if not pattern.fullmatch(scope["path"]):
                    continue
                client = scope.get("client")
                address = str(client[0]) if client else "unknown"
                wait = await self._wait(scope, item, name, address)
                if wait:
                    await refuse(
                        send,
                        429,
                        f"too many {words} from your address: at most {item}; "
                        f"try again in {wait} s",
                        [(b"retry-after", str(wait).encode("ascii"))],
                    )
                    return
                break
        await self.app(scope, receive, send)

    async def _wait(self, scope: Scope, item: limits.RateLimitItem, name: str, address: str) -> int:
        """Count an attempt: 0 if it is within the rate, else the seconds to wait."""
        store = getattr(getattr(scope.get("app"), "state", None), "shared_rates", None)
        if isinstance(store, Store):
            try:
                hits, left = await anyio.to_thread.run_sync(
                    store.hit, f"{name} {address}", item.get_expiry()
                )
            except (StorageUnavailable, StorageRefused):
                pass  # counted here alone until the database is back
            else:
                return 0 if hits <= item.amount else max(1, math.ceil(left))
        if self.limiter.hit(item, name, address):
            return 0
        reset = self.limiter.get_window_stats(item, name, address).reset_time
        return max(1, math.ceil(reset - time.time()))


def _problem(item: Mapping[str, Any]) -> str:
    """One pydantic problem in words, led by the field it is about."""
    loc = [str(part) for part in item.get("loc", ())]
    if item.get("type") == "json_invalid":
        reason = item.get("ctx", {}).get("error", "")
        place = f" (at character {loc[-1]})" if len(loc) > 1 else ""
        return f"the body is not valid JSON: {reason}{place}"
    if loc and loc[0] == "body" and len(loc) > 1:
        where = ".".join(loc[1:])
    else:
        where = " ".join([*loc[:1], ".".join(loc[1:])]).strip() or "request"
    return f"{where}: {item.get('msg', 'invalid')}"


def validation_detail(errors: Sequence[Mapping[str, Any]]) -> str:
    """Pydantic's problems with a request as one text (the first ``MAX_PROBLEMS``)."""
    problems = list(dict.fromkeys(_problem(item) for item in errors))
    more = len(problems) - MAX_PROBLEMS
    shown = problems[:MAX_PROBLEMS] + ([f"and {more} more"] if more > 0 else [])
    return _clean("; ".join(shown) or "the request is not valid")


async def _invalid(_request: Request, error: Exception) -> JSONResponse:
    errors = error.errors() if isinstance(error, RequestValidationError) else []
    return JSONResponse({"detail": validation_detail(errors)}, status_code=422)


def install_guards(app: FastAPI, config: Settings) -> None:
    """Add the doors to ``app``: the validation answer, the body limit and (unless
    ``config.rate_limits`` is off) the rate limits, outermost, so a client over its rate
    is refused before its body is even looked at."""
    app.add_exception_handler(RequestValidationError, _invalid)
    app.add_middleware(BodyLimit, max_body=config.max_body)
    app.add_middleware(PathGuard)
    if config.rate_limits:
        app.add_middleware(
            RateLimit,
            create=limits.parse(config.rate_create),
            act=limits.parse(config.rate_act),
            chat=limits.parse(config.rate_chat),
        )
    app.add_middleware(WebSocketCap, per_address=config.ws_per_address, total=config.ws_total)
    app.add_middleware(SecurityHeaders)  # outermost: refusals at the door carry them too
