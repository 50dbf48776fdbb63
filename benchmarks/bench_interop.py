"""PettingZoo stepping speed of every game: random legal actions from the action mask.

    .venv/bin/python benchmarks/bench_interop.py --seconds 2 [--baseline COMMIT | --tree COMMIT]
    .venv/bin/python benchmarks/bench_interop.py --parts [--game GAME] | --floor | --empty
    .venv/bin/python benchmarks/bench_interop.py --profile GAME
    .venv/bin/python benchmarks/bench_interop.py --connect-four --seconds 2 --rounds 3 [--cpu]

A step is one ``env.last()`` (the observation and its action mask) and one
``env.step(action)``, for whichever agent is selected, over whole games from
``reset(seed=...)``: what a learner's loop costs. ``--baseline COMMIT`` also measures the
environment as it was at that commit (its ``interop`` modules read with ``git show``),
game by game right after the current one, so both see the same machine load.
``--tree COMMIT`` measures instead the whole source tree of that commit (its engines as well
as its environment, checked out with ``git worktree`` and run in a child process), game by
game right after the current one: stepping as a user of that commit saw it.
``--parts`` times instead, per decision (the best of 5 passes over the first 600
decisions of seeded random games), each part of a step: the engine's ``apply_action``
(with the chance outcomes that follow) and ``legal_actions``, the action mask, the
game's ``brief_view(seat)`` and its encoding as the environment encodes it (each seat's
``Incremental`` encoder, fed that seat's views in the order of the game), for each game (or
each ``--game``). The engine's two parts are the floor of any step, whatever the observation
costs.
``--floor`` runs the steps with the observation left out (the mask only): the least a
step costs in the engine and PettingZoo's loop, whatever the observation costs.
``--empty`` runs the same loop on an environment of two agents that does nothing (no
engine, an empty observation): what PettingZoo's own loop costs a step.
``--profile`` prints cProfile's top entries for one game instead.
``--connect-four`` measures each game (or each ``--game``) side by side with
PettingZoo's own ``connect_four_v3`` in the same loop: ``--rounds`` turns of connect four
then the game, ``--seconds`` each, the best steps/s of each side (the least disturbed by
other work on the machine) and their ratio, and the median of the rounds' own ratios (a
round's two runs see about the same load); ``--cpu`` counts the process's CPU seconds
instead of wall-clock seconds (on a machine other work keeps busy, time spent waiting for
a core then counts for neither side). Connect four imports pygame for its drawing only;
where pygame is not installed an empty module stands in (the loop never draws).
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import os
import pstats
import random
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv

import stratagem
from stratagem.interop.incremental import Incremental
from stratagem.interop.layouts import layout_of
from stratagem.interop.pettingzoo import StratagemEnv, env
from stratagem.interop.spec import ActionIds

sys.path.insert(0, str(Path(__file__).parent))
from pettingzoo_loop import MakeEnv, run

LOOP = Path(__file__).with_name("pettingzoo_loop.py")
"""The timed loop, as a script another tree's child process runs."""


class MaskOnly(StratagemEnv):
    """The environment with the observation left out (an empty tensor, the mask only):
    what a step costs whatever the observation costs (the engine and PettingZoo's loop)."""

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self._seat[agent]
        state = self.game_state
        legal = state.legal_actions() if state.current_player() == seat else []
        return {"observation": NOTHING, "action_mask": self.ids.mask(legal)}


NOTHING = np.zeros(0, dtype=np.float32)


class Empty(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """Two agents taking turns for ``LENGTH`` steps with an empty observation and three
    legal actions: PettingZoo's loop with nothing in it."""

    LENGTH = 600
    metadata: ClassVar[dict[str, Any]] = {"render_modes": [], "name": "empty"}
    MASK = np.ones(3, dtype=np.int8)

    def __init__(self, _name: str = "") -> None:
        super().__init__()
        self.possible_agents = ["a_0", "b_1"]
        self.steps = 0

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = list(self.possible_agents)
        self.steps = 0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, Any]:
        return {"observation": NOTHING, "action_mask": self.MASK}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self.steps += 1
        self._cumulative_rewards[agent] = 0.0
        if self.steps >= self.LENGTH:
            self.terminations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.agent_selection = "b_1" if agent == "a_0" else "a_0"
        self._accumulate_rewards()


def mask_only(name: str) -> MaskOnly:
    """``env(name)`` without its observation."""
    return MaskOnly(stratagem.load(name))


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


class Tree:
    """Another commit's whole source tree, checked out in a temporary worktree."""

    def __init__(self, commit: str) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="bench_interop_tree_")) / "tree"
        subprocess.run(
            ["git", "worktree", "add", "--detach", "--quiet", str(self.folder), commit],
            check=True,
        )

    def run(self, name: str, seconds: float) -> tuple[int, int, float]:
        """(games, steps, elapsed) of ``run``'s loop on that tree, in a child process."""
        environ = {**os.environ, "PYTHONPATH": str(self.folder / "src")}
        out = subprocess.run(
            [sys.executable, str(LOOP), name, str(seconds)],
            check=True,
            capture_output=True,
            text=True,
            env=environ,
        ).stdout
        games, steps, elapsed = json.loads(out.splitlines()[-1])
        return int(games), int(steps), float(elapsed)

    def remove(self) -> None:
        """Take the worktree away again."""
        subprocess.run(["git", "worktree", "remove", "--force", str(self.folder)], check=True)


def parts(name: str, decisions: int = 600, rounds: int = 5) -> str:
    """A table row: µs per decision of each part of a step, the best of ``rounds`` passes
    over the first ``decisions`` decisions of seeded random games: the engine's
    ``apply_action`` (with the chance outcomes drawn up to the next decision) and
    ``legal_actions``, the action mask, the game's ``brief_view(seat)``, its encoding by
    the seat's ``Incremental`` encoder (as the environment's ``observe`` encodes it, one
    encoder a seat for each pass); and the tensor's size."""
    game = stratagem.load(name)
    layout = layout_of(game)
    ids = ActionIds(game)
    rng = random.Random(0)
    # (position before the decision, the decision, the chance outcomes that follow it)
    steps: list[tuple[Any, Any, list[Any]]] = []
    while len(steps) < decisions:
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        while not state.is_terminal() and len(steps) < decisions:
            before = state.clone()
            action = rng.choice(state.legal_actions())
            state.apply_action(action)
            outcomes = []
            while state.is_chance_node():
                outcomes.append(state.sample_chance(rng))
                state.apply_action(outcomes[-1])
            steps.append((before, action, outcomes))
    best = [float("inf")] * 5
    for _ in range(rounds):
        positions = [before.clone() for before, _action, _outcomes in steps]
        encoders = [Incremental(layout) for _ in range(game.num_players)]
        times = [0.0] * 5
        for position, (_before, action, outcomes) in zip(positions, steps, strict=True):
            seat = position.current_player()
            clock = time.perf_counter()
            legal = position.legal_actions()
            tick = time.perf_counter()
            ids.mask(legal)
            tock = time.perf_counter()
            view = position.brief_view(seat)
            tack = time.perf_counter()
            encoders[seat].encode(view)
            tuck = time.perf_counter()
            position.apply_action(action)
            for outcome in outcomes:
                position.apply_action(outcome)
            done = time.perf_counter()
            for part, spent in enumerate(
                (done - tuck, tick - clock, tock - tick, tack - tock, tuck - tack)
            ):
                times[part] += spent
        best = [min(old, new) for old, new in zip(best, times, strict=True)]
    cells = " | ".join(f"{1e6 * spent / len(steps):.1f}" for spent in best)
    return f"| {name} | {cells} | {layout.size} |"


def connect_four(_name: str) -> Any:
    """PettingZoo's ``connect_four_v3`` environment (pygame stubbed when missing)."""
    try:
        import pygame  # noqa: F401, PLC0415  # connect four draws with it
    except ImportError:
        sys.modules["pygame"] = types.ModuleType("pygame")
    from pettingzoo.classic import connect_four_v3  # noqa: PLC0415

    return connect_four_v3.env()


