"""Saving and loading a Tercios state (``State.to_json``'s game fields)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from stratagem.core import JsonDict, StateFormatError
from stratagem.games.tercios.scenery_choice import build_terrain

if TYPE_CHECKING:
    from stratagem.games.tercios.state import TerciosState

TROOP_FIELDS = (
    "x",
    "y",
    "f",
    "dm",
    "disorder",
    "alive",
    "order",
    "revealed",
    "spent",
    "hitched",
    "buff",
)
OFFICER_FIELDS = ("ox", "oy", "attached", "exhausted", "joined", "o_alive")


def state_doc(state: TerciosState) -> JsonDict:
    """Every game field, hidden orders included."""
    doc: JsonDict = {name: list(getattr(state, name)) for name in TROOP_FIELDS + OFFICER_FIELDS}
    doc.update(
        turn=state.turn,
        first=state.first,
        to_act=state.to_act,
        vp=list(state.vp),
        authoritarian=list(state.authoritarian),
        marks=[dict(m) for m in state.marks],
        frames=[dict(f) for f in state.frames],
        outcome=state.outcome,
    )
    if state.g.chosen_terrain:
        doc["scenery"] = [dict(record) for record in state.scenery]
    return doc


def load_fields(state: TerciosState, doc: Mapping[str, Any]) -> TerciosState:
    """Fill a bare state with the fields of ``state_doc``; a wrong shape is refused."""
    for name in TROOP_FIELDS + OFFICER_FIELDS:
        values = list(doc[name])
        expected = len(getattr(state, name))
        if len(values) != expected:
            raise StateFormatError(
                f"tercios state: {name} has {len(values)} entries, not {expected}"
            )
        setattr(state, name, values)
    state.turn = int(doc["turn"])
    state.first = int(doc["first"])
    state.to_act = int(doc["to_act"])
    state.vp = [int(v) for v in doc["vp"]]
    state.authoritarian = [bool(v) for v in doc["authoritarian"]]
    state.marks = [dict(m) for m in doc["marks"]]
    state.frames = [dict(f) for f in doc["frames"]]
    state.outcome = None if doc["outcome"] is None else dict(doc["outcome"])
    if state.g.chosen_terrain:
        state.scenery = [dict(record) for record in doc.get("scenery", [])]
        try:
            state.set_terrain(build_terrain(state.g.pack, state.scenery))
        except (KeyError, TypeError, AssertionError) as error:
            raise StateFormatError(f"tercios state: the scenery is not valid: {error}") from None
    return state
