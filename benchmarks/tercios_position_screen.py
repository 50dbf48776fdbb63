"""Tercios search specs judged on positions of heuristic games, at a fixed iteration budget.

    .venv/bin/python benchmarks/tercios_position_screen.py ismcts:iterations=37 \
        ismcts:iterations=134,max_rollout=15 [--games 11,12,13] [--every 23] [--rounds 40]

A whole Tercios game takes minutes, so a match long enough to tell two searches apart
takes hours. This screen takes every ``every``-th decision (with a choice) of a few seeded
heuristic games, the heuristic's five best actions there and every action a spec chooses,
and values each action by ``rounds`` paired rollouts (one redealt world and one seed per
round, the same for every action: the heuristic plays every seat to the end of the turn,
then the game's evaluator judges). A spec's regret at a decision is the best action's value
less its choice's; each spec decides each position ``--seeds`` times. Printed: the mean
regret, and each spec's mean lead over the first spec with a standard error taken over the
positions (a position's seeds averaged first). The reference's own noise adds the same
amount to every spec's regret; only the differences mean anything.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time

import stratagem
from measure_ismcts_cpu import heuristic_decisions
from stratagem.bots import Ismcts, make_bot
from stratagem.bots.base import Ranker, make_evaluator
from stratagem.core import CHANCE, TERMINAL, Action, Game, State

TOP = 5
"""The heuristic's best actions valued at every position."""


class Reference:
    """Each action's value at one position by paired rollouts to the end of the turn."""

    def __init__(self, game: Game, state: State, rounds: int) -> None:
        self.game = game
        self.state = state
        self.seat = state.current_player()
        self.rounds = rounds
        self.values: dict[int, float] = {}
        evaluator = make_evaluator(game)
        assert evaluator is not None
        self.evaluator = evaluator
        self.heuristic = make_bot("heuristic", game, random.Random(0))

    def value(self, action: Action) -> float:
        """The action's mean reward in [0, 1] over the paired rounds (computed once)."""
        if action.id not in self.values:
            total = sum(self._round(action, index) for index in range(self.rounds))
            self.values[action.id] = total / self.rounds
        return self.values[action.id]

    def _round(self, action: Action, index: int) -> float:
        world = self.state.resample_hidden(self.seat, random.Random(1000 + index))
        rng = random.Random(5000 + index)
        self.heuristic = make_bot("heuristic", self.game, random.Random(9000 + index))
        stop = self.evaluator.horizon(world) + self.evaluator.round_turns
        world.apply_action(action)
        while world.current_player() != TERMINAL and self.evaluator.horizon(world) < stop:
            player = world.current_player()
            if player == CHANCE:
                world.apply_action(world.sample_chance(rng))
            else:
                world.apply_action(self.heuristic.choose(world, player))
        return (self.evaluator.values(world)[self.seat] + 1.0) / 2.0

    def regret(self, action: Action) -> float:
        """How much worse ``action`` is than the best action valued so far."""
        mine = self.value(action)
        return max(self.values.values()) - mine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("specs", nargs="+", help="bot specs: ismcts with an iteration budget")
    parser.add_argument("--games", default="11,12,13", help="seeds of the heuristic games")
    parser.add_argument("--every", type=int, default=23, help="take every n-th decision")
    parser.add_argument("--rounds", type=int, default=40, help="paired rounds per action")
    parser.add_argument("--seeds", type=int, default=3, help="decisions per spec and position")
    args = parser.parse_args()
    game = stratagem.load("tercios")
    states = [
        s
        for seed in args.games.split(",")
        for s in heuristic_decisions(game, int(seed), args.every)
    ]
    references = [Reference(game, state, args.rounds) for state in states]
    ranker = make_bot("heuristic", game, random.Random(3))
    assert isinstance(ranker, Ranker)
    for reference in references:
        for action in ranker.rank(reference.state.clone(), reference.seat)[:TOP]:
            reference.value(action)
    chosen: dict[str, list[list[Action]]] = {}
    for spec in args.specs:
        start = time.process_time()
        picks: list[list[Action]] = []
        iterations = 0
        for reference in references:
            mine: list[Action] = []
            for seed in range(args.seeds):
                bot = make_bot(spec, game, random.Random(100 + seed))
                mine.append(bot.choose(reference.state.clone(), reference.seat))
                iterations += bot.iterations_done if isinstance(bot, Ismcts) else 0
            picks.append(mine)
        chosen[spec] = picks
        print(f"{spec}: {iterations} iterations, {time.process_time() - start:.0f} CPU s")
    for picks in chosen.values():
        for reference, mine in zip(references, picks, strict=True):
            for action in mine:
                reference.value(action)
    regrets = {
        spec: [
            statistics.mean(reference.regret(action) for action in mine)
            for reference, mine in zip(references, picks, strict=True)
        ]
        for spec, picks in chosen.items()
    }
    first = regrets[args.specs[0]]
    print(f"{len(references)} positions, {args.seeds} decisions each per spec")
    for spec, regret in regrets.items():
        lead = [a - b for a, b in zip(first, regret, strict=True)]
        error = statistics.stdev(lead) / math.sqrt(len(lead))
        print(
            f"{spec}: regret {statistics.mean(regret):.4f}, "
            f"lead over the first {statistics.mean(lead):+.4f} (se {error:.4f})"
        )


if __name__ == "__main__":
    main()
