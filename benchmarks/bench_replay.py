"""How long a replay step takes in the browser, in every game (a measurement, never a test).

A fresh ``stratagem serve --bot-delay 0`` on a temporary SQLite file plays one seeded game
of random bots alone to its end in each game (Tercios: its shortest battle); Debian's
chromium opens the game's replay page and, from the middle of the game, times:

- **step**: a click on "next step" until the step's label says it is drawn (the step was
  fetched ahead, as the page does for the steps beside the one shown: what a person
  stepping through the game waits);
- **jump**: the slider set to a step not fetched yet, until it is drawn (the server
  rebuilds the step from its nearest snapshot and draws the board).

Reported per game: the steps of the game and the median and largest of each. Only
127.0.0.1 is contacted.

    .venv/bin/python benchmarks/bench_replay.py [--steps 20] [--jumps 8] [--seed 3]
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

from stratagem.core import available_games
from stratagem.testing.browser import chromium

SHORT = {"tercios": {"armies": ["spanish_500", "swedish_500"], "duration": 2}}
SERVE = "from stratagem.cli import main; main()"
DRAWN = "document.getElementById('step-label').textContent.startsWith(`step ${at} `)"
NEXT = f"""async () => {{
  const at = Number(document.getElementById("step").value) + 1;
  const start = performance.now();
  document.getElementById("next").click();
  while (!({DRAWN})) await new Promise((resolve) => setTimeout(resolve, 1));
  return performance.now() - start;
}}"""
JUMP = f"""async (at) => {{
  const start = performance.now();
  const slider = document.getElementById("step");
  slider.value = String(at);
  slider.dispatchEvent(new Event("input"));
  while (!({DRAWN})) await new Promise((resolve) => setTimeout(resolve, 1));
  return performance.now() - start;
}}"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def finished_game(base: str, game: str, players: int, seed: int) -> str:
    made = httpx.post(
        f"{base}/api/games",
        json={
            "game": game,
            "players": players,
            "options": SHORT.get(game, {}),
            "seats": ["random"] * players,
            "seed": seed,
        },
    )
    made.raise_for_status()
    game_id: str = made.json()["id"]
    while not httpx.get(f"{base}/api/games/{game_id}/summary").json()["finished"]:
        time.sleep(0.2)
    return game_id


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=20, help="steps timed per game")
    parser.add_argument("--jumps", type=int, default=8, help="jumps timed per game")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-c", SERVE, "serve", "--host", "127.0.0.1"]
        command += ["--port", str(port), "--bot-delay", "0"]
        command += ["--database", f"sqlite:///{Path(folder) / 'table.sqlite3'}"]
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 30
            while True:
                try:
                    httpx.get(f"{base}/api/catalog").raise_for_status()
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            print(f"load average {os.getloadavg()[0]:.1f}")
            print("| game | steps | step: median, max | jump: median, max |")
            print("| --- | --- | --- | --- |")
            with chromium() as browser:
                for info in available_games():
                    game_id = finished_game(base, info.name, info.min_players, args.seed)
                    page = browser.new_context(bypass_csp=True).new_page()
                    page.goto(f"{base}/games/{game_id}/replay")
                    page.wait_for_selector("#board svg")
                    steps = int(page.evaluate("document.getElementById('step').max"))
                    rng = random.Random(args.seed)
                    jumps = [page.evaluate(JUMP, rng.randrange(steps)) for _ in range(args.jumps)]
                    page.evaluate(JUMP, steps // 2)
                    walked = []
                    for _ in range(args.steps):
                        time.sleep(0.05)  # a person's pace: the steps beside are fetched
                        walked.append(page.evaluate(NEXT))
                    page.context.close()
                    print(
                        f"| {info.name} | {steps} | {statistics.median(walked):.0f} ms, "
                        f"{max(walked):.0f} ms | {statistics.median(jumps):.0f} ms, "
                        f"{max(jumps):.0f} ms |"
                    )
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
