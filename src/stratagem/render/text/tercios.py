"""Liber Militum: Tercios at the terminal, drawn from a seat's view alone for an 80-column
screen: a map of the table drawn with characters (one column for 2 inches across, one
row for 4 inches deep, so a cell is about square; the far edge at the top), each unit a
letter (the first side's lower case, the second's upper case, the acting unit shown in
reverse) over the scenery's ground; beside it the turn, the Victory Points, whose
decision it is and a legend; under it a unit table, two units a line: letter, name,
front centre in inches (the point typed moves use), facing, order, damage and state.

The terrain's outlines, the units' every value and the commanders are the full board's
(``board``) and ``look``'s; this layout is at most 23 lines for armies of 20 units.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from stratagem.core import JsonDict

INCHES_ACROSS = 2.0
"""Inches of table a map column stands for."""
INCHES_DEEP = 4.0
"""Inches of table a map row stands for (a character is about twice as tall as wide)."""
COMPACT_DEEP = 6.0
"""Inches a map row stands for on a decision's screen (8 rows for a 48" table)."""
SIDE_STYLES = ("bold red", "bold blue")
GROUND = {
    "difficult": ".",
    "very difficult": ":",
    "impassable": "#",
}
KIND = {
    "River": "~",
    "Small lake": "~",
    "Large lake": "~",
    "Ford": "=",
    "Bridge": "=",
    "Road": "-",
    "Marsh": ",",
    "Small building": "#",
    "Large building": "#",
    "Town": "#",
    "Wall": "#",
    "Rocks": "#",
    "Hedge": "%",
}
"""The character a piece of scenery fills its cells with (by kind, else by ground)."""
HILL = "^"
ARROWS = "→↗↑↖←↙↓↘"
"""Facing by eighths of a turn from the right (0 degrees) anticlockwise; up is the far
edge."""
LEGEND = (
    "^ hill . difficult : very difficult",
    "~ water # impassable % hedge = ford",
    "State: D disordered W weary H hitched",
    "       + activated x lost",
)
SHORT_LEGEND = (
    "^hill .:difficult ~water #impassable",
    "Order Rd As Ru Fi Rs ?? · D W H + x",
)
"""The key on a decision's screen (``board`` gives the whole key)."""
SHORT_ORDERS = {"Ready": "Rd", "Assault": "As", "Run": "Ru", "Fire": "Fi", "Resist": "Rs"}
NAME_WIDTH = 11
WIDTHS = (1, NAME_WIDTH, 5, 1, 7, 3, 4)
"""The unit table's column widths (two units a line fit 80 columns)."""
COMPACT_WIDTHS = (1, 5, 5, 1, 2, 3, 2)
FACTS_WIDTH = 40
"""Columns beside the compact map."""
"""The same, three units a line (a decision's screen)."""


def letters(view: Mapping[str, Any]) -> dict[str, str]:
    """Each unit's map letter: the first side's a, b, c..., the second's A, B, C..."""
    sides = _sides(view)
    count = [0, 0]
    out: dict[str, str] = {}
    for unit in view.get("units", []):
        side = sides.index(unit["side"]) if unit["side"] in sides else 0
        base = "abcdefghijklmnopqrstuvwxyz" if side == 0 else "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        n = count[side]
        count[side] += 1
        out[unit["name"]] = base[n] if n < len(base) else "?"
    return out


def _sides(view: Mapping[str, Any]) -> list[str]:
    sides = list(view.get("victory_points", {}))
    for unit in view.get("units", []):
        if unit["side"] not in sides:
            sides.append(unit["side"])
    return sides


def arrow(facing: float) -> str:
    """The facing as one of eight arrows."""
    return ARROWS[round(facing / 45.0) % 8]


def _inside(x: float, y: float, outline: Sequence[Sequence[float]]) -> bool:
    """Whether (x, y) lies inside the polygon (even-odd rule)."""
    inside = False
    n = len(outline)
    for i in range(n):
        x1, y1 = outline[i][0], outline[i][1]
        x2, y2 = outline[(i + 1) % n][0], outline[(i + 1) % n][1]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _fill(element: Mapping[str, Any]) -> str:
    if element.get("height"):
        return HILL
    kind = KIND.get(str(element.get("kind")))
    return kind or GROUND.get(str(element.get("ground")), "")


