"""In a real browser (Playwright driving Debian's chromium): two people play a whole game of
Eighty Years War from the lobby's links in separate browser contexts, each seeing only its
own hand; every registered game is created in the lobby and played to its end by one
person against bots, its chance commitment shown from the start and, at the end, its seed
and a log that checks against both; the lobby offers a seed only for a game of bots alone
and lists the levels with their measured strength (at a desk's width and a phone's);
the game page says so when the database is away (and tries a move once more) or a client
goes too fast; a Tercios unit is moved exactly by clicking the table; the API's docs render
with nothing fetched from outside. Screenshots are saved under ``screenshots/`` (ignored by
git), or ``$STRATAGEM_SCREENSHOTS``.

Contexts bypass the pages' Content-Security-Policy: Playwright's ``wait_for_function``
evaluates its predicate as a string in the page, which the policy forbids
(``test_headers.py`` checks the pages under their policy).

A game with a person seated gets its seed from the server, in secret, so these tests see a
different deal each run: nothing here depends on the deal (moves are chosen among those
offered, by seeded scripts)."""

from __future__ import annotations

import math
import os
import random
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route, WebSocketRoute
from playwright.sync_api import TimeoutError as PlaywrightTimeout

import stratagem
from stratagem.bots.level_ratings import ratings_of
from stratagem.core import game_info
from stratagem.sim.fairness import commitment
from stratagem.sim.gamelog import replay_log, verify_deal
from stratagem.testing.browser import chromium, needs_chromium

from .live import served_on_sqlite

SHOTS = Path(os.environ.get("STRATAGEM_SCREENSHOTS", Path(__file__).parents[2] / "screenshots"))
CONTEXT: dict[str, Any] = {"bypass_csp": True, "viewport": {"width": 1400, "height": 1000}}
"""Every browser context's options (see above for the policy bypassed)."""
GAME_WAIT = 240.0
GAMES = [info.name for info in stratagem.available_games()]

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "browser")


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


PAGE_STATE = """() => ({
  ...document.body.dataset,
  connection: document.getElementById("connection").textContent,
  message: document.getElementById("message").textContent,
  choices: document.querySelectorAll("#actions button.action").length,
})"""
"""What a seat's page shows of where the game is: the body's data (version, who is to
move, whether an action is on its way), the connection, the message line, its choices."""


def wait_for_turn(page: Page, seat: str, predicate: str, timeout: float = GAME_WAIT) -> None:
    """Wait until ``predicate`` (a page function of ``seat``) holds; if it does not in
    ``timeout`` seconds, fail with what the page shows and what the table answers the
    seat (its version, who is to move, its choices)."""
    try:
        page.wait_for_function(predicate, arg=seat, timeout=timeout * 1000)
    except PlaywrightTimeout:
        shown = page.evaluate(PAGE_STATE)
        game, _, token = page.url.partition("/games/")[2].partition("#seat=")
        answer = httpx.get(
            page.url.split("/games/")[0] + f"/api/games/{game}", headers={"X-Seat-Token": token}
        ).json()
        told = {key: answer.get(key) for key in ("version", "to_move", "finished", "legal")}
        raise AssertionError(
            f"{seat}'s page did not come to its turn in {timeout:.0f} s; it shows {shown}; "
            f"the table answers {told}"
        ) from None


def autoplay(page: Page, seat: str, seed: int, clicks: int = 10**6) -> int:
    """Click the seat's buttons from the page's script until the game ends (or ``clicks``
    are made); how many were made."""
    made = page.evaluate(AUTOPLAY, [seat, seed, clicks, GAME_WAIT * 1000])
    assert isinstance(made, int), made
    return made


SEATS_SEEN = "[...document.querySelectorAll('[data-seat]')].length"
SEED_NOTE = (
    "chance is drawn in secret by the server when a person plays; its commitment is shown "
    "at the start and the seed at the end"
)


