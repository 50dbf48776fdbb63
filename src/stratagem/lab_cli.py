"""The simulation lab at the command line: ``simulate``, ``tournament``, ``compare``,
``settings`` (every key a designer may set) and ``balance`` (the value nearest to even).

``cli.py`` declares the arguments of ``simulate`` and ``tournament`` and calls these
functions; ``compare`` is declared here whole (``compare_command``). They check the report
folder before the first game, print a header (game, options, settings, seats), run the
games with a progress bar (on stderr, when it is a terminal; its estimate is the mean time
of the games finished so far), print the tables and write the report. Ctrl-C stops the
games: what was finished is still reported and written, the run says it was interrupted
and exits with 130; SIGTERM does the same (what a scheduler or ``kill`` sends, and the one
way to stop a run started in the background by a script, whose Ctrl-C signal is ignored)
and exits with 143.
"""

from __future__ import annotations

import json
import math
import secrets
import signal
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from types import FrameType
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn
from rich.table import Table
from rich.text import Text
from typer._click.core import Context as ClickContext  # Typer's own click, which TyperCommand uses
from typer.core import TyperCommand

from stratagem.core import Game, StratagemError, load, options_model, parse_option_specs
from stratagem.sim import ProgressCallback, Tournament, run_study, run_tournament, tournament_doc
from stratagem.sim.balance import find_balance, parse_range
from stratagem.sim.compare import (
    Comparison,
    Variant,
    parse_variant,
    run_compare,
    sweep_variants,
    variant_verdicts,
)
from stratagem.sim.questions import (
    Estimate,
    answers_of,
    balance_text,
    difference_text,
    estimates,
    interval_text,
    seat_balance,
    value_text,
)
from stratagem.sim.runner import check_bot
from stratagem.sim.settings import Setting, check_option_keys, parse_settings
from stratagem.sim.settings_list import PACK, option_names, pack_keys_ending, setting_rows
from stratagem.sim.stats import Proportion
from stratagem.sim.verdicts import (
    Verdict,
    bot_note,
    check_lines,
    nearest_even,
    summary,
    verdicts,
)
from stratagem.terminal import render_study

USER_ERROR = 2
SIGINT_EXIT = 128 + signal.SIGINT
"""The exit code of a run stopped by Ctrl-C (130), as a shell reports it."""
SIGTERM_EXIT = 128 + signal.SIGTERM
"""The exit code of a run stopped by SIGTERM (143)."""

SettingSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--set",
        metavar="SETTING",
        help="Change a game option or a data pack value for every game: advanced=true, "
        'pack.rules.logistics.spanish_hand=7, pack.cards."Sea Beggars".value=8 '
        "(repeatable; ';' separates several).",
    ),
]
AllBot = Annotated[
    str | None,
    typer.Option("--all", metavar="BOT", help="Seat this bot in every seat (not with --seat)."),
]
Mirror = Annotated[
    bool,
    typer.Option(
        "--mirror",
        help="Two-seat games: play each deal twice, the seats swapped, to cut the deal's luck.",
    ),
]

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


_TERMINATED: list[bool] = []
"""Set while a run is stopping because of SIGTERM (so that it exits 143, not 130)."""


def _stop(signum: int, frame: FrameType | None) -> None:
    """The SIGTERM handler of a run: stop as Ctrl-C stops it."""
    _TERMINATED.append(True)
    raise KeyboardInterrupt


@contextmanager
def sigterm_stops_the_games() -> Iterator[None]:
    """While a run is going, SIGTERM stops it as Ctrl-C does (the backends keep the games
    finished); the previous handler is put back afterwards."""
    _TERMINATED.clear()
    previous = signal.signal(signal.SIGTERM, _stop)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def stopped_exit() -> typer.Exit:
    """The exit of a run that was stopped: 143 after SIGTERM, 130 after Ctrl-C."""
    return typer.Exit(SIGTERM_EXIT if _TERMINATED else SIGINT_EXIT)


