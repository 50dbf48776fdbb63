"""The chart of an analysis: each seat's chance along the game, as the analysed seat saw
it at each of its decisions, with the turning points numbered (a PNG, by matplotlib)."""

from __future__ import annotations

import io

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt

from stratagem.analysis.model import Analysis

WIDTH_IN = 9.0
HEIGHT_IN = 4.2
DPI = 110


def chart_png(analysis: Analysis) -> bytes:
    """The chart as PNG bytes (the same analysis draws the same picture)."""
    figure, axes = plt.subplots(figsize=(WIDTH_IN, HEIGHT_IN), dpi=DPI)
    try:
        steps = [decision.step for decision in analysis.decisions]
        for index, name in enumerate(analysis.seats):
            mine = index == analysis.seat
            axes.plot(
                steps,
                [decision.chances[index] for decision in analysis.decisions],
                label=name + (" (analysed)" if mine else ""),
                linewidth=2.4 if mine else 1.0,
                alpha=1.0 if mine else 0.6,
                zorder=3 if mine else 2,
            )
        seat = analysis.seat
        for number, point in enumerate(analysis.turning_points, 1):
            decision = analysis.decisions[point.index]
            y = decision.chances[seat]
            axes.scatter(
                [decision.step], [y], s=90, facecolors="none", edgecolors="black", zorder=4
            )
            axes.annotate(
                str(number),
                (decision.step, y),
                textcoords="offset points",
                xytext=(0, 9),
                ha="center",
                fontsize=9,
                fontweight="bold",
            )
        axes.axhline(1.0 / len(analysis.seats), color="grey", linestyle=":", linewidth=0.8)
        axes.set_ylim(-0.02, 1.02)
        axes.set_xlabel("step of the game")
        axes.set_ylabel("estimated chance")
        axes.set_title(
            f"{analysis.game}: each seat's chance as {analysis.seat_name} saw it",
            fontsize=11,
        )
        axes.legend(fontsize=8, loc="best")
        axes.grid(alpha=0.3)
        figure.tight_layout()
        buffer = io.BytesIO()
        figure.savefig(buffer, format="png", metadata={"Software": None})
        return buffer.getvalue()
    finally:
        plt.close(figure)