def open_lobby(browser: Browser, base: str, game: str, seats: list[str]) -> Page:
    """The lobby with ``game`` chosen, its player count and who plays each seat."""
    lobby = browser.new_context(**CONTEXT).new_page()
    lobby.goto(base)
    lobby.wait_for_selector(f"#game option[value='{game}']", state="attached")
    lobby.select_option("#game", game)
    lobby.select_option("#players", str(len(seats)))
    lobby.wait_for_function(f"{SEATS_SEEN} === {len(seats)}")
    for index, controller in enumerate(seats):
        lobby.select_option(f"[data-seat='{index}']", controller)
    return lobby


OptionChoice = str | list[str]
"""An option as a person sets it in the lobby: typed or chosen (one select), or a choice
per seat (Tercios's armies)."""


def set_option(lobby: Page, name: str, value: OptionChoice) -> None:
    """Set the lobby's control for option ``name`` as a person does."""
    control = lobby.locator(f"[data-option='{name}']")
    if isinstance(value, list):
        for index, item in enumerate(value):
            control.locator(f"select[data-item='{index}']").select_option(item)
    elif control.evaluate("node => node.tagName") == "SELECT":
        control.select_option(value)
    else:
        control.fill(value)


def create_in_lobby(
    browser: Browser,
    base: str,
    game: str,
    seats: list[str],
    options: dict[str, OptionChoice],
    *,
    seed: int | None = None,
) -> tuple[dict[str, str], str]:
    """Create a game from the lobby as a person does: the game, its player count, options
    typed in, who plays each seat, a seed only for bots alone (the lobby offers none when a
    person is seated); (seat -> link of each human seat, spectator link)."""
    lobby = open_lobby(browser, base, game, seats)
    for name, value in options.items():
        set_option(lobby, name, value)
    if "human" in seats:
        assert seed is None, "a game with a person seated gets its seed from the server"
        assert lobby.locator("#seed").is_hidden()
        assert SEED_NOTE in squeeze_spaces(lobby.locator("#seed-note").text_content())
    elif seed is not None:
        lobby.fill("#seed", str(seed))
    shot(lobby, f"lobby-{game}")
    with lobby.expect_request("**/api/games") as sent:
        lobby.click("#create-button")
    body = sent.value.post_data_json
    assert ("seed" in body) == (seed is not None), body
    lobby.wait_for_selector("#created:not([hidden])")
    links = {
        link.get_attribute("data-seat") or "": link.get_attribute("href") or ""
        for link in lobby.locator("a.seat-link").all()
    }
    spectator = lobby.locator("#spectator-link").get_attribute("href") or ""
    lobby.context.close()
    return links, spectator


def squeeze_spaces(text: str | None) -> str:
    """Text with every run of white space one space (as a page's text flows)."""
    return " ".join((text or "").split())


EVENTS_SHOWN = (
    "[...document.querySelectorAll('#events li')]"
    ".reduce((n, item) => n + Number(item.dataset.count), 0)"
)
"""How many events the page's log shows (a run of the same event is one line)."""


def read_state(base: str, link: str) -> dict[str, Any]:
    """The game as the link's seat (or a spectator's link) sees it now, from the API."""
    game_id = link.split("/games/", 1)[1].split("#", 1)[0]
    token = link.split("#seat=", 1)[1] if "#seat=" in link else None
    headers = {"X-Seat-Token": token} if token else {}
    state: dict[str, Any] = httpx.get(f"{base}/api/games/{game_id}", headers=headers).json()
    return state


def check_commitment_shown(page: Page, state: dict[str, Any]) -> None:
    """The page shows the game's commitment from the start, shortened, the whole of it on
    hover and to copy; no seed while the game runs."""
    committed = state["commitment"]
    assert len(committed) == 64 and int(committed, 16) >= 0
    page.wait_for_selector("#commitment")
    line = squeeze_spaces(page.locator("#fairness").text_content())
    assert line.startswith(f"Chance committed: {committed[:12]}…"), line
    assert "the secret seed is shown when the game ends" in line
    assert page.locator("#commitment").get_attribute("data-full") == committed
    assert committed in (page.locator("#commitment").get_attribute("title") or "")
    assert page.locator("#seed").count() == 0
    assert page.locator("#log-link").count() == 0