class EstimateColumn(ProgressColumn):
    """Time left: the games still to play times the mean time of the games finished (wall
    clock since the start over games done), never a guess from the first few seconds."""

    def render(self, task: Task) -> Text:
        """``-:--:--`` until a game is finished, then the estimate."""
        elapsed = task.elapsed
        if not task.completed or elapsed is None or task.total is None:
            return Text("-:--:-- left", style="progress.remaining")
        left = elapsed / task.completed * (task.total - task.completed)
        return Text(f"{timedelta(seconds=math.ceil(left))} left", style="progress.remaining")


@contextmanager
def progress_bar(console: Console) -> Iterator[ProgressCallback]:
    """A rich progress bar of games played, as a ``ProgressCallback``."""
    columns = (TextColumn("Playing"), BarColumn(), MofNCompleteColumn(), EstimateColumn())
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


def every_seat(
    game: Game, seat_bots: Mapping[str, str], all_bot: str | None, seats_given: bool
) -> dict[str, str]:
    """``seat_bots``, or ``all_bot`` in every seat (``--all``); ``OptionError`` if both
    ``--all`` and ``--seat`` were given."""
    if all_bot is None:
        return dict(seat_bots)
    if seats_given:
        raise StratagemError("--all seats one bot everywhere: give --all or --seat, not both")
    bot = check_bot(game, all_bot)
    return dict.fromkeys(game.seat_names, bot)


def check_report(report: Path | None, flag: str = "--report") -> None:
    """Refuse, before the first game, a report folder that cannot be made or written."""
    if report is None:
        return
    with writing(flag, report):
        report.mkdir(parents=True, exist_ok=True)
        probe = report / ".stratagem-write-check"
        probe.write_text("", encoding="utf-8")
        probe.unlink()


@contextmanager
def writing(flag: str, where: Path) -> Iterator[None]:
    """A failure to write ``where`` as a one-line ``StratagemError`` naming the flag."""
    try:
        yield
    except OSError as error:
        raise StratagemError(
            f"{flag} {where}: cannot write there ({error.strerror or error})"
        ) from None


def header(
    game: str,
    n: int,
    *,
    seed: int,
    options: Mapping[str, object],
    settings: Sequence[Setting],
    seats: Mapping[str, str],
) -> Text:
    """The run's first line: what is played, how many games, options and settings."""
    changed = "; ".join(s.text for s in settings) or "none"
    lineup = ", ".join(f"{seat}={bot}" for seat, bot in seats.items())
    return Text(
        f"{game}: {n} games, master seed {seed}; seats {lineup}; options {_shown(options)}; "
        f"settings {changed}",
        style="bold",
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
    settings: Sequence[str] = (),
    all_bot: str | None = None,
    seats_given: bool = False,
) -> None:
    """Run a study, print its tables and write its report (``report`` is a folder)."""
    parsed = parse_settings(settings)
    check_report(report)
    chosen: dict[str, Any] = dict(options)
    seats = every_seat(load(game_name, **chosen), seat_bots, all_bot, seats_given)
    out.print(header(game_name, n, seed=seed, options=options, settings=parsed, seats=seats))
    with sigterm_stops_the_games(), progress_bar(err) as progress:
        run = run_study(
            game_name,
            seats,
            n,
            seed,
            options=options,
            progress=progress,
            workers=workers,
            ray=ray,
            settings=parsed,
        )
    if run.interrupted:
        _interrupted(err, len(run.records), run.planned)
    found = estimates(answers_of(run.records, run.seat_names))
    balance = seat_balance(run.records, len(run.seat_names))
    out.print(render_study(run.study), render_questions(found))
    out.print(Text(balance_text(balance, len(run.seat_names))))
    lineup = {row.seat: row.bot for row in run.study.seats}
    out.print(render_verdicts(verdicts(run.records, run.seat_names), lineup))
    if report is not None:
        from stratagem.sim.report import write_study_report  # noqa: PLC0415  (matplotlib)

        with writing("--report", report):
            html = write_study_report(run, report)
        out.print(Text(f"Report: {html} (results: {html.parent / 'results.json'})"))
    if run.interrupted:
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
    mirror: bool = False,
    settings: Sequence[str] = (),
) -> None:
    """Run a tournament, print its win rates and ratings, and write every game's record
    to ``results`` (JSON) when it is given."""
    parsed = parse_settings(settings)
    if results is not None:
        check_report(results.parent, "--results")
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
            mirror=mirror,
            settings=parsed,
        )
    if result.interrupted:
        _interrupted(err, len(result.records), result.planned)
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
    mirrored = ", deals mirrored" if tournament.mirror else ""
    title = Text(
        f"{tournament.game}: tournament of {len(tournament.records)} games, "
        f"master seed {tournament.seed}{alone}{mirrored}",
        style="bold",
    )
    made = Text(
        f"Options {_shown(tournament.options)}; settings "
        + ("; ".join(s.text for s in tournament.settings) or "none")
    )
    return Group(title, made, pairs, seats, _ratings(tournament))


