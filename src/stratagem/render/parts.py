"""A board's parts drawn once for what they show, and placed where the board needs them.

The web table draws every seat's board after every move, and most of a board is what it
was a move ago: the hand that did not change, the discard pile, the last reveal. A part is
drawn from the top of its own space (``y`` = 0) by a module-level function of the board
and the part's arguments alone (slices of the view); the drawing is kept under the
function's name and those arguments (as JSON) and placed on the board inside a
``<g transform="translate(0 y)">``. Such a function must read nothing but its arguments
(and constants), or a stale drawing would be placed. The group's opening, each element of
the part and the group's end are pieces of the board apart (``Svg.pieces``): when a part
moves up or down, or one of its elements changes, an update carries only those pieces.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import orjson

from stratagem.render.svg import Svg

PARTS_KEPT = 4096
"""Parts kept drawn, the least recently placed forgotten first."""


@dataclass(frozen=True, slots=True)
class Part:
    """A part drawn at the origin: its elements, where what follows it starts, and how
    far down its drawing reaches."""

    elements: tuple[str, ...]
    end: float
    bottom: float


_kept: OrderedDict[bytes, Part] = OrderedDict()
_lock = threading.Lock()


Draw = Callable[..., float]
"""A part's drawing: ``draw(svg, y, *args)`` returns where what follows it starts."""


def _drawn(draw: Draw, args: tuple[Any, ...], width: int) -> Part:
    """The part ``draw`` makes of ``args``, drawn now or remembered."""
    name = f"{draw.__module__}.{draw.__qualname__}"
    if "<" in name:
        raise ValueError(f"a part is drawn by a module-level function, not {name}")
    token = name.encode() + b"\0" + orjson.dumps(args, option=orjson.OPT_NON_STR_KEYS)
    with _lock:
        part = _kept.get(token)
        if part is not None:
            _kept.move_to_end(token)
            return part
    local = Svg(width, "")
    end = draw(local, 0.0, *args)
    part = Part(tuple(local.parts), end, float(local.bottom))
    with _lock:
        _kept[token] = part
        if len(_kept) > PARTS_KEPT:
            _kept.popitem(last=False)
    return part


def place(svg: Svg, y: float, draw: Draw, *args: Any) -> float:
    """``draw(svg, y, *args)``, drawn once for those arguments and placed with its top at
    ``y``; returns where what follows it starts, as ``draw`` would have."""
    part = _drawn(draw, args, svg.width)
    if part.elements:
        svg.group(f'<g transform="translate(0 {y:g})">', part.elements, y + part.bottom)
    return y + part.end
