"""Opponents: ``random`` and ``ismcts`` for every game and a ``heuristic`` bot per game, all
through the core API only. A game's heuristic is found by its module name in
``bots.heuristics``; ``make_bot`` takes specs with options (``ismcts:iterations=500``,
``heuristic:mistakes=0.25``) and the names of the levels (``easy``, ``normal``, ``hard``:
``bots.levels``), which ``bot_names`` offers first."""

from stratagem.bots.base import (
    Bot,
    Ranker,
    bot_names,
    make_bot,
    parse_bot_spec,
    register_bot,
    register_configurable_bot,
    register_heuristic,
)
from stratagem.bots.ismcts import Ismcts, IsmctsOptions, make_ismcts
from stratagem.bots.levels import LEVELS, Level
from stratagem.bots.random_bot import RandomBot

register_bot("random", RandomBot)
register_configurable_bot("ismcts", make_ismcts)

__all__ = [
    "LEVELS",
    "Bot",
    "Ismcts",
    "IsmctsOptions",
    "Level",
    "RandomBot",
    "Ranker",
    "bot_names",
    "make_bot",
    "parse_bot_spec",
    "register_bot",
    "register_configurable_bot",
    "register_heuristic",
]
