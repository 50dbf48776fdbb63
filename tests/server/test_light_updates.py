"""Light updates (issue 33, item 7): a large HTTP answer is gzipped; the seat that moved
is answered with the new version alone and receives its new state once, on its
websocket; after a connection's first, whole state it is sent RFC 6902 patches, each
from the payload it holds, and the patches applied in order (by ``jsonpatch``, an applier
of its own) make the whole state of every version it is sent, in every game; a page
whose patch did not apply asks for the whole state and gets it."""

from __future__ import annotations

import json
import random
from typing import Any
from unittest import mock

import jsonpatch
import pytest
from fastapi.testclient import TestClient

import stratagem
from stratagem.core import JsonDict, game_info
from stratagem.server.api import RESYNC
from stratagem.server.app import GZIP_MINIMUM
from stratagem.server.patches import diff
from stratagem.server.payloads import dumps
from stratagem.server.views import Views

from .helpers import HELD, act, create, next_payload, settled, state, token_of, tokens, whole

GAMES = [info.name for info in stratagem.available_games()]
EYW = "eighty_years_war"
MOVES = 40
"""Moves by people per game in the patch-stream test."""


def test_a_large_answer_is_gzipped_and_a_small_one_is_not(client: TestClient) -> None:
    created = create(client, EYW, ["human", "human"], seed=3)
    game_id, secret = created["id"], tokens(created)
    gzip = {"Accept-Encoding": "gzip"}
    whole_state = client.get(f"/api/games/{game_id}", headers=gzip)
    assert whole_state.headers["content-encoding"] == "gzip"
    assert len(whole_state.content) > GZIP_MINIMUM  # httpx has unzipped it
    before = settled(client, game_id, secret["Dutch"])
    answer = client.post(
        f"/api/games/{game_id}/actions",
        json={"action": before["legal"][0], "version": before["version"]},
        headers={"X-Seat-Token": secret["Dutch"], **gzip},
    )
    assert answer.status_code == 200, answer.text
    assert "content-encoding" not in answer.headers
    page = client.get(f"/games/{game_id}", headers=gzip)
    assert page.headers["content-encoding"] == "gzip"
    plain = client.get(f"/api/games/{game_id}", headers={"Accept-Encoding": "identity"})
    assert "content-encoding" not in plain.headers


def test_the_seat_that_moved_receives_its_new_state_once(client: TestClient) -> None:
    created = create(client, EYW, ["human", "human"], seed=5)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id, secret["Dutch"])
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"token": secret["Dutch"]})
        assert next_payload(socket)["version"] == before["version"]
        action, version = before["legal"][0], before["version"]
        answer = act(client, game_id, secret["Dutch"], action, version=version)
        assert answer.status_code == 200, answer.text
        assert answer.json() == {"version": before["version"] + 1}  # no state in it
        now = settled(client, game_id, secret["Dutch"])
        versions = []
        while not versions or versions[-1] < now["version"]:
            message = socket.receive_json()
            assert message["type"] == "patch"
            assert message["from"] == (versions[-1] if versions else before["version"])
            versions.append(message["version"])
            whole(socket, message)
        assert versions == sorted(set(versions))  # each version once
        assert HELD[socket] == now


def test_a_page_whose_patch_did_not_apply_gets_the_whole_state(client: TestClient) -> None:
    created = create(client, EYW, ["human", "human"], seed=7)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id, secret["Spanish"])
    with client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
        socket.send_json({"token": secret["Spanish"]})
        assert socket.receive_json()["type"] == "state"
        socket.send_text('{"type": "something else"}')  # dropped
        socket.send_text(RESYNC)
        again = socket.receive_json()
    assert again["type"] == "state"
    assert again == before


def test_a_patch_is_rfc_6902_for_any_pair_of_documents() -> None:
    pairs: list[tuple[Any, Any]] = [
        ({"a/b": 1, "c~d": [1, 2, 3], "e": {"f": None}}, {"a/b": 2, "c~d": [1], "g": "x"}),
        ({"list": [1, 2]}, {"list": [1, 2, 3, {"new": True}]}),
        ({"list": [1, 2, 3]}, {"list": [4, 2]}),
        ({"list": []}, {"list": [{"a": 1}]}),
        ({"list": [1]}, {"list": []}),
        ({"x": [1, 2]}, {"x": {"0": 1}}),
        ({"nested": {"deep": [{"k": [1, 2]}, 5]}}, {"nested": {"deep": [{"k": [2, 1]}, 5, 6]}}),
        ({"same": [1, {"a": 2}]}, {"same": [1, {"a": 2}]}),
        ({"t": (1, 2)}, {"t": (1, 2, 3)}),
        ({"a": 1, "z": 2}, {"a": 1, "new": 0, "z": 3}),  # a key comes in between
        ({"a": 1, "b": 2, "c": 3}, {"c": 3, "b": 2, "a": 1}),
        ({"o": {"x": 1, "y": 2}}, {"o": {"y": 2, "x": 5}}),
    ]
    for before, after in pairs:
        ops = json.loads(dumps(diff(before, after)))
        applied = jsonpatch.apply_patch(json.loads(dumps(before)), ops)
        assert dumps(applied) == dumps(after)  # the same keys in the same order too
    assert diff({"a": [1, 2]}, {"a": [1, 2]}) == []
    assert diff({"log": [1, 2]}, {"log": [1, 2, 3]}) == [
        {"op": "add", "path": "/log/2", "value": 3}
    ]


