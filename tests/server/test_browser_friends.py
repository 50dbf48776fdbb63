"""The web table with friends, in a real browser (Playwright driving Debian's chromium):
for every game, one person creates a public game in the lobby with a seat left open, a
second person finds it in the lobby's list and takes the seat, a spectator watches; the
three chat, the two play to the end through the page, each seeing its own hand only; at
the end every other seat's hand is shown once under its name, and a rematch started by one
opens on the other's page as that seat (or, asked with the sides swapped, as the other
seat). Also: the your-turn mark in the tab's title, "Your games" in the lobby (yours first,
each with its opponents and wait, a link that has ended said so), resigning with two seats
and with more, looking back through a running game, the details of a thing tapped on the
board, the creator's new link, and the board text measure (``board_problems``) at several
positions of each game's real page.

Screenshots go to ``screenshots/friends/`` (ignored by git), or
``$STRATAGEM_SCREENSHOTS/friends``. Contexts bypass the pages' Content-Security-Policy,
which forbids the string predicates of Playwright's ``wait_for_function``
(``test_headers.py`` checks the pages under their policy)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Dialog, Page

from render.boardcheck import board_problems
from stratagem.core import game_info
from stratagem.testing.browser import needs_chromium

from .live import served_on_sqlite
from .test_browser import (
    AUTOPLAY,
    EVENTS_SHOWN,
    GAME_WAIT,
    GAMES,
    SHORTEST,
    SHOTS,
    START_AUTOPLAY,
    OptionChoice,
    browser,
    read_state,
    set_option,
    squeeze,
    squeeze_spaces,
)

FRIENDS = SHOTS / "friends"
WIDTH = 1280
"""The page width of every context here (the board measure's width)."""
BOT_DELAY = 0.02
MIDDLE_CLICKS = 12
"""Clicks of the creator's seat before the middle of the game is measured and shown."""
WAIT_MS = 30_000

__all__ = ["browser"]  # the one chromium of test_browser, a fixture of this module too

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "friends", bot_delay=BOT_DELAY)


def new_page(browser: Browser) -> Page:
    """A page in a browser context of its own (its own localStorage: another person)."""
    page = browser.new_context(bypass_csp=True, viewport={"width": WIDTH, "height": 900}).new_page()
    page.set_default_timeout(WAIT_MS)
    return page


def shot(page: Page, name: str) -> None:
    FRIENDS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(FRIENDS / f"{name}.png"), full_page=True)


def game_of(link: str) -> str:
    return link.split("/games/", 1)[1].split("#", 1)[0].split("/", 1)[0]


def token_of(link: str) -> str:
    return link.split("#seat=", 1)[1]


def create(base: str, game: str, seats: list[str], **extra: Any) -> dict[str, Any]:
    """A game made through the API (for the tests that are not about the lobby)."""
    made = httpx.post(
        f"{base}/api/games", json={"game": game, "players": len(seats), "seats": seats, **extra}
    )
    assert made.status_code == 201, made.text
    body: dict[str, Any] = made.json()
    return body


def link_of(made: dict[str, Any], seat: int) -> str:
    link: str = made["seats"][seat]["link"]
    return link


def open_seat_page(page: Page, base: str, link: str) -> None:
    page.goto(base + link)
    page.wait_for_selector("#board svg")
    page.wait_for_function(
        "document.body.dataset.seat !== undefined && document.body.dataset.seat !== ''"
    )


