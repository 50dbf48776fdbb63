"""The Ray backend: the same chunks of games as the process pool, as Ray tasks.

``address`` is a running cluster's address (``ray://host:10001`` or ``host:6379``); with
none, a local cluster is started for the batch and stopped after it. Ray is the optional
extra ``ray`` (``pip install stratagem[ray]``); it is imported only here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stratagem.core import Game, OptionError
from stratagem.sim.backends import (
    Batch,
    Collector,
    GameRecord,
    Job,
    ProgressCallback,
    chunks,
    options_text,
    play_chunk,
)


def _ray() -> Any:
    try:
        import ray  # noqa: PLC0415  (an optional extra)
    except ImportError:
        raise OptionError("--ray needs Ray: pip install 'stratagem[ray]'") from None
    return ray


def run_ray(
    game: Game, jobs: Sequence[Job], progress: ProgressCallback | None, address: str | None
) -> Batch:
    """Play ``jobs`` on the Ray cluster at ``address`` (a local one when ``None``)."""
    ray = _ray()
    started = not ray.is_initialized()
    if started:
        ray.init(
            address=address,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    task = ray.remote(play_chunk)
    cpus = int(ray.available_resources().get("CPU", 1)) or 1
    pending = {task.remote(game.name, options_text(game), chunk) for chunk in chunks(jobs, cpus)}
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
