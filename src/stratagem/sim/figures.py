"""The lab's figures and HTML pieces, shared by the study and the comparison reports.

Figures are inline SVG whose text stays text (``svg.fonttype = none``), in DejaVu Sans as
matplotlib measures it, so that a browser draws the labels matplotlib placed and a test in
the browser can check them. Every figure is at most ``MAX_WIDTH_IN`` inches wide and scales
down with the page (``max-width: 100%``). Crowded tick labels are turned, then thinned,
until no two overlap (``fit_ticks``). The SVG is the same for the same figure (fixed ids, no
date), so a report depends only on its games.
"""

from __future__ import annotations

import html
import io
import json
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from stratagem.core import JsonDict
from stratagem.sim.questions import (
    Estimate,
    Question,
    games_to_halve,
    interval_text,
    running,
    value_text,
)

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure
    from matplotlib.text import Text

MAX_WIDTH_IN = 10.0
"""The widest figure, in inches (960 px at 96 dpi: inside the page's 1,100 px)."""

GAP_PX = 2.0
"""Tick labels closer than this (in pixels) count as touching."""

STYLE = """body{font-family:'DejaVu Sans',sans-serif;max-width:1100px;margin:2em auto;
padding:0 1em;color:#222}table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:4px 10px}th{background:#eee}td.n{text-align:right}
section{margin:2em 0}.wide{max-width:100%;overflow-x:auto}
svg{max-width:100%;height:auto;display:block}.figure{max-width:100%;overflow:hidden}"""

matplotlib.rcParams.update(
    {
        "svg.fonttype": "none",
        "svg.hashsalt": "stratagem",
        "font.family": "DejaVu Sans",
        "figure.max_open_warning": 0,
    }
)


def new_figure(
    width: float, height: float, rows: int = 1, columns: int = 1
) -> tuple[Figure, list[Axes]]:
    """A figure of ``rows`` x ``columns`` plots, never wider than ``MAX_WIDTH_IN``."""
    figure, grid = plt.subplots(
        rows,
        columns,
        figsize=(min(width, MAX_WIDTH_IN), height),
        squeeze=False,
        layout="constrained",
    )
    return figure, list(grid.flat)


def _overlap(labels: Sequence[Text], figure: Figure) -> bool:
    renderer = figure.canvas.get_renderer()  # type: ignore[attr-defined]
    boxes = [t.get_window_extent(renderer) for t in labels if t.get_visible() and t.get_text()]
    boxes.sort(key=lambda b: (b.x0, b.y0))
    for index, box in enumerate(boxes):
        for other in boxes[index + 1 :]:
            if (
                box.x0 < other.x1 + GAP_PX
                and other.x0 < box.x1 + GAP_PX
                and box.y0 < other.y1 + GAP_PX
                and other.y0 < box.y1 + GAP_PX
            ):
                return True
    return False


def overlapping_ticks(figure: Figure) -> list[str]:
    """The axes (by title) of ``figure`` whose x or y tick labels touch."""
    figure.canvas.draw()
    found = []
    for axes in figure.axes:
        for labels in (axes.get_xticklabels(), axes.get_yticklabels()):
            if _overlap(labels, figure):
                found.append(axes.get_title())
    return found


def fit_ticks(figure: Figure) -> None:
    """Turn, then thin, the x tick labels of every plot of ``figure`` until none touch."""
    figure.canvas.draw()
    for axes in figure.axes:
        labels = axes.get_xticklabels()
        if not _overlap(labels, figure):
            continue
        for label in labels:
            label.set_rotation(40)
            label.set_horizontalalignment("right")
            label.set_rotation_mode("anchor")
        figure.canvas.draw()
        step = 2
        while _overlap(axes.get_xticklabels(), figure) and step <= len(labels):
            for index, label in enumerate(axes.get_xticklabels()):
                label.set_visible(index % step == 0)
            figure.canvas.draw()
            step += 1


def svg(figure: Figure, alt: str) -> str:
    """``figure`` as an inline SVG (ticks fitted), and the figure closed."""
    fit_ticks(figure)
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", bbox_inches="tight", metadata={"Date": None})
    plt.close(figure)
    text = buffer.getvalue()
    text = text[text.index("<svg") :]
    return f'<div class="figure" role="img" aria-label="{html.escape(alt)}">{text}</div>'