def create_in_lobby_with_an_open_seat(
    page: Page, base: str, game: str, options: dict[str, OptionChoice]
) -> dict[str, str]:
    """The creator's lobby: ``game`` with its fewest players, a person at the first seat,
    the second open, random bots elsewhere, listed publicly; the links shown (``seat``:
    the creator's seat link, ``creator``, ``spectator``), the creator's seat opened."""
    count = game_info(game).min_players
    page.goto(base)
    page.wait_for_selector(f"#game option[value='{game}']", state="attached")
    page.select_option("#game", game)
    page.select_option("#players", str(count))
    page.wait_for_function(f"document.querySelectorAll('select[data-seat]').length === {count}")
    for index in range(count):
        controller = "human" if index == 0 else "open" if index == 1 else "random"
        page.select_option(f"select[data-seat='{index}']", controller)
    for name, value in options.items():
        set_option(page, name, value)
    page.check("#public")
    assert page.locator("#seed").is_hidden()  # a person is (or will be) seated
    with page.expect_request("**/api/games") as sent:
        page.click("#create-button")
    body: dict[str, Any] = sent.value.post_data_json or {}
    assert body["public"] is True and body["seats"][1] == "open", body
    page.wait_for_selector("#created:not([hidden])")
    links = page.locator("a.seat-link")
    assert links.count() == 1  # the open seat and the bots have no link
    created = {
        "seat": links.first.get_attribute("href") or "",
        "creator": page.locator("#creator-link").get_attribute("href") or "",
        "spectator": page.locator("#spectator-link").get_attribute("href") or "",
    }
    assert "#creator=" in created["creator"]
    shot(page, f"{game}-lobby-created")
    open_seat_page(page, base, created["seat"])
    return created


def take_open_seat_from_the_lobby(page: Page, base: str, game_id: str, name: str) -> str:
    """A second person: the lobby lists the game's open seat; take it; the seat's link."""
    page.goto(base)
    take = page.locator(f"li.open-game[data-game='{game_id}'] button.take-seat")
    take.wait_for()
    listed = squeeze_spaces(page.locator(f"li.open-game[data-game='{game_id}']").text_content())
    assert "a person since" in listed, listed  # who is seated, since when
    shot(page, f"{name}-lobby-open")
    take.click()
    page.wait_for_url("**/games/*#seat=*")
    page.wait_for_selector("#board svg")
    page.wait_for_function(
        "document.body.dataset.seat !== undefined && document.body.dataset.seat !== ''"
    )
    return page.url.removeprefix(base)


CHAT_LINES = "document.querySelectorAll('#chat-lines li').length"


def chat(page: Page, line: str) -> None:
    page.fill("#chat-input", line)
    page.click("#chat-send")
    page.wait_for_function("document.getElementById('chat-input').value === ''")


def check_chat(pages: list[Page], seats: list[str]) -> None:
    """Two seats and a spectator say something; every page shows the three lines with who
    said them (the spectator's marked) and when, the text as text."""
    chat(pages[0], "hello <b>all</b>")
    chat(pages[1], "good luck")
    chat(pages[2], "a spectator says hi")
    for page in pages:
        page.wait_for_function(f"{CHAT_LINES} >= 3")
        lines = page.locator("#chat-lines li")
        texts = [lines.nth(i).locator(".chat-text").text_content() for i in range(3)]
        assert texts == ["hello <b>all</b>", "good luck", "a spectator says hi"]
        assert lines.first.locator("b").count() == 0  # text, never markup
        who = [lines.nth(i).locator(".chat-who").text_content() for i in range(3)]
        assert who == [seats[0], seats[1], "spectator"]
        assert [
            lines.nth(i).evaluate("n => n.classList.contains('spectator')") for i in range(3)
        ] == [
            False,
            False,
            True,
        ]
        assert all(lines.nth(i).locator(".chat-time").text_content() for i in range(3))


def names_in_hand(hand: Any) -> list[str]:
    """The names of the cards of a ``view.you.hand`` (a list, or a dict by name)."""
    return [str(card) for card in (hand.keys() if isinstance(hand, dict) else hand)]


def name_parts(card: str) -> list[str]:
    """The parts of a card's name a board draws (``A | B`` as two; ``x2`` as a count)."""
    return [part.split(" x")[0] for part in card.split(" | ")]