def _shown(options: Mapping[str, object]) -> str:
    """Options given a value, as ``key=value`` (JSON values), or ``none``."""
    shown = ", ".join(f"{k}={json.dumps(v)}" for k, v in options.items() if v is not None)
    return shown or "none"


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


# -- compare -----------------------------------------------------------------------------


def compare_and_report(
    out: Console,
    err: Console,
    game_name: str,
    seat_bots: Mapping[str, str],
    n: int,
    *,
    seed: int,
    options: Mapping[str, object],
    variants: Sequence[Variant],
    settings: Sequence[Setting],
    workers: int,
    ray: str | bool,
    report: Path | None,
    sweep: str | None,
    check_bots: Mapping[str, str] | None = None,
) -> None:
    """Run a comparison, print each question for every variant with the paired
    differences and the verdicts in words, and write its report; with ``check_bots``,
    play it again with those bots and say whether each verdict holds."""
    check_report(report)
    out.print(header(game_name, n, seed=seed, options=options, settings=settings, seats=seat_bots))

    def play(bots: Mapping[str, str]) -> Comparison:
        with sigterm_stops_the_games(), progress_bar(err) as progress:
            return run_compare(
                game_name,
                bots,
                n,
                seed,
                variants,
                options=options,
                shared=settings,
                progress=progress,
                workers=workers,
                ray=ray,
                sweep=sweep,
            )

    comparison = play(seat_bots)
    if comparison.interrupted:
        done = sum(len(run.records) for run in comparison.runs)
        _interrupted(err, done, n * len(variants))
    out.print(render_comparison(comparison))
    check: list[str] = []
    if check_bots is not None and not comparison.interrupted:
        out.print(Text(f"Checking with other bots: {_lineup(check_bots)}", style="bold"))
        other = play(check_bots)
        if other.interrupted:
            raise stopped_exit()
        check = check_lines(
            [run.variant.name for run in comparison.runs],
            [run.records for run in comparison.runs],
            [run.records for run in other.runs],
            comparison.seat_names,
            other.seat_bots,
        )
        for line in check:
            out.print(Text(line))
    if report is not None:
        from stratagem.sim.compare_report import write_comparison_report  # noqa: PLC0415

        with writing("--report", report):
            html = write_comparison_report(comparison, report, check)
        out.print(Text(f"Report: {html} (results: {html.parent / 'results.json'})"))
    if comparison.interrupted:
        raise stopped_exit()


def render_comparison(comparison: Comparison) -> Group:
    """Each question: every variant's value (95% interval) and the paired differences."""
    runs = comparison.runs
    base = runs[0].variant.name
    variants = Table(title="Variants (the same seeds in each)")
    for heading in ("Variant", "Settings", "Games"):
        variants.add_column(heading)
    listed = [runs[i] for i in comparison.order]
    for run in listed:
        settings = "; ".join(s.text for s in run.variant.settings) or "none"
        variants.add_row(run.variant.name, settings, str(len(run.records)))
    questions = Table(
        title=f"Questions: value (95% interval); difference with {base!r} seed by seed "
        "(mean, 95% Student t interval on the per-seed differences)"
    )
    questions.add_column("Question")
    for run in listed:
        questions.add_column(run.variant.name, justify="right")
    for run in runs[1:]:
        questions.add_column(f"{run.variant.name} - {base}")
    for index, question in enumerate(comparison.answers[0].questions):
        cells = [question.label]
        for found in (comparison.estimates[i] for i in comparison.order):
            cells.append(f"{value_text(found[index])} ({interval_text(found[index])})")
        for differences in comparison.differences:
            d = differences[index]
            cells.append(f"{difference_text(d)}\n{d.verdict()}")
        questions.add_row(*cells)
    balance = [
        Text(
            f"{run.variant.name}: "
            + balance_text(
                seat_balance(run.records, len(comparison.seat_names)), len(comparison.seat_names)
            )
        )
        for run in runs
    ]
    told = variant_verdicts(comparison)
    names = comparison.seat_names
    answers = [
        Text(f"{name}: {verdict.text}", style="bold") for name, pair in told for verdict in pair
    ]
    lineup = dict(zip(comparison.seat_names, comparison.seat_bots, strict=True))
    return Group(
        variants,
        questions,
        *balance,
        *answers,
        Text(summary([(name, pair[0]) for name, pair in told]), style="bold"),
        *(
            [Text(nearest_even([(r.variant.name, r.records) for r in listed], names), style="bold")]
            if comparison.sweep is not None
            else []
        ),
        Text(bot_note(lineup), style="italic"),
    )


