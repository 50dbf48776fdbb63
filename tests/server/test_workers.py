"""The table's workers and caches: one address's bot games cannot starve another's game,
replays wait their turn off the event loop, and the boards kept stay within their budget.

The flood test runs a real ``stratagem serve`` on loopback and comes from two loopback
addresses (127.0.0.1 floods, 127.0.0.2 plays), so that each is its own client address.
"""

from __future__ import annotations

import asyncio
import os
import random
import statistics
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from stratagem.core import CHANCE, JsonDict, load
from stratagem.server.errors import TooMany
from stratagem.server.payloads import BOARDS, Boards
from stratagem.server.replay import Snapshots
from stratagem.server.workers import FairPool

from .helpers import act, create, settled, tokens
from .live import servers

PERSON = "127.0.0.2"
FLOODER = "127.0.0.1"
FLOOD_GAMES = 8
"""Tercios games of ISMCTS against ISMCTS (about a second a move each) from one address."""
MOVES = 12
"""The person's moves measured, idle and under the flood."""


def test_a_busy_address_holds_only_its_share_and_another_is_served_next() -> None:
    async def scenario() -> list[str]:
        pool = FairPool("bot", workers=2, share=1)
        gate = threading.Event()
        order: list[str] = []

        def job(name: str) -> str:
            if name.startswith("flood"):
                gate.wait(5)
            order.append(name)
            return name

        flood = [
            asyncio.create_task(pool.run("flooder", lambda n=n: job(f"flood {n}")))
            for n in range(6)
        ]
        await asyncio.sleep(0.05)
        assert pool.busy == 1  # the flooder's share: one worker, the rest wait
        person = await asyncio.wait_for(pool.run("person", lambda: job("person")), 2)
        assert person == "person"
        gate.set()
        await asyncio.gather(*flood)
        pool.close()
        return order

    order = asyncio.run(scenario())
    assert order[0] == "person"
    assert order[1:] == [f"flood {n}" for n in range(6)]  # one key's jobs in the order given


def test_an_address_with_too_many_replays_waiting_is_refused() -> None:
    async def scenario() -> None:
        pool = FairPool("replay", workers=1, share=1, waiting=2)
        gate = threading.Event()
        running = asyncio.create_task(pool.run("a", lambda: gate.wait(5)))
        await asyncio.sleep(0.05)
        waiting = [asyncio.create_task(pool.run("a", lambda: True)) for _ in range(2)]
        await asyncio.sleep(0.05)
        with pytest.raises(TooMany, match="2 replay jobs from your address are waiting"):
            await pool.run("a", lambda: True)
        other = asyncio.create_task(pool.run("b", lambda: "b"))
        gate.set()
        assert await other == "b"
        assert all(await asyncio.gather(running, *waiting))
        pool.close()

    asyncio.run(scenario())


def _views_of(game: str, count: int) -> list[JsonDict]:
    """A spectator's view after each of the first ``count`` actions of a game."""
    state = load(game).new_initial_state()
    views: list[JsonDict] = []
    while len(views) < count:
        views.append(state.view(None))
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(random.Random(len(views))))
        else:
            state.apply_action(state.legal_actions()[0])
    return views


def test_the_boards_kept_stay_within_their_byte_budget_and_go_with_their_table() -> None:
    views = _views_of("eighty_years_war", 12)
    boards = Boards(10**9)
    for view in views:
        boards.board("eighty_years_war", view, "one")
    whole = boards.size
    distinct = len(boards)
    assert distinct > 3
    budget = whole // 3
    boards.resize(budget)
    assert 0 < boards.size <= budget
    for view in views:  # drawn again under the budget: it still holds
        boards.board("eighty_years_war", view, "two")
        assert boards.size <= budget
    boards.resize(whole)
    boards.board("eighty_years_war", views[0], "three")
    boards.release("two")
    assert len(boards) == 1  # only table three's board is left
    boards.release("three")
    assert (len(boards), boards.size) == (0, 0)