def check_seed_and_log(page: Page, state: dict[str, Any], folder: Path) -> Path:
    """Once the game is over the page shows its seed, which matches the commitment, and a
    link to its log; the log downloaded from the link replays, every draw checked against
    the seed and the seed against the commitment. The downloaded log's path."""
    assert state["finished"]
    seed = state["seed"]
    game_id = state["table"]
    assert commitment(game_id, seed) == state["commitment"]
    page.wait_for_selector("#seed")
    assert page.locator("#seed").text_content() == str(seed)
    page.wait_for_function(
        "document.getElementById('seed-check').textContent.includes('matches the commitment')"
    )
    line = squeeze_spaces(page.locator("#fairness").text_content())
    assert line.startswith(f"Chance committed: {state['commitment'][:12]}…"), line
    assert "check it with stratagem replay <file>" in line
    link = page.locator("#log-link")
    assert link.text_content() == "Download the game log"
    assert link.get_attribute("href") == f"/api/games/{game_id}/log"
    with page.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == f"{game_id}.jsonl"
    path = folder / f"{game_id}.jsonl"
    download.value.save_as(path)
    deal = verify_deal(path)
    assert (deal.table, deal.seed, deal.commitment) == (game_id, seed, state["commitment"])
    final, events = replay_log(path)
    assert final.is_terminal()
    assert len(events) >= len(state.get("events", [])) > 0
    return path


TAKEBACK_REFUSED = "you cannot take back now: "
ERROR_BODY = '{"detail": "%s"}'


def take_back(page: Page) -> None:
    """Click "Take back": the action is withdrawn (a new version; the table log's line for
    it may be said, as to every seat) or refused, with the server's reason shown (the last
    action revealed something, or something happened since)."""
    version = page.evaluate("document.body.dataset.version")
    seat = page.evaluate("document.body.dataset.seat")
    page.click("#takeback")
    page.wait_for_function(
        "v => document.body.dataset.version !== v"
        " || document.getElementById('message').textContent !== ''",
        arg=version,
    )
    message = page.locator("#message").text_content() or ""
    withdrawn = ("", f"{seat} took back their last action")
    assert message in withdrawn or message.startswith(TAKEBACK_REFUSED), message


REVEALED = TAKEBACK_REFUSED + "your last action revealed something you did not know"


def take_back_refused(page: Page) -> None:
    """A take-back the server refuses (409, as it refuses one of an action that revealed
    something): the page shows the reason and nothing changes."""
    page.route(
        "**/api/games/*/takeback",
        lambda route: route.fulfill(
            status=409, content_type="application/json", body=ERROR_BODY % REVEALED
        ),
    )
    version = page.evaluate("document.body.dataset.version")
    page.click("#takeback")
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert page.locator("#message").text_content() == REVEALED
    assert page.evaluate("document.body.dataset.version") == version
    page.unroute("**/api/games/*/takeback")


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


def check_end(page: Page, base: str, link: str, folder: Path) -> str:
    """The seat's page at the end of the game: the result, the whole log of events, the seed
    and the game log; the text of the log downloaded."""
    page.wait_for_selector("#result:not([hidden])")
    assert "Winner" in (page.locator("#result").text_content() or "")
    final = read_state(base, link)
    assert page.evaluate(EVENTS_SHOWN) == final["events_total"] > 0
    assert "§" in (page.locator("#events li").first.text_content() or "")
    log = check_seed_and_log(page, final, folder).read_text()
    shot(page, f"eighty_years_war-{final['seat'].lower()}-end")
    return log


