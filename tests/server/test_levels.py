"""``GET /api/levels``: each game's levels for a seat, weakest first, with the strength the
lab measured (``bots/level_ratings.toml``), as the lobby shows them."""

from __future__ import annotations

from fastapi.testclient import TestClient

import stratagem
from stratagem.bots import LEVELS
from stratagem.bots.level_ratings import ratings_of


def test_every_game_lists_its_levels_with_their_measured_strength(client: TestClient) -> None:
    answer = client.get("/api/levels")
    assert answer.status_code == 200
    games = {entry["game"]: entry["levels"] for entry in answer.json()}
    assert sorted(games) == [info.name for info in stratagem.available_games()]
    catalog = {entry["name"]: entry["controllers"] for entry in client.get("/api/catalog").json()}
    for game, levels in games.items():
        assert [(level["name"], level["summary"]) for level in levels] == [
            (level.name, level.summary) for level in LEVELS
        ]
        assert all(level["name"] in catalog[game] for level in levels)  # each offered for a seat
        for level in levels:
            assert [rating["score"]["share"] for rating in level["ratings"]] == [
                rating.score.share for rating in ratings_of(game, level["name"])
            ]
    tercios = {level["name"]: level for level in games["tercios"]}
    easy, normal, hard = tercios["easy"], tercios["normal"], tercios["hard"]
    assert normal["ratings"] == []
    assert hard["ratings"] == [
        {
            "opponent": "normal",
            "players": 2,
            "games": 120,
            "even": 50.0,
            "wins": {"share": 65.0, "low": 56.1, "high": 72.9},
            "draws": 5.0,
            "score": {"share": 67.5, "low": 58.7, "high": 75.2},
            "date": "2026-12-06",
            "commands": [
                "stratagem tournament tercios --bot heuristic"
                " --bot ismcts:iterations=134,max_rollout=15 -n 60 -j 2 --seed 3801 --mirror",
                "stratagem tournament tercios --bot heuristic"
                " --bot ismcts:iterations=134,max_rollout=15 -n 60 -j 2 --seed 3802 --mirror",
            ],
            "conditions": hard["ratings"][0]["conditions"],
            "words": "67.5% (58.7-75.2) of the points against normal, 120 games",
        }
    ]
    assert easy["ratings"][0]["words"] == "21.2% (11.4-36.1) of the points against normal, 40 games"
    (henry,) = games["henry_viii"][0]["ratings"]
    assert (henry["players"], henry["even"]) == (5, 20.0)
    assert "alone against normal at 5 players (even 20.0%)" in henry["words"]


def test_the_levels_answer_is_in_the_published_schema(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    assert "/api/levels" in schema["paths"]
    assert {"GameLevels", "OfferedLevel", "Strength"} <= set(schema["components"]["schemas"])
