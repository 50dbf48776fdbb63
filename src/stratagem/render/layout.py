"""Layout shared by the board drawings: text measured and wrapped to a width, lines and
paragraphs of text, chips flowed in rows, card tiles in a grid, section headings, boxed
panels, and the words of a heading (whose move it is, the document's title).

Each board keeps its own look where the boards differ (a ``Font``'s character widths, the
spacing of lines, a chip's padding and colours), and passes it in; what a game draws stays
in its own renderer. Coordinates are SVG units, ``y`` a top unless it is named a baseline.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stratagem.render.svg import INK, Svg, detailed, wrap

MUTED = "#555"
"""The colour of notes and asides."""
CHIPS_DRAWN = 4096
"""Chips kept drawn (a board draws the same cards and units after every move)."""


@dataclass(frozen=True, slots=True)
class Font:
    """A character's width in ems, normal and bold, generously (Georgia is often missing
    and DejaVu Serif is wide), so that a line wrapped to a width never runs past it."""

    normal: float
    bold: float

    def em(self, weight: str) -> float:
        """A character's width in ems at ``weight`` (``"bold"`` or anything else)."""
        return self.bold if weight == "bold" else self.normal

    def width(self, text: str, size: float, weight: str = "normal") -> float:
        """The width ``text`` may take at ``size``, generously."""
        return len(text) * size * self.em(weight)

    def fit(self, text: str, width: float, size: float, weight: str = "normal") -> tuple[str, ...]:
        """``text`` wrapped at spaces into lines that fit ``width`` units at ``size`` (at
        least four characters a line)."""
        return wrap(text, max(4, int(width / (size * self.em(weight)))))


WIDE = Font(0.6, 0.68)
"""The widest estimate, for boards that must never clip (1750, Sixteen Thirty Something)."""


# -- lines of text ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Line:
    """One paragraph: its text, size, weight and colour; wrapped where it is drawn."""

    text: str
    size: int = 14
    weight: str = "normal"
    fill: str = INK


def write(
    svg: Svg, x: float, baseline: float, width: float, line: Line, *, font: Font, step: float
) -> float:
    """``line`` wrapped to ``width`` and drawn on ``svg`` from ``baseline`` at ``x``, each
    further line ``step`` lower; returns the baseline after the last line."""
    for part in font.fit(line.text, width, line.size, line.weight):
        svg.text(x, baseline, part, size=line.size, weight=line.weight, fill=line.fill)
        baseline += step
    return baseline


def block(
    x: float, y: float, width: float, lines: Iterable[Line], *, font: Font = WIDE
) -> tuple[str, float]:
    """Paragraphs wrapped to ``width``, the first line's top at ``y``, each line 1.3 times
    its size high: the SVG and the height they take."""
    face = Svg(0, "")
    top = y
    for line in lines:
        step = round(line.size * 1.3)
        descent = round(line.size * 0.3)
        # a line's baseline lies ``descent`` above its bottom; ``y`` moves to the last bottom
        y = write(face, x, y + step - descent, width, line, font=font, step=step) - step + descent
    return "".join(face.parts), y - top


def panel(
    svg: Svg,
    x: float,
    y: float,
    width: float,
    lines: Iterable[Line],
    *,
    fill: str,
    stroke: str,
    font: Font = WIDE,
    pad: float = 14,
) -> float:
    """Paragraphs in a rounded box ``width`` wide, its top at ``y`` (the text inset 10
    units, ``pad`` units more box than text); returns the box's height."""
    drawn, height = block(x + 10, y + 6, width - 20, lines, font=font)
    svg.rect(x, y, width, height + pad, fill=fill, stroke=stroke, radius=6)
    svg.add(drawn, y + height)
    return height + pad


# -- chips ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Look:
    """A chip's colours: its fill, its border and its text."""

    fill: str
    stroke: str
    ink: str = INK


@dataclass(frozen=True, slots=True)
class Chip:
    """A small labelled token (a card, a unit, a pile, a title) with its full details for
    hover and tap, and its ``name`` as the actions spell it (``""``: none)."""

    label: str
    detail: str
    name: str
    look: Look


