"""Opponents: ``random`` for every game and a ``heuristic`` bot per game, all through the
core API only."""

from stratagem.bots.base import Bot, bot_names, make_bot, register_bot, register_heuristic
from stratagem.bots.heuristics.eighty_years_war import EightyYearsWarHeuristic
from stratagem.bots.random_bot import RandomBot

register_bot("random", RandomBot)
register_heuristic("eighty_years_war", EightyYearsWarHeuristic)

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot", "register_bot", "register_heuristic"]
