"""How a lab run goes, whichever command started it: the report folder checked before the first
game, the header (game, options, settings, seats), progress on stderr (a bar on a terminal;
otherwise, as in a log file, a plain line at most once a minute; either's estimate is the
mean time of the games finished so far), and stopping. Ctrl-C stops the games: what was
finished is still reported and written, the run says it was interrupted and exits with 130;
SIGTERM does the same (what a scheduler or ``kill`` sends, and the one way to stop a run
started in the background by a script, whose Ctrl-C signal is ignored) and exits with 143.
"""

from __future__ import annotations

import json
import math
import signal
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from types import FrameType

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, ProgressColumn, Task, TextColumn
from rich.text import Text

from stratagem.cli.lab.options import LabRun
from stratagem.core import StratagemError
from stratagem.sim import ProgressCallback

SIGINT_EXIT = 128 + signal.SIGINT
"""The exit code of a run stopped by Ctrl-C (130), as a shell reports it."""
SIGTERM_EXIT = 128 + signal.SIGTERM
"""The exit code of a run stopped by SIGTERM (143)."""

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


@contextmanager
def stopped_while_setting_up(console: Console, planned: int) -> Iterator[None]:
    """Ctrl-C or SIGTERM while a run is still being set up (its games' seeds drawn, before
    the first game starts): no game was finished, and the run says so in the line it says
    it in afterwards, then exits 130 (143) as it would then."""
    try:
        yield
    except KeyboardInterrupt:
        interrupted(console, 0, planned)
        raise stopped_exit() from None


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


PROGRESS_LINE_EVERY = 60.0
"""Seconds between two plain progress lines (stderr not a terminal)."""


@contextmanager
def progress_bar(console: Console) -> Iterator[ProgressCallback]:
    """Progress of the games played, as a ``ProgressCallback``: a rich bar on a terminal,
    else plain lines (``ProgressLines``), so that a run in the background shows how far it
    has got in its log."""
    if not console.is_terminal:
        yield ProgressLines(console)
        return
    columns = (TextColumn("Playing"), BarColumn(), MofNCompleteColumn(), EstimateColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("games", total=None)
        yield lambda done, total: bar.update(task, completed=done, total=total)


class ProgressLines:
    """A ``ProgressCallback`` that prints ``Played 12 of 60 games in 0:14:03, about 0:56:12
    left`` when a game is finished at least ``every`` seconds after the last such line (or
    after the start): nothing for a run shorter than that, a line a minute for a long one."""

    def __init__(
        self,
        console: Console,
        every: float = PROGRESS_LINE_EVERY,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.console = console
        self.every = every
        self.clock = clock
        self.start = clock()
        self.last = self.start

    def __call__(self, done: int, total: int) -> None:
        """Print a line if one is due and a game has been finished."""
        now = self.clock()
        if done <= 0 or now - self.last < self.every:
            return
        self.last = now
        elapsed = now - self.start
        left = elapsed / done * max(total - done, 0)
        self.console.print(
            f"Played {done} of {total} games in {timedelta(seconds=round(elapsed))}, "
            f"about {timedelta(seconds=math.ceil(left))} left",
            highlight=False,
        )


def interrupted(console: Console, done: int, planned: int) -> None:
    """Say that the run was stopped and how many of its games are reported."""
    console.print(
        Text(
            f"Interrupted: {done} of {planned} games were finished; reporting those.",
            style="yellow",
        )
    )


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


def header(run: LabRun) -> Text:
    """The run's first line: what is played, how many games, options and settings."""
    changed = "; ".join(s.text for s in run.settings) or "none"
    lineup = ", ".join(f"{seat}={bot}" for seat, bot in run.seats.items())
    return Text(
        f"{run.game}: {run.games} games, master seed {run.seed}; seats {lineup}; "
        f"options {shown(run.options)}; settings {changed}",
        style="bold",
    )


def shown(options: Mapping[str, object]) -> str:
    """Options given a value, as ``key=value`` (JSON values), or ``none``."""
    given = ", ".join(f"{k}={json.dumps(v)}" for k, v in options.items() if v is not None)
    return given or "none"
