"""Light updates in a real browser (Playwright driving Debian's chromium): the page and the
table negotiate permessage-deflate; a page holds its state from a first whole payload and the
patches after it, with no patch refused (``played_on_patches``, checked on the whole game
of Eighty Years War that two people with accounts play in ``test_browser_accounts``); and a
page handed a patch that does not apply asks for the whole state and goes on from it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, WebSocket, WebSocketRoute

from stratagem.testing.browser import needs_chromium

from .live import served_on_sqlite
from .test_browser import CONTEXT, browser, read_state

__all__ = ["browser"]  # the shared browser fixture, imported for pytest

pytestmark = needs_chromium
RESYNC = '{"type":"resync"}'


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "updates")


def two_people(base: str) -> dict[str, str]:
    """A new game of Eighty Years War for two people: seat name -> link."""
    made = httpx.post(f"{base}/api/games", json={"game": "eighty_years_war", "players": 2})
    assert made.status_code == 201, made.text
    return {seat["seat"]: seat["link"] for seat in made.json()["seats"]}


class Heard:
    """What one page's websockets carried: the kinds of message received, what the page
    sent, and the extensions each handshake's answer named (through the DevTools
    protocol, which sees the headers)."""

    def __init__(self, page: Page) -> None:
        self.kinds: list[str] = []
        self.sent: list[str] = []
        self.extensions: list[str] = []
        page.on("websocket", self._opened)
        session = page.context.new_cdp_session(page)
        session.on("Network.webSocketHandshakeResponseReceived", self._handshake)
        session.send("Network.enable")

    def _opened(self, socket: WebSocket) -> None:
        socket.on("framereceived", self._received)
        socket.on("framesent", lambda payload: self.sent.append(str(payload)))

    def _received(self, payload: str | bytes) -> None:
        message = json.loads(payload)
        self.kinds.append(str(message.get("type")))

    def _handshake(self, event: dict[str, Any]) -> None:
        headers = {key.lower(): value for key, value in event["response"]["headers"].items()}
        self.extensions.append(headers.get("sec-websocket-extensions", ""))


def played_on_patches(heard: Heard) -> None:
    """A page that played a whole game held its state from a first whole payload and the
    patches after it, over a deflated websocket, with no patch refused (the whole game of
    Eighty Years War in ``test_browser_accounts`` is played so)."""
    assert heard.extensions, "no handshake seen"
    assert all("permessage-deflate" in named for named in heard.extensions)
    assert heard.kinds[0] == "state"
    assert heard.kinds.count("patch") > 20
    assert RESYNC not in heard.sent  # every patch applied


def test_a_patch_that_does_not_apply_is_followed_by_the_whole_state(
    browser: Browser, base: str
) -> None:
    links = two_people(base)
    seat, link = next(iter(links.items()))
    asked: list[str] = []

    def spoil_the_first_patch(socket: WebSocketRoute) -> None:
        server = socket.connect_to_server()
        spoiled: list[bool] = []

        def to_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "patch" and not spoiled:
                spoiled.append(True)
                data["ops"] = [{"op": "remove", "path": "/no such thing"}, *data["ops"]]
                message = json.dumps(data)
            socket.send(message)

        def to_server(message: str | bytes) -> None:
            asked.append(str(message))
            server.send(message)

        server.on_message(to_page)
        socket.on_message(to_server)

    page = browser.new_context(**CONTEXT).new_page()
    page.route_web_socket("**/api/games/*/ws", spoil_the_first_patch)
    page.goto(base + link)
    page.wait_for_function(f"document.body.dataset.toMove === '{seat}'", timeout=60_000)
    before = int(page.evaluate("document.body.dataset.version"))
    page.locator("button.action").first.click()
    page.wait_for_function("v => Number(document.body.dataset.version) > v", arg=before)
    assert asked.count(RESYNC) == 1
    now = read_state(base, link)
    page.wait_for_function("v => document.body.dataset.version === v", arg=str(now["version"]))
    shown = page.evaluate(
        "[...document.querySelectorAll('#events li')]"
        ".reduce((count, line) => count + Number(line.dataset.count), 0)"
    )
    assert shown == len(now["events"])


APPLIED = [
    ({"foo": "bar"}, [{"op": "add", "path": "/baz", "value": "qux"}], {"foo": "bar", "baz": "qux"}),
    (
        {"foo": ["bar", "baz"]},
        [{"op": "add", "path": "/foo/1", "value": "qux"}],
        {"foo": ["bar", "qux", "baz"]},
    ),
    ({"a": [1]}, [{"op": "add", "path": "/a/-", "value": [2]}], {"a": [1, [2]]}),
    ({"baz": "qux", "foo": "bar"}, [{"op": "remove", "path": "/baz"}], {"foo": "bar"}),
    ({"foo": [1, 2, 3]}, [{"op": "remove", "path": "/foo/1"}], {"foo": [1, 3]}),
    (
        {"baz": "qux", "foo": "bar"},
        [{"op": "replace", "path": "/baz", "value": "boo"}],
        {"baz": "boo", "foo": "bar"},  # in its place
    ),
    (
        {"foo": {"bar": "baz", "waldo": "fred"}, "qux": {"corge": "grault"}},
        [{"op": "move", "from": "/foo/waldo", "path": "/qux/thud"}],
        {"foo": {"bar": "baz"}, "qux": {"corge": "grault", "thud": "fred"}},
    ),
    (
        {"foo": ["all", "grass", "cows", "eat"]},
        [{"op": "move", "from": "/foo/1", "path": "/foo/3"}],
        {"foo": ["all", "cows", "eat", "grass"]},
    ),
    (
        {"foo": "bar"},
        [{"op": "copy", "from": "/foo", "path": "/baz"}],
        {"foo": "bar", "baz": "bar"},
    ),
    ({"/": 9, "~1": 10}, [{"op": "test", "path": "/~01", "value": 10}], {"/": 9, "~1": 10}),
    ({"a/b": 1}, [{"op": "replace", "path": "/a~1b", "value": 2}], {"a/b": 2}),
    ({"a": 1}, [{"op": "replace", "path": "", "value": {"b": 2}}], {"b": 2}),
]
REFUSED = [
    ({"foo": "bar"}, [{"op": "add", "path": "/baz/bat", "value": "qux"}]),
    ({"baz": "qux"}, [{"op": "test", "path": "/baz", "value": "bar"}]),
    ({"a": [1]}, [{"op": "remove", "path": "/a/1"}]),
    ({"a": [1]}, [{"op": "add", "path": "/a/01", "value": 2}]),
    ({"a": 1}, [{"op": "frob", "path": "/a"}]),
    ({"a": 1}, [{"op": "replace", "path": "/b", "value": 2}]),
]
APPLY = """([doc, ops]) => {
  try { return JSON.stringify(Updates.applyPatch(doc, ops)); } catch (error) { return null; }
}"""


def test_the_pages_applier_follows_rfc_6902(browser: Browser, base: str) -> None:
    links = two_people(base)
    page = browser.new_context(**CONTEXT).new_page()
    page.goto(base + next(iter(links.values())))
    page.wait_for_function("document.body.dataset.seat !== undefined")
    for doc, ops, expected in APPLIED:
        # the same keys in the same order
        assert page.evaluate(APPLY, [doc, ops]) == json.dumps(expected, separators=(",", ":"))
    for doc, ops in REFUSED:
        assert page.evaluate(APPLY, [doc, ops]) is None, ops
    page.context.close()