def _client(base: str, address: str) -> httpx.Client:
    """A client of ``base`` that connects from the loopback ``address``."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(base_url=base, timeout=30, trust_env=False, transport=transport)


def _my_turn(http: httpx.Client, game_id: str, token: str, seat: str) -> JsonDict:
    """The game once ``seat`` is to act again (or it is over)."""
    deadline = time.monotonic() + 30
    while True:
        payload: JsonDict = http.get(
            f"/api/games/{game_id}", headers={"X-Seat-Token": token}
        ).json()
        if payload["finished"] or payload["to_move"] == seat:
            return payload
        assert time.monotonic() < deadline, f"{seat} waited over 30 s for its turn"
        time.sleep(0.01)


def _waits(http: httpx.Client, moves: int) -> list[float]:
    """A person's game against the heuristic: seconds from each of its ``moves`` moves to
    its next turn (bots and chance in between)."""
    made = http.post(
        "/api/games", json={"game": "eighty_years_war", "seats": ["human", "heuristic"]}
    )
    assert made.status_code == 201, made.text
    game = made.json()
    seat = game["seats"][0]
    token = seat["link"].split("#seat=", 1)[1]
    payload = _my_turn(http, game["id"], token, seat["seat"])
    waits: list[float] = []
    while len(waits) < moves and not payload["finished"]:
        start = time.monotonic()
        answer = http.post(
            f"/api/games/{game['id']}/actions",
            json={"action": payload["legal"][0]},
            headers={"X-Seat-Token": token},
        )
        assert answer.status_code == 200, answer.text
        payload = _my_turn(http, game["id"], token, seat["seat"])
        waits.append(time.monotonic() - start)
    assert len(waits) == moves, "the person's game ended too soon to measure"
    return waits


def _flood(http: httpx.Client, games: int) -> None:
    """``games`` Tercios games of ISMCTS against ISMCTS created by ``http``'s address."""
    for _ in range(games):
        made = http.post("/api/games", json={"game": "tercios", "seats": ["ismcts", "ismcts"]})
        assert made.status_code == 201, made.text


def _cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (user and system), from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_one_address_flooding_bot_games_does_not_starve_a_person_elsewhere(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'table.sqlite3'}"
    with (
        servers(url, 1) as (live,),
        _client(live.base, PERSON) as person,
        _client(live.base, FLOODER) as flooder,
    ):
        idle = statistics.median(_waits(person, MOVES))
        _flood(flooder, FLOOD_GAMES)
        time.sleep(1.0)  # the flood is thinking
        cpu, start = _cpu_seconds(live.process.pid), time.monotonic()
        busy = statistics.median(_waits(person, MOVES))
        load = (_cpu_seconds(live.process.pid) - cpu) / (time.monotonic() - start)
        print(f"median wait: {idle:.3f} s idle, {busy:.3f} s flooded; server load {load:.2f}")
        assert load > 0.25, f"the server used {load:.2f} of a core: the flood did not think"
        assert busy <= 2 * idle + 0.1, (
            f"median wait {busy:.3f} s under the flood, {idle:.3f} s idle"
        )
        assert "Traceback" not in live.output()[1]


def test_a_tables_boards_are_let_go_when_it_unloads(client: TestClient) -> None:
    made = create(client, "eighty_years_war", ["human", "heuristic"])
    game_id = made["id"]
    seen = settled(client, game_id, tokens(made)["Dutch"])
    assert seen["board"]
    assert BOARDS.tables_showing(seen["board"]) == {game_id}
    hub = client.app.state.hub  # type: ignore[attr-defined]
    hub.idle = 0.0
    assert client.portal is not None
    client.portal.call(hub.sweep)
    assert game_id not in hub.tables
    assert BOARDS.tables_showing(seen["board"]) == set()


def test_a_replay_step_is_rebuilt_on_a_replay_worker_not_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    made = create(client, "eighty_years_war", ["human", "heuristic"])
    game_id, token = made["id"], tokens(made)["Dutch"]
    for _ in range(3):
        payload = settled(client, game_id, token)
        act(client, game_id, token, payload["legal"][0], version=payload["version"])
    threads: list[str] = []
    rebuild = Snapshots.state

    def watched(self: Snapshots, *args: Any) -> Any:
        threads.append(threading.current_thread().name)
        return rebuild(self, *args)

    monkeypatch.setattr(Snapshots, "state", watched)
    answer = client.get(f"/api/games/{game_id}/replay/2", headers={"X-Seat-Token": token})
    assert answer.status_code == 200, answer.text
    assert answer.json()["step"] == 2
    assert len(threads) == 1 and threads[0].startswith("replay"), threads


def test_closing_the_pool_cancels_the_jobs_still_waiting() -> None:
    async def scenario() -> None:
        pool = FairPool("bot", workers=1, share=1)
        gate = threading.Event()
        running = asyncio.create_task(pool.run("a", lambda: gate.wait(5)))
        waiting = asyncio.create_task(pool.run("b", lambda: True))
        await asyncio.sleep(0.05)
        pool.close()
        gate.set()
        assert await running is True  # a job already running ends on its own
        with pytest.raises(asyncio.CancelledError):
            await waiting

    asyncio.run(scenario())