def map_size(view: Mapping[str, Any], deep: float = INCHES_DEEP) -> tuple[int, int]:
    """Columns and rows of the map (``deep`` inches a row)."""
    table = view.get("table", {})
    return (
        max(1, math.ceil(float(table.get("width", 72)) / INCHES_ACROSS)),
        max(1, math.ceil(float(table.get("depth", 48)) / deep)),
    )


def cell(view: Mapping[str, Any], x: float, y: float, deep: float = INCHES_DEEP) -> tuple[int, int]:
    """The map's column and row of table point (x, y) inches (row 0 the far edge)."""
    columns, rows = map_size(view, deep)
    depth = float(view.get("table", {}).get("depth", 48))
    column = min(columns - 1, max(0, int(x / INCHES_ACROSS)))
    row = min(rows - 1, max(0, int((depth - y) / deep)))
    return column, row


def table_map(view: Mapping[str, Any], deep: float = INCHES_DEEP) -> Text:
    """The table in characters, framed, the far edge at the top (``deep`` inches a row)."""
    columns, rows = map_size(view, deep)
    depth = float(view.get("table", {}).get("depth", 48))
    grid = [[" "] * columns for _ in range(rows)]
    for element in view.get("terrain", []):
        mark = _fill(element)
        outline = element.get("outline") or []
        if not mark or len(outline) < 3:
            continue
        for row in range(rows):
            for column in range(columns):
                x = (column + 0.5) * INCHES_ACROSS
                y = depth - (row + 0.5) * deep
                if _inside(x, y, outline):
                    grid[row][column] = mark
    styles: dict[tuple[int, int], str] = {}
    sides = _sides(view)
    names = letters(view)
    acting = (view.get("acting") or {}).get("unit")
    for unit in view.get("units", []):
        if not unit.get("alive", True):
            continue
        column, row = cell(view, float(unit["x"]), float(unit["y"]), deep)
        grid[row][column] = names[unit["name"]]
        side = sides.index(unit["side"]) if unit["side"] in sides else 0
        style = SIDE_STYLES[side % 2]
        styles[(row, column)] = style + (" reverse" if unit["name"] == acting else "")
    text = Text()
    for row in range(rows):
        text.append("|", "dim")
        for column in range(columns):
            text.append(grid[row][column], styles.get((row, column), "green"))
        text.append("|" + ("\n" if row < rows - 1 else ""), "dim")
    return text


def _facts(view: Mapping[str, Any], seat_name: str | None, deep: float = INCHES_DEEP) -> Group:
    """Beside the map: the turn, the points, whose decision (or the result), the acting
    unit, the key (shorter on a decision's screen: ``deep`` is then ``COMPACT_DEEP``)."""
    lines: list[Text] = []
    seat = view.get("seat") or seat_name
    you = f" · you: {seat}" if seat else ""
    lines.append(Text(f"Tercios · turn {view.get('turn')}{you}", "bold"))
    points = " · ".join(f"{side} {vp}" for side, vp in view.get("victory_points", {}).items())
    lines.append(Text(f"VP: {points}"))
    deciding = view.get("deciding") or view.get("to_act")
    waiting = f", {view['waiting_for']}" if view.get("waiting_for") else ""
    result = view.get("result")
    if result:
        reason = result.get("reason") if isinstance(result, dict) else result
        lines.append(Text(str(reason or "The battle is over."), "bold green"))
    else:
        lines.append(Text(f"Now: {deciding or 'nobody'}{waiting}", "bold yellow"))
    acting = view.get("acting") or {}
    compact = deep != INCHES_DEEP
    if acting.get("unit") or acting.get("commander"):
        who = f"Acting: {acting.get('unit') or acting.get('commander')}"
        lines.append(Text(who[:FACTS_WIDTH] if compact else who, "reverse"))
    sides = _sides(view)
    keys = [
        Text(f"{'a, b, c...' if i == 0 else 'A, B, C...'} {side}", SIDE_STYLES[i])
        for i, side in enumerate(sides[:2])
    ]
    if compact:
        lines.append(Text(" · ").join(keys))
    else:
        lines.extend(keys)
    lines.append(Text(f'1 column {INCHES_ACROSS:g}", 1 row {deep:g}"; far edge up', "dim"))
    lines.extend(Text(line, "dim") for line in (LEGEND if deep == INCHES_DEEP else SHORT_LEGEND))
    return Group(*lines)


