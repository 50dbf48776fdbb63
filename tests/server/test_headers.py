"""Every answer of the table carries its security headers (a Content-Security-Policy that
lets only the server's own scripts and styles run and no page frame it, ``nosniff``,
``no-referrer``), and the pages still work under that policy in a real browser: the lobby
creates a game, the game page draws its board and plays over its websocket, the API's
docs render, and the browser reports no violation of the policy. (Waits here are on
locators only: Playwright's ``wait_for_function`` evaluates strings, which the policy
forbids.)"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, Page

from stratagem.testing.browser import needs_chromium

from .helpers import create, tokens
from .live import served_on_sqlite
from .test_browser import browser

__all__ = ["browser"]  # the shared browser fixture, imported for pytest

GAME = "eighty_years_war"
VIOLATIONS = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.violations.push(`${event.violatedDirective} ${event.blockedURI}`);
});
"""
"""Collects, from the first script on, every report of the page breaking its policy."""


def secured(response: httpx.Response) -> None:
    policy = response.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in policy
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy.split("style-src")[0]  # never for scripts
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "no-referrer"


def test_every_kind_of_answer_carries_the_security_headers(client: TestClient) -> None:
    created = create(client, GAME, ["human", "human"])
    game_id, dutch = created["id"], tokens(created)["Dutch"]
    answers = [
        client.get("/"),
        client.get(f"/games/{game_id}"),
        client.get(f"/games/{game_id}/replay"),
        client.get("/static/table.js"),
        client.get("/api/catalog"),
        client.get(f"/api/games/{game_id}", headers={"X-Seat-Token": dutch}),
        client.get("/api/games/nosuchgame"),  # 404
        client.get("/api/games/%00"),  # 422 at the door
        client.post("/api/games", content=b"x" * 70_000),  # 413 at the door
        client.get("/openapi.json"),
    ]
    assert [answer.status_code for answer in answers] == [200] * 6 + [404, 422, 413, 200]
    for answer in answers:
        secured(answer)


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from served_on_sqlite(tmp_path_factory, "headers")


def page_of(browser: Browser) -> Page:
    page = browser.new_context(viewport={"width": 1400, "height": 1000}).new_page()
    page.add_init_script(VIOLATIONS)
    return page


@needs_chromium
def test_the_pages_work_under_their_policy(browser: Browser, base: str) -> None:
    lobby = page_of(browser)
    lobby.goto(base)
    lobby.wait_for_selector(f"#game option[value='{GAME}']", state="attached")
    lobby.select_option("#game", GAME)
    lobby.locator("[data-seat='1']").wait_for(state="attached")
    lobby.select_option("[data-seat='1']", "random")
    lobby.locator("#create-button").click()
    link = lobby.locator("#links a[href*='#seat=']").first
    link.wait_for()
    href = link.get_attribute("href") or ""
    assert lobby.evaluate("window.violations") == []

    table = page_of(browser)
    table.goto(href if href.startswith("http") else base + href)
    table.wait_for_selector("#board svg")
    table.wait_for_selector("button.action")
    version = table.evaluate("document.body.dataset.version")
    table.locator("button.action").first.click()
    table.locator(f"body:not([data-version='{version}'])").wait_for(state="attached")
    table.fill("#chat-input", "hello")
    table.locator("#chat-send").click()
    table.wait_for_selector("#chat-lines li")
    assert table.evaluate("window.violations") == []
    with httpx.Client(trust_env=False) as http:
        secured(http.get(base + "/"))


@needs_chromium
def test_the_api_docs_run_under_their_policy(browser: Browser, base: str) -> None:
    pytest.importorskip("fastapi_offline", reason="the docs' assets package is not installed")
    page = page_of(browser)
    page.goto(f"{base}/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    page.get_by_text("/api/games/{game_id}/actions").first.wait_for()
    assert page.evaluate("window.violations") == []


README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_readmes_proxy_example_serves_the_table_over_tls_only() -> None:
    """Seat links are credentials: the README's nginx example answers plain HTTP only
    with a redirect to HTTPS, and passes the client's own address, never one it sent."""
    (example,) = re.findall(r"```nginx\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    servers = re.split(r"^server \{", example, flags=re.M)[1:]
    assert len(servers) == 2, example
    plain, tls = servers
    assert "listen 80;" in plain and "return 301 https://$host$request_uri;" in plain
    assert "proxy_pass" not in plain
    assert "listen 443 ssl;" in tls and "ssl_certificate " in tls
    assert "Strict-Transport-Security" in tls
    assert "proxy_set_header X-Forwarded-For $remote_addr;" in tls
