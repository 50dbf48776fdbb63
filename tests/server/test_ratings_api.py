"""Leaderboards, profiles and the lobby's ratings over HTTP (issue 34, items 2 and 5),
on SQLite and PostgreSQL: what they list, and 404 for a name nobody (alive) has."""

from __future__ import annotations

import time

from fastapi.testclient import TestClient

from .helpers import PASSWORD, WAIT, Browser, signed_up, token_of

GAME = "eighty_years_war"


def played(client: TestClient, ann: Browser, bob: Browser) -> str:
    """A rated Eighty Years War game: ann (Dutch) invites bob (Spanish), who joins; ann
    resigns. Its id, once graded."""
    made = ann.change("/api/games", json={"game": GAME, "seats": ["me", "@bob"]})
    assert made.status_code == 201, made.text
    game_id = made.json()["id"]
    link = made.json()["seats"][0]["link"]
    joined = bob.change(f"/api/games/{game_id}/seats/1/join")
    assert joined.status_code == 200, joined.text
    resigned = client.post(f"/api/games/{game_id}/resign", headers={"X-Seat-Token": token_of(link)})
    assert resigned.status_code == 200, resigned.text
    deadline = time.monotonic() + WAIT
    while not client.get("/api/players/bob").json()["games"]:
        assert time.monotonic() < deadline, "the game was never graded"
        time.sleep(0.02)
    return str(game_id)


def test_the_leaderboard_lists_the_players_by_rating_and_the_bots_marked_as_bots(
    app_client: TestClient,
) -> None:
    ann, bob = signed_up(app_client, "ann"), signed_up(app_client, "bob")
    played(app_client, ann, bob)
    board = app_client.get(f"/api/leaderboard/{GAME}").json()
    assert board["title"] == "Eighty Years War" and len(board["games"]) == 5
    people = [line for line in board["standings"] if not line["bot"]]
    assert [(p["name"], p["games"], p["provisional"]) for p in people] == [
        ("bob", 1, True),
        ("ann", 1, True),
    ]
    assert people[0]["rating"] > 1500 > people[1]["rating"]
    bots = {line["name"]: line for line in board["standings"] if line["bot"]}
    assert set(bots) == {"bot: easy", "bot: normal", "bot: hard"}
    assert bots["bot: normal"]["rating"] == 1500
    assert bots["bot: easy"]["rating"] < 1500 < bots["bot: hard"]["rating"]
    assert all(
        "stratagem tournament" in bots[name]["commands"][0] for name in ("bot: easy", "bot: hard")
    )
    assert [line["rank"] for line in board["standings"]] == list(range(1, 6))
    page = app_client.get(f"/leaderboard/{GAME}")
    assert page.status_code == 200 and "/static/ratings.js" in page.text
    unknown = app_client.get("/api/leaderboard/chess")
    assert unknown.status_code == 404 and "no game named 'chess'" in unknown.json()["detail"]
    assert app_client.get("/leaderboard/chess").status_code == 404


def test_a_profile_gives_ratings_history_and_finished_games_with_how_they_ended(
    app_client: TestClient,
) -> None:
    ann, bob = signed_up(app_client, "ann"), signed_up(app_client, "bob")
    game_id = played(app_client, ann, bob)
    winner = app_client.get("/api/players/BOB").json()  # any case
    assert winner["name"] == "bob"
    (rating,) = winner["ratings"]
    assert (rating["game"], rating["games"], rating["provisional"]) == (GAME, 1, True)
    assert [point["rating"] for point in winner["history"][GAME]] == [rating["rating"]]
    (game,) = winner["games"]
    assert (game["id"], game["seat"], game["result"], game["how"], game["rated"]) == (
        game_id,
        "Spanish",
        "won",
        "forfeit",
        True,
    )
    assert game["rating_before"] == 1500 < game["rating_after"] == rating["rating"]
    seats = {seat["seat"]: (seat["player"], seat["how"]) for seat in game["seats"]}
    assert seats == {"Dutch": ("ann", "resigned"), "Spanish": ("bob", "forfeit")}
    (lost,) = app_client.get("/api/players/ann").json()["games"]
    assert (lost["result"], lost["how"], lost["how_words"]) == ("lost", "resigned", "resigned")
    assert lost["reason"] == "Dutch resigned"
    page = app_client.get("/players/ann")
    assert page.status_code == 200 and 'data-key="ann"' in page.text


def test_an_unknown_or_deleted_player_has_no_profile_and_shows_as_deleted_elsewhere(
    app_client: TestClient,
) -> None:
    ann, bob = signed_up(app_client, "ann"), signed_up(app_client, "bob")
    played(app_client, ann, bob)
    unknown = app_client.get("/api/players/nobody")
    assert unknown.status_code == 404
    assert unknown.json()["detail"] == "no player is called 'nobody'"
    assert app_client.get("/players/nobody").status_code == 404
    gone = bob.change("/api/account/delete", json={"password": PASSWORD})
    assert gone.status_code == 204, gone.text
    assert app_client.get("/api/players/bob").status_code == 404
    assert app_client.get("/players/bob").status_code == 404
    assert app_client.get("/api/players/deleted player").status_code == 404
    (game,) = app_client.get("/api/players/ann").json()["games"]
    assert {seat["player"] for seat in game["seats"]} == {"ann", "deleted player"}
    board = app_client.get(f"/api/leaderboard/{GAME}").json()
    assert [line["name"] for line in board["standings"] if not line["bot"]] == ["ann"]


def test_the_lobby_shows_each_seated_players_rating_in_that_game(app_client: TestClient) -> None:
    ann, bob = signed_up(app_client, "ann"), signed_up(app_client, "bob")
    played(app_client, ann, bob)
    cy = signed_up(app_client, "cyd")
    for person in (ann, cy):
        made = person.change(
            "/api/games", json={"game": GAME, "seats": ["me", "open"], "public": True}
        )
        assert made.status_code == 201, made.text
    listed = app_client.get("/api/open").json()
    seats = [(seat["player"], seat["rating"]) for game in listed for seat in game["seats"]]
    ann_rating = app_client.get("/api/players/ann").json()["ratings"][0]["rating"]
    assert seats == [("ann", ann_rating), (None, None), ("cyd", 1500), (None, None)]
    assert ann_rating < 1500
