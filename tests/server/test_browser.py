"""In a real browser (Playwright driving Debian's chromium): two people play a whole game of
Eighty Years War from the lobby's links in separate browser contexts, each seeing only its
own hand; every registered game is created in the lobby and played to its end by one
person against bots; a Tercios unit is moved exactly by clicking the table; the API's
docs render with nothing fetched from outside. Screenshots are saved under
``screenshots/`` (ignored by git), or ``$STRATAGEM_SCREENSHOTS``."""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, sync_playwright

import stratagem
from stratagem.core import game_info

from .live import server

CHROMIUM = Path(os.environ.get("PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH", "/usr/bin/chromium"))
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
SHOTS = Path(os.environ.get("STRATAGEM_SCREENSHOTS", Path(__file__).parents[2] / "screenshots"))
GAME_WAIT = 240.0
GAMES = [info.name for info in stratagem.available_games()]

pytestmark = pytest.mark.skipif(
    not CHROMIUM.exists(), reason=f"no chromium at {CHROMIUM} (.ci/run installs it)"
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=FLAGS)
        try:
            yield launched
        finally:
            launched.close()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    folder = tmp_path_factory.mktemp("browser")
    with server(f"sqlite:///{folder / 'table.sqlite3'}", bot_delay=0) as (_process, url):
        yield url


def shot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


BOARD_CLICKS = 12
"""Clicks a person makes on each game's page before its board is photographed."""
CAREFUL_CLICKS = 15
"""Clicks per seat made as a person makes them (Playwright's click waits until the button
can be clicked); the rest of a game is clicked by the page's own buttons from a script
running in the page, which needs no round trip to the test per click."""
AUTOPLAY = """async ([seat, seed, clicks, ms]) => {
  // click one of the seat's action buttons at random (seeded) whenever it is the seat's
  // turn at a version not clicked yet, until the game ends or `clicks` are made
  let draw = seed >>> 0;
  const random = () => {
    draw = (draw + 0x6D2B79F5) >>> 0;
    let t = Math.imul(draw ^ (draw >>> 15), draw | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const body = document.body.dataset;
  const deadline = Date.now() + ms;
  let made = 0;
  let clicked = null;
  while (body.finished !== "true" && made < clicks) {
    if (Date.now() > deadline) {
      throw new Error(`${seat}: stuck at move ${body.version}, ${body.toMove} to move`);
    }
    const buttons = [...document.querySelectorAll("button.action")];
    if (body.toMove === seat && body.version !== clicked && buttons.length) {
      clicked = body.version;
      buttons[Math.floor(random() * buttons.length)].click();
      made += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return made;
}"""
START_AUTOPLAY = f"args => {{ window.autoplay = ({AUTOPLAY})(args).catch(e => e.message); }}"


def autoplay(page: Page, seat: str, seed: int, clicks: int = 10**6) -> int:
    """Click the seat's buttons from the page's script until the game ends (or ``clicks``
    are made); how many were made."""
    made = page.evaluate(AUTOPLAY, [seat, seed, clicks, GAME_WAIT * 1000])
    assert isinstance(made, int), made
    return made


SEATS_SEEN = "[...document.querySelectorAll('[data-seat]')].length"


def create_in_lobby(
    browser: Browser, base: str, game: str, seats: list[str], options: dict[str, str], *, seed: int
) -> tuple[dict[str, str], str]:
    """Create a game from the lobby as a person does: the game, its player count, options
    typed in, who plays each seat; (seat -> link of each human seat, spectator link)."""
    lobby = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    lobby.goto(base)
    lobby.wait_for_selector(f"#game option[value='{game}']", state="attached")
    lobby.select_option("#game", game)
    lobby.select_option("#players", str(len(seats)))
    lobby.wait_for_function(f"{SEATS_SEEN} === {len(seats)}")
    for name, value in options.items():
        lobby.fill(f"[data-option='{name}']", value)
    for index, controller in enumerate(seats):
        lobby.select_option(f"[data-seat='{index}']", controller)
    lobby.fill("#seed", str(seed))
    shot(lobby, f"lobby-{game}")
    lobby.click("#create-button")
    lobby.wait_for_selector("#created:not([hidden])")
    links = {
        link.get_attribute("data-seat") or "": link.get_attribute("href") or ""
        for link in lobby.locator("a.seat-link").all()
    }
    spectator = lobby.locator("#spectator-link").get_attribute("href") or ""
    lobby.context.close()
    return links, spectator


