"""The game-agnostic engine: Game, State, Action, chance, views, events, registry, errors,
serialization and the data-pack loader. No game is named here."""

from stratagem.core.actions import Action, ActionTable
from stratagem.core.errors import (
    DataPackError,
    IllegalAction,
    OptionError,
    StateFormatError,
    StratagemError,
    UnknownAction,
)
from stratagem.core.events import Event, JsonDict
from stratagem.core.game import CHANCE, TERMINAL, CachedLegalState, Game, GameInfo, State
from stratagem.core.options import GameOptions, option_fields, parse_option_specs
from stratagem.core.registry import available_games, game_info, load, options_model, register

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Action",
    "ActionTable",
    "CachedLegalState",
    "DataPackError",
    "Event",
    "Game",
    "GameInfo",
    "GameOptions",
    "IllegalAction",
    "JsonDict",
    "OptionError",
    "State",
    "StateFormatError",
    "StratagemError",
    "UnknownAction",
    "available_games",
    "game_info",
    "load",
    "option_fields",
    "options_model",
    "parse_option_specs",
    "register",
]
