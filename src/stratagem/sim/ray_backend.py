"""The Ray backend: the same chunks of games as the process pool, as Ray tasks.

``address`` is a running cluster's address (``ray://host:10001`` or ``host:6379``); with
none, a local cluster is started for the batch and stopped after it. Ray is the optional
extra ``ray`` (``pip install stratagem[ray]``); it is imported only here.
"""

from __future__ import annotations

import socket
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlsplit

from stratagem.core import OptionError
from stratagem.sim.backends import (
    Batch,
    Collector,
    GameRecord,
    Job,
    ProgressCallback,
    chunks,
    play_chunk,
)
from stratagem.sim.settings import GameSetup

ANSWER_WITHIN = 10.0
"""Seconds a cluster's address has to accept a connection before the run is refused."""


def _ray() -> Any:
    try:
        import ray  # noqa: PLC0415  (an optional extra)
    except ImportError:
        raise OptionError("--ray needs Ray: pip install 'stratagem[ray]'") from None
    return ray


def host_and_port(address: str) -> tuple[str, int] | None:
    """The host and port of a cluster address (``ray://head:10001``, ``head:6379``);
    ``None`` for ``auto`` (Ray finds the cluster itself); ``OptionError`` if unreadable."""
    if address == "auto":
        return None
    parts = urlsplit(address if "://" in address else f"ray://{address}")
    try:
        port = parts.port
    except ValueError:
        port = None
    if not parts.hostname or port is None:
        raise OptionError(f"--ray {address}: expected host:port or ray://host:port")
    return parts.hostname, port


def check_answers(address: str, timeout: float = ANSWER_WITHIN) -> None:
    """Refuse at once (``OptionError``) an address where nothing accepts a connection:
    Ray itself would retry for minutes before giving up."""
    where = host_and_port(address)
    if where is None:
        return
    try:
        with socket.create_connection(where, timeout=timeout):
            pass
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise OptionError(
            f"--ray {address}: no Ray cluster answers there ({reason}); start one with "
            "`ray start --head` or give --ray alone for a local cluster"
        ) from None


def connect(address: str | None) -> tuple[Any, bool]:
    """Ray, joined to the cluster at ``address`` (a local one started when ``None``) unless
    this process has joined one already; and whether this call joined it (then the caller
    leaves it with ``ray.shutdown()`` when done)."""
    ray = _ray()
    if address is not None:
        check_answers(address)
    if ray.is_initialized():
        return ray, False
    ray.init(
        address=address,
        include_dashboard=False,
        log_to_driver=False,
        configure_logging=False,
    )
    return ray, True


def run_ray(
    setup: GameSetup, jobs: Sequence[Job], progress: ProgressCallback | None, address: str | None
) -> Batch:
    """Play ``jobs`` on the Ray cluster at ``address`` (a local one when ``None``)."""
    ray, started = connect(address)
    task = ray.remote(play_chunk)
    cpus = int(ray.available_resources().get("CPU", 1)) or 1
    pending = {task.remote(setup, chunk) for chunk in chunks(jobs, cpus)}
    collector = Collector(len(jobs), progress)
    try:
        while pending:
            finished, rest = ray.wait(list(pending), num_returns=1)
            pending = set(rest)
            for ref in finished:
                records: list[GameRecord] = ray.get(ref)
                collector.add(records)
    except KeyboardInterrupt:
        for ref in pending:
            ray.cancel(ref, force=True)
        return collector.batch(interrupted=True)
    finally:
        if started:
            ray.shutdown()
    return collector.batch(interrupted=False)
