"""The Sixteen Thirty Something board as SVG, drawn from a view alone.

The nine countries sit roughly where the map puts them, joined by the borders of the
Adjacent Countries Table that the view's countries share on the map; each shows its
faction (red, blue or neutral grey), Status, Army Size, Military Ability, Military
Leaders and Unrest. Beside the map, every player's display of Influence Cards (votes,
ascendant or descendant, the cards), Victory Points and hand size, and the turn. Only
what the view holds is drawn, so the drawing shows nothing its seat may not know.
"""

from __future__ import annotations

from functools import partial
from html import escape
from typing import Any

from stratagem.render.svg import text_element

JsonDict = dict[str, Any]

WIDTH, HEIGHT = 1180, 640
BOX_W, BOX_H = 150, 84

PLACES: dict[str, tuple[int, int]] = {
    "England": (40, 110),
    "United Provinces": (215, 170),
    "Denmark": (300, 40),
    "Sweden": (470, 30),
    "Poland": (560, 210),
    "German States": (380, 220),
    "Hapsburg Empire": (470, 380),
    "France": (150, 330),
    "Spain": (40, 480),
}
"""Where each country's box goes (top-left corner), roughly as on the map."""

BORDERS = (
    ("England", "France"),
    ("England", "Spain"),
    ("England", "United Provinces"),
    ("England", "Denmark"),
    ("France", "Spain"),
    ("France", "United Provinces"),
    ("France", "German States"),
)
"""The borders the rulebook prints (the England and France rows); the others are drawn
only as proximity on the map."""

FILL = {"red": "#e8a0a0", "blue": "#a0b8e8", "neutral": "#dddddd"}
STROKE = {"red": "#a02020", "blue": "#2040a0", "neutral": "#777777"}


_text = partial(text_element, fill="#111")


def _centre(name: str) -> tuple[float, float]:
    x, y = PLACES[name]
    return x + BOX_W / 2, y + BOX_H / 2


def _country(name: str, facts: JsonDict) -> str:
    x, y = PLACES.get(name, (0, 0))
    faction = str(facts.get("faction", "neutral"))
    parts = [
        f'<g class="country" data-country="{escape(name)}">',
        f'<rect x="{x}" y="{y}" width="{BOX_W}" height="{BOX_H}" rx="8" '
        f'fill="{FILL.get(faction, "#ddd")}" stroke="{STROKE.get(faction, "#777")}" '
        'stroke-width="2"/>',
        _text(x + BOX_W / 2, y + 18, name, size=13, weight="bold", anchor="middle"),
        _text(x + 8, y + 38, f"Status {facts.get('status')}  ({faction})"),
        _text(x + 8, y + 56, f"Army {facts.get('army')}  Ability {facts.get('ability')}"),
    ]
    marks = []
    if facts.get("leaders"):
        marks.append(f"Leader x{facts['leaders']} (+{2 * int(facts['leaders'])})")
    if facts.get("unrest"):
        marks.append("UNREST")
    if marks:
        parts.append(_text(x + 8, y + 74, "  ".join(marks), weight="bold", fill="#803000"))
    parts.append("</g>")
    return "".join(parts)


def _status_track(countries: JsonDict) -> str:
    """The Status track, 0 to 7, with each country's name at its box."""
    x0, y0 = 40, 600
    parts = [_text(x0, y0 - 22, "Status track", weight="bold")]
    for value in range(8):
        cx = x0 + 20 + value * 78
        parts.append(f'<circle cx="{cx}" cy="{y0}" r="13" fill="#fff" stroke="#333"/>')
        parts.append(_text(cx, y0 + 4, str(value), anchor="middle"))
        here = [n for n, f in countries.items() if f.get("status") == value]
        if here:
            label = ", ".join(n.split()[0][:4] for n in here)
            parts.append(_text(cx, y0 + 30, label, size=9, anchor="middle"))
    return "".join(parts)


def _players(view: JsonDict) -> tuple[str, int]:
    """Every player's display, Victory Points and hand size; and how far down it goes."""
    x, y = 740, 30
    points = view.get("victory_points", {})
    hands = view.get("cards_in_hand", {})
    parts = [_text(x, y, "Players", size=15, weight="bold")]
    y += 22
    for seat, piles in view.get("displays", {}).items():
        first = " (1st player)" if view.get("first_player") == seat else ""
        you = " - you" if view.get("seat") == seat else ""
        head = f"{seat}{first}{you}: {points.get(seat, 0)} VP, {hands.get(seat, 0)} in hand"
        parts.append(_text(x, y, head, weight="bold"))
        y += 16
        if not piles:
            parts.append(_text(x + 12, y, "no influence on display", size=11, fill="#666"))
            y += 15
        for country, pile in piles.items():
            arrow = "v descendant" if pile.get("state") == "descendant" else "^ ascendant"
            cards = ", ".join(pile.get("cards", []))
            line = f"{country}: {pile.get('votes')} votes {arrow} [{cards}]"
            parts.append(_text(x + 12, y, line, size=11))
            y += 15
        y += 8
    private = view.get("you")
    if isinstance(private, dict):
        counters = ", ".join(private.get("victory_point_counters", []))
        parts.append(_text(x, y + 4, f"Your counters: {counters}", weight="bold", fill="#205020"))
    return "".join(parts), y + 20


def board_svg(view: JsonDict) -> str:
    """The board of a Sixteen Thirty Something view as a standalone SVG document."""
    countries: JsonDict = view.get("countries", {})
    players, bottom = _players(view)
    height = max(HEIGHT, bottom)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
        f'viewBox="0 0 {WIDTH} {height}">',
        f'<rect width="{WIDTH}" height="{height}" fill="#f6f1e4"/>',
    ]
    for a, b in BORDERS:
        if a in countries and b in countries:
            (x1, y1), (x2, y2) = _centre(a), _centre(b)
            parts.append(
                f'<line x1="{x1:.0f}" y1="{y1:.0f}" x2="{x2:.0f}" y2="{y2:.0f}" '
                'stroke="#b0a080" stroke-width="3" stroke-dasharray="6 4"/>'
            )
    for name, facts in countries.items():
        if name in PLACES:
            parts.append(_country(name, facts))
    turn = f"Turn {view.get('turn')} of {view.get('turns')} - {view.get('phase', '')}"
    parts.append(_text(40, 20, turn, size=14, weight="bold"))
    parts.append(_status_track(countries))
    parts.append(players)
    parts.append("</svg>")
    return "".join(parts)
