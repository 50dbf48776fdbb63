"""The table's doors (``server/guards.py`` and the request models): oversize bodies,
malformed or mistyped input, text that is not Unicode and clients over their rate are
refused with JSON ``{"detail": ...}`` and a proper status, and change nothing."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import fastapi.routing
import limits
import orjson
import pytest
from fastapi.testclient import TestClient
from pydantic import ValidationError
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from stratagem.server import Settings, create_app
from stratagem.server.guards import BodyLimit, RateLimit, declared_length
from stratagem.server.models import MAX_OPTION_ITEMS, CreateGame
from stratagem.server.settings import DEFAULT_MAX_BODY

from .helpers import create, settled, state, tokens

GAME = "eighty_years_war"
JSON = {"Content-Type": "application/json"}
QUICK = 2.0
"""Seconds within which a refusal at the door must come (the bodies sent are large)."""


def games_stored(sqlite_file: str) -> int:
    with sqlite3.connect(sqlite_file.removeprefix("sqlite:///")) as database:
        count: int = database.execute("select count(*) from games").fetchone()[0]
    return count


def refusal(response: Any, status: int, *words: str) -> str:
    """Check a refusal: its status, a JSON ``{"detail": text}`` body holding ``words``."""
    assert response.status_code == status, response.text
    assert response.headers["content-type"].startswith("application/json")
    detail = response.json()["detail"]
    assert isinstance(detail, str), detail
    for word in words:
        assert word in detail, (word, detail)
    return detail


def app_with(sqlite_file: str, **settings: Any) -> ASGIApp:
    return create_app(Settings(database_url=sqlite_file, bot_delay=0, **settings))


@pytest.fixture
def game(client: TestClient) -> tuple[str, str, int]:
    """A two-person game, Dutch to move: (id, Dutch's token, version)."""
    created = create(client, GAME, ["human", "human"], seed=3)
    token = tokens(created)["Dutch"]
    return created["id"], token, settled(client, created["id"], token)["version"]


def endpoints(game_id: str) -> list[str]:
    return ["/api/games", f"/api/games/{game_id}/actions", f"/api/games/{game_id}/takeback"]


# -- body size --------------------------------------------------------------------------


def test_oversize_bodies_are_refused_at_once_on_every_post_and_change_nothing(
    client: TestClient, sqlite_file: str, game: tuple[str, str, int]
) -> None:
    game_id, token, version = game
    stored = games_stored(sqlite_file)
    huge = b'{"action": "' + b"x" * (20 * 1024 * 1024) + b'"}'
    just_over = b'{"game": "' + b"x" * (DEFAULT_MAX_BODY - 11) + b'"}'
    assert len(just_over) == DEFAULT_MAX_BODY + 1
    for path in endpoints(game_id):
        for body in (huge, just_over):
            began = time.monotonic()
            response = client.post(path, content=body, headers={**JSON, "X-Seat-Token": token})
            assert time.monotonic() - began < QUICK
            refusal(response, 413, "at most 65536 bytes")
    assert games_stored(sqlite_file) == stored
    assert state(client, game_id, token)["version"] == version


def test_a_body_at_the_limit_is_read(sqlite_file: str) -> None:
    with TestClient(app_with(sqlite_file, max_body=100)) as client:
        body = b'{"game": "' + b"x" * 88 + b'"}'
        assert len(body) == 100
        refusal(client.post("/api/games", content=body, headers=JSON), 422, "game: String")
        refusal(client.post("/api/games", content=body + b" ", headers=JSON), 413)


def test_a_chunked_oversize_body_is_refused(
    sqlite_file: str,
) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"game": "'
        for _ in range(64):
            yield b"x" * 1024
        yield b'"}'

    with TestClient(app_with(sqlite_file, max_body=4096)) as client:
        response = client.post("/api/games", content=chunks(), headers=JSON)
        refusal(response, 413, "over 4096 bytes")
        assert games_stored(sqlite_file) == 0


def test_a_streamed_body_is_cut_as_soon_as_it_passes_the_limit() -> None:
    """Raw ASGI: the body arrives in 1 KiB chunks; the limit (4 KiB) is passed by the 5th,
    which is where reading stops and the 413 goes out; the application's own answer (to
    what it is told is a client gone away) is dropped."""
    pulled = 0
    sent: list[Message] = []

    async def receive() -> Message:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": b"x" * 1024, "more_body": pulled < 10_000}

    async def send(message: Message) -> None:
        sent.append(message)

    async def reader(scope: Scope, receive: Receive, send: Send) -> None:
        while (message := await receive())["type"] == "http.request":
            if not message.get("more_body"):
                break
        await send({"type": "http.response.start", "status": 400, "headers": []})
        await send({"type": "http.response.body", "body": b"client went away"})

    scope = {"type": "http", "method": "POST", "path": "/api/games", "headers": []}
    asyncio.run(BodyLimit(reader, max_body=4096)(scope, receive, send))
    assert pulled == 5
    assert [message["type"] for message in sent] == ["http.response.start", "http.response.body"]
    assert sent[0]["status"] == 413
    assert b"over 4096 bytes" in sent[1]["body"]


@pytest.mark.parametrize("length", ["abc", "-1", "1.5", "", "12, 13", "+5", "1_0"])
def test_a_malformed_content_length_is_refused(client: TestClient, length: str) -> None:
    response = client.post(
        "/api/games", content=b'{"game": "x"}', headers={**JSON, "Content-Length": length}
    )
    refusal(response, 400, "Content-Length")


def test_content_length_reading() -> None:
    assert declared_length([b"12"]) == 12
    assert declared_length([b"12", b"12"]) == 12
    assert declared_length([b"12, 12"]) == 12
    assert declared_length([b"12", b"13"]) is None
    assert declared_length([b"\xd9\xa1"]) is None  # an Arabic-Indic one is no ASCII digit
    assert declared_length([b"9" * 5000]) == 10**18


# -- malformed and mistyped input -------------------------------------------------------


def test_malformed_json_is_refused(client: TestClient, sqlite_file: str) -> None:
    for body in (b"not json", b'{"game": ', b'{"game": "x",}'):
        response = client.post("/api/games", content=body, headers=JSON)
        refusal(response, 422, "the body is not valid JSON", "at character")
    assert games_stored(sqlite_file) == 0


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (
            {"game": "britain_vs_france", "options": {"advanced": "yes"}},
            "option 'advanced' takes true or false, not 'yes'",
        ),
        (
            {"game": "britain_vs_france", "options": {"turns_per_player": "7"}},
            "option 'turns_per_player' takes a whole number or null, not '7'",
        ),
        ({"game": "tercios", "options": {"duration": "2"}}, "option 'duration' takes"),
        ({"game": "tercios", "options": {"armies": "spanish_500"}}, "a list of 2 texts"),
        ({"game": "tercios", "options": {"duration": 2.5}}, "option 'duration' takes"),
        ({"game": "tercios", "options": {"scale": {"a": 1}}}, "option 'scale': true/false"),
        ({"game": GAME, "options": {"strict": True}}, "'strict' is no game's option"),
        ({"game": GAME, "options": {"name": "x"}}, "option 'name': Extra inputs"),
        ({"game": GAME, "options": {"x": 10**30}}, "option 'x': a whole number between"),
        ({"game": GAME, "options": ["advanced"]}, "options: Input should be a valid dict"),
        ({"game": GAME, "players": "two"}, "players: Input should be a valid integer"),
        ({"game": GAME, "players": "2"}, "players: Input should be a valid integer"),
        ({"game": GAME, "players": True}, "players: Input should be a valid integer"),
        ({"game": GAME, "seats": "human"}, "seats: Input should be a valid list"),
        ({"game": GAME, "seats": ["human", 2]}, "seats.1: Input should be a valid string"),
        ({"game": GAME, "seed": "3"}, "seed: Input should be a valid integer"),
        ({"game": 5}, "game: Input should be a valid string"),
    ],
)
def test_mistyped_games_are_refused_naming_the_field(
    client: TestClient, sqlite_file: str, body: dict[str, Any], words: str
) -> None:
    refusal(client.post("/api/games", json=body), 422, words)
    assert games_stored(sqlite_file) == 0


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity"])
def test_numbers_json_cannot_hold_are_refused(
    client: TestClient, sqlite_file: str, number: str
) -> None:
    body = f'{{"game": "tercios", "options": {{"duration": {number}}}}}'.encode()
    refusal(client.post("/api/games", content=body, headers=JSON), 422, "a finite number")
    assert games_stored(sqlite_file) == 0


