"""Each game's ``heuristic`` bot (and, optionally, ``EVALUATOR``), in a module named after it.

Here too what the modules share: the outcome models' arithmetic and ``TurnEvaluator``,
the frame of every evaluator (``bots.base.Evaluator``).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import ClassVar, Protocol, cast

from stratagem.core import Game, State


def normal_cdf(x: float) -> float:
    """P(Z <= x) for a standard normal Z (the heuristics' and evaluators' outcome models)."""
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def softmax(scores: Sequence[float], temperature: float) -> list[float]:
    """Chances proportional to exp(score / temperature), summing to 1."""
    top = max(scores)
    odds = [math.exp((score - top) / temperature) for score in scores]
    total = sum(odds)
    return [value / total for value in odds]


class _Turned(Protocol):
    """A state that counts its turns in a public ``turn``."""

    turn: int


class TurnEvaluator(ABC):
    """The frame of a game's evaluator: it judges only ``game_type``'s games (checked when
    made), its horizon is the public turn, and a finished game is worth its returns;
    ``estimate`` models a game not yet over."""

    game_type: ClassVar[type[Game]]
    round_turns: ClassVar[int] = 1
    """Turns in a round (``bots.base.Evaluator``): 1 where a turn is everyone's."""
    rollout_cap: ClassVar[int | None] = None
    """A search's rollout cap where the game names one (``bots.base.Evaluator``)."""

    def __init__(self, game: Game) -> None:
        if not isinstance(game, self.game_type):
            raise TypeError(f"{type(self).__name__} judges only {self.game_type.info.name}")

    def horizon(self, state: State) -> int:
        """The turn (public)."""
        return cast(_Turned, state).turn

    def values(self, state: State) -> list[float]:
        """Each seat's expected return: ``returns()`` at the end, else ``estimate``."""
        if state.is_terminal():
            return state.returns()
        return self.estimate(state)

    @abstractmethod
    def estimate(self, state: State) -> list[float]:
        """Each seat's expected return from a position not yet over, read from what
        every seat sees (and where a game's says so, from the world's secrets: the
        world is one redealt from a seat's view, ``bots.base.Evaluator``)."""
