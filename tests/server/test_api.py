"""The web table's HTTP API: creating games, seats and tokens, refusals, the schema."""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

import stratagem
from stratagem.server.fairness import commitment
from stratagem.sim.gamelog import verify_deal

from .helpers import act, create, settled, state, tokens

GAME = "eighty_years_war"


def test_catalog_lists_every_registered_game(client: TestClient) -> None:
    catalog = {entry["name"]: entry for entry in client.get("/api/catalog").json()}
    assert sorted(catalog) == [info.name for info in stratagem.available_games()]
    entry = catalog[GAME]
    assert entry["seats"] == {"2": ["Dutch", "Spanish"]}
    assert entry["controllers"][0] == "human"
    assert {"random", "heuristic"} <= set(entry["controllers"])
    assert "data" not in entry["options"]


def test_openapi_schema_is_published(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    for path in ("/api/games", "/api/games/{game_id}/actions", "/api/games/{game_id}/takeback"):
        assert path in schema["paths"]
    assert {"CreateGame", "ActionRequest", "Problem"} <= set(schema["components"]["schemas"])


def test_options_are_given_as_the_catalog_shows_them(client: TestClient) -> None:
    options = {"armies": ["spanish_500", "swedish_500"], "duration": 2, "terrain": "open"}
    created = create(client, "tercios", ["random", "random"], options=options)
    view = state(client, created["id"])["view"]
    assert view["armies"] == ["Army of Flanders detachment, 1622", "Swedish brigade, 1631"]
    assert create(client, "britain_vs_france", ["random", "random"], options={})["id"]


def test_every_listed_choice_of_an_option_is_accepted(client: TestClient) -> None:
    # Tercios's scale is one of two listed values, both written with a "/": neither names
    # a file on the server, so neither is refused as one
    for scale in ("15/28mm", "6/10mm"):
        answer = client.post(
            "/api/games",
            json={
                "game": "tercios",
                "players": 2,
                "options": {"scale": scale, "armies": ["spanish_500", "swedish_500"]},
                "seats": ["random", "random"],
            },
        )
        assert answer.status_code == 201, answer.text
    refused = client.post(
        "/api/games",
        json={"game": "tercios", "options": {"armies": ["../spanish_500", "swedish_500"]}},
    )
    assert refused.status_code == 422
    assert "looks like a file on the server" in refused.json()["detail"]


def test_the_catalog_describes_each_option(client: TestClient) -> None:
    catalog = {entry["name"]: entry for entry in client.get("/api/catalog").json()}
    schema = catalog["tercios"]["option_schema"]
    assert set(schema) == set(catalog["tercios"]["options"])
    assert schema["scale"]["enum"] == ["15/28mm", "6/10mm"]
    assert "spanish_500" in schema["armies"]["choices"]
    assert all(entry.get("description") for entry in schema.values())
    bvf = catalog["britain_vs_france"]["option_schema"]
    assert all(entry.get("description") for entry in bvf.values())


def test_docs_page_and_its_assets_are_served_here(client: TestClient) -> None:
    pytest.importorskip("fastapi_offline", reason="the docs' assets package is not installed")
    page = client.get("/docs")
    assert page.status_code == 200
    assets = re.findall(r'(?:src|href)="([^"]+)"', page.text)
    assert len(assets) == 3
    for asset in assets:
        assert asset.startswith("/docs-assets/"), asset
        assert client.get(asset).status_code == 200
    assert "url: '/openapi.json'" in page.text
    assert "//" not in page.text.replace("// ", "")


def test_pages(client: TestClient) -> None:
    created = create(client, GAME, ["random", "random"])
    assert "New game" in client.get("/").text
    page = client.get(f"/games/{created['id']}")
    assert page.status_code == 200
    assert "Eighty Years War" in page.text
    assert client.get("/games/nosuchgame").status_code == 404


def test_seat_links_carry_long_distinct_tokens_stored_only_as_hashes(
    client: TestClient, sqlite_file: str
) -> None:
    created = create(client, GAME, ["human", "human"])
    secret = tokens(created)
    assert set(secret) == {"Dutch", "Spanish"}
    assert len(set(secret.values())) == 2
    assert all(len(token) >= 43 for token in secret.values())
    with sqlite3.connect(sqlite_file.removeprefix("sqlite:///")) as database:
        stored = database.execute("select token_hash from seats").fetchall()
        dump = "\n".join(database.iterdump())
    assert len(stored) == 2
    for token in secret.values():
        assert token not in dump
    assert created["spectator_link"] == f"/games/{created['id']}"


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "chess"}, "no game named 'chess'"),
        ({"game": GAME, "players": 3}, "played by 2 players, not 3"),
        ({"game": GAME, "options": {"data": "/etc"}}, "option 'data' cannot be set"),
        ({"game": GAME, "options": {"speed": 3}}, "speed"),
        (
            {"game": "tercios", "options": {"armies": ["/etc/passwd", "swedish_500"]}},
            "'armies': ['/etc/passwd', 'swedish_500'] looks like a file on the server",
        ),
        ({"game": "tercios", "options": {"armies": ["../x", "y"]}}, "looks like a file"),
        ({"game": "tercios", "options": {"armies": ["nowhere", "y"]}}, "no army 'nowhere'"),
        ({"game": GAME, "seats": ["human"]}, "has 2 seats, not 1"),
        ({"game": GAME, "seats": ["human", "genius"]}, "'genius' is not one of"),
        ({"game": GAME, "seed": -1}, "greater than or equal to 0"),
        ({"game": GAME, "colour": "red"}, "Extra inputs are not permitted"),
        ({"players": 2}, "Field required"),
    ],
)
def test_bad_games_are_refused_with_the_reason(
    client: TestClient, body: dict[str, object], words: str
) -> None:
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert words in response.text