def _state(unit: Mapping[str, Any]) -> str:
    if not unit.get("alive", True):
        return "x"
    flags = ""
    if unit.get("disorder"):
        flags += "D"
    if unit.get("weary"):
        flags += "W"
    if unit.get("hitched"):
        flags += "H"
    if unit.get("activated"):
        flags += "+"
    return flags


def _order(unit: Mapping[str, Any]) -> str:
    if unit.get("order"):
        return str(unit["order"]).rstrip("!")
    return "hidden" if unit.get("order_placed") else "-"


def unit_cells(unit: Mapping[str, Any], letter: str, *, compact: bool = False) -> list[Text | str]:
    """One unit's cells: letter, name, front centre, facing, order, Dm/Stamina, state
    (``compact``: the name cut to 5 letters, the order in two, ``??`` hidden)."""
    front = unit.get("front") or (unit["x"], unit["y"])
    order = _order(unit)
    if compact:
        order = SHORT_ORDERS.get(order, "??" if order == "hidden" else order)
    return [
        Text(letter),
        short_name(str(unit["name"])) if compact else str(unit["name"])[:NAME_WIDTH],
        f"{front[0]:.0f},{front[1]:.0f}",
        arrow(float(unit.get("facing", 0.0))),
        order,
        f"{unit.get('dm', 0)}/{unit.get('stamina', 0)}",
        _state(unit),
    ]


def short_name(name: str, width: int = COMPACT_WIDTHS[1]) -> str:
    """A unit's name in ``width`` letters, keeping a closing number (``Småland 2`` is
    ``Smål2``, ``Blue musket`` is ``Blue ``): letters and ``look NAME`` tell the rest."""
    first, _, last = name.rpartition(" ")
    if first and last.isdigit() and len(last) < width:
        return first.replace(" ", "")[: width - len(last)] + last
    return name[:width]


def unit_table(view: Mapping[str, Any], *, compact: bool = False) -> Table:
    """Every unit, two a line (``compact``: three), the table's parts read down."""
    names = letters(view)
    sides = _sides(view)
    units = list(view.get("units", []))
    table = Table(box=None, pad_edge=False, padding=(0, 1, 0, 0), show_edge=False)
    headings = ("", "Unit", "Front", "F", "Order", "Dm", "St")
    if compact:
        headings = ("", "Unit", "Front", "F", "Or", "Dm", "St")
    parts = 3 if compact else 2
    for _part in range(parts):
        for heading, width in zip(headings, COMPACT_WIDTHS if compact else WIDTHS, strict=True):
            table.add_column(heading, no_wrap=True, overflow="crop", width=width)
    rows = math.ceil(len(units) / parts)
    for i in range(rows):
        row: list[Text | str] = []
        for part in range(parts):
            unit = units[i + part * rows] if i + part * rows < len(units) else None
            if unit is None:
                row.extend([""] * len(headings))
                continue
            cells = unit_cells(unit, names[unit["name"]], compact=compact)
            side = sides.index(unit["side"]) if unit["side"] in sides else 0
            first = cells[0]
            assert isinstance(first, Text)
            first.stylize(SIDE_STYLES[side % 2])
            row.extend(cells)
        table.add_row(*row)
    return table


def terminal_board(view: JsonDict, seat_name: str | None) -> RenderableType:
    """The whole board (the prompt's ``board``): a 4-inch-a-row map with the whole key,
    and the unit table two units a line with their names at length."""
    top = Table.grid(padding=(0, 2))
    top.add_column(no_wrap=True)
    top.add_column()
    top.add_row(table_map(view), _facts(view, seat_name))
    return Group(top, unit_table(view))


def terminal_view(view: JsonDict, seat_name: str | None) -> RenderableType:
    """A decision's screen: a 6-inch-a-row map with the facts and a short key beside it,
    and the unit table three units a line (16 lines for 20 units), leaving room for the
    choices."""
    top = Table.grid(padding=(0, 2))
    top.add_column(no_wrap=True)
    top.add_column()
    top.add_row(table_map(view, COMPACT_DEEP), _facts(view, seat_name, COMPACT_DEEP))
    return Group(top, unit_table(view, compact=True))
