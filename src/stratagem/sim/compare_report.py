"""A comparison's report: ``results.json`` (every variant's games) and ``report.html``.

First the answers in words (each variant: balanced? does acting first matter?; which are
balanced; the note on the bots; what ``--check-bots`` found) and, for a sweep, a headline:
the value nearest to even and every seat's win rate against the value. Then for every
question (``questions.py``): each variant's value with its 95% interval, each variant
against the first (mean per-seed difference, its interval and a verdict in words), and a
figure per section, one panel per question with every variant's value and interval (for a
sweep, against the swept value in numeric order, every value labelled, the interval as a
band), the even share on every rate. Then the headline figures' convergence, the seat
balance of each variant, and what made the figures.
"""

from __future__ import annotations

import html
import json
import math
import textwrap
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from stratagem.sim.compare import Comparison, VariantRun, comparison_doc, variant_verdicts
from stratagem.sim.figures import (
    even_line,
    new_figure,
    page,
    provenance_html,
    running_panel,
    svg,
    table,
)
from stratagem.sim.provenance import provenance
from stratagem.sim.questions import (
    GROUPS,
    Estimate,
    balance_text,
    difference_text,
    interval_text,
    seat_balance,
    value_text,
)
from stratagem.sim.report import REPORT, RESULTS
from stratagem.sim.settings import parse_setting
from stratagem.sim.verdicts import bot_note, nearest_even, summary

if TYPE_CHECKING:
    from matplotlib.axes import Axes


def write_comparison_report(
    comparison: Comparison, folder: Path, check: Sequence[str] = ()
) -> Path:
    """Write ``results.json`` and ``report.html`` into ``folder``; the HTML's path.
    ``check`` is what ``--check-bots`` found (whether each verdict holds)."""
    folder.mkdir(parents=True, exist_ok=True)
    doc = comparison_doc(comparison, check)
    (folder / RESULTS).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    path = folder / REPORT
    path.write_text(comparison_html(comparison, check), encoding="utf-8")
    return path


def question_rows(comparison: Comparison, group: str) -> list[list[str]]:
    """One row per question of ``group``: each variant's value, each difference."""
    rows = []
    for index, question in enumerate(comparison.answers[0].questions):
        if question.group != group:
            continue
        cells = [question.label]
        for found in (comparison.estimates[i] for i in comparison.order):
            e = found[index]
            cells.append(f"{value_text(e)} ({interval_text(e)}) n={e.games}")
        for differences in comparison.differences:
            d = differences[index]
            cells.append(f"{difference_text(d)}: {d.verdict()}")
        rows.append(cells)
    return rows


def sweep_panel(
    axes: Axes, comparison: Comparison, points: Sequence[tuple[VariantRun, Estimate]]
) -> None:
    """One question against the swept value (in numeric order, every value labelled),
    its interval as a band; a variant that leaves the key alone is marked printed."""
    xs = [float(run.variant.value or 0.0) for run, _ in points]
    axes.plot(xs, [e.mean for _, e in points], marker="o", color="#4878a8")
    axes.fill_between(
        xs, [e.low for _, e in points], [e.high for _, e in points], alpha=0.25, color="#4878a8"
    )
    axes.set_xticks(xs, [_tick(run, comparison) for run, _ in points])
    axes.set_xlabel(_swept_key(comparison))


def _swept_key(comparison: Comparison) -> str:
    return (comparison.sweep or "").partition("=")[0].strip()


def _tick(run: VariantRun, comparison: Comparison) -> str:
    """A sweep's tick: the value, and "printed" under a variant that leaves it alone."""
    swept = parse_setting(f"{_swept_key(comparison)}=0")
    alone = all((s.key, s.path) != (swept.key, swept.path) for s in run.variant.settings)
    value = f"{run.variant.value:g}"
    return f"{value}\n{run.variant.name}" if alone else value


