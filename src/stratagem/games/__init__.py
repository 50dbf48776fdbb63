"""Every game Stratagem knows, found by discovery and registered with a lazy factory.

Each subpackage ``stratagem.games.<name>`` has an ``info`` module with ``INFO`` (a
``GameInfo``) and ``rules()``, which imports the rules on first use and returns the game's
options model and its builder. Listing games therefore imports no rules, and a new game
joins the registry by existing: nothing here names a game.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import cast

from stratagem.core import Game, GameInfo, GameOptions, register

RulesFactory = Callable[[], tuple[type[GameOptions], Callable[[GameOptions], Game]]]


def _register_all() -> None:
    for package in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if not package.ispkg:
            continue
        info = importlib.import_module(f"{__name__}.{package.name}.info")
        register(cast(GameInfo, info.INFO), cast(RulesFactory, info.rules))


_register_all()
