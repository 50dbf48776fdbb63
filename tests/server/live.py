"""A real ``stratagem serve`` process for the tests that need one (kill -9, the browser)."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

START_WAIT = 30.0
SERVE = "from stratagem.cli import main; main()"


def free_port() -> int:
    """A port nobody listens on now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@contextmanager
def server(
    database_url: str, bot_delay: float = 0.0
) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``stratagem serve`` in its own process, ready to answer: (process, base URL)."""
    port = free_port()
    command = [sys.executable, "-c", SERVE, "serve", "--port", str(port)]
    command += ["--database", database_url, "--bot-delay", str(bot_delay)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + START_WAIT
    try:
        while True:
            try:
                if httpx.get(f"{base}/api/catalog", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert process.poll() is None, "the server exited at start-up"
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.1)
        yield process, base
    finally:
        if process.poll() is None:
            process.kill()
        process.wait()