def plot_headline(comparison: Comparison) -> str:
    """Every seat's win rate against the swept value, with the even share: the answer a
    sweep is run for, before its many panels."""
    order = comparison.order
    runs = [comparison.runs[i] for i in order]
    seats = [
        (i, q)
        for i, q in enumerate(comparison.answers[0].questions)
        if q.group == GROUPS[0] and q.label != "draws (no winner)"
    ]
    figure, (axes,) = new_figure(7.0, 3.6)
    for index, question in seats:
        found = [comparison.estimates[v][index] for v in order]
        xs = [float(run.variant.value or 0.0) for run in runs]
        line = axes.plot(xs, [e.mean for e in found], marker="o", label=question.label)
        axes.fill_between(
            xs, [e.low for e in found], [e.high for e in found], alpha=0.2,
            color=line[0].get_color(),
        )  # fmt: skip
    axes.set_xticks(
        [float(run.variant.value or 0.0) for run in runs], [_tick(run, comparison) for run in runs]
    )
    axes.set_ylim(0, 1)
    even_line(axes, len(comparison.seat_names))
    axes.set_xlabel(_swept_key(comparison))
    axes.set_ylabel("win rate (95% interval)")
    axes.legend(loc="best", fontsize=8)
    axes.set_title(f"Win rate by seat against {_swept_key(comparison)}")
    return svg(figure, "headline")


def plot_group(comparison: Comparison, group: str) -> str | None:
    """One panel per question of ``group``: every variant's value with its interval."""
    picked = [(i, q) for i, q in enumerate(comparison.answers[0].questions) if q.group == group]
    if not picked:
        return None
    order = comparison.order
    runs = [comparison.runs[i] for i in order]
    values = [run.variant.value for run in runs]
    swept = comparison.sweep is not None and all(v is not None for v in values)
    columns = min(3, len(picked))
    rows = (len(picked) + columns - 1) // columns
    figure, grid = new_figure(3.3 * columns, 2.7 * rows, rows, columns)
    for panel, axes in enumerate(grid):
        if panel >= len(picked):
            axes.set_visible(False)
            continue
        index, question = picked[panel]
        found = [comparison.estimates[v][index] for v in order]
        if swept:
            sweep_panel(axes, comparison, [(run, e) for run, e in zip(runs, found, strict=True)])
        else:
            means = [e.mean for e in found]
            labels = [run.variant.name for run in runs]
            errors = [
                [0.0 if math.isnan(e.mean - e.low) else e.mean - e.low for e in found],
                [0.0 if math.isnan(e.high - e.mean) else e.high - e.mean for e in found],
            ]
            axes.errorbar(labels, means, yerr=errors, fmt="o", capsize=5, color="#4878a8")
            axes.set_xlim(-0.5, len(labels) - 0.5)
        if question.kind == "rate":
            axes.set_ylim(0, 1)
            if group in GROUPS[:2]:
                even_line(axes, len(comparison.seat_names))
            else:
                even_line(axes, 2, "50%")
        axes.set_title(textwrap.fill(question.label, 40), fontsize=8)
    figure.suptitle(f"{group} (95% intervals)")
    return svg(figure, group)


def plot_convergence(comparison: Comparison) -> str:
    """Each variant's headline rates (wins by seat) after k games, interval as a band."""
    runs = comparison.runs
    columns = min(3, len(runs))
    rows = (len(runs) + columns - 1) // columns
    figure, grid = new_figure(3.3 * columns, 2.9 * rows, rows, columns)
    headline = [q for q in comparison.answers[0].questions if q.group == GROUPS[0]]
    for panel, axes in enumerate(grid):
        if panel >= len(runs):
            axes.set_visible(False)
            continue
        running_panel(axes, comparison.answers[panel].values, headline, len(comparison.seat_names))
        axes.set_title(runs[panel].variant.name, fontsize=9)
    figure.suptitle("Win rates as games are played (95% interval)")
    return svg(figure, "convergence")


