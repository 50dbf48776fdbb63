"""Accounts at the table (issue 34, item 1): signing up, in and out from any browser,
sessions in an HttpOnly SameSite cookie with a CSRF token on every change made on its
word, seats bound to accounts at creation and joining, invitations by name, a new
password, and a deleted account. Each runs on SQLite and PostgreSQL."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from stratagem.server.account_store import FAILURES_ALLOWED
from stratagem.server.auth import COOKIE, CSRF_HEADER

from .helpers import PASSWORD, Browser, state, token_of

Client = TestClient | Browser


def browser(client: TestClient) -> Browser:
    return Browser(client)


def sign_up(client: Client, name: str, password: str = PASSWORD) -> str:
    """Sign ``client`` up as ``name``; its CSRF token."""
    answer = client.post("/api/account/signup", json={"name": name, "password": password})
    assert answer.status_code == 201, answer.text
    csrf: str = answer.json()["csrf"]
    return csrf


def sign_in(client: Client, name: str, password: str = PASSWORD) -> str:
    answer = client.post("/api/account/signin", json={"name": name, "password": password})
    assert answer.status_code == 200, answer.text
    csrf: str = answer.json()["csrf"]
    return csrf


def create(client: Client, csrf: str | None, seats: list[str]) -> dict[str, object]:
    headers = {} if csrf is None else {CSRF_HEADER: csrf}
    answer = client.post(
        "/api/games", json={"game": "eighty_years_war", "seats": seats}, headers=headers
    )
    assert answer.status_code == 201, answer.text
    made: dict[str, object] = answer.json()
    return made


def my_games(client: Client) -> list[dict[str, object]]:
    answer = client.get("/api/account/games")
    assert answer.status_code == 200, answer.text
    games: list[dict[str, object]] = answer.json()
    return games


def test_sign_up_sets_an_httponly_samesite_cookie_and_answers_the_csrf_token(
    app_client: TestClient,
) -> None:
    answer = app_client.post(
        "/api/account/signup",
        json={"name": "Margaret", "password": PASSWORD, "email": "m@example.org"},
    )
    assert answer.status_code == 201, answer.text
    cookie = answer.headers["set-cookie"]
    assert cookie.startswith(f"{COOKIE}=")
    assert "HttpOnly" in cookie and "SameSite=lax" in cookie and "Path=/" in cookie
    me = app_client.get("/api/account").json()
    assert me == {
        "name": "Margaret",
        "email": "m@example.org",
        "remind": False,
        "csrf": answer.json()["csrf"],
    }
    assert browser(app_client).get("/api/account").json() is None


def test_a_taken_name_is_refused_whatever_its_case(app_client: TestClient) -> None:
    sign_up(app_client, "William")
    answer = browser(app_client).post(
        "/api/account/signup", json={"name": "wILLIAM", "password": PASSWORD}
    )
    assert answer.status_code == 409
    assert "the name 'wILLIAM' is taken" in answer.json()["detail"]


@pytest.mark.parametrize(
    ("name", "password", "said"),
    [
        ("Maurice", "short", "too short: at least 10"),
        ("Maurice", "x" * 129, "too long: at most 128"),
        ("Maurice", "maurice of nassau", "may not contain the account's name"),
        ("Maurice", "aaaaaaaaaaaa", "too easy to guess"),
        ("Maurice", "password123", "too easy to guess"),
        ("ab", PASSWORD, "3 to 24 letters"),
        ("bad name", PASSWORD, "3 to 24 letters"),
        ("deleted", PASSWORD, "reserved"),
    ],
)
def test_weak_or_over_long_passwords_and_bad_names_are_refused_saying_why(
    app_client: TestClient, name: str, password: str, said: str
) -> None:
    answer = app_client.post("/api/account/signup", json={"name": name, "password": password})
    assert answer.status_code == 422
    assert said in answer.json()["detail"]
    assert "set-cookie" not in answer.headers
    sign_up(app_client, "Maurice")  # nothing was stored: the name is still free


def test_a_wrong_password_is_refused_and_too_many_make_sign_ins_wait(
    app_client: TestClient,
) -> None:
    sign_up(app_client, "Egmont")
    other = browser(app_client)
    for _ in range(FAILURES_ALLOWED):
        wrong = other.post("/api/account/signin", json={"name": "egmont", "password": "x" * 12})
        assert wrong.status_code == 401
        assert wrong.json()["detail"] == "no account has this name and password"
    unknown = other.post("/api/account/signin", json={"name": "Horn", "password": PASSWORD})
    assert unknown.status_code == 401
    assert unknown.json()["detail"] == "no account has this name and password"
    waiting = other.post("/api/account/signin", json={"name": "Egmont", "password": PASSWORD})
    assert waiting.status_code == 429
    assert "too many wrong passwords for 'Egmont': try again in" in waiting.json()["detail"]
    assert other.get("/api/account").json() is None


def test_a_signed_in_creators_seat_follows_them_to_another_browser(
    app_client: TestClient,
) -> None:
    csrf = sign_up(app_client, "Orange")
    made = create(app_client, csrf, ["me", "heuristic"])
    seat = made["seats"][0]  # type: ignore[index]
    laptop = browser(app_client)
    sign_in(laptop, "Orange")
    games = my_games(laptop)
    assert games == [
        {
            "id": made["id"],
            "game": "eighty_years_war",
            "title": made["title"],
            "seat": "Dutch",
            "seat_index": 0,
            "link": seat["link"],
            "invited": False,
        }
    ]
    payload = state(app_client, str(made["id"]), token_of(str(games[0]["link"])))
    assert payload["seat"] == "Dutch"
    assert payload["seats"][0] == {"name": "Dutch", "controller": "human", "player": "Orange"}
    assert payload["seats"][1] == {"name": "Spanish", "controller": "heuristic"}


def test_a_change_on_the_cookies_word_without_its_csrf_token_is_refused_and_changes_nothing(
    app_client: TestClient,
) -> None:
    csrf = sign_up(app_client, "Alba")
    for headers in ({}, {CSRF_HEADER: "forged"}):
        answer = app_client.post(
            "/api/games",
            json={"game": "eighty_years_war", "seats": ["me", "heuristic"]},
            headers=headers,
        )
        assert answer.status_code == 403
        assert f"must carry the session's {CSRF_HEADER} header" in answer.json()["detail"]
        assert app_client.post("/api/account/signout", headers=headers).status_code == 403
    assert my_games(app_client) == []
    assert app_client.get("/api/account").json()["csrf"] == csrf  # still signed in


def test_an_invited_seat_is_taken_by_its_player_alone(app_client: TestClient) -> None:
    csrf = sign_up(app_client, "Parma")
    invited = browser(app_client)
    invited_csrf = sign_up(invited, "Requesens")
    made = create(app_client, csrf, ["me", "@Requesens"])
    game = made["id"]
    assert made["seats"][1]["controller"] == "open"  # type: ignore[index]
    stranger = browser(app_client)
    stranger_csrf = sign_up(stranger, "Stranger")
    assert my_games(invited) == [
        {
            "id": game,
            "game": "eighty_years_war",
            "title": made["title"],
            "seat": "Spanish",
            "seat_index": 1,
            "link": None,
            "invited": True,
        }
    ]
    anonymous = browser(app_client).post(f"/api/games/{game}/seats/1/join")
    assert anonymous.status_code == 403
    assert "kept for the player invited to it (Requesens)" in anonymous.json()["detail"]
    other = stranger.post(f"/api/games/{game}/seats/1/join", headers={CSRF_HEADER: stranger_csrf})
    assert other.status_code == 403
    joined = invited.post(f"/api/games/{game}/seats/1/join", headers={CSRF_HEADER: invited_csrf})
    assert joined.status_code == 200, joined.text
    assert my_games(invited)[0]["link"] == joined.json()["link"]
    seats = state(app_client, str(game))["seats"]
    assert [seat.get("player") for seat in seats] == ["Parma", "Requesens"]


def test_inviting_a_name_nobody_has_is_refused(app_client: TestClient) -> None:
    csrf = sign_up(app_client, "Alexander")
    answer = app_client.post(
        "/api/games",
        json={"game": "eighty_years_war", "seats": ["me", "@Nobody"]},
        headers={CSRF_HEADER: csrf},
    )
    assert answer.status_code == 422
    assert answer.json()["detail"] == "seat 1: no player is called 'Nobody'"
    anonymous = browser(app_client).post(
        "/api/games", json={"game": "eighty_years_war", "seats": ["me", "heuristic"]}
    )
    assert anonymous.status_code == 401
    assert "sign in to take a seat as 'me'" in anonymous.json()["detail"]


def test_a_seat_the_creator_gives_a_new_link_leaves_the_accounts_games(
    app_client: TestClient,
) -> None:
    csrf = sign_up(app_client, "Leicester")
    made = create(app_client, csrf, ["me", "heuristic"])
    creator = str(made["creator_link"]).split("#creator=", 1)[1]
    game = made["id"]
    answer = app_client.post(
        f"/api/games/{game}/seats/0/link", headers={"X-Creator-Token": creator}
    )
    assert answer.status_code == 200, answer.text
    assert my_games(app_client) == []
    assert "player" not in state(app_client, str(game))["seats"][0]


def test_a_new_password_ends_the_other_sessions_and_needs_the_old_one(
    app_client: TestClient,
) -> None:
    csrf = sign_up(app_client, "Granvelle")
    laptop = browser(app_client)
    sign_in(laptop, "Granvelle")
    new = "a cardinal's counsel 1561"
    wrong = app_client.post(
        "/api/account/password",
        json={"password": "not the password", "new_password": new},
        headers={CSRF_HEADER: csrf},
    )
    assert wrong.status_code == 401
    answer = app_client.post(
        "/api/account/password",
        json={"password": PASSWORD, "new_password": new},
        headers={CSRF_HEADER: csrf},
    )
    assert answer.status_code == 204, answer.text
    assert app_client.get("/api/account").status_code == 200
    ended = laptop.get("/api/account")
    assert ended.status_code == 401 and "your session has ended" in ended.json()["detail"]
    fresh = browser(app_client)
    refused = fresh.post("/api/account/signin", json={"name": "Granvelle", "password": PASSWORD})
    assert refused.status_code == 401
    sign_in(fresh, "Granvelle", new)


def test_a_deleted_accounts_games_stay_its_name_shows_deleted_player_and_is_free_again(
    app_client: TestClient,
) -> None:
    csrf = sign_up(app_client, "Anjou")
    laptop = browser(app_client)
    laptop_csrf = sign_in(laptop, "Anjou")
    made = create(app_client, csrf, ["me", "heuristic"])
    token = token_of(str(made["seats"][0]["link"]))  # type: ignore[index]
    wrong = app_client.post(
        "/api/account/delete", json={"password": "x" * 12}, headers={CSRF_HEADER: csrf}
    )
    assert wrong.status_code == 401
    answer = app_client.post(
        "/api/account/delete", json={"password": PASSWORD}, headers={CSRF_HEADER: csrf}
    )
    assert answer.status_code == 204
    assert f'{COOKIE}=""' in answer.headers["set-cookie"]
    old = laptop.post(
        "/api/games",
        json={"game": "eighty_years_war", "seats": ["me", "heuristic"]},
        headers={CSRF_HEADER: laptop_csrf},
    )
    assert old.status_code == 401
    assert "your session has ended" in old.json()["detail"]
    assert f'{COOKIE}=""' in old.headers["set-cookie"]  # the stale cookie is taken back
    payload = state(app_client, str(made["id"]), token)  # the link still plays
    assert payload["seat"] == "Dutch"
    assert payload["seats"][0]["player"] == "deleted player"
    sign_up(browser(app_client), "anjou")


def test_signing_out_ends_the_session(app_client: TestClient) -> None:
    csrf = sign_up(app_client, "Coligny")
    cookie = app_client.cookies.get(COOKIE)
    assert cookie
    assert app_client.post("/api/account/signout", headers={CSRF_HEADER: csrf}).status_code == 204
    assert app_client.get("/api/account").json() is None
    replayed = browser(app_client)
    replayed.cookies.set(COOKIE, cookie)
    assert replayed.get("/api/account").status_code == 401


def test_wrong_passwords_given_to_change_it_count_as_sign_ins_and_wait(
    app_client: TestClient,
) -> None:
    csrf = sign_up(app_client, "Oldenbarnevelt")
    new = {"password": "x" * 12, "new_password": "a land's advocate 1586"}
    for _ in range(FAILURES_ALLOWED):
        wrong = app_client.post("/api/account/password", json=new, headers={CSRF_HEADER: csrf})
        assert wrong.status_code == 401
    right = {**new, "password": PASSWORD}
    waiting = app_client.post("/api/account/password", json=right, headers={CSRF_HEADER: csrf})
    assert waiting.status_code == 429
    assert "too many wrong passwords for 'Oldenbarnevelt'" in waiting.json()["detail"]
    elsewhere = browser(app_client).post(
        "/api/account/signin", json={"name": "Oldenbarnevelt", "password": PASSWORD}
    )
    assert elsewhere.status_code == 429


def test_your_games_lists_the_newest_game_first(app_client: TestClient) -> None:
    csrf = sign_up(app_client, "Nassau")
    older = create(app_client, csrf, ["me", "heuristic"])
    newer = create(app_client, csrf, ["heuristic", "me"])
    listed = [(game["id"], game["seat"]) for game in my_games(app_client)]
    assert listed == [(newer["id"], "Spanish"), (older["id"], "Dutch")]