@functools.lru_cache(maxsize=CHIPS_DRAWN)
def chip(
    x: float,
    y: float,
    item: Chip,
    most: float,
    *,
    font: Font = WIDE,
    pad: float = 7,
    baseline: float = 17,
) -> tuple[str, float, float]:
    """One chip at most ``most`` wide, its label (13 units, wrapped if need be) ``pad``
    from its sides and its first baseline ``baseline`` below its top: the SVG, its width
    and its height."""
    lines = font.fit(item.label, most - 2 * pad, 13)
    width = min(most, max(font.width(line, 13) for line in lines) + 2 * pad)
    height = baseline + 8 + 17 * (len(lines) - 1)
    face = Svg(0, "")
    face.rect(x, y, width, height, fill=item.look.fill, stroke=item.look.stroke, radius=5)
    for row, line in enumerate(lines):
        face.text(x + pad, y + baseline + 17 * row, line, size=13, fill=item.look.ink)
    return detailed("".join(face.parts), item.detail, name=item.name), width, height


def flow(
    x: float,
    y: float,
    width: float,
    chips: Sequence[Chip],
    *,
    font: Font = WIDE,
    pad: float = 7,
    baseline: float = 17,
) -> tuple[str, float]:
    """Chips laid left to right from ``x``, 6 units apart, wrapping at ``width``: the SVG
    and the height taken (0 for no chips). ``pad`` and ``baseline`` as for ``chip``."""
    return _flow(x, y, width, tuple(chips), font=font, pad=pad, baseline=baseline)


@functools.lru_cache(maxsize=CHIPS_DRAWN)
def _flow(
    x: float,
    y: float,
    width: float,
    chips: tuple[Chip, ...],
    *,
    font: Font,
    pad: float,
    baseline: float,
) -> tuple[str, float]:
    """``flow``, remembered: a hand, a pile or a row of units is drawn again unchanged
    after most moves."""
    parts: list[str] = []
    left, top, row = x, y, 0.0
    for item in chips:
        drawn, w, h = chip(left, top, item, width, font=font, pad=pad, baseline=baseline)
        if left > x and left + w > x + width:
            left, top, row = x, top + row + 6, 0.0
            drawn, w, h = chip(left, top, item, width, font=font, pad=pad, baseline=baseline)
        parts.append(drawn)
        left += w + 6
        row = max(row, h)
    return "".join(parts), (top + row - y) if chips else 0.0


PLAIN_CHIP = Look("#fffdf7", "#8a7a5a")
"""A chip's colours on the boards of Eighty Years War and Henry VIII."""


def chip_rows(
    svg: Svg, x: float, y: float, width: float, chips: Sequence[Chip], *, font: Font
) -> float:
    """Chips flowed onto ``svg`` from ``y`` across ``width``, roomy (8 units of padding, 26
    high for a line); returns the y 6 units below them, or ``y`` for no chips."""
    drawn, height = flow(x, y, width, chips, font=font, pad=8, baseline=18)
    svg.add(drawn, y + height)
    return y + height + 6 if chips else y


# -- tiles ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Tile:
    """A card drawn large: its title, what it does, and its full details."""

    title: str
    body: str
    detail: str
    name: str


def tile(x: float, y: float, width: float, item: Tile, *, font: Font = WIDE) -> tuple[str, float]:
    """One tile ``width`` wide: the SVG and its height."""
    drawn, height = block(
        x + 8, y + 4, width - 16, [Line(item.title, 15, "bold"), Line(item.body, 13)], font=font
    )
    face = Svg(0, "")
    face.rect(x, y, width, height + 14, fill="#fffdf5", stroke="#8a7440", radius=6)
    inner = "".join(face.parts) + drawn
    return detailed(inner, item.detail, name=item.name, css_class="item card-item"), height + 14


