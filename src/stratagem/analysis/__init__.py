"""The analysis of a finished game for one seat, from what that seat could see: each seat's
chance along the game, the turning points, and at each of the seat's decisions the choice
of the strongest bot and what it would have changed (``analysis.analyse``); a chart
(``analysis.chart``), pages (``analysis.page``) and the ``analyse`` command
(``stratagem.cli.analyse``)."""

from stratagem.analysis.analyse import (
    AnalysisError,
    analyse_game,
    analyse_log,
    judge,
    seat_decisions,
    seat_of,
    turning_points,
)
from stratagem.analysis.chart import chart_png
from stratagem.analysis.estimate import Playouts, chances
from stratagem.analysis.model import Analysis, Decision, Settings, TurningPoint
from stratagem.analysis.page import html_page, markdown, summary_lines, write_report

__all__ = [
    "Analysis",
    "AnalysisError",
    "Decision",
    "Playouts",
    "Settings",
    "TurningPoint",
    "analyse_game",
    "analyse_log",
    "chances",
    "chart_png",
    "html_page",
    "judge",
    "markdown",
    "seat_decisions",
    "seat_of",
    "summary_lines",
    "turning_points",
    "write_report",
]
