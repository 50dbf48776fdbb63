"""Debian's chromium driven by Playwright, as every browser test starts it.

The tests that look at a page (the web table, the boards, the lab's reports) share one way
to find and launch the browser, so a flag added for CI reaches all of them. Like pytest,
Playwright is a development dependency: only tests import this module.
"""

from __future__ import annotations

import os
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

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


_ERRORS: weakref.WeakKeyDictionary[Browser, list[str]] = weakref.WeakKeyDictionary()
"""The uncaught errors of each launched browser's pages, not yet taken (``page_errors``)."""


@contextmanager
def chromium() -> Iterator[Browser]:
    """A launched chromium, closed when the block ends. Every page opened in it (in a
    context of its own or by ``new_page``) has its uncaught script errors noted, for
    ``page_errors``."""
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=list(FLAGS))
        _watch(browser)
        try:
            yield browser
        finally:
            browser.close()


def page_errors(browser: Browser) -> list[str]:
    """The uncaught script errors of ``browser``'s pages since it was last asked (each
    with the page's address), taken: a page whose script failed may look alive and never
    change again."""
    errors = _ERRORS.get(browser, [])
    taken = list(errors)
    errors.clear()
    return taken


def _watch(browser: Browser) -> None:
    """Note the uncaught errors of every page ``browser`` opens from now on."""
    errors = _ERRORS.setdefault(browser, [])

    def note(page: Page) -> None:
        page.on("pageerror", lambda error: errors.append(f"{page.url}: {error}"))

    make_context, make_page = browser.new_context, browser.new_page

    def new_context(**options: Any) -> BrowserContext:
        context = make_context(**options)
        context.on("page", note)
        return context

    def new_page(**options: Any) -> Page:
        page = make_page(**options)
        note(page)
        return page

    browser.new_context = new_context  # type: ignore[method-assign]
    browser.new_page = new_page  # type: ignore[method-assign]
