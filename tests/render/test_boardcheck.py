"""The board measure itself: it finds small, clipped and overlapping texts, and passes a
board that has none."""

from __future__ import annotations

from playwright.sync_api import Page

from stratagem.testing.browser import needs_chromium

from .boardcheck import board_problems, show_board

pytestmark = needs_chromium


def _svg(body: str, width: int = 800) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} 200" '
        f'width="{width}" height="200">{body}</svg>'
    )


def test_a_clean_board_passes(board_page: Page) -> None:
    show_board(
        board_page,
        _svg(
            '<text x="10" y="40" font-size="14">Amsterdam</text>'
            '<text x="10" y="80" font-size="14">Antwerp</text>'
        ),
    )
    assert board_problems(board_page) == []


def test_small_text_is_found_and_so_is_text_shrunk_by_a_wide_board(board_page: Page) -> None:
    show_board(board_page, _svg('<text x="10" y="40" font-size="9">tiny</text>'))
    box = board_page.locator("#board svg").bounding_box()
    assert box is not None
    drawn = 9 * box["width"] / 800  # the page scales a board to its column's width
    assert board_problems(board_page) == [f'"tiny" is drawn at {drawn:.1f} px (under 12)']
    show_board(board_page, _svg('<text x="10" y="40" font-size="14">shrunk</text>', 1600))
    (problem,) = board_problems(board_page)
    assert problem.startswith('"shrunk" is drawn at ') and problem.endswith("(under 12)")


def test_clipped_and_overlapping_text_is_found(board_page: Page) -> None:
    show_board(
        board_page,
        _svg(
            '<text x="760" y="40" font-size="14">Armand de Vignerot</text>'
            '<text x="10" y="100" font-size="14">Spain</text>'
            '<text x="20" y="102" font-size="14">France</text>'
        ),
    )
    assert board_problems(board_page) == [
        '"Armand de Vignerot" is clipped by the board\'s edge',
        '"Spain" overlaps "France"',
    ]
