"""Opponents: ``random`` for every game and a ``heuristic`` bot per game, all through the
core API only. A game's heuristic is found by its module name in ``bots.heuristics``."""

from stratagem.bots.base import Bot, bot_names, make_bot, register_bot, register_heuristic
from stratagem.bots.random_bot import RandomBot

register_bot("random", RandomBot)

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "register_bot", "register_heuristic"]
