"""Game logs at the command line: ``stratagem replay`` (every event of a log through the
rules, and a web table's deal checked) and ``stratagem render`` (a game's board after a
step of its log, as SVG).

A log the rules refuse exits with code 1; any other user error with code 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from stratagem.cli.common import BAD_LOG, USER_ERROR, fail, stdout
from stratagem.cli.terminal import render_events, render_result
from stratagem.render import board_renderer
from stratagem.sim import LogError, check_log, replay_log


def replay(
    path: Annotated[
        Path, typer.Argument(metavar="LOG", exists=True, dir_okay=False, help="A game log.")
    ],
) -> None:
    """Replay a game log through the rules and print every event and the result; a web
    table's game is also checked against its committed seed (every chance outcome)."""
    try:
        checked = check_log(path)
    except LogError as error:
        fail(f"{path}: {error}", BAD_LOG)
    state, events, header = checked.state, checked.events, checked.header
    game = state.game
    console = stdout()
    seats = ", ".join(f"{seat} {bot}" for seat, bot in header["seats"].items())
    table = f", table {header['table']}" if header.get("table") else ""
    title = f"{game.info.title}{table}, seed {header['seed']}: {seats}"
    console.print(Text(title, style="bold"))
    entries = [
        {
            "text": event.text,
            "rule": event.rule
            if event.private_to is None
            else f"{event.rule}; seen by {game.player_name(event.private_to)} only",
        }
        for event in events
    ]
    console.print(render_events(entries, numbered_from=1))
    if state.is_terminal():
        console.print(render_result(state.result()))
    else:
        console.print(
            Text(f"The log ends after step {len(state.history)}: the game was not finished.")
        )
    if checked.deal is not None:
        console.print(Text(checked.deal.describe(), style="bold"))
    else:
        console.print(
            Text(
                "Deal not checked: the log does not say how its chance was drawn "
                "(only games exported from the web table do).",
                style="dim",
            )
        )


def render(
    log: Annotated[Path, typer.Argument(metavar="GAME_LOG", help="A game log.")],
    *,
    step: Annotated[
        int | None,
        typer.Option("--step", "-n", min=0, help="Draw after this step (default: the end)."),
    ] = None,
    output: Annotated[Path, typer.Option("--output", "-o", help="The SVG file to write.")] = Path(
        "board.svg"
    ),
) -> None:
    """Draw the board of a game log after a step as SVG (for games with a board drawing)."""
    err = Console(stderr=True, highlight=False)
    try:
        final, _ = replay_log(log)
    except (LogError, OSError) as error:
        err.print(Text(f"Error: {log}: {error}", style="red"))
        raise typer.Exit(BAD_LOG) from None
    game = final.game
    drawer = board_renderer(game.name)
    if drawer is None:
        err.print(Text(f"Error: {game.name} has no board drawing", style="red"))
        raise typer.Exit(USER_ERROR)
    last = len(final.history)
    count = last if step is None else step
    if count > last:
        err.print(Text(f"Error: the log has {last} steps, not {count}", style="red"))
        raise typer.Exit(USER_ERROR)
    state = game.new_initial_state()
    for action in final.history[:count]:
        state.apply_action(action)
    try:
        output.write_text(drawer(state.view(None)), encoding="utf-8")
    except OSError as error:
        err.print(Text(f"Error: cannot write {output}: {error.strerror}", style="red"))
        raise typer.Exit(USER_ERROR) from None
    Console(highlight=False).print(Text(f"Step {count} of {last} drawn to {output}"))
