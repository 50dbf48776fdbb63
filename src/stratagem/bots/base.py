"""The bot interface: a bot takes ``(state, seat)`` and returns one of the legal actions.

A bot may read only what its seat may know: ``state.view(seat)``, ``state.legal_actions()``
(which the seat to move is entitled to see) and ``state.resample_hidden(seat, rng)``. It must
never read another seat's hand or the deck from the state itself.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable
from typing import Protocol, cast

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
    """The ``heuristic`` bot of one game (overrides the one found by discovery)."""
    _HEURISTICS[game] = factory


HEURISTICS_PACKAGE = "stratagem.bots.heuristics"
"""A game's heuristic is the ``HEURISTIC`` factory of the module named after the game here."""


def _heuristic(game: str) -> BotFactory | None:
    """The heuristic of ``game``: registered, or found in ``HEURISTICS_PACKAGE``, or none."""
    factory = _HEURISTICS.get(game)
    if factory is not None:
        return factory
    name = f"{HEURISTICS_PACKAGE}.{game}"
    if not game.isidentifier() or importlib.util.find_spec(name) is None:
        return None
    factory = cast(BotFactory, importlib.import_module(name).HEURISTIC)
    _HEURISTICS[game] = factory
    return factory


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game``."""
    names = sorted(_BOTS)
    if _heuristic(game) is not None:
        names.append("heuristic")
    return sorted(names)


def make_bot(name: str, game: Game, rng: random.Random) -> Bot:
    """A bot by name for ``game``; ``rng`` is its own seeded source of randomness."""
    if name == "heuristic":
        factory = _heuristic(game.name)
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
