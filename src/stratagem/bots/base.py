"""The bot interface: a bot takes ``(state, seat)`` and returns one of the legal actions.

A bot may read only what its seat may know: ``state.view(seat)``, ``state.legal_actions()``
(which the seat to move is entitled to see) and ``state.resample_hidden(seat, rng)``. It must
never read another seat's hand or the deck from the state itself.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from stratagem.core import Action, Game, OptionError, State


class Bot(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def choose(self, state: State, seat: int) -> Action:
        """One of ``state.legal_actions()`` for ``seat``, who is to move."""
        ...


BotFactory = Callable[[Game, random.Random], Bot]

_BOTS: dict[str, BotFactory] = {}
_HEURISTICS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """A bot that plays every game (``random``, ``ismcts``, ...)."""
    _BOTS[name] = factory


def register_heuristic(game: str, factory: BotFactory) -> None:
    """The ``heuristic`` bot of one game."""
    _HEURISTICS[game] = factory


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game``."""
    names = sorted(_BOTS)
    if game in _HEURISTICS:
        names.append("heuristic")
    return sorted(names)


def make_bot(name: str, game: Game, rng: random.Random) -> Bot:
    """A bot by name for ``game``; ``rng`` is its own seeded source of randomness."""
    if name == "heuristic":
        factory = _HEURISTICS.get(game.name)
        if factory is None:
            raise OptionError(
                f"{game.name} has no heuristic bot; bots: {', '.join(bot_names(game.name))}"
            )
        return factory(game, rng)
    factory = _BOTS.get(name)
    if factory is None:
        raise OptionError(
            f"no bot named {name!r}; bots for {game.name}: {', '.join(bot_names(game.name))}"
        )
    return factory(game, rng)