def test_two_people_play_a_whole_game_in_their_browsers(
    browser: Browser, base: str, tmp_path: Path
) -> None:
    links, _ = create_in_lobby(browser, base, "eighty_years_war", ["human", "human"], {})
    assert set(links) == {"Dutch", "Spanish"}
    pages: dict[str, Page] = {}
    for seat, link in links.items():
        context = browser.new_context(**CONTEXT)
        pages[seat] = context.new_page()
        pages[seat].goto(base + link)
        pages[seat].wait_for_function("document.body.dataset.seat !== undefined")
        check_commitment_shown(pages[seat], read_state(base, link))
    rng = random.Random(4)
    clicks = dict.fromkeys(pages, 0)
    checked = False
    took_back = False
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
            if not took_back and page.locator("#takeback").is_visible():
                take_back_refused(page)
                take_back(page)
                took_back = True
        if not acted:
            time.sleep(0.02)
    assert checked
    for number, (seat, page) in enumerate(pages.items()):
        page.evaluate(START_AUTOPLAY, [seat, number + 7, 10**6, GAME_WAIT * 1000])
    for page in pages.values():
        made = page.evaluate("window.autoplay")
        assert isinstance(made, int), made
    logs = [check_end(page, base, links[seat], tmp_path / seat) for seat, page in pages.items()]
    assert logs[0] == logs[1]  # one log, whoever downloads it
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


SHORTEST: dict[str, dict[str, OptionChoice]] = {
    "tercios": {"armies": ["spanish_500", "swedish_500"], "duration": "2"},
    "sixteen_thirty_something": {"last_turn": "3"},
    "henry_viii": {"last_turn": "2"},
}
"""The shortest game each game offers, where its options allow a shorter one than the
default, as chosen in the lobby: Tercios with two 500-point armies and a fixed duration
(The Battle: Duration); Sixteen Thirty Something and Henry VIII in their short variants
(``last_turn``: the table is under test here, not the rules, and a whole printed game of
either in two browsers costs a minute of CI). The others are played as they come with
their fewest players (1750's Alternate Game Length only adds turns)."""


@pytest.mark.parametrize("name", GAMES)
def test_every_game_is_played_to_its_end_against_bots(
    browser: Browser, base: str, name: str, tmp_path: Path
) -> None:
    seats = ["human"] + ["random"] * (game_info(name).min_players - 1)
    options = SHORTEST.get(name, {})
    links, spectator_link = create_in_lobby(browser, base, name, seats, options)
    ((seat, link),) = links.items()
    page = browser.new_context(**CONTEXT).new_page()
    page.goto(base + link)
    page.wait_for_selector("#board svg")
    page.wait_for_function("document.body.dataset.seat !== ''")
    assert page.locator("#board svg").count() == 1
    check_commitment_shown(page, read_state(base, link))
    shot(page, f"{name}-start")
    assert autoplay(page, seat, 1, clicks=BOARD_CLICKS) > 0
    shot(page, f"{name}-board")
    spectator = browser.new_context(**CONTEXT).new_page()
    spectator.goto(base + spectator_link)
    spectator.wait_for_selector("#board svg")
    assert spectator.locator("#who").text_content() == "Spectating"
    spectator.wait_for_selector("#commitment")
    assert (
        spectator.locator("#commitment").get_attribute("data-full")
        == (read_state(base, spectator_link)["commitment"])
    )
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
    check_seed_and_log(page, final, tmp_path)
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


def deploy_unhitched(page: Page) -> None:
    """Deploy every gun of the seat unhitched (Horse Teams, RULINGS R115), then wait for the
    orders to be offered."""
    deploy = page.locator("button.action[data-action$=' unhitched']")
    while deploy.count():
        version = page.evaluate("document.body.dataset.version")
        deploy.first.click()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    page.wait_for_selector("button.action[data-action$=': Run!']")


