"""A whole game of every game played through the decision bar by keyboard alone, in a real
browser (Playwright driving Debian's chromium): number keys for the first nine choices,
Tab and Enter for any choice; no mouse. The other seats are random bots (the cheapest
opponents) and each game is its shortest (``test_browser.SHORTEST``: Tercios's two
500-point armies for two turns, the short variants of Sixteen Thirty Something and
Henry VIII). After
every move the focus is back in the decision bar, on its first choice. At the end the
page is photographed at a desk's width and a phone's, into ``$STRATAGEM_SCREENSHOTS``
(or ``screenshots/``), under ``keyboard/``. One server and one browser for them all."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page

from stratagem.core import game_info
from stratagem.testing.browser import needs_chromium

from .live import served_on_sqlite
from .test_browser import GAME_WAIT, GAMES, SHORTEST, SHOTS, browser
from .test_browser_friends import check_revealed

KEYBOARD = SHOTS / "keyboard"
SIZES = {"desk": (1280, 800), "phone": (390, 844)}
NUMBERED = 9
"""Choices 1 to 9 have a number key; the rest are reached with Tab."""
NEXT_DECISION = """([seat, version]) => {
  // the game has moved on from ``version`` and is over, or waits for the seat again
  // with its choices drawn and the focus back in the decision bar
  const body = document.body.dataset;
  if (body.version === version || body.sending === "true") return false;
  if (body.finished === "true") return true;
  return body.toMove === seat && document.querySelectorAll("#actions button.action").length > 0
    && document.getElementById("decision").contains(document.activeElement);
}"""
FOCUSED = "document.activeElement.dataset.action || ''"
CLIPPED = """() => [...document.querySelectorAll("#events li")]
  .filter((line) => line.scrollWidth > line.clientWidth + 1)
  .map((line) => line.textContent)"""
"""The event log's lines whose words run out of their box (a long section's name)."""

pytestmark = needs_chromium
__all__ = ["browser"]  # the shared browser fixture, imported for pytest


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "keyboard")


def api_options(game: str) -> dict[str, object]:
    """The game's shortest options as the API takes them (the lobby's fields give text)."""
    return {
        key: int(value) if isinstance(value, str) and value.isdigit() else value
        for key, value in SHORTEST.get(game, {}).items()
    }


def seat_link(base: str, game: str) -> tuple[str, str]:
    """A new game with a person at the first seat and random bots elsewhere: (seat, link)."""
    count = game_info(game).min_players
    made = httpx.post(
        f"{base}/api/games",
        json={
            "game": game,
            "players": count,
            "options": api_options(game),
            "seats": ["human"] + ["random"] * (count - 1),
        },
    )
    assert made.status_code == 201, made.text
    ((seat, link),) = ((s["seat"], s["link"]) for s in made.json()["seats"] if s["link"])
    return seat, link


def choose_by_keys(page: Page, index: int, rng: random.Random) -> str:
    """Choose the ``index``-th choice (from 0) with the keyboard: its number key, or (beyond
    the ninth, and now and then for any) Tab from the first choice, then Enter. The
    action chosen."""
    wanted = page.locator("#actions button.action").nth(index).get_attribute("data-action")
    assert wanted
    # the bar has the focus, on its first choice, before any key is pressed
    first = page.locator("#actions button.action").first.get_attribute("data-action")
    assert page.evaluate(FOCUSED) == first
    if index < NUMBERED and rng.random() < 0.7:
        page.keyboard.press(str(index + 1))
        return wanted
    for _ in range(index):
        page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) == wanted
    page.keyboard.press("Enter")
    return wanted


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_is_played_by_keyboard_alone(browser: Browser, base: str, game: str) -> None:
    seat, link = seat_link(base, game)
    width, height = SIZES["desk"]
    page = browser.new_context(
        bypass_csp=True, viewport={"width": width, "height": height}
    ).new_page()
    page.goto(base + link)
    page.wait_for_function(NEXT_DECISION, arg=[seat, ""], timeout=GAME_WAIT * 1000)
    rng = random.Random(game)
    sent: list[str] = []
    page.on(
        "request",
        lambda r: sent.append(r.post_data_json["action"]) if r.url.endswith("/actions") else None,
    )
    chosen: list[str] = []
    deadline = time.monotonic() + GAME_WAIT
    while page.evaluate("document.body.dataset.finished") != "true":
        assert time.monotonic() < deadline, f"{game}: not over after {len(chosen)} moves"
        count = page.locator("#actions button.action").count()
        version = page.evaluate("document.body.dataset.version")
        chosen.append(choose_by_keys(page, rng.randrange(count), rng))
        page.wait_for_function(NEXT_DECISION, arg=[seat, version], timeout=GAME_WAIT * 1000)
    assert sent == chosen  # each key's choice, sent once
    game_id, token = link.split("/games/", 1)[1].split("#seat=", 1)
    final = httpx.get(f"{base}/api/games/{game_id}", headers={"X-Seat-Token": token}).json()
    assert final["finished"]
    assert final["moves"][seat] == len(chosen)
    page.wait_for_selector("#result:not([hidden])")
    check_revealed([page], [hand["seat"] for hand in final.get("revealed", [])])
    KEYBOARD.mkdir(parents=True, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        assert page.evaluate(CLIPPED) == [], size  # the whole log, nothing cut off
        page.screenshot(path=str(KEYBOARD / f"{game}-end-{size}.png"), full_page=True)
    page.context.close()
