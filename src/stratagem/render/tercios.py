"""The Tercios table as SVG, drawn from a view alone.

Above the table, a heading: the turn, the side activating, the seat whose decision is
awaited and the victory points. The table is drawn to scale, ``SCALE`` pixels an inch, with
its far edge at the top, a light line every inch and a stronger one every 6 inches, and the
inches numbered along the top and left edges. On it: the named scenery, the units as their
bases (front edge in gold, a symbol for infantry, cavalry or artillery, one pip for each
point of Stamina, filled for each Dm taken, hatched when disordered, pale once activated),
the commanders as stars with their command radii, the last shots and charges, and a label
for each unit and free commander, laid out so that no two texts collide (moved off with a
leader line where units crowd, or reduced to a numbered tag that the roster explains).
Below the table: a scale bar, a legend of every colour and mark, and a roster of both
armies. Each unit and commander carries its full details (values, weapons, state, what it
may do now) for hover and tap.

The root carries the table's size in inches and ``data-scale`` (pixels per inch), and its
user coordinates put the table's far left corner at the origin (the margins lie at
negative coordinates), so the page turns a click into table inches as ``x / scale`` and
``depth - y / scale``; each unit's group carries its name and side.
"""

from __future__ import annotations

import functools
import math
import unicodedata
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from stratagem.core import JsonDict
from stratagem.render.svg import attr, detailed, escape

SCALE = 10.7
"""Pixels per inch: the 71-inch table and its margins fill a board about 800 px wide."""
LEFT = 30.0
"""Pixels left of the table, for the inch numbers of its left edge."""
RIGHT = 12.0
LINE = 15.0
"""Pixels between the baselines of two lines of 12-px text."""
GAP = 2.0
"""Pixels kept clear between two labels."""
FONT = "Arial, 'Liberation Sans', Helvetica, sans-serif"
TURNS = 8
"""The Battle: Duration: the battle ends after the 8th turn at the latest."""

SIDE_COLOURS = ("#b22222", "#1f4e9c")
FRONT = "#ffd700"
ACTIVE = "#19d3ff"
GROUND_COLOURS = {
    "open": "#cddba9",
    "easy": "#e3cf98",
    "difficult": "#a9c27a",
    "very difficult": "#56833f",
    "impassable": "#7a8a99",
}
KIND_COLOURS = {
    "River": "#7fb2d9",
    "Small lake": "#7fb2d9",
    "Large lake": "#7fb2d9",
    "Ford": "#a9cbe3",
    "Bridge": "#b59a72",
    "Road": "#e3cf98",
    "Marsh": "#8fae8c",
    "Small building": "#a8836a",
    "Large building": "#a8836a",
    "Town": "#a8836a",
    "Wall": "#8d8d8d",
    "Rocks": "#8d8d8d",
    "Hedge": "#3f6b2c",
}
HILL = "#d9c486"
ORDER_EFFECTS = {
    "Ready!": "two different actions among moving, rallying, turning, shooting (shooting -), "
    "hitching and dismounting; as a reaction it turns or shoots (-)",
    "Assault!": "charges the enemy with Mvt + and Melee +; as a reaction it intercepts or "
    "counter-charges",
    "Run!": "moves with Mvt ++ and may neither shoot nor charge; as a reaction it evades",
    "Fire!": "stays in place and shoots at full strength; as a reaction it shoots (light "
    "weapons +)",
    "Resist!": "tries to take off one Dm (from the second on); as a reaction its Courage is ++",
}
"""Order Card Reference, in short (the card names are the rulebook's)."""
STAGES = {
    "scenery": "buying and placing the scenery",
    "deployment": "deploying the guns hitched or unhitched",
    "turn": "the turn begins",
    "plan": "placing order cards",
    "initiative": "the initiative roll",
    "activation": "choosing what to activate",
    "unit": "a unit's actions",
    "commander": "a commander's action",
    "shot": "a shot",
    "charge": "a charge",
    "melee": "a melee",
    "rout": "a rout test",
    "approach": "a reaction",
    "frenzy": "a frenzied combat",
    "flight": "a commander's flight test",
    "wrong_place": "a commander caught in the wrong place",
    "cold_blood": "a Cold blood test",
    "accomplice": "an Accomplice's action",
    "caracole": "a caracole",
    "passed": "a commander passed through by a unit",
}
"""What the game awaits, by the view's ``waiting_for``."""
SETTING_UP = ("scenery", "deployment", "turn", "plan", "initiative")
"""Steps before any side activates (The Turn: Planning phase; initiative)."""

DRAWN = {
    "seat": "heading (whose board it is)",
    "turn": "heading",
    "to_act": "heading (the side activating)",
    "waiting_for": "heading (what the game awaits)",
    "deciding": "heading (whose decision is awaited)",
    "acting": "a halo round the unit or commander being activated",
    "table": "the table to scale, its inch grid and the scale bar (cm per inch)",
    "terrain": "the scenery pieces, named on the table, with their ground on hover",
    "units": "bases, labels, hover details and the roster",
    "commanders": "stars, command radii, labels, hover details and the roster",
    "victory_points": "heading",
    "marks": "the last shots and charges as arrows",
    "armies": "the legend and the roster",
    "result": "heading, once the battle is over",
    "scenery_purchase": "heading, while the players buy the scenery",
}
"""Where each key of the view is drawn."""
UNDRAWN = {"game": "always 'tercios': the board is the Tercios board"}
"""Keys of the view not drawn, and why."""
UNIT_DRAWN = {
    **dict.fromkeys(("x", "y", "facing", "width", "depth", "corners"), "the base, to scale"),
    **dict.fromkeys(("card", "weapons", "rules", "values", "hitched"), "details, roster"),
    "name": "label, roster",
    "side": "colour",
    "category": "symbol on the base",
    "front": "gold front edge",
    "alive": "on the table, or 'broken' in the roster",
    "dm": "filled pips",
    "stamina": "pips",
    "weary": "details, roster",
    "disorder": "hatching",
    "order_placed": "'order face down' on the label",
    "order": "label",
    "activated": "a pale base",
}
"""Where each key of a unit of the view is drawn."""
UNIT_UNDRAWN = {"index": "the engine's number for the unit; its name is drawn instead"}
"""Keys of a unit of the view not drawn."""
COMMANDER_DRAWN = {
    **dict.fromkeys(("rank", "radius", "virtues", "traits"), "details, roster"),
    **dict.fromkeys(("name", "chief", "x", "y", "side"), "the star and its label"),
    "radius": "the dashed command radius",
    "attached_to": "the star on the unit, details, roster",
    "exhausted": "a grey star",
    "alive": "on the table, or 'lost' in the roster",
}
"""Where each key of a commander of the view is drawn."""
COMMANDER_UNDRAWN = {"index": "the engine's number for the commander; his name is drawn"}

