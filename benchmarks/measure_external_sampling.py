"""How many nodes one iteration of external-sampling MCCFR visits in Eighty Years War.

    .venv/bin/python benchmarks/measure_external_sampling.py --turns 1 --paths 2000
    .venv/bin/python benchmarks/measure_external_sampling.py --turns 15 --paths 2000 --cost

External sampling (OpenSpiel's ``ExternalSamplingSolver``) walks, for the seat whose
regrets it updates, every legal decision at every one of its nodes, and samples one
outcome at chance nodes and one decision at the other seat's. The number of decision
nodes one such walk visits is estimated with Knuth's estimator: along a uniformly random
line of play, a node's weight is the product of the updating seat's branching factors
above it, and the sum of the weights is an unbiased estimate of the tree's size.

``--turns N`` plays a copy of the shipped data pack whose ``[victory] turns`` is N (15
in the rulebook): the first N turns only, a shortened game for this measurement, not the
rulebook's game. ``--cost`` also times OpenSpiel's own regret pass (``_update_regrets``)
from positions a few decisions before the end and reports its microseconds per node.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import shutil
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import external_sampling_mccfr

import stratagem
from stratagem.core import Game
from stratagem.interop import openspiel

PACK = Path(stratagem.__file__).parent / "games" / "eighty_years_war" / "data"


def shortened(turns: int) -> Game:
    """Eighty Years War from a copy of the data pack with ``turns`` turns."""
    if turns == 15:
        return stratagem.load("eighty_years_war")
    folder = Path(tempfile.mkdtemp(prefix="eyw_turns_")) / "data"
    shutil.copytree(PACK, folder)
    rules = folder / "rules.toml"
    text, count = re.subn(r"^turns = 15\b", f"turns = {turns}", rules.read_text(), flags=re.M)
    if count != 1:
        raise SystemExit("the data pack's [victory] turns = 15 line was not found")
    rules.write_text(text)
    return stratagem.load("eighty_years_war", data=folder)


def knuth(game: Game, updater: int, rng: random.Random) -> tuple[float, int]:
    """(estimated decision nodes of one external-sampling walk, the updater's decisions
    on the line of play drawn)."""
    state = game.new_initial_state()
    weight, total, decisions = 1.0, 0.0, 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        total += weight
        if state.current_player() == updater:
            weight *= len(legal)
            decisions += 1
        state.apply_action(rng.choice(legal))
    return total, decisions


def cost(turns: int, before_end: int) -> float:
    """µs per node of OpenSpiel's external-sampling regret pass, from ``before_end``
    decisions before the end of a random game (both seats updated)."""
    openspiel.register()
    data = "" if turns == 15 else str(shortened(turns).options["data"])
    game = pyspiel.load_game(openspiel.short_name("eighty_years_war"), {"data": data})
    rng = random.Random(4)
    state = game.new_initial_state()
    trail = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
            trail.append(state.clone())
    nodes = 0
    original = openspiel.SpielState._apply_action

    def counted(self: Any, action: int) -> None:
        nonlocal nodes
        nodes += 1
        original(self, action)

    openspiel.SpielState._apply_action = counted  # type: ignore[method-assign]
    solver = external_sampling_mccfr.ExternalSamplingSolver(game)
    np.random.seed(4)
    start = time.perf_counter()
    for player in range(2):
        solver._update_regrets(trail[-before_end].clone(), player)
    elapsed = time.perf_counter() - start
    openspiel.SpielState._apply_action = original  # type: ignore[method-assign]
    print(f"regret pass from {before_end} decisions before the end: {nodes} nodes applied")
    return 1e6 * elapsed / max(nodes, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--turns", type=int, default=1)
    parser.add_argument("--paths", type=int, default=2000)
    parser.add_argument("--cost", action="store_true")
    args = parser.parse_args()
    game = shortened(args.turns)
    rng = random.Random(1)
    for updater, seat in enumerate(game.seat_names):
        draws = [knuth(game, updater, rng) for _ in range(args.paths)]
        sizes = [size for size, _ in draws]
        mean = statistics.fmean(sizes)
        print(
            f"turns={args.turns} updating {seat}: {statistics.median(d for _, d in draws):.0f}"
            f" decisions of its own on a line of play; nodes of one walk: mean {mean:.3g}"
            f" (10^{math.log10(mean):.1f}), median {statistics.median(sizes):.3g},"
            f" max {max(sizes):.3g} over {args.paths} lines"
        )
    if args.cost:
        print(f"{cost(args.turns, 8):.0f} µs per node")


if __name__ == "__main__":
    main()
