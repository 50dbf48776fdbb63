"""What the lab's signal tests share: a long run started as from a terminal and stopped by
a signal once it has finished a game (seen on its progress bar, never after a fixed sleep,
which on a loaded machine can come before the first game)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

AS_AT_A_TERMINAL = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
    "os.execv(sys.argv[1], sys.argv[1:])"
)
"""Runs the command after it with Ctrl-C at its default, as in a terminal's session: a test
run started in the background by a script inherits SIGINT ignored, and so would the run."""

DRAWN_AS_AT_A_TERMINAL = {"COLUMNS": "200", "TTY_COMPATIBLE": "1", "TERM": "xterm"}
"""The run draws its progress bar (``done/planned``) though its stderr is a file."""

PLAYED = re.compile(r"\b[1-9]\d*/\d+\b")
"""The progress bar once a game is finished: games done (one at least) of those planned."""

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")

DEADLINE = 300.0
"""Seconds a run may take to finish its first game, however loaded the machine is."""

STOPS_WITHIN = 60.0
"""Seconds a stopped run may take to report and exit (it takes about one)."""


@dataclass(frozen=True)
class Stopped:
    """A stopped run: its exit code, and its stdout and stderr without terminal codes."""

    returncode: int
    out: str
    err: str


StopARun = Callable[[Sequence[str], Callable[[int], None]], Stopped]
"""``stop_a_run(args, stop)``: run ``stratagem *args``, call ``stop`` with its process id
(its process group's too) once it has finished a game, and give back how it ended."""


@pytest.fixture
def stop_a_run(tmp_path: Path) -> StopARun:
    """A ``StopARun`` whose run writes its output under ``tmp_path``."""

    def run_and_stop(args: Sequence[str], stop: Callable[[int], None]) -> Stopped:
        out_path, err_path = tmp_path / "stdout.txt", tmp_path / "stderr.txt"
        command = [sys.executable, "-c", AS_AT_A_TERMINAL, sys.executable, "-m", "stratagem"]
        with out_path.open("w") as out, err_path.open("w") as err:
            run = subprocess.Popen(
                [*command, *args],
                stdout=out,
                stderr=err,
                env={**os.environ, **DRAWN_AS_AT_A_TERMINAL},
                start_new_session=True,
            )
        try:
            deadline = time.monotonic() + DEADLINE
            while not PLAYED.search(err_path.read_text(errors="replace")):
                assert run.poll() is None, err_path.read_text(errors="replace")
                assert time.monotonic() < deadline, f"no game finished after {DEADLINE} s"
                time.sleep(0.1)
            stop(run.pid)
            run.wait(timeout=STOPS_WITHIN)
        finally:
            if run.poll() is None:
                os.killpg(run.pid, signal.SIGKILL)
        return Stopped(
            run.returncode,
            ESCAPES.sub("", out_path.read_text(errors="replace")),
            ESCAPES.sub("", err_path.read_text(errors="replace")),
        )

    return run_and_stop
