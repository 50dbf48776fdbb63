"""Kill -9 and restart: a real server process is killed while moves pour in; started again
on the same database, it has every acknowledged move and every game carries on."""

from __future__ import annotations

import random
import subprocess
import threading
import time

import httpx

from stratagem.server.storage import Entry, Store

from .live import START_WAIT, server


def store_entries(database_url: str, game_id: str) -> list[Entry]:
    """A game's log, read straight from the database."""
    store = Store.open(database_url)
    try:
        return store.entries(game_id)
    finally:
        store.close()


def create(base: str, seats: list[str]) -> tuple[str, list[str]]:
    created = httpx.post(f"{base}/api/games", json={"game": "eighty_years_war", "seats": seats})
    assert created.status_code == 201, created.text
    body = created.json()
    return body["id"], [seat["link"].split("#seat=")[1] for seat in body["seats"] if seat["link"]]


def play(base: str, game_id: str, secret: list[str], acknowledged: list[tuple[int, str]]) -> None:
    """Play both human seats as fast as possible until the connection fails."""
    rng = random.Random(3)
    with httpx.Client(base_url=base, timeout=5) as client:
        try:
            while True:
                for token in secret:
                    headers = {"X-Seat-Token": token}
                    payload = client.get(f"/api/games/{game_id}", headers=headers).json()
                    if payload["finished"]:
                        return
                    if not payload["legal"]:
                        continue
                    action = rng.choice(payload["legal"])
                    body = {"action": action, "version": payload["version"]}
                    answer = client.post(
                        f"/api/games/{game_id}/actions", json=body, headers=headers
                    )
                    if answer.status_code == 200:
                        acknowledged.append((answer.json()["version"], action))
        except (httpx.TransportError, ValueError):
            return


def kill_while_playing(
    process: subprocess.Popen[bytes], thread: threading.Thread, acknowledged: list[tuple[int, str]]
) -> None:
    """Let some moves be acknowledged, then kill -9 the server at a random moment."""
    thread.start()
    deadline = time.monotonic() + START_WAIT
    while len(acknowledged) < 5:
        assert time.monotonic() < deadline, "no move was acknowledged"
        time.sleep(0.05)
    time.sleep(random.uniform(0, 0.5))
    process.kill()
    process.wait()
    thread.join(timeout=10)


def test_kill_9_loses_no_acknowledged_move(database_url: str) -> None:
    acknowledged: list[tuple[int, str]] = []
    with server(database_url) as (process, base):
        people, secret = create(base, ["human", "human"])
        waiting, _ = create(base, ["random", "human"])
        watched, _ = create(base, ["random", "random"])
        player = threading.Thread(target=play, args=(base, people, secret, acknowledged))
        kill_while_playing(process, player, acknowledged)
    with server(database_url) as (_process, base):
        entries = {entry.seq: entry for entry in store_entries(database_url, people)}
        for version, action in acknowledged:
            assert entries[version - 1].action.casefold() == action.casefold()
        # the game goes on from where it was: both people play on
        more: list[tuple[int, str]] = []
        play_on = threading.Thread(target=play, args=(base, people, secret, more))
        play_on.start()
        deadline = time.monotonic() + START_WAIT
        while len(more) < 3:
            assert time.monotonic() < deadline, "the game did not go on"
            time.sleep(0.05)
        assert more[0][0] > acknowledged[-1][0]
        # the bots carried on too, from where they were to the end or a good way on
        stopped = len(store_entries(database_url, watched))
        deadline = time.monotonic() + 60
        while True:
            payload = httpx.get(f"{base}/api/games/{watched}").json()
            if payload["finished"] or payload["version"] > stopped + 50:
                break
            assert time.monotonic() < deadline, "the bots' game did not carry on"
            time.sleep(0.1)
        assert httpx.get(f"{base}/api/games/{waiting}").json()["to_move"] == "Spanish"
        _process.kill()
        play_on.join(timeout=10)
