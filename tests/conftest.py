"""What tests of several directories share: one local Ray cluster a test process starts
once (the tests using it are in one xdist group, ``ray``, so one worker starts it)."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest

HAS_RAY = importlib.util.find_spec("ray") is not None


@pytest.fixture(scope="session")
def local_ray() -> Iterator[None]:
    """A local Ray cluster of two CPUs for the session (skipped without the extra ``ray``)."""
    if not HAS_RAY:
        pytest.skip("ray is not installed (pip install 'stratagem[ray]')")
    import ray  # noqa: PLC0415

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()
