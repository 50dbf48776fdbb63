"""``stratagem tournament``: every pairing of bots in every seat, with win rates and
ratings (a batch fit with a seat term), and every game's record written if asked."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from stratagem.cli.common import (
    Armies,
    GameName,
    OptionSpecs,
    Players,
    fail,
    stderr,
    stdout,
)
from stratagem.cli.lab.options import (
    LabRun,
    Mirror,
    SameDeals,
    Seed,
    SettingSpecs,
    UseRay,
    Workers,
    lab_game,
    master_seed,
    ray_target,
    worker_count,
)
from stratagem.cli.lab.running import (
    check_report,
    interrupted,
    progress_bar,
    shown,
    sigterm_stops_the_games,
    stopped_exit,
    stopped_while_setting_up,
    writing,
)
from stratagem.core import StratagemError
from stratagem.sim import Tournament, run_tournament, tournament_doc
from stratagem.sim.settings import make_setup, parse_settings
from stratagem.sim.stats import Proportion
from stratagem.sim.tournament import planned_games


def tournament_command(
    game_name: GameName,
    *,
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot",
            "-b",
            metavar="BOT",
            help="A bot (repeat, at least two): random, heuristic, ismcts:iterations=500 ...",
        ),
    ],
    n: Annotated[
        int, typer.Option("-n", "--games", min=1, help="Games per pairing of bots.")
    ] = 100,
    seed: Seed = None,
    players: Players = None,
    option: OptionSpecs = None,
    army: Armies = None,
    workers: Workers = None,
    ray: UseRay = None,
    alone: Annotated[
        str | None,
        typer.Option(
            metavar="BOT",
            help="Seat this bot (one of the --bot) only alone against the other bot: one "
            "bot against a table, the cheap test of a slow bot in a game of many seats.",
        ),
    ] = None,
    results: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            dir_okay=False,
            help="Write every game's record (seed, lineup, winners, returns) to FILE as JSON.",
        ),
    ] = None,
    mirror: Mirror = False,
    setting: SettingSpecs = None,
    same_deals: SameDeals = False,
) -> None:
    """Play every pairing of bots in every seat; print win rates and ratings."""
    game, _, settings = lab_game(
        game_name, players, [], option_specs=option, setting_specs=setting, army=army
    )
    pairings = len(set(bot)) * (len(set(bot)) - 1) // 2
    try:
        run = LabRun(
            game.name,
            n,
            master_seed(seed),
            game.options,
            settings=tuple(parse_settings(settings)),
            workers=worker_count(workers, n * max(1, pairings)),
            ray=ray_target(ray),
        )
        tournament_and_report(
            stdout(),
            stderr(),
            run,
            bot,
            alone=alone,
            results=results,
            mirror=mirror,
            same_deals=same_deals,
        )
    except StratagemError as error:
        fail(str(error))


def tournament_and_report(
    out: Console,
    err: Console,
    run: LabRun,
    bots: Sequence[str],
    *,
    alone: str | None = None,
    results: Path | None = None,
    mirror: bool = False,
    same_deals: bool = False,
) -> None:
    """Play ``run`` as a tournament of ``bots``, print its win rates and ratings, and
    write every game's record to ``results`` (JSON) when it is given."""
    if results is not None:
        check_report(results.parent, "--results")
    game = make_setup(run.game, run.options, run.settings).load()
    planned = planned_games(game, bots, run.games, alone)
    with (
        sigterm_stops_the_games(),
        stopped_while_setting_up(err, planned),
        progress_bar(err) as progress,
    ):
        result = run_tournament(
            run.game,
            bots,
            run.games,
            run.seed,
            options=run.options,
            progress=progress,
            workers=run.workers,
            ray=run.ray,
            alone=alone,
            mirror=mirror,
            settings=run.settings,
            same_deals=same_deals,
        )
    if result.interrupted:
        interrupted(err, len(result.records), result.planned)
    out.print(render_tournament(result))
    if results is not None:
        text = json.dumps(tournament_doc(result), indent=1) + "\n"
        with writing("--results", results):
            results.write_text(text, encoding="utf-8")
        out.print(Text(f"Results: {results}"))
    if result.interrupted:
        raise stopped_exit()


