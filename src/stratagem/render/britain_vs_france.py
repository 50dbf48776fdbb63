"""The 1750: Britain vs. France board as SVG, drawn from a seat's view alone.

Four theater panels (North America, the Caribbean, Africa, India) hold their colonies in
line order, each with its export, a control marker in the controller's colour and the
units of both sides; the High Seas sits in the middle; a side bar shows gold, exports,
political objectives, prisoners, purchases and the points visible to that seat.
"""

from __future__ import annotations

from typing import Any

from stratagem.core import JsonDict
from stratagem.games.britain_vs_france.views import read_colony_line
from stratagem.render.svg import text_element

WIDTH = 1200
HEIGHT = 820
PANEL_W = 440
PANEL_H = 330
COLONY_W = 104
COLOURS = {"Britain": "#c0392b", "France": "#2e5fa8", None: "#9a9a9a"}
PANELS = {
    "North America": (20, 60),
    "Caribbean": (480, 60),
    "Africa": (20, 470),
    "India": (480, 470),
}


_text = text_element


def _rect(
    x: float, y: float, w: float, h: float, *, fill: str, stroke: str = "#555", rx: int = 6
) -> str:
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="{rx}" '
        f'fill="{fill}" stroke="{stroke}"/>'
    )


def _short(label: str, width: int = 16) -> str:
    return label if len(label) <= width else label[: width - 1] + "…"


def _units(x: float, y: float, units: dict[str, list[str]]) -> list[str]:
    parts: list[str] = []
    row = 0
    for side in ("Britain", "France"):
        for label in units.get(side, []):
            parts.append(_text(x, y + 14 * row, _short(label), size=10, fill=COLOURS[side]))
            row += 1
    return parts


def _colony(x: float, y: float, name: str, line: str) -> list[str]:
    entry = read_colony_line(line)
    control = entry["control"]
    parts = [
        _rect(x, y, COLONY_W - 6, 230, fill="#fbf7ec"),
        _text(x + 6, y + 16, _short(name, 17), size=11, weight="bold"),
        _text(x + 6, y + 32, str(entry["export"]), size=10, fill="#6b4f1d"),
        f'<circle cx="{x + COLONY_W - 22:.0f}" cy="{y + 28:.0f}" r="9" '
        f'fill="{COLOURS[control]}" stroke="#333"/>',
        _text(x + 6, y + 48, control or "uncontrolled", size=10, fill=COLOURS[control]),
    ]
    parts.extend(_units(x + 6, y + 68, entry["units"]))
    return parts


def _theater(name: str, colonies: dict[str, str]) -> list[str]:
    x, y = PANELS[name]
    parts = [
        _rect(x, y, PANEL_W, PANEL_H, fill="#e9f0e4", stroke="#6a7b5a"),
        _text(x + 12, y + 22, name, size=15, weight="bold"),
    ]
    step = min(COLONY_W, (PANEL_W - 20) / max(1, len(colonies)))
    for index, (colony, line) in enumerate(colonies.items()):
        parts.extend(_colony(x + 10 + index * step, y + 40, colony, line))
    return parts


def _side_bar(view: JsonDict) -> list[str]:
    x, y = 940, 60
    parts = [_rect(x, y, 240, 740, fill="#f4f4f4")]
    lines: list[tuple[str, str | None]] = []
    for side in ("Britain", "France"):
        exports = view["exports"][side]
        lines.append((side, side))
        lines.append(
            (f"  gold {view['gold'][side]}, next revenue {view['revenue_next'][side]}", None)
        )
        lines.append(("  exports " + ", ".join(f"{k} {n}" for k, n in exports.items()), None))
        held = view["political_objectives"][side]
        lines.append((f"  objectives {len(held)}", None))
        lines.append(("  prisoners " + (", ".join(view["prisoners"][side]) or "none"), None))
        lines.append(("  purchases " + (", ".join(view["purchases"][side]) or "none"), None))
        lines.append(("  in play " + (", ".join(view["in_play"][side]) or "none"), None))
        points = view["points_now_without_secret_objectives"][side]
        lines.append((f"  points (no secret objective) {points}", None))
    lines.append((f"objectives open {view['political_objectives']['open']}", None))
    lines.append((f"draw deck {view['draw_deck']}, purchase deck {view['purchase_deck']}", None))
    for index, (text, colour_of) in enumerate(lines):
        fill = COLOURS[colour_of] if colour_of else "#222"
        weight = "bold" if colour_of else "normal"
        parts.append(
            _text(x + 10, y + 22 + 18 * index, _short(text, 40), size=11, weight=weight, fill=fill)
        )
    return parts


def _high_seas(units: dict[str, list[str]]) -> list[str]:
    x, y = 330, 410
    parts = [
        f'<ellipse cx="{x + 130}" cy="{y + 20}" rx="150" ry="34" fill="#cfe3f3" stroke="#3b6e96"/>',
        _text(x + 130, y + 8, "High Seas", size=13, weight="bold", anchor="middle"),
    ]
    britain = ", ".join(units.get("Britain", [])) or "-"
    france = ", ".join(units.get("France", [])) or "-"
    parts.append(
        _text(
            x + 130, y + 26, _short(britain, 44), size=10, fill=COLOURS["Britain"], anchor="middle"
        )
    )
    parts.append(
        _text(x + 130, y + 42, _short(france, 44), size=10, fill=COLOURS["France"], anchor="middle")
    )
    return parts


def board_svg(view: JsonDict) -> str:
    """The board as an SVG document (a string), from ``view(seat)`` or ``view(None)``."""
    seat: Any = view.get("seat")
    title = (
        f"1750: Britain vs. France - turn {view['turn']} of {view['turns']}, "
        f"{view['active']}'s turn, {view['step']}" + (f" (seen by {seat})" if seat else "")
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}">',
        _rect(0, 0, WIDTH, HEIGHT, fill="#fdfcf8", stroke="none", rx=0),
        _text(20, 36, title, size=16, weight="bold"),
    ]
    for theater, colonies in view["theaters"].items():
        parts.extend(_theater(theater, colonies))
    parts.extend(_high_seas(view["high_seas"]))
    parts.extend(_side_bar(view))
    parts.append("</svg>")
    return "\n".join(parts)