def check_own_hands(base: str, pages: dict[str, Page], links: dict[str, str]) -> bool:
    """Each seat's board draws the cards of its own ``view.you.hand``, and its page shows
    no card of another's hand that its own payload does not name. ``False`` while no
    hand is dealt (or the game has none: Tercios)."""
    payloads = {seat: read_state(base, link) for seat, link in links.items()}
    hands = {
        seat: names_in_hand((payload["view"].get("you") or {}).get("hand") or [])
        for seat, payload in payloads.items()
    }
    if not any(hands.values()):
        return False
    for seat, page in pages.items():
        version = payloads[seat]["version"]
        page.wait_for_function(f"Number(document.body.dataset.version) >= {version}")
        board = squeeze(page.locator("#board").text_content() or "")
        shown = squeeze(page.evaluate("document.body.textContent"))
        for card in hands[seat]:
            for part in name_parts(card):
                assert squeeze(part) in board, f"{seat} does not see its own {card}"
        known = httpx.get(
            f"{base}/api/games/{game_of(links[seat])}",
            headers={"X-Seat-Token": token_of(links[seat])},
        ).text
        for other, cards in hands.items():
            for card in cards if other != seat else []:
                if card not in known:
                    assert squeeze(card) not in shown, f"{seat}'s page shows {other}'s {card}"
    return True


def measure(page: Page, name: str, where: str, problems: dict[str, list[str]]) -> None:
    """The board measure on the real page, noted (not yet asserted) under ``where``."""
    found = board_problems(page)
    if found:
        problems[f"{name} {where}"] = found


def wait_finished(page: Page) -> None:
    page.wait_for_selector("#result:not([hidden])", timeout=GAME_WAIT * 1000)


TO_MOVE_OR_OVER = (
    "s => document.body.dataset.sending !== 'true' && "
    "(document.body.dataset.toMove === s || document.body.dataset.finished === 'true')"
)


def play_to_the_middle(base: str, pages: dict[str, Page], links: dict[str, str]) -> None:
    """The second seat plays on by itself (a script in its page) while the first clicks
    ``MIDDLE_CLICKS`` at a time; whenever the first is to move again, nothing moves and
    the pages stand still: each seat's own hand is checked once one is dealt."""
    (first, creator), (second, friend) = pages.items()
    friend.evaluate(START_AUTOPLAY, [second, 11, 10**6, GAME_WAIT * 1000])
    hands_checked = creator.evaluate("document.body.dataset.game") == "tercios"
    for seed in range(3, 9):
        made = creator.evaluate(AUTOPLAY, [first, seed, MIDDLE_CLICKS, GAME_WAIT * 1000])
        assert isinstance(made, int), made
        creator.wait_for_function(TO_MOVE_OR_OVER, arg=first)
        if hands_checked or creator.evaluate("document.body.dataset.finished") == "true":
            break
        hands_checked = check_own_hands(base, pages, links)
    assert hands_checked, "no hand was dealt in the first part of the game"


def check_revealed(pages: list[Page], seats: list[str]) -> None:
    """Every page shows every other seat's hand at the end, once, under its seat's name
    ("Player 2's hand"; its own is on its board), and no other board: nothing repeated,
    and nothing says "Your" of another seat's. ``seats``: those with secrets (none in
    Tercios, where nothing is hidden: then nothing is shown)."""
    for page in pages:
        own = page.evaluate("document.body.dataset.seat")
        others = [seat for seat in seats if seat != own]
        if not others:
            assert page.locator("#revealed").is_hidden()
            continue
        page.wait_for_selector("#revealed:not([hidden])")
        shown = page.locator("#revealed .revealed-seat").evaluate_all(
            "parts => parts.map((part) => part.dataset.seat)"
        )
        assert shown == others
        for seat in others:
            titles = page.locator(f"#revealed .revealed-seat[data-seat='{seat}'] h3")
            assert f"{seat}'s hand" in titles.all_text_contents()
        assert page.locator("#revealed svg").count() == 0
        assert "Your " not in (page.locator("#revealed").text_content() or "")


