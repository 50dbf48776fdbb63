"""Updates over the websocket: every seat hears of every move at once (as a patch to the
state it holds), a reconnecting seat gets the current state at once, and a wrong token is
turned away."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from stratagem.core import JsonDict

from .helpers import HELD, act, create, settled, tokens, whole

GAME = "eighty_years_war"


def receive_until(socket: Any, version: int) -> list[JsonDict]:
    """Messages as sent until one at ``version`` (or later) arrives."""
    messages: list[JsonDict] = []
    while not messages or messages[-1]["version"] < version:
        messages.append(socket.receive_json())
        whole(socket, messages[-1])
    return messages


def test_every_seat_and_spectator_hears_of_a_move(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], seed=2)
    game_id, secret = created["id"], tokens(created)
    start = settled(client, game_id, secret["Dutch"])
    path = f"/api/games/{game_id}/ws"
    with (
        client.websocket_connect(path) as dutch,
        client.websocket_connect(path) as spanish,
        client.websocket_connect(path) as spectator,
    ):
        dutch.send_json({"token": secret["Dutch"]})
        spanish.send_json({"token": secret["Spanish"]})
        spectator.send_json({"token": None})
        for socket, seat in ((dutch, "Dutch"), (spanish, "Spanish"), (spectator, None)):
            first = whole(socket, socket.receive_json())
            assert first["type"] == "state"
            assert first["version"] == start["version"]
            assert first["seat"] == seat
            assert first["events_start"] == 0
        response = act(client, game_id, secret["Dutch"], start["legal"][0])
        assert response.status_code == 200
        after = settled(client, game_id)
        for socket in (dutch, spanish, spectator):
            messages = receive_until(socket, after["version"])
            assert messages[-1]["version"] == after["version"]
            # only the changes are sent, and the new events among them
            assert {message["type"] for message in messages} == {"patch"}
            assert any(op["path"].startswith("/events/") for op in messages[0]["ops"])
        assert HELD[spectator]["legal"] == []


def test_a_reconnecting_seat_gets_the_current_state_at_once(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], seed=6)
    game_id, secret = created["id"], tokens(created)
    path = f"/api/games/{game_id}/ws"
    with client.websocket_connect(path) as socket:
        socket.send_json({"token": secret["Dutch"]})
        socket.receive_json()
    payload = settled(client, game_id, secret["Dutch"])
    assert act(client, game_id, secret["Dutch"], payload["legal"][0]).status_code == 200
    now = settled(client, game_id, secret["Dutch"])
    with client.websocket_connect(path) as again:
        again.send_json({"token": secret["Dutch"]})
        first = again.receive_json()
    assert first["version"] == now["version"]
    assert first["view"] == now["view"]
    assert len(first["events"]) == first["events_total"] == len(now["events"])


def test_a_wrong_token_is_turned_away(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"])
    with client.websocket_connect(f"/api/games/{created['id']}/ws") as socket:
        socket.send_json({"token": "not-a-token"})
        message = socket.receive_json()
    assert message == {
        "type": "error",
        "detail": f"this link's token matches no seat of game {created['id']}",
    }