def finished(pages: Iterable[Page]) -> bool:
    """Every page shows the game over."""
    return all(page.evaluate("document.body.dataset.finished") == "true" for page in pages)


def careful_click(page: Page, seat: str, rng: random.Random) -> str | None:
    """Click one of the seat's action buttons with Playwright; the version clicked at."""
    if page.evaluate("document.body.dataset.toMove") != seat:
        return None
    buttons = page.locator("button.action")
    count = buttons.count()
    if not count:
        return None
    version: str = page.evaluate("document.body.dataset.version")
    buttons.nth(rng.randrange(count)).click()
    return version


def squeeze(text: str) -> str:
    """Text without white space (a card's name may be broken over lines on the board)."""
    return "".join(text.split())


def hand(base: str, link: str) -> list[str]:
    token = link.split("#seat=", 1)[1]
    game_id = link.split("/games/", 1)[1].split("#", 1)[0]
    payload = httpx.get(f"{base}/api/games/{game_id}", headers={"X-Seat-Token": token}).json()
    cards: list[str] = payload["view"]["you"]["hand"]
    return cards


def check_own_hand_only(base: str, pages: dict[str, Page], links: dict[str, str]) -> None:
    """Each page shows its own hand, and no card of the other hand that it cannot know."""
    hands = {seat: hand(base, link) for seat, link in links.items()}
    for seat, page in pages.items():
        other = next(name for name in pages if name != seat)
        board = squeeze(page.locator("#board").text_content() or "")
        shown = squeeze(page.evaluate("document.body.textContent"))
        assert hands[seat]
        for card in hands[seat]:
            assert squeeze(card) in board, f"{seat} does not see its own {card}"
        token = links[seat].split("#seat=", 1)[1]
        game_id = links[seat].split("/games/", 1)[1].split("#", 1)[0]
        known = httpx.get(f"{base}/api/games/{game_id}", headers={"X-Seat-Token": token}).text
        for card in hands[other]:
            if card not in known:
                assert squeeze(card) not in shown, f"{seat}'s page shows {other}'s {card}"


def test_two_people_play_a_whole_game_in_their_browsers(browser: Browser, base: str) -> None:
    links, _ = create_in_lobby(browser, base, "eighty_years_war", ["human", "human"], {}, seed=12)
    assert set(links) == {"Dutch", "Spanish"}
    pages: dict[str, Page] = {}
    for seat, link in links.items():
        context = browser.new_context(viewport={"width": 1400, "height": 1000})
        pages[seat] = context.new_page()
        pages[seat].goto(base + link)
        pages[seat].wait_for_function("document.body.dataset.seat !== undefined")
    rng = random.Random(4)
    clicks = dict.fromkeys(pages, 0)
    checked = False
    deadline = time.monotonic() + GAME_WAIT
    while min(clicks.values()) < CAREFUL_CLICKS and not finished(pages.values()):
        assert time.monotonic() < deadline, "the game did not go on"
        acted = False
        for seat, page in pages.items():
            if not checked and page.evaluate(f"document.body.dataset.toMove === '{seat}'"):
                check_own_hand_only(base, pages, links)
                shot(page, f"eighty_years_war-{seat.lower()}-first-turn")
                checked = True
            version = careful_click(page, seat, rng)
            if version is None:
                continue
            page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
            clicks[seat] += 1
            acted = True
        if not acted:
            time.sleep(0.02)
    assert checked
    for number, (seat, page) in enumerate(pages.items()):
        page.evaluate(START_AUTOPLAY, [seat, number + 7, 10**6, GAME_WAIT * 1000])
    for page in pages.values():
        made = page.evaluate("window.autoplay")
        assert isinstance(made, int), made
    for seat, page in pages.items():
        page.wait_for_selector("#result:not([hidden])")
        assert "Winner" in (page.locator("#result").text_content() or "")
        assert page.locator("#events li").count() > 100
        assert "§" in (page.locator("#events li").first.text_content() or "")
        shot(page, f"eighty_years_war-{seat.lower()}-end")
    replay = pages["Dutch"]
    replay.click("#replay-link")
    replay.wait_for_selector("#step-label")
    replay.wait_for_function(
        "document.getElementById('step-label').textContent.startsWith('step 0')"
    )
    for _ in range(3):
        replay.click("#next")
    replay.wait_for_function(
        "document.getElementById('step-label').textContent.startsWith('step 3')"
    )
    shot(replay, "eighty_years_war-replay")


