"""The numpy tests of troop bases (clip.py) decide a line's crossing [Line of sight]
[Obstacles], a charge's first contact [Combat: Charges] and a slid base's overlaps and
place on the table [Overlap] exactly as the shapely computations they replace, on random
configurations and on the degenerate ones (a line touching a corner, running along an
edge, ending on an edge, starting inside; a base's edge on another's, corner on corner,
a hair inside or outside, on the table's edge)."""

from __future__ import annotations

import math

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import LineString, MultiPolygon, box

from stratagem.games.tercios.clip import (
    NO,
    UNKNOWN,
    YES,
    Slide,
    Sweep,
    crossing_verdicts,
    rectangles,
)
from stratagem.games.tercios.geometry import (
    EPSILON,
    Placement,
    crosses,
    first_contact,
    inside,
    overlaps,
)

coordinate = st.floats(0.0, 30.0, allow_nan=False)
facing = st.one_of(st.sampled_from((0.0, 45.0, 90.0, 180.0, 270.0)), st.floats(0.0, 360.0))
size = st.sampled_from(((4.7, 2.4), (2.4, 1.2), (6.0, 6.0)))


@st.composite
def bases(draw: st.DrawFn) -> Placement:
    width, depth = draw(size)
    return Placement(draw(coordinate), draw(coordinate), draw(facing), width, depth)


@st.composite
def degenerate_lines(draw: st.DrawFn, spot: Placement) -> tuple[tuple[float, float], ...]:
    """A segment laid on the base's own geometry: along an edge's line, from or through a
    corner, from a point of an edge, or from a Centre, its other end anywhere."""
    corners = spot.corners()
    index = draw(st.integers(0, 3))
    a, b = corners[index], corners[(index + 1) % 4]
    along = draw(st.sampled_from((0.0, 0.5, 1.0, -0.5, 1.5, 2.0)))
    on_edge = (a[0] + (b[0] - a[0]) * along, a[1] + (b[1] - a[1]) * along)
    kind = draw(st.sampled_from(("edge", "corner", "from edge", "centre")))
    if kind == "edge":
        other = draw(st.sampled_from((0.0, 0.25, 1.0, 3.0, -2.0)))
        end = (a[0] + (b[0] - a[0]) * other, a[1] + (b[1] - a[1]) * other)
    elif kind == "corner":
        turn = math.radians(draw(st.floats(0.0, 360.0)))
        reach = draw(st.floats(0.5, 10.0))
        on_edge = a
        end = (a[0] + math.cos(turn) * reach, a[1] + math.sin(turn) * reach)
    elif kind == "from edge":
        end = (draw(coordinate), draw(coordinate))
    else:
        on_edge = spot.centres()[index]
        end = (
            spot.centres()[draw(st.integers(0, 3))]
            if draw(st.booleans())
            else (
                draw(coordinate),
                draw(coordinate),
            )
        )
    return (on_edge, end) if draw(st.booleans()) else (end, on_edge)


def _agrees(verdicts: np.ndarray, truth: list[bool]) -> None:
    for verdict, want in zip(verdicts.tolist(), truth, strict=True):
        assert verdict in {UNKNOWN, YES if want else NO}


@st.composite
def scenes(draw: st.DrawFn) -> tuple[list[Placement], list[tuple[tuple[float, float], ...]]]:
    spots = draw(st.lists(bases(), min_size=1, max_size=5))
    lines = draw(
        st.lists(
            st.one_of(
                st.tuples(st.tuples(coordinate, coordinate), st.tuples(coordinate, coordinate)),
                st.sampled_from(spots).flatmap(degenerate_lines),
            ),
            min_size=1,
            max_size=6,
        )
    )
    return spots, lines


@settings(max_examples=300, deadline=None)
@given(scenes())
def test_line_of_sight_crossing_verdicts_agree_with_shapely(
    scene: tuple[list[Placement], list[tuple[tuple[float, float], ...]]],
) -> None:
    spots, lines = scene
    ends = np.array(lines, dtype=float)
    verdicts = crossing_verdicts(ends, rectangles(spots), EPSILON)
    for row, (start, end) in enumerate(lines):
        path = LineString([start, end])
        _agrees(verdicts[row], [crosses(path, spot.polygon()) for spot in spots])


