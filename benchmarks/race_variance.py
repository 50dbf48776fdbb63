"""How much of a root race's noise the pairing removes: ``chance=drawn`` against ``keyed``.

    .venv/bin/python benchmarks/race_variance.py henry_viii 5 --games 6 --rounds 40

At every 12th decision with three or more actions of seeded heuristic games, the
heuristic's four best-ranked actions are each played in a copy of the same world with the
same round seed, ``rounds`` times (``Ismcts._try``, as a race's round plays them, one new
world each round). For each of the three others, the variance of its round's reward minus
the heuristic choice's, against the sum of the two rewards' own variances: 1 for draws
with nothing in common, lower the more the copies share.
"""

from __future__ import annotations

import argparse
import random
import statistics

import stratagem
from stratagem.bots import Ismcts, make_bot
from stratagem.bots.base import Ranker
from stratagem.bots.ismcts import _Node
from stratagem.core import Action, State


def pairs(state: State, seat: int, chance: str, rounds: int) -> list[tuple[float, float]]:
    """(variance of the differences, sum of the variances) for the three runners-up."""
    bot = make_bot(f"ismcts:iterations=400,chance={chance}", state.game, random.Random(7))
    assert isinstance(bot, Ismcts) and isinstance(bot.prior, Ranker)
    ranked = bot.prior.rank(state.clone(), seat)[:4]
    rewards: dict[Action, list[float]] = {action: [] for action in ranked}
    root = _Node(seat)
    for _ in range(rounds):
        world = bot._world(state, seat)
        seed = bot.rng.getrandbits(64)
        for action in ranked:
            bot._seed_round(seed)
            rewards[action].append(bot._try(root, seat, world.clone(), action))
    best = rewards[ranked[0]]
    found = []
    for action in ranked[1:]:
        differences = [a - b for a, b in zip(rewards[action], best, strict=True)]
        both = statistics.pvariance(rewards[action]) + statistics.pvariance(best)
        if both > 1e-12:
            found.append((statistics.pvariance(differences), both))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=40)
    args = parser.parse_args()
    game = stratagem.load(args.game, args.players)
    found: dict[str, list[tuple[float, float]]] = {"drawn": [], "keyed": []}
    for seed in range(args.games):
        rng = random.Random(seed)
        bots = [
            make_bot("heuristic", game, random.Random(seed * 10 + s)) for s in range(args.players)
        ]
        state = game.new_initial_state()
        seen = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
                continue
            seat = state.current_player()
            if len(state.legal_actions()) >= 3:
                seen += 1
                if seen % 12 == 0:
                    for chance, rows in found.items():
                        rows.extend(pairs(state, seat, chance, args.rounds))
            state.apply_action(bots[seat].choose(state, seat))
    for chance, rows in found.items():
        ratio = sum(d for d, _ in rows) / sum(v for _, v in rows)
        mean = sum(d for d, _ in rows) / len(rows)
        print(
            f"chance={chance}: {len(rows)} pairs; variance of a difference {mean:.5f}, "
            f"{ratio:.3f} of the two variances"
        )


if __name__ == "__main__":
    main()
