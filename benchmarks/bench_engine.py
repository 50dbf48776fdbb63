"""Engine speed for every registered game (a measurement, never a test).

Random full playouts for a fixed time per game, then ``clone()`` and ``to_json()`` on
states sampled from those playouts. Prints games/s, steps/s and microseconds per step,
where a step is one ``legal_actions()`` (or ``sample_chance()`` at a chance node) plus one
``apply_action()``, the pair OpenSpiel's figures count.

    .venv/bin/python benchmarks/bench_engine.py [--seconds 5] [--game NAME]
"""

from __future__ import annotations

import argparse
import random
import time

import stratagem
from stratagem.core import CHANCE, State


def _playouts(name: str, seconds: float, rng: random.Random) -> tuple[int, int, float, list[State]]:
    game = stratagem.load(name)
    games = steps = 0
    elapsed = 0.0
    samples: list[State] = []
    clock = time.perf_counter
    while elapsed < seconds:
        state = game.new_initial_state()
        count = 0
        start = clock()
        while True:
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
            elif player < 0:
                break
            else:
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
            count += 1
        elapsed += clock() - start
        games += 1
        steps += count
        if len(samples) < 200:
            samples.append(_random_position(game, rng))
    return games, steps, elapsed, samples


def _random_position(game: stratagem.Game, rng: random.Random) -> State:
    """A state part-way through a random game (not timed)."""
    state = game.new_initial_state()
    stop = rng.randrange(1, 600)
    for _ in range(stop):
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif player < 0:
            break
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _per_call(samples: list[State], method: str, repeats: int) -> float:
    calls = [getattr(state, method) for state in samples]
    start = time.perf_counter()
    for _ in range(repeats):
        for call in calls:
            call()
    return (time.perf_counter() - start) / (repeats * len(calls)) * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="playout time per game")
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = args.game or [info.name for info in stratagem.available_games()]
    columns = ("games/s", "steps/s", "us/step", "clone us", "to_json us")
    widths = (10, 12, 10, 10, 12)
    print(f"{'game':<26}" + "".join(f"{c:>{w}}" for c, w in zip(columns, widths, strict=True)))
    for name in names:
        rng = random.Random(args.seed)
        games, steps, elapsed, samples = _playouts(name, args.seconds, rng)
        clone_us = _per_call(samples, "clone", 50)
        json_us = _per_call(samples, "to_json", 5)
        print(
            f"{name:<26}{games / elapsed:>10.1f}{steps / elapsed:>12.0f}"
            f"{elapsed / steps * 1e6:>10.2f}{clone_us:>10.2f}{json_us:>12.1f}"
        )


if __name__ == "__main__":
    main()
