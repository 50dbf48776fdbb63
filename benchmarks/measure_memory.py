"""The web table's resident memory before, at the peak of and after many bot games (a
measurement, never a test).

A fresh ``stratagem serve --bot-delay 0`` on a temporary SQLite file (rate limits off,
tables unloaded after ``--idle`` seconds unused: ``STRATAGEM_TABLE_IDLE``) plays
``--games`` games of ``--game`` between two random bots, ``--at-once`` at a time; its
resident size (``VmRSS``) is read when it is up, once every game has ended, and then
every second for ``--wait`` seconds while the tables unload and memory is given back
(``stratagem.server.memory``, whose log lines are shown). Only 127.0.0.1 is contacted.

    .venv/bin/python benchmarks/measure_memory.py [--game tercios] [--games 60]
        [--at-once 20] [--idle 3] [--wait 40]
"""

from __future__ import annotations

import argparse
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

SERVE = "from stratagem.cli import main; main()"


def resident_mib(pid: int) -> float:
    """The resident size of process ``pid`` in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError(f"no VmRSS for process {pid}")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_up(http: httpx.Client, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if http.get("/api/catalog").status_code == 200:
                return
        except httpx.TransportError:
            pass
        if process.poll() is not None:
            raise RuntimeError("the server exited at start-up")
        time.sleep(0.2)
    raise RuntimeError("the server did not start")


def play(http: httpx.Client, game: str, games: int, at_once: int) -> float:
    """Play ``games`` bot games, ``at_once`` at a time; seconds taken."""
    began = time.monotonic()
    running: list[str] = []
    started = 0
    while started < games or running:
        while started < games and len(running) < at_once:
            made = http.post("/api/games", json={"game": game, "seats": ["random", "random"]})
            made.raise_for_status()
            running.append(made.json()["id"])
            started += 1
        time.sleep(0.5)
        running = [
            game_id
            for game_id in running
            if not http.get(f"/api/games/{game_id}/summary").json()["finished"]
        ]
    return time.monotonic() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="tercios")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--at-once", type=int, default=20)
    parser.add_argument("--idle", type=float, default=3.0)
    parser.add_argument("--wait", type=float, default=40.0)
    args = parser.parse_args()
    port = free_port()
    env = {**os.environ, "STRATAGEM_RATE_LIMITS": "0", "STRATAGEM_TABLE_IDLE": str(args.idle)}
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-c", SERVE, "serve", "--port", str(port), "--bot-delay", "0"]
        command += ["--database", f"sqlite:///{folder}/table.sqlite3"]
        said = Path(folder) / "server.log"
        process = subprocess.Popen(
            command, env=env, stdout=subprocess.DEVNULL, stderr=said.open("wb")
        )
        try:
            with httpx.Client(
                base_url=f"http://127.0.0.1:{port}", timeout=60, trust_env=False
            ) as http:
                wait_up(http, process)
                start = resident_mib(process.pid)
                took = play(http, args.game, args.games, args.at_once)
                peak = resident_mib(process.pid)
                print(f"{args.games} {args.game} games of random bots, {args.at_once} at once")
                print(f"  up:                 {start:7.1f} MiB")
                print(f"  games over ({took:.0f} s): {peak:7.1f} MiB")
                lowest = peak
                for second in range(1, int(args.wait) + 1):
                    time.sleep(1)
                    lowest = min(lowest, resident_mib(process.pid))
                    if second % 10 == 0:
                        print(f"  {second:3d} s later:       {lowest:7.1f} MiB (lowest so far)")
        finally:
            process.kill()
            process.wait()
        for line in said.read_text().splitlines():
            if "tables unloaded" in line:
                print("  server:", line.split(": ", 1)[-1])


if __name__ == "__main__":
    main()
