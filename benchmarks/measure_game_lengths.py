"""The longest random games of each game: the measurement behind OpenSpiel's bounds.

    .venv/bin/python benchmarks/measure_game_lengths.py [--games N]

Plays N uniformly random games (chance drawn with the lab's seeding rule) for each
configuration below, chosen to be each game's longest (most seats, most turns, every
optional rule that adds steps), and prints the most decisions, the most chance outcomes
and the most outcomes at one chance node seen. ``stratagem.interop.spec`` takes these
figures times a safety factor as ``max_game_length`` and ``max_chance_nodes_in_history``.
"""

from __future__ import annotations

import argparse
import random

import stratagem
from stratagem.sim.runner import chance_rng, seed_for

CONFIGURATIONS: dict[str, list[dict[str, object]]] = {
    "eighty_years_war": [{}],
    "britain_vs_france": [
        {},
        {"turns_per_player": 20},
        {"turns_per_player": 20, "advanced": True, "expanded_conflict": True},
    ],
    "henry_viii": [{"players": n} for n in range(5, 9)],
    "sixteen_thirty_something": [{"players": n} for n in range(3, 7)],
    "tercios": [{}, {"duration": 8}, {"duration": 8, "terrain": "chosen"}],
}


def measure(name: str, options: dict[str, object], games: int) -> tuple[int, int, int]:
    """(most decisions, most chance outcomes, most outcomes at one node) over ``games``."""
    game = stratagem.load(name, **options)  # type: ignore[arg-type]
    decisions = chances = widest = 0
    for index in range(games):
        seed = seed_for(0, index)
        state, chance, moves = game.new_initial_state(), chance_rng(seed), random.Random(seed)
        decided = drawn = 0
        while not state.is_terminal():
            if state.is_chance_node():
                widest = max(widest, len(state.chance_outcomes()))
                state.apply_action(state.sample_chance(chance))
                drawn += 1
            else:
                state.apply_action(moves.choice(state.legal_actions()))
                decided += 1
        decisions, chances = max(decisions, decided), max(chances, drawn)
    return decisions, chances, widest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", help="one game's name")
    args = parser.parse_args()
    for name, configurations in CONFIGURATIONS.items():
        if args.only and name != args.only:
            continue
        games = max(1, args.games // 10) if name == "tercios" else args.games
        for options in configurations:
            decisions, chances, widest = measure(name, options, games)
            print(
                f"{name} {options} games={games} decisions={decisions} "
                f"chance={chances} widest={widest}",
                flush=True,
            )


if __name__ == "__main__":
    main()
