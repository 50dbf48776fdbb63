"""A small SVG builder shared by the board drawings: shapes and escaped text, nothing else."""

from __future__ import annotations

import functools
from collections.abc import Iterable
from html import escape as _html_escape

FONT = "font-family=\"Georgia, 'DejaVu Serif', serif\""
INK = "#222"
"""The document's ink: texts drawn in it inherit it from the ``<svg>`` element."""
ESCAPED = 8192
"""Texts kept escaped: a board repeats its colours, names and labels in every drawing."""


@functools.lru_cache(maxsize=ESCAPED)
def escape(text: str, quote: bool = True) -> str:
    """``html.escape``, remembered (boards are drawn for every seat after every move)."""
    return _html_escape(text, quote=quote)


def attr(value: object) -> str:
    """An attribute value, escaped."""
    return escape(str(value), quote=True)


class Svg:
    """Collects elements and returns one ``<svg>`` document; every text is escaped."""

    def __init__(self, width: int, title: str) -> None:
        self.width = width
        self.title = title
        self.parts: list[str] = []
        self.bottom = 0

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        *,
        fill: str = "none",
        stroke: str = "#333",
        radius: float = 4,
        extra: str = "",
    ) -> None:
        """A rounded rectangle."""
        self.parts.append(
            f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{radius:g}" '
            f'fill="{attr(fill)}" stroke="{attr(stroke)}"{extra}/>'
        )
        self.bottom = max(self.bottom, int(y + h))

    def text(
        self,
        x: float,
        y: float,
        content: object,
        *,
        size: int = 14,
        weight: str = "normal",
        fill: str = INK,
        anchor: str = "start",
        css_class: str = "",
    ) -> None:
        """One line of text with its baseline at ``y`` (SVG's own defaults, a normal weight,
        anchored at the start and inked as the document, are left unsaid: a board is sent
        after every move)."""
        extra = f' font-weight="{weight}"' if weight != "normal" else ""
        if fill != INK:
            extra += f' fill="{attr(fill)}"'
        if anchor != "start":
            extra += f' text-anchor="{anchor}"'
        if css_class:
            extra += f' class="{attr(css_class)}"'
        self.parts.append(
            f'<text x="{x:g}" y="{y:g}" font-size="{size}"{extra}>{escape(str(content))}</text>'
        )
        self.bottom = max(self.bottom, int(y + size / 3))

    def add(self, fragment: str, bottom: float) -> None:
        """Elements drawn elsewhere (already escaped) that reach down to ``bottom``."""
        self.parts.append(fragment)
        self.bottom = max(self.bottom, int(bottom))

    def group(self, opening: str, elements: Iterable[str], bottom: float) -> None:
        """Elements drawn elsewhere in a group opened by ``opening`` (a ``<g ...>`` tag),
        reaching down to ``bottom``: the opening, each element and the end are pieces
        apart (``pieces``), so that a group that only moved changes its opening alone."""
        self.parts.append(opening)
        self.parts.extend(elements)
        self.parts.append("</g>")
        self.bottom = max(self.bottom, int(bottom))

    def line(self, x1: float, y1: float, x2: float, y2: float, stroke: str = "#999") -> None:
        """A straight line."""
        self.parts.append(
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{attr(stroke)}"/>'
        )

    def pieces(self, margin: int = 16) -> list[str]:
        """The finished drawing, as tall as what was drawn, in the pieces that join into
        ``document``: the ``<svg>`` element opened (with its title and ground), each
        element drawn, and its end. The web table sends a board so, and an update replaces
        only the pieces that changed."""
        height = self.bottom + margin
        return [
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {height}" '
            f'width="{self.width}" height="{height}" role="img" fill="{INK}" {FONT}>'
            f"<title>{escape(self.title)}</title>"
            '<rect width="100%" height="100%" fill="#fbf7ee"/>',
            *self.parts,
            "</svg>",
        ]

    def document(self, margin: int = 16) -> str:
        """The finished drawing, as tall as what was drawn."""
        return "".join(self.pieces(margin))


@functools.lru_cache(maxsize=ESCAPED)
def wrap(text: str, width: int) -> tuple[str, ...]:
    """``text`` broken into lines of at most ``width`` characters, at spaces (remembered:
    a board draws the same lines after every move)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}".strip()
    if current:
        lines.append(current)
    return tuple(lines) or ("",)


def detailed(
    inner: str,
    detail: str,
    *,
    name: str = "",
    css_class: str = "item",
    at: tuple[float, float] | None = None,
) -> str:
    """``inner`` (already-built SVG) in a group that carries its thing's full details: a
    ``<title>``, which the browser shows on hover and the game page on a tap or click,
    beside the legal actions that name ``data-name`` (the thing's name exactly as action
    texts spell it). The details are written once: a board is sent after every move.
    With ``at``, the group moves ``inner`` (drawn at the origin) to that point."""
    named = f' data-name="{attr(name)}"' if name else ""
    if at is not None:
        named += f' transform="translate({at[0]:g} {at[1]:g})"'
    title = escape(detail, quote=False)
    return f'<g class="{attr(css_class)}"{named}><title>{title}</title>{inner}</g>'
