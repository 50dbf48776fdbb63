"""A study's report: ``results.json`` (every game) and a self-contained ``report.html``.

The JSON holds what made the study (``provenance``: code, packages, Python), its
parameters and settings, and one record per finished game, in game order, and nothing that
depends on where or when it ran (no clock, no host), so the same study writes the same file
on one process, on a pool and on Ray; the verdicts in words (``verdicts.py``) come first in
both. The HTML embeds its figures as SVG (``figures.py``):
win rates by seat with 95% Wilson intervals against the game's own even share (1/N), the
first player's advantage, how games ended, game length, the game's own questions, final
scores by seat, and the headline figures' convergence; every question is tabulated with its
interval (and a number's spread), and the seats' balance is tested.
"""

from __future__ import annotations

import html
import json
import textwrap
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from stratagem.core import JsonDict
from stratagem.sim.figures import (
    ESTIMATE_HEAD,
    bars_with_intervals,
    estimate_cells,
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
    Answers,
    Estimate,
    Question,
    answers_of,
    balance_text,
    estimates,
    seat_balance,
)
from stratagem.sim.verdicts import Verdict, bot_note, verdicts

if TYPE_CHECKING:
    from matplotlib.axes import Axes

    from stratagem.sim.study import StudyRun

RESULTS = "results.json"
REPORT = "report.html"


def results_doc(run: StudyRun) -> JsonDict:
    """The study as JSON-safe data: provenance and parameters, then every finished game."""
    study = run.study
    return {
        "provenance": provenance(),
        "game": study.game,
        "options": study.options,
        "settings": [s.text for s in run.settings],
        "seed": study.seed,
        "seats": dict(zip(run.seat_names, (row.bot for row in study.seats), strict=True)),
        "planned": run.planned,
        "finished": len(run.records),
        "interrupted": run.interrupted,
        "verdicts": [verdict.to_json() for verdict in verdicts(run.records, run.seat_names)],
        "bots_note": bot_note(_lineup(run)),
        "games": [record.to_json() for record in run.records],
    }


def _lineup(run: StudyRun) -> dict[str, str]:
    return {row.seat: row.bot for row in run.study.seats}


def verdicts_html(found: Sequence[Verdict], note: str) -> str:
    """The answers in words, at the top of a report, then the note on the bots."""
    items = "".join(f"<li><strong>{html.escape(v.text)}</strong></li>" for v in found)
    return f"<ul class='verdicts'>{items}</ul><p><em>{html.escape(note)}</em></p>"


def write_study_report(run: StudyRun, folder: Path) -> Path:
    """Write ``results.json`` and ``report.html`` into ``folder``; the HTML's path."""
    folder.mkdir(parents=True, exist_ok=True)
    doc = results_doc(run)
    (folder / RESULTS).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    path = folder / REPORT
    path.write_text(study_html(run), encoding="utf-8")
    return path


# -- plots -------------------------------------------------------------------------------


def plot_rates(title: str, rows: Sequence[Estimate], seats: int) -> str:
    """Rates with their intervals against the even share of a seat."""
    figure, (axes,) = new_figure(1.6 + 1.1 * len(rows), 3.6)
    bars_with_intervals(axes, [e.question.label for e in rows], rows)
    axes.set_ylim(0, 1)
    even_line(axes, seats)
    axes.set_ylabel("rate (95% Wilson interval)")
    axes.set_title(title)
    return svg(figure, title)


def _distribution(axes: Axes, name: str, values: Sequence[float]) -> None:
    if len(set(values)) > 20:
        axes.hist(values, bins=20, color="#c07a3b")
    else:
        counts = Counter(values)
        keys = sorted(counts)
        axes.bar([f"{k:g}" for k in keys], [counts[k] for k in keys], color="#c07a3b")
    axes.set_title(textwrap.fill(name, 40), fontsize=9)
    axes.set_ylabel("games")


