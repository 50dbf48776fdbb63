"""How long a board takes to draw, and how large it is (a measurement, never a test).

For each game, the views of seeded random games (every decision, each seat's own view
and, for two-seat games, the other seat's too) are drawn once in order, as the web table
draws them after each move, after one warm-up game; reported: CPU microseconds a board
(``time.process_time``, so a busy machine inflates it less than wall time) and its size.

    .venv/bin/python benchmarks/bench_boards.py [--games 3] [--seed 1] [GAME ...]
"""

from __future__ import annotations

import argparse
import random
import time

import stratagem
from stratagem.core import JsonDict
from stratagem.render.generic import draw_board

GAMES = ("eighty_years_war", "britain_vs_france", "sixteen_thirty_something", "henry_viii")
"""Tercios is left out by default: its games are long and its boards slow to draw."""


def views(name: str, seed: int, most: int = 600) -> list[JsonDict]:
    """Each seat's view at every decision of one seeded random game (at most ``most``)."""
    game = stratagem.load(name)
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen: list[JsonDict] = []
    while not state.is_terminal() and len(seen) < most:
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seen.extend(state.view(seat) for seat in range(game.num_players))
        state.apply_action(rng.choice(state.legal_actions()))
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=list(GAMES))
    parser.add_argument("--games-each", type=int, default=3, help="random games a game")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(f"{'game':26s} {'boards':>7s} {'us/board':>9s} {'KiB/board':>10s}")
    for name in args.games:
        for view in views(name, args.seed + 1000):
            draw_board(name, view)  # warm-up: the caches a running table has
        drawn = [v for s in range(args.games_each) for v in views(name, args.seed + s)]
        began, size = time.process_time(), 0
        for view in drawn:
            size += len(draw_board(name, view))
        spent = time.process_time() - began
        print(
            f"{name:26s} {len(drawn):7d} {1e6 * spent / len(drawn):9.0f} "
            f"{size / len(drawn) / 1024:10.1f}"
        )


if __name__ == "__main__":
    main()
