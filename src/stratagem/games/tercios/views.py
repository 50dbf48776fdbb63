"""What each seat sees (order cards lie face down) [Order Cards], and resampling what it
cannot see."""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING

from stratagem.core import JsonDict
from stratagem.games.tercios.command import officer_point, radius
from stratagem.games.tercios.damage import weary
from stratagem.games.tercios.encoding import ASSAULT, ORDERS
from stratagem.games.tercios.geometry import Placement
from stratagem.games.tercios.unit_values import shown_values
from stratagem.games.tercios.virtues import stamina

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState


Point = tuple[float, float]
Rounded = tuple[float, float, float, float, float, tuple[Point, ...], Point]


@lru_cache(maxsize=4096)
def _rounded(spot: Placement) -> Rounded:
    """A base's centre, facing, size, corners and front centre as a view shows them
    (remembered: between two views most bases have not moved)."""
    return (
        round(spot.x, 3),
        round(spot.y, 3),
        round(spot.facing, 2),
        round(spot.width, 3),
        round(spot.depth, 3),
        tuple((round(x, 3), round(y, 3)) for x, y in spot.corners()),
        (round(spot.front[0], 3), round(spot.front[1], 3)),
    )


@lru_cache(maxsize=4096, typed=True)
def _shown_at(x: float, y: float, facing: float) -> tuple[float, float, float]:
    """A base's centre and facing as a view shows them, as ``_rounded`` rounds them (a
    placement holds the state's own numbers); remembered, since between two views most
    bases have not moved and ``round`` is slow."""
    return round(x, 3), round(y, 3), round(facing, 2)


@lru_cache(maxsize=1024, typed=True)
def _shown_point(x: float, y: float) -> tuple[float, float]:
    """A commander's point as a view shows it (remembered, as ``_shown_at``)."""
    return round(x, 3), round(y, 3)


def _troops(state: TerciosState, seat: int | None, brief: bool) -> list[JsonDict]:
    """Every troop unit's entry (its lists read once for all of them)."""
    sides = state.g.seat_names
    xs, ys, facings, orders, alive, dms = (
        state.x,
        state.y,
        state.f,
        state.order,
        state.alive,
        state.dm,
    )
    revealed, disorder, hitched, spent = state.revealed, state.disorder, state.hitched, state.spent
    docs = []
    for unit, troop in enumerate(state.g.troops):
        order = orders[unit]
        # A unit off the table (broken, or a dragoon's other card) has no order card to show.
        shown = order >= 0 and alive[unit] and (seat == troop.side or revealed[unit])
        x, y, facing = _shown_at(xs[unit], ys[unit], facings[unit])
        doc: JsonDict = {
            "index": unit,
            "name": troop.label,
            "side": sides[troop.side],
            "x": x,
            "y": y,
            "facing": facing,
            "alive": alive[unit],
            "dm": dms[unit],
            "stamina": stamina(state, unit),
            "weary": dms[unit] > 0 and weary(state, unit),
            "disorder": disorder[unit],
            "hitched": hitched[unit],
            "order_placed": order >= 0,
            "order": ORDERS[order] if shown else None,
            "activated": spent[unit],
        }
        if not brief:
            doc.update(_outline(state, unit, order if shown else None))
        docs.append(doc)
    return docs


def _outline(state: TerciosState, unit: int, order: int | None) -> JsonDict:
    """A unit's profile, outline and worked-out values (``order``: its order card if the
    seat sees it), which the brief view leaves out."""
    _x, _y, _facing, width, depth, corners, front = _rounded(state.placement(unit))
    profile = state.g.troops[unit].profile
    return {
        "card": profile.card,
        "category": profile.category,
        "width": width,
        "depth": depth,
        "corners": [list(corner) for corner in corners],
        "front": list(front),
        "weapons": sorted(profile.weapons),
        "rules": sorted(profile.rules),
        "values": shown_values(state, unit, order),
    }


def _officer(state: TerciosState, officer: int, brief: bool) -> JsonDict:
    who = state.g.officers[officer]
    x, y = _shown_point(*officer_point(state, officer))
    host = state.attached[officer]
    doc: JsonDict = {
        "index": officer,
        "name": who.label,
        "side": state.g.seat_names[who.side],
        "x": x,
        "y": y,
        "attached_to": None if host < 0 else state.g.troops[host].label,
        "exhausted": state.exhausted[officer],
        "alive": state.o_alive[officer],
    }
    if brief:
        return doc
    doc.update(
        rank=who.rank,
        chief=who.is_chief,
        radius=radius(state, officer),
        virtues=list(who.virtues),
        traits=sorted(who.traits),
    )
    return doc


def build_view(state: TerciosState, seat: int | None, brief: bool = False) -> JsonDict:
    """The table as ``seat`` sees it: everything but the enemy's face-down orders
    (``brief``: without what ``State.brief_view`` leaves out)."""
    g = state.g
    width, depth = g.pack.table_size
    top = state.frames[-1] if state.frames else {}
    return {
        "game": "tercios",
        "seat": None if seat is None else g.seat_names[seat],
        "turn": state.turn,
        "to_act": g.seat_names[state.to_act],
        "waiting_for": top.get("p"),
        "deciding": _deciding(state, top),
        "acting": _acting(state),
        "table": {
            "width": round(width, 3),
            "depth": round(depth, 3),
            "cm_per_inch": g.pack.cm_per_inch,
            "reaction_distance": g.pack.constant("reaction_distance"),
        },
        "terrain": [] if brief else [element.to_json() for element in state.terrain],
        "units": _troops(state, seat, brief),
        "commanders": [_officer(state, o, brief) for o in range(len(g.officers))],
        "victory_points": {g.seat_names[s]: state.vp[s] for s in (0, 1)},
        "marks": [
            {"kind": m["kind"], "from": g.troops[m["from"]].label, "to": g.troops[m["to"]].label}
            for m in state.marks
        ],
        "armies": list(g.army_names),
        "result": state.outcome,
        **_scenery_purchase(state, top),
    }


def _deciding(state: TerciosState, top: JsonDict) -> str | None:
    """The seat whose decision the game awaits (None while dice roll or once it is over):
    not always the side activating, since a reaction is decided by the other side."""
    if state.outcome is not None or top.get("wait") != "decide":
        return None
    return str(state.g.seat_names[int(top["seat"])])


def _acting(state: TerciosState) -> JsonDict:
    """The unit and the commander being activated now [Game Sequence: Activation], both
    public: an activated unit's order card is turned face up, a commander acts openly."""
    unit = next((f["u"] for f in reversed(state.frames) if f.get("p") == "unit"), None)
    officer = next((f["o"] for f in reversed(state.frames) if f.get("p") == "commander"), None)
    return {
        "unit": None if unit is None else state.g.troops[unit].label,
        "commander": None if officer is None else state.g.officers[officer].label,
    }


def _scenery_purchase(state: TerciosState, top: JsonDict) -> JsonDict:
    """While the players buy the scenery [Rulings R90], each side's points left and the element
    waiting to be placed (public)."""
    if top.get("p") != "scenery" or "left" not in top:
        return {}
    names = state.g.seat_names
    return {
        "scenery_purchase": {
            "points_left": {names[side]: top["left"][side] for side in (0, 1)},
            "buying": names[top["side"]],
            "to_place": top.get("kind"),
        }
    }


def resample(state: TerciosState, seat: int, rng: random.Random) -> TerciosState:
    """A clone in which the enemy's face-down orders are drawn again at random."""
    other = state.clone()
    for unit, troop in enumerate(state.g.troops):
        if troop.side == seat or state.order[unit] < 0 or state.revealed[unit]:
            continue
        choices = [
            o
            for o in range(len(ORDERS))
            if not (o == ASSAULT and troop.profile.kind == "forlorn hope")
        ]
        other.order[unit] = rng.choice(choices)
    other._legal = None
    return other
