"""A seat's secrets end with its seat: every change of who holds a seat re-checks every
open connection at once (a replaced link's websocket is told and closed, a resigned or
handed-over person's watches as a spectator), each change leaves a public line in the
table's log, and the creator may not take a present person's seat by a new link."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable
from typing import Any
from unittest import mock

import httpx
import psycopg
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from stratagem.core import JsonDict
from stratagem.server.connections import CLOSE_CODE
from stratagem.server.errors import Conflict, Forbidden
from stratagem.server.hub import Hub
from stratagem.server.storage import Store

from .helpers import (
    act,
    create,
    next_payload,
    receive,
    settled,
    state,
    token_of,
    tokens,
    until_version,
)
from .live import servers
from .test_faults import two_processes

EYW = "eighty_years_war"
STS = "sixteen_thirty_something"


def creator_of(created: JsonDict) -> str:
    return str(created["creator_link"]).split("#creator=", 1)[1]


def opened(client: TestClient, game_id: str, token: str | None) -> Any:
    socket = client.websocket_connect(f"/api/games/{game_id}/ws")
    session = socket.__enter__()
    session.send_json({"token": token})
    first = next_payload(session)
    assert first["type"] == "state"
    return socket


def lines(payload: JsonDict) -> list[str]:
    return [line["text"] for line in payload["table_log"]]


def test_a_replaced_links_open_websocket_is_closed_before_the_next_version(
    client: TestClient,
) -> None:
    created = create(client, EYW, ["human", "human"])
    game_id, secret = created["id"], tokens(created)
    settled(client, game_id)
    old = opened(client, game_id, secret["Dutch"])
    watcher = opened(client, game_id, None)
    try:
        fresh = client.post(
            f"/api/games/{game_id}/seats/0/link",
            headers={"X-Creator-Token": creator_of(created)},
        )
        assert fresh.status_code == 200, fresh.text
        version = state(client, game_id)["version"]
        told = until_version(old, version)
        assert told == [
            {
                "type": "error",
                "detail": "Dutch was given a new link: "
                "the link this page was opened with has ended",
            },
            {"type": "close", "code": CLOSE_CODE, "reason": "this link has ended"},
        ]
        seen = until_version(watcher, version)[-1]
        assert lines(seen) == ["the creator gave Dutch a new link; the old one has ended"]
        new = token_of(fresh.json()["link"])
        again = client.websocket_connect(f"/api/games/{game_id}/ws")
        with again as socket:
            socket.send_json({"token": new})
            assert socket.receive_json()["seat"] == "Dutch"
    finally:
        old.__exit__(None, None, None)
        watcher.__exit__(None, None, None)


def test_a_resigned_person_watches_as_a_spectator_and_chats_as_one(client: TestClient) -> None:
    created = create(client, STS, ["human", "human", "random"], players=3)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id)
    socket = opened(client, game_id, secret["Player 1"])
    try:
        answer = client.post(
            f"/api/games/{game_id}/resign", headers={"X-Seat-Token": secret["Player 1"]}
        )
        assert answer.status_code == 200, answer.text
        answered = answer.json()
        told = until_version(socket, before["version"] + 1)
        assert told[0] == {
            "type": "seat",
            "seat": None,
            "detail": "Player 1 is played by the heuristic bot now: this link watches as a "
            "spectator",
        }
        after = told[-1]
        assert after["seat"] is None and after["events_start"] == 0
        assert after["version"] == answered["version"] == before["version"] + 1
        assert state(client, game_id, secret["Player 1"])["seat"] is None
        spectator = state(client, game_id)
        assert after["resigned"] == ["Player 1"]
        assert lines(after) == [
            f"Player 1 resigned; the heuristic bot plays the seat from step {before['version'] + 1}"
        ]
        assert spectator["resigned"] == ["Player 1"]
        said = client.post(
            f"/api/games/{game_id}/chat",
            json={"text": "still here"},
            headers={"X-Seat-Token": secret["Player 1"]},
        )
        assert said.status_code == 204
        heard = receive(socket)
        while json.loads(heard["text"])["type"] != "chat":
            heard = receive(socket)
        (line,) = json.loads(heard["text"])["lines"]
        assert line["spectator"] and line["seat"] is None
        refused = act(client, game_id, secret["Player 1"], "anything")
        assert refused.status_code == 409
        assert refused.json()["detail"] == (
            "seat Player 1 is played by the heuristic bot now: this link only watches"
        )
    finally:
        socket.__exit__(None, None, None)


def test_a_take_back_leaves_a_line_in_every_seats_log(client: TestClient) -> None:
    created = create(client, EYW, ["human", "human"], seed=8)
    game_id, secret = created["id"], tokens(created)
    start = settled(client, game_id, secret["Dutch"])
    discard = next(action for action in start["legal"] if action.startswith("Discard"))
    assert act(client, game_id, secret["Dutch"], discard).status_code == 200
    undone = client.post(
        f"/api/games/{game_id}/takeback", headers={"X-Seat-Token": secret["Dutch"]}
    )
    assert undone.status_code == 200, undone.text
    for token in (secret["Spanish"], None):
        assert lines(state(client, game_id, token)) == ["Dutch took back their last action"]
    assert discard not in json.dumps(state(client, game_id, secret["Spanish"])["table_log"])


def test_a_hand_over_is_announced_with_the_step_the_bot_plays_from(client: TestClient) -> None:
    created = create(client, EYW, ["human", "human"], hand_over_after=60)
    game_id, secret = created["id"], tokens(created)
    now = settled(client, game_id)
    absent = now["to_move"]
    index = ["Dutch", "Spanish"].index(absent)
    with mock.patch("stratagem.server.table.time.time", return_value=time.time() + 61):
        handed = client.post(
            f"/api/games/{game_id}/seats/{index}/bot",
            headers={"X-Creator-Token": creator_of(created)},
        )
    assert handed.status_code == 204, handed.text
    step = now["version"] + 1  # every entry so far an action
    assert lines(state(client, game_id))[0] == (
        f"the creator handed {absent}, who kept the game waiting, to the heuristic bot; "
        f"it plays the seat from step {step}"
    )
    assert state(client, game_id, secret[absent])["seat"] is None  # it watches now


def test_the_creator_may_not_relink_a_present_person_but_the_seat_may_ask(
    client: TestClient,
) -> None:
    created = create(client, EYW, ["human", "human"], seed=3)
    game_id, secret = created["id"], tokens(created)
    start = settled(client, game_id, secret["Dutch"])
    socket = opened(client, game_id, secret["Dutch"])
    try:
        assert act(client, game_id, secret["Dutch"], start["legal"][0]).status_code == 200
        path = f"/api/games/{game_id}/seats/0/link"
        refused = client.post(path, headers={"X-Creator-Token": creator_of(created)})
        assert refused.status_code == 409
        assert refused.json()["detail"].startswith(
            "Dutch's person is at the table (connected, and acted 0 s ago): the creator may "
            "give the seat a new link once it has been away for 600 s, or when the seat "
            "asks for one itself"
        )
        assert state(client, game_id, secret["Dutch"])["seat"] == "Dutch"  # nothing changed
        spectator = client.post(f"/api/games/{game_id}/link")
        assert spectator.status_code == 403
        own = client.post(f"/api/games/{game_id}/link", headers={"X-Seat-Token": secret["Dutch"]})
        assert own.status_code == 200, own.text
        version = state(client, game_id)["version"]
        assert until_version(socket, version)[-1]["type"] == "close"
        assert lines(state(client, game_id))[-1] == (
            "Dutch took a new link for their seat; the old one has ended"
        )
        assert state(client, game_id, token_of(own.json()["link"]))["seat"] == "Dutch"
    finally:
        socket.__exit__(None, None, None)
    # the person gone, the creator may give the seat a new link
    later = client.post(
        f"/api/games/{game_id}/seats/0/link", headers={"X-Creator-Token": creator_of(created)}
    )
    assert later.status_code == 200, later.text


def test_a_resigned_persons_link_still_takes_the_seat_in_a_rematch(client: TestClient) -> None:
    created = create(client, STS, ["human", "random", "random"], players=3)
    game_id, secret = created["id"], tokens(created)
    settled(client, game_id)
    quit_ = client.post(
        f"/api/games/{game_id}/resign", headers={"X-Seat-Token": secret["Player 1"]}
    )
    assert quit_.status_code == 200, quit_.text
    end = settled(client, game_id)
    assert end["finished"] and end["resigned"] == ["Player 1"]
    made = client.post(
        f"/api/games/{game_id}/rematch", headers={"X-Seat-Token": secret["Player 1"]}
    )
    assert made.status_code == 201, made.text
    assert state(client, made.json()["id"], secret["Player 1"])["seat"] == "Player 1"
    assert lines(state(client, game_id))[-1] == (
        f"Player 1 made a rematch: /games/{made.json()['id']}"
    )


def test_a_request_that_waited_for_the_table_is_refused_once_its_link_has_ended(
    database_url: str,
) -> None:
    async def scenario() -> None:
        store = Store.open(database_url)
        hub = Hub(store, 0.0)
        try:
            made = await hub.create(EYW, None, {}, ["human", "human"], None)
            table = await hub.table(made.id)
            for _ in range(200):  # chance deals
                if not table.busy:
                    break
                await asyncio.sleep(0.05)
            player = table.state.current_player()
            action = table.state.legal_actions()[0].text
            version = table.version
            # the new link takes the lock first; the old link's move waits for it
            relinked, moved = await asyncio.gather(
                table.lifecycle.relink(player),
                table.act(player, action, link=made.tokens[player]),
                return_exceptions=True,
            )
            assert isinstance(relinked, str)
            assert isinstance(moved, Forbidden), moved
            assert table.version == version + 1  # the new link only
        finally:
            await hub.close()
            store.close()

    asyncio.run(scenario())


def test_another_processs_new_link_ends_the_old_links_connections_here(
    database_url: str,
) -> None:
    async def scenario() -> None:
        async with two_processes(database_url) as (here, there):
            made = await here.create(EYW, None, {}, ["human", "human"], None)
            other = await there.table(made.id)  # "another process"
            connection = other.connect(made.tokens[0])
            assert connection.seat == 0 and connection.ended is None
            table = await here.table(made.id)
            await table.lifecycle.relink(0)
            await there._heard(made.id, "log", table.version)
            await asyncio.gather(*there._tasks)
            assert connection.ended == (
                "Dutch was given a new link: the link this page was opened with has ended"
            )
            assert other.next_messages(connection) == [
                json.dumps({"type": "error", "detail": connection.ended}, separators=(",", ":"))
            ]

    asyncio.run(scenario())


def test_a_chat_line_said_as_a_new_link_is_made_is_refused_to_the_old_link(
    database_url: str,
) -> None:
    """The line is sent while the new link is being stored: it waits for the table, as
    the new link did, and is refused once the link has ended; so is every later line."""

    async def scenario() -> None:
        store = Store.open(database_url)
        hub = Hub(store, 0.0)
        try:
            made = await hub.create(EYW, None, {}, ["human", "human"], None)
            table = await hub.table(made.id)
            old = made.tokens[0]
            relinked, said = await asyncio.gather(
                table.lifecycle.relink(0),
                table.say(old, "this seat is mine"),
                return_exceptions=True,
            )
            assert isinstance(relinked, str), relinked
            assert isinstance(said, Forbidden), said
            with pytest.raises(Forbidden):
                await table.say(old, "still mine?")
            await table.say(relinked, "the new link speaks")
            stored = await asyncio.to_thread(store.chat, made.id)
            assert [(line.seat, line.text) for line in stored] == [(0, "the new link speaks")]
        finally:
            await hub.close()
            store.close()

    asyncio.run(scenario())


def test_a_chat_line_of_a_link_another_process_ended_is_refused(database_url: str) -> None:
    """The process the line reaches has not heard of the new link (or the resignation)
    yet: the database, which checks the line against the seat as stored, refuses it."""

    async def scenario() -> None:
        async with two_processes(database_url) as (here, there):
            mine = here.store
            made = await here.create(STS, 3, {}, ["human", "human", "random"], None)
            other = await there.table(made.id)  # "another process", deaf to the changes
            table = await here.table(made.id)
            await table.lifecycle.relink(0)
            with pytest.raises(Conflict) as refused:
                await other.say(made.tokens[0], "still mine?")
            assert str(refused.value) == (
                "Player 1 changed hands before this line was said: it was not said, look again"
            )
            for _ in range(200):  # chance deals, then the second person resigns here
                if not table.busy:
                    break
                await asyncio.sleep(0.05)
            await table.lifecycle.resign(1)
            with pytest.raises(Conflict):
                await other.say(made.tokens[1], "I play on")
            assert await asyncio.to_thread(mine.chat, made.id) == []
            await there._heard(made.id, "log", table.version)  # the news reaches it
            await asyncio.gather(*there._tasks)
            with pytest.raises(Forbidden):
                await other.say(made.tokens[0], "still mine?")
            await other.say(made.tokens[1], "I watch now")  # as a spectator
            (line,) = await asyncio.to_thread(mine.chat, made.id)
            assert line.seat < 0 and line.text == "I watch now"

    asyncio.run(scenario())


def held_seats(url: str, game_id: str) -> set[int]:
    """The seats of ``game_id`` some process says it holds a connection for."""
    with psycopg.connect(url) as connection:
        rows = connection.execute("SELECT seat FROM presence WHERE game_id = %s", (game_id,))
        return {row[0] for row in rows}


def eventually(check: Callable[[], bool], what: str) -> None:
    deadline = time.monotonic() + 30
    while not check():
        assert time.monotonic() < deadline, what
        time.sleep(0.05)


def test_a_person_connected_to_another_process_is_at_the_table_for_every_process(
    postgres_url: str,
) -> None:
    """The person plays through the second process; the creator asks the first for a new
    link: refused while the person is connected there and acted recently, given once the
    person has gone."""
    with (
        servers(postgres_url, 2) as (one, two),
        httpx.Client(timeout=30, trust_env=False) as http,
    ):
        made = http.post(f"{one.base}/api/games", json={"game": EYW, "seats": ["human"] * 2})
        assert made.status_code == 201, made.text
        game_id, secret = made.json()["id"], tokens(made.json())
        creator = {"X-Creator-Token": creator_of(made.json())}
        mover: JsonDict = {}

        def someone_to_move() -> bool:
            for name, token in secret.items():
                seen = http.get(
                    f"{two.base}/api/games/{game_id}", headers={"X-Seat-Token": token}
                ).json()
                if seen["legal"]:
                    mover.update(name=name, token=token, seen=seen)
                    return True
            return False

        eventually(someone_to_move, "chance never dealt")
        index = ["Dutch", "Spanish"].index(mover["name"])
        relink = f"{one.base}/api/games/{game_id}/seats/{index}/link"
        with connect(f"{two.ws}/api/games/{game_id}/ws", open_timeout=10) as socket:
            socket.send(json.dumps({"token": mover["token"]}))
            assert json.loads(socket.recv(timeout=10))["seat"] == mover["name"]
            moved = http.post(
                f"{two.base}/api/games/{game_id}/actions",
                json={"action": mover["seen"]["legal"][0]},
                headers={"X-Seat-Token": mover["token"]},
            )
            assert moved.status_code == 200, moved.text
            eventually(lambda: held_seats(postgres_url, game_id) == {index}, "no heartbeat came")
            refused = http.post(relink, headers=creator)
            assert refused.status_code == 409, refused.text
            assert refused.json()["detail"].startswith(
                f"{mover['name']}'s person is at the table (connected, and acted"
            )
        eventually(lambda: not held_seats(postgres_url, game_id), "the presence stayed")
        given = http.post(relink, headers=creator)
        assert given.status_code == 200, given.text
