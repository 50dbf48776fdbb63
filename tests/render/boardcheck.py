"""The measure every board is held to, in a real browser (Debian's chromium through
Playwright): at a page 1,280 px wide, every text of the board is drawn at 12 px or more,
lies wholly inside the board, and overlaps no other text.

``board_problems(page)`` checks the board of a page as it is shown (the game page, or
``show_board``'s stand-in, which lays a board out exactly as the game page does, with its
own stylesheet, so a renderer can be checked at many positions without a server).
"""

from __future__ import annotations

import os
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page

import stratagem
from stratagem.testing.browser import chromium

WIDTH = 1280
"""The page width every board is checked at."""
SMALLEST = 12.0
"""Pixels: the smallest text a board may draw at ``WIDTH``."""
STYLESHEET = Path(stratagem.__file__).parent / "server" / "static" / "table.css"
SHOTS = Path(os.environ.get("STRATAGEM_SCREENSHOTS", Path(__file__).parents[2] / "screenshots"))


CHECK = """([smallest, tolerance]) => {
  // every <text> of the board: its drawn font size, whether the board holds it, and
  // which other texts its box overlaps (boxes shrunk by `tolerance` px on each side)
  const svg = document.querySelector("#board svg");
  if (!svg) return ["no board is drawn"];
  const frame = svg.getBoundingClientRect();
  const scale = frame.width / svg.viewBox.baseVal.width;
  const problems = [];
  const boxes = [];
  const name = (node) => JSON.stringify((node.textContent || "").trim().slice(0, 60));
  for (const node of svg.querySelectorAll("text")) {
    if (!(node.textContent || "").trim()) continue;
    const style = getComputedStyle(node);
    if (style.display === "none" || style.visibility === "hidden") continue;
    const size = parseFloat(style.fontSize) * scale;
    if (size < smallest - 0.01) {
      problems.push(`${name(node)} is drawn at ${size.toFixed(1)} px (under ${smallest})`);
    }
    const box = node.getBoundingClientRect();
    if (box.left < frame.left - 0.5 || box.right > frame.right + 0.5 ||
        box.top < frame.top - 0.5 || box.bottom > frame.bottom + 0.5) {
      problems.push(`${name(node)} is clipped by the board's edge`);
    }
    boxes.push([node, box]);
  }
  for (let i = 0; i < boxes.length; i++) {
    const [a, p] = boxes[i];
    for (let j = i + 1; j < boxes.length; j++) {
      const [b, q] = boxes[j];
      const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
      const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
      if (w > tolerance * 2 && h > tolerance * 2) {
        problems.push(`${name(a)} overlaps ${name(b)}`);
      }
    }
  }
  return problems;
}"""
TOLERANCE = 1.0
"""Pixels two texts' boxes may share at an edge (a glyph box's padding), not counted."""


SVG = "{http://www.w3.org/2000/svg}"


def details(svg: str) -> list[tuple[str, str]]:
    """Each named thing of a board with its details (its group's own ``<title>``)."""
    found = []
    for group in ET.fromstring(svg).iter(f"{SVG}g"):
        title = group.find(f"{SVG}title")
        if "data-name" in group.attrib and title is not None:
            found.append((group.attrib["data-name"], title.text or ""))
    return found


def board_problems(page: Page) -> list[str]:
    """What is wrong with the texts of the board the page shows (nothing: ``[]``)."""
    problems: list[str] = page.evaluate(CHECK, [SMALLEST, TOLERANCE])
    return problems


def show_board(page: Page, svg: str) -> None:
    """Put ``svg`` on ``page`` where the game page puts a board, under its stylesheet."""
    page.set_viewport_size({"width": WIDTH, "height": 900})
    page.set_content(
        "<!doctype html><html><head><meta charset='utf-8'>"
        f"<style>{STYLESHEET.read_text(encoding='utf-8')}</style></head><body>"
        "<header><a class='home'>Stratagem</a><h1>board</h1></header>"
        "<main class='table'><section class='play'><div class='status'>status</div>"
        f"<div id='board' class='board'>{svg}</div></section>"
        "<aside class='log'><h2>Event log</h2><ol></ol></aside></main></body></html>"
    )


def save_board(page: Page, name: str) -> Path:
    """A screenshot of the board the page shows, as ``<SHOTS>/boards/<name>.png``."""
    path = SHOTS / "boards" / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    page.locator("#board").screenshot(path=str(path))
    return path


@pytest.fixture(scope="module")
def board_page() -> Iterator[Page]:
    """One chromium page, 1,280 px wide, for a test module's boards."""
    with chromium() as browser:
        yield browser.new_page(viewport={"width": WIDTH, "height": 900})
