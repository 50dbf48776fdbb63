"""``stratagem simulate``: many games between bots, with win rates, game lengths, every
question of the game with its interval, and the answers in words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
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
    AllBot,
    BotSeatSpecs,
    LabRun,
    Seed,
    SettingSpecs,
    UseRay,
    Workers,
    every_seat,
    lab_game,
    master_seed,
    ray_target,
    worker_count,
)
from stratagem.cli.lab.running import (
    check_report,
    header,
    interrupted,
    progress_bar,
    sigterm_stops_the_games,
    stopped_exit,
    stopped_while_setting_up,
    writing,
)
from stratagem.cli.terminal import plural
from stratagem.core import StratagemError
from stratagem.sim import run_study
from stratagem.sim.questions import (
    Estimate,
    answers_of,
    balance_text,
    estimates,
    interval_text,
    seat_balance,
    value_text,
)
from stratagem.sim.settings import parse_settings
from stratagem.sim.stats import Proportion, Spread, Study
from stratagem.sim.verdicts import Verdict, bot_note, verdicts


def simulate_command(
    game_name: GameName,
    *,
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Number of games.")] = 1000,
    seat: BotSeatSpecs = None,
    seed: Seed = None,
    players: Players = None,
    option: OptionSpecs = None,
    army: Armies = None,
    workers: Workers = None,
    ray: UseRay = None,
    report: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR",
            file_okay=False,
            help="Write results.json and report.html (plots) into DIR.",
        ),
    ] = None,
    setting: SettingSpecs = None,
    all_bot: AllBot = None,
) -> None:
    """Play many games between bots and report win rates and game lengths."""
    game, names, settings = lab_game(
        game_name, players, seat or [], option_specs=option, setting_specs=setting, army=army
    )
    seat_bots = dict(zip(game.seat_names, names, strict=True))
    try:
        run = LabRun(
            game.name,
            n,
            master_seed(seed),
            game.options,
            settings=tuple(parse_settings(settings)),
            seats=every_seat(game, seat_bots, all_bot, bool(seat)),
            workers=worker_count(workers, n),
            ray=ray_target(ray),
            report=report,
        )
        simulate_and_report(stdout(), stderr(), run)
    except StratagemError as error:
        fail(str(error))


def simulate_and_report(out: Console, err: Console, run: LabRun) -> None:
    """Play ``run``'s study, print its tables and write its report (a folder)."""
    check_report(run.report)
    out.print(header(run))
    with (
        sigterm_stops_the_games(),
        stopped_while_setting_up(err, run.games),
        progress_bar(err) as progress,
    ):
        study = run_study(
            run.game,
            run.seats,
            run.games,
            run.seed,
            options=run.options,
            progress=progress,
            workers=run.workers,
            ray=run.ray,
            settings=run.settings,
        )
    if study.interrupted:
        interrupted(err, len(study.records), study.planned)
    found = estimates(answers_of(study.records, study.seat_names))
    balance = seat_balance(study.records, len(study.seat_names))
    out.print(render_study(study.study), render_questions(found))
    out.print(Text(balance_text(balance, len(study.seat_names))))
    lineup = {row.seat: row.bot for row in study.study.seats}
    out.print(render_verdicts(verdicts(study.records, study.seat_names), lineup))
    if run.report is not None:
        from stratagem.sim.report import write_study_report  # noqa: PLC0415  (matplotlib)

        with writing("--report", run.report):
            html = write_study_report(study, run.report)
        out.print(Text(f"Report: {html} (results: {html.parent / 'results.json'})"))
    if study.interrupted:
        raise stopped_exit()


def render_verdicts(found: Sequence[Verdict], seat_bots: Mapping[str, str]) -> Group:
    """The answers in words, then why they hold only for these bots."""
    return Group(
        *[Text(verdict.text, style="bold") for verdict in found],
        Text(bot_note(seat_bots), style="italic"),
    )


def render_questions(found: Sequence[Estimate]) -> Table:
    """Every question with its value, 95% interval and (a number's) spread."""
    questions = Table(title="Questions (95% intervals: Wilson for rates, Student t for means)")
    for heading in ("Section", "Question", "Games", "Value", "95% interval", "SD", "Median"):
        questions.add_column(
            heading, justify="left" if heading in {"Section", "Question"} else "right"
        )
    group = ""
    for e in found:
        number = e.question.kind == "number" and e.games > 0
        questions.add_row(
            e.question.group if e.question.group != group else "",
            e.question.label,
            str(e.games),
            value_text(e),
            interval_text(e),
            f"{e.sd:.3g}" if number else "",
            f"{e.median:g}" if number else "",
        )
        group = e.question.group
    return questions


# -- the study's tables ------------------------------------------------------------------


def _percent(value: float) -> str:
    return f"{value:.1%}"


def _interval(proportion: Proportion) -> str:
    low, high = proportion.interval
    return f"{_percent(low)} - {_percent(high)}"


def _spread_cells(spread: Spread | None) -> tuple[str, str]:
    if spread is None:
        return ("-", "-")
    return (f"{spread.mean:.1f}", f"{spread.median:g}")


def render_study(study: Study) -> Group:
    """A study's tables: wins per seat (and draws), game length, first player."""
    wins = Table(title="Results")
    for heading in ("Seat", "Bot", "Wins", "Win rate", "95% CI"):
        wins.add_column(heading, justify="left" if heading in ("Seat", "Bot") else "right")
    for seat in study.seats:
        w = seat.wins
        wins.add_row(seat.seat, seat.bot, str(w.count), _percent(w.rate), _interval(w))
    d = study.draws
    wins.add_row("Draws", "", str(d.count), _percent(d.rate), _interval(d), style="dim")

    length = Table(title="Game length")
    length.add_column("Measure")
    length.add_column("Mean", justify="right")
    length.add_column("Median", justify="right")
    length.add_row("Actions (chance included)", *_spread_cells(study.actions))
    length.add_row("Decisions", *_spread_cells(study.decisions))
    length.add_row("Turns", *_spread_cells(study.turns))

    first = Table(title="First player")
    for heading in ("Acted first", "Games", "Won", "Win rate", "95% CI"):
        first.add_column(heading, justify="left" if heading == "Acted first" else "right")
    for row in study.first_player:
        w = row.wins
        first.add_row(row.seat, str(w.total), str(w.count), _percent(w.rate), _interval(w))

    games = plural(study.games, "game")
    title = Text(f"{study.game}: {games}, master seed {study.seed}", style="bold")
    return Group(title, wins, length, first)