SHORTEST: dict[str, dict[str, str]] = {
    "tercios": {"armies": "spanish_500, swedish_500", "duration": "2"},
}
"""The shortest game each game offers, where its options allow a shorter one than the
default: Tercios with two 500-point armies and a fixed duration (The Battle: Duration),
as typed into the lobby.
The others are played as they come with their fewest players (1750's Alternate Game
Length only adds turns)."""


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_played_to_its_end_against_bots(
    browser: Browser, base: str, name: str
) -> None:
    seats = ["human"] + ["random"] * (game_info(name).min_players - 1)
    options = SHORTEST.get(name, {})
    links, spectator_link = create_in_lobby(browser, base, name, seats, options, seed=2)
    ((seat, link),) = links.items()
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.goto(base + link)
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.seat !== ''")
    assert page.locator("#board svg").count() == 1
    assert autoplay(page, seat, 1, clicks=BOARD_CLICKS) > 0
    shot(page, f"{name}-board")
    spectator = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    spectator.goto(base + spectator_link)
    spectator.wait_for_selector("#board svg")
    assert spectator.locator("#who").text_content() == "Spectating"
    shot(spectator, f"{name}-spectator")
    autoplay(page, seat, 2)
    page.wait_for_selector("#result:not([hidden])")
    game_id, token = link.split("/games/", 1)[1].split("#seat=", 1)
    final = httpx.get(f"{base}/api/games/{game_id}", headers={"X-Seat-Token": token}).json()
    assert final["finished"]
    assert page.evaluate("document.body.dataset.version") == str(final["version"])
    winners = ", ".join(final["result"]["winners"]) or "nobody"
    assert f"Winner: {winners}." in (page.locator("#result").text_content() or "")
    assert "§" in (page.locator("#events li").last.text_content() or "")
    shot(page, f"{name}-end")


TABLE_TO_SCREEN = """([x, y]) => {
  const svg = document.querySelector("#board svg[data-scale]");
  const point = svg.createSVGPoint();
  point.x = x * Number(svg.dataset.scale);
  point.y = (Number(svg.dataset.tableDepth) - y) * Number(svg.dataset.scale);
  const screen = point.matrixTransform(svg.getScreenCTM());
  return [screen.x, screen.y];
}"""
"""Where a point of the Tercios table (inches) is on the screen."""


def click_table(page: Page, x: float, y: float, *, shift: bool = False) -> None:
    """Click the Tercios table at (x, y) inches, as a person clicks it (maybe with Shift)."""
    screen_x, screen_y = page.evaluate(TABLE_TO_SCREEN, [x, y])
    if shift:
        page.keyboard.down("Shift")
    page.mouse.click(screen_x, screen_y)
    if shift:
        page.keyboard.up("Shift")


