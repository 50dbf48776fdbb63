"""The ``stratagem`` command assembled: every command module's command registered on one
Typer app, in the order ``stratagem --help`` lists them.

The command modules never import this module nor one another's commands; a new command
(a research command, say) is a module of this package with its function, and a
``Command`` line in ``COMMANDS`` (a group of subcommands, a line in ``GROUPS``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import typer
from typer.core import TyperCommand

from stratagem.cli.analyse import analyse_command
from stratagem.cli.army import army_app
from stratagem.cli.common import SeatsHelp
from stratagem.cli.games import games
from stratagem.cli.lab.balance import balance_command
from stratagem.cli.lab.compare import compare_command
from stratagem.cli.lab.options import RayCommand, SimulateCommand
from stratagem.cli.lab.settings import settings_command
from stratagem.cli.lab.simulate import simulate_command
from stratagem.cli.lab.tournament import tournament_command
from stratagem.cli.logs import render, replay
from stratagem.cli.play import play
from stratagem.cli.rules import rules
from stratagem.cli.serve import serve


@dataclass(frozen=True)
class Command:
    """One command of ``stratagem``: its name, the function whose signature Typer reads
    (its docstring is the command's help) and the click class it parses with."""

    name: str
    function: Callable[..., None]
    cls: type[TyperCommand] | None = None


COMMANDS: tuple[Command, ...] = (
    # the games, and playing them at the terminal
    Command("games", games),
    Command("play", play, SeatsHelp),
    Command("replay", replay),
    Command("analyse", analyse_command),
    # the simulation lab
    Command("simulate", simulate_command, SimulateCommand),
    Command("tournament", tournament_command, RayCommand),
    Command("compare", compare_command, SimulateCommand),
    Command("settings", settings_command),
    Command("balance", balance_command),
    # a log's board, the rules by section, the web table
    Command("render", render),
    Command("rules", rules),
    Command("serve", serve),
)
"""Every command, in the order of ``stratagem --help``."""

GROUPS: tuple[tuple[str, typer.Typer], ...] = (("army", army_app),)
"""Commands with subcommands (``stratagem army check``), listed after the commands."""


def build_app() -> typer.Typer:
    """The ``stratagem`` Typer app: every command of ``COMMANDS`` and ``GROUPS``."""
    app = typer.Typer(
        name="stratagem",
        help="Referee, opponents and simulation lab for historical board games.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    for command in COMMANDS:
        app.command(command.name, cls=command.cls)(command.function)
    for name, group in GROUPS:
        app.add_typer(group, name=name)
    return app


app = build_app()


def main() -> None:
    """Entry point of the ``stratagem`` command."""
    app()