VariantSpecs = Annotated[
    list[str] | None,
    typer.Option(
        "--variant",
        "-V",
        metavar="'NAME: SETTING; SETTING'",
        help="A variant: a name, then its settings ('printed:' has none; 'spanish 7: "
        "pack.rules.logistics.spanish_hand=7'). Repeat; the first is the base.",
    ),
]
SweepSpec = Annotated[
    str | None,
    typer.Option(
        "--sweep",
        metavar="SETTING=A..B",
        help="One variant per value: pack.rules.logistics.spanish_hand=6..9 or KEY=6,7,9 "
        "(with --variant, the sweep's variants come after them).",
    ),
]


CheckBots = Annotated[
    str | None,
    typer.Option(
        "--check-bots",
        metavar="BOT|SEAT=BOT,...",
        help="Play the comparison again with another pairing (BOT in every seat, or "
        "SEAT=BOT,SEAT=BOT) and say whether each verdict holds.",
    ),
]


def _lineup(seat_bots: Mapping[str, str]) -> str:
    return ", ".join(f"{seat}: {bot}" for seat, bot in seat_bots.items())


def check_seats(game: Game, text: str) -> dict[str, str]:
    """``--check-bots``: one bot in every seat, or ``SEAT=BOT`` pairs (comma-separated)."""
    from stratagem.cli import parse_seat_specs  # noqa: PLC0415  (cli imports this module)

    if "=" in text:
        return parse_seat_specs([part for part in text.split(",") if part.strip()])
    return every_seat(game, {}, text.strip(), False)


def settings_command(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="A game: see `stratagem games`.")
    ],
    word: Annotated[
        str | None,
        typer.Argument(metavar="[WORD]", help="Only the keys containing WORD (hand, victory)."),
    ] = None,
) -> None:
    """Every key `--set`, `--variant` and `--sweep` may change: the game's options and every
    value of its data pack, with the printed value, its type and the range allowed."""
    try:
        load(game_name)
        rows = setting_rows(game_name)
    except StratagemError as error:
        raise _fail(str(error)) from None
    if word is not None:
        rows = [row for row in rows if word.casefold() in row.key.casefold()]
    listing = Table(
        title=f"{game_name}: settings (KEY=VALUE with --set; a pack value marked * is "
        "not printed in the rulebook: see the game's RULINGS.md)"
    )
    for heading in ("Key", "Printed value", "Type", "Allowed"):
        listing.add_column(heading, overflow="fold")
    for row in rows:
        listing.add_row(row.key, row.value + (" *" if row.assumed else ""), row.type, row.allowed)
    Console(highlight=False).print(listing)


