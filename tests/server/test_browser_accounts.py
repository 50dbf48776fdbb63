"""Accounts in a real browser (Playwright driving Debian's chromium, issue 34): two people
sign up in browser contexts of their own; one invites the other by name; the invited one
takes the seat from the invitation; each then signs in from a second context, finds the
game in "Your games" and plays it to the end from there (on patches over a deflated
websocket, ``test_browser_updates.played_on_patches``); their names show at the table and
in its chat; at the end both ratings have changed, and the leaderboard and the profiles
say so.

Screenshots go to ``screenshots/accounts/`` (or ``$STRATAGEM_SCREENSHOTS/accounts``):
the sign-up, the lobby with an invitation, a seat's page with both names, the game's end,
the leaderboard and a profile.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page

from stratagem.testing.browser import needs_chromium, page_errors

from .live import served_on_sqlite
from .test_browser import (
    GAME_WAIT,
    SHOTS,
    START_AUTOPLAY,
    browser,
    read_state,
    squeeze_spaces,
)
from .test_browser_friends import open_seat_page
from .test_browser_updates import Heard, played_on_patches

ACCOUNTS = SHOTS / "accounts"
WAIT_MS = 30_000
PASSWORDS = {
    "Margaret": "tulips and pikes 1568",
    "Philip": "escorial and gold 1556",
    "Catherine": "aragon and the rose 1509",
}

__all__ = ["browser"]  # the one chromium of test_browser, a fixture of this module too

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "accounts", bot_delay=0.02)


def new_page(browser: Browser, width: int = 1280) -> Page:
    """A page in a browser context of its own (its own cookies and storage)."""
    context = browser.new_context(bypass_csp=True, viewport={"width": width, "height": 900})
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    return page


def shot(page: Page, name: str) -> None:
    ACCOUNTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ACCOUNTS / f"{name}.png"), full_page=True)


def sign_up(page: Page, base: str, name: str) -> None:
    page.goto(base)
    page.click("#signup-details summary")
    page.fill("#signup-name", name)
    page.fill("#signup-password", PASSWORDS[name])
    page.click("#signup-button")
    page.wait_for_selector("#signed-in:not([hidden])")
    assert page.locator("#account-name").text_content() == name


def sign_in(page: Page, base: str, name: str) -> None:
    page.goto(base)
    page.fill("#signin-name", name)
    page.fill("#signin-password", PASSWORDS[name])
    page.click("#signin-button")
    page.wait_for_selector("#signed-in:not([hidden])")


def open_from_your_games(page: Page, game_id: str, seat: str) -> None:
    """The lobby lists the account's game (signed in here for the first time): open it."""
    row = page.locator(f"#my-games li[data-game='{game_id}'][data-seat-name='{seat}']")
    row.wait_for()
    row.locator("a").click()
    page.wait_for_url(f"**/games/{game_id}#seat=*")
    page.wait_for_selector("#board svg")
    page.wait_for_function(f"document.body.dataset.seat === '{seat}'")


def test_two_people_with_accounts_play_eighty_years_war_from_two_browsers_each(
    browser: Browser, base: str
) -> None:
    margaret = new_page(browser)
    sign_up(margaret, base, "Margaret")
    shot(margaret, "signed-up")
    philip = new_page(browser)
    sign_up(philip, base, "Philip")
    made = invite(margaret, "Philip")
    game_id = made["id"]
    take_the_invitation(philip, game_id)
    open_seat_page(margaret, base, made["seats"][0]["link"])
    check_names(margaret, philip)
    for page in (margaret, philip):
        page.context.close()
    play_from_second_browsers(browser, base, game_id)
    ratings = check_ratings(base, game_id)
    check_boards(browser, base, ratings)


def invite(page: Page, name: str) -> dict[str, Any]:
    """The signed-in lobby creates an Eighty Years War game: its person as the Dutch, the
    Spanish kept for ``name``. The creation's answer."""
    page.select_option("#game", "eighty_years_war")
    page.wait_for_function("document.querySelectorAll('select[data-seat]').length === 2")
    page.select_option("select[data-seat='0']", "me")
    page.select_option("select[data-seat='1']", "@")
    page.fill("input[data-invite='1']", name)
    with page.expect_response("**/api/games") as answer:
        page.click("#create-button")
    made: dict[str, Any] = answer.value.json()
    assert [seat["player"] for seat in made["seats"]] == ["Margaret", name]
    return made


def take_the_invitation(page: Page, game_id: str) -> None:
    """The invited person's lobby lists the invitation: take the seat from it."""
    page.reload()
    invitation = page.locator(f"li.invitation[data-game='{game_id}']")
    invitation.wait_for()
    assert "invited to play Spanish in Eighty Years War" in (invitation.text_content() or "")
    shot(page, "invitation")
    invitation.locator("button").click()
    page.wait_for_url(f"**/games/{game_id}#seat=*")
    page.wait_for_function("document.body.dataset.seat === 'Spanish'")


