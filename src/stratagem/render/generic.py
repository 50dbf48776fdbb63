"""The board of any game: its own renderer when it has one, else a readable drawing of the
view itself (every entry as a labelled line, the seat's own ``you`` entry in a panel)."""

from __future__ import annotations

from collections.abc import Mapping

from stratagem.core import JsonDict
from stratagem.render import pieces_renderer
from stratagem.render.svg import Svg, wrap
from stratagem.render.words import PRIVATE_KEY, is_scalar, label, scalar_text

WIDTH = 960
LINE = 20
SKIP = ("game",)


class _Writer:
    """Writes nested JSON as indented lines of an ``Svg``."""

    def __init__(self, svg: Svg, y: int) -> None:
        self.svg = svg
        self.y = y

    def line(self, indent: int, text: str, *, weight: str = "normal") -> None:
        chars = max(20, (WIDTH - 40 - indent * 18) // 8)
        for part in wrap(text, chars):
            self.svg.text(24 + indent * 18, self.y, part, size=14, weight=weight)
            self.y += LINE

    def value(self, indent: int, key: str, value: object) -> None:
        if is_scalar(value):
            self.line(indent, f"{label(key)}: {scalar_text(value)}")
        elif isinstance(value, list) and all(is_scalar(item) for item in value):
            items = ", ".join(scalar_text(item) for item in value) or "none"
            self.line(indent, f"{label(key)}: {items}")
        elif isinstance(value, Mapping):
            self.line(indent, label(key), weight="bold")
            for sub_key, item in value.items():
                self.value(indent + 1, str(sub_key), item)
        elif isinstance(value, list):
            self.line(indent, label(key), weight="bold")
            for number, item in enumerate(value, start=1):
                self.value(indent + 1, f"#{number}", item)


def view_svg(view: JsonDict, title: str | None = None) -> str:
    """Any view drawn as labelled lines; the seat's private entry gets its own panel."""
    return "".join(view_pieces(view, title))


def view_pieces(view: JsonDict, title: str | None = None) -> list[str]:
    """``view_svg`` in the pieces that join into it (``Svg.pieces``)."""
    heading = title or label(str(view.get("game", "game")))
    svg = Svg(WIDTH, heading)
    svg.text(24, 34, heading, size=22, weight="bold")
    writer = _Writer(svg, 66)
    for key, value in view.items():
        if key in SKIP or key == PRIVATE_KEY:
            continue
        writer.value(0, key, value)
    private = view.get(PRIVATE_KEY)
    if isinstance(private, Mapping):
        top = writer.y
        writer.y += LINE + 6
        writer.line(0, "Yours (only you see this)", weight="bold")
        for key, value in private.items():
            writer.value(1, str(key), value)
        svg.rect(12, top, WIDTH - 24, writer.y - top, fill="none", stroke="#8a6d1d")
    return svg.pieces()


def draw_board(game: str, view: JsonDict) -> str:
    """The board of ``game`` for ``view``: the game's drawing, or the generic one."""
    return "".join(draw_pieces(game, view))


def draw_pieces(game: str, view: JsonDict) -> list[str]:
    """``draw_board`` in the pieces that join into it (the game's ``board_pieces``, or
    the generic drawing's)."""
    renderer = pieces_renderer(game)
    if renderer is None:
        return view_pieces(view)
    return renderer(view)
