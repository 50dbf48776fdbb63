"""The simulation lab at the command line: ``stratagem simulate`` and ``stratagem tournament``.

``cli.py`` declares the commands' arguments and calls these functions, which run the study
or tournament with a progress bar (on stderr, when it is a terminal), print the tables and
write the report. Ctrl-C stops the games; what was finished is still reported, and the
run says it was interrupted. SIGTERM does the same (what a scheduler or ``kill`` sends,
and the one way to stop a run started in the background by a script, whose Ctrl-C
signal is ignored).
"""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import FrameType

from rich.console import Console, Group
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text
from typer._click.core import Context as ClickContext  # Typer's own click, which TyperCommand uses
from typer.core import TyperCommand

from stratagem.sim import ProgressCallback, Tournament, run_study, run_tournament, tournament_doc
from stratagem.sim.details import summarize_details
from stratagem.sim.stats import Proportion
from stratagem.terminal import render_details, render_study

LOCAL_RAY = "local"
"""What a bare ``--ray`` stands for: a Ray cluster started on this machine."""


def is_ray_address(text: str) -> bool:
    """Whether the word after ``--ray`` is a cluster's address (``auto``, ``host:port``,
    ``ray://head:10001``, or ``local``) rather than the next argument."""
    return text in {"auto", LOCAL_RAY} or (":" in text and not text.startswith("-"))


def ray_arguments(args: Sequence[str]) -> list[str]:
    """``args`` with a bare ``--ray`` (no address after it) written ``--ray=local``."""
    out = list(args)
    for index, arg in enumerate(out):
        if arg == "--ray" and (index + 1 == len(out) or not is_ray_address(out[index + 1])):
            out[index] = f"--ray={LOCAL_RAY}"
    return out


class RayCommand(TyperCommand):
    """A lab command whose ``--ray`` takes an optional address (Typer's options cannot):
    ``--ray`` alone plays on a local cluster, ``--ray ADDRESS`` on the one at ADDRESS."""

    def parse_args(self, ctx: ClickContext, args: list[str]) -> list[str]:
        return super().parse_args(ctx, ray_arguments(args))


def ray_target(ray: str | None) -> str | bool:
    """``run_study``'s ``ray`` for the ``--ray`` option: no Ray (``False``), a local
    cluster (``True``) or an address."""
    if ray is None:
        return False
    return True if ray == LOCAL_RAY else ray


def _stop(signum: int, frame: FrameType | None) -> None:
    """The SIGTERM handler of a run: stop as Ctrl-C stops it."""
    raise KeyboardInterrupt


@contextmanager
def sigterm_stops_the_games() -> Iterator[None]:
    """While a run is going, SIGTERM stops it as Ctrl-C does (the backends keep the games
    finished); the previous handler is put back afterwards."""
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@contextmanager
def progress_bar(console: Console) -> Iterator[ProgressCallback]:
    """A rich progress bar of games played, as a ``ProgressCallback``."""
    columns = (TextColumn("Playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(
        *columns, console=console, transient=True, disable=not console.is_terminal
    ) as bar:
        task = bar.add_task("games", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


def _interrupted(console: Console, done: int, planned: int) -> None:
    console.print(
        Text(
            f"Interrupted: {done} of {planned} games were finished; reporting those.",
            style="yellow",
        )
    )


def simulate_and_report(
    out: Console,
    err: Console,
    game_name: str,
    seat_bots: Mapping[str, str],
    n: int,
    *,
    seed: int,
    options: Mapping[str, object],
    workers: int,
    ray: str | bool,
    report: Path | None,
) -> None:
    """Run a study, print its tables and write its report (``report`` is a folder)."""
    with sigterm_stops_the_games(), progress_bar(err) as progress:
        run = run_study(
            game_name,
            seat_bots,
            n,
            seed,
            options=options,
            progress=progress,
            workers=workers,
            ray=ray,
        )
    if run.interrupted:
        _interrupted(err, len(run.records), run.planned)
    out.print(render_study(run.study), render_details(*summarize_details(run.records)))
    if report is not None:
        from stratagem.sim.report import write_study_report  # noqa: PLC0415  (matplotlib)

        html = write_study_report(run, report)
        out.print(Text(f"Report: {html} (results: {html.parent / 'results.json'})"))


def tournament_and_report(
    out: Console,
    err: Console,
    game_name: str,
    bots: Sequence[str],
    n: int,
    *,
    seed: int,
    options: Mapping[str, object],
    workers: int,
    ray: str | bool,
    alone: str | None = None,
    results: Path | None = None,
) -> None:
    """Run a tournament, print its win rates and ratings, and write every game's record
    to ``results`` (JSON) when it is given."""
    with sigterm_stops_the_games(), progress_bar(err) as progress:
        result = run_tournament(
            game_name,
            bots,
            n,
            seed,
            options=options,
            progress=progress,
            workers=workers,
            ray=ray,
            alone=alone,
        )
    if result.interrupted:
        _interrupted(err, len(result.records), result.planned)
    out.print(render_tournament(result))
    if results is not None:
        results.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(tournament_doc(result), indent=1) + "\n"
        results.write_text(text, encoding="utf-8")
        out.print(Text(f"Results: {results}"))


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
    title = Text(
        f"{tournament.game}: tournament of {len(tournament.records)} games, "
        f"master seed {tournament.seed}{alone}",
        style="bold",
    )
    return Group(title, pairs, seats, _ratings(tournament))


def _ratings(tournament: Tournament) -> Table | Text:
    """The ratings table, or why there is none (one bot always alone at a larger table)."""
    if not tournament.ratings and tournament.alone is not None:
        return Text(
            f"No ratings: with {tournament.alone} always alone, the side with more seats "
            "would be rated for its numbers. Judge A's score against Even."
        )
    ratings = Table(title="Ratings (openskill Plackett-Luce; 95% interval mu ± 1.96 sigma)")
    for heading in ("Rank", "Bot", "Rating", "95% interval", "Games"):
        ratings.add_column(heading, justify="left" if heading == "Bot" else "right")
    for rank, rating in enumerate(tournament.ratings, start=1):
        low, high = rating.interval
        ratings.add_row(
            str(rank),
            rating.bot,
            f"{rating.mu:.2f}",
            f"{low:.2f} - {high:.2f}",
            str(rating.games),
        )
    return ratings
