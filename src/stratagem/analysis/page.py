"""An analysis as text: the terminal's summary, a Markdown page and an HTML page, and a
report directory holding them with the chart and the analysis as JSON."""

from __future__ import annotations

import html
import json
from pathlib import Path

from stratagem.analysis.chart import chart_png
from stratagem.analysis.model import Analysis, Decision

CHART = "chart.png"
MISTAKES_SHOWN = 10
"""The decisions listed where the strongest bot's choice was judged best by the most."""
MISTAKE = 0.005
"""The least gain of chance for which the strongest bot's choice is listed as better."""


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def mistakes(analysis: Analysis) -> list[Decision]:
    """The decisions where the strongest bot's choice was judged better than the action
    played (by ``MISTAKE`` or more), by the most first (at most ``MISTAKES_SHOWN``)."""
    seat = analysis.seat
    worse = [d for d in analysis.decisions if d.best != d.played and d.loss(seat) >= MISTAKE]
    worse.sort(key=lambda decision: (-decision.loss(seat), decision.step))
    return worse[:MISTAKES_SHOWN]


def _where(decision: Decision) -> str:
    turn = "" if decision.turn is None else f", turn {decision.turn}"
    return f"step {decision.step}{turn}"


def summary_lines(analysis: Analysis) -> list[str]:
    """The analysis in a few lines (the terminal's answer)."""
    seat = analysis.seat
    decisions = analysis.decisions
    lines = [
        f"{analysis.game}, analysed for {analysis.seat_name}: {len(decisions)} decisions "
        f"(samples {analysis.settings.samples}, strongest bot hard:iterations="
        f"{analysis.settings.iterations}, seed {analysis.settings.seed})",
    ]
    if not decisions:
        return [*lines, "The seat had no choice to make in this game."]
    agreed = sum(decision.best == decision.played for decision in decisions)
    lines.append(
        f"The strongest bot agreed with {agreed} of them; "
        f"{analysis.seat_name}'s chance after the last: {percent(decisions[-1].chances[seat])}."
    )
    lines.append("Turning points:")
    for number, point in enumerate(analysis.turning_points, 1):
        decision = decisions[point.index]
        lines.append(
            f"  {number}. {_where(decision)}: {percent(decision.chances[seat])} "
            f"({point.swing:+.0%} since the decision before), played {decision.played!r}"
        )
    shown = mistakes(analysis)
    if shown:
        lines.append("Where the strongest bot would have played otherwise:")
        for decision in shown:
            lines.append(
                f"  {_where(decision)}: played {decision.played!r}, best {decision.best!r} "
                f"({decision.loss(seat):+.0%})"
            )
    return lines


def markdown(analysis: Analysis, chart: str = CHART) -> str:
    """A Markdown page: the chart, the turning points and the decisions judged."""
    seat = analysis.seat
    parts = [
        f"# {analysis.game}: the game as {analysis.seat_name} saw it",
        "",
        f"![each seat's chance along the game]({chart})",
        "",
        *"\n\n".join(summary_lines(analysis)[:2]).splitlines(),
        "",
        "## Turning points",
        "",
        "| # | where | chance | swing | played |",
        "|---|---|---:|---:|---|",
    ]
    for number, point in enumerate(analysis.turning_points, 1):
        decision = analysis.decisions[point.index]
        parts.append(
            f"| {number} | {_where(decision)} | {percent(decision.chances[seat])} | "
            f"{point.swing:+.0%} | {decision.played} |"
        )
    parts += [
        "",
        "## Every decision",
        "",
        "| where | played | best | chance | with best |",
        "|---|---|---|---:|---:|",
    ]
    for decision in analysis.decisions:
        best = "(same)" if decision.best == decision.played else decision.best
        parts.append(
            f"| {_where(decision)} | {decision.played} | {best} | "
            f"{percent(decision.chances[seat])} | {percent(decision.best_chances[seat])} |"
        )
    return "\n".join(parts) + "\n"


def html_page(analysis: Analysis, chart: str = CHART) -> str:
    """An HTML page with the same content as ``markdown``."""
    seat = analysis.seat
    escape = html.escape

    def table(head: list[str], rows: list[list[str]]) -> str:
        cells = "".join(f"<th>{escape(cell)}</th>" for cell in head)
        body = "".join(
            "<tr>" + "".join(f"<td>{escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
        )
        return f"<table><thead><tr>{cells}</tr></thead><tbody>{body}</tbody></table>"

    points = [
        [
            str(number),
            _where(analysis.decisions[p.index]),
            percent(analysis.decisions[p.index].chances[seat]),
            f"{p.swing:+.0%}",
            analysis.decisions[p.index].played,
        ]
        for number, p in enumerate(analysis.turning_points, 1)
    ]
    every = [
        [
            _where(d),
            d.played,
            "(same)" if d.best == d.played else d.best,
            percent(d.chances[seat]),
            percent(d.best_chances[seat]),
        ]
        for d in analysis.decisions
    ]
    title = f"{analysis.game}: the game as {analysis.seat_name} saw it"
    intro = "".join(f"<p>{escape(line)}</p>" for line in summary_lines(analysis)[:2])
    return (
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<title>{escape(title)}</title>"
        "<style>body{font-family:sans-serif;max-width:60em;margin:auto}"
        "img{max-width:100%}td,th{padding:0 .6em;text-align:left}</style></head><body>"
        f"<h1>{escape(title)}</h1>"
        f"<img src='{escape(chart)}' alt=\"each seat's chance along the game\">{intro}"
        "<h2>Turning points</h2>"
        + table(["#", "where", "chance", "swing", "played"], points)
        + "<h2>Every decision</h2>"
        + table(["where", "played", "best", "chance", "with best"], every)
        + "</body></html>\n"
    )


def write_report(analysis: Analysis, directory: str | Path) -> list[Path]:
    """Write the chart, the Markdown and HTML pages and the JSON into ``directory``
    (made if need be); the files written."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    files = {
        CHART: chart_png(analysis),
        "analysis.md": markdown(analysis).encode(),
        "analysis.html": html_page(analysis).encode(),
        "analysis.json": (json.dumps(analysis.to_json(), indent=1) + "\n").encode(),
    }
    written = []
    for name, data in files.items():
        path = folder / name
        path.write_bytes(data)
        written.append(path)
    return written