def balance_command(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="A game: see `stratagem games`.")
    ],
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
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat", "-s", metavar="SEAT=BOT", help="Which bot plays a seat (repeatable)."
        ),
    ] = None,
    all_bot: AllBot = None,
    seed: Annotated[int | None, typer.Option(help="Master seed (default: random).")] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", "-j", min=1, help="Local processes to play on.")
    ] = None,
) -> None:
    """Find the value of a setting where a seat wins nearest its even share: a noisy
    bisection over the same seeded games, with the interval and the games spent."""
    from stratagem.cli import _workers, parse_seat_specs  # noqa: PLC0415  (cli imports this module)

    try:
        game = load(game_name)
        seats = every_seat(game, parse_seat_specs(seat or []), all_bot, bool(seat))
        with sigterm_stops_the_games():
            search = find_balance(
                game.name,
                seats,
                vary,
                parse_range(value_range),
                n=n,
                seed=secrets.randbelow(2**31) if seed is None else seed,
                seat=seat_for,
                workers=_workers(workers, n),
            )
    except (StratagemError, ValueError) as error:
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        raise stopped_exit() from None
    out = Console(highlight=False)
    out.print(Text(search.text(), style="bold"))
    out.print(Text(bot_note({**dict.fromkeys(game.seat_names, "random"), **seats}), style="italic"))


def split_settings(
    game_name: str, option_specs: Sequence[str], setting_specs: Sequence[str]
) -> tuple[list[str], list[str]]:
    """One settings syntax everywhere: an ``--option`` that names a pack value
    (``pack.rules.logistics.spanish_hand=7``) is taken as a ``--set``; an option the game
    lacks but its pack has a value of that name is refused with the pack key (any other
    unknown option is left to the options' own message, which lists them)."""
    options: list[str] = []
    settings = list(setting_specs)
    names = option_names(game_name)
    for spec in option_specs:
        key = spec.partition("=")[0].strip()
        if key.startswith(f"{PACK}."):
            settings.append(spec)
            continue
        if key and key not in names and pack_keys_ending(game_name, key):
            check_option_keys(game_name, parse_settings([spec]))
        options.append(spec)
    return options, settings


def _fail(message: str) -> typer.Exit:
    Console(stderr=True, highlight=False).print(
        Text(f"Error: {message}", style="red"), soft_wrap=True
    )
    return typer.Exit(USER_ERROR)


def compare_command(
    game_name: Annotated[
        str, typer.Argument(metavar="GAME", help="A game: see `stratagem games`.")
    ],
    *,
    variant: VariantSpecs = None,
    sweep: SweepSpec = None,
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Games per variant.")] = 1000,
    seat: Annotated[
        list[str] | None,
        typer.Option(
            "--seat", "-s", metavar="SEAT=BOT", help="Which bot plays a seat (repeatable)."
        ),
    ] = None,
    all_bot: AllBot = None,
    setting: SettingSpecs = None,
    seed: Annotated[int | None, typer.Option(help="Master seed (default: random).")] = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players.")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option (repeatable)."),
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", "-j", min=1, help="Local processes to play on.")
    ] = None,
    ray: Annotated[
        str | None,
        typer.Option(
            "--ray", metavar="[ADDRESS]", help="Play on Ray: a local cluster, or ADDRESS."
        ),
    ] = None,
    report: Annotated[
        Path | None,
        typer.Option(
            metavar="DIR", file_okay=False, help="Write results.json and report.html here."
        ),
    ] = None,
    check_bots: CheckBots = None,
) -> None:
    """Play the same seeded games under each variant of the rules and compare them: every
    question with its interval, each variant against the first, seed by seed, and the
    answers in words (balanced? does acting first matter?)."""
    from stratagem.cli import _workers, parse_seat_specs  # noqa: PLC0415  (cli imports this module)

    try:
        option_specs, setting_specs = split_settings(game_name, option or [], setting or [])
        given = parse_option_specs(options_model(game_name), game_name, option_specs)
        options: dict[str, Any] = {**given, "players": players} if players else dict(given)
        game = load(game_name, **options)
        variants = [parse_variant(text) for text in variant or []]
        if sweep is not None:
            variants += sweep_variants(sweep)
        seats = every_seat(game, parse_seat_specs(seat or []), all_bot, bool(seat))
        compare_and_report(
            Console(highlight=False),
            Console(stderr=True, highlight=False),
            game.name,
            seats,
            n,
            seed=secrets.randbelow(2**31) if seed is None else seed,
            options=game.options,
            variants=variants,
            settings=parse_settings(setting_specs),
            workers=_workers(workers, n * max(1, len(variants))),
            ray=ray_target(ray),
            report=report,
            sweep=sweep,
            check_bots=None if check_bots is None else check_seats(game, check_bots),
        )
    except (StratagemError, ValueError) as error:
        raise _fail(str(error)) from None
