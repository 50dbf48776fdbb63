"""Nothing leaked across a seat's lifecycle, proved by indistinguishability.

For every game, at random positions of a seeded random game, each change of who holds a
seat (a new link from the creator, a new link the seat asks for, a resignation, a
hand-over to a bot, an open seat joined, a take-back, a rematch) is made on tables holding
the real game and on worlds redrawn for one seat ``d`` (as ``test_indistinguishable``
draws them), with the websockets of ``d``, of the changed seat's holder and of a
spectator open on each. Each connection must end with the sight the change leaves it
(the old holder's link closed after a new link, a spectator's once a bot plays its
seat), and every connection whose sight is then ``d``'s or a spectator's (or closed)
must receive the same messages in every world, byte for byte once the game's own id is
taken out; so must a websocket opened with the seat's new link when ``d`` is that seat.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from typing import Any
from unittest import mock

import pytest
from fastapi.testclient import TestClient

import stratagem
from stratagem.core import TERMINAL, game_info
from stratagem.server import Settings, create_app
from stratagem.server.table import Table

from . import test_indistinguishable as differential
from .helpers import next_payload, token_of, until_version
from .test_indistinguishable import Position, Worlds, normal, positions

GAMES = [info.name for info in stratagem.available_games()]
WORLDS = 2
"""Redrawn worlds compared with the real one, per change and drawn seat."""
SEED = 5
MAX_STEPS = 4000
"""Actions of the seeded random game at most (every game ends within them, so a
finished game's rematch is made in every game)."""
CHANGES = ("new link", "own link", "resign", "hand over", "join", "take back", "rematch")


@dataclass(frozen=True)
class Change:
    """One lifecycle change about ``seat`` (``None``: the creator's rematch)."""

    what: str
    seat: int | None


def applicable(what: str, position: Position, players: int) -> list[int | None]:
    """The seats ``what`` may be made about at ``position``."""
    state = position.state
    finished = state.current_player() == TERMINAL
    if what == "rematch":
        return [None] if finished or players == 2 else []
    if finished:
        return []
    if what == "take back":
        last = position.entries[-1].seat if position.entries else -1
        return [last] if last >= 0 else []
    if what == "hand over":
        return [state.current_player()]
    return list(range(players))


def requests(
    change: Change, worlds: Worlds, players: int, finished: bool
) -> list[tuple[str, dict[str, str]]]:
    """The requests that make ``change`` (path suffix, headers), in order; each adds one
    entry to the log."""
    seat = change.seat
    creator = {"X-Creator-Token": worlds.creator}
    own = {} if seat is None else {"X-Seat-Token": worlds.tokens[seat]}
    if change.what == "new link":
        return [(f"seats/{seat}/link", creator)]
    if change.what == "own link":
        return [("link", own)]
    if change.what == "resign":
        return [("resign", own)]
    if change.what == "hand over":
        return [(f"seats/{seat}/bot", creator)]
    if change.what == "join":
        return [(f"seats/{seat}/join", {})]
    if change.what == "take back":
        return [("takeback", own)]
    resign: list[tuple[str, dict[str, str]]] = []
    if not finished:  # a running two-seat game ends by a resignation first
        resign = [("resign", {"X-Seat-Token": worlds.tokens[0]})]
    return [*resign, ("rematch", creator)]


@contextmanager
def opened(worlds: Worlds, game_id: str, seats: list[int | None]) -> Iterator[list[Any]]:
    """A websocket of each of ``seats`` (``None``: a spectator), its first message read."""
    with ExitStack() as stack:
        sockets = []
        for seat in seats:
            socket = stack.enter_context(
                worlds.client.websocket_connect(f"/api/games/{game_id}/ws")
            )
            socket.send_json({"token": None if seat is None else worlds.tokens[seat]})
            assert next_payload(socket)["type"] == "state"
            sockets.append(socket)
        yield sockets


def live_through(
    worlds: Worlds, game_id: str, change: Change, players: int, watchers: list[int | None]
) -> list[list[str]]:
    """Make ``change`` on ``game_id`` with ``watchers`` connected; what each connection
    received after each request (normalised), then the first message of a websocket
    opened with a new link the change gave (if any)."""
    table = worlds.hub.tables[game_id]
    heard: list[list[str]] = [[] for _ in watchers]
    with opened(worlds, game_id, watchers) as sockets:
        for path, headers in requests(change, worlds, players, table.finished):
            with ExitStack() as clock:
                if path.endswith("/bot"):  # the seat has kept the game waiting long enough
                    later = time.time() + 10 * 86400
                    clock.enter_context(
                        mock.patch("stratagem.server.table.time.time", return_value=later)
                    )
                answer = worlds.client.post(f"/api/games/{game_id}/{path}", headers=headers)
            assert answer.status_code in (200, 201, 204), f"{path}: {answer.text}"
            body = answer.json() if answer.status_code != 204 else {}
            made = body.get("id") if path == "rematch" else None
            for index, socket in enumerate(sockets):
                if sees(heard[index]) is True:
                    continue  # closed already
                for message in until_version(socket, table.version):
                    text = normal(game_id, 101, json.dumps(message))
                    heard[index].append(text if made is None else text.replace(made, "<rematch>"))
            if "link" in body and path != "rematch":
                new = token_of(body["link"])
                with worlds.client.websocket_connect(f"/api/games/{game_id}/ws") as socket:
                    socket.send_json({"token": new})
                    heard.append([normal(game_id, 101, socket.receive_text())])
    return heard


def sight_after(change: Change, watcher: int | None, players: int) -> int | bool | None:
    """Whom ``watcher``'s connection may see as once ``change`` is made (``None``: a
    spectator, ``True``: closed): its link ends with a new link, and watches as a
    spectator's once a bot plays its seat."""
    if watcher is None or watcher != change.seat:
        return watcher
    if change.what in ("new link", "own link"):
        return True
    if change.what == "hand over" or (change.what == "resign" and players > 2):
        return None
    return watcher


def sees(texts: list[str]) -> str | bool | None:
    """Whom a connection sees as at the end (a seat's name, ``None``: a spectator), or
    ``True`` once closed."""
    for text in reversed(texts):
        value = json.loads(text.split(" ", 1)[1])
        if value.get("type") == "close":
            return True
        if value.get("type") == "state":
            seat: str | None = value["seat"]
            return seat
    return False


@pytest.fixture
def unlimited(sqlite_file: str) -> Iterator[TestClient]:
    """The application with no rate limits (this test makes many changes at once)."""
    settings = Settings(database_url=sqlite_file, bot_delay=0, rate_limits=False)
    with TestClient(create_app(settings)) as running:
        yield running


@pytest.mark.parametrize("name", GAMES)
def test_what_every_connection_receives_across_a_seats_lifecycle_is_the_same_in_every_world(
    unlimited: TestClient, name: str
) -> None:
    client = unlimited
    players = game_info(name).min_players
    worlds = Worlds(client, name, players)
    names = worlds.game.seat_names
    rng = random.Random(SEED)
    with mock.patch.object(differential, "MAX_STEPS", MAX_STEPS):  # every game ends
        found = list(positions(name, players))
    made = set()
    compared = 0
    with (
        mock.patch.object(Table, "kick"),  # no bot moves on: the change is the last version
        # whether an action revealed something is the seat's own knowledge (test_takeback);
        # here a take-back happens, and what the others then receive is compared
        mock.patch("stratagem.server.takeback.reveals", return_value=False),
    ):
        for what in CHANGES:
            options = [(p, s) for p in found for s in applicable(what, p, players)]
            if not options:
                continue
            position, seat = rng.choice(options)
            change = Change(what, seat)
            made.add(what)
            open_seat = seat if what == "join" else None
            drawn = sorted(
                {rng.randrange(players) if seat is None else seat, rng.randrange(players)}
            )
            for d in drawn:
                # the seat drawn for, the changed seat's (old) holder, and a spectator
                seen = {d} if seat is None else {d, seat}
                watchers: list[int | None] = [s for s in sorted(seen) if s != open_seat]
                watchers.append(None)
                real = live_through(
                    worlds, worlds.real(position, open_seat), change, players, watchers
                )
                for _ in range(WORLDS):
                    world_id = worlds.redrawn(position, d, rng, open_seat)
                    world = live_through(worlds, world_id, change, players, watchers)
                    for index, expected in enumerate(real):
                        new_link = index >= len(watchers)
                        if new_link and d != seat:
                            continue
                        if not new_link:
                            sight = sight_after(change, watchers[index], players)
                            shown = (
                                sight if isinstance(sight, bool) or sight is None else names[sight]
                            )
                            assert sees(expected) == shown, (
                                f"{name}: {what} left {expected[-1][:300]}"
                            )
                            if sight is not True and sight is not None and sight != d:
                                continue
                        who = "a new link" if new_link else watchers[index]
                        assert world[index] == expected, (
                            f"{name}: after {what} of {seat} at {len(position.entries)} entries, "
                            f"the connection of {who} tells worlds drawn for {names[d]} apart:\n"
                            f"real:  {str(expected)[:800]}\nworld: {str(world[index])[:800]}"
                        )
                        compared += 1
    assert compared > 10
    assert made == set(CHANGES), f"{name}: {set(CHANGES) - made} never made"