def test_unknown_game_and_bad_tokens_are_refused(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"])
    game_id = created["id"]
    assert client.get("/api/games/nosuchgame").status_code == 404
    wrong = client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": "x" * 43})
    assert wrong.status_code == 403
    assert "matches no seat" in wrong.json()["detail"]
    other = tokens(create(client, GAME, ["human", "human"]))["Dutch"]
    assert act(client, game_id, other, "Stop discarding").status_code == 403
    spectator = client.post(f"/api/games/{game_id}/actions", json={"action": "Stop discarding"})
    assert spectator.status_code == 403
    assert "only a seat's own link may act" in spectator.json()["detail"]


def test_refused_moves_change_nothing(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"], seed=3)
    game_id, secret = created["id"], tokens(created)
    before = settled(client, game_id, secret["Dutch"])
    assert before["to_move"] == "Dutch"
    cases = [
        (secret["Spanish"], {"action": "Stop discarding"}, 409, "it is Dutch's turn to act"),
        (secret["Dutch"], {"action": "Fly to the moon"}, 422, "Fly to the moon"),
        (secret["Dutch"], {"action": "Meld military: Sea Beggars"}, 422, "not legal now"),
        (secret["Dutch"], {"action": ""}, 422, "at least 1 character"),
        (secret["Dutch"], {"action": "x" * 301}, 422, "at most 300 characters"),
        (secret["Dutch"], {"action": "Stop discarding", "version": 0}, 409, "moved on"),
        (secret["Dutch"], {"move": "Stop discarding"}, 422, "Field required"),
    ]
    for token, body, status, words in cases:
        response = client.post(
            f"/api/games/{game_id}/actions", json=body, headers={"X-Seat-Token": token}
        )
        assert response.status_code == status, (body, response.text)
        assert words in response.text, (body, response.text)
    raw = client.post(
        f"/api/games/{game_id}/actions",
        content=b"not json",
        headers={"X-Seat-Token": secret["Dutch"], "Content-Type": "application/json"},
    )
    assert raw.status_code == 422
    after = state(client, game_id, secret["Dutch"])
    assert after["version"] == before["version"]
    assert after["view"] == before["view"]


def test_a_move_is_answered_with_the_new_version_alone(client: TestClient) -> None:
    # the new state comes on the seat's websocket (test_light_updates), or when asked
    created = create(client, GAME, ["human", "random"], seed=4)
    game_id, token = created["id"], tokens(created)["Dutch"]
    before = settled(client, game_id, token)
    action = before["legal"][0]
    response = act(client, game_id, token, action, version=before["version"])
    assert response.status_code == 200, response.text
    assert response.json() == {"version": before["version"] + 1}
    assert len(state(client, game_id, token)["events"]) > len(before["events"])


def test_a_game_against_bots_reaches_its_end(client: TestClient) -> None:
    created = create(client, GAME, ["human", "random"], seed=11)
    game_id, token = created["id"], tokens(created)["Dutch"]
    moves = 0
    while True:
        payload = settled(client, game_id, token)
        if payload["finished"]:
            break
        response = act(client, game_id, token, payload["legal"][-1], version=payload["version"])
        assert response.status_code == 200, response.text
        moves += 1
    assert moves > 10
    assert payload["result"]["winners"]
    assert payload["legal"] == []
    done = act(client, game_id, token, "Stop discarding")
    assert done.status_code == 409
    assert "the game is over" in done.json()["detail"]


def test_the_seed_is_committed_at_the_start_and_checkable_at_the_end(
    client: TestClient, tmp_path: Path
) -> None:
    created = create(client, GAME, ["human", "random"])
    game_id, secret = created["id"], tokens(created)
    start = settled(client, game_id, secret["Dutch"])
    assert re.fullmatch(r"[0-9a-f]{64}", start["commitment"])
    assert "seed" not in start
    running = client.get(f"/api/games/{game_id}/log")
    assert running.status_code == 409
    assert "once the game is over" in running.json()["detail"]
    payload = start
    while not payload["finished"]:
        act(client, game_id, secret["Dutch"], payload["legal"][0], version=payload["version"])
        payload = settled(client, game_id, secret["Dutch"])
    assert payload["commitment"] == start["commitment"]
    assert commitment(game_id, payload["seed"]) == start["commitment"]
    log = client.get(f"/api/games/{game_id}/log")
    assert log.status_code == 200
    path = tmp_path / "game.jsonl"
    path.write_text(log.text, encoding="utf-8")
    checked = verify_deal(path)
    assert checked.seed == payload["seed"]
    assert checked.outcomes > 0
    assert client.get("/api/games/nonesuch/log").status_code == 404


def test_a_seed_is_refused_when_a_person_is_seated(client: TestClient) -> None:
    body = {"game": GAME, "seats": ["random", "human"], "seed": 5}
    refused = client.post("/api/games", json=body)
    assert refused.status_code == 422
    assert "Spanish" in refused.json()["detail"]
    assert "secret" in refused.json()["detail"]
    bots = client.post("/api/games", json={**body, "seats": ["random", "random"]})
    assert bots.status_code == 201
