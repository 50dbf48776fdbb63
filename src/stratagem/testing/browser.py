"""Debian's chromium driven by Playwright, as every browser test starts it.

The tests that look at a page (the web table, the boards, the lab's reports) share one way
to find and launch the browser, so a flag added for CI reaches all of them. Like pytest,
Playwright is a development dependency: only tests import this module.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from playwright.sync_api import Browser, sync_playwright

CHROMIUM = Path(os.environ.get("PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH", "/usr/bin/chromium"))
"""The browser binary (``.ci/run`` installs Debian's)."""
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)
"""Headless, no sandbox (CI runs as root), and none of the browser's own traffic."""
needs_chromium = pytest.mark.skipif(
    not CHROMIUM.exists(), reason=f"no chromium at {CHROMIUM} (.ci/run installs it)"
)
"""Marks a test (or, as ``pytestmark``, a module) that needs the browser."""


@contextmanager
def chromium() -> Iterator[Browser]:
    """A launched chromium, closed when the block ends."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(FLAGS))
        try:
            yield browser
        finally:
            browser.close()
