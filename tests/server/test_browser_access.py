"""Assistive technology in a real browser (Playwright driving Debian's chromium, axe-core
through ``axe-playwright-python``): no serious or critical axe-core violation on the lobby
(with "Your games" and a created game's links shown), a seat's page (at a desk's width
and a phone's), a spectator's page and the replay of a finished game, in every game, and
a seat's page once its game is over (the result, the rematch, the other seat's hand). One
server and one browser for them all; screenshots go to ``$STRATAGEM_SCREENSHOTS`` (or
``screenshots/``), under ``access/``."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from stratagem.core import game_info
from stratagem.testing.browser import needs_chromium

from .live import served_on_sqlite
from .test_browser import AUTOPLAY, GAME_WAIT, GAMES, SHOTS, browser, wait_for_turn

axe_sync = pytest.importorskip("axe_playwright_python.sync_playwright", reason="axe not installed")

ACCESS = SHOTS / "access"
SIZES = {"desk": (1280, 800), "phone": (390, 844)}
SHORT: dict[str, dict[str, Any]] = {
    "tercios": {"armies": ["spanish_500", "swedish_500"], "duration": 2}
}
"""Tercios's shortest battle (two 500-point armies, two turns), as the other browser tests
play it."""
GRAVE = ("serious", "critical")
"""The impacts axe-core rates that a page may not have."""
MY_TURN = (
    "seat => document.body.dataset.toMove === seat && document.body.dataset.sending !== 'true'"
    " && document.querySelectorAll('#actions button.action').length > 0"
)

pytestmark = needs_chromium
__all__ = ["browser"]  # the shared browser fixture, imported for pytest


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "access")


@pytest.fixture(scope="module")
def axe() -> Any:
    return axe_sync.Axe()


def grave_violations(axe: Any, page: Page, name: str) -> list[str]:
    """axe-core's serious and critical violations on ``page`` as it is now, one line each
    (rule, impact and the first few elements), after a screenshot of it."""
    ACCESS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ACCESS / f"{name}.png"))
    found: dict[str, Any] = axe.run(page).response
    return [
        f"{name}: {rule['id']} ({rule['impact']}) {rule['help']}: "
        + "; ".join(str(node["target"]) for node in rule["nodes"][:4])
        for rule in found["violations"]
        if rule["impact"] in GRAVE
    ]


def new_game(base: str, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    made = httpx.post(
        f"{base}/api/games",
        json={
            "game": game,
            "players": len(seats),
            "options": SHORT.get(game, {}),
            "seats": seats,
            **extra,
        },
    )
    assert made.status_code == 201, made.text
    answer: dict[str, Any] = made.json()
    return answer


def open_page(browser: Browser, url: str, size: str, wanted: str = "#board svg") -> Page:
    width, height = SIZES[size]
    # the tests read the page with Playwright's string predicates, which the CSP forbids
    page = browser.new_context(
        bypass_csp=True, viewport={"width": width, "height": height}
    ).new_page()
    page.goto(url)
    page.wait_for_selector(wanted)
    return page


def finished_game(base: str, game: str) -> str:
    """The id of a game of random bots alone (seeded), played to its end."""
    made = new_game(base, game, ["random"] * game_info(game).min_players, seed=5)
    deadline = time.monotonic() + GAME_WAIT
    while not httpx.get(f"{base}/api/games/{made['id']}/summary").json()["finished"]:
        assert time.monotonic() < deadline, f"{game}: the bots did not finish"
        time.sleep(0.2)
    return str(made["id"])


def test_the_lobby_has_no_serious_violation(browser: Browser, base: str, axe: Any) -> None:
    made = new_game(base, "eighty_years_war", ["human", "random"])
    link = next(seat["link"] for seat in made["seats"] if seat["link"])
    found = []
    for size in SIZES:
        page = open_page(browser, base + link, size)  # remembered: "Your games" lists it
        page.goto(base)
        page.wait_for_selector("#my-games li")
        page.wait_for_selector("#options label", state="attached")
        found += grave_violations(axe, page, f"lobby-{size}")
        page.select_option("#game", "tercios")  # options of every kind: armies, scale
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])")
        found += grave_violations(axe, page, f"lobby-created-{size}")
        page.context.close()
    assert found == []


def test_the_signed_in_lobby_leaderboard_and_profile_have_no_serious_violation(
    browser: Browser, base: str, axe: Any
) -> None:
    found = []
    for size in SIZES:
        name = f"Access-{size}"
        page = open_page(browser, base, size, "#signin-form")
        page.click("#signup-details summary")
        found += grave_violations(axe, page, f"lobby-signed-out-{size}")
        page.fill("#signup-name", name)
        page.fill("#signup-password", "tulips and pikes 1568")
        page.click("#signup-button")
        page.wait_for_selector("#signed-in:not([hidden])")
        page.wait_for_selector("#match-section:not([hidden])")
        page.click("#settings-details summary")
        found += grave_violations(axe, page, f"lobby-signed-in-{size}")
        page.goto(f"{base}/leaderboard/eighty_years_war")
        page.wait_for_selector("#content table")
        found += grave_violations(axe, page, f"leaderboard-{size}")
        page.goto(f"{base}/players/{name}")
        page.wait_for_selector("#content h2")
        found += grave_violations(axe, page, f"profile-{size}")
        page.context.close()
    assert found == []


@pytest.mark.parametrize("game", GAMES)
def test_the_game_pages_have_no_serious_violation(
    browser: Browser, base: str, axe: Any, game: str
) -> None:
    made = new_game(base, game, ["human"] + ["random"] * (game_info(game).min_players - 1))
    seat, link = next((s["seat"], s["link"]) for s in made["seats"] if s["link"])
    found = []
    for size in SIZES:
        page = open_page(browser, base + link, size)
        wait_for_turn(page, seat, MY_TURN)
        if size == "desk":  # a few moves in: an event log, a board in play
            page.evaluate(AUTOPLAY, [seat, 3, 3, GAME_WAIT * 1000])
            wait_for_turn(page, seat, MY_TURN)
        found += grave_violations(axe, page, f"{game}-seat-{size}")
        page.context.close()
    spectator = open_page(browser, base + made["spectator_link"], "desk")
    found += grave_violations(axe, spectator, f"{game}-spectator")
    spectator.context.close()
    replay = open_page(browser, f"{base}/games/{finished_game(base, game)}/replay", "desk")
    replay.click("#last")
    replay.wait_for_function("document.getElementById('status').textContent.includes('over')")
    found += grave_violations(axe, replay, f"{game}-replay")
    replay.context.close()
    assert found == []


def test_a_finished_games_page_has_no_serious_violation(
    browser: Browser, base: str, axe: Any
) -> None:
    # the end: the result, the rematch's two buttons, the seed and the other seat's hand
    made = new_game(base, "eighty_years_war", ["human", "human"])
    dutch, spanish = (seat["link"] for seat in made["seats"])
    resigned = httpx.post(
        f"{base}/api/games/{made['id']}/resign",
        headers={"X-Seat-Token": spanish.split("#seat=", 1)[1]},
    )
    assert resigned.status_code == 200, resigned.text
    found = []
    for size in SIZES:
        page = open_page(browser, base + dutch, size, "#revealed:not([hidden])")
        page.wait_for_selector("#rematch-swapped")
        found += grave_violations(axe, page, f"eighty_years_war-end-{size}")
        page.context.close()
    assert found == []