def check_rematch(
    base: str, pages: dict[str, Page], links: dict[str, str], spectator: Page
) -> None:
    """The first seat starts a rematch; every seat's page offers its own link to it (the
    spectator's, the spectator link); the second opens it, and plays its seat there."""
    (_first, creator), (second, friend) = pages.items()
    with creator.expect_response("**/rematch") as answer:
        creator.click("#rematch-button")
    rematch_id = answer.value.json()["id"]
    for seat, page in pages.items():
        page.wait_for_selector("#rematch-link")
        mine = f"/games/{rematch_id}#seat={token_of(links[seat])}"
        assert page.locator("#rematch-link").get_attribute("href") == mine
    spectator.wait_for_selector("#rematch-link")
    assert spectator.locator("#rematch-link").get_attribute("href") == f"/games/{rematch_id}"
    shot(friend, f"{friend.evaluate('document.body.dataset.game')}-rematch-offered")
    friend.click("#rematch-link")
    friend.wait_for_url(f"**/games/{rematch_id}#seat=*")
    friend.wait_for_function(f"document.body.dataset.seat === '{second}'")
    assert friend.locator("#who").text_content() == f"You play {second}"
    assert read_state(base, friend.url.removeprefix(base))["seat"] == second


@pytest.mark.parametrize("name", GAMES)
def test_friends_play_a_whole_game(browser: Browser, base: str, name: str) -> None:
    creator = new_page(browser)
    created = create_in_lobby_with_an_open_seat(creator, base, name, SHORTEST.get(name, {}))
    game_id = game_of(created["seat"])
    seats = [seat["name"] for seat in read_state(base, created["spectator"])["seats"]]
    first, second = seats[:2]
    assert squeeze_spaces(creator.locator("#waiting").text_content()) == f"Waiting for: {second}"
    assert creator.locator("#creator").is_visible()  # the creator's own panel
    shot(creator, f"{name}-waiting")

    friend = new_page(browser)
    friend_link = take_open_seat_from_the_lobby(friend, base, game_id, name)
    assert game_of(friend_link) == game_id
    assert friend.evaluate("document.body.dataset.seat") == second
    assert friend.locator("#who").text_content() == f"You play {second}"
    creator.wait_for_selector("#waiting", state="hidden")
    spectator = new_page(browser)
    spectator.goto(base + created["spectator"])
    spectator.wait_for_selector("#board svg")
    assert spectator.locator("#who").text_content() == "Spectating"
    check_chat([creator, friend, spectator], [first, second])
    spectator.goto("about:blank")  # back at the end: a third page drawing every move costs time

    pages = {first: creator, second: friend}
    links = {first: created["seat"], second: friend_link}
    problems: dict[str, list[str]] = {}
    measure(creator, name, "at the start", problems)
    shot(creator, f"{name}-start")
    play_to_the_middle(base, pages, links)
    measure(creator, name, "in the middle", problems)
    measure(friend, name, f"in the middle ({second})", problems)
    shot(creator, f"{name}-middle")
    shot(friend, f"{name}-middle-{second.lower().replace(' ', '-')}")
    creator.evaluate(START_AUTOPLAY, [first, 5, 10**6, GAME_WAIT * 1000])
    for page in (creator, friend):
        wait_finished(page)
        outcome = page.evaluate("window.autoplay")
        assert isinstance(outcome, int), outcome
    measure(creator, name, "at the end", problems)
    shot(creator, f"{name}-end")
    spectator.goto(base + created["spectator"])
    spectator.wait_for_selector("#result:not([hidden])")
    secret = [hand["seat"] for hand in read_state(base, created["spectator"])["revealed"]]
    assert secret == ([] if name == "tercios" else seats)  # every seat's hand, but Tercios's
    check_revealed([creator, friend, spectator], secret)
    check_rematch(base, pages, links, spectator)
    for page in (creator, friend, spectator):
        page.context.close()
    assert problems == {}, f"the board measure found problems: {problems}"