def check_names(margaret: Page, philip: Page) -> None:
    """The players' names at the table and in its chat."""
    players = margaret.locator("#players")
    players.locator("li").nth(1).wait_for()
    assert squeeze_spaces(players.text_content()).startswith("Margaret (Dutch) (you)")
    assert "Philip (Spanish)" in squeeze_spaces(players.text_content())
    philip.fill("#chat-input", "For the King!")
    philip.click("#chat-send")
    said = margaret.locator("#chat-lines li .chat-who")
    said.first.wait_for()
    assert said.first.text_content() == "Philip (Spanish)"
    shot(margaret, "seat-page-with-names")


def play_from_second_browsers(browser: Browser, base: str, game_id: str) -> None:
    """Each person signs in from a second browser, finds the game in "Your games" there,
    and plays it to the end."""
    pages = {"Dutch": new_page(browser), "Spanish": new_page(browser)}
    heard = {seat: Heard(page) for seat, page in pages.items()}
    for (seat, page), name in zip(pages.items(), ("Margaret", "Philip"), strict=True):
        sign_in(page, base, name)
        open_from_your_games(page, game_id, seat)
    for number, (seat, page) in enumerate(pages.items()):
        page.evaluate(START_AUTOPLAY, [seat, number + 3, 10**6, GAME_WAIT * 1000])
    for page in pages.values():
        page.wait_for_selector("#result:not([hidden])", timeout=GAME_WAIT * 1000)
        outcome = page.evaluate("window.autoplay")
        assert isinstance(outcome, int), outcome
    for seat, page in pages.items():
        final = read_state(base, page.url.removeprefix(base))
        assert final["finished"] and final["seat"] == seat
        assert page.evaluate("document.body.dataset.version") == str(final["version"])
        played_on_patches(heard[seat])
    shot(pages["Dutch"], "game-over")
    for page in pages.values():
        page.context.close()


def check_ratings(base: str, game_id: str) -> dict[str, int]:
    """Both players' ratings after the game, as their profiles give them: a winner's up,
    a loser's down (a Historical Tie leaves two new players level)."""
    result = httpx.get(f"{base}/api/games/{game_id}/summary").json()["result"]
    winners = set(result["winners"])
    ratings = {}
    for name, seat in (("Margaret", "Dutch"), ("Philip", "Spanish")):
        profile = wait_for_rated(base, name, game_id)
        (rated,) = profile["ratings"]
        assert rated["game"] == "eighty_years_war" and rated["games"] == 1
        (played,) = [game for game in profile["games"] if game["id"] == game_id]
        assert played["rating_before"] == NEW_PLAYER
        assert played["rating_after"] == rated["rating"]
        if winners == {seat}:
            assert played["result"] == "won" and rated["rating"] > NEW_PLAYER
        elif winners:
            assert played["result"] == "lost" and rated["rating"] < NEW_PLAYER
        else:
            assert played["result"] == "drawn" and rated["rating"] == NEW_PLAYER
        ratings[name] = rated["rating"]
    return ratings


def check_boards(browser: Browser, base: str, ratings: dict[str, int]) -> None:
    """The game's leaderboard lists both with their ratings; a profile shows its own."""
    board = new_page(browser)
    board.goto(f"{base}/leaderboard/eighty_years_war")
    board.locator("table tr", has_text="Margaret").first.wait_for()
    for name, rating in ratings.items():
        row = squeeze_spaces(board.locator("table tr", has_text=name).first.text_content())
        assert str(rating) in row, row
    shot(board, "leaderboard")
    board.goto(f"{base}/players/Philip")
    board.locator("svg").first.wait_for()
    assert str(ratings["Philip"]) in squeeze_spaces(board.locator("#content").text_content())
    shot(board, "profile")
    board.context.close()


NEW_PLAYER = 1500
"""A new player's rating."""


def wait_for_rated(base: str, name: str, game_id: str) -> dict[str, Any]:
    """``name``'s profile once it counts ``game_id`` (graded just after its end)."""
    deadline = time.monotonic() + GAME_WAIT
    while True:
        profile: dict[str, Any] = httpx.get(f"{base}/api/players/{name}").json()
        if any(game["id"] == game_id and game["rated"] for game in profile.get("games", [])):
            return profile
        assert time.monotonic() < deadline, f"{game_id} was never rated for {name}"
        time.sleep(0.05)


def test_the_lobby_reads_the_account_whichever_of_its_scripts_arrives_last(
    browser: Browser, base: str
) -> None:
    """The lobby's own script asks for the account's seats from the script after it
    (lobby_account.js): when that one arrives late (here held back a second), the lobby
    waits for it instead of failing, and the seats offer "me" all the same."""
    page = new_page(browser)
    sign_up(page, base, "Catherine")

    def late(route: Any) -> None:
        time.sleep(1.0)
        route.continue_()

    page.route("**/static/lobby_account.js*", late)
    page.goto(base)
    page.wait_for_selector("select[data-seat='0'] option[value='me']", state="attached")
    assert page_errors(browser) == []
    page.context.close()