def grid(
    svg: Svg,
    x: float,
    y: float,
    width: float,
    tiles: Sequence[Tile],
    *,
    columns: int,
    gap: float = 8,
    font: Font = WIDE,
) -> float:
    """Tiles in rows of ``columns`` across ``width``, ``gap`` apart; the y below them."""
    each = (width - gap * (columns - 1)) / columns
    for start in range(0, len(tiles), columns):
        row = 0.0
        for column, item in enumerate(tiles[start : start + columns]):
            drawn, height = tile(x + column * (each + gap), y, each, item, font=font)
            svg.add(drawn, y + height)
            row = max(row, height)
        y += row + gap
    return y


# -- headings ---------------------------------------------------------------------------------


def section(
    svg: Svg,
    x: float,
    y: float,
    width: float,
    title: str,
    *,
    note: str = "",
    note_below: bool = False,
    font: Font = WIDE,
) -> float:
    """A section's title (17 units, bold) from ``y``, a note beside it or, with
    ``note_below``, wrapped under it, and a rule beneath; the y below."""
    svg.text(x, y + 20, title, size=17, weight="bold")
    if note and note_below:
        drawn, height = block(x, y + 26, width, [Line(note, 13, fill=MUTED)], font=font)
        svg.add(drawn, y + 26 + height)
        y += height + 2
    elif note:
        svg.text(x + font.width(title, 17, "bold") + 12, y + 20, note, size=13, fill=MUTED)
    svg.line(x, y + 27, x + width, y + 27, stroke="#c9b98f")
    return y + 36


def ruled_title(
    svg: Svg,
    x: float,
    baseline: float,
    width: float,
    title: str,
    *,
    font: Font,
    step: float,
    rule: float,
) -> float:
    """A rule ``rule`` units above ``baseline``, then a section's title (17 units, bold)
    wrapped to ``width``, lines ``step`` apart; returns the baseline after the title."""
    svg.line(x, baseline - rule, x + width, baseline - rule, stroke="#d8ccb0")
    return write(svg, x, baseline, width, Line(title, 17, "bold"), font=font, step=step)


def banner(
    svg: Svg,
    x: float,
    width: float,
    title: str,
    *,
    corner: str,
    corner_fill: str = INK,
    now: str,
    now_fill: str,
    lines: Iterable[Line],
    font: Font = WIDE,
) -> float:
    """A board's top: its title (21 units, bold) with ``corner`` (15 units) at the right,
    then who acts ``now`` (18 units), then paragraphs; the y below the paragraphs."""
    svg.text(x, 30, title, size=21, weight="bold")
    if corner:
        svg.text(x + width, 30, corner, size=15, weight="bold", fill=corner_fill, anchor="end")
    svg.text(x, 58, now, size=18, weight="bold", fill=now_fill)
    drawn, height = block(x, 64, width, lines, font=font)
    svg.add(drawn, 64 + height)
    return 64 + height


def masthead(svg: Svg, x: float, width: float, title: str, status: str, *, fill: str) -> None:
    """A board's top row on the baseline 36: its title (24 units, bold) at the left, and
    whose move it is (16 units, bold, in ``fill``, of class ``to-move``) at the right."""
    svg.text(x, 36, title, size=24, weight="bold")
    svg.text(
        x + width,
        36,
        status,
        size=16,
        weight="bold",
        fill=fill,
        anchor="end",
        css_class="to-move",
    )


def whose_move(
    view: Mapping[str, Any], chance: str, mine: str = "Your move ({})", theirs: str = "To move: {}"
) -> str:
    """Who moves now, from the view's ``to_move``: ``chance`` when the dice or the deck
    decide, ``mine`` or ``theirs`` (``{}`` is the mover) when the view's seat moves or
    another; never contradicting ``to_move``."""
    mover = view.get("to_move")
    if mover is None:
        return "The game is over"
    if mover == "chance":
        return chance
    return (mine if mover == view.get("seat") else theirs).format(mover)


def turn_title(game: str, view: Mapping[str, Any]) -> str:
    """The drawing's title: the game, the turn, who acts, and whose view it is."""
    mover = view.get("to_move")
    who = "game over" if mover is None else f"{mover} to act"
    seat = view.get("seat")
    return f"{game}, turn {view.get('turn')} of {view.get('turns')}, {who}" + (
        f" (seen by {seat})" if seat else ""
    )