def to_activation(page: Page, seat: str, commander: str | None = None) -> None:
    """Click the seat's buttons (Run! orders, a unit's activation, or the ``commander``'s,
    playing first) until one of its units (or that commander) is activated, so that it may
    make an exact move."""
    deadline = time.monotonic() + 60
    activated = (
        "button.action[data-action$=': end activation']"
        if commander is None
        else f"button.action[data-action^='{commander}: ']"
    )
    activate = (
        "button.action[data-action^='activate ']:not([data-action^='activate commander'])"
        if commander is None
        else f"button.action[data-action='activate commander {commander}']"
    )
    while not page.locator(activated).count():
        assert time.monotonic() < deadline, "no unit of the seat was activated"
        if page.evaluate("document.body.dataset.toMove") != seat:
            time.sleep(0.05)
            continue
        version = page.evaluate("document.body.dataset.version")
        wanted = (
            "button.action[data-action$=': Run!']",
            activate,
            f"button.action[data-action='{seat} plays first']",
            "button.action",
        )
        button = next(page.locator(css).first for css in wanted if page.locator(css).count())
        button.click()
        page.wait_for_function("v => document.body.dataset.version !== v", arg=version)


def test_tercios_exact_moves_by_clicking_the_table(browser: Browser, base: str) -> None:
    links, _ = create_in_lobby(browser, base, "tercios", ["human", "random"], SHORTEST["tercios"])
    link = links["Spanish"]
    page = browser.new_context(**CONTEXT).new_page()
    page.goto(base + link)
    page.wait_for_function("document.body.dataset.toMove === 'Spanish'")
    deploy_unhitched(page)
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
    chief = "Gonzalo Fernández de Córdoba (Spanish C-C)"  # unattached: he may move (R81)
    to_activation(page, "Spanish", commander=chief)
    assert page.locator("#exact-facing").is_disabled()  # a commander has no facing
    before = read()
    where = next(o for o in before["view"]["commanders"] if o["name"] == chief)
    click_table(page, where["x"], where["y"] - 2)  # two inches back
    page.click("#exact-go")
    page.wait_for_function("v => document.body.dataset.version !== v", arg=str(before["version"]))
    moved = next(o for o in read()["view"]["commanders"] if o["name"] == chief)
    assert [moved["x"], moved["y"]] == pytest.approx([where["x"], where["y"] - 2], abs=0.1)
    assert f"{chief} moves to {moved['x']:g},{moved['y']:g}." in (
        page.locator("#events").text_content() or ""
    )


def test_lobby_offers_a_seed_only_to_bots_alone(browser: Browser, base: str) -> None:
    lobby = open_lobby(browser, base, "eighty_years_war", ["random", "heuristic"])
    assert lobby.locator("#seed").is_visible()
    assert lobby.locator("#seed-note").is_hidden()
    lobby.fill("#seed", "77")
    lobby.select_option("[data-seat='1']", "human")  # a person sits down: no seed
    assert lobby.locator("#seed").is_hidden()
    assert lobby.locator("#seed-note").is_visible()
    assert SEED_NOTE in squeeze_spaces(lobby.locator("#seed-note").text_content())
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot(lobby, "lobby-person-seated")
    with lobby.expect_request("**/api/games") as sent:
        lobby.click("#create-button")
    assert "seed" not in sent.value.post_data_json  # the seed typed before is not sent
    lobby.wait_for_selector("#created:not([hidden])")
    lobby.select_option("[data-seat='1']", "random")  # bots alone again: the seed is back
    assert lobby.locator("#seed").is_visible()
    assert lobby.locator("#seed").input_value() == "77"
    lobby.fill("#seed", "twelve")
    lobby.click("#create-button")
    assert "The seed is a whole number" in (lobby.locator("#lobby-message").text_content() or "")
    lobby.context.close()


LEVELS_SHOWN = "document.querySelector('#level-list').textContent"


