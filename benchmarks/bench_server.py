"""The web table under load on loopback (a measurement, never a test).

Starts ``stratagem serve`` in its own process on a fresh database, creates ``--games``
games of Eighty Years War with two people each, and plays them all at once: each person
listens on its own websocket and, when it is their turn, posts a random legal action.
Reports acknowledged moves per second and, for every move, the delay from sending it to
each of the two seats' websocket updates (median and 99th percentile). Bounded in count
(``--moves`` per game) and time (``--seconds``); only 127.0.0.1 is ever contacted.

    .venv/bin/python benchmarks/bench_server.py [--games 20] [--moves 40] [--seconds 60]
        [--postgres postgresql://user:password@127.0.0.1/db]

SQLite always; PostgreSQL too when ``--postgres`` (or ``STRATAGEM_DATABASE_URL``) names
an (empty or Stratagem) database.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

GAME = "eighty_years_war"
SERVE = "from stratagem.cli import main; main()"


@contextmanager
def server(database_url: str) -> Iterator[str]:
    """``stratagem serve`` on a free port; its base URL once it answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    command = [sys.executable, "-c", SERVE, "serve", "--port", str(port)]
    command += ["--database", database_url, "--bot-delay", "0"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{base}/api/catalog", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                time.sleep(0.1)
        else:
            raise RuntimeError("the server did not start")
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)


@dataclass
class Seat:
    """One person's websocket: the latest payload and when each version arrived."""

    token: str
    latest: dict[str, Any] = field(default_factory=dict)
    arrived: dict[int, float] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)

    async def listen(self, socket: ClientConnection) -> None:
        async for message in socket:
            payload = json.loads(message)
            self.arrived.setdefault(payload["version"], time.perf_counter())
            self.latest = payload
            self.changed.set()

    async def reached(self, version: int) -> float:
        """When a payload at ``version`` or later arrived."""
        while not self.latest or self.latest["version"] < version:
            self.changed.clear()
            await self.changed.wait()
        return min(at for seen, at in self.arrived.items() if seen >= version)


@dataclass
class Totals:
    moves: int = 0
    latencies: list[float] = field(default_factory=list)


async def play_game(
    client: httpx.AsyncClient, ws_base: str, moves: int, stop_at: float, totals: Totals
) -> None:
    """Create one game and play up to ``moves`` moves by its two people."""
    body = {"game": GAME, "seats": ["human", "human"]}
    created = (await client.post("/api/games", json=body)).json()
    game_id = created["id"]
    seats = {s["seat"]: Seat(s["link"].split("#seat=")[1]) for s in created["seats"]}
    rng = random.Random(game_id)
    sockets = []
    listeners = []
    for seat in seats.values():
        socket = await connect(f"{ws_base}/api/games/{game_id}/ws", max_size=None)
        await socket.send(json.dumps({"token": seat.token}))
        sockets.append(socket)
        listeners.append(asyncio.create_task(seat.listen(socket)))
    try:
        for _ in range(moves):
            if time.monotonic() > stop_at:
                break
            mover = await _to_move(seats)
            if mover is None:
                break
            payload = mover.latest
            action = rng.choice(payload["legal"])
            start = time.perf_counter()
            answer = await client.post(
                f"/api/games/{game_id}/actions",
                json={"action": action, "version": payload["version"]},
                headers={"X-Seat-Token": mover.token},
            )
            answer.raise_for_status()
            version = answer.json()["version"]
            arrivals = await asyncio.gather(*(seat.reached(version) for seat in seats.values()))
            totals.moves += 1
            totals.latencies.extend(at - start for at in arrivals)
    finally:
        for task in listeners:
            task.cancel()
        for socket in sockets:
            await socket.close()


async def _to_move(seats: dict[str, Seat]) -> Seat | None:
    """The seat whose latest payload offers it actions (``None`` once the game is over)."""
    while True:
        for seat in seats.values():
            if seat.latest.get("finished"):
                return None
            if seat.latest.get("legal"):
                return seat
        waits = [asyncio.create_task(seat.changed.wait()) for seat in seats.values()]
        for seat in seats.values():
            seat.changed.clear()
        await asyncio.wait(waits, timeout=1, return_when=asyncio.FIRST_COMPLETED)
        for task in waits:
            task.cancel()


async def load(base: str, games: int, moves: int, seconds: float) -> tuple[Totals, float]:
    totals = Totals()
    ws_base = base.replace("http://", "ws://")
    limits = httpx.Limits(max_connections=games * 2)
    async with httpx.AsyncClient(base_url=base, timeout=30, limits=limits) as client:
        start = time.perf_counter()
        stop_at = time.monotonic() + seconds
        await asyncio.gather(
            *(play_game(client, ws_base, moves, stop_at, totals) for _ in range(games))
        )
        elapsed = time.perf_counter() - start
    return totals, elapsed


def report(name: str, totals: Totals, elapsed: float, games: int) -> None:
    latencies = sorted(totals.latencies)
    if not latencies:
        print(f"{name}: no move was made")
        return
    median = statistics.median(latencies) * 1000
    p99 = latencies[min(len(latencies) - 1, int(0.99 * len(latencies)))] * 1000
    print(
        f"{name:<10} {games} games, {totals.moves} moves in {elapsed:.1f} s: "
        f"{totals.moves / elapsed:.0f} moves/s; move to every seat's update: "
        f"median {median:.1f} ms, p99 {p99:.1f} ms ({len(latencies)} updates)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games played at once")
    parser.add_argument("--moves", type=int, default=40, help="moves per game at most")
    parser.add_argument("--seconds", type=float, default=60, help="time limit per database")
    parser.add_argument("--postgres", default=os.environ.get("STRATAGEM_DATABASE_URL"))
    args = parser.parse_args()
    backends = []
    with tempfile.TemporaryDirectory() as folder:
        backends.append(("SQLite", f"sqlite:///{folder}/bench.sqlite3"))
        if args.postgres:
            backends.append(("PostgreSQL", args.postgres))
        for name, url in backends:
            with server(url) as base:
                totals, elapsed = asyncio.run(load(base, args.games, args.moves, args.seconds))
            report(name, totals, elapsed, args.games)


if __name__ == "__main__":
    main()
