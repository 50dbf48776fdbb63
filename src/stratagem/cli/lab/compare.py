"""``stratagem compare``: the same seeded games under each variant of the rules (given one
by one or as a sweep of one setting), every question with its interval, the paired
differences seed by seed and the answers in words; ``--check-bots`` plays it again with
other bots and says whether each verdict holds."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from stratagem.cli.common import GameName, fail, parse_seat_specs, stderr, stdout
from stratagem.cli.lab.options import (
    AllBot,
    LabRun,
    LabSeatSpecs,
    LocalWorkers,
    Seed,
    SettingSpecs,
    every_seat,
    master_seed,
    ray_target,
    split_settings,
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
from stratagem.core import Game, StratagemError, load, options_model, parse_option_specs
from stratagem.sim.compare import (
    Comparison,
    Variant,
    parse_variant,
    run_compare,
    sweep_variants,
    variant_verdicts,
)
from stratagem.sim.questions import (
    balance_text,
    difference_text,
    interval_text,
    seat_balance,
    value_text,
)
from stratagem.sim.settings import parse_settings
from stratagem.sim.verdicts import bot_note, check_lines, nearest_even, summary

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


def compare_command(
    game_name: GameName,
    *,
    variant: VariantSpecs = None,
    sweep: SweepSpec = None,
    n: Annotated[int, typer.Option("-n", "--games", min=1, help="Games per variant.")] = 1000,
    seat: LabSeatSpecs = None,
    all_bot: AllBot = None,
    setting: SettingSpecs = None,
    seed: Seed = None,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="Number of players.")
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", metavar="KEY=VALUE", help="A game option (repeatable)."),
    ] = None,
    workers: LocalWorkers = None,
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
    try:
        option_specs, setting_specs = split_settings(game_name, option or [], setting or [])
        given = parse_option_specs(options_model(game_name), game_name, option_specs)
        options: dict[str, Any] = {**given, "players": players} if players else dict(given)
        game = load(game_name, **options)
        variants = [parse_variant(text) for text in variant or []]
        if sweep is not None:
            variants += sweep_variants(sweep)
        seats = every_seat(game, parse_seat_specs(seat or []), all_bot, bool(seat))
        run = LabRun(
            game.name,
            n,
            master_seed(seed),
            game.options,
            settings=tuple(parse_settings(setting_specs)),
            seats=seats,
            workers=worker_count(workers, n * max(1, len(variants))),
            ray=ray_target(ray),
            report=report,
        )
        others = None if check_bots is None else check_seats(game, check_bots)
        compare_and_report(stdout(), stderr(), run, variants, sweep=sweep, check_bots=others)
    except (StratagemError, ValueError) as error:
        fail(str(error))


def compare_and_report(
    out: Console,
    err: Console,
    run: LabRun,
    variants: Sequence[Variant],
    *,
    sweep: str | None = None,
    check_bots: Mapping[str, str] | None = None,
) -> None:
    """Play ``run`` under each of ``variants`` (the same seeds in each), print each
    question for every variant with the paired differences and the verdicts in words, and
    write its report; with ``check_bots``, play it again with those bots and say whether
    each verdict holds."""
    check_report(run.report)
    out.print(header(run))

    def play(bots: Mapping[str, str]) -> Comparison:
        with (
            sigterm_stops_the_games(),
            stopped_while_setting_up(err, run.games * len(variants)),
            progress_bar(err) as progress,
        ):
            return run_compare(
                run.game,
                bots,
                run.games,
                run.seed,
                variants,
                options=run.options,
                shared=run.settings,
                progress=progress,
                workers=run.workers,
                ray=run.ray,
                sweep=sweep,
            )

    comparison = play(run.seats)
    if comparison.interrupted:
        done = sum(len(played.records) for played in comparison.runs)
        interrupted(err, done, run.games * len(variants))
    out.print(render_comparison(comparison))
    check: list[str] = []
    if check_bots is not None and not comparison.interrupted:
        out.print(Text(f"Checking with other bots: {_lineup(check_bots)}", style="bold"))
        other = play(check_bots)
        if other.interrupted:
            raise stopped_exit()
        check = check_lines(
            [played.variant.name for played in comparison.runs],
            [played.records for played in comparison.runs],
            [played.records for played in other.runs],
            comparison.seat_names,
            other.seat_bots,
        )
        for line in check:
            out.print(Text(line))
    if run.report is not None:
        from stratagem.sim.compare_report import write_comparison_report  # noqa: PLC0415

        with writing("--report", run.report):
            html = write_comparison_report(comparison, run.report, check)
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


def _lineup(seat_bots: Mapping[str, str]) -> str:
    return ", ".join(f"{seat}: {bot}" for seat, bot in seat_bots.items())


def check_seats(game: Game, text: str) -> dict[str, str]:
    """``--check-bots``: one bot in every seat, or ``SEAT=BOT`` pairs (comma-separated)."""
    if "=" in text:
        return parse_seat_specs([part for part in text.split(",") if part.strip()])
    return every_seat(game, {}, text.strip(), False)