def level_lines(lobby: Page) -> dict[str, str]:
    """The lobby's list of levels, by name: each line as shown."""
    lines = lobby.locator("#level-list li.level")
    return {
        line.get_attribute("data-level") or "": squeeze_spaces(line.text_content())
        for line in lines.all()
    }


def test_lobby_shows_each_levels_measured_strength(browser: Browser, base: str) -> None:
    for name, (width, height) in {"desk": (1280, 800), "phone": (390, 844)}.items():
        viewport = {"width": width, "height": height}
        lobby = browser.new_context(bypass_csp=True, viewport=viewport).new_page()
        lobby.goto(base)
        lobby.wait_for_selector("#level-list li.level")
        lobby.select_option("#game", "tercios")
        lobby.wait_for_function(f"{LEVELS_SHOWN}.includes('40 games')")
        assert lobby.locator("#levels").is_visible()
        lines = level_lines(lobby)
        assert list(lines) == ["easy", "normal", "hard"]
        for level in ("easy", "hard"):
            (rating,) = ratings_of("tercios", level)
            assert f"{level} (" in lines[level]
            assert f"{rating.words()}, measured {rating.date}" in lines[level]
        assert "67.5% (58.7-75.2) of the points against normal, 120 games" in lines["hard"]
        assert "the measure the other levels are rated against" in lines["normal"]
        # the seats after the first start with that measure, by its level's name
        assert lobby.locator("[data-seat='1']").input_value() == "normal"
        lobby.locator("#levels").scroll_into_view_if_needed()
        lobby.screenshot(path=str(SHOTS / f"lobby-levels-{name}.png"))
        lobby.select_option("#game", "henry_viii")  # another game: its own figures
        lobby.wait_for_function(f"{LEVELS_SHOWN}.includes('5 players')")
        henry = "11.9% (6.9-19.7) of the points alone against normal at 5 players"
        assert henry in level_lines(lobby)["easy"]
        lobby.context.close()


def test_lobby_shows_a_refusal(browser: Browser, base: str) -> None:
    lobby = open_lobby(browser, base, "tercios", ["human", "random"])
    # an army the server does not ship (a lobby whose list is out of date)
    lobby.evaluate(
        """() => {
          const select = document.querySelector("[data-option='armies'] select[data-item='0']");
          select.append(new Option("no_such_army", "no_such_army"));
          select.value = "no_such_army";
        }"""
    )
    lobby.click("#create-button")
    lobby.wait_for_selector("#lobby-message:not([hidden])")
    answer = httpx.post(
        f"{base}/api/games",
        json={
            "game": "tercios",
            "players": 2,
            "options": {"armies": ["no_such_army", "swedish_500"]},
            "seats": ["human", "random"],
        },
    )
    assert answer.status_code == 422
    detail = answer.json()["detail"]
    assert isinstance(detail, str) and detail
    shown = lobby.locator("#lobby-message").text_content()
    assert shown == f"The game was not created: {detail}"
    assert lobby.locator("#created").is_hidden()
    shot(lobby, "lobby-refusal")
    lobby.context.close()


BIGGEST_SEED = 2**63 - 1
"""The largest seed a game may be given: more than a JavaScript number holds exactly."""


def test_a_game_of_bots_alone_keeps_its_seed(browser: Browser, base: str, tmp_path: Path) -> None:
    links, spectator_link = create_in_lobby(
        browser,
        base,
        "henry_viii",
        ["random"] * game_info("henry_viii").min_players,
        {},
        seed=BIGGEST_SEED,
    )
    assert links == {}
    page = browser.new_context(**CONTEXT).new_page()
    page.goto(base + spectator_link)
    page.wait_for_selector("#result:not([hidden])", timeout=GAME_WAIT * 1000)
    final = read_state(base, spectator_link)
    assert final["seed"] == BIGGEST_SEED
    path = check_seed_and_log(page, final, tmp_path)
    assert page.locator("#seed").text_content() == "9223372036854775807"  # not rounded
    assert verify_deal(path).seed == BIGGEST_SEED
    shot(page, "henry_viii-bots-end")


