"""What tests of several directories share: one local Ray cluster a test process starts
once (the tests using it are in one xdist group, ``ray``, so one worker starts it), and
the check that no page a test drove in a real browser had a script fail."""

from __future__ import annotations

import importlib.util
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from stratagem.testing.browser import page_errors

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


@pytest.fixture(autouse=True)
def no_script_fails(request: pytest.FixtureRequest) -> Iterator[None]:
    """A test that drove a real browser fails (at its teardown) if a script of one of
    its pages failed with an uncaught error: to a person the page would look alive and
    never change again."""
    yield
    if "browser" not in request.fixturenames:
        return
    browser = request.getfixturevalue("browser")
    if isinstance(browser, Browser):
        failed = page_errors(browser)
        assert failed == [], "a page's script failed:\n" + "\n".join(failed)
