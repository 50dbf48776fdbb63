"""The Henry VIII court drawn as boards: King Henry's tracks (Matrimonial Contentment, The
King's Religion) with his Queen and the Act of Supremacy; the marriage track (the Queen,
then every other woman of the court with her Baby Value and what keeps her from marrying
Henry now, as the view says it); the Line of Succession as a
track of numbered spaces with the heirs on them; the Tower (arrested, imprisoned),
Beyond the Realm and the dead as places holding their characters; the offices and the
titles as slots with their holders; and court cards drawn as cards (a rounded rectangle
with a title band).

Each part is drawn from the view's own words only (``henry``, ``characters``,
``line_of_succession``, ``tower``, ``abroad``, ``dead``, ``offices``, ``titles``), so it
shows nothing its seat may not know. Texts are 13 units or more (12 px or more on a page
1,280 px wide).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from stratagem.render.layout import Font, Line, write
from stratagem.render.svg import Svg, detailed

FONT = Font(0.58, 0.64)
"""A character's width in ems, as the rest of the Henry VIII board measures it."""
CROWN = "#8c1c13"
"""The King's colour: his markers and the bands of his boards."""
PAPER, EDGE, BAND = "#fffdf7", "#8a7a5a", "#5b4a2f"
CONTENTMENT_TRACK = ("-2", "-1", "0", "+1", "+2")
"""Henry's Matrimonial Contentment, lowest to highest (the rules' table: -2 to +2)."""
RELIGION_TRACK = ("C0", "C1", "2", "P3", "P4")
"""The King's Religion, Catholic to Protestant, as the view writes it."""
TRACK_H = 54
"""A track's height: its name, then its row of spaces."""
SUCCESSION = re.compile(r"Succession (\d+): (.+?)(?: \((.+)\))?$")
"""An entry of the view's Line of Succession: its space, the heir, and their faction."""


def banded(
    x: float,
    y: float,
    width: float,
    title: str,
    lines: tuple[Line, ...],
    *,
    band: str = BAND,
    css_class: str = "",
    room: float = 0,
) -> tuple[str, float]:
    """A card: a rounded rectangle with ``title`` on a band across its top (white, bold,
    14 units, wrapped), ``lines`` below it and ``room`` more units under them (for what
    the caller draws there), its top-left corner at (``x``, ``y``). Returns the SVG and
    the card's height."""
    drawn, height = _card(width, title, lines, band=band, css_class=css_class, room=room)
    return f'<g transform="translate({x:g} {y:g})">{drawn}</g>', height


@functools.lru_cache(maxsize=4096)
def _card(
    width: float, title: str, lines: tuple[Line, ...], *, band: str, css_class: str, room: float
) -> tuple[str, float]:
    """``banded`` at the origin, remembered: the same cards are drawn after every move."""
    face = Svg(0, "")
    heading = Line(title, 14, "bold", "#fff")
    baseline = write(face, 8, 18, width - 16, heading, font=FONT, step=18)
    top = baseline - 18 + 8
    below = top + 16
    for line in lines:
        below = write(face, 8, below, width - 16, line, font=FONT, step=line.size + 4)
    height = (below - 8 if lines else top) + room
    classes = f' class="{css_class}"' if css_class else ""
    shape = (
        f'<rect width="{width:g}" height="{height:g}" rx="7" '
        f'fill="{PAPER}" stroke="{band}"{classes}/>'
        f'<path d="M0,{top:g} V7 Q0,0 7,0 H{width - 7:g} '
        f'Q{width:g},0 {width:g},7 V{top:g} Z" fill="{band}"/>'
    )
    return shape + "".join(face.parts), height


def cards_grid(
    svg: Svg,
    x: float,
    y: float,
    width: float,
    cards: Sequence[tuple[str, Sequence[Line], str, str]],
    *,
    columns: int,
    gap: float = 10,
    shape_class: str = "",
) -> float:
    """Cards (title, lines, details, name) in rows of ``columns`` across ``width``, their
    rectangles of class ``shape_class``; the y below them."""
    each = (width - gap * (columns - 1)) / columns
    for start in range(0, len(cards), columns):
        row = [
            banded(x + column * (each + gap), y, each, title, tuple(lines), css_class=shape_class)
            for column, (title, lines, _, _) in enumerate(cards[start : start + columns])
        ]
        tallest = max(height for _, height in row)
        for (drawn, _), (_, _, detail, name) in zip(
            row, cards[start : start + columns], strict=True
        ):
            svg.add(detailed(drawn, detail, name=name, css_class="item card-item"), y + tallest)
        y += tallest + gap
    return y