def even_line(axes: Axes, seats: int, label: str = "", *, across: bool = False) -> None:
    """The even share of a seat (1/N; 50% for two seats or a yes/no share) as a dashed
    line, labelled; ``across`` draws it across the x axis (horizontal bars), unlabelled:
    the caller names it in the axis's label."""
    share = 1 / seats
    text = f" {label or f'even 1/{seats}'}"
    style = {"color": "grey", "linewidth": 0.8, "linestyle": "--"}
    if across:  # named in the x axis's label: above the plot it would meet the title
        axes.axvline(share, **style)  # type: ignore[arg-type]
        return
    axes.axhline(share, **style)  # type: ignore[arg-type]
    axes.text(
        1.0,
        share,
        text,
        transform=axes.get_yaxis_transform(),
        va="center",
        fontsize=8,
        color="grey",
    )


def bars_with_intervals(axes: Axes, labels: Sequence[str], rows: Sequence[Estimate]) -> None:
    """Bars of estimates with their 95% intervals as error bars."""
    means = [0.0 if math.isnan(e.mean) else e.mean for e in rows]
    below = [0.0 if math.isnan(e.low) else e.mean - e.low for e in rows]
    above = [0.0 if math.isnan(e.high) else e.high - e.mean for e in rows]
    axes.bar(labels, means, yerr=[below, above], capsize=5, color="#4878a8")


def running_panel(
    axes: Axes,
    values: Callable[[Question], Sequence[float]],
    questions: Sequence[Question],
    seats: int,
) -> None:
    """Each rate of ``questions`` after k games, with its 95% interval as a band, against
    the even share of a seat."""
    for question in questions:
        steps = running(values(question), question)
        games = [e.games for e in steps]
        line = axes.plot(games, [e.mean for e in steps], label=question.label)
        axes.fill_between(
            games,
            [e.low for e in steps],
            [e.high for e in steps],
            alpha=0.2,
            color=line[0].get_color(),
        )
    axes.set_ylim(0, 1)
    even_line(axes, seats)
    axes.set_xlabel("games played")
    axes.set_ylabel("rate (95% interval)")
    axes.legend(loc="best", fontsize=7)


# -- HTML --------------------------------------------------------------------------------


def row(cells: Sequence[str], head: bool = False) -> str:
    """One table row, escaped."""
    tag = "th" if head else "td"
    return "<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in cells) + "</tr>"


def table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A table with a heading row."""
    cells = row(head, head=True) + "".join(row(r) for r in rows)
    return f'<div class="wide"><table>{cells}</table></div>'


def estimate_cells(e: Estimate) -> list[str]:
    """Question, games, value, interval, sd, median, quartiles, more games to halve."""
    halve = games_to_halve(e)
    spread = (
        ["", "", ""]
        if e.question.kind == "rate" or e.games == 0
        else [f"{e.sd:.3g}", f"{e.median:g}", f"{e.q1:g} - {e.q3:g}"]
    )
    return [
        e.question.label,
        str(e.games),
        value_text(e),
        interval_text(e),
        *spread,
        "-" if halve is None else str(halve),
    ]


ESTIMATE_HEAD = (
    "Question",
    "Games",
    "Value",
    "95% interval",
    "SD",
    "Median",
    "Quartiles",
    "More games to halve the interval",
)


def provenance_html(doc: JsonDict, options: JsonDict, settings: Sequence[str]) -> str:
    """What made the figures: code, Python and package versions, options and settings."""
    packages = doc.get("packages") or {}
    rows = [
        ["code (git commit)", str(doc.get("code") or "not a git checkout")],
        ["Python", str(doc.get("python"))],
        *[[name, str(version)] for name, version in dict(packages).items()],
        ["options", json.dumps(options, sort_keys=True)],
        ["settings", "; ".join(settings) or "none"],
    ]
    return "<section><h2>Made with</h2>" + table(["", ""], rows) + "</section>"


def page(title: str, sections: Sequence[str]) -> str:
    """A whole HTML page."""
    body = "\n".join(sections)
    return (
        "<!DOCTYPE html><html><head><meta charset='utf-8'>"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>"
        f"<title>{html.escape(title)}</title><style>{STYLE}</style></head>"
        f"<body>{body}</body></html>\n"
    )