def versus(
    name: str, seconds: float, rounds: int, clock: Callable[[], float] = time.perf_counter
) -> str:
    """A table row: the best steps/s of connect four and of ``name``, turn about (per
    second of ``clock``: wall time, or with ``--cpu`` the process's CPU time), their
    ratio, and the median of the rounds' own ratios (each round's two runs back to back)."""
    fours, games = [], []
    for _ in range(rounds):
        _games, steps, elapsed = run(connect_four, "connect_four_v3", seconds, clock)
        fours.append(steps / elapsed)
        _games, steps, elapsed = run(env, name, seconds, clock)
        games.append(steps / elapsed)
    paired = statistics.median(game / four for game, four in zip(games, fours, strict=True))
    best_game, best_four = max(games), max(fours)
    return (
        f"| {name} | {best_game:,.0f} | {best_four:,.0f} | {best_game / best_four:.2f} "
        f"| {paired:.2f} |"
    )


def versus_table(
    seconds: float, rounds: int, clock: Callable[[], float], games: list[str] | None = None
) -> None:
    """``versus`` for every game (or those named), as a table."""
    print(
        "| game | steps/s | connect_four_v3 steps/s | ratio | median ratio of the rounds |\n"
        "|---|---|---|---|---|",
        flush=True,
    )
    for name in games or [info.name for info in stratagem.available_games()]:
        print(versus(name, seconds, rounds, clock), flush=True)


def arguments() -> argparse.Namespace:
    """The command line's options."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--baseline", metavar="COMMIT")
    parser.add_argument("--tree", metavar="COMMIT")
    parser.add_argument("--profile", metavar="GAME")
    parser.add_argument("--parts", action="store_true")
    parser.add_argument("--floor", action="store_true")
    parser.add_argument("--empty", action="store_true")
    parser.add_argument("--connect-four", action="store_true")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--cpu", action="store_true")
    parser.add_argument("--game", action="append", dest="games")
    return parser.parse_args()


def main() -> None:
    args = arguments()
    if args.connect_four:
        versus_table(
            args.seconds,
            args.rounds,
            time.process_time if args.cpu else time.perf_counter,
            args.games,
        )
        return
    if args.parts:
        print(
            "| game | apply µs | legal µs | mask µs | view µs | encode µs | tensor size |\n"
            "|---|---|---|---|---|---|---|"
        )
        for name in args.games or [info.name for info in stratagem.available_games()]:
            print(parts(name), flush=True)
        return
    if args.floor:
        print("| game | steps/s without observation | µs/step |\n|---|---|---|")
        for info in stratagem.available_games():
            _games, steps, elapsed = run(mask_only, info.name, args.seconds)
            print(f"| {info.name} | {steps / elapsed:,.0f} | {1e6 * elapsed / steps:.1f} |")
        return
    if args.empty:
        _games, steps, elapsed = run(Empty, "empty", args.seconds)
        print(
            f"PettingZoo's loop alone: {steps / elapsed:,.0f} steps/s, "
            f"{1e6 * elapsed / steps:.2f} µs/step"
        )
        return
    if args.profile:
        profile = cProfile.Profile()
        profile.runcall(run, env, args.profile, args.seconds)
        pstats.Stats(profile).sort_stats("cumulative").print_stats(25)
        return
    tree = Tree(args.tree) if args.tree else None
    before: Callable[[str, float], tuple[int, int, float]] | None = None
    if args.baseline:
        make = baseline(args.baseline)
        before = lambda name, seconds: run(make, name, seconds)  # noqa: E731
    elif tree:
        before = tree.run
    other = args.baseline or args.tree
    heading = "| game | steps/s | µs/step |"
    if other:
        heading += f" steps/s at {other} | µs/step at {other} | speed-up |"
    print(heading)
    print("|---" * (heading.count("|") - 1) + "|")
    try:
        for info in stratagem.available_games():
            _games, steps, elapsed = run(env, info.name, args.seconds)
            row = f"| {info.name} | {steps / elapsed:,.0f} | {1e6 * elapsed / steps:.1f} |"
            if before:
                _old_games, old_steps, old_elapsed = before(info.name, args.seconds)
                ratio = (steps / elapsed) / (old_steps / old_elapsed)
                row += (
                    f" {old_steps / old_elapsed:,.0f} | {1e6 * old_elapsed / old_steps:.1f} |"
                    f" {ratio:.1f}x |"
                )
            print(row, flush=True)
    finally:
        if tree:
            tree.remove()


if __name__ == "__main__":
    main()
