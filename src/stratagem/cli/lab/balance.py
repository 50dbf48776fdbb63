"""``stratagem balance GAME --vary KEY --range A..B``: the value of a setting where a seat
wins nearest its even share (a noisy bisection over the same seeded games)."""

from __future__ import annotations

from typing import Annotated

import typer
from rich.text import Text

from stratagem.cli.common import GameName, fail, parse_seat_specs, stdout
from stratagem.cli.lab.options import (
    AllBot,
    LabRun,
    LabSeatSpecs,
    LocalWorkers,
    Seed,
    every_seat,
    master_seed,
    worker_count,
)
from stratagem.cli.lab.running import sigterm_stops_the_games, stopped_exit
from stratagem.core import StratagemError, load
from stratagem.sim.balance import find_balance, parse_range
from stratagem.sim.verdicts import bot_note


def balance_command(
    game_name: GameName,
    *,
    vary: Annotated[
        str,
        typer.Option(
            "--vary", metavar="KEY", help="The whole-number setting to vary (see `settings`)."
        ),
    ],
    value_range: Annotated[
        str, typer.Option("--range", metavar="A..B", help="The values to search.")
    ],
    seat_for: Annotated[
        str | None,
        typer.Option("--for", metavar="SEAT", help="The seat to bring to even (the first)."),
    ] = None,
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Games per value tried.")] = 200,
    seat: LabSeatSpecs = None,
    all_bot: AllBot = None,
    seed: Seed = None,
    workers: LocalWorkers = None,
) -> None:
    """Find the value of a setting where a seat wins nearest its even share: a noisy
    bisection over the same seeded games, with the interval and the games spent."""
    try:
        game = load(game_name)
        run = LabRun(
            game.name,
            n,
            master_seed(seed),
            seats=every_seat(game, parse_seat_specs(seat or []), all_bot, bool(seat)),
            workers=worker_count(workers, n),
        )
        with sigterm_stops_the_games():
            search = find_balance(
                run.game,
                run.seats,
                vary,
                parse_range(value_range),
                n=run.games,
                seed=run.seed,
                seat=seat_for,
                workers=run.workers,
            )
    except (StratagemError, ValueError) as error:
        fail(str(error))
    except KeyboardInterrupt:
        raise stopped_exit() from None
    out = stdout()
    out.print(Text(search.text(), style="bold"))
    lineup = {**dict.fromkeys(game.seat_names, "random"), **run.seats}
    out.print(Text(bot_note(lineup), style="italic"))
    if search.interrupted:
        raise stopped_exit()
