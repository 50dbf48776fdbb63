"""``stratagem games [GAME]``: the games with their players, seats, bots and options."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from types import UnionType
from typing import Annotated, Literal, Union, get_args, get_origin

import typer
from pydantic_core import PydanticUndefined
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from stratagem.bots import bot_names
from stratagem.cli.common import fail, stdout
from stratagem.core import GameInfo, StratagemError, available_games, load, options_model
from stratagem.core.options import describe_type
from stratagem.core.registry import game_info


@dataclass(frozen=True, slots=True)
class OptionListing:
    """One game option as ``stratagem games`` shows it."""

    name: str
    takes: str
    """The values it takes, in words (allowed values joined with ", ")."""
    default: str
    about: str


@dataclass(frozen=True, slots=True)
class GameListing:
    """One game as ``stratagem games`` shows it."""

    info: GameInfo
    bots: Sequence[str]
    seats: Sequence[str]
    """The seat names of the game with the most players."""
    options: Sequence[OptionListing]


def _players(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players} to {info.max_players}"


def _seats(info: GameInfo, seats: Sequence[str]) -> str:
    """The seat names (of the largest game), saying which a smaller game has."""
    if info.min_players == info.max_players or len(seats) <= info.min_players:
        return ", ".join(seats)
    return f"{', '.join(seats)} (the first {info.min_players} with {info.min_players} players)"


def render_games(games: Iterable[GameListing]) -> Group:
    """The games Stratagem knows, one block each, readable at 80 columns: players, seat
    names, bots and the names of its options (``stratagem games NAME`` gives them in full)."""
    parts: list[RenderableType] = [
        Text("Games (`stratagem games NAME` shows one game's options in full)", style="bold")
    ]
    for listing in games:
        info = listing.info
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(overflow="fold")
        grid.add_row("Players", _players(info))
        grid.add_row("Seats", _seats(info, listing.seats))
        grid.add_row("Bots", ", ".join(listing.bots))
        grid.add_row("Options", ", ".join(option.name for option in listing.options) or "none")
        title = Text.assemble((info.name, "bold cyan"), "  ", info.title)
        parts.extend([Text(), title, grid])
    return Group(*parts)


def render_game(listing: GameListing) -> Group:
    """One game in full: players, seat names, bots and every option with what it takes,
    its default and what it does (``--option KEY=VALUE``)."""
    info = listing.info
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("Players", f"{_players(info)} (--players)")
    grid.add_row("Seats", _seats(info, listing.seats))
    grid.add_row("Bots", ", ".join(listing.bots) + " (and human, in play)")
    options = Table(title="Options (--option KEY=VALUE)", title_justify="left", expand=False)
    options.add_column("Option", style="bold", overflow="fold")
    options.add_column("Takes", overflow="fold")
    options.add_column("Default", overflow="fold")
    described = any(option.about for option in listing.options)
    if described:
        options.add_column("What it does", overflow="fold")
    for option in listing.options:
        about = (option.about,) if described else ()
        options.add_row(option.name, option.takes, option.default, *about)
    title = Text.assemble((info.name, "bold cyan"), "  ", (info.title, "bold"))
    body: list[RenderableType] = [title, grid, Text()]
    body.append(options if listing.options else Text("No options.", style="dim"))
    return Group(*body)


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
