"""The Tercios table as SVG, drawn from a view alone: terrain, units as oriented rectangles
(their front edge marked), Dm and disorder, commanders with their command radii, and the
last shots and charges. The web table and ``stratagem render`` use it.

The root carries the table's size in inches and ``data-scale`` (pixels per inch; y drawn
downwards from the far edge), and each unit its name and side, so that the web page can
turn a click into table coordinates for an exact move.
"""

from __future__ import annotations

from html import escape
from typing import Any

from stratagem.core import JsonDict

SCALE = 12.0
"""Pixels per inch."""

SIDE_COLOURS = ("#b22222", "#1f4e9c")
GROUND_COLOURS = {
    "open": "#c9d8a8",
    "easy": "#d9c89a",
    "difficult": "#9fb96b",
    "very difficult": "#4f7a3a",
    "impassable": "#7a8a99",
}


def _point(x: float, y: float, depth: float) -> str:
    return f"{x * SCALE:.1f},{(depth - y) * SCALE:.1f}"


def _polygon(points: list[list[float]], depth: float, **attrs: str) -> str:
    coords = " ".join(_point(x, y, depth) for x, y in points)
    extra = " ".join(f'{key.replace("_", "-")}="{value}"' for key, value in attrs.items())
    return f'<polygon points="{coords}" {extra}/>'


def _terrain(element: JsonDict, depth: float) -> str:
    colour = GROUND_COLOURS.get(element["ground"], "#cccccc")
    if element.get("height"):
        colour = "#d8c48a"
    title = f"<title>{escape(element['name'])} ({escape(element['ground'])})</title>"
    shape = _polygon(element["outline"], depth, fill=colour, stroke="#55603f", stroke_width="1")
    return f"<g>{title}{shape}</g>"


def _unit(unit: JsonDict, depth: float, sides: list[str]) -> str:
    if not unit["alive"]:
        return ""
    colour = SIDE_COLOURS[sides.index(unit["side"]) % 2]
    corners = unit["corners"]
    fill_opacity = "0.45" if unit["disorder"] else "0.85"
    body = _polygon(
        corners, depth, fill=colour, fill_opacity=fill_opacity, stroke="#111", stroke_width="1"
    )
    front = corners[0], corners[3]
    edge = (
        f'<line x1="{front[0][0] * SCALE:.1f}" y1="{(depth - front[0][1]) * SCALE:.1f}" '
        f'x2="{front[1][0] * SCALE:.1f}" y2="{(depth - front[1][1]) * SCALE:.1f}" '
        'stroke="#ffd700" stroke-width="3"/>'
    )
    markers = f"Dm {unit['dm']}/{unit['stamina']}" + (" D" if unit["disorder"] else "")
    label = (
        f'<text x="{unit["x"] * SCALE:.1f}" y="{(depth - unit["y"]) * SCALE:.1f}" '
        f'font-size="9" text-anchor="middle" fill="#000">{escape(unit["name"])}</text>'
        f'<text x="{unit["x"] * SCALE:.1f}" y="{(depth - unit["y"]) * SCALE + 10:.1f}" '
        f'font-size="8" text-anchor="middle" fill="#000">{escape(markers)}</text>'
    )
    order = f" {unit['order']}" if unit.get("order") else ""
    title = f"<title>{escape(unit['name'])} ({escape(unit['card'])}){escape(order)}</title>"
    where = f'data-unit="{escape(unit["name"])}" data-side="{escape(unit["side"])}"'
    return f"<g {where}>{title}{body}{edge}{label}</g>"


def _commander(officer: JsonDict, depth: float, sides: list[str]) -> str:
    if not officer["alive"]:
        return ""
    colour = SIDE_COLOURS[sides.index(officer["side"]) % 2]
    cx, cy = officer["x"] * SCALE, (depth - officer["y"]) * SCALE
    ring = (
        f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="{officer["radius"] * SCALE:.1f}" fill="none" '
        f'stroke="{colour}" stroke-dasharray="4 4" stroke-opacity="0.6"/>'
    )
    fill = "#888" if officer["exhausted"] else colour
    size = 6 if officer["chief"] else 4
    mark = (
        f'<rect x="{cx - size:.1f}" y="{cy - size:.1f}" width="{2 * size}" height="{2 * size}" '
        f'fill="{fill}" stroke="#fff" stroke-width="1.5"/>'
    )
    title = f"<title>{escape(officer['name'])}, rank {officer['rank']}</title>"
    return f"<g>{title}{ring}{mark}</g>"


def _mark(mark: JsonDict, by_name: dict[str, Any], depth: float) -> str:
    start, end = by_name.get(mark["from"]), by_name.get(mark["to"])
    if start is None or end is None:
        return ""
    colour = "#ff4500" if mark["kind"] == "shot" else "#000"
    dash = ' stroke-dasharray="6 3"' if mark["kind"] == "shot" else ""
    x1, y1 = start["front"]
    return (
        f'<line x1="{x1 * SCALE:.1f}" y1="{(depth - y1) * SCALE:.1f}" '
        f'x2="{end["x"] * SCALE:.1f}" y2="{(depth - end["y"]) * SCALE:.1f}" stroke="{colour}" '
        f'stroke-width="2"{dash} marker-end="url(#arrow)"/>'
    )


def board_svg(view: JsonDict) -> str:
    """The table of a Tercios view as an SVG document."""
    width, depth = view["table"]["width"], view["table"]["depth"]
    sides = sorted({u["side"] for u in view["units"]}, key=lambda s: s != "Spanish")
    by_name = {u["name"]: u for u in view["units"]}
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width * SCALE:.0f}" '
        f'height="{depth * SCALE + 24:.0f}" viewBox="0 0 {width * SCALE:.0f} '
        f'{depth * SCALE + 24:.0f}" data-scale="{SCALE:g}" data-table-width="{width:g}" '
        f'data-table-depth="{depth:g}">',
        '<defs><marker id="arrow" markerWidth="8" markerHeight="8" refX="6" refY="3" '
        'orient="auto"><path d="M0,0 L6,3 L0,6 z"/></marker></defs>',
        f'<rect x="0" y="0" width="{width * SCALE:.0f}" height="{depth * SCALE:.0f}" '
        f'fill="{GROUND_COLOURS["open"]}"/>',
    ]
    parts += [_terrain(element, depth) for element in view["terrain"]]
    parts += [_unit(unit, depth, sides) for unit in view["units"]]
    parts += [_commander(officer, depth, sides) for officer in view["commanders"]]
    parts += [_mark(mark, by_name, depth) for mark in view.get("marks", [])]
    points = ", ".join(f"{seat} {vp}" for seat, vp in view["victory_points"].items())
    parts.append(
        f'<text x="6" y="{depth * SCALE + 17:.0f}" font-size="13">Turn {view["turn"]} - '
        f"victory points: {escape(points)}</text>"
    )
    parts.append("</svg>")
    return "\n".join(part for part in parts if part)