UNAVAILABLE_SHOWN = (
    "document.getElementById('message').textContent"
    '.includes("the table\'s database is briefly unavailable, trying again")'
)


def goto_through_a_busy_socket(page: Page, url: str, seat: str) -> None:
    """Open the seat's page while the database is away: the first websocket is closed as
    the server closes it then; the page says so, connects again and goes on."""
    sockets: list[str] = []

    def socket_away_once(socket: WebSocketRoute) -> None:
        # the first websocket is closed as the server closes it while the database is
        # away (1013: try again later); the page says so and connects again
        if not sockets:
            sockets.append("away")
            socket.send('{"type": "error", "detail": "the database is locked"}')
            socket.close(code=1013, reason="try again later")
        else:
            sockets.append("server")
            socket.connect_to_server()

    page.route_web_socket("**/api/games/*/ws", socket_away_once)
    page.goto(url)
    page.wait_for_function(UNAVAILABLE_SHOWN)
    page.wait_for_function(f"document.body.dataset.toMove === '{seat}'", timeout=60_000)
    page.wait_for_selector("button.action")
    assert sockets == ["away", "server"]
    assert page.locator("#message").text_content() == ""
    assert page.locator("#connection").text_content() == "live"


def test_the_page_waits_out_a_busy_database_and_a_rate_limit(browser: Browser, base: str) -> None:
    made = httpx.post(
        f"{base}/api/games",
        json={"game": "eighty_years_war", "players": 2, "seats": ["human", "random"]},
    )
    assert made.status_code == 201, made.text
    ((seat, link),) = ((s["seat"], s["link"]) for s in made.json()["seats"] if s["link"])
    page = browser.new_context(**CONTEXT).new_page()
    goto_through_a_busy_socket(page, base + link, seat)
    check_commitment_shown(page, read_state(base, link))
    shot(page, "eighty_years_war-start")
    answers: list[int] = []

    def away_once(route: Route) -> None:
        # the database is away for the first try; the page tries once more after 1 s
        if not answers:
            answers.append(503)
            detail = "the database is locked; nothing was changed, try again in a moment"
            route.fulfill(
                status=503,
                headers={"Retry-After": "1", "Content-Type": "application/json"},
                body=ERROR_BODY % detail,
            )
        else:
            answers.append(200)
            route.continue_()

    page.route("**/api/games/*/actions", away_once)
    version = page.evaluate("document.body.dataset.version")
    page.locator("button.action").first.click()
    page.wait_for_function(UNAVAILABLE_SHOWN)
    assert page.evaluate("document.body.dataset.version") == version  # not made yet
    page.wait_for_function("v => document.body.dataset.version !== v", arg=version)
    assert answers == [503, 200]
    assert page.locator("#message").text_content() == ""
    page.unroute("**/api/games/*/actions")

    page.route(
        "**/api/games/*/actions",
        lambda route: route.fulfill(
            status=429,
            headers={"Retry-After": "7", "Content-Type": "application/json"},
            body=ERROR_BODY % "too many actions and take-backs from your address; try again in 7 s",
        ),
    )
    page.wait_for_function(f"document.body.dataset.toMove === '{seat}'", timeout=60_000)
    page.wait_for_selector("button.action")
    version = page.evaluate("document.body.dataset.version")
    page.locator("button.action").first.click()
    page.wait_for_function("document.getElementById('message').textContent !== ''")
    assert page.locator("#message").text_content() == "too many moves at once, wait 7 s"
    assert page.evaluate("document.body.dataset.version") == version
    shot(page, "eighty_years_war-rate-limited")
    page.unroute("**/api/games/*/actions")
    page.context.close()


def test_api_docs_render_offline(browser: Browser, base: str) -> None:
    pytest.importorskip("fastapi_offline", reason="the docs' assets package is not installed")
    page = browser.new_context(**CONTEXT).new_page()
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
