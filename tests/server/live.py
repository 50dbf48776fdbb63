"""Real ``stratagem serve`` processes for the tests that need them (kill -9, several
processes on one database, the browser)."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import httpx
import pytest

START_WAIT = 30.0
SERVE = "from stratagem.cli import main; main()"
READY_LINE = "The Stratagem table is at"
"""What ``stratagem serve`` prints on standard output once its games go on."""


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def serve_command(
    database_url: str, port: int, bot_delay: float, open_files: tuple[int, int] | None = None
) -> list[str]:
    """The command line of ``stratagem serve`` on 127.0.0.1:``port`` (``open_files``: its
    open-file limit, soft and hard, set before it starts)."""
    script = SERVE
    if open_files is not None:
        limit = f"({open_files[0]}, {open_files[1]})"
        script = f"import resource; resource.setrlimit(resource.RLIMIT_NOFILE, {limit}); {SERVE}"
    command = [sys.executable, "-c", script, "serve", "--host", "127.0.0.1", "--port", str(port)]
    return [*command, "--database", database_url, "--bot-delay", str(bot_delay)]


@dataclass
class Live:
    """One running server: its process, base URL and what it printed (when kept)."""

    process: subprocess.Popen[bytes]
    base: str
    stdout: IO[bytes] | None = None
    stderr: IO[bytes] | None = None

    @property
    def ws(self) -> str:
        """The base URL of its websockets."""
        return "ws" + self.base.removeprefix("http")

    @property
    def alive(self) -> bool:
        return self.process.poll() is None

    def kill(self) -> None:
        """SIGKILL: it closes nothing, its connections simply drop."""
        if self.alive:
            self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def output(self) -> tuple[str, str]:
        """What it printed so far on standard output and standard error (read without
        moving the file offset, which the process shares)."""
        texts = []
        for stream in (self.stdout, self.stderr):
            if stream is None:
                texts.append("")
                continue
            fd = stream.fileno()
            data = os.pread(fd, os.fstat(fd).st_size, 0)
            texts.append(data.decode("utf-8", "replace"))
        return texts[0], texts[1]


def _wait_up(servers: list[Live]) -> None:
    deadline = time.monotonic() + START_WAIT
    waiting = list(servers)
    with httpx.Client(trust_env=False, timeout=2) as probe:
        while waiting:
            live = waiting[0]
            try:
                if probe.get(f"{live.base}/api/catalog").status_code == 200:
                    waiting.pop(0)
                    continue
            except httpx.TransportError:
                pass
            if not live.alive:
                raise AssertionError(f"the server exited at start-up:\n{live.output()[1][-2000:]}")
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)


@contextmanager
def servers(
    database_url: str,
    count: int,
    bot_delay: float = 0.0,
    *,
    rate_limits: bool | None = False,
    keep_output: bool = True,
    env: dict[str, str] | None = None,
    open_files: tuple[int, int] | None = None,
    log: Path | None = None,
) -> Iterator[list[Live]]:
    """``count`` ``stratagem serve`` processes on one database, all ready to answer (they
    start side by side). Rate limits are off unless asked for (every client here is
    127.0.0.1; ``None``: as the environment says); ``env``: more variables for them;
    ``open_files``: their open-file limit, soft and hard, when they start (default: this
    process's).
    Their output is kept in temporary files (``Live.output``), or with ``log`` (one
    server) written to that file. All are killed at the end."""
    env = {**os.environ, **(env or {})}
    if rate_limits is not None:
        env["STRATAGEM_RATE_LIMITS"] = "1" if rate_limits else "0"
    started: list[Live] = []
    with ExitStack() as files:
        try:
            for _ in range(count):
                port = free_port()
                out: IO[bytes] | None = None
                err: IO[bytes] | None = None
                if log is not None:
                    out = err = files.enter_context(log.open("wb"))
                elif keep_output:
                    out = files.enter_context(tempfile.TemporaryFile())
                    err = files.enter_context(tempfile.TemporaryFile())
                process = subprocess.Popen(
                    serve_command(database_url, port, bot_delay, open_files),
                    stdout=out or subprocess.DEVNULL,
                    stderr=err or subprocess.DEVNULL,
                    env=env,
                )
                started.append(Live(process, f"http://127.0.0.1:{port}", out, err))
            _wait_up(started)
            yield started
        finally:
            for live in started:
                if live.alive:
                    live.process.kill()
                live.process.wait(timeout=10)


@contextmanager
def server(
    database_url: str, bot_delay: float = 0.0
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``stratagem serve`` in its own process, ready to answer: (process, base URL)."""
    with servers(database_url, 1, bot_delay, rate_limits=None, keep_output=False) as (live,):
        yield live.process, live.base


def served_on_sqlite(
    tmp_path_factory: pytest.TempPathFactory, name: str, bot_delay: float = 0.0
) -> Iterator[str]:
    """For a module's ``base`` fixture: ``stratagem serve`` on a fresh SQLite file in a new
    temporary folder ``name``, yielding its base URL while the module runs. Its rate
    limits are off: every test of the module reaches it from 127.0.0.1 within minutes (the
    browser tests fake a 429 where they check one)."""
    folder = tmp_path_factory.mktemp(name)
    url = f"sqlite:///{folder / 'table.sqlite3'}"
    log = folder / "serve.log"
    with servers(url, 1, bot_delay, rate_limits=False, log=log) as (live,):
        SERVER_LOGS[live.base] = log
        yield live.base


SERVER_LOGS: dict[str, Path] = {}
"""The log of each module's server (``served_on_sqlite``) by its base URL: a test that
fails shows what its server said (``conftest.pytest_runtest_makereport``)."""
LOG_NOISE = ("INFO:", "The Stratagem table is at")
"""Lines of a server's log a failure report leaves out: requests answered, start-up."""
LOG_LINES = 40
"""The most lines of a server's log a failure report shows (its last ones)."""


def server_log_tail(base: str) -> str | None:
    """The last ``LOG_LINES`` lines the server at ``base`` wrote, other than noise
    (``None``: not a module's server, or it said nothing else)."""
    log = SERVER_LOGS.get(base)
    if log is None or not log.exists():
        return None
    lines = log.read_text("utf-8", "replace").splitlines()
    notable = [line for line in lines if not line.startswith(LOG_NOISE)]
    return "\n".join(notable[-LOG_LINES:]) or None
