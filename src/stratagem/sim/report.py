"""A study's report: ``results.json`` (every game) and a self-contained ``report.html``.

The JSON holds the study's parameters and one record per finished game, in game order,
and nothing that depends on where or when it ran (no clock, no host), so the same study
writes the same file on one process, on a pool and on Ray. The HTML embeds its plots as
base64 PNG (matplotlib, Agg backend): win rates by seat with 95% Wilson intervals, the
first player's advantage, game length, final scores by seat (for Eighty Years War, the
provinces each side holds at the end), and every quantity a game reports in
``result()["details"]``: numbers as histograms, words as counts.
"""

from __future__ import annotations

import base64
import html
import io
import json
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from stratagem.core import JsonDict
from stratagem.sim.backends import GameRecord
from stratagem.sim.details import collect
from stratagem.sim.stats import Proportion

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

    from stratagem.sim.study import StudyRun

RESULTS = "results.json"
REPORT = "report.html"


def results_doc(run: StudyRun) -> JsonDict:
    """The study as JSON-safe data: parameters, then every finished game."""
    study = run.study
    return {
        "game": study.game,
        "options": study.options,
        "seed": study.seed,
        "seats": dict(zip(run.seat_names, (row.bot for row in study.seats), strict=True)),
        "planned": run.planned,
        "finished": len(run.records),
        "interrupted": run.interrupted,
        "games": [record.to_json() for record in run.records],
    }


def write_study_report(run: StudyRun, folder: Path) -> Path:
    """Write ``results.json`` and ``report.html`` into ``folder``; the HTML's path."""
    folder.mkdir(parents=True, exist_ok=True)
    doc = results_doc(run)
    (folder / RESULTS).write_text(json.dumps(doc, indent=1) + "\n", encoding="utf-8")
    path = folder / REPORT
    path.write_text(study_html(run), encoding="utf-8")
    return path


# -- plots -------------------------------------------------------------------------------


def _png(figure: Figure) -> str:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=96, bbox_inches="tight")
    plt.close(figure)
    data = base64.b64encode(buffer.getvalue()).decode("ascii")
    return f'<img alt="plot" src="data:image/png;base64,{data}">'


def _rates(axes: Axes, labels: Sequence[str], proportions: Sequence[Proportion]) -> None:
    rates = [p.rate for p in proportions]
    below = [p.rate - p.interval[0] for p in proportions]
    above = [p.interval[1] - p.rate for p in proportions]
    axes.bar(labels, rates, yerr=[below, above], capsize=6, color="#4878a8")
    axes.set_ylim(0, 1)
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle="--")
    axes.set_ylabel("rate (95% Wilson interval)")


def plot_win_rates(run: StudyRun) -> str:
    """Win rate of each seat, and draws, with intervals."""
    figure, axes = plt.subplots(figsize=(6, 3.5))
    rows = run.study.seats
    labels = [f"{row.seat}\n{row.bot}" for row in rows] + ["draws"]
    _rates(axes, labels, [row.wins for row in rows] + [run.study.draws])
    axes.set_title("Win rate by seat")
    return _png(figure)


def plot_first_player(run: StudyRun) -> str:
    """Win rate of the seat that acted first, by which seat it was."""
    figure, axes = plt.subplots(figsize=(6, 3.5))
    rows = run.study.first_player
    _rates(axes, [f"{row.seat} first" for row in rows], [row.wins for row in rows])
    axes.set_title("First player's win rate")
    return _png(figure)


def length_table(records: Sequence[GameRecord]) -> dict[str, list[Any]]:
    """Actions, decisions and (if the game counts them) turns of every game."""
    table: dict[str, list[Any]] = {
        "actions (chance included)": [r.length for r in records],
        "decisions": [r.decisions for r in records],
    }
    turns = [r.turns for r in records if r.turns is not None]
    if turns and len(turns) == len(records):
        table["turns"] = turns
    return table


def _distribution(axes: Axes, name: str, values: Sequence[Any]) -> None:
    numbers = [v for v in values if isinstance(v, int | float) and not isinstance(v, bool)]
    if len(numbers) == len(values) and len(set(numbers)) > 25:
        axes.hist(numbers, bins=25, color="#c07a3b")
    elif len(numbers) == len(values):
        numeric = Counter(numbers)
        keys = sorted(numeric)
        axes.bar([f"{k:g}" for k in keys], [numeric[k] for k in keys], color="#c07a3b")
    else:
        words = Counter(str(v) for v in values)
        labels = sorted(words, key=lambda k: (-words[k], k))[:15]
        axes.barh(labels, [words[k] for k in labels], color="#8c6bb1")
        axes.invert_yaxis()
    axes.set_title(name)


def plot_values(title: str, table: dict[str, list[Any]]) -> str | None:
    """One small distribution per key: bars of counts (numbers or words)."""
    if not table:
        return None
    keys = sorted(table)
    columns = min(3, len(keys))
    rows = (len(keys) + columns - 1) // columns
    figure, grid = plt.subplots(rows, columns, figsize=(4.2 * columns, 3 * rows), squeeze=False)
    for index, axes in enumerate(grid.flat):
        if index < len(keys):
            _distribution(axes, keys[index], table[keys[index]])
        else:
            axes.set_visible(False)
    figure.suptitle(title)
    figure.tight_layout()
    return _png(figure)


# -- the page ----------------------------------------------------------------------------

_STYLE = """body{font-family:sans-serif;max-width:1100px;margin:2em auto;color:#222}
table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:4px 10px}
th{background:#eee}td.n{text-align:right}section{margin:2em 0}"""


def _row(cells: Sequence[str], head: bool = False) -> str:
    tag = "th" if head else "td"
    return "<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>"


def _proportion(p: Proportion) -> list[str]:
    low, high = p.interval
    return [str(p.count), f"{p.rate:.1%}", f"{low:.1%} - {high:.1%}"]


_VALUE_SECTIONS = (
    ("Final scores by seat (Eighty Years War: provinces held at the end)", "scores"),
    ("The game's own questions (result details)", "details"),
)


def study_html(run: StudyRun) -> str:
    """The report page, plots embedded."""
    study = run.study
    records = run.records
    head = ["Seat", "Bot", "Wins", "Win rate", "95% CI"]
    rows = [_row(head, head=True)]
    rows += [_row([r.seat, r.bot, *_proportion(r.wins)]) for r in study.seats]
    rows.append(_row(["Draws", "", *_proportion(study.draws)]))
    status = (
        f"interrupted: {len(records)} of {run.planned} games finished"
        if run.interrupted
        else f"{len(records)} games"
    )
    sections = [
        f"<h1>{html.escape(study.game)}: study of {status}</h1>",
        f"<p>Master seed {study.seed}; options {html.escape(json.dumps(study.options))}. "
        f"Every game is in <code>{RESULTS}</code> beside this page.</p>",
        "<section><h2>Win rates by seat</h2><table>"
        + "".join(rows)
        + "</table>"
        + plot_win_rates(run)
        + "</section>",
        "<section><h2>First player</h2>" + plot_first_player(run) + "</section>",
    ]
    lengths = plot_values("Game length", length_table(records)) if records else None
    if lengths is not None:
        sections.append(f"<section><h2>Game length</h2>{lengths}</section>")
    for title, field in _VALUE_SECTIONS:
        plot = plot_values(title, collect(records, field))
        if plot is not None:
            sections.append(f"<section><h2>{title}</h2>{plot}</section>")
    body = "\n".join(sections)
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        f"<title>{html.escape(study.game)} study</title><style>{_STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )
