"""The scenery bought and placed by the players [Scenery Points] [Scenery Elements]
[Rulings R82] [Rulings R90], the option ``terrain = "chosen"``.

Before the first turn each side rolls a die for its scenery points (again on a tie; a
Cartographer adds two) [Rulings R83]; the higher roll buys first, then the sides alternate: on its
go a side buys one element it can afford (``buy KIND``) and places it at once, at one of
a few listed spots (a bridge or a ford: ``place Bridge across River 1 at X``) or exactly
(``place KIND at X,Y [angle DEGREES]``), or passes and buys no more. A placed cultivated
field rolls its die for what grows on it. The state keeps what was placed as records
(``state.scenery``) and the elements built from them (``state.terrain``), which every
rule reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from shapely import Polygon, box

from stratagem.core import JsonDict
from stratagem.games.tercios.fields import cultivated_field
from stratagem.games.tercios.geometry import EPSILON
from stratagem.games.tercios.pack import Pack, plain
from stratagem.games.tercios.parsing import exact_pattern
from stratagem.games.tercios.scenery import (
    ACROSS,
    CARTOGRAPHER,
    NORTHWARD,
    ON_RIVER,
    between_zones,
    crossing_at,
    fit_problem,
    footprint,
    opened,
    paved,
)
from stratagem.games.tercios.terrain import TerrainElement, element

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState

RULE = "The Battle: Scenery Points"
PLACE_TEXT = "exact placement (give: place KIND at X,Y [angle DEGREES])"
ADD_TWO = "Cartographer: add 2 to our roll"
TAKE_ONE = "Cartographer: take 1 from the enemy's roll"
COLUMNS = 5
RIVERS = 2  # at most 8 points (6, and 2 for a Cartographer) buy two rivers of 3

_PLACE = exact_pattern("place", "at", "angle")


@dataclass(frozen=True, slots=True)
class Placing:
    """Where a bought element goes: its kind, its centre and its turn in degrees."""

    kind: str
    x: float
    y: float
    angle: float = 0.0

    def text(self) -> str:
        """The canonical text (the angle only when the element is turned)."""
        text = f"place {self.kind} at {self.x:g},{self.y:g}"
        return f"{text} angle {self.angle:g}" if self.angle else text


def read_placing(text: str, kinds: Sequence[str]) -> Placing | None:
    """The placement ``text`` gives (``None`` if it is not one; an unknown kind is kept as
    written, so that the refusal can name it)."""
    match = _PLACE.match(" ".join(text.split()))
    if match is None:
        return None
    written = match["name"]
    kind = next((k for k in kinds if k.lower() == written.lower()), written)
    angle = match["turn"]
    return Placing(
        kind,
        round(float(match["x"]), 2),
        round(float(match["y"]), 2),
        0.0 if angle is None else round(float(angle), 1) % 180.0,
    )


def spots(pack: Pack, kind: str) -> list[tuple[str, Placing]]:
    """The listed placements of ``kind`` for bots and random play [Rulings R91], with
    their texts, unturned: 5 columns by 3 rows, the rows against the south deployment
    zone, in the middle and against the north one; a river or a road on one of its 3 rows
    across the table, and a road also south to north on each column (over the bridge
    listed there) [Rulings R91]. A bridge or a ford is listed by river and column
    (``place Bridge across River 1 at 11.81``), its row that river's (``river_spots``)."""
    width = pack.table_size[0]
    low, high = between_zones(pack)
    depth = plain(pack.rules.scenery_size[kind])[1]
    rows = [round(y, 2) for y in (low + depth / 2, (low + high) / 2, high - depth / 2)]
    if kind in ACROSS:
        placings = [Placing(kind, round(width / 2, 2), y) for y in rows]
        if kind == "Road":  # south to north, on the columns the bridges are listed on
            middle = round((low + high) / 2, 2)
            placings += [Placing(kind, x, middle, NORTHWARD) for x in _columns(pack)]
    elif kind in ON_RIVER:
        return [
            (f"place {kind} across River {river} at {x:g}", Placing(kind, x, 0.0))
            for river in range(1, RIVERS + 1)
            for x in _columns(pack)
        ]
    else:
        placings = [Placing(kind, x, y) for y in rows for x in _columns(pack)]
    return [(placing.text(), placing) for placing in placings]


def _columns(pack: Pack) -> list[float]:
    return [round(pack.table_size[0] * (c + 1) / (COLUMNS + 1), 2) for c in range(COLUMNS)]


def river_spots(
    kind: str, listed: list[tuple[str, Placing]], scenery: Sequence[JsonDict]
) -> list[tuple[str, Placing]]:
    """The listed bridges or fords across the rivers placed (each on its river's row)."""
    rows = {river["name"]: river["y"] for river in scenery}
    out = []
    for text, placing in listed:
        river = text.removeprefix(f"place {kind} across ").split(" at ")[0]
        if river in rows:
            out.append((text, Placing(kind, placing.x, rows[river])))
    return out


def spot_texts(pack: Pack) -> list[str]:
    """The action texts of the scenery phase: each purchase and each listed placement."""
    texts = [PLACE_TEXT, ADD_TWO, TAKE_ONE]
    for kind in pack.rules.scenery_costs:
        texts.append(f"buy {kind}")
        texts += [text for text, _ in spots(pack, kind)]
    return texts


def shape_of(pack: Pack, placing: Placing, placed: Sequence[TerrainElement]) -> Polygon | str:
    """The footprint of a placement, or why the rules refuse it."""
    kind = placing.kind
    if kind in ON_RIVER:
        shape = crossing_at(pack, kind, placing.x, placing.y, placed)
        if shape is None:
            return (
                f"The Battle: Scenery Elements: a {kind} may only be placed across a river; "
                f"there is none at {placing.x:g},{placing.y:g}"
            )
        return shape
    if kind == "Road" and placing.angle not in (0.0, NORTHWARD):
        return (
            f"{RULE} (RULINGS.md R91): a road runs west to east across the table (angle 0) "
            "or south to north between the deployment zones (angle 90)"
        )
    shape = footprint(pack, kind, placing.x, placing.y, placing.angle)
    low, high = between_zones(pack)
    area = box(0.0, low, pack.table_size[0], high)
    if shape.difference(area).area > EPSILON:
        return (
            f"{RULE} (RULINGS.md R92): the {kind} must lie on the table between the "
            f"deployment zones, {low:g} to {high:g} inches from the south edge"
        )
    return shape


def placement_problem(state: TerciosState, frame: Frame, placing: Placing) -> str | None:
    """Why a placement is refused now (the rule broken), or ``None`` [Scenery Points]
    [Rulings R92] [Rulings R93]."""
    if frame.get("p") != "scenery" or frame.get("stage") != "placed":
        return "no scenery is being placed now"
    if placing.kind != frame["kind"]:
        return f"{RULE}: the element bought is a {frame['kind']}; place it, not a {placing.kind}"
    shape = shape_of(state.g.pack, placing, state.terrain)
    if isinstance(shape, str):
        return shape
    return fit_problem(placing.kind, shape, state.terrain)


def build_terrain(pack: Pack, records: Sequence[JsonDict]) -> tuple[TerrainElement, ...]:
    """The elements the records place, in order (a river cut by its bridges and fords, a
    field grown as its die said)."""
    placed: list[TerrainElement] = []
    for record in records:
        placing = Placing(record["kind"], record["x"], record["y"], record["angle"])
        shape = shape_of(pack, placing, placed)
        assert not isinstance(shape, str), shape
        new = element(pack, placing.kind, record["name"], shape)
        if "crop" in record:
            new = cultivated_field(pack, new, record["crop"])
        if placing.kind in ON_RIVER:
            placed = opened(placed, shape)
        placed.append(new)
    return paved(pack, placed)


def run_scenery(state: TerciosState, frame: Frame) -> None:
    """The scenery points, one step at a time (see the module docstring)
    [Scenery Points]."""
    stage = frame["stage"]
    if stage == "dice":
        _dice(state, frame)
    elif stage == "buy":
        _offer(state, frame)
    elif stage == "bought":
        _bought(state, frame)
    elif stage == "placed":
        _placed(state, frame)
    else:
        _grown(state, frame)


def _dice(state: TerciosState, frame: Frame) -> None:
    """Each side rolls a die; a side with a Cartographer then chooses, seeing both dice,
    to add two to its own roll or take one from the enemy's [Cartographer] [Rulings R83];
    a tie is rolled again [Scenery Points]."""
    rolls = frame.setdefault("rolls", [])
    if "got" in frame:
        rolls.append(frame.pop("got"))
    if len(rolls) < 2:
        state.die(frame)
        return
    g = state.g
    chose = frame.setdefault("cartographer", [None, None])
    if "choice_text" in frame:
        del frame["choice"]
        chose[frame.pop("chooser")] = frame.pop("choice_text")
    for side in (0, 1):
        if g.cartographers[side] and chose[side] is None:
            frame["chooser"] = side
            state.decide(frame, side, [g.table.parse(ADD_TWO), g.table.parse(TAKE_ONE)])
            return
    points = [
        max(0, roll + CARTOGRAPHER * (chose[side] == ADD_TWO) - (chose[1 - side] == TAKE_ONE))
        for side, roll in enumerate(rolls)
    ]
    del frame["cartographer"]
    if points[0] == points[1]:
        state.log(
            f"Scenery points: {points[0]} each, a tie; the dice are rolled again.",
            RULE,
            {"rolls": rolls, "points": points},
        )
        frame["rolls"] = []
        state.die(frame)
        return
    first = 0 if points[0] > points[1] else 1
    state.log(
        f"Scenery points: {g.seat_names[0]} {points[0]}, {g.seat_names[1]} {points[1]}; "
        f"{g.seat_names[first]} buys first.",
        RULE,
        {"rolls": rolls, "points": points, "first": g.seat_names[first]},
    )
    del frame["rolls"]
    frame.update(stage="buy", left=points, side=first, done=[False, False])
    _offer(state, frame)


def _offer(state: TerciosState, frame: Frame) -> None:
    """The side whose go it is buys an element it can afford and place, or passes
    [Scenery Points]."""
    done = frame["done"]
    for side in (frame["side"], 1 - frame["side"]):
        if frame["left"][side] and not done[side]:
            frame["side"] = side
            break
    else:
        state.log("The scenery is placed.", RULE, {"elements": len(state.scenery)})
        state.pop(frame)
        return
    g = state.g
    side = frame["side"]
    options = [
        g.table.parse(f"buy {kind}")
        for kind, cost in g.pack.rules.scenery_costs.items()
        if cost <= frame["left"][side] and _open_spots(state, kind)
    ]
    frame["stage"] = "bought"
    state.decide(frame, side, [*options, g.pass_action])


def _open_spots(state: TerciosState, kind: str) -> list[tuple[str, Placing]]:
    """The listed placements of ``kind`` that the rules allow now, with their texts."""
    pack = state.g.pack
    listed = spots(pack, kind)
    if kind in ON_RIVER:
        rivers = [record for record in state.scenery if record["kind"] == "River"]
        listed = river_spots(kind, listed, rivers)
    out = []
    for text, placing in listed:
        shape = shape_of(pack, placing, state.terrain)
        if not isinstance(shape, str) and fit_problem(kind, shape, state.terrain) is None:
            out.append((text, placing))
    return out


def _bought(state: TerciosState, frame: Frame) -> None:
    """A purchase (then its placement is awaited) or a pass (the side buys no more)
    [Scenery Points]."""
    g = state.g
    side = frame["side"]
    text = frame.pop("choice_text")
    del frame["choice"]
    if text == g.pass_action.text:
        frame["done"][side] = True
        state.log(
            f"{g.seat_names[side]} buys no more scenery.",
            RULE,
            {"side": g.seat_names[side], "points_left": frame["left"][side]},
        )
        frame["side"] = 1 - side
        frame["stage"] = "buy"
        return
    kind = text.removeprefix("buy ")
    frame["left"][side] -= g.pack.rules.scenery_costs[kind]
    frame["kind"] = kind
    frame["stage"] = "placed"
    state.log(
        f"{g.seat_names[side]} buys a {kind}.",
        RULE,
        {"side": g.seat_names[side], "kind": kind, "points_left": frame["left"][side]},
    )
    listed = _open_spots(state, kind)
    options = [g.table.parse(text) for text, _ in listed]
    frame["listed"] = [[a.id, p.text()] for a, (_, p) in zip(options, listed, strict=True)]
    state.decide(frame, side, options, exact_place=True)


def _placed(state: TerciosState, frame: Frame) -> None:
    """The bought element goes on the table [Scenery Points] (a field then rolls for its
    crop [Cultivated field])."""
    g = state.g
    listed: dict[int, str] = {int(id_): text for id_, text in frame.pop("listed")}
    chosen = int(frame.pop("choice"))
    given = str(frame.pop("choice_text"))
    text = listed.get(chosen, given)
    placing = read_placing(text, list(g.pack.rules.scenery_costs))
    assert placing is not None
    kind = frame.pop("kind")
    name = f"{kind} {1 + sum(r['kind'] == kind for r in state.scenery)}"
    record: JsonDict = {
        "kind": kind,
        "name": name,
        "x": placing.x,
        "y": placing.y,
        "angle": placing.angle,
        "side": frame["side"],
    }
    state.scenery.append(record)
    state.set_terrain(build_terrain(g.pack, state.scenery))
    state.log(
        f"{g.seat_names[frame['side']]} places {name} at {placing.x:g},{placing.y:g}.",
        RULE,
        {"side": g.seat_names[frame["side"]], "element": name, "placement": placing.text()},
    )
    if g.pack.rules.scenery[kind].field_roll:
        frame["stage"] = "grown"
        state.die(frame)
        return
    frame["side"] = 1 - frame["side"]
    frame["stage"] = "buy"


def _grown(state: TerciosState, frame: Frame) -> None:
    """Its die gives what grows there [Cultivated field]."""
    record = state.scenery[-1] = {**state.scenery[-1], "crop": frame.pop("got")}
    state.set_terrain(build_terrain(state.g.pack, state.scenery))
    field = state.terrain[-1]
    state.log(
        f"{field.name}: a {record['crop']}, {field.ground} ground.",
        "The Battle: Scenery Elements: Cultivated field",
        {"element": field.name, "die": record["crop"], "ground": field.ground},
    )
    frame["side"] = 1 - frame["side"]
    frame["stage"] = "buy"