def test_option_sizes_are_bounded(client: TestClient, sqlite_file: str) -> None:
    long_list = {"armies": ["spanish_500"] * (MAX_OPTION_ITEMS + 1)}
    cases = [
        (long_list, "option 'armies': a list of at most 64 items, not 65"),
        ({"terrain": "x" * 201}, "option 'terrain': a text of at most 200 characters"),
        ({"armies": ["x" * 201, "y"]}, "option 'armies', item 0: at most 200 characters"),
        ({"armies": ["spanish_500", 5]}, "option 'armies': a list of texts; item 1"),
        ({f"o{n}": 1 for n in range(65)}, "at most 64 options, not 65"),
        ({"x" * 65: 1}, "an option's name has at most 64 characters"),
    ]
    for options, words in cases:
        response = client.post("/api/games", json={"game": "tercios", "options": options})
        refusal(response, 422, words)
    assert games_stored(sqlite_file) == 0


def test_a_huge_list_option_is_refused_by_its_length_at_once() -> None:
    # its length is refused before any item is looked at: no item here is even a text
    with pytest.raises(ValidationError, match="a list of at most 64 items, not 2000000") as refused:
        CreateGame.model_validate({"game": "tercios", "options": {"armies": [0] * 2_000_000}})
    assert "not a text" not in str(refused.value)