def test_your_turn_title_and_your_games(browser: Browser, base: str) -> None:
    against_bot = create(base, "eighty_years_war", ["human", "random"])
    two_people = create(base, "eighty_years_war", ["human", "human"])
    over = create(base, "eighty_years_war", ["human", "human"])
    page = new_page(browser)
    # a finished game, seen first (so that the list's order is not the order of visits)
    open_seat_page(page, base, link_of(over, 1))
    page.wait_for_function("document.body.dataset.toMove === 'Dutch'")
    httpx.post(
        f"{base}/api/games/{over['id']}/resign",
        headers={"X-Seat-Token": token_of(link_of(over, 0))},
    ).raise_for_status()
    page.wait_for_selector("#result:not([hidden])")
    assert not page.title().startswith("●")
    # the other person's turn: no mark
    open_seat_page(page, base, link_of(two_people, 1))
    page.wait_for_function("document.body.dataset.toMove === 'Dutch'")
    assert page.title() == "Eighty Years War · Stratagem"
    assert page.locator("#favicon").get_attribute("data-state") == "calm"
    # the seat's turn: the title and the icon say so, until it is the bot's turn
    open_seat_page(page, base, link_of(against_bot, 0))
    page.wait_for_function("document.title.startsWith('● Your turn · ')")
    assert page.title() == "● Your turn · Eighty Years War · Stratagem"
    assert page.locator("#favicon").get_attribute("data-state") == "alert"
    shot(page, "your-turn")
    page.goto(base)
    page.wait_for_function("document.querySelectorAll('#my-games li').length === 3")
    rows = page.locator("#my-games li")
    order = [
        (rows.nth(i).get_attribute("data-game"), rows.nth(i).get_attribute("data-state"))
        for i in range(3)
    ]
    assert order == [
        (against_bot["id"], "your-turn"),
        (two_people["id"], "going-on"),
        (over["id"], "over"),
    ]
    first = squeeze_spaces(rows.first.text_content())
    assert "your turn · waiting " in first  # since the bot moved
    assert "against: Spanish (random bot)" in first  # the opponents and who plays them
    assert "against: Dutch (a person)" in squeeze_spaces(rows.nth(1).text_content())
    assert (rows.first.locator("a").get_attribute("href") or "").endswith(link_of(against_bot, 0))
    shot(page, "lobby-your-games")
    # the creator gives the Spanish seat of the second game a new link: this one has ended
    creator = two_people["creator_link"].split("#creator=", 1)[1]
    httpx.post(
        f"{base}/api/games/{two_people['id']}/seats/1/link", headers={"X-Creator-Token": creator}
    ).raise_for_status()
    page.reload()
    ended = page.locator(f"#my-games li[data-game='{two_people['id']}'][data-seat-name='Spanish']")
    ended.wait_for()
    page.wait_for_function(
        "id => document.querySelector(`#my-games li[data-game='${id}']`).dataset.state === 'ended'",
        arg=two_people["id"],
    )
    assert "this link has ended: a new link was made for Spanish" in (ended.text_content() or "")
    shot(page, "lobby-your-games-link-ended")
    page.context.close()


def test_a_rematch_is_asked_for_with_the_sides_swapped(browser: Browser, base: str) -> None:
    made = create(base, "eighty_years_war", ["human", "human"])
    page = new_page(browser)
    open_seat_page(page, base, link_of(made, 0))
    httpx.post(
        f"{base}/api/games/{made['id']}/resign",
        headers={"X-Seat-Token": token_of(link_of(made, 1))},
    ).raise_for_status()
    page.wait_for_selector("#rematch-swapped")
    assert page.locator("#rematch-button").text_content() == "Rematch, same sides"
    assert page.locator("#rematch-swapped").text_content() == "Rematch, sides swapped"
    with page.expect_request("**/rematch") as sent:
        page.click("#rematch-swapped")
    assert sent.value.post_data_json == {"sides": "swapped"}
    page.wait_for_function(
        "(document.getElementById('rematch-link')?.textContent || '').endsWith('(Spanish)')"
    )
    assert page.locator("#rematch-swapped").count() == 0  # asked once
    shot(page, "rematch-swapped-offered")
    page.click("#rematch-link")
    page.wait_for_function("document.body.dataset.seat === 'Spanish'")
    assert page.locator("#who").text_content() == "You play Spanish"
    page.context.close()


def accept(dialog: Dialog) -> None:
    dialog.accept()


