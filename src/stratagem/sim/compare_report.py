"""A comparison's report: ``results.json`` (every variant's games) and ``report.html``.

For every question (``questions.py``): each variant's value with its 95% interval, each
variant against the first (mean per-seed difference, its interval and a verdict in words),
and a figure per section, one panel per question with every variant's value and interval
(for a sweep, against the swept value with the interval as a band). Then the headline
figures' convergence, the seat balance of each variant, and what made the figures.
"""

from __future__ import annotations

import json
import math
import textwrap
from pathlib import Path

from stratagem.sim.compare import Comparison, comparison_doc
from stratagem.sim.figures import (
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
    balance_text,
    difference_text,
    interval_text,
    seat_balance,
    value_text,
)
from stratagem.sim.report import REPORT, RESULTS


def write_comparison_report(comparison: Comparison, folder: Path) -> Path:
    """Write ``results.json`` and ``report.html`` into ``folder``; the HTML's path."""
    folder.mkdir(parents=True, exist_ok=True)
    doc = comparison_doc(comparison)
    (folder / RESULTS).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    path = folder / REPORT
    path.write_text(comparison_html(comparison), encoding="utf-8")
    return path


def question_rows(comparison: Comparison, group: str) -> list[list[str]]:
    """One row per question of ``group``: each variant's value, each difference."""
    rows = []
    for index, question in enumerate(comparison.answers[0].questions):
        if question.group != group:
            continue
        cells = [question.label]
        for found in comparison.estimates:
            e = found[index]
            cells.append(f"{value_text(e)} ({interval_text(e)}) n={e.games}")
        for differences in comparison.differences:
            d = differences[index]
            cells.append(f"{difference_text(d)}: {d.verdict()}")
        rows.append(cells)
    return rows


def plot_group(comparison: Comparison, group: str) -> str | None:
    """One panel per question of ``group``: every variant's value with its interval."""
    picked = [(i, q) for i, q in enumerate(comparison.answers[0].questions) if q.group == group]
    if not picked:
        return None
    runs = comparison.runs
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
        found = [comparison.estimates[v][index] for v in range(len(runs))]
        means = [e.mean for e in found]
        lows = [e.low for e in found]
        highs = [e.high for e in found]
        if swept:
            xs = [float(v) for v in values if v is not None]
            axes.plot(xs, means, marker="o", color="#4878a8")
            axes.fill_between(xs, lows, highs, alpha=0.25, color="#4878a8")
            axes.set_xlabel(comparison.sweep.partition("=")[0] if comparison.sweep else "")
        else:
            labels = [run.variant.name for run in runs]
            errors = [
                [0.0 if math.isnan(m - lo) else m - lo for m, lo in zip(means, lows, strict=True)],
                [0.0 if math.isnan(h - m) else h - m for m, h in zip(means, highs, strict=True)],
            ]
            axes.errorbar(labels, means, yerr=errors, fmt="o", capsize=5, color="#4878a8")
            axes.set_xlim(-0.5, len(labels) - 0.5)
        if question.kind == "rate":
            axes.set_ylim(0, 1)
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
        running_panel(axes, comparison.answers[panel].values, headline)
        axes.set_title(runs[panel].variant.name, fontsize=9)
    figure.suptitle("Win rates as games are played (95% interval)")
    return svg(figure, "convergence")


def comparison_html(comparison: Comparison) -> str:
    """The report page, figures embedded."""
    runs = comparison.runs
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
            for run in runs
        ],
    )
    balance = "".join(
        f"<li>{run.variant.name}: {balance_text(seat_balance(run.records, seats), seats)}</li>"
        for run in runs
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
        variants,
        f"<ul>{balance}</ul>",
    ]
    head = [
        "Question",
        *[f"{run.variant.name}: value (95% interval)" for run in runs],
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