def _track(x: float, y: float, width: float, track: tuple[str, Sequence[str], str, str]) -> str:
    """A track (its name, its spaces, the space the King's marker is on, its details):
    the name, then the spaces side by side, the marked one in the King's colour."""
    title, spaces, at, detail = track
    face = Svg(0, "")
    face.text(x, y + 14, title, size=13, weight="bold")
    each = width / len(spaces)
    for index, space in enumerate(spaces):
        left = x + index * each
        here = space == at
        face.rect(left, y + 22, each - 4, 30, fill=CROWN if here else PAPER, stroke=EDGE, radius=4)
        face.text(
            left + (each - 4) / 2,
            y + 42,
            space,
            size=14,
            weight="bold" if here else "normal",
            fill="#fff" if here else "#222",
            anchor="middle",
        )
    return detailed("".join(face.parts), detail)


def king(svg: Svg, x: float, y: float, width: float, henry: Mapping[str, Any]) -> float:
    """King Henry's board: a band with his state, then his Queen, the Act of Supremacy and
    his death roll, then his two tracks side by side; the y below it."""
    supremacy = "passed" if henry.get("act_of_supremacy") else "not passed"
    alive = "alive" if henry.get("alive") else "dead"
    lines = [
        Line(f"Queen: {henry.get('queen') or 'none'}", 14, "bold", CROWN),
        Line(f"Act of Supremacy {supremacy} · dies on 2d ≥ {henry.get('death_number')}", 13),
    ]
    card, height = banded(
        x, y, width, f"King Henry VIII ({alive})", tuple(lines), band=CROWN, room=TRACK_H + 8
    )
    svg.add(card, y + height)
    half = (width - 36) / 2
    top = y + height - TRACK_H - 8
    contentment = f"{int(henry.get('contentment', 0)):+d}".replace("+0", "0")
    religion = str(henry.get("religion"))
    tracks = (
        (
            "Matrimonial Contentment",
            CONTENTMENT_TRACK,
            contentment,
            f"Henry's Matrimonial Contentment: {contentment} (from -2 to +2).",
        ),
        (
            "The King's Religion",
            RELIGION_TRACK,
            religion,
            f"The King's Religion: {religion} (C0 Catholic to P4 Protestant).",
        ),
    )
    for index, track in enumerate(tracks):
        svg.add(_track(x + 12 + index * (half + 12), top, half, track), top + TRACK_H)
    return y + height


MARRIAGE_COLUMNS = 4
LABELLED = (
    *("Influence ", "Ability ", "Guile ", "Religion ", "Title: ", "Office: ", "Notes: "),
    *("Baby Value ", "Heir Credibility ", "Succession "),
)
"""The parts of a character's line the marriage track leaves to her details; it shows the
rest (whom she married, where she is when not at court, the rack)."""


def _woman(name: str, line: str, queen: bool) -> tuple[str, list[Line], str, str]:
    """A woman of the court as a card of the marriage track (title, lines, details,
    name), from her line of the view: her faction and Baby Value, then whatever else the
    view says of her that bears on a marriage (married, a minor, in the Tower, abroad)."""
    parts = line.split(" · ")
    notes = next((p.removeprefix("Notes: ") for p in parts if p.startswith("Notes: ")), "")
    baby = next((p for p in parts if p.startswith("Baby Value ")), "")
    facts = [part for part in parts[1:] if not part.startswith(LABELLED)]
    facts += [note for note in notes.split(", ") if note in ("minor", "Tudor", "foreign")]
    lines = [Line(" · ".join(p for p in (parts[0], baby) if p), 13, "bold" if queen else "normal")]
    lines += [Line(fact, 13, fill="#8c1c13" if queen else "#555") for fact in facts]
    title = f"Queen: {name}" if queen else name
    return title, lines, f"{name}: {line}", name


