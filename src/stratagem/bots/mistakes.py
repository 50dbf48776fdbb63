"""A bot that errs: the game's heuristic, but now and then a legal action drawn at random.

``heuristic:mistakes=0.25`` plays the heuristic's choice, except that with probability
``mistakes`` at each real decision (two actions or more) it plays a uniformly drawn legal
action instead. It reads nothing but what the heuristic reads and ``legal_actions()``, so
it is as blind to hidden truth as the heuristic. The ``easy`` level is one (``bots.levels``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING

from stratagem.core import Action, OptionError, State

if TYPE_CHECKING:
    from stratagem.bots.base import Bot

OPTION = "mistakes"


def mistakes_option(options: Mapping[str, str]) -> float:
    """The chance of a mistake from a ``heuristic`` spec's options (``mistakes=0.25``);
    ``OptionError`` for any other option or a value outside 0..1."""
    unknown = sorted(set(options) - {OPTION})
    if unknown:
        raise OptionError(
            f"heuristic: {', '.join(unknown)}: not an option (the heuristic takes only "
            f"{OPTION}=P, the chance of a random move, 0 to 1)"
        )
    text = options[OPTION]
    try:
        chance = float(text)
    except ValueError:
        raise OptionError(f"heuristic: {OPTION}: {text!r} is not a number (0 to 1)") from None
    if not 0.0 <= chance <= 1.0:
        raise OptionError(f"heuristic: {OPTION}: {text} is outside 0 to 1")
    return chance


class Erring:
    """The heuristic ``policy`` with a random legal action instead, with probability
    ``chance`` at each real decision (from its own generator ``rng``)."""

    def __init__(self, policy: Bot, chance: float, rng: random.Random) -> None:
        self.policy = policy
        self.chance = chance
        self.rng = rng
        self.name = f"heuristic:{OPTION}={chance:g}"

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) > 1 and self.rng.random() < self.chance:
            return legal[int(self.rng.random() * len(legal))]
        return self.policy.choose(state, seat)