def test_line_of_sight_verdicts_leave_only_the_grazing_cases_to_shapely() -> None:
    """A line through a base's middle crosses it, one far off does not, one along its
    edge or touching its corner is left to shapely (rounding could decide it)."""
    spot = Placement(10.0, 10.0, 30.0, 4.7, 2.4)
    corners = spot.corners()
    lines = [
        ((0.0, 0.0), (20.0, 20.0)),
        ((0.0, 25.0), (25.0, 25.0)),
        (corners[0], corners[1]),
        (corners[0], (corners[0][0] + 5.0, corners[0][1] + 5.0)),
    ]
    verdicts = crossing_verdicts(np.array(lines), rectangles([spot]), EPSILON)[:, 0]
    assert verdicts.tolist() == [YES, NO, UNKNOWN, UNKNOWN]
    assert crosses(LineString(lines[2]), spot.polygon())


def _swept_meets(mover: Placement, direction: float, reach: float, target: Placement) -> bool:
    hull = MultiPolygon([mover.polygon(), mover.moved(reach, direction).polygon()]).convex_hull
    return bool(hull.intersects(target.polygon()))


def _halved_contact(
    mover: Placement, direction: float, limit: float, target: Placement
) -> float | None:
    """Combat: Charges, the shapely way (the definition): the swept shape halved 24 times."""
    start, goal = mover.polygon(), target.polygon()
    if start.distance(goal) > limit + EPSILON:
        return None
    if start.intersects(goal) and start.intersection(goal).area > EPSILON:
        return 0.0
    if not _swept_meets(mover, direction, limit, target):
        return None
    low, high = 0.0, limit
    for _ in range(24):
        middle = (low + high) / 2
        if _swept_meets(mover, direction, middle, target):
            high = middle
        else:
            low = middle
    return low


@st.composite
def charges(draw: st.DrawFn) -> tuple[Placement, float, float, Placement]:
    """A charger facing its direction of move, and a target, sometimes square to it, in
    line with its side, or exactly a move away."""
    target = draw(bases())
    direction = draw(st.one_of(facing, st.just(target.facing + 180.0)))
    width, depth = draw(size)
    shift = draw(st.one_of(st.floats(-8.0, 8.0), st.sampled_from((0.0, 2.35, -2.35, 3.55))))
    back = draw(st.floats(0.0, 12.0))
    angle = math.radians(direction)
    x = target.x - math.cos(angle) * back - math.sin(angle) * shift
    y = target.y - math.sin(angle) * back + math.cos(angle) * shift
    mover = Placement(x, y, direction, width, depth)
    limit = draw(st.one_of(st.floats(0.5, 12.0), st.sampled_from((4.0, 6.0))))
    return mover, direction, limit, target


@settings(max_examples=300, deadline=None)
@given(charges())
def test_charge_first_contact_agrees_with_the_halved_swept_shape(
    charge: tuple[Placement, float, float, Placement],
) -> None:
    mover, direction, limit, target = charge
    sweep = Sweep(mover, direction, limit, target)
    for reach in (0.0, limit / 3, limit / 2, limit):
        known = sweep.touched(reach)
        assert known is None or known == _swept_meets(mover, direction, reach, target)
    assert first_contact(mover, direction, limit, target) == _halved_contact(
        mover, direction, limit, target
    )


def test_charge_contact_is_decided_without_shapely_away_from_touching() -> None:
    """Combat: Charges: a charger 5 inches short of a target square in front of it has
    met it after 6 inches and not after 4; touching is left to shapely."""
    target = Placement(20.0, 10.0, 180.0, 4.7, 2.4)
    mover = Placement(20.0 - 2.4 - 5.0, 10.0, 0.0, 4.7, 2.4)
    sweep = Sweep(mover, 0.0, 8.0, target)
    assert (sweep.touched(6.0), sweep.touched(4.0), sweep.touched(5.0)) == (True, False, None)
    reach = first_contact(mover, 0.0, 8.0, target)
    assert reach is not None and abs(reach - 5.0) < 1e-6


@st.composite
def slides(draw: st.DrawFn) -> tuple[Placement, float, list[float], list[Placement]]:
    """A base slid along a line to a few places, and other bases: anywhere, or laid on
    the start's own geometry (an edge against its front or side, a corner on its corner,
    the same place), sometimes exactly a slide away from touching it."""
    start = draw(bases())
    direction = draw(
        st.one_of(
            facing,
            st.sampled_from((start.facing, start.facing + 90.0, start.facing + 180.0)),
        )
    )
    reaches = draw(
        st.lists(
            st.one_of(st.floats(0.0, 12.0), st.sampled_from((0.0, 1.0, 2.5))),
            min_size=1,
            max_size=8,
        )
    )
    others = draw(st.lists(st.one_of(bases(), _laid_against(start)), min_size=1, max_size=5))
    gap = draw(st.sampled_from((0.0, 1.0, 2.5)))
    if gap:
        reaches.append(gap)
    return start, direction, reaches, others