def marriage(svg: Svg, x: float, y: float, width: float, view: Mapping[str, Any]) -> float:
    """The marriage track [The Queen and Marriage]: the Queen first (or, with none, an
    empty space: Henry's Contentment is -2 while he is single), then every other woman of
    the court in the view, each with her faction, Baby Value and what the view says of her
    marriage, place and age; the y below it."""
    queen = view.get("henry", {}).get("queen")
    characters: Mapping[str, str] = view.get("characters", {})
    svg.text(x, y + 16, "Marriage: the Queen and the women of the court", size=15, weight="bold")
    cards = []
    if not queen:
        cards.append(
            (
                "No Queen",
                [Line("Henry is single: Contentment -2", 13, fill=CROWN)],
                "No Queen: Henry is not married, so his Matrimonial Contentment is -2.",
                "",
            )
        )
    women = sorted(
        (line.split(" · ", 1)[0], name, line)
        for name, line in characters.items()
        if "woman" in line.split("Notes: ", 1)[-1].split(" · ", 1)[0].split(", ")
    )
    for _, name, line in sorted(women, key=lambda woman: woman[1] != queen):
        cards.append(_woman(name, line, name == queen))
    return cards_grid(svg, x, y + 26, width, cards, columns=MARRIAGE_COLUMNS, shape_class="woman")


def succession(svg: Svg, x: float, y: float, width: float, entries: Sequence[str]) -> float:
    """The Line of Succession as a track of numbered spaces, each heir on their space
    (at least three spaces, more if the line is longer); the y below it."""
    heirs: dict[int, tuple[str, str]] = {}
    loose: list[str] = []
    for entry in entries:
        found = SUCCESSION.match(entry)
        if found:
            heirs[int(found.group(1))] = (found.group(2), found.group(3) or "")
        else:
            loose.append(entry)
    spaces = max([3, *heirs])
    columns = min(spaces, 4)
    each = (width - 8 * (columns - 1)) / columns
    svg.text(x, y + 16, "Line of Succession", size=15, weight="bold")
    y += 26
    for start in range(1, spaces + 1, columns):
        tallest = 0.0
        row = []
        for column, number in enumerate(range(start, min(spaces, start + columns - 1) + 1)):
            name, faction = heirs.get(number, ("", ""))
            lines = (
                (Line(name, 14, "bold"), Line(faction, 13, fill="#555"))
                if name
                else (Line("empty", 13, fill="#777"),)
            )
            drawn, height = banded(
                x + column * (each + 8), y, each, f"Succession {number}", lines, band="#5b2a6e"
            )
            detail = (
                f"{name}"
                + (f" ({faction})" if faction else "")
                + f": Succession {number} in the Line of Succession."
                if name
                else f"Succession {number}: no heir on this space."
            )
            row.append((detailed(drawn, detail, name=name), height))
            tallest = max(tallest, height)
        for drawn, _ in row:
            svg.add(drawn, y + tallest)
        y += tallest + 8
    for entry in loose:
        svg.text(x, y + 14, entry, size=13)
        y += 20
    return y


def places(
    svg: Svg,
    x: float,
    y: float,
    width: float,
    groups: Sequence[tuple[str, Sequence[str], str]],
) -> float:
    """Places that hold characters (the Tower's cells, abroad, the dead): each a board
    with its characters as tokens; the y below them."""
    each = (width - 8 * (len(groups) - 1)) / len(groups)
    row = []
    for index, (title, names, colour) in enumerate(groups):
        lines = [Line(name, 13, "bold") for name in names] or [Line("nobody", 13, fill="#777")]
        drawn, height = banded(x + index * (each + 8), y, each, title, tuple(lines), band=colour)
        detail = f"{title}: " + (", ".join(names) or "nobody") + "."
        row.append((detailed(drawn, detail), height))
    tallest = max(height for _, height in row)
    for drawn, _ in row:
        svg.add(drawn, y + tallest)
    return y + tallest


def slots(
    svg: Svg,
    x: float,
    y: float,
    width: float,
    entries: Sequence[tuple[str, str]],
    *,
    detail_of: Callable[[str, str], str],
    columns: int,
    empty: frozenset[str],
) -> float:
    """Slots of a board (offices, titles): each its name on a band and its holder below,
    greyed when ``empty``; the y below them."""
    each = (width - 8 * (columns - 1)) / columns
    for start in range(0, len(entries), columns):
        row = []
        for column, (slot, holder) in enumerate(entries[start : start + columns]):
            vacant = holder in empty
            line = Line(holder, 13, "normal" if vacant else "bold", "#777" if vacant else "#222")
            drawn, height = banded(
                x + column * (each + 8), y, each, slot, (line,), band="#8a7a5a" if vacant else BAND
            )
            row.append((detailed(drawn, detail_of(slot, holder), name=slot), height))
        tallest = max(height for _, height in row)
        for drawn, _ in row:
            svg.add(drawn, y + tallest)
        y += tallest + 8
    return y