def to_activation(page: Page, seat: str) -> None:
    """Click the seat's buttons (Run! orders, a unit's activation, playing first) until one
    of its units is activated, so that it may make an exact move."""
    deadline = time.monotonic() + 60
    while not page.locator("button.action[data-action$=': end activation']").count():
        assert time.monotonic() < deadline, "no unit of the seat was activated"
        if page.evaluate("document.body.dataset.toMove") != seat:
            time.sleep(0.05)
            continue
        version = page.evaluate("document.body.dataset.version")
        wanted = (
            "button.action[data-action$=': Run!']",
            "button.action[data-action^='activate ']:not([data-action^='activate commander'])",
            f"button.action[data-action='{seat} plays first']",
            "button.action",
        )
        button = next(page.locator(css).first for css in wanted if page.locator(css).count())
        button.click()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)


def test_tercios_exact_moves_by_clicking_the_table(browser: Browser, base: str) -> None:
    links, _ = create_in_lobby(
        browser, base, "tercios", ["human", "random"], SHORTEST["tercios"], seed=5
    )
    link = links["Spanish"]
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.goto(base + link)
    page.wait_for_function("document.body.dataset.toMove === 'Spanish'")
    assert page.locator("button.action[data-action$=': Run!']").count()
    assert page.locator("#board-input").is_hidden()  # placing orders: no unit may move
    to_activation(page, "Spanish")
    assert page.locator("#board-input").is_visible()
    unit = page.locator("#exact-unit").input_value()
    game_id, token = link.split("/games/", 1)[1].split("#seat=", 1)
    read = lambda: httpx.get(  # noqa: E731
        f"{base}/api/games/{game_id}", headers={"X-Seat-Token": token}
    ).json()
    before = read()
    assert before["view"]["armies"][0] == "Army of Flanders detachment, 1622"
    placed = next(u for u in before["view"]["units"] if u["name"] == unit)
    heading = math.radians(placed["facing"])
    x = round(placed["front"][0] + 3 * math.cos(heading), 1)
    y = round(placed["front"][1] + 3 * math.sin(heading), 1)
    click_table(page, x, y)
    assert page.locator("#exact-to").text_content() == f"{x:g}, {y:g}"
    assert page.locator("#exact-ghost").count() == 1  # where the base would stand
    turned = math.radians(placed["facing"] + 30)
    click_table(page, x + 15 * math.cos(turned), y + 15 * math.sin(turned), shift=True)
    assert page.locator("#exact-facing").input_value() == f"{placed['facing'] + 30:g}"
    page.click("#exact-go")
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    refusal = page.locator("#message").text_content() or ""
    assert "Activation Movement: the unit ends facing the direction it moved" in refusal
    assert read()["version"] == before["version"]
    shot(page, "tercios-exact-move-refused")
    page.fill("#exact-facing", "")
    page.click("#exact-go")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=str(before["version"]))
    moved = next(u for u in read()["view"]["units"] if u["name"] == unit)
    assert moved["front"] == pytest.approx([x, y], abs=0.01)
    assert page.locator("#message").text_content() == ""
    assert page.locator("#exact-ghost").count() == 0  # the move is made: nothing pending
    assert f"{unit} moves to {x:.1f},{y:.1f}." in (page.locator("#events").text_content() or "")
    shot(page, "tercios-exact-move")


def test_api_docs_render_offline(browser: Browser, base: str) -> None:
    pytest.importorskip("fastapi_offline", reason="the docs' assets package is not installed")
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    outside: list[str] = []

    def refuse(route: Route) -> None:
        outside.append(route.request.url)
        route.abort()

    page.route(lambda url: not url.startswith(base), refuse)
    page.goto(f"{base}/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "Stratagem table" in (page.locator(".swagger-ui .info .title").text_content() or "")
    page.get_by_text("/api/games/{game_id}/actions").first.wait_for()
    assert outside == []
    shot(page, "api-docs")