def test_mistyped_actions_are_refused_and_change_nothing(
    client: TestClient, game: tuple[str, str, int]
) -> None:
    game_id, token, version = game
    cases = [
        ({"action": 5}, "action: Input should be a valid string"),
        ({"action": ["Stop discarding"]}, "action: Input should be a valid string"),
        ({"action": "Stop discarding", "version": "1"}, "version: Input should be a valid"),
        ({}, "action: Field required"),
    ]
    for body, words in cases:
        response = client.post(
            f"/api/games/{game_id}/actions", json=body, headers={"X-Seat-Token": token}
        )
        refusal(response, 422, words)
    assert state(client, game_id, token)["version"] == version


def test_a_well_formed_move_skips_fastapis_parameter_solving_and_an_ill_formed_one_does_not(
    client: TestClient, game: tuple[str, str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``MoveRoute``: a well-formed move is read by the route itself; every other request
    to the move's route is refused by FastAPI's own handler, in the usual words."""
    game_id, token, version = game
    solved: list[str] = []
    solve = fastapi.routing.solve_dependencies

    async def counted(*args: Any, **kwargs: Any) -> Any:
        solved.append("solved")
        return await solve(*args, **kwargs)

    monkeypatch.setattr(fastapi.routing, "solve_dependencies", counted)
    url = f"/api/games/{game_id}/actions"
    seat = {"X-Seat-Token": token}
    ill_formed = [
        (b'{"action": "x"}', {}, "body: Input should be a valid dictionary"),
        (b'{"action": "x"}', {"Content-Type": "text/plain"}, "body: Input should be a valid"),
        (b"", JSON, "body: Field required"),
        (b'{"action": "x"}', {**JSON, "X-Seat-Token": "a" * 129}, "header X-Seat-Token"),
        (b'{"action": "x", "extra": 1}', JSON, "extra: Extra inputs are not permitted"),
    ]
    for body, headers, words in ill_formed:
        solved.clear()
        refusal(client.post(url, content=body, headers={**seat, **headers}), 422, words)
        assert solved == ["solved"], (body, headers)
    refusal(client.post(url, content=b'{"action": ', headers={**seat, **JSON}), 422, "at character")
    refusal(client.post(url, json={"action": "x"}, headers=seat), 422, "'x' is not an action")
    assert state(client, game_id, token)["version"] == version
    legal = state(client, game_id, token)["legal"][0]
    solved.clear()
    moved = client.post(
        url,
        content=orjson.dumps({"action": legal, "version": version}),
        headers={**seat, "Content-Type": "application/json; charset=utf-8"},
    )
    assert moved.status_code == 200, moved.text
    assert moved.json()["version"] > version
    assert solved == []


# -- text that is not Unicode -----------------------------------------------------------

SURROGATE = "\\ud800"
"""JSON's escape of a lone surrogate: valid JSON, but no Unicode text."""


@pytest.mark.parametrize(
    ("body", "words"),
    [
        (f'{{"game": "{SURROGATE}"}}', "game: the text holds a lone surrogate (U+D800"),
        (
            f'{{"game": "x{SURROGATE}y"}}',
            "game: the text holds a lone surrogate (U+D800 at character 1)",
        ),
        (
            f'{{"game": "tercios", "options": {{"terrain": "{SURROGATE}"}}}}',
            "options: option 'terrain': the text holds a lone surrogate",
        ),
        (
            f'{{"game": "tercios", "options": {{"armies": ["a", "{SURROGATE}"]}}}}',
            "options: option 'armies', item 1: the text holds a lone surrogate",
        ),
        (
            f'{{"game": "tercios", "options": {{"{SURROGATE}": 1}}}}',
            "options: an option's name: the text holds a lone surrogate",
        ),
        (
            f'{{"game": "{GAME}", "seats": ["human", "{SURROGATE}"]}}',
            "seats: seat 1: the text holds a lone surrogate",
        ),
        ('{"game": "\\udfff"}', "U+DFFF"),
    ],
)
def test_lone_surrogates_in_a_new_game_are_refused_naming_the_field(
    client: TestClient, sqlite_file: str, body: str, words: str
) -> None:
    response = client.post("/api/games", content=body.encode(), headers=JSON)
    refusal(response, 422, words)
    assert games_stored(sqlite_file) == 0


def test_a_lone_surrogate_in_an_action_is_refused(
    client: TestClient, game: tuple[str, str, int]
) -> None:
    game_id, token, version = game
    response = client.post(
        f"/api/games/{game_id}/actions",
        content=f'{{"action": "Stop {SURROGATE}discarding"}}'.encode(),
        headers={**JSON, "X-Seat-Token": token},
    )
    refusal(response, 422, "action: the text holds a lone surrogate (U+D800 at character 5)")
    assert state(client, game_id, token)["version"] == version


def test_a_surrogate_pair_is_ordinary_text(client: TestClient) -> None:
    body = b'{"game": "\\ud83d\\ude00"}'  # one emoji, properly escaped
    response = client.post("/api/games", content=body, headers=JSON)
    refusal(response, 422, "no game named '\U0001f600'")


# -- rates ------------------------------------------------------------------------------


def addressed(app: ASGIApp) -> ASGIApp:
    """``app`` seen from the address in a request's ``X-Test-Address`` header (a test's
    stand-in for different machines; nothing leaves the process)."""

    async def shim(scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = dict(scope["headers"])
            if b"x-test-address" in headers:
                scope = {**scope, "client": (headers[b"x-test-address"].decode(), 4321)}
        await app(scope, receive, send)

    return shim


def test_creations_over_the_rate_are_refused_per_address(sqlite_file: str) -> None:
    app = addressed(app_with(sqlite_file, rate_create="3/minute"))
    body = {"game": GAME, "seats": ["random", "random"]}
    with TestClient(app) as client:
        for _ in range(3):
            assert client.post("/api/games", json=body).status_code == 201
        refused = client.post("/api/games", json=body)
        detail = refusal(refused, 429, "too many games created", "at most 3 per 1 minute")
        wait = refused.headers["Retry-After"]
        assert wait.isdigit() and 1 <= int(wait) <= 60
        assert f"try again in {wait} s" in detail
        assert games_stored(sqlite_file) == 3
        other = {"X-Test-Address": "10.0.0.9"}
        assert client.post("/api/games", json=body, headers=other).status_code == 201
        assert client.get("/api/catalog").status_code == 200  # reading is never counted
    assert games_stored(sqlite_file) == 4


def test_actions_and_take_backs_share_a_rate(sqlite_file: str) -> None:
    app = addressed(app_with(sqlite_file, rate_act="4/minute"))
    with TestClient(app) as client:
        created = create(client, GAME, ["human", "human"], seed=3)
        game_id, secret = created["id"], tokens(created)
        before = settled(client, game_id, secret["Dutch"])
        path = f"/api/games/{game_id}"
        spanish = {"X-Seat-Token": secret["Spanish"]}
        for _ in range(2):  # refused by the rules (not Spanish's turn), counted all the same
            response = client.post(f"{path}/actions", json={"action": "x"}, headers=spanish)
            assert response.status_code in (409, 422), response.text
        for _ in range(2):
            assert client.post(f"{path}/takeback", headers=spanish).status_code == 409
        for url in (f"{path}/actions", f"{path}/takeback"):
            response = client.post(url, json={"action": before["legal"][0]}, headers=spanish)
            refusal(response, 429, "too many actions and take-backs", "at most 4 per 1 minute")
            assert int(response.headers["Retry-After"]) >= 1
        assert state(client, game_id, secret["Dutch"])["version"] == before["version"]
        dutch = {"X-Seat-Token": secret["Dutch"], "X-Test-Address": "10.0.0.9"}
        moved = client.post(f"{path}/actions", json={"action": before["legal"][0]}, headers=dutch)
        assert moved.status_code == 200, moved.text


def test_rate_limits_can_be_turned_off(sqlite_file: str) -> None:
    settings = {"rate_limits": False, "rate_create": "1/minute"}
    with TestClient(app_with(sqlite_file, **settings)) as client:
        for _ in range(3):
            create(client, GAME, ["random", "random"])


def test_the_rate_limiter_keys_on_the_scope_client() -> None:
    """Raw ASGI, no application behind: two addresses, one limit each."""
    calls: list[str] = []

    async def inner(scope: Scope, receive: Receive, send: Send) -> None:
        calls.append(scope["client"][0])

    hour = limits.parse("1/hour")
    guard = RateLimit(inner, create=hour, act=hour, chat=hour)
    answers: list[Message] = []

    async def send(message: Message) -> None:
        answers.append(message)

    async def receive() -> Message:
        return {"type": "http.request", "body": b""}

    def post(path: str, address: str) -> None:
        scope = {"type": "http", "method": "POST", "path": path, "client": (address, 1)}
        asyncio.run(guard(scope, receive, send))

    for address in ("10.0.0.1", "10.0.0.1", "10.0.0.2"):
        post("/api/games", address)
    post("/api/games/abc/actions", "10.0.0.1")
    post("/api/games/abc/state", "10.0.0.1")  # no such limit: passes
    assert calls == ["10.0.0.1", "10.0.0.2", "10.0.0.1", "10.0.0.1"]
    assert [message.get("status") for message in answers] == [429, None]
    headers = dict(answers[0]["headers"])
    assert 3000 < int(headers[b"retry-after"]) <= 3600


def test_settings_take_the_rates_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STRATAGEM_RATE_CREATE", "5 per second")
    monkeypatch.setenv("STRATAGEM_RATE_ACT", "100/minute")
    settings = Settings(database_url="sqlite://")
    assert (settings.rate_create, settings.rate_act, settings.rate_limits) == (
        "5 per second",
        "100/minute",
        True,
    )
    monkeypatch.setenv("STRATAGEM_RATE_LIMITS", "off")
    assert not Settings.from_env().rate_limits
    monkeypatch.setenv("STRATAGEM_RATE_ACT", "fast")
    with pytest.raises(ValueError, match="rate_act: 'fast' is not one rate"):
        Settings()
    with pytest.raises(ValueError, match="max_body"):
        Settings(max_body=0, rate_act="1/second")


def test_request_telemetry_is_off_unless_asked_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("STRATAGEM_TELEMETRY", raising=False)
    assert not Settings(database_url="sqlite://").telemetry
    monkeypatch.setenv("STRATAGEM_TELEMETRY", "on")
    assert Settings(database_url="sqlite://").telemetry
    # what FastAPI is told: nothing to report when off, its own defaults when on
    assert (
        create_app(Settings(database_url="sqlite://", telemetry=False))._telemetry["tracing"]
        is False
    )
    assert create_app(Settings(database_url="sqlite://", telemetry=True))._telemetry["tracing"]