def plot_numbers(title: str, answers: Answers, questions: Sequence[Question]) -> str:
    """One distribution per numeric question, three to a row."""
    columns = min(3, len(questions))
    rows = (len(questions) + columns - 1) // columns
    figure, grid = new_figure(3.3 * columns, 2.8 * rows, rows, columns)
    for index, axes in enumerate(grid):
        if index < len(questions):
            _distribution(axes, questions[index].label, answers.values(questions[index]))
        else:
            axes.set_visible(False)
    figure.suptitle(title)
    return svg(figure, title)


def plot_shares(title: str, rows: Sequence[Estimate]) -> str:
    """Shares of the answers of categorical questions, as horizontal bars with intervals,
    against a half of the games."""
    figure, (axes,) = new_figure(8.0, 0.9 + 0.35 * len(rows))
    labels = [e.question.label for e in rows]
    means = [e.mean for e in rows]
    errors = [[e.mean - e.low for e in rows], [e.high - e.mean for e in rows]]
    axes.barh(labels, means, xerr=errors, capsize=3, color="#8c6bb1")
    axes.invert_yaxis()
    axes.set_xlim(0, 1)
    even_line(axes, 2, across=True)
    axes.set_xlabel("share of games (95% Wilson interval; dashed: half the games)")
    axes.set_title(title)
    return svg(figure, title)


def plot_convergence(
    title: str, answers: Answers, questions: Sequence[Question], seats: int
) -> str:
    """Each headline rate after k games, with its interval as a band."""
    figure, (axes,) = new_figure(8.0, 3.6)
    running_panel(axes, answers.values, questions, seats)
    axes.set_title(title)
    return svg(figure, title)


# -- the page ----------------------------------------------------------------------------


def _section(title: str, *parts: str) -> str:
    return f"<section><h2>{title}</h2>{''.join(parts)}</section>"


def question_sections(answers: Answers, found: Sequence[Estimate], seats: int) -> list[str]:
    """Every group of questions: its table and its figure."""
    sections = []
    for group in GROUPS:
        rows = [e for e in found if e.question.group == group]
        if not rows:
            continue
        cells = table(ESTIMATE_HEAD, [estimate_cells(e) for e in rows])
        rates = [e for e in rows if e.question.kind == "rate"]
        numbers = [e.question for e in rows if e.question.kind == "number"]
        plots = []
        if group in GROUPS[:2]:
            plots.append(plot_rates(group, rates, seats))
        elif rates:
            plots.append(plot_shares(group, rates))
        if numbers:
            plots.append(plot_numbers(group, answers, numbers))
        sections.append(_section(group, cells, *plots))
    return sections


def study_html(run: StudyRun) -> str:
    """The report page, figures embedded."""
    study = run.study
    records = run.records
    seats = len(run.seat_names)
    answers = answers_of(records, run.seat_names)
    found = estimates(answers)
    status = (
        f"interrupted: {len(records)} of {run.planned} games finished"
        if run.interrupted
        else f"{len(records)} games"
    )
    lineup = ", ".join(f"{row.seat}: {row.bot}" for row in study.seats)
    headline = [q for q in answers.questions if q.group == GROUPS[0]]
    sections = [
        f"<h1>{study.game}: study of {status}</h1>",
        f"<p>Seats: {lineup}. Master seed {study.seed}. Every game is in "
        f"<code>{RESULTS}</code> beside this page. Intervals are 95%: Wilson's for a "
        "rate, Student's t for a mean.</p>",
        verdicts_html(verdicts(records, run.seat_names), bot_note(_lineup(run))),
        f"<p>{balance_text(seat_balance(records, seats), seats)}</p>",
        *question_sections(answers, found, seats),
    ]
    if len(records) > 1:
        sections.append(
            _section(
                "Enough games?",
                "<p>Each headline rate after each number of games played, with its 95% "
                "interval; the tables above say how many more games would halve each "
                "interval.</p>",
                plot_convergence("Win rates as games are played", answers, headline, seats),
            )
        )
    sections.append(provenance_html(provenance(), study.options, [s.text for s in run.settings]))
    return page(f"{study.game} study", sections)
