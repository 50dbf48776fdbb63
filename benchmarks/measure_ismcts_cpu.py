"""ISMCTS iterations per CPU second at four decisions of one seeded random game.

    .venv/bin/python benchmarks/measure_ismcts_cpu.py henry_viii ismcts:iterations=40
    .venv/bin/python benchmarks/measure_ismcts_cpu.py henry_viii ismcts:iterations=100 heuristic

With ``heuristic`` the positions are every 40th real decision of two seeded games of the
heuristic in every seat instead: the positions a search meets in play, which random games
stand for poorly (a court, a board or a hand filled as players fill them).

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


def heuristic_decisions(game: Game, seed: int, every: int) -> list[State]:
    """Every ``every``-th real decision of a game of the heuristic in every seat."""
    rng = random.Random(seed)
    seats = [make_bot("heuristic", game, random.Random(seat)) for seat in range(game.num_players)]
    state = game.new_initial_state()
    found: list[State] = []
    seen = 0
    while state.current_player() != TERMINAL:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        if len(state.legal_actions()) > 1:
            seen += 1
            if seen % every == 0:
                found.append(state.clone())
        state.apply_action(seats[player].choose(state, player))
    return found


def main(name: str, spec: str, positions: str = "random") -> None:
    game = stratagem.load(name)
    if positions == "heuristic":
        states = [s for seed in (5, 6) for s in heuristic_decisions(game, seed, every=40)]
    else:
        states = decisions(game, seed=3, every=7, limit=4)
    iterations = 0
    start = time.process_time()
    for index, state in enumerate(states):
        bot = make_bot(spec, game, random.Random(index))
        assert isinstance(bot, Ismcts)
        bot.choose(state, state.current_player())
        iterations += bot.iterations_done
    cpu = time.process_time() - start
    print(
        f"{name} {spec} ({positions} positions: {len(states)}): {iterations} iterations, "
        f"{cpu:.2f} CPU s, {iterations / cpu:.1f}/CPU s"
    )


if __name__ == "__main__":
    main(*sys.argv[1:4])