def test_resigning_two_seats_and_more(browser: Browser, base: str) -> None:
    two = create(base, "eighty_years_war", ["human", "human"])
    dutch, spanish = new_page(browser), new_page(browser)
    open_seat_page(dutch, base, link_of(two, 0))
    open_seat_page(spanish, base, link_of(two, 1))
    dutch.wait_for_selector("#resign:not([hidden])")
    dutch.once("dialog", accept)
    dutch.click("#resign")
    for page in (dutch, spanish):
        page.wait_for_selector("#result:not([hidden])")
        result = squeeze_spaces(page.locator("#result").text_content())
        assert result.startswith("Winner: Spanish. Dutch resigned; Spanish wins"), result
        assert page.locator("#resign").is_hidden()
    shot(spanish, "resigned-two-seats")
    dutch.context.close()
    spanish.context.close()

    three = create(base, "sixteen_thirty_something", ["human", "random", "random"])
    page = new_page(browser)
    open_seat_page(page, base, link_of(three, 0))
    page.wait_for_selector("#resign:not([hidden])")
    seat = page.evaluate("document.body.dataset.seat")
    version = int(page.evaluate("document.body.dataset.version"))
    page.once("dialog", accept)
    page.click("#resign")
    page.wait_for_function(
        "s => document.querySelector(`#players li[data-seat='${s}']`).textContent.includes('bot')",
        arg=seat,
    )
    assert page.locator("#result").is_hidden()
    assert page.locator("#resign").is_hidden()
    # the game goes on, the bot playing the seat
    page.wait_for_function(f"Number(document.body.dataset.version) > {version + 5}")
    state = read_state(base, link_of(three, 0))
    assert state["seats"][0]["controller"] == "heuristic"
    assert not state.get("result")
    shot(page, "resigned-three-seats")
    page.context.close()


def test_looking_back_through_a_running_game(browser: Browser, base: str) -> None:
    made = create(base, "eighty_years_war", ["human", "random"])
    page = new_page(browser)
    open_seat_page(page, base, link_of(made, 0))
    assert isinstance(page.evaluate(AUTOPLAY, ["Dutch", 9, 8, GAME_WAIT * 1000]), int)
    page.wait_for_function("document.body.dataset.toMove === 'Dutch'")
    version = page.evaluate("document.body.dataset.version")
    live_board = page.locator("#board").inner_html()
    page.click("#look-back")
    page.wait_for_function("document.getElementById('step-label').textContent.startsWith('step ')")
    label = page.locator("#step-label").text_content() or ""
    at, steps = (int(word) for word in label.split()[1:4:2])
    assert at == steps - 1 > 3
    assert page.locator("#controls").is_hidden()
    shot(page, "look-back")
    started = time.monotonic()
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        f"document.getElementById('step-label').textContent.startsWith('step {at - 1} ')"
    )
    assert time.monotonic() - started < 1.0  # the step was fetched before it was asked for
    page.keyboard.press("ArrowLeft")
    page.wait_for_function(
        f"document.getElementById('step-label').textContent.startsWith('step {at - 2} ')"
    )
    page.keyboard.press("ArrowRight")
    page.wait_for_function(
        f"document.getElementById('step-label').textContent.startsWith('step {at - 1} ')"
    )
    page.locator("#step").fill("0")
    page.wait_for_function(
        "document.getElementById('step-label').textContent.startsWith('step 0 ')"
    )
    assert page.locator("#board").inner_html() != live_board
    # still the live game's version (a bot may have moved meanwhile: never an older one)
    assert int(page.evaluate("document.body.dataset.version")) >= int(version)
    page.click("#live")
    page.wait_for_selector("#controls:not([hidden])")
    assert page.locator("#replay-controls").is_hidden()
    assert page.locator("button.action").count() > 0
    assert page.evaluate(EVENTS_SHOWN) == read_state(base, link_of(made, 0))["events_total"]
    page.context.close()