Box = tuple[float, float, float, float]
FloatArray = npt.NDArray[np.float64]
"""A rectangle in pixels: left, top, right, bottom."""

_BOLD = (
    278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722,
    722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778, 667, 778, 722,
    667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556,
    611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333,
    611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
)  # fmt: skip
"""Advance widths (thousandths of an em) of Arial Bold, ' ' to '~'."""
_REGULAR = (
    278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556,
    556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667,
    667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722,
    667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500,
    556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278,
    556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
)  # fmt: skip
"""Advance widths of Arial (regular and italic alike)."""


@functools.lru_cache(maxsize=4096)
def text_width(text: str, size: float, weight: str = "normal") -> float:
    """The width in pixels of ``text`` at ``size`` px in the board's font, a little over
    (a letter with an accent is as wide as the letter; any other sign, an em)."""
    advances = _BOLD if weight == "bold" else _REGULAR
    total = 0
    for char in text:
        base = unicodedata.normalize("NFKD", char)[:1] or char
        code = ord(base) - 32
        total += advances[code] if 0 <= code < len(advances) else 1000
    return total * size / 1000 * 1.04 + 1


def wrap_to(text: str, width: float, size: float = 12, weight: str = "normal") -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` px (a word longer
    than the width keeps a line of its own)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, weight) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def _areas(boxes: FloatArray, others: FloatArray) -> FloatArray:
    """The area each of ``boxes`` shares with each of ``others`` (rows by columns)."""
    w = np.minimum(boxes[:, None, 2], others[None, :, 2]) - np.maximum(
        boxes[:, None, 0], others[None, :, 0]
    )
    h = np.minimum(boxes[:, None, 3], others[None, :, 3]) - np.maximum(
        boxes[:, None, 1], others[None, :, 1]
    )
    return np.where((w > 0) & (h > 0), w * h, 0.0)


INK = "#1d1d1d"
"""The board's ink: set on the ``<svg>`` element, so a text of this colour leaves it out."""


def _text(
    x: float,
    y: float,
    content: str,
    *,
    size: int = 12,
    weight: str = "normal",
    style: str = "normal",
    fill: str = INK,
    anchor: str = "start",
) -> str:
    """One ``<text>``; SVG's defaults and the board's ink are left unsaid (a board goes to
    every seat after every move)."""
    extra = f' font-weight="{weight}"' if weight != "normal" else ""
    if style != "normal":
        extra += f' font-style="{style}"'
    if fill != INK:
        extra += f' fill="{fill}"'
    if anchor != "start":
        extra += f' text-anchor="{anchor}"'
    return f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}"{extra}>{escape(content)}</text>'


class Table:
    """Table inches to board pixels: x to the right, y downwards from the far edge."""

    def __init__(self, view: JsonDict) -> None:
        self.width = float(view["table"]["width"])
        self.depth = float(view["table"]["depth"])
        self.px_width = self.width * SCALE
        self.px_depth = self.depth * SCALE

    def at(self, x: float, y: float) -> tuple[float, float]:
        """The pixel of the table point (x, y) in inches."""
        return x * SCALE, (self.depth - y) * SCALE

    def points(self, outline: list[list[float]]) -> str:
        """An SVG ``points`` list of a table outline."""
        return " ".join("{:.1f},{:.1f}".format(*self.at(x, y)) for x, y in outline)

    def box(self, outline: list[list[float]]) -> Box:
        """The pixel box round a table outline."""
        xs = [self.at(x, y) for x, y in outline]
        return (
            min(p[0] for p in xs),
            min(p[1] for p in xs),
            max(p[0] for p in xs),
            max(p[1] for p in xs),
        )


def _sides(view: JsonDict) -> list[str]:
    """The two sides, Spanish first (their colours are fixed)."""
    names = list(view["victory_points"]) or sorted({u["side"] for u in view["units"]})
    return sorted(names, key=lambda s: s != "Spanish")


def _colour(side: str, sides: list[str]) -> str:
    return SIDE_COLOURS[sides.index(side) % 2] if side in sides else "#555"


# --- labels and their layout ---------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One line of a label."""

    text: str
    weight: str = "normal"
    style: str = "normal"
    fill: str = INK


@dataclass
class Label:
    """A text block naming one thing on the table, to be placed near it."""

    name: str
    lines: list[Line]
    anchor: Box
    colour: str
    tag: str = ""
    """The short text drawn instead when the full label finds no room."""
    inside: bool = False
    """Whether it may sit on its anchor (a terrain piece's name)."""
    facing: float | None = None
    """A unit's facing in degrees: its label goes behind it first, leaving the ground
    it faces clear to click."""
    placed: Box | None = None
    tagged: bool = False

    def size(self) -> tuple[float, float]:
        """The block's width and height in pixels."""
        if self.tagged:
            return text_width(self.tag, 12, "bold") + 6, LINE + 3
        widest = max(text_width(line.text, 12, line.weight) for line in self.lines)
        return widest + 8, len(self.lines) * LINE + 3


RINGS = (8.0, 18.0, 30.0, 44.0, 60.0, 80.0, 104.0, 132.0, 165.0, 200.0)
"""Pixels a displaced label may stand off its thing, tried in turn."""
DIRECTIONS = tuple((math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(16))


RING_OFF = np.repeat(RINGS, len(DIRECTIONS))
RING_DX = np.tile([dx for dx, _ in DIRECTIONS], len(RINGS))
RING_DY = np.tile([dy for _, dy in DIRECTIONS], len(RINGS))
"""Every ring's stand-off and direction, ring by ring."""


def _candidates(label: Label, w: float, h: float) -> tuple[FloatArray, FloatArray]:
    """Boxes the label may take, nearest first (one a row), with how far they stand off."""
    x0, y0, x1, y1 = label.anchor
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    near: list[tuple[float, float, float, float]] = []
    if label.inside:
        near.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    beside = [
        (cx - w / 2, y0 - GAP - h),
        (cx - w / 2, y1 + GAP),
        (x1 + GAP, cy - h / 2),
        (x0 - GAP - w, cy - h / 2),
        (x1 + GAP, y0 - GAP - h),
        (x0 - GAP - w, y0 - GAP - h),
        (x1 + GAP, y1 + GAP),
        (x0 - GAP - w, y1 + GAP),
    ]
    if label.facing is not None:
        hx, hy = math.cos(math.radians(label.facing)), -math.sin(math.radians(label.facing))
        beside.sort(key=lambda p: round(hx * (p[0] + w / 2 - cx) + hy * (p[1] + h / 2 - cy)))
    near.extend((left, top, left + w, top + h) for left, top in beside)
    half_w, half_h = (x1 - x0 + w) / 2, (y1 - y0 + h) / 2
    bx, by = cx + RING_DX * (half_w + RING_OFF), cy + RING_DY * (half_h + RING_OFF)
    ringed = np.stack((bx - w / 2, by - h / 2, bx + w / 2, by + h / 2), axis=1)
    boxes = np.concatenate((np.array(near), ringed))
    return boxes, np.concatenate((np.zeros(len(near)), RING_OFF))


class Layout:
    """Places labels one by one so that none overlaps another or leaves the table; each
    avoids covering the bases and marks it is given where it can."""

    def __init__(self, bounds: Box, covered: list[Box]) -> None:
        self.bounds = bounds
        self.covered = np.array(covered, dtype=float).reshape(-1, 4)
        self.taken: list[Box] = []

    def _find(self, label: Label) -> Box | None:
        """The first candidate box that fits and covers nothing, else the one that fits
        with the least cost (pixels of bases and marks covered, a price on a leader line
        through another label, and how far it stands off). Every candidate's room and
        cover are measured at once."""
        w, h = label.size()
        boxes, rings = _candidates(label, w, h)
        x0, y0, x1, y1 = self.bounds
        fits = (boxes[:, 0] >= x0) & (boxes[:, 1] >= y0) & (boxes[:, 2] <= x1) & (boxes[:, 3] <= y1)
        if self.taken:
            grown = boxes + np.array((-GAP, -GAP, GAP, GAP))
            fits &= ~(_areas(grown, np.array(self.taken)) > 0).any(axis=1)
        covers = _areas(boxes, self.covered).sum(axis=1)
        best: tuple[float, Box] | None = None
        for index in np.flatnonzero(fits).tolist():
            x_0, y_0, x_1, y_1 = boxes[index].tolist()
            box, ring = (x_0, y_0, x_1, y_1), float(rings[index])
            if label.inside and ring == 0:
                return box
            cost = float(covers[index])
            if cost > 0 and best is not None and cost + ring >= best[0]:
                continue  # a leader's price could only make it dearer
            ends = _leader_ends(label.anchor, box) if ring > 0 else None
            if ends is not None and _crosses(ends, self.taken):
                cost += 500
            if cost == 0:
                return box
            if best is None or cost + ring < best[0]:
                best = (cost + ring, box)
        return None if best is None else best[1]

    def place(self, label: Label) -> None:
        """Find the label a place: in full, or else as its tag."""
        box = self._find(label)
        if box is None and label.tag:
            label.tagged = True
            box = self._find(label)
        if box is not None:
            label.placed = box
            self.taken.append(box)


def _leader_ends(anchor: Box, box: Box) -> tuple[float, float, float, float] | None:
    """Where a leader line from a thing to its label starts and ends (None when the
    label stands close enough to need none)."""
    cx, cy = (anchor[0] + anchor[2]) / 2, (anchor[1] + anchor[3]) / 2
    px, py = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    ex, ey = min(max(px, anchor[0]), anchor[2]), min(max(py, anchor[1]), anchor[3])
    if math.hypot(px - ex, py - ey) < GAP + 3:
        return None
    return ex, ey, px, py


def _crosses(ends: tuple[float, float, float, float], boxes: list[Box]) -> bool:
    """Whether the line between two points runs through any of the boxes (tested every
    3 px, which no label is thinner than)."""
    ex, ey, px, py = ends
    steps = max(1, int(math.hypot(px - ex, py - ey) / 3))
    for i in range(1, steps):
        x, y = ex + (px - ex) * i / steps, ey + (py - ey) * i / steps
        if any(b[0] < x < b[2] and b[1] < y < b[3] for b in boxes):
            return True
    return False


def _leader(label: Label) -> str:
    """A thin line from the thing to its label when the label stands off it."""
    if label.placed is None or label.inside:
        return ""
    ends = _leader_ends(label.anchor, label.placed)
    if ends is None:
        return ""
    return (
        f'<line x1="{ends[0]:.1f}" y1="{ends[1]:.1f}" x2="{ends[2]:.1f}" y2="{ends[3]:.1f}" '
        f'stroke="{label.colour}" stroke-width="1.2" stroke-opacity="0.85"/>'
    )


def _block(label: Label) -> str:
    """The label drawn where it was placed: a pale card and its lines."""
    if label.placed is None:
        return ""
    x0, y0, x1, y1 = label.placed
    lines = [Line(label.tag, "bold")] if label.tagged else label.lines
    card = (
        f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{x1 - x0:.1f}" height="{y1 - y0:.1f}" rx="3" '
        f'fill="#fffdf5" fill-opacity="{0.55 if label.inside else 0.9}" '
        f'stroke="{label.colour}" stroke-width="1"/>'
    )
    texts = "".join(
        _text(
            (x0 + x1) / 2,
            y0 + 1.5 + LINE * i + 11.5,
            line.text,
            weight=line.weight,
            style=line.style,
            fill=line.fill,
            anchor="middle",
        )
        for i, line in enumerate(lines)
    )
    return f'<g class="label" pointer-events="none">{card}{texts}</g>'


# --- details (hover and tap) ---------------------------------------------------------


def _order_phrase(unit: JsonDict, seat: str | None) -> str:
    """What the seat knows of the unit's order card (Order Cards)."""
    if not unit["order_placed"]:
        return "No order card yet (cards are placed in the Planning phase)."
    order = unit["order"]
    if order is None:
        return "Order card face down: its order is hidden from you."
    whose = "your order" if unit["side"] == seat else "its revealed order"
    return f"Order: {order} ({whose}): {ORDER_EFFECTS.get(order, order)}."


def _unit_state(unit: JsonDict) -> list[str]:
    """The unit's markers, in words (Status Markers)."""
    dm, stamina = unit["dm"], unit["stamina"]
    words = [f"Dm {dm} of Stamina {stamina}: " + ("fresh" if dm == 0 else "worn")]
    if unit["weary"]:
        words.append("weary (combat and shooting -)")
    if unit["disorder"]:
        words.append("disordered (Courage -)")
    if unit["hitched"]:
        words.append("guns hitched to their team")
    return words


def _unit_now(unit: JsonDict, view: JsonDict) -> str:
    """What the unit may do now, as far as the view tells (Activation, Reactions)."""
    if view.get("result"):
        return "The battle is over."
    if view.get("acting", {}).get("unit") == unit["name"]:
        return "Now: being activated."
    if unit["activated"]:
        return "Now: already activated this turn; it acts again next turn."
    if not unit["order_placed"]:
        return "Now: waiting for its order card."
    test = (
        "fresh, it carries out its order without a test"
        if unit["dm"] == 0
        else f"with Dm it must first pass an order test ({unit['values']['discipline']} D6, "
        "a 5 or more)"
    )
    return (
        f"Now: not yet activated; its side may activate it ({test}); it may also react "
        "to an enemy coming within 3 inches of its front centre or charging it."
    )


def unit_detail(unit: JsonDict, view: JsonDict, attached: list[str]) -> str:
    """The unit's full details: type, values, base, state, order and what it may do."""
    values = unit["values"]
    parts = [
        f"{unit['name']} ({unit['side']}): {unit['card']}, {unit['category']}.",
        f"Mvt {values['mvt']}, Melee {values['melee']}, Shoot {values['shoot']}, Discipline "
        f"{values['discipline']}, Courage {values['courage']}, Stamina {values['stamina']}.",
        "Weapons: " + (", ".join(unit["weapons"]) or "none") + ".",
    ]
    if unit["rules"]:
        parts.append("Rules: " + ", ".join(unit["rules"]) + ".")
    parts.append(
        f"Base {unit['width']:.1f} by {unit['depth']:.1f} in, facing {unit['facing']:g} "
        f"degrees, front centre at ({unit['front'][0]:.1f}, {unit['front'][1]:.1f})."
    )
    if not unit["alive"]:
        return " ".join([*parts, "Broken: removed from the table."])
    parts.append("State: " + "; ".join(_unit_state(unit)) + ".")
    if unit["activated"]:
        parts.append("Activated this turn.")
    if attached:
        parts.append("Commander attached: " + ", ".join(attached) + ".")
    parts.append(_order_phrase(unit, view.get("seat")))
    parts.append(_unit_now(unit, view))
    return " ".join(parts)


def commander_detail(officer: JsonDict, view: JsonDict) -> str:
    """The commander's full details: rank, radius, virtues, traits and state (Command)."""
    chief = "Commander-in-Chief, " if officer["chief"] else ""
    parts = [
        f"{officer['name']} ({officer['side']}): {chief}rank {officer['rank']}, command "
        f"radius {officer['radius']:g} in.",
        "Virtues: " + (", ".join(officer["virtues"]) or "none") + ".",
        "Traits: " + (", ".join(officer["traits"]) or "none") + ".",
    ]
    if not officer["alive"]:
        return " ".join([*parts, "Lost: off the table."])
    if officer["attached_to"]:
        parts.append(
            f"Attached to {officer['attached_to']}: his virtues apply to it; no command "
            "actions while attached."
        )
    else:
        parts.append(f"At ({officer['x']:.1f}, {officer['y']:.1f}).")
    if view.get("acting", {}).get("commander") == officer["name"]:
        parts.append("Now: being activated.")
    elif officer["exhausted"]:
        parts.append("Exhausted: he cannot be activated again this turn.")
    elif not view.get("result"):
        parts.append(
            f"Now: he may be activated: move up to 6 inches, then a command action "
            f"({officer['rank']} D6, a 5 or more)."
        )
    return " ".join(parts)


def terrain_detail(element: JsonDict) -> str:
    """A scenery piece: its kind, ground and rules (The Battle: Scenery Elements)."""
    rules = [
        name
        for key, name in (
            ("hidden", "Hidden"),
            ("cover", "In cover"),
            ("protected", "Protected"),
            ("height", "high ground"),
        )
        if element.get(key)
    ]
    extra = f"; {', '.join(rules)}" if rules else ""
    return f"{element['name']}: {element['kind']}, {element['ground']} ground{extra}."


# --- the table ------------------------------------------------------------------------


def _grid(table: Table) -> str:
    """A light line every inch, a stronger one every 6 inches, and the inch numbers
    along the top and left edges."""
    fine: list[str] = []
    strong: list[str] = []
    for inch in range(int(table.width) + 1):
        x = inch * SCALE
        (strong if inch % 6 == 0 else fine).append(f"M{x:.1f} 0V{table.px_depth:.1f}")
    for inch in range(int(table.depth) + 1):
        y = table.px_depth - inch * SCALE
        (strong if inch % 6 == 0 else fine).append(f"M0 {y:.1f}H{table.px_width:.1f}")
    parts = [
        f'<path d="{"".join(fine)}" stroke="#000" stroke-opacity="0.08" stroke-width="0.6"/>',
        f'<path d="{"".join(strong)}" stroke="#000" stroke-opacity="0.25" stroke-width="0.9"/>',
    ]
    for inch in range(0, int(table.width) + 1, 3):
        bold = "bold" if inch % 6 == 0 else "normal"
        parts.append(_text(inch * SCALE, -5, str(inch), weight=bold, anchor="middle"))
    for inch in range(0, int(table.depth) + 1, 3):
        bold = "bold" if inch % 6 == 0 else "normal"
        y = table.px_depth - inch * SCALE + 4
        parts.append(_text(-5, y, str(inch), weight=bold, anchor="end"))
    return "".join(parts)


def _terrain(element: JsonDict, table: Table) -> str:
    fill = KIND_COLOURS.get(element["kind"]) or GROUND_COLOURS.get(element["ground"], "#ccc")
    if element.get("height"):
        fill = HILL
    points = table.points(element["outline"])
    shape = f'<polygon points="{points}" fill="{fill}" stroke="#55603f" stroke-width="1"/>'
    if element.get("height"):
        shape += (
            f'<polygon points="{points}" fill="none" stroke="#9b7f3d" stroke-width="4" '
            'stroke-opacity="0.35" stroke-linejoin="round"/>'
        )
    if element["ground"] == "very difficult":
        shape += f'<polygon points="{points}" fill="url(#trees)" stroke="none"/>'
    return detailed(shape, terrain_detail(element), name=element["name"], css_class="terrain")


def _frame(corners: list[list[float]], table: Table) -> tuple[list[tuple[float, float]], float]:
    """A base's corners in pixels (front left, rear left, rear right, front right) and
    its width in pixels."""
    pixels = [table.at(x, y) for x, y in corners]
    return pixels, math.dist(pixels[0], pixels[3])


def _lerp(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t


def _symbol(category: str, c: list[tuple[float, float]]) -> str:
    """Infantry: a cross from corner to corner; cavalry: one diagonal; artillery: a ball."""
    style = 'stroke="#fff" stroke-width="1.6" stroke-opacity="0.9"'
    if category == "artillery":
        centre = _lerp(_lerp(c[0], c[3], 0.5), _lerp(c[1], c[2], 0.5), 0.35)
        size = min(math.dist(c[0], c[3]), math.dist(c[0], c[1]))
        return (
            f'<circle cx="{centre[0]:.1f}" cy="{centre[1]:.1f}" r="{size * 0.2:.1f}" '
            'fill="#fff" fill-opacity="0.9"/>'
        )
    diagonals = [(c[1], c[3])] if category == "cavalry" else [(c[0], c[2]), (c[1], c[3])]
    return "".join(
        f'<line x1="{a[0]:.1f}" y1="{a[1]:.1f}" x2="{b[0]:.1f}" y2="{b[1]:.1f}" {style}/>'
        for a, b in diagonals
    )


def _pips(unit: JsonDict, c: list[tuple[float, float]], width: float) -> str:
    """One pip for each point of Stamina along the rear of the base, filled for each Dm."""
    count = max(unit["stamina"], unit["dm"])
    if count <= 0:
        return ""
    rear_left, rear_right = c[1], c[2]
    inward = _lerp(_lerp(c[1], c[0], 0.3), _lerp(c[2], c[3], 0.3), 0.5)
    rear_mid = _lerp(rear_left, rear_right, 0.5)
    shift = (inward[0] - rear_mid[0], inward[1] - rear_mid[1])
    step = min(6.5, width * 0.85 / count) / max(width, 1)
    pips = []
    for i in range(count):
        t = 0.5 + (i - (count - 1) / 2) * step
        x, y = _lerp(rear_left, rear_right, t)
        fill = "#111" if i < unit["dm"] else "#fff"
        pips.append(
            f'<circle cx="{x + shift[0]:.1f}" cy="{y + shift[1]:.1f}" r="2.3" fill="{fill}" '
            'stroke="#111" stroke-width="0.8"/>'
        )
    return "".join(pips)


def _unit(unit: JsonDict, table: Table, colour: str, acting: bool) -> str:
    """A unit's base and its marks (Status Markers), as an SVG fragment."""
    corners, width = _frame(unit["corners"], table)
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in corners)
    parts = [
        f'<polygon points="{points}" fill="{colour}" stroke="#111" stroke-width="1"/>',
    ]
    parts.append(_symbol(unit["category"], corners))
    if unit["disorder"]:
        parts.append(f'<polygon points="{points}" fill="url(#disorder)" stroke="none"/>')
    if unit["activated"] and not acting:
        parts.append(f'<polygon points="{points}" fill="#fff" fill-opacity="0.55"/>')
    front = corners[0], corners[3]
    parts.append(
        f'<line x1="{front[0][0]:.1f}" y1="{front[0][1]:.1f}" x2="{front[1][0]:.1f}" '
        f'y2="{front[1][1]:.1f}" stroke="{FRONT}" stroke-width="3"/>'
    )
    parts.append(_pips(unit, corners, width))
    return "".join(parts)


def _halo(unit: JsonDict, table: Table) -> str:
    """A bright rim round the unit being activated, drawn beneath it (the page restyles
    the first polygon of a unit's group, its base, when the unit is chosen)."""
    return (
        f'<polygon points="{table.points(unit["corners"])}" fill="none" stroke="{ACTIVE}" '
        'stroke-width="8" stroke-linejoin="round"/>'
    )


def _star(cx: float, cy: float, r: float, *, fill: str, stroke: str, width: float) -> str:
    """A five-pointed star of radius ``r`` centred on (cx, cy)."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.45
        angle = -math.pi / 2 + k * math.pi / 5
        points.append(f"{cx + radius * math.cos(angle):.1f},{cy + radius * math.sin(angle):.1f}")
    return (
        f'<polygon points="{" ".join(points)}" fill="{fill}" stroke="{stroke}" '
        f'stroke-width="{width}" stroke-linejoin="round"/>'
    )


def _commander_mark(officer: JsonDict, colour: str, acting: bool, x: float, y: float) -> str:
    """A commander: a star (a gold rim for the Commander-in-Chief; grey when exhausted)."""
    size = 9.0 if officer["chief"] else 7.0
    halo = (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{size + 4:.1f}" fill="none" stroke="{ACTIVE}" '
        'stroke-width="4"/>'
        if acting
        else ""
    )
    fill = "#8a8a8a" if officer["exhausted"] else colour
    rim = FRONT if officer["chief"] else "#fff"
    return halo + _star(x, y, size, fill=fill, stroke=rim, width=1.6 if officer["chief"] else 1.2)


def _ring(officer: JsonDict, colour: str, x: float, y: float) -> str:
    """The commander's command radius (Command Actions: 6 inches unless a trait says)."""
    opacity = 0.25 if officer["exhausted"] else 0.55
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{officer["radius"] * SCALE:.1f}" fill="none" '
        f'stroke="{colour}" stroke-dasharray="5 4" stroke-opacity="{opacity}" '
        'stroke-width="1.2"/>'
    )


def _mark(mark: JsonDict, by_name: dict[str, JsonDict], table: Table) -> str:
    """The last shot (dashed, orange) or charge (black), from front centre to target."""
    start, end = by_name.get(mark["from"]), by_name.get(mark["to"])
    if start is None or end is None:
        return ""
    shot = mark["kind"] == "shot"
    x1, y1 = table.at(*start["front"])
    x2, y2 = table.at(end["x"], end["y"])
    dash = ' stroke-dasharray="6 3"' if shot else ""
    head = "shot" if shot else "charge"
    return (
        f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
        f'stroke="{"#ff4500" if shot else "#000"}" stroke-width="2.2"{dash} '
        f'marker-end="url(#{head})"/>'
    )


DEFS = (
    "<defs>"
    '<marker id="shot" markerWidth="8" markerHeight="8" refX="6" refY="3" orient="auto">'
    '<path d="M0,0 L6,3 L0,6 z" fill="#ff4500"/></marker>'
    '<marker id="charge" markerWidth="8" markerHeight="8" refX="6" refY="3" orient="auto">'
    '<path d="M0,0 L6,3 L0,6 z" fill="#000"/></marker>'
    '<pattern id="disorder" width="6" height="6" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)"><rect width="2.5" height="6" fill="#ffcc00"/></pattern>'
    '<pattern id="trees" width="9" height="9" patternUnits="userSpaceOnUse">'
    '<circle cx="3" cy="3" r="2" fill="#2f5a22" fill-opacity="0.6"/>'
    '<circle cx="7.5" cy="7.5" r="1.6" fill="#2f5a22" fill-opacity="0.6"/></pattern>'
    "</defs>"
)


# --- putting it together ------------------------------------------------------------


@dataclass
class Board:
    """What is drawn, in layers, and the labels still to lay out."""

    view: JsonDict
    table: Table
    sides: list[str]
    under: list[str] = field(default_factory=list)
    things: list[str] = field(default_factory=list)
    over: list[str] = field(default_factory=list)
    labels: list[Label] = field(default_factory=list)
    covered: list[Box] = field(default_factory=list)
    tags: dict[str, str] = field(default_factory=dict)


def _unit_label(unit: JsonDict, board: Board, box: Box, tag: str) -> Label:
    """A unit's label: its name, and its order card as far as the seat knows it."""
    colour = _colour(unit["side"], board.sides)
    lines = [Line(text, "bold", fill=colour) for text in wrap_to(unit["name"], 150, 12, "bold")]
    if unit["order"]:
        lines.append(Line(unit["order"], style="italic"))
    elif unit["order_placed"]:
        lines.append(Line("order face down", style="italic", fill="#555"))
    return Label(unit["name"], lines, box, colour, tag=tag, facing=unit["facing"])


def _draw_units(board: Board) -> None:
    view, table = board.view, board.table
    acting = view.get("acting") or {}
    attached: dict[str, list[str]] = {}
    for officer in view["commanders"]:
        if officer["alive"] and officer["attached_to"]:
            attached.setdefault(officer["attached_to"], []).append(officer["name"])
    for number, unit in enumerate(view["units"], start=1):
        if not unit["alive"]:
            continue
        colour = _colour(unit["side"], board.sides)
        now = acting.get("unit") == unit["name"]
        body = _unit(unit, table, colour, now)
        if now:
            board.under.append(_halo(unit, table))
        where = f'<g data-unit="{attr(unit["name"])}" data-side="{attr(unit["side"])}">'
        detail = unit_detail(unit, view, attached.get(unit["name"], []))
        board.things.append(detailed(f"{where}{body}</g>", detail, name=unit["name"]))
        box = table.box(unit["corners"])
        board.covered.append(box)
        board.labels.append(_unit_label(unit, board, box, str(number)))


def _draw_commanders(board: Board) -> None:
    view, table = board.view, board.table
    acting = (view.get("acting") or {}).get("commander")
    for number, officer in enumerate(view["commanders"], start=1):
        if not officer["alive"]:
            continue
        colour = _colour(officer["side"], board.sides)
        x, y = table.at(officer["x"], officer["y"])
        board.under.append(_ring(officer, colour, x, y))
        mark = _commander_mark(officer, colour, acting == officer["name"], x, y)
        detail = commander_detail(officer, view)
        board.over.append(detailed(mark, detail, name=officer["name"], css_class="commander"))
        size = 10.0
        box = (x - size, y - size, x + size, y + size)
        board.covered.append(box)
        if officer["attached_to"]:
            continue
        lines = [Line(text, style="italic", fill=colour) for text in wrap_to(officer["name"], 170)]
        board.labels.append(Label(officer["name"], lines, box, colour, tag=f"C{number}"))


def _draw_terrain(board: Board) -> None:
    for element in board.view["terrain"]:
        board.under.append(_terrain(element, board.table))
        box = board.table.box(element["outline"])
        lines = [
            Line(text, "bold", "italic", "#2c3a1c")
            for text in wrap_to(element["name"], 140, 12, "bold")
        ]
        lines.append(Line(f"{element['kind']}, {element['ground']}", style="italic", fill="#333"))
        board.labels.append(Label(element["name"], lines, box, "#55603f", inside=True))


def _crowding(label: Label, labels: list[Label]) -> int:
    """How many other things stand within 80 px of this one (the crowded are placed
    first, while room near them is left)."""
    x0, y0, x1, y1 = label.anchor
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    return sum(
        1
        for other in labels
        if other is not label
        and math.hypot(
            (other.anchor[0] + other.anchor[2]) / 2 - cx,
            (other.anchor[1] + other.anchor[3]) / 2 - cy,
        )
        < 80
    )


def _lay_out(board: Board) -> None:
    table = board.table
    layout = Layout((1.0, 1.0, table.px_width - 1, table.px_depth - 1), board.covered)
    terrain = [label for label in board.labels if label.inside]
    rest = [label for label in board.labels if not label.inside]
    rest.sort(key=lambda label: -_crowding(label, rest))
    for label in terrain + rest:
        layout.place(label)
        if label.placed is None:
            board.tags[label.name] = "(unlabelled)"
        elif label.tagged:
            board.tags[label.name] = f"[{label.tag}]"


def board_pieces(view: JsonDict) -> list[str]:
    """The table of a Tercios view as the pieces of its SVG document: the ``<svg>``
    element opened, each element, its end (see ``Svg.pieces``)."""
    table = Table(view)
    board = Board(view, table, _sides(view))
    _draw_terrain(board)
    _draw_units(board)
    _draw_commanders(board)
    by_name = {u["name"]: u for u in view["units"] if u["alive"]}
    board.over += [_mark(mark, by_name, table) for mark in view.get("marks", [])]
    _lay_out(board)
    below = Below(board, table.px_depth + 12)
    below.scale_bar()
    below.legend()
    below.roster()
    width = LEFT + table.px_width + RIGHT
    heading = _heading(view, board.sides, width - 12)
    top = 26.0 + 18 * len(heading)
    height = round(top + below.y + 10)
    return [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="{-LEFT:g} {-top:g} {width:.0f} {height}" data-scale="{SCALE:g}" '
        f'data-table-width="{table.width:g}" data-table-depth="{table.depth:g}" '
        f'font-family="{attr(FONT)}" fill="{INK}" role="img">',
        DEFS,
        f'<rect x="{-LEFT:g}" y="{-top:g}" width="{width:.0f}" height="{height}" fill="#fbf7ee"/>',
        *(
            _text(-LEFT + 6, -top + 19 + 18 * i, text, size=size, weight=weight)
            for i, (text, size, weight) in enumerate(heading)
        ),
        f'<rect x="0" y="0" width="{table.px_width:.1f}" height="{table.px_depth:.1f}" '
        f'fill="{GROUND_COLOURS["open"]}" stroke="#6b5b3a"/>',
        *board.under,
        _grid(table),
        *board.things,
        *board.over,
        *(_leader(label) for label in board.labels),
        *(_block(label) for label in board.labels),
        *below.parts,
        "</svg>",
    ]


def board_svg(view: JsonDict) -> str:
    """The table of a Tercios view as an SVG document."""
    return "".join(board_pieces(view))


def _heading(view: JsonDict, sides: list[str], width: float) -> list[tuple[str, int, str]]:
    """The lines above the table: the turn, the side activating and whose decision it is
    (Game Sequence); the victory points, whose board it is, the scenery purchase."""
    if view.get("result"):
        first = f"Turn {view['turn']} of {TURNS}: the battle is over"
        second = str(view["result"].get("reason", ""))
    else:
        stage = STAGES.get(str(view.get("waiting_for")), str(view.get("waiting_for") or ""))
        deciding = view.get("deciding")
        who = f"{deciding} to decide" if deciding else "dice are rolled"
        activating = (
            "" if view.get("waiting_for") in SETTING_UP else f"{view['to_act']} activating · "
        )
        first = f"Turn {view['turn']} of {TURNS} · {activating}{who}: {stage}"
        points = " · ".join(f"{side} {view['victory_points'].get(side, 0)}" for side in sides)
        second = f"Victory points: {points}"
        purchase = view.get("scenery_purchase")
        if purchase:
            left = ", ".join(f"{s} {n}" for s, n in purchase["points_left"].items())
            placing = f"; to place: {purchase['to_place']}" if purchase.get("to_place") else ""
            second += f" · scenery: {purchase['buying']} buying, points left {left}{placing}"
    seat = view.get("seat")
    second += f" · {'you are ' + seat if seat else 'spectator'}"
    lines = [(line, 15, "bold") for line in wrap_to(first, width, 15, "bold")]
    return lines + [(line, 12, "normal") for line in wrap_to(second, width)]


ICON = 28.0
"""Pixels across a legend or roster icon."""


class Below:
    """The scale bar, the legend and the roster, laid out in rows under the table."""

    def __init__(self, board: Board, y: float) -> None:
        self.board = board
        self.y = y
        self.left = -LEFT + 6
        self.width = LEFT + board.table.px_width + RIGHT - 12
        self.parts: list[str] = []

    def scale_bar(self) -> None:
        """Twelve inches, black and white by the inch, numbered every 6."""
        y = self.y + 4
        for inch in range(12):
            fill = "#222" if inch % 2 == 0 else "#fff"
            self.parts.append(
                f'<rect x="{self.left + inch * SCALE:.1f}" y="{y:.1f}" width="{SCALE:.1f}" '
                f'height="6" fill="{fill}" stroke="#222" stroke-width="0.8"/>'
            )
        for inch in (0, 6, 12):
            self.parts.append(_text(self.left + inch * SCALE, y + 21, str(inch), anchor="middle"))
        cm = self.board.view["table"].get("cm_per_inch", 2.54)
        self.parts.append(
            _text(
                self.left + 12 * SCALE + 14,
                y + 9,
                f"inches (1 inch = {cm:g} cm); the grid: a line every inch, a stronger one every 6",
            )
        )
        self.y += 34

    def _flow(self, entries: list[tuple[str, str]]) -> None:
        """Icons with their words, left to right, wrapping into rows 22 px apart."""
        x = self.left
        for icon, words in entries:
            need = ICON + 6 + text_width(words, 12)
            if x > self.left and x + need > self.left + self.width:
                x = self.left
                self.y += 22
            self.parts.append(f'<g transform="translate({x:.1f},{self.y:.1f})">{icon}</g>')
            self.parts.append(_text(x + ICON + 6, self.y + 15, words))
            x += need + 16
        self.y += 30

    def legend(self) -> None:
        """Every colour and mark of the table, in words."""
        board = self.board
        armies = board.view.get("armies") or []
        entries = [
            (_icon_base(_colour(side, board.sides)), f"{side}" + (f": {army}" if army else ""))
            for side, army in zip(board.sides, [*armies, "", ""], strict=False)
        ]
        entries += [
            (_icon_base("#777", "infantry"), "infantry"),
            (_icon_base("#777", "cavalry"), "cavalry"),
            (_icon_base("#777", "artillery"), "artillery"),
            (_icon_base("#777", front=True), "front edge (gold)"),
            (_icon_pips(), "Dm taken (filled) out of Stamina"),
            (_icon_base("#777", extra='fill="url(#disorder)"'), "disordered"),
            (_icon_base("#777", extra='fill="#fff" fill-opacity="0.55"'), "activated this turn"),
            (_icon_base("#777", halo=True), "being activated now"),
            (_star(14, 8, 7, fill="#777", stroke="#fff", width=1.2), "commander"),
            (_star(14, 8, 8, fill="#777", stroke=FRONT, width=1.6), "Commander-in-Chief"),
            (_star(14, 8, 7, fill="#8a8a8a", stroke="#fff", width=1.2), "exhausted commander"),
            (
                '<path d="M2,14 A16,16 0 0 1 26,4" fill="none" stroke="#555" '
                'stroke-dasharray="5 4" stroke-width="1.2"/>',
                "command radius",
            ),
            (_icon_arrow("#ff4500", "shot", ' stroke-dasharray="6 3"'), "last shots"),
            (_icon_arrow("#000", "charge", ""), "last charges"),
        ]
        entries += [(_icon_swatch(fill), words) for fill, words in _grounds(board.view)]
        self._flow(entries)

    def roster(self) -> None:
        """Both armies, unit by unit and commander by commander, in two columns."""
        board = self.board
        column = (self.width - 16) / 2
        top, bottom = self.y, self.y
        for i, side in enumerate(board.sides):
            self.y = top
            x = self.left + i * (column + 16)
            self._roster_side(side, x, column)
            bottom = max(bottom, self.y)
        self.y = bottom

    def _roster_side(self, side: str, x: float, column: float) -> None:
        board = self.board
        colour = _colour(side, board.sides)
        self.parts.append(
            _text(x, self.y + 14, f"{side}: units and commanders", weight="bold", fill=colour)
        )
        self.y += 22
        for unit in board.view["units"]:
            if unit["side"] == side:
                icon = _icon_base(colour if unit["alive"] else "#bbb", unit["category"])
                self._row(
                    x, column, icon, _unit_row(unit, board), unit_detail(unit, board.view, [])
                )
        for officer in board.view["commanders"]:
            if officer["side"] == side:
                fill = colour if officer["alive"] and not officer["exhausted"] else "#8a8a8a"
                rim = FRONT if officer["chief"] else "#fff"
                icon = _star(14, 8, 7, fill=fill, stroke=rim, width=1.2)
                self._row(
                    x,
                    column,
                    icon,
                    _commander_row(officer, board.tags.get(officer["name"])),
                    commander_detail(officer, board.view),
                )

    def _row(self, x: float, column: float, icon: str, words: str, detail: str) -> None:
        lines = wrap_to(words, column - ICON - 6)
        texts = "".join(
            _text(x + ICON + 6, self.y + 13 + LINE * i, line) for i, line in enumerate(lines)
        )
        inner = f'<g transform="translate({x:.1f},{self.y + 1:.1f})">{icon}</g>{texts}'
        self.parts.append(detailed(inner, detail, css_class="roster"))
        self.y += LINE * len(lines) + 3


def _unit_row(unit: JsonDict, board: Board) -> str:
    """A unit in the roster, in words."""
    tag = board.tags.get(unit["name"])
    head = f"{tag} {unit['name']}" if tag else unit["name"]
    if not unit["alive"]:
        return f"{head} · {unit['card']} · broken"
    words = [head, unit["card"], f"Dm {unit['dm']}/{unit['stamina']}"]
    if unit["order"]:
        words.append(unit["order"])
    elif unit["order_placed"]:
        words.append("order face down")
    if (board.view.get("acting") or {}).get("unit") == unit["name"]:
        words.append("being activated")
    elif unit["activated"]:
        words.append("activated")
    words += [
        name
        for key, name in (("disorder", "disordered"), ("weary", "weary"), ("hitched", "hitched"))
        if unit[key]
    ]
    return " · ".join(words)


def _commander_row(officer: JsonDict, tag: str | None) -> str:
    """A commander in the roster, in words."""
    words = [f"{tag} {officer['name']}" if tag else officer["name"], f"rank {officer['rank']}"]
    if not officer["alive"]:
        return " · ".join([*words, "lost"])
    words.append(
        f"with {officer['attached_to']}"
        if officer["attached_to"]
        else f"at {officer['x']:.0f},{officer['y']:.0f}"
    )
    if officer["exhausted"]:
        words.append("exhausted")
    return " · ".join(words)


def _grounds(view: JsonDict) -> list[tuple[str, str]]:
    """The scenery colours on the table, each with the kinds it stands for."""
    kinds: dict[str, list[str]] = {GROUND_COLOURS["open"]: ["open ground"]}
    for element in view["terrain"]:
        fill = (
            HILL
            if element.get("height")
            else (
                KIND_COLOURS.get(element["kind"]) or GROUND_COLOURS.get(element["ground"], "#ccc")
            )
        )
        words = f"{element['kind'].lower()} ({element['ground']})"
        if words not in kinds.setdefault(fill, []):
            kinds[fill].append(words)
    return [(fill, ", ".join(words)) for fill, words in kinds.items()]


def _icon_base(
    colour: str, category: str = "", *, front: bool = False, halo: bool = False, extra: str = ""
) -> str:
    """A little base for the legend: 24 by 12 px."""
    corners = [(2.0, 2.0), (2.0, 14.0), (26.0, 14.0), (26.0, 2.0)]
    shape = '<rect x="2" y="2" width="24" height="12"'
    parts = [f'{shape} fill="none" stroke="{ACTIVE}" stroke-width="6"/>'] if halo else []
    parts.append(f'{shape} fill="{colour}" stroke="#111"/>')
    if category:
        parts.append(_symbol(category, corners))
    if extra:
        parts.append(f"{shape} {extra}/>")
    if front:
        parts.append(f'<line x1="2" y1="2" x2="26" y2="2" stroke="{FRONT}" stroke-width="3"/>')
    return "".join(parts)


def _icon_pips() -> str:
    return "".join(
        f'<circle cx="{5 + 6 * i}" cy="8" r="2.3" fill="{"#111" if i < 2 else "#fff"}" '
        'stroke="#111" stroke-width="0.8"/>'
        for i in range(4)
    )


def _icon_arrow(colour: str, head: str, dash: str) -> str:
    return (
        f'<line x1="2" y1="8" x2="22" y2="8" stroke="{colour}" stroke-width="2.2"{dash} '
        f'marker-end="url(#{head})"/>'
    )


def _icon_swatch(fill: str) -> str:
    return f'<rect x="2" y="1" width="24" height="14" fill="{fill}" stroke="#55603f"/>'
