"""ISMCTS iterations per CPU second at four decisions of one seeded random game.

    .venv/bin/python benchmarks/measure_ismcts_cpu.py henry_viii ismcts:iterations=40

CPU time (``time.process_time``), not wall time, so that two checkouts can be compared on
a loaded machine: run it alternately with each checkout's ``src`` on ``PYTHONPATH``. An
iteration budget makes both searches do the same iterations.
"""

from __future__ import annotations

import random
import sys
import time

import stratagem
from stratagem.bots import Ismcts, make_bot
from stratagem.core import CHANCE, TERMINAL, Game, State


def decisions(game: Game, seed: int, every: int, limit: int) -> list[State]:
    """Every ``every``-th real decision of a random game, at most ``limit`` of them."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[State] = []
    seen = 0
    while len(found) < limit and state.current_player() != TERMINAL:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            seen += 1
            if seen % every == 0:
                found.append(state.clone())
        state.apply_action(legal[int(rng.random() * len(legal))])
    return found


def main(name: str, spec: str) -> None:
    game = stratagem.load(name)
    bot = make_bot(spec, game, random.Random(1))
    assert isinstance(bot, Ismcts)
    iterations = 0
    start = time.process_time()
    for state in decisions(game, seed=3, every=7, limit=4):
        bot.choose(state, state.current_player())
        iterations += bot.iterations_done
    cpu = time.process_time() - start
    print(f"{name} {spec}: {iterations} iterations, {cpu:.2f} CPU s, {iterations / cpu:.1f}/CPU s")


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
