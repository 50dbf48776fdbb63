"""What every command of ``stratagem`` shares: its consoles, its one way to fail, the
arguments several commands take (a game, ``--seat``, ``--option``, ``--players``,
``--army``) and loading a game with its seats' bots from them.

A user error (unknown game, seat or bot, a bad ``--seat``) prints ``Error: ...`` on stderr
and exits with code 2; nothing the user types produces a traceback.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text
from typer._click.core import Context as ClickContext  # Typer's own click
from typer._click.formatting import HelpFormatter
from typer.core import TyperCommand

from stratagem.core import (
    Game,
    StratagemError,
    available_games,
    load,
    options_model,
    parse_option_specs,
)
from stratagem.sim import resolve_seats

USER_ERROR = 2
BAD_LOG = 1
"""The exit code of a game log the rules refuse."""

GameName = Annotated[str, typer.Argument(metavar="GAME", help="A game: see `stratagem games`.")]
Players = Annotated[
    int | None, typer.Option("--players", "-p", help="Number of players (default: the fewest).")
]
OptionSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        metavar="KEY=VALUE",
        help="A game option, e.g. turns_per_player=7 or advanced=true (repeatable; "
        "`stratagem games` lists each game's options).",
    ),
]
Armies = Annotated[
    list[str] | None,
    typer.Option(
        "--army",
        metavar="ARMY",
        help="Tercios: each seat's army in seat order, a shipped army or a file (give it twice).",
    ),
]


def armies(army: list[str] | None) -> dict[str, object]:
    """The game option ``armies`` that ``--army`` gives (none if not given)."""
    return {"armies": tuple(army)} if army else {}


def stdout() -> Console:
    return Console(highlight=False)


def stderr() -> Console:
    return Console(stderr=True, highlight=False)


def fail(message: str, code: int = USER_ERROR) -> NoReturn:
    """Print ``Error: message`` on stderr and exit with ``code``."""
    stderr().print(Text(f"Error: {message}", style="red"), soft_wrap=True)
    raise typer.Exit(code)


def parse_seat_specs(specs: Sequence[str]) -> dict[str, str]:
    """``["Dutch=human", ...]`` as ``{"Dutch": "human", ...}``; ``ValueError`` if malformed."""
    seats: dict[str, str] = {}
    for spec in specs:
        seat, sep, bot = spec.partition("=")
        if not sep or not seat.strip() or not bot.strip():
            raise ValueError(f"--seat expects SEAT=BOT (e.g. Dutch=random), not {spec!r}")
        if seat.strip() in seats:
            raise ValueError(f"seat {seat.strip()} is given twice")
        seats[seat.strip()] = bot.strip()
    return seats


def load_game(
    game_name: str,
    players: int | None,
    specs: Sequence[str],
    extra: Sequence[str],
    *,
    option_specs: Sequence[str] | None = None,
    options: dict[str, object] | None = None,
) -> tuple[Game, list[str]]:
    """The game (``--option`` values, then ``options``) and the bot name of each seat
    (``extra`` names allowed besides the bots, such as ``human``), or exit 2 with the
    reason."""
    try:
        seat_bots = parse_seat_specs(specs)
        given = parse_option_specs(options_model(game_name), game_name, option_specs or [])
        for key in given.keys() & (options or {}).keys():
            raise ValueError(f"option {key!r} is given both by --option and by its own flag")
        chosen: dict[str, Any] = {**given, **(options or {})}  # checked by load
        game = load(game_name, players=players, **chosen)
        return game, resolve_seats(game, seat_bots, extra=extra)
    except (StratagemError, ValueError) as error:
        fail(str(error))


def seat_list() -> str:
    """Every game's seat names, for the help of ``play`` and ``simulate``."""
    lines = []
    for info in available_games():
        seats = load(info.name, players=info.max_players).seat_names
        if info.min_players == info.max_players:
            lines.append(f"{info.name}: {', '.join(seats)}")
        else:
            lines.append(f"{info.name}: {seats[0]} to {seats[-1]} (as many as players)")
    return "Seats: " + "; ".join(lines) + "."


class SeatsHelp(TyperCommand):
    """A command whose help ends with every game's seat names (games are loaded only
    when the help is asked for)."""

    def format_help(self, ctx: ClickContext, formatter: HelpFormatter) -> None:
        self.epilog = seat_list()
        super().format_help(ctx, formatter)