def verdict_section(comparison: Comparison, check: Sequence[str]) -> str:
    """Each variant's answers in words, which are balanced, the note on the bots and what
    ``--check-bots`` found."""
    found = variant_verdicts(comparison)
    items = "".join(
        f"<li><strong>{html.escape(name)}: {html.escape(verdict.text)}</strong></li>"
        for name, pair in found
        for verdict in pair
    )
    lineup = dict(zip(comparison.seat_names, comparison.seat_bots, strict=True))
    checked = "".join(f"<li>{html.escape(line)}</li>" for line in check)
    return (
        f"<section><h2>Answers</h2><ul>{items}</ul>"
        f"<p><strong>{html.escape(summary([(n, pair[0]) for n, pair in found]))}</strong></p>"
        f"<p><em>{html.escape(bot_note(lineup))}</em></p>"
        + (f"<h3>With other bots</h3><ul>{checked}</ul>" if check else "")
        + "</section>"
    )


def headline_section(comparison: Comparison) -> list[str]:
    """A sweep's answer first: which value comes nearest to even, and every seat's win
    rate against the value (nothing for a comparison that is no sweep)."""
    if comparison.sweep is None or any(run.variant.value is None for run in comparison.runs):
        return []
    nearest = nearest_even(
        [(run.variant.name, run.records) for run in comparison.runs], comparison.seat_names
    )
    return [
        f"<section><h2>Headline</h2><p><strong>{html.escape(nearest)}</strong></p>"
        + plot_headline(comparison)
        + "</section>"
    ]


def comparison_html(comparison: Comparison, check: Sequence[str] = ()) -> str:
    """The report page, figures embedded."""
    runs = comparison.runs
    listed = [runs[i] for i in comparison.order]
    seats = len(comparison.seat_names)
    base = runs[0].variant.name
    lineup = ", ".join(
        f"{seat}: {bot}"
        for seat, bot in zip(comparison.seat_names, comparison.seat_bots, strict=True)
    )
    status = (
        " (interrupted: the figures are over the games finished)" if comparison.interrupted else ""
    )
    variants = table(
        ["Variant", "Settings", "Games finished"],
        [
            [
                run.variant.name,
                "; ".join(s.text for s in run.variant.settings) or "none",
                str(len(run.records)),
            ]
            for run in listed
        ],
    )
    balance = "".join(
        f"<li>{run.variant.name}: {balance_text(seat_balance(run.records, seats), seats)}</li>"
        for run in listed
    )
    sections = [
        f"<h1>{comparison.game}: {len(runs)} variants on the same "
        f"{comparison.planned} seeds{status}</h1>",
        f"<p>Seats: {lineup}. Master seed {comparison.seed}. Game i of every variant is "
        "played on the same seed. Intervals are 95%: Wilson's for a rate, Student's t for a "
        f"mean; a difference is each variant minus {base!r} seed by seed, its interval "
        "Student's t on the per-seed differences (a normal approximation). A verdict is "
        "drawn only when that interval leaves out 0; with many questions, about one in "
        "twenty shows a difference by chance alone, so a lone verdict deserves a rerun "
        "with more games or another seed.</p>",
        verdict_section(comparison, check),
        *headline_section(comparison),
        variants,
        f"<ul>{balance}</ul>",
    ]
    head = [
        "Question",
        *[f"{run.variant.name}: value (95% interval)" for run in listed],
        *[f"{run.variant.name} - {base}" for run in runs[1:]],
    ]
    for group in GROUPS:
        rows = question_rows(comparison, group)
        if not rows:
            continue
        plot = plot_group(comparison, group) or ""
        sections.append(f"<section><h2>{group}</h2>{table(head, rows)}{plot}</section>")
    if all(len(run.records) > 1 for run in runs):
        sections.append(
            "<section><h2>Enough games?</h2>"
            "<p>Each variant's win rates after each number of games played.</p>"
            + plot_convergence(comparison)
            + "</section>"
        )
    settings = [s.text for s in comparison.shared]
    sections.append(provenance_html(provenance(), comparison.options, settings))
    return page(f"{comparison.game} comparison", sections)
