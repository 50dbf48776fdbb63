"""Drawn maps shared by the board drawings: a pack's drawing data (``map.toml``) read and
checked, its shapes drawn as SVG paths, and labelled cards placed on a map without
overlapping one another.

A map file is drawing data, not rules: it says so at its top (``drawing = true``), and the
rules never read it. Its points are in the map's own units, ``[x, y]`` from its top-left
corner, in a frame ``width`` by ``height``; shapes are closed polygons, simple outlines
authored for the board, in their real relative places but not surveyed.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import Field

from stratagem.core.datapack import PackModel, load_pack_file

Point = tuple[float, float]
Shape = tuple[Point, ...]


class Land(PackModel):
    """A land drawn on the map: its name and its outlines."""

    name: str = Field(min_length=1)
    shapes: tuple[tuple[Point, ...], ...] = Field(min_length=1)


class Place(Land):
    """A land of the game: also where its card goes (the card's top-left corner) and, for
    a land too small to hold its card, the point its card's leader line reaches."""

    card: Point
    anchor: Point | None = None


class Region(PackModel):
    """A region of the game too full for one card (a theater of colonies): where its name
    goes (``label``, a top-left corner) and the line its places are marked along, in
    order."""

    name: str = Field(min_length=1)
    label: Point
    line: tuple[Point, ...] = Field(min_length=2)


class Frame(PackModel):
    """A named box drawn on the map (the High Seas): its top-left corner and width."""

    name: str = Field(min_length=1)
    corner: Point
    width: float = Field(gt=0)


class Route(PackModel):
    """A connection drawn as a curve through ``via`` (a sea route round a country)."""

    between: tuple[str, str]
    via: Point


class MapFile(PackModel):
    """``map.toml``: drawing data for a board, never read by the rules."""

    drawing: Literal[True]
    width: float = Field(gt=0)
    height: float = Field(gt=0)
    place: tuple[Place, ...] = ()
    other: tuple[Land, ...] = ()
    sea: tuple[Land, ...] = ()
    theater: tuple[Region, ...] = ()
    box: tuple[Frame, ...] = ()
    route: tuple[Route, ...] = ()

    def places(self) -> dict[str, Place]:
        """The lands of the game, by name."""
        return {place.name: place for place in self.place}

    def regions(self) -> dict[str, Region]:
        """The regions of the game, by name."""
        return {region.name: region for region in self.theater}

    def frame(self, name: str) -> Frame:
        """The box called ``name`` (a clear error when the map has none)."""
        for box in self.box:
            if box.name == name:
                return box
        raise KeyError(f"the map draws no box called {name!r}")


@functools.lru_cache(maxsize=8)
def load_map(path: Path) -> MapFile:
    """A pack's drawing data, read and checked once (a clear error naming the file and the
    entry when it is broken)."""
    return load_pack_file(path, MapFile)


def path_data(shapes: Iterable[Shape], dx: float = 0, dy: float = 0) -> str:
    """Closed polygons as one SVG path's ``d``, moved by (``dx``, ``dy``)."""
    return " ".join(
        "M" + " L".join(f"{x + dx:g},{y + dy:g}" for x, y in shape) + " Z" for shape in shapes
    )


def spaced(line: Sequence[Point], count: int) -> list[Point]:
    """``count`` points along the polyline ``line``, evenly spaced, none at its ends."""
    legs = [
        ((x1, y1), (x2, y2), math.hypot(x2 - x1, y2 - y1))
        for (x1, y1), (x2, y2) in itertools.pairwise(line)
    ]
    total = sum(length for _, _, length in legs) or 1.0
    points: list[Point] = []
    for index in range(count):
        along = total * (index + 0.5) / count
        for (x1, y1), (x2, y2), length in legs:
            if along <= length or (x2, y2) == line[-1]:
                part = along / length if length else 0.0
                points.append((round(x1 + (x2 - x1) * part, 1), round(y1 + (y2 - y1) * part, 1)))
                break
            along -= length
    return points


@dataclass(frozen=True, slots=True)
class Box:
    """A rectangle: its left, top, width and height."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> Point:
        """Its middle."""
        return (self.x + self.w / 2, self.y + self.h / 2)

    def meets(self, other: Box, gap: float) -> bool:
        """Whether the two come nearer than ``gap`` to each other."""
        return not (
            self.x + self.w + gap <= other.x
            or other.x + other.w + gap <= self.x
            or self.y + self.h + gap <= other.y
            or other.y + other.h + gap <= self.y
        )


def settle(boxes: Sequence[Box], gap: float = 6) -> list[Box]:
    """The boxes in the same order, each moved down (top first, then left first) just
    below any box already settled that it would touch, so that none overlap."""
    order = sorted(range(len(boxes)), key=lambda i: (boxes[i].y, boxes[i].x))
    placed: dict[int, Box] = {}
    for index in order:
        box = boxes[index]
        moved = True
        while moved:
            moved = False
            for other in placed.values():
                if box.meets(other, gap):
                    box = Box(box.x, other.y + other.h + gap, box.w, box.h)
                    moved = True
        placed[index] = box
    return [placed[i] for i in range(len(boxes))]
