"""Each seat's chances as one seat sees them: paired playouts from worlds it could be in.

A position is judged from the view of the seat to move only: every sample is a world drawn
with ``state.resample_hidden(seat, rng)``, played on by the game's heuristic in every seat
(chance sampled) for ``rounds`` rounds, then scored by the game's evaluator
(``bots.base.Evaluator``; to the end where a game has none). Two actions are compared on
the same worlds with the same random numbers, so that the luck of the world cancels out of
their difference (as in ``bots.racing``).

A seat's *chance* is its expected share of the points: in a two-seat game (return + 1) / 2
(a win 1, a draw one half), in a game of more seats its return (a shared win split).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stratagem.bots.base import Bot, Evaluator, make_bot, make_evaluator
from stratagem.core import CHANCE, TERMINAL, Action, Game, State


def chances(returns: Sequence[float]) -> tuple[float, ...]:
    """Returns as each seat's chance (see the module docstring)."""
    if len(returns) == 2:
        return tuple((value + 1.0) / 2.0 for value in returns)
    return tuple(returns)


class Playouts:
    """Judges positions of ``game`` by heuristic playouts of ``rounds`` rounds."""

    def __init__(self, game: Game, rounds: int) -> None:
        self.game = game
        self.evaluator: Evaluator | None = make_evaluator(game)
        self.turns = None if self.evaluator is None else rounds * self.evaluator.round_turns
        """How far the public turn advances before the evaluator scores a playout."""

    def compare(
        self, state: State, seat: int, actions: Sequence[Action], samples: int, rng: random.Random
    ) -> list[tuple[float, ...]]:
        """Each seat's mean chance after each of ``actions`` (the seat's, legal in
        ``state``), over ``samples`` worlds drawn from what ``seat`` sees, paired."""
        totals = [[0.0] * self.game.num_players for _ in actions]
        for _ in range(samples):
            world = state.resample_hidden(seat, rng)
            seed = rng.getrandbits(64)
            for total, action in zip(totals, actions, strict=True):
                after = world.clone()
                after.apply_action(action)
                for index, value in enumerate(chances(self._play(after, seed))):
                    total[index] += value
        return [tuple(value / samples for value in total) for total in totals]

    def _play(self, world: State, seed: int) -> list[float]:
        """The returns of one playout of ``world`` (expected ones where it stops early)."""
        luck = random.Random(seed)
        policy: Bot = make_bot("heuristic", self.game, random.Random(luck.getrandbits(64)))
        evaluator = self.evaluator
        stop = (
            None
            if evaluator is None or self.turns is None
            else (evaluator.horizon(world) + self.turns)
        )
        while True:
            player = world.current_player()
            if player == TERMINAL:
                return world.returns()
            if evaluator is not None and stop is not None and evaluator.horizon(world) >= stop:
                return evaluator.values(world)
            if player == CHANCE:
                world.apply_action(world.sample_chance(luck))
            else:
                world.apply_action(policy.choose(world, player))
