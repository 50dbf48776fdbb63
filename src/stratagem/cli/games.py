"""``stratagem games [GAME]``: the games with their players, seats, bots and options."""

from __future__ import annotations

from types import UnionType
from typing import Annotated, Literal, Union, get_args, get_origin

import typer
from pydantic_core import PydanticUndefined

from stratagem.bots import bot_names
from stratagem.cli.common import fail, stdout
from stratagem.cli.terminal import GameListing, OptionListing, render_game, render_games
from stratagem.core import StratagemError, available_games, load, options_model
from stratagem.core.options import describe_type
from stratagem.core.registry import game_info


def _takes(annotation: object) -> str:
    """What an option takes, in words; allowed values joined with ", " (they hold "/")."""
    args = get_args(annotation)
    origin = get_origin(annotation)
    if origin is Literal:
        return "one of: " + ", ".join(str(arg) for arg in args)
    if origin in (Union, UnionType) and type(None) in args:
        rest = [arg for arg in args if arg is not type(None)]
        return " or ".join(_takes(arg) for arg in rest) + " or none"
    return describe_type(annotation)


def _default(value: object) -> str:
    if value is PydanticUndefined:
        return "(required)"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple | list):
        return ", ".join(str(item) for item in value)
    return str(value)


def _listing(name: str) -> GameListing:
    """One game as ``stratagem games`` shows it (loads the game at its most players)."""
    info = game_info(name)
    model = options_model(name)
    options = [
        OptionListing(
            key, _takes(field.annotation), _default(field.default), field.description or ""
        )
        for key, field in model.model_fields.items()
        if key != "players"
    ]
    seats = load(name, players=info.max_players).seat_names
    return GameListing(info, bot_names(name), seats, options)


def games(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="One game, to show its options in full.")
    ] = None,
) -> None:
    """List the games: players, seat names, bots and options (one game's in full)."""
    try:
        if game_name is not None:
            stdout().print(render_game(_listing(game_name)))
            return
        stdout().print(render_games(_listing(info.name) for info in available_games()))
    except StratagemError as error:
        fail(str(error))