def test_details_of_a_thing_on_the_board(browser: Browser, base: str) -> None:
    made = create(base, "eighty_years_war", ["human", "random"])
    page = new_page(browser)
    open_seat_page(page, base, link_of(made, 0))
    page.wait_for_function("document.body.dataset.toMove === 'Dutch'")
    page.wait_for_selector("button.action")
    # the other side's secret draws are one line of the log, with their count
    drawn = page.locator("#events li", has_text="Spanish draws a card.")
    assert drawn.count() == 1 and drawn.locator(".times").text_content() == " \u00d78"
    card = page.locator("#board g[data-name]:has(> title)").first
    name = card.get_attribute("data-name") or ""
    detail = card.locator(":scope > title").text_content() or ""
    assert name and detail
    card.click()
    page.wait_for_selector("#details:not([hidden])")
    assert page.locator("#details-name").text_content() == name
    assert page.locator("#details-text").text_content() == detail
    legal = read_state(base, link_of(made, 0))["legal"]
    offered = [
        b.get_attribute("data-action") for b in page.locator("#details-actions button").all()
    ]
    assert offered == [action for action in legal if name in action] != []
    shot(page, "details")
    page.locator("#details-actions button").first.click()
    page.wait_for_function("document.getElementById('message').textContent === ''")
    page.keyboard.press("Escape")
    assert page.locator("#details").is_hidden()
    page.context.close()


def test_the_creator_gives_a_seat_a_new_link(browser: Browser, base: str) -> None:
    made = create(base, "eighty_years_war", ["human", "random"])
    old = link_of(made, 0)
    page = new_page(browser)
    page.goto(base + made["creator_link"])
    page.wait_for_selector("#creator:not([hidden])")
    assert page.locator("#who").text_content() == "Spectating"
    page.click("#creator-seats button.new-link[data-seat='0']")
    page.wait_for_selector("#new-link")
    fresh = page.locator("#new-link").input_value().removeprefix(base)
    assert fresh.startswith(f"/games/{made['id']}#seat=") and fresh != old
    assert read_state(base, fresh)["seat"] == "Dutch"
    refused = httpx.get(f"{base}/api/games/{made['id']}", headers={"X-Seat-Token": token_of(old)})
    assert refused.status_code == 403
    shot(page, "creator-new-link")
    page.context.close()


def test_a_replaced_links_page_is_told_and_a_resigned_persons_page_watches(
    browser: Browser, base: str
) -> None:
    made = create(base, "eighty_years_war", ["human", "random"])
    old = new_page(browser)
    open_seat_page(old, base, link_of(made, 0))
    creator = made["creator_link"].split("#creator=", 1)[1]
    fresh = httpx.post(
        f"{base}/api/games/{made['id']}/seats/0/link", headers={"X-Creator-Token": creator}
    )
    assert fresh.status_code == 200, fresh.text
    old.wait_for_function("document.getElementById('message').textContent.includes('has ended')")
    assert squeeze_spaces(old.locator("#message").text_content()) == (
        "Dutch was given a new link: the link this page was opened with has ended"
    )
    assert old.locator("#board").inner_html() == ""  # nothing of the seat stays
    assert old.locator("#actions button").count() == 0
    shot(old, "replaced-link")
    old.context.close()

    three = create(base, "sixteen_thirty_something", ["human", "random", "random"])
    page = new_page(browser)
    open_seat_page(page, base, link_of(three, 0))
    page.wait_for_selector("#resign:not([hidden])")
    page.once("dialog", accept)
    page.click("#resign")
    page.wait_for_function("document.getElementById('who').textContent === 'Spectating'")
    page.wait_for_selector("#table-log-panel:not([hidden])")
    assert "Player 1 resigned; the heuristic bot plays the seat from step" in (
        page.locator("#table-log").text_content() or ""
    )
    assert page.locator("#own-link").is_hidden()
    shot(page, "resigned-watches")
    page.context.close()


def test_a_phone_gets_one_column(browser: Browser, base: str) -> None:
    made = create(base, "eighty_years_war", ["human", "random"])
    page = browser.new_context(bypass_csp=True, viewport={"width": 390, "height": 844}).new_page()
    open_seat_page(page, base, link_of(made, 0))
    board = page.locator("#board").bounding_box()
    side = page.locator("aside.side").bounding_box()
    assert board is not None and side is not None
    assert side["y"] >= board["y"] + board["height"] - 1  # below the board, not beside it
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "phone")
    page.context.close()


