"""Helpers of the web table's tests: creating games, acting, waiting for bots and chance."""

from __future__ import annotations

import json
import time
import weakref
from typing import Any
from unittest import mock

import anyio
import httpx
import jsonpatch
from fastapi.testclient import TestClient

from stratagem.core import JsonDict
from stratagem.server.auth import CSRF_HEADER

WAIT = 60.0
"""Seconds a test waits for bots and chance before it fails."""


def create(client: TestClient, game: str, seats: list[str], **extra: Any) -> JsonDict:
    """Create a game and return the API's answer (links included). A ``seed`` with a
    person seated (which the API refuses) is the server's secret draw, forced."""
    seed = extra.pop("seed", None) if "human" in seats else None
    with mock.patch("stratagem.server.fairness.new_seed", return_value=seed or 0):
        response = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    created: JsonDict = response.json()
    return created


def token_of(link: str) -> str:
    """The secret token in a seat link."""
    return link.split("#seat=", 1)[1]


def tokens(created: JsonDict) -> dict[str, str]:
    """Seat name -> token, for the human seats of a created game."""
    return {seat["seat"]: token_of(seat["link"]) for seat in created["seats"] if seat["link"]}


def state(client: TestClient, game_id: str, token: str | None = None) -> JsonDict:
    """The game as ``token``'s seat (or a spectator) sees it."""
    headers = {"X-Seat-Token": token} if token else {}
    response = client.get(f"/api/games/{game_id}", headers=headers)
    assert response.status_code == 200, response.text
    payload: JsonDict = response.json()
    return payload


def settled(client: TestClient, game_id: str, token: str | None = None) -> JsonDict:
    """The state once chance and bots have nothing left to do (a person to move, or over)."""
    deadline = time.monotonic() + WAIT
    while True:
        payload = state(client, game_id, token)
        controllers = {seat["name"]: seat["controller"] for seat in payload["seats"]}
        to_move = payload["to_move"]
        if payload["finished"] or (to_move != "chance" and controllers[to_move] == "human"):
            return payload
        assert time.monotonic() < deadline, f"game {game_id} did not settle: {to_move} to move"
        time.sleep(0.01)


def act(client: TestClient, game_id: str, token: str, action: str, **extra: Any) -> Any:
    """POST an action; returns the raw response."""
    return client.post(
        f"/api/games/{game_id}/actions",
        json={"action": action, **extra},
        headers={"X-Seat-Token": token},
    )


HELD: weakref.WeakKeyDictionary[Any, JsonDict] = weakref.WeakKeyDictionary()
"""The whole payload each test websocket holds, as a page holds it."""


def whole(socket: Any, message: JsonDict) -> JsonDict:
    """``message`` of ``socket`` as a page holds it: a patch applied (by ``jsonpatch``, an
    RFC 6902 applier of its own) to the payload the socket holds, which it must start
    from; a whole payload kept for the next patch; anything else as it is."""
    if message.get("type") == "patch":
        held, version = HELD[socket], message["version"]
        assert message["from"] == held["version"], (message["from"], held["version"])
        message = jsonpatch.apply_patch(held, message["ops"])
        assert message["version"] == version, (message["version"], version)
    if message.get("type") == "state":
        HELD[socket] = message
    return message


def next_payload(socket: Any) -> JsonDict:
    """The next websocket message as a page holds it (a patch applied: ``whole``)."""
    message: JsonDict = socket.receive_json()
    return whole(socket, message)


def receive(socket: Any) -> dict[str, Any]:
    """The next websocket message (text or close), failing after ``WAIT`` seconds."""

    async def within() -> dict[str, Any]:
        with anyio.fail_after(WAIT):
            message: dict[str, Any] = await socket._send_rx.receive()
            return message

    message: dict[str, Any] = socket.portal.call(within)
    return message


def until_version(socket: Any, version: int) -> list[JsonDict]:
    """Messages until a state at ``version`` or later, or until the socket is closed (a
    close is given as ``{"type": "close", "code": ..., "reason": ...}``); each patch is
    given as the whole state it makes (``whole``)."""
    got: list[JsonDict] = []
    while True:
        message = receive(socket)
        if message["type"] == "websocket.close":
            got.append({"type": "close", "code": message["code"], "reason": message["reason"]})
            return got
        data = whole(socket, json.loads(message["text"]))
        got.append(data)
        if data["type"] == "state" and data["version"] >= version:
            return got


PASSWORD = "tulips and pikes 1568"
"""A password the table takes (10 characters or more, no account's name in it)."""


class Browser:
    """A browser of its own at the table: the same test client (whose event loop runs the
    table), with a cookie jar of its own; once signed in, its changes carry the session's
    CSRF token (``change``)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.cookies = httpx.Cookies()
        self.csrf: str | None = None

    def request(self, method: str, url: str, **extra: Any) -> httpx.Response:
        kept = self.client.cookies
        self.client.cookies = self.cookies
        try:
            response: httpx.Response = self.client.request(method, url, **extra)
            return response
        finally:
            self.cookies = self.client.cookies
            self.client.cookies = kept

    def get(self, url: str, **extra: Any) -> httpx.Response:
        return self.request("GET", url, **extra)

    def post(self, url: str, **extra: Any) -> httpx.Response:
        return self.request("POST", url, **extra)

    def change(self, url: str, **extra: Any) -> httpx.Response:
        """A POST made while signed in, with the CSRF token."""
        headers = {CSRF_HEADER: self.csrf or "", **extra.pop("headers", {})}
        return self.request("POST", url, headers=headers, **extra)

    def sign_up(self, name: str, password: str = PASSWORD, email: str | None = None) -> str:
        """Sign this browser up as ``name``; its CSRF token."""
        answer = self.post(
            "/api/account/signup", json={"name": name, "password": password, "email": email}
        )
        assert answer.status_code == 201, answer.text
        self.csrf = answer.json()["csrf"]
        return str(self.csrf)


def signed_up(client: TestClient, name: str, email: str | None = None) -> Browser:
    """A browser of its own, signed up as ``name``."""
    browser = Browser(client)
    browser.sign_up(name, email=email)
    return browser
