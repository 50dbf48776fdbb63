"""PettingZoo stepping speed of every game: random legal actions from the action mask.

    .venv/bin/python benchmarks/bench_interop.py --seconds 2 [--baseline COMMIT]
    .venv/bin/python benchmarks/bench_interop.py --parts | --profile GAME

A step is one ``env.last()`` (the observation and its action mask) and one
``env.step(action)``, for whichever agent is selected, over whole games from
``reset(seed=...)``: what a learner's loop costs. ``--baseline COMMIT`` also measures the
environment as it was at that commit (its ``interop`` modules read with ``git show``),
game by game right after the current one, so both see the same machine load.
``--parts`` times instead, per decision of the first 300 of a random game, the parts of
an observation: the game's ``view(seat)`` and the layout's ``encode``.
``--profile`` prints cProfile's top entries for one game instead.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import pstats
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

import stratagem
from stratagem.interop.layouts import layout_of
from stratagem.interop.pettingzoo import env

MakeEnv = Callable[[str], Any]


def run(make: MakeEnv, name: str, seconds: float) -> tuple[int, int, float]:
    """(games, steps, elapsed) of random play for about ``seconds``."""
    table = make(name)
    rng = random.Random(0)
    games = steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        table.reset(seed=games)
        for _agent in table.agent_iter():
            observation, _reward, done, truncated, _info = table.last()
            if done or truncated:
                table.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            table.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
        games += 1
    return games, steps, time.perf_counter() - start


def baseline(commit: str) -> MakeEnv:
    """The ``env`` function of the PettingZoo module at ``commit``."""
    folder = Path(tempfile.mkdtemp(prefix="bench_interop_"))
    package = folder / "baseline_interop"
    package.mkdir()
    (package / "__init__.py").write_text("")
    for module in ("observation", "pettingzoo"):
        source = subprocess.run(
            ["git", "show", f"{commit}:src/stratagem/interop/{module}.py"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        source = source.replace("stratagem.interop.observation", "baseline_interop.observation")
        (package / f"{module}.py").write_text(source)
    sys.path.insert(0, str(folder))
    spec = importlib.util.find_spec("baseline_interop.pettingzoo")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["baseline_interop.pettingzoo"] = module
    spec.loader.exec_module(module)
    make: MakeEnv = module.env
    return make


def parts(name: str) -> str:
    """A table row: µs per view, per encode and per legal-action list, and the size."""
    game = stratagem.load(name)
    layout = layout_of(game)
    rng = random.Random(0)
    states, state = [], game.new_initial_state()
    while not state.is_terminal() and len(states) < 300:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            states.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    start = time.perf_counter()
    views = [position.view(position.current_player()) for position in states]
    viewing = time.perf_counter() - start
    start = time.perf_counter()
    for view in views:
        layout.encode(view)
    encoding = time.perf_counter() - start
    count = len(states)
    return (
        f"| {name} | {1e6 * viewing / count:.0f} | {1e6 * encoding / count:.0f} | {layout.size} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--baseline", metavar="COMMIT")
    parser.add_argument("--profile", metavar="GAME")
    parser.add_argument("--parts", action="store_true")
    args = parser.parse_args()
    if args.parts:
        print("| game | view µs | encode µs | tensor size |\n|---|---|---|---|")
        for info in stratagem.available_games():
            print(parts(info.name), flush=True)
        return
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run, env, args.profile, args.seconds)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
        return
    before = baseline(args.baseline) if args.baseline else None
    heading = "| game | steps/s | µs/step |"
    if before:
        heading += f" steps/s at {args.baseline} | µs/step at {args.baseline} | speed-up |"
    print(heading)
    print("|---" * (heading.count("|") - 1) + "|")
    for info in stratagem.available_games():
        _games, steps, elapsed = run(env, info.name, args.seconds)
        row = f"| {info.name} | {steps / elapsed:,.0f} | {1e6 * elapsed / steps:.1f} |"
        if before:
            _old_games, old_steps, old_elapsed = run(before, info.name, args.seconds)
            ratio = (steps / elapsed) / (old_steps / old_elapsed)
            row += (
                f" {old_steps / old_elapsed:,.0f} | {1e6 * old_elapsed / old_steps:.1f} |"
                f" {ratio:.1f}x |"
            )
        print(row, flush=True)


if __name__ == "__main__":
    main()
