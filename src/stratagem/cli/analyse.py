"""``stratagem analyse GAME_LOG --seat SEAT [--report DIR]``: a finished game judged for one
seat at the terminal, and as a page with its chart (``analysis.page``).

Registered in ``stratagem.cli.app``'s ``COMMANDS``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from stratagem.analysis.analyse import analyse_log
from stratagem.analysis.model import ITERATIONS, SAMPLES, Settings
from stratagem.analysis.page import summary_lines, write_report
from stratagem.core import StratagemError

USER_ERROR = 2


def analyse_command(
    game_log: Annotated[
        Path,
        typer.Argument(
            metavar="GAME_LOG", help="A finished game's log (stratagem-log JSON lines)."
        ),
    ],
    *,
    seat: Annotated[
        str, typer.Option("--seat", help="The seat analysed: its name or number (from 0).")
    ],
    report: Annotated[
        Path | None,
        typer.Option(
            "--report",
            metavar="DIR",
            help="Also write the chart, an HTML and a Markdown page and the JSON here.",
        ),
    ] = None,
    samples: Annotated[
        int, typer.Option(min=1, help="Worlds drawn from the seat's view per decision.")
    ] = SAMPLES,
    iterations: Annotated[
        int, typer.Option(min=1, help="The strongest bot's iterations per decision.")
    ] = ITERATIONS,
    seed: Annotated[int, typer.Option(help="The analysis's seed.")] = 0,
    workers: Annotated[
        int, typer.Option("--workers", "-j", min=1, help="Processes sharing the decisions.")
    ] = 1,
) -> None:
    """Judge each of a seat's decisions in a finished game from what the seat could see:
    each seat's chance along the game, the turning points, and where the strongest bot
    would have played otherwise."""
    console = Console(highlight=False, soft_wrap=True)
    try:
        settings = Settings(samples=samples, iterations=iterations, seed=seed)
        analysis = analyse_log(game_log, seat, settings, workers=workers)
        written = [] if report is None else write_report(analysis, report)
    except (StratagemError, OSError) as error:
        Console(stderr=True, highlight=False).print(
            Text(f"Error: {error}", style="red"), soft_wrap=True
        )
        raise typer.Exit(USER_ERROR) from None
    for line in summary_lines(analysis):
        console.print(Text(line))
    for path in written:
        console.print(Text(f"wrote {path}"))