@st.composite
def _laid_against(draw: st.DrawFn, start: Placement) -> Placement:
    width, depth = draw(size)
    turn = draw(st.sampled_from((0.0, 90.0, 180.0, 270.0, 45.0)))
    hx, hy = start.heading
    side = draw(st.sampled_from(("front", "right", "corner", "same", "grazing")))
    if side == "same":
        return Placement(start.x, start.y, start.facing, start.width, start.depth)
    ahead = draw(st.sampled_from((0.0, 1.0, 2.5)))
    if side == "front":
        # Its rear edge against the start's front edge, ``ahead`` inches on.
        shift = draw(st.sampled_from((0.0, start.width / 2 + width / 2, -1.0)))
        along = start.depth / 2 + ahead + depth / 2
        return Placement(
            start.x + hx * along + hy * shift,
            start.y + hy * along - hx * shift,
            start.facing + turn % 180,
            width,
            depth,
        )
    if side == "right":
        along = start.width / 2 + depth / 2
        return Placement(
            start.x + hy * along, start.y - hx * along, start.facing + turn, width, depth
        )
    if side == "grazing":
        along = start.width / 2 + width / 2 - draw(st.sampled_from((1e-9, 1e-7, 1e-3)))
        return Placement(start.x + hy * along, start.y - hx * along, start.facing, width, depth)
    corner = start.corners()[draw(st.integers(0, 3))]
    return Placement(
        corner[0] + hx * depth / 2 + hy * width / 2,
        corner[1] + hy * depth / 2 - hx * width / 2,
        start.facing + turn,
        width,
        depth,
    )


@settings(max_examples=300, deadline=None)
@given(slides())
def test_overlap_slide_verdicts_agree_with_shapely(
    slide: tuple[Placement, float, list[float], list[Placement]],
) -> None:
    start, direction, reaches, others = slide
    angle = math.radians(direction)
    moving = Slide(start, (math.cos(angle), math.sin(angle)), rectangles(others), EPSILON)
    verdicts = moving.overlaps(np.array(reaches))
    for row, reach in enumerate(reaches):
        spot = start.moved(reach, direction).polygon()
        _agrees(verdicts[row], [overlaps(spot, other.polygon()) for other in others])
        row_verdicts = set(verdicts[row].tolist())
        any_verdict = YES if YES in row_verdicts else UNKNOWN if UNKNOWN in row_verdicts else NO
        assert moving.overlap(reach) == any_verdict


@settings(max_examples=300, deadline=None)
@given(
    bases(),
    st.one_of(facing, st.sampled_from((0.0, 90.0))),
    st.lists(st.floats(0.0, 12.0), min_size=1, max_size=6),
)
def test_overlap_slide_place_on_the_table_agrees_with_shapely(
    start: Placement, direction: float, reaches: list[float]
) -> None:
    table = box(0.0, 0.0, 30.0, 30.0)
    angle = math.radians(direction)
    moving = Slide(start, (math.cos(angle), math.sin(angle)), rectangles([]), EPSILON)
    verdicts = moving.within(np.array(reaches), table.bounds)
    _agrees(verdicts, [inside(start.moved(r, direction).polygon(), table) for r in reaches])
    assert [moving.holds(r, table.bounds) for r in reaches] == (verdicts == YES).tolist()


def test_overlap_slide_leaves_only_touching_to_shapely() -> None:
    """Overlap: a base slid into another square in front of it 1 inch away does not
    overlap it before 1 inch, does after; exactly at 1 inch (touching) and along its side
    (grazing) are left to shapely; a place off the table's edge is off it."""
    start = Placement(10.0, 10.0, 0.0, 4.7, 2.4)
    ahead = Placement(10.0 + 2.4 + 1.0, 10.0, 180.0, 4.7, 2.4)
    beside = Placement(10.0, 10.0 + 4.7, 0.0, 4.7, 2.4)
    moving = Slide(start, (1.0, 0.0), rectangles([ahead, beside]), EPSILON)
    verdicts = moving.overlaps(np.array([0.5, 1.0, 1.5]))
    assert verdicts.tolist() == [[NO, UNKNOWN], [UNKNOWN, UNKNOWN], [YES, UNKNOWN]]
    off = Slide(start, (-1.0, 0.0), rectangles([]), EPSILON)
    assert off.within(np.array([0.0, 8.8, 10.0]), (0.0, 0.0, 30.0, 30.0)).tolist() == [
        YES,
        UNKNOWN,
        NO,
    ]
