"""The Henry VIII board as SVG, drawn from a seat's view alone: King Henry's panel, the
Line of Succession, the Tower, those abroad, and each faction's characters (face-down
arrivals only as a count; a hand only as its size)."""

from __future__ import annotations

from html import escape
from typing import Any

from stratagem.core import JsonDict
from stratagem.games.henry_viii.views import read_characters

WIDTH = 1200
COLUMN = 190
LINE = 15
FACTION_COLOURS = (
    "#8c1c13",
    "#1d3f6e",
    "#2f6b2f",
    "#7a4f01",
    "#5b2a6e",
    "#1f6b6b",
    "#6b1f45",
    "#444",
)


def _text(
    x: float, y: float, text: str, *, size: int = 12, weight: str = "normal", fill: str = "#111"
) -> str:
    return (
        f'<text x="{x:.0f}" y="{y:.0f}" font-family="serif" font-size="{size}" '
        f'font-weight="{weight}" fill="{fill}">{escape(text)}</text>'
    )


def _box(x: float, y: float, w: float, h: float, *, fill: str, stroke: str = "#333") -> str:
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" rx="6" '
        f'fill="{fill}" stroke="{stroke}"/>'
    )


def _panel(
    at: tuple[float, float, float], title: str, lines: list[str], fill: str
) -> tuple[str, float]:
    x, y, w = at
    height = 26 + LINE * max(1, len(lines))
    parts = [_box(x, y, w, height, fill=fill), _text(x + 8, y + 18, title, size=14, weight="bold")]
    for index, line in enumerate(lines or ["none"]):
        parts.append(_text(x + 10, y + 36 + index * LINE, line, size=11))
    return "".join(parts), height


def _character_lines(entry: dict[str, Any]) -> list[str]:
    head = f"{entry['name']} ({entry['influence']})"
    details = [f"Ab {entry['ability']} Gu {entry['guile']} {entry['religion']}"]
    if entry.get("title"):
        details.append(str(entry["title"]))
    details.extend(str(office) for office in entry.get("offices", []))
    if entry.get("succession"):
        details.append(f"Succession {entry['succession']}")
    notes = [n for n in entry.get("notes", []) if n not in ("heir",)]
    if entry.get("where") != "at court":
        notes.append(str(entry.get("where")))
    if notes:
        details.append(", ".join(str(n) for n in notes))
    return [head, *("  " + d for d in details)]


def board_svg(view: JsonDict) -> str:
    """The board of ``view`` (any seat's, or a spectator's) as an SVG document."""
    parts: list[str] = []
    henry = view.get("henry", {})
    status = "alive" if henry.get("alive") else "dead"
    henry_lines = [
        f"Turn {view.get('turn')} · {view.get('stage')} · King Henry {status}",
        f"Queen: {henry.get('queen') or 'none'} · Contentment {henry.get('contentment')}",
        f"The King's Religion {henry.get('religion')} · Act of Supremacy "
        f"{'passed' if henry.get('act_of_supremacy') else 'not passed'}",
        f"Henry dies on 2d >= {henry.get('death_number')}",
    ]
    svg, height = _panel((10, 10, 380), "King Henry VIII", henry_lines, "#f3e6c4")
    parts.append(svg)
    line_svg, line_h = _panel(
        (400, 10, 380), "Line of Succession", list(view.get("line_of_succession", [])), "#e8dcf3"
    )
    parts.append(line_svg)
    tower = view.get("tower", {})
    tower_lines = [f"Arrested: {name}" for name in tower.get("arrested", [])]
    tower_lines += [f"Imprisoned: {name}" for name in tower.get("imprisoned", [])]
    tower_lines += [f"Abroad: {name}" for name in view.get("abroad", [])]
    tower_svg, tower_h = _panel(
        (790, 10, 400), "The Tower · Beyond the Realm", tower_lines, "#d9d9d9"
    )
    parts.append(tower_svg)
    top = 20.0 + max(height, line_h, tower_h)
    play = view.get("in_play")
    if play:
        targets = ", ".join(play.get("targets", []))
        text = f"In play: {play['endeavour']} by {play['by']}" + (
            f" on {targets}" if targets else ""
        )
        supports = "; ".join(play.get("supports", []))
        parts.append(
            _text(
                12,
                top + 4,
                text + (f" · Supports: {supports}" if supports else ""),
                size=12,
                weight="bold",
            )
        )
        top += 18
    bottom = float(top)
    for index, (seat, faction) in enumerate(view.get("factions", {}).items()):
        x = 10 + (index % 6) * (COLUMN + 8)
        y = top + (index // 6) * 420
        lines: list[str] = []
        for entry in read_characters(view):
            if entry["faction"] != seat:
                continue
            lines.extend(_character_lines(entry))
        cards = faction.get("court_cards")
        down = faction.get("face_down_characters")
        lines.append(f"Court cards: {cards} · face down: {down}")
        if faction.get("law_suit"):
            lines.append("Law Suit")
        colour = FACTION_COLOURS[index % len(FACTION_COLOURS)]
        title = f"{seat} · Influence {faction.get('influence')}"
        h = 26 + LINE * len(lines)
        parts.append(_box(x, y, COLUMN, h, fill="#fbf8f0", stroke=colour))
        parts.append(_text(x + 6, y + 18, title, size=13, weight="bold", fill=colour))
        for row, line in enumerate(lines):
            parts.append(_text(x + 6, y + 36 + row * LINE, line, size=10))
        bottom = max(bottom, y + h)
    you = view.get("you")
    if you:
        hand = list(you.get("hand", {}))
        lines = [f"Hand: {card}" for card in hand] + [
            f"Face down: {c}" for c in you.get("face_down", [])
        ]
        svg, you_h = _panel(
            (10, bottom + 10, WIDTH - 20), f"You ({view.get('seat')})", lines, "#dfeef7"
        )
        parts.append(svg)
        bottom += 10 + you_h
    total = bottom + 10
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{total:.0f}" '
        f'viewBox="0 0 {WIDTH} {total:.0f}"><rect width="100%" height="100%" fill="#fffdf6"/>'
        + "".join(parts)
        + "</svg>"
    )
