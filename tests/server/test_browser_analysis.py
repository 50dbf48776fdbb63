"""In a real browser: a hint asked from the decision bar is shown to the asking page only
and noted for every seat; a finished game's replay page draws a seat's analysis (each
seat's chance along the game) with its turning points as links to their step.
Screenshots are saved under ``screenshots/`` (as in ``test_browser.py``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser

from stratagem.testing.browser import chromium, needs_chromium

from .live import served_on_sqlite
from .test_browser import CONTEXT, shot

GAME = "eighty_years_war"
WAIT_MS = 60_000

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "browser-analysis")


def _short_game(base: str) -> tuple[str, str, str]:
    """A first-turn-only game, a person (Dutch) against a random bot: id, link, token."""
    body = {"game": GAME, "seats": ["human", "random"], "options": {"last_turn": 1}}
    created: dict[str, Any] = httpx.post(f"{base}/api/games", json=body).json()
    link = next(seat["link"] for seat in created["seats"] if seat["link"])
    return created["id"], link, link.split("#seat=", 1)[1]


def _state(base: str, game_id: str, token: str) -> dict[str, Any]:
    payload: dict[str, Any] = httpx.get(
        f"{base}/api/games/{game_id}", headers={"X-Seat-Token": token}
    ).json()
    return payload


def _settled(base: str, game_id: str, token: str) -> dict[str, Any]:
    while True:
        payload = _state(base, game_id, token)
        if payload["finished"] or payload["to_move"] == "Dutch":
            return payload


def test_a_hint_is_asked_from_the_decision_bar(browser: Browser, base: str) -> None:
    game_id, link, token = _short_game(base)
    _settled(base, game_id, token)
    context = browser.new_context(**CONTEXT)
    page = context.new_page()
    page.goto(base + link)
    page.locator("#hint").click(timeout=WAIT_MS)
    page.wait_for_function(
        "() => document.getElementById('message').textContent"
        ".startsWith('The normal bot suggests')",
        timeout=WAIT_MS,
    )
    suggested = (page.locator("#message").text_content() or "").split(": ", 1)[1]
    assert page.locator("#actions button.hinted").get_attribute("data-action") == suggested
    page.locator("#table-log").get_by_text("Dutch asked for a hint").wait_for(timeout=WAIT_MS)
    shot(page, "hint")
    context.close()


def test_the_replay_page_draws_a_seats_analysis(browser: Browser, base: str) -> None:
    game_id, _link, token = _short_game(base)
    payload = _settled(base, game_id, token)
    while not payload["finished"]:
        httpx.post(
            f"{base}/api/games/{game_id}/actions",
            json={"action": payload["legal"][0], "version": payload["version"]},
            headers={"X-Seat-Token": token},
        )
        payload = _settled(base, game_id, token)
    context = browser.new_context(**CONTEXT)
    page = context.new_page()
    page.goto(f"{base}/games/{game_id}/replay")
    page.select_option("#analysis-seat", "Dutch")
    page.click("#analysis-ask")
    # attached, not "visible": a seat's line that stays level has a box of no height, which
    # Playwright counts as hidden although its stroke is drawn
    page.locator("#analysis-chart svg polyline").first.wait_for(state="attached", timeout=WAIT_MS)
    assert page.locator("#analysis-chart svg polyline").count() == 2  # one line a seat
    links = page.locator("#analysis-points a")
    assert links.count() >= 1
    step = int((links.first.text_content() or "").removeprefix("step "))
    links.first.click()
    page.wait_for_function(
        "s => document.getElementById('step-label').textContent.startsWith(`step ${s} of`)",
        arg=step - 1,
        timeout=WAIT_MS,
    )
    shot(page, "analysis-replay")
    context.close()
