"""Analyses at the table: a finished game judged for a seat in the background, stored with
the game, and read back for the replay page."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from stratagem.analysis import Analysis
from stratagem.analysis import Settings as AnalysisSettings
from stratagem.analysis.analyse import analyse_log
from stratagem.core import JsonDict
from stratagem.server import Settings, create_app
from stratagem.server.analyses import PARENT_CHECK, STALE, claim, settle, stored
from stratagem.server.storage import Store

from .helpers import WAIT, act, create, settled, tokens
from .test_storage import RECORD

GAME = "eighty_years_war"
QUICK = AnalysisSettings(samples=1, iterations=2, rounds=1, seed=0)


@pytest.fixture
def quick(sqlite_file: str) -> Iterator[TestClient]:
    """The table, its analyses looking as little as they can."""
    settings = Settings(database_url=sqlite_file, bot_delay=0, analysis=QUICK)
    with TestClient(create_app(settings)) as running:
        yield running


def _finished_game(client: TestClient) -> tuple[str, str]:
    """A short game (the first turn only) played to its end: its id and the Dutch token."""
    created = create(client, GAME, ["human", "random"], seed=11, options={"last_turn": 1})
    game_id, token = created["id"], tokens(created)["Dutch"]
    payload = settled(client, game_id, token)
    refused = client.post(f"/api/games/{game_id}/analyses/Dutch")
    assert refused.status_code == 409  # not over yet
    while not payload["finished"]:
        act(client, game_id, token, payload["legal"][0], version=payload["version"])
        payload = settled(client, game_id, token)
    return game_id, token


def _analysed(client: TestClient, game_id: str) -> JsonDict:
    """The Dutch analysis of the game, once it has finished."""
    deadline = time.monotonic() + WAIT
    while True:
        found = client.get(f"/api/games/{game_id}/analyses").json()
        assert [row["seat"] for row in found] == ["Dutch"]
        if found[0]["state"] != "running":
            break
        assert time.monotonic() < deadline, "the analysis did not finish"
        time.sleep(0.05)
    assert found[0]["state"] == "done", found[0]["error"]
    done: JsonDict = found[0]
    return done


def test_a_finished_game_is_analysed_once_and_stored(quick: TestClient) -> None:
    game_id, _ = _finished_game(quick)
    asked = quick.post(f"/api/games/{game_id}/analyses/Dutch")
    assert asked.status_code == 202, asked.text
    assert asked.json() == {"seat": "Dutch", "started": True}
    again = quick.post(f"/api/games/{game_id}/analyses/dutch")
    assert again.json() == {"seat": "Dutch", "started": False}  # nothing computed twice
    found = [_analysed(quick, game_id)]
    analysis = Analysis.from_json(found[0]["analysis"])
    assert analysis.seat_name == "Dutch"
    assert analysis.settings == QUICK
    assert analysis.decisions
    assert {point.step for point in analysis.turning_points} <= {
        decision.step for decision in analysis.decisions
    }


def test_an_analysis_names_a_seat_of_the_game(quick: TestClient) -> None:
    game_id, _ = _finished_game(quick)
    refused = quick.post(f"/api/games/{game_id}/analyses/French")
    assert refused.status_code == 404
    assert "no seat 'French'" in refused.json()["detail"]
    assert quick.get(f"/api/games/{game_id}/analyses").json() == []


def test_the_replay_page_carries_the_analysis_beside_it(quick: TestClient) -> None:
    game_id, _ = _finished_game(quick)
    page = quick.get(f"/games/{game_id}/replay")
    assert page.status_code == 200
    assert 'id="analysis"' in page.text
    assert "/static/analysis.js" in page.text
    assert 'id="analysis"' not in quick.get(f"/games/{game_id}").text  # the live page: none
    script = quick.get("/static/analysis.js")
    assert script.status_code == 200
    assert "/api/games/${game}/analyses" in script.text


def test_an_analysis_left_running_by_a_stopped_process_is_started_again(store: Store) -> None:
    store.create_game(RECORD)
    start = dt.datetime(2026, 12, 5, 12, tzinfo=dt.UTC)
    assert claim(store, RECORD.id, 0, start)
    assert not claim(store, RECORD.id, 0, start + STALE / 2)  # still running somewhere
    assert claim(store, RECORD.id, 0, start + STALE * 2)  # its process stopped: again
    settle(store, RECORD.id, 0, {"seat": 0}, None)
    assert not claim(store, RECORD.id, 0, start + STALE * 10)  # done: never again
    [row] = stored(store, RECORD.id)
    assert (row.state, row.analysis) == ("done", {"seat": 0})


@pytest.mark.xdist_group("ray")
def test_a_table_given_a_ray_cluster_analyses_there(
    sqlite_file: str, tmp_path: Path, local_ray: None
) -> None:
    """The same analysis as the table's own process makes, computed as a Ray task."""
    settings = Settings(database_url=sqlite_file, bot_delay=0, analysis=QUICK, ray="local")
    with TestClient(create_app(settings)) as client:
        game_id, _ = _finished_game(client)
        assert client.post(f"/api/games/{game_id}/analyses/Dutch").status_code == 202
        there = _analysed(client, game_id)["analysis"]
        analyses = client.app.state.analyses  # type: ignore[attr-defined]
        assert analyses.cluster is not None and analyses.pool is None  # it went to Ray
        log = tmp_path / "game.jsonl"
        log.write_text(client.get(f"/api/games/{game_id}/log").text, encoding="utf-8")
    assert there == json.loads(json.dumps(analyse_log(log, "Dutch", QUICK).to_json()))


POOL_OF_A_KILLED_TABLE = """
import os, sys
from concurrent.futures import ProcessPoolExecutor
from stratagem.server.analyses import POOL_PROCESSES, watch_parent
pool = ProcessPoolExecutor(POOL_PROCESSES, initializer=watch_parent, initargs=(os.getpid(),))
print(pool.submit(os.getpid).result(), flush=True)
sys.stdin.read()
"""


def test_the_analysis_pool_ends_with_the_table_s_process_killed() -> None:
    """A table killed with no time to stop its pool (SIGKILL) leaves no process behind."""
    table = subprocess.Popen(
        [sys.executable, "-c", POOL_OF_A_KILLED_TABLE],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
    )
    assert table.stdout is not None
    worker = int(table.stdout.readline())
    assert Path(f"/proc/{worker}").exists() or not Path("/proc").exists()
    table.send_signal(signal.SIGKILL)
    table.wait(timeout=10)
    deadline = time.monotonic() + 10 * PARENT_CHECK
    while _alive(worker):
        assert time.monotonic() < deadline, "the pool's process outlived the table's"
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a process that ended but was not yet reaped by init is a zombie: gone
    stat = Path(f"/proc/{pid}/stat")
    return not stat.exists() or stat.read_text().split(") ", 1)[1][0] != "Z"
