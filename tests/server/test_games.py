"""Every registered game can be created and played to its end at the table (bots on every
seat, the smallest player count), and a finished game replays step by step."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

import stratagem
from stratagem.core import game_info

from .helpers import create, settled, state, tokens

GAMES = [info.name for info in stratagem.available_games()]


@pytest.mark.parametrize("name", GAMES)
def test_a_game_of_bots_is_played_to_its_end_and_replays(client: TestClient, name: str) -> None:
    players = game_info(name).min_players
    created = create(client, name, ["random"] * players, players=players, seed=1)
    game_id = created["id"]
    assert all(seat["link"] is None for seat in created["seats"])
    assert client.get(f"/games/{game_id}").status_code == 200
    end = settled(client, game_id)
    assert end["finished"]
    assert end["to_move"] is None
    assert set(end["result"]) >= {"winners", "scores", "reason"}
    steps = end["version"]
    first = client.get(f"/api/games/{game_id}/replay/0").json()
    last = client.get(f"/api/games/{game_id}/replay/{steps}").json()
    assert (first["step"], first["steps"], last["step"]) == (0, steps, steps)
    assert first["view"] == stratagem.load(name, players=players).new_initial_state().view(None)
    assert last["view"] == end["view"]
    assert last["events"] == end["events"]
    assert client.get(f"/api/games/{game_id}/replay/{steps + 1}").status_code == 404
    assert client.get(f"/games/{game_id}/replay").status_code == 200


def test_a_running_game_replays_its_past_as_the_seat_saw_it(client: TestClient) -> None:
    created = create(client, "eighty_years_war", ["human", "human"])
    game_id, secret = created["id"], tokens(created)
    now = settled(client, game_id, secret["Dutch"])
    steps = now["version"]  # chance's deal stands: no take-back yet
    for step in (0, steps // 2, steps):
        past = client.get(
            f"/api/games/{game_id}/replay/{step}", headers={"X-Seat-Token": secret["Dutch"]}
        ).json()
        assert (past["step"], past["steps"], past["live"]) == (step, steps, True)
        assert "seed" not in past and "revealed" not in past
    assert past["view"] == now["view"]


def test_a_seat_replays_its_own_view(client: TestClient) -> None:
    created = create(client, "eighty_years_war", ["human", "random"], seed=3)
    game_id, token = created["id"], tokens(created)["Dutch"]
    while not (payload := settled(client, game_id, token))["finished"]:
        client.post(
            f"/api/games/{game_id}/actions",
            json={"action": payload["legal"][0], "version": payload["version"]},
            headers={"X-Seat-Token": token},
        )
    middle = payload["version"] // 2
    mine = client.get(f"/api/games/{game_id}/replay/{middle}", headers={"X-Seat-Token": token})
    public = client.get(f"/api/games/{game_id}/replay/{middle}")
    assert mine.json()["seat"] == "Dutch"
    assert "you" in mine.json()["view"]
    assert "you" not in public.json()["view"]
    assert state(client, game_id)["finished"]