def test_the_creator_may_hand_an_absent_seat_to_a_bot(browser: Browser, base: str) -> None:
    made = create(base, "eighty_years_war", ["human", "random"], hand_over_after=60)
    page = new_page(browser)
    page.goto(base + made["creator_link"])
    page.wait_for_selector("#creator:not([hidden])")
    page.wait_for_function("document.body.dataset.toMove === 'Dutch'")
    waiting = squeeze_spaces(page.locator("#creator-seats li[data-seat='Dutch']").text_content())
    assert "may be handed to a bot in" in waiting, waiting
    assert page.locator("button.hand-over").count() == 0
    # two minutes on: the page offers it; the server, whose clock has not moved, refuses
    page.clock.set_fixed_time(time.time() + 120)
    page.wait_for_selector("button.hand-over[data-seat='0']", timeout=10_000)
    shot(page, "creator-hand-over")
    page.click("button.hand-over[data-seat='0']")
    page.wait_for_selector("#creator-output .refusal-line")
    refusal = page.locator("#creator-output").text_content() or ""
    assert "it may be handed to a bot after 60 s" in refusal, refusal
    page.context.close()


FAKE_ALERTS = """(() => {
  // what the page would notify and sound, noted; the tab is in the background
  window.alerts = [];
  window.Notification = class {
    constructor(title) { window.alerts.push(title); }
    static get permission() { return "granted"; }
    static requestPermission() { return Promise.resolve("granted"); }
  };
  const node = () => ({ connect: (next) => next, gain: { setValueAtTime() {},
    exponentialRampToValueAtTime() {} }, frequency: {}, start() { window.alerts.push("beep"); },
    stop() {} });
  window.AudioContext = class {
    get currentTime() { return 0; } get destination() { return {}; } resume() {}
    createOscillator() { return node(); } createGain() { return node(); }
  };
  document.hasFocus = () => FOCUSED;
})()"""


@pytest.mark.parametrize("focused", [False, True])
def test_a_turn_alert_when_the_tab_is_in_the_background(
    browser: Browser, base: str, focused: bool
) -> None:
    made = create(base, "eighty_years_war", ["human", "random"])
    page = new_page(browser)
    page.add_init_script(FAKE_ALERTS.replace("FOCUSED", "true" if focused else "false"))
    page.goto(base + "/")
    page.evaluate("localStorage.setItem('stratagem.alerts', 'on')")  # as the button leaves it
    open_seat_page(page, base, link_of(made, 0))
    page.wait_for_function("document.body.dataset.toMove === 'Dutch'")
    assert page.locator("#alerts").text_content() == "Turn alerts: on"
    assert page.title().startswith("● Your turn")
    if focused:
        time.sleep(0.3)
        assert page.evaluate("window.alerts") == []  # the title and icon say it: no more
    else:
        page.wait_for_function("window.alerts.length === 2")
        assert page.evaluate("window.alerts") == ["Your turn: Eighty Years War", "beep"]
    page.click("#alerts")
    assert page.locator("#alerts").text_content() == "Turn alerts: off"
    page.context.close()


def test_a_spectator_takes_an_open_seat_on_the_game_page(browser: Browser, base: str) -> None:
    made = create(base, "eighty_years_war", ["human", "open"])  # not listed: shared by link
    page = new_page(browser)
    page.goto(base + made["spectator_link"])
    page.wait_for_selector("button.take-seat")
    assert squeeze_spaces(page.locator("#waiting").text_content()).startswith(
        "Waiting for: Spanish"
    )
    assert page.locator("#alerts").is_hidden()  # a spectator has no turn
    page.click("button.take-seat[data-seat='1']")
    page.wait_for_function("document.body.dataset.seat === 'Spanish'")
    assert page.locator("#who").text_content() == "You play Spanish"
    assert page.locator("#waiting").is_hidden()
    kept = page.evaluate("JSON.parse(localStorage.getItem('stratagem.games'))")
    assert [(e["id"], e["seat"]) for e in kept] == [(made["id"], "Spanish")]
    assert read_state(base, f"/games/{made['id']}#seat={kept[0]['token']}")["seat"] == "Spanish"
    page.context.close()