NO_GAMES = "-"
"""What a rate of no game at all prints: nothing is known, so no figure is shown."""


def _percent(value: float, interval: tuple[float, float], games: int) -> str:
    if not games:
        return NO_GAMES
    low, high = interval
    return f"{value:.1%} ({low:.1%} - {high:.1%})"


def _rate(proportion: Proportion) -> str:
    return _percent(proportion.rate, proportion.interval, proportion.total)


def render_tournament(tournament: Tournament) -> Group:
    """Win rates of each pairing and the bots' ratings, with 95% intervals."""
    pairs = Table(
        title="Pairings (win rate, 95% Wilson interval; A's score: its share of the wins, "
        "95% interval; Even: A's score were the bots equal)"
    )
    headings = ("Bot A", "Bot B", "Games", "A wins", "B wins", "Draws", "A's score", "Even")
    for heading in headings:
        pairs.add_column(heading, justify="left" if heading.startswith("Bot") else "right")
    for row in tournament.pairings:
        score = row.first_score
        pairs.add_row(
            row.first,
            row.second,
            str(row.games),
            _rate(row.first_wins),
            _rate(row.second_wins),
            _rate(row.draws),
            _percent(score.mean, score.interval, len(score.points)),
            f"{row.even:.1%}",
        )
    seats = Table(title="Lineups (how the bot alone in its seat fared)")
    for heading in ("Lineup", "Alone", "Games", "Its wins", "Draws"):
        seats.add_column(heading, justify="left" if heading in {"Lineup", "Alone"} else "right")
    names = tournament.seat_names
    for line in tournament.lineups:
        seats.add_row(
            ", ".join(f"{names[seat]}: {bot}" for seat, bot in enumerate(line.lineup)),
            f"{line.lineup[line.seat]} ({names[line.seat]})",
            str(line.games),
            _rate(line.wins),
            _rate(line.draws),
        )
    alone = "" if tournament.alone is None else f", {tournament.alone} always alone"
    deals = ", deals mirrored" if tournament.mirror else ""
    deals += ", the same deals whatever the bots" if tournament.same_deals else ""
    title = Text(
        f"{tournament.game}: tournament of {len(tournament.records)} games, "
        f"master seed {tournament.seed}{alone}{deals}",
        style="bold",
    )
    made = Text(
        f"Options {shown(tournament.options)}; settings "
        + ("; ".join(s.text for s in tournament.settings) or "none")
    )
    return Group(title, made, pairs, seats, _ratings(tournament))


def _ratings(tournament: Tournament) -> Group:
    """The ratings table (a batch fit with a seat term) and the seats' own advantages."""
    ratings = Table(
        title="Ratings (Plackett-Luce/Bradley-Terry maximum likelihood over all games, with a "
        "seat term; Elo points; 95% bootstrap interval)"
    )
    for heading in ("Rank", "Bot", "Rating", "95% interval", "Games"):
        ratings.add_column(heading, justify="left" if heading == "Bot" else "right")
    for rank, rating in enumerate(tournament.ratings, start=1):
        low, high = rating.interval
        ratings.add_row(
            str(rank), rating.bot, f"{rating.mu:.0f}", f"{low:.0f} - {high:.0f}", str(rating.games)
        )
    seats = Table(title="Seat terms (Elo points over the first seat; 95% bootstrap interval)")
    for heading in ("Seat", "Points", "95% interval"):
        seats.add_column(heading, justify="left" if heading == "Seat" else "right")
    for term in tournament.seat_terms:
        seats.add_row(
            tournament.seat_names[term.seat],
            _signed(term.points),
            f"{_signed(term.low)} - {_signed(term.high)}",
        )
    return Group(ratings, seats)


def _signed(points: float) -> str:
    """Whole points with their sign (never "-0")."""
    return f"{round(points) + 0:+d}"
