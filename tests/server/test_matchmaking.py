"""The waiting room (issue 34, item 5): requests matched by near ratings into rated games,
the window widening as they wait, withdrawn on request, and never one request in two
games when two processes match at once; on SQLite and PostgreSQL."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any
from unittest import mock

from fastapi.testclient import TestClient
from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session

from stratagem.server.account_store import AccountStore
from stratagem.server.match_api import look_for_match
from stratagem.server.matchmaking import WIDENING, WINDOW, Matches
from stratagem.server.pace import RANGES, Pace
from stratagem.server.rating_store import RatingRow
from stratagem.server.ratings import mean_of
from stratagem.server.storage import GameRow, SeatRow, Store, utc_now

from .helpers import signed_up
from .test_faults import two_processes

GAME = "eighty_years_war"
ASK: dict[str, Any] = {"game": GAME, "players": 2, "pace": "slow"}


def rate(client: TestClient, name: str, points: int) -> None:
    """Give ``name`` a settled rating of ``points`` in ``GAME``, as if after many games."""
    store: Store = client.app.state.hub.store  # type: ignore[attr-defined]
    account = AccountStore(store).named(name)
    assert account is not None
    with store.engine.begin() as connection:
        connection.execute(
            insert(RatingRow).values(
                account_id=account[0].id,
                game=GAME,
                mu=mean_of(points),
                sigma=2.0,
                games=30,
                updated_at=utc_now(),
            )
        )


def test_two_requests_with_near_ratings_are_matched_into_a_rated_game_of_their_accounts(
    app_client: TestClient,
) -> None:
    ann, bob = signed_up(app_client, "ann"), signed_up(app_client, "bob")
    first = ann.change("/api/match", json=ASK)
    assert first.status_code == 200, first.text
    assert first.json()["state"] == "waiting" and first.json()["rating"] == 1500
    second = bob.change("/api/match", json=ASK).json()
    assert second["state"] == "matched"
    game_id = second["game_id"]
    assert ann.request("GET", "/api/match").json()["game_id"] == game_id
    record = app_client.app.state.hub.store.game(game_id)  # type: ignore[attr-defined]
    assert record.rated and record.game == GAME
    assert record.pace == Pace(ASK["pace"], RANGES[ASK["pace"]][2], "remind")  # the pace asked
    assert sorted(seat.player for seat in record.seats) == ["ann", "bob"]
    for person in (ann, bob):  # each holds their seat's link: "your games" lists it
        (seat,) = person.request("GET", "/api/account/games").json()
        assert seat["id"] == game_id and seat["link"] and not seat["invited"]


def test_requests_far_apart_wait_until_their_windows_have_widened_enough(
    app_client: TestClient,
) -> None:
    ann, bob = signed_up(app_client, "ann"), signed_up(app_client, "bob")
    gap = 300
    rate(app_client, "bob", 1500 + gap)
    assert ann.change("/api/match", json=ASK).json()["state"] == "waiting"
    asked = bob.change("/api/match", json=ASK).json()
    assert (asked["state"], asked["rating"], asked["window"]) == ("waiting", 1500 + gap, WINDOW)
    minutes = (gap - WINDOW) / WIDENING
    soon = utc_now() + dt.timedelta(minutes=minutes * 0.9)
    with mock.patch("stratagem.server.match_api.utc_now", return_value=soon):
        assert ann.request("GET", "/api/match").json()["state"] == "waiting"
    later = utc_now() + dt.timedelta(minutes=minutes + 0.1)
    with mock.patch("stratagem.server.match_api.utc_now", return_value=later):
        matched = ann.request("GET", "/api/match").json()
    assert matched["state"] == "matched"
    assert bob.request("GET", "/api/match").json()["game_id"] == matched["game_id"]


def test_requests_for_another_pace_or_size_are_not_matched(app_client: TestClient) -> None:
    ann, bob = signed_up(app_client, "ann"), signed_up(app_client, "bob")
    assert ann.change("/api/match", json=ASK).json()["state"] == "waiting"
    assert bob.change("/api/match", json={**ASK, "pace": "live"}).json()["state"] == "waiting"
    refused = bob.change("/api/match", json={**ASK, "pace": "glacial"})
    assert refused.status_code == 422 and "glacial" in refused.json()["detail"]
    refused = bob.change("/api/match", json={**ASK, "players": 3})
    assert refused.status_code == 422 and "3" in refused.json()["detail"]


def test_a_withdrawn_request_is_not_matched(app_client: TestClient) -> None:
    ann, bob = signed_up(app_client, "ann"), signed_up(app_client, "bob")
    assert ann.change("/api/match", json=ASK).json()["state"] == "waiting"
    withdrawn = ann.request("DELETE", "/api/match", headers={"X-CSRF-Token": ann.csrf})
    assert withdrawn.status_code == 204
    assert ann.request("GET", "/api/match").json() == {
        "state": "none",
        **dict.fromkeys(("game", "players", "pace", "rating", "waited", "window", "game_id")),
    }
    assert bob.change("/api/match", json=ASK).json()["state"] == "waiting"
    again = ann.request("DELETE", "/api/match", headers={"X-CSRF-Token": ann.csrf})
    assert again.status_code == 409 and "no request" in again.json()["detail"]
    assert ann.request("DELETE", "/api/match").status_code == 403  # no CSRF token
    assert app_client.get("/api/match").status_code == 401  # nobody signed in


def test_two_processes_matching_at_once_never_put_one_request_in_two_games(
    database_url: str,
) -> None:
    setup = Store.open(database_url)
    people = AccountStore(setup)
    names = ["ann", "bob", "cyd", "dan"]
    ids = [people.sign_up(name, "no password").id for name in names]
    for account in ids:
        Matches(setup).ask(account, GAME, 2, "slow", 1500)
    setup.close()

    async def scenario() -> None:
        async with two_processes(database_url) as (here, there):
            lookers = [
                look_for_match(hub, Matches(hub.store), account)
                for account in ids
                for hub in (here, there)
            ]
            await asyncio.gather(*lookers)
            with Session(here.store.engine) as session:
                games = session.scalar(select(func.count()).select_from(GameRow))
                seats = session.execute(
                    select(SeatRow.account_id, func.count()).group_by(SeatRow.account_id)
                ).all()
            assert games == 2  # four requests, two games of two
            assert sorted(account for account, _ in seats) == sorted(ids)
            assert {count for _, count in seats} == {1}  # each request in one game
            for account in ids:
                request = Matches(here.store).of(account)
                assert request is not None and request.game_id is not None
                record = here.store.game(request.game_id)
                assert record is not None and account in {s.account for s in record.seats}

    asyncio.run(scenario())
