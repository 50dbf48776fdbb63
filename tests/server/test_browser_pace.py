"""A timed game in a real browser (Playwright driving Debian's chromium): the lobby offers
the paces, each with its range in its unit and a line on what it means, and what a seat
out of time gets; the game page shows the time left for the seat to act, ticking down,
the same to a seat and to a spectator."""

from __future__ import annotations

import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route

from stratagem.testing.browser import needs_chromium

from .live import served_on_sqlite
from .test_browser import CONTEXT, browser, open_lobby, read_state, shot, squeeze_spaces

WAIT_MS = 30_000

__all__ = ["browser"]  # the one chromium of test_browser, a fixture of this module too

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "pace")


def clock_text(page: Page) -> str:
    return squeeze_spaces(page.locator("#clock").text_content())


def test_the_lobby_offers_each_pace_in_its_range_and_its_consequences(
    browser: Browser, base: str
) -> None:
    lobby = open_lobby(browser, base, "eighty_years_war", ["human", "heuristic"])
    lobby.set_default_timeout(WAIT_MS)
    assert lobby.locator("#per-move-row").is_hidden()  # untimed by default
    lobby.select_option("#pace", "slow")
    assert lobby.locator("#per-move").input_value() == "3"
    assert "days (1 to 14)" in squeeze_spaces(lobby.locator("#per-move-unit").text_content())
    assert "days a move" in squeeze_spaces(lobby.locator("#pace-note").text_content())
    lobby.select_option("#on-timeout", "bot")
    assert "heuristic bot plays the seat" in squeeze_spaces(
        lobby.locator("#on-timeout-note").text_content()
    )
    lobby.fill("#per-move", "2")
    with lobby.expect_request("**/api/games") as sent:
        lobby.click("#create-button")
    body = sent.value.post_data_json
    assert (body["pace"], body["per_move"], body["on_timeout"]) == ("slow", 2 * 86400, "bot")
    lobby.wait_for_selector("#created:not([hidden])")
    link = lobby.locator("a.seat-link").first.get_attribute("href") or ""
    assert read_state(base, link)["clock"]["per_move"] == 2 * 86400
    lobby.reload()  # "your games" lists it with its pace and the clock of the seat to act
    pace = squeeze_spaces(lobby.locator(".my-game .pace").first.text_content())
    assert pace.startswith("· slow game, 2 d 0 h a move, Dutch has 1 d 23 h left"), pace
    shot(lobby, "lobby-your-games-pace")
    lobby.context.close()


def test_the_game_page_counts_the_time_left_down_for_seat_and_spectator(
    browser: Browser, base: str
) -> None:
    made = httpx.post(
        f"{base}/api/games",
        json={
            "game": "eighty_years_war",
            "seats": ["human", "human"],
            "pace": "live",
            "per_move": 120,
        },
    ).json()
    seat_link = made["seats"][0]["link"]
    pages = []
    for link in (seat_link, made["spectator_link"]):
        page = browser.new_context(**CONTEXT).new_page()
        page.set_default_timeout(WAIT_MS)
        page.goto(f"{base}{link}")
        page.wait_for_selector("#clock:not([hidden])")
        pages.append(page)
    first = clock_text(pages[0])
    assert first.startswith("Dutch: 1:") and first.endswith(" left"), first
    pages[0].wait_for_function(
        "was => document.getElementById('clock').textContent !== was", arg=first
    )  # it ticks
    for page in pages:
        assert clock_text(page).startswith("Dutch: 1:")
        assert "live game: 2:00 a move" in (page.locator("#clock").get_attribute("title") or "")
        page.context.close()


def test_the_clock_shows_though_its_script_arrives_after_the_first_payload(
    browser: Browser, base: str
) -> None:
    """A slow network can deliver the page's first payload while the browser still
    fetches the clock's script: the table draws it only once every script listens."""
    made = httpx.post(
        f"{base}/api/games",
        json={"game": "eighty_years_war", "seats": ["human", "human"], "pace": "live"},
    ).json()
    page = browser.new_context(**CONTEXT).new_page()

    def late(route: Route) -> None:
        time.sleep(1.5)  # the socket has long answered by now
        route.continue_()

    page.route("**/static/clock.js", late)
    page.goto(f"{base}{made['seats'][0]['link']}")
    page.wait_for_selector("#clock:not([hidden])", timeout=10_000)
    assert clock_text(page).startswith("Dutch: ")
    page.context.close()
