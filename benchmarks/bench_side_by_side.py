"""Side by side, in one process: our games, OpenSpiel's Python games and its C++ card games.

A *step* is what OpenSpiel's own speed figures count: one ``legal_actions()`` (or the
chance outcomes and a draw at a chance node) and one ``apply_action()``, in random
playouts from the start to the end of the game. Every engine is driven by the same loop
and the same ``random.Random``, for ``--seconds`` each. Then ISMCTS iterations per second
for each of our games (the default ``ismcts`` and ``ismcts:rollout=random``), measured
from positions of random games, with the mean thinking time of a decision.

    .venv/bin/python benchmarks/bench_side_by_side.py [--seconds 3] [--profile] [--ismcts-only]
        [--game tercios ...]

``--profile`` adds a cProfile of each of our games' hot paths (``legal_actions``,
``apply_action``, ``clone``, ``resample_hidden``) over random playouts with a redeal
at every decision. Needs the extra ``rl`` (OpenSpiel).
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import pyspiel
from open_spiel.python import games as _python_games  # noqa: F401  (registers python_*)

import stratagem
from stratagem.bots import Ismcts, make_bot
from stratagem.core import CHANCE, State

OPENSPIEL_PYTHON = [
    "python_kuhn_poker",
    "python_tic_tac_toe",
    "python_liars_poker",
    "python_block_dominoes",
]
OPENSPIEL_CPP = ["gin_rummy", "hearts"]


ISMCTS_SPECS = ("ismcts", "ismcts:rollout=random")
"""The default bot (one second a move, heuristic rollouts cut by the evaluator where the
game has one) and the same with random rollouts."""


def _stratagem_playout(game: stratagem.Game, rng: random.Random) -> int:
    state = game.new_initial_state()
    steps = 0
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif player < 0:
            return steps
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        steps += 1


def _spiel_playout(game: Any, rng: random.Random) -> int:
    state = game.new_initial_state()
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            weights = [probability for _, probability in outcomes]
            state.apply_action(rng.choices(actions, weights)[0])
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
        steps += 1
    return steps


def _rate(playout: Callable[[random.Random], int], seconds: float) -> tuple[float, float]:
    """(games/s, steps/s) of ``playout`` run for ``seconds``."""
    rng = random.Random(1)
    games = steps = 0
    start = time.perf_counter()
    while (elapsed := time.perf_counter() - start) < seconds:
        steps += playout(rng)
        games += 1
    return games / elapsed, steps / elapsed


def _positions(game: stratagem.Game, count: int, rng: random.Random) -> Iterator[State]:
    """Decision points (two or more actions) spread over random games."""
    found = 0
    while found < count:
        state = game.new_initial_state()
        target = rng.randrange(1, 300)
        decisions = 0
        while not state.is_terminal() and found < count:
            if state.current_player() == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            legal = state.legal_actions()
            if len(legal) > 1:
                decisions += 1
                if decisions == target:
                    found += 1
                    yield state.clone()
                    break
            state.apply_action(rng.choice(legal))


def _ismcts_rate(game: stratagem.Game, spec: str, seconds: float) -> tuple[float, float]:
    """Iterations per second of ``spec`` over several positions (``seconds`` in all), and
    the mean thinking time of a decision (the search may stop before its budget)."""
    rng = random.Random(2)
    bot = make_bot(spec, game, random.Random(3))
    assert isinstance(bot, Ismcts)
    iterations = decisions = 0
    spent = 0.0
    for state in _positions(game, 10, rng):
        start = time.perf_counter()
        bot.choose(state, state.current_player())
        spent += time.perf_counter() - start
        iterations += bot.iterations_done
        decisions += 1
        if spent > seconds:
            break
    return iterations / spent, spent / decisions


def _profile(game: stratagem.Game, seconds: float) -> str:
    """cProfile of random playouts with a clone and a redeal at every decision."""
    rng = random.Random(4)

    def work() -> None:
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                player = state.current_player()
                if player == CHANCE:
                    state.apply_action(state.sample_chance(rng))
                    continue
                state.clone()
                state.resample_hidden(player, rng)
                state.apply_action(rng.choice(state.legal_actions()))

    profiler = cProfile.Profile()
    profiler.runcall(work)
    out = io.StringIO()
    pstats.Stats(profiler, stream=out).sort_stats("tottime").print_stats(12)
    return out.getvalue()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--profile", action="store_true", help="profile our hot paths")
    parser.add_argument("--ismcts-only", action="store_true", help="skip the engines' steps")
    parser.add_argument("--game", action="append", help="only these of our games (default: all)")
    args = parser.parse_args()
    every = [info.name for info in stratagem.available_games()]
    ours = [name for name in every if name in (args.game or every)]
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print(f"{'engine':<12}{'game':<30}{'games/s':>10}{'steps/s':>12}{'us/step':>10}")
    rows: list[tuple[str, str, Callable[[random.Random], int]]] = []
    for name in ours:
        loaded = stratagem.load(name)
        rows.append(("stratagem", name, lambda rng, g=loaded: _stratagem_playout(g, rng)))
    for kind, names in (("spiel-py", OPENSPIEL_PYTHON), ("spiel-c++", OPENSPIEL_CPP)):
        for name in names:
            spiel = pyspiel.load_game(name)
            rows.append((kind, name, lambda rng, g=spiel: _spiel_playout(g, rng)))
    for kind, name, playout in rows if not args.ismcts_only else ():
        games, steps = _rate(playout, args.seconds)
        print(f"{kind:<12}{name:<30}{games:>10.1f}{steps:>12.0f}{1e6 / steps:>10.2f}")
    print(f"\n{'spec':<24}{'game':<30}{'iter/s':>10}{'s/decision':>12}")
    for name in ours:
        game = stratagem.load(name)
        for spec in ISMCTS_SPECS:
            rate, thinking = _ismcts_rate(game, spec, args.seconds)
            print(f"{spec:<24}{name:<30}{rate:>10.1f}{thinking:>12.2f}")
    if args.profile:
        for name in ours:
            print(f"\n== profile: {name} ==")
            print(_profile(stratagem.load(name), args.seconds))


if __name__ == "__main__":
    main()