def test_a_patch_keeps_the_pieces_that_stayed_or_only_moved() -> None:
    pieces = ["<svg>", "<a/>", "<b/>", "<c/>", "<d/>", "</svg>"]
    put_in = [*pieces[:2], "<x/>", *pieces[2:]]
    assert diff({"board": pieces}, {"board": put_in}) == [
        {"op": "add", "path": "/board/2", "value": "<x/>"}
    ]
    taken_out = [pieces[0], *pieces[2:]]
    assert diff({"board": pieces}, {"board": taken_out}) == [{"op": "remove", "path": "/board/1"}]
    # a card left the hand and another joined the meld: the pieces between only moved
    moved = ["<svg height=2>", "<b/>", "<c/>", "<d/>", "<e/>", "</svg>"]
    ops = diff({"board": pieces}, {"board": moved})
    assert ops == [
        {"op": "replace", "path": "/board/0", "value": "<svg height=2>"},
        {"op": "remove", "path": "/board/1"},
        {"op": "add", "path": "/board/4", "value": "<e/>"},
    ]
    applied = jsonpatch.apply_patch({"board": pieces}, ops)
    assert applied == {"board": moved}


def test_a_move_sends_only_the_pieces_of_the_board_that_changed(client: TestClient) -> None:
    created = create(client, EYW, ["human", "human"], seed=11)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id, secret["Dutch"])
    with (
        client.websocket_connect(f"/api/games/{game_id}/ws") as dutch,
        client.websocket_connect(f"/api/games/{game_id}/ws") as spanish,
    ):
        for socket, seat in ((dutch, "Dutch"), (spanish, "Spanish")):
            socket.send_json({"token": secret[seat]})
            assert next_payload(socket)["version"] == before["version"]
        board = "".join(HELD[dutch]["board"])
        answer = act(
            client, game_id, secret["Dutch"], before["legal"][-1], version=before["version"]
        )
        assert answer.status_code == 200, answer.text
        for socket in (dutch, spanish):
            text = socket.receive_text()
            message = json.loads(text)
            assert message["type"] == "patch"
            touched = [op for op in message["ops"] if op["path"].startswith("/board")]
            assert all(op["path"].startswith("/board/") for op in touched)  # never all of it
            sent = sum(len(dumps(op.get("value", ""))) for op in touched)
            assert sent < len(board) / 4, (sent, len(board))
            held = whole(socket, message)
            assert held == state(client, game_id, secret[held["seat"]])


def _recorded(into: dict[tuple[int | None, int], str]) -> Any:
    """``Views.document`` that also notes each whole payload it makes, as its text, by
    seat and version (a payload once sent never changes: its text then is its text)."""
    made = Views.document

    def document(self: Views, seat: int | None) -> JsonDict:
        payload = made(self, seat)
        into.setdefault((seat, payload["version"]), dumps(payload))
        return payload

    return mock.patch.object(Views, "document", document)


@pytest.mark.parametrize("name", GAMES)
def test_patches_applied_in_order_make_the_whole_state_of_every_version(
    client: TestClient, name: str
) -> None:
    players = game_info(name).min_players
    made: dict[tuple[int | None, int], str] = {}
    with _recorded(made):
        created = create(client, name, ["human"] * players, players=players, seed=13)
        game_id = created["id"]
        secret = [token_of(seat["link"]) for seat in created["seats"]]
        names = [seat["seat"] for seat in created["seats"]]
        seats: list[int | None] = [*range(players), None]
        sockets = [client.websocket_connect(f"/api/games/{game_id}/ws") for _ in seats]
        rng = random.Random(3)
        checked = patches = 0
        took_back = False
        try:
            for seat, socket in zip(seats, sockets, strict=True):
                socket.__enter__()
                socket.send_json({"token": None if seat is None else secret[seat]})
            for _ in range(MOVES):
                public = settled(client, game_id)
                for seat, socket in zip(seats, sockets, strict=True):
                    held = HELD.get(socket)
                    while held is None or held["version"] < public["version"]:
                        message = socket.receive_json()
                        patches += message["type"] == "patch"
                        held = whole(socket, message)
                        # the same text: the same values, the keys in the same order
                        assert dumps(held) == made[(seat, held["version"])], (
                            f"{name}: {seat} at version {held['version']}"
                        )
                        checked += 1
                if public["finished"]:
                    break
                mover = names.index(public["to_move"])
                mine = HELD[sockets[mover]]
                answer = act(client, game_id, secret[mover], rng.choice(mine["legal"]))
                assert answer.status_code == 200, answer.text
                if not took_back and state(client, game_id, secret[mover])["can_take_back"]:
                    taken = client.post(
                        f"/api/games/{game_id}/takeback", headers={"X-Seat-Token": secret[mover]}
                    )
                    took_back = taken.status_code == 200
        finally:
            for socket in sockets:
                socket.__exit__(None, None, None)
    assert patches > MOVES
    assert checked > patches
