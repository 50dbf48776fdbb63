"""Nothing leaked through accounts, proved by indistinguishability (issue 34): what a
seat's account receives from the profiles, the leaderboards, the waiting room and its game
lists must not depend on what the seat cannot see.

For every game, at positions of a seeded random game, a table whose seats are bound to
accounts is made in tables of several databases: the real game in one, and in each other
a world its seat ``s`` cannot tell from it (``test_indistinguishable.Worlds``: the state
redrawn by ``resample_hidden(s)`` and every other seat's action a random text). Each world
also holds the same finished, rated game between the accounts, so that profiles and
leaderboards have something to say. The account of seat ``s`` asks the same questions in
the real database and in its world: every answer must be the same, once the games' ids
and the times are taken out.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

import stratagem
from stratagem.core import TERMINAL, game_info
from stratagem.server.account_store import AccountStore
from stratagem.server.app import create_app
from stratagem.server.auth import COOKIE, CSRF_HEADER
from stratagem.server.settings import Settings

from .helpers import token_of
from .test_indistinguishable import SEED, Worlds, positions

GAMES = [info.name for info in stratagem.available_games()]
MOST_SEATS = max(game_info(name).min_players for name in GAMES)
NAMES = [f"player{index}" for index in range(MOST_SEATS)]
POSITIONS = 2
"""Positions of each game checked (a game not over: once over, all is revealed)."""
TIME = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?([+-]\d\d:\d\d|Z)?")
"""A time in ISO 8601 (when a game was made or graded: no secret, but never the same)."""
LINK = re.compile(r"#seat=[A-Za-z0-9_-]+")
"""A seat's link (its own secret, drawn anew in each database)."""


class Table:
    """One database's table, with the accounts ``NAMES`` signed in (their cookies)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        self.accounts = AccountStore(store)
        self.people: list[tuple[str, str]] = []
        self.sessions: list[tuple[str, str]] = []
        for name in NAMES:
            account = self.accounts.sign_up(name, "no password: signed in directly")
            self.people.append((account.id, name))
            self.sessions.append(self.accounts.open_session(account.id))
        self.ids: list[str] = []
        """The games made here, in order (their ids are taken out of the answers)."""
        self._finished_game()

    def request(self, seat: int, method: str, url: str, **extra: Any) -> httpx.Response:
        """One request of seat ``seat``'s account (signed in: its cookie and CSRF token)."""
        token, csrf = self.sessions[seat]
        self.client.cookies.set(COOKIE, token)
        try:
            return self.client.request(method, url, headers={CSRF_HEADER: csrf}, **extra)
        finally:
            self.client.cookies.clear()

    def ask(self, seat: int, method: str, url: str) -> str:
        """One question of seat ``seat``'s account, its answer normalised."""
        response = self.request(seat, method, url)
        text = response.text
        for index, game_id in enumerate(self.ids):
            text = text.replace(game_id, f"<game {index}>")
        text = LINK.sub("#seat=<link>", TIME.sub("<time>", text))
        if text.startswith("["):  # a list in no particular order
            text = json.dumps(sorted(json.dumps(item) for item in json.loads(text)))
        return f"{response.status_code} {text}"

    def _finished_game(self) -> None:
        """A rated Eighty Years War game, player0 against player1, that player0 resigned."""
        seats = ["me", "@player1"]
        made = self.request(
            0, "POST", "/api/games", json={"game": "eighty_years_war", "seats": seats}
        ).json()
        self.ids.append(made["id"])
        assert self.request(1, "POST", f"/api/games/{made['id']}/seats/1/join").is_success
        link = made["seats"][0]["link"]
        resigned = self.client.post(
            f"/api/games/{made['id']}/resign", headers={"X-Seat-Token": token_of(link)}
        )
        assert resigned.status_code == 200, resigned.text


@pytest.fixture
def tables(tmp_path: Path) -> Iterator[list[Table]]:
    """The real database (first) and one world's for each seat."""
    with ExitStack() as stack:
        made = []
        for index in range(MOST_SEATS + 1):
            url = f"sqlite:///{tmp_path / f'world{index}.sqlite3'}"
            settings = Settings(database_url=url, bot_delay=0, rate_limits=False)
            made.append(Table(stack.enter_context(TestClient(create_app(settings)))))
        yield made


def questions(game: str, players: int) -> list[tuple[str, str]]:
    """What an account asks: profiles, leaderboards, its games, the lobby, the waiting room."""
    asked = [("GET", f"/api/players/{name}") for name in NAMES[:players]]
    asked += [("GET", f"/api/leaderboard/{game}"), ("GET", "/api/leaderboard/eighty_years_war")]
    return [*asked, ("GET", "/api/account/games"), ("GET", "/api/open"), ("GET", "/api/match")]


@pytest.mark.parametrize("name", GAMES)
def test_what_an_account_receives_is_the_same_in_every_world_its_seat_cannot_tell_apart(
    tables: list[Table], name: str
) -> None:
    players = game_info(name).min_players
    rng = random.Random(SEED)
    real, worlds = tables[0], tables[1:]
    asked = questions(name, players)
    checked = 0
    for position in list(positions(name, players))[:POSITIONS]:
        if position.state.current_player() == TERMINAL:
            continue
        # one table in each database: the real game, and in world s, one seat s cannot
        # tell from it (each seat's account holds its seat's link)
        for index, table in enumerate(tables):
            made = Worlds(table.client, name, players, table.people[:players])
            drawn_for = (index - 1) % players  # worlds beyond the seats: any
            game_id = made.real(position) if index == 0 else made.redrawn(position, drawn_for, rng)
            table.ids.append(game_id)
            for seat in range(players):
                table.accounts.keep_link(table.people[seat][0], made.tokens[seat])
        for seat in range(players):
            expected = [real.ask(seat, *question) for question in asked]
            answer = [worlds[seat].ask(seat, *question) for question in asked]
            for question, one, other in zip(asked, expected, answer, strict=True):
                assert one == other, (
                    f"{name}, after {len(position.entries)} entries, the account of "
                    f"seat {seat} asking {question} can tell worlds apart:\n"
                    f"real:  {one[:600]}\nworld: {other[:600]}"
                )
            assert f"<game {len(real.ids) - 1}>" in expected[-3]  # listed in its games
            profile = json.loads(expected[seat].split(" ", 1)[1])
            assert profile["name"] == NAMES[seat]
            checked += 1
    assert checked
