"""Stratagem: rules engine, opponents and simulation lab for historical board and war games.

>>> import stratagem
>>> game = stratagem.load("eighty_years_war")
>>> state = game.new_initial_state()
"""

from stratagem import games as _games  # noqa: F401  (registers the games)
from stratagem.core import (
    CHANCE,
    TERMINAL,
    Action,
    DataPackError,
    Event,
    Game,
    GameInfo,
    IllegalAction,
    OptionError,
    State,
    StateFormatError,
    StratagemError,
    UnknownAction,
    available_games,
    load,
)

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "DataPackError",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "OptionError",
    "State",
    "StateFormatError",
    "StratagemError",
    "UnknownAction",
    "available_games",
    "load",
]
