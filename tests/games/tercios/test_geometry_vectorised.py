"""The vectorised shape tests (geometry.py) agree with their one-shape definitions on seeded
random bases and lines, so that the faster legal-action generation keeps the same answers
(the crossing, overlap and 3-inch-gap rules of Movement: Obstacles and Selecting the
Target)."""

from __future__ import annotations

import random

import numpy as np
from shapely import LineString, Point, box, shortest_line

from stratagem.games.tercios.clip import rectangles
from stratagem.games.tercios.geometry import (
    EPSILON,
    Clearance,
    Placement,
    blocked,
    crossed,
    crosses,
    inside,
    narrow_gap,
    overlapping,
    overlaps,
)

GAP = 3.0


def _spots(rng: random.Random, count: int) -> list[Placement]:
    return [
        Placement(
            rng.uniform(0, 30), rng.uniform(0, 20), rng.choice((0.0, 45.0, 90.0, 200.0)), 4.7, 2.4
        )
        for _ in range(count)
    ]


def _bases(rng: random.Random, count: int) -> np.ndarray:
    shapes = np.empty(count, dtype=object)
    shapes[:] = [spot.polygon() for spot in _spots(rng, count)]
    return shapes


def _line(rng: random.Random) -> LineString:
    return LineString([(rng.uniform(0, 30), rng.uniform(0, 20)) for _ in range(2)])


def _first_gap(path: LineString, shapes: np.ndarray) -> tuple[int, int] | None:
    """Movement: Obstacles, one shape at a time (the definition)."""
    (x0, y0), (x1, y1) = path.coords[0], path.coords[-1]
    near = []
    for index, shape in enumerate(shapes):
        if path.distance(shape) >= GAP:
            continue
        point = Point(shortest_line(path, shape).coords[-1])
        side = (x1 - x0) * (point.y - y0) - (y1 - y0) * (point.x - x0)
        near.append((index, side > 0))
    for i, (a, side_a) in enumerate(near):
        for b, side_b in near[i + 1 :]:
            if side_a != side_b and shapes[a].distance(shapes[b]) < GAP - EPSILON:
                return (a, b)
    return None


def test_vectorised_tests_agree_with_the_one_shape_definitions() -> None:
    rng = random.Random(11)
    gaps = 0
    for _ in range(150):
        shapes = _bases(rng, 12)
        path = _line(rng)
        assert crossed(path, shapes).tolist() == [crosses(path, s) for s in shapes]
        base = shapes[0]
        assert overlapping(base, shapes[1:]).tolist() == [overlaps(base, s) for s in shapes[1:]]
        pair = narrow_gap(path, shapes, GAP)
        assert pair == _first_gap(path, shapes)
        gaps += pair is not None
    assert gaps > 10


def test_blocked_lines_agree_with_any_crossing_of_the_allowed_shapes() -> None:
    rng = random.Random(12)
    spots = _spots(rng, 15)
    shapes = np.empty(len(spots), dtype=object)
    shapes[:] = [spot.polygon() for spot in spots]
    # every third shape is not known as a base: shapely decides it
    rects = rectangles([spot if index % 3 else None for index, spot in enumerate(spots)])
    lines = np.empty(40, dtype=object)
    lines[:] = [_line(rng) for _ in range(40)]
    usable = np.array([[rng.random() > 0.2 for _ in shapes] for _ in lines])
    want = [
        any(crosses(line, shape) for shape, ok in zip(shapes, row, strict=True) if ok)
        for line, row in zip(lines, usable, strict=True)
    ]
    assert blocked(lines, shapes, usable, rects).tolist() == want
    assert 0 < sum(want) < len(want)


def test_free_spots_agree_with_inside_and_no_overlap() -> None:
    """A move stopped at contact tests the points of its line together (Angle Correction,
    Rulings R114): each spot (``Clearance``) is free exactly when its base lies on the table
    and overlaps none of the bases or scenery, as the one-shape tests say."""
    rng = random.Random(13)
    area = box(0.0, 0.0, 30.0, 20.0)
    found = 0
    for _ in range(60):
        others = _spots(rng, 10)
        shapes = np.empty(12, dtype=object)
        shapes[:] = [spot.polygon() for spot in others] + [
            Point(rng.uniform(0, 30), rng.uniform(0, 20)).buffer(rng.uniform(0.5, 3.0))
            for _ in range(2)
        ]
        rects = rectangles([*others, None, None])
        start = Placement(rng.uniform(0, 30), rng.uniform(0, 20), rng.uniform(0, 360), 4.7, 2.4)
        direction = rng.uniform(0, 360)
        reaches = [0.05 * step for step in range(40)]
        spots = [start.moved(reach, direction) for reach in reaches]
        want = [
            inside(spot.polygon(), area) and not any(overlaps(spot.polygon(), s) for s in shapes)
            for spot in spots
        ]
        clearance = Clearance(start, direction, shapes=shapes, rects=rects, area=area)
        assert clearance.free(reaches).tolist() == want
        bases_only = Clearance(start, direction, shapes=shapes[:10], rects=rects[:10], area=area)
        assert [bases_only.free_at(reach) for reach in reaches] == [
            inside(spot.polygon(), area)
            and not any(overlaps(spot.polygon(), s) for s in shapes[:10])
            for spot in spots
        ]
        found += sum(want)
    assert 0 < found < 60 * 40


def test_overlap_a_base_grazing_another_all_along_its_slide_stays_free() -> None:
    """Overlap (Rulings R114): a base slid along another's side, sharing with it a sliver
    far thinner than ``EPSILON`` all the way, overlaps it nowhere."""
    area = box(0.0, 0.0, 30.0, 20.0)
    other = Placement(10.0, 10.0, 0.0, 4.7, 2.4)
    shapes = np.empty(1, dtype=object)
    shapes[:] = [other.polygon()]
    start = Placement(8.0, 10.0 + 4.7 - 1e-9, 0.0, 4.7, 2.4)
    reaches = [0.05 * step for step in range(40)]
    assert all(start.moved(r, 0.0).polygon().intersects(other.polygon()) for r in reaches)
    clearance = Clearance(start, 0.0, shapes=shapes, rects=rectangles([other]), area=area)
    got = clearance.free(reaches)
    assert got.tolist() == [True] * 40
