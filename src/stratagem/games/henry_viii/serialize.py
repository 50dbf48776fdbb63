"""``state_from_json`` for Henry VIII: the inverse of ``HenryVIIIState._state_doc``.

A loaded document is checked against the invariants; one that cannot be a state of this
game raises ``StateFormatError`` naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from stratagem.core import StateFormatError
from stratagem.games.henry_viii.invariants import invariant_problems
from stratagem.games.henry_viii.state import LIST_FIELDS, SCALAR_FIELDS, HenryVIIIState

if TYPE_CHECKING:
    from stratagem.games.henry_viii.game import HenryVIII


class _Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")

    turn: int = Field(ge=1)
    stage: str
    religion: int = Field(ge=0, le=4)
    contentment: int
    queen: int
    last_queen: int
    supremacy: bool
    henry_dead: bool
    over: bool
    end: str
    penalized: int
    pos: int
    rounds_done: int
    deal_seat: int
    where: list[int]
    owner: list[int]
    spouse: list[int]
    mother: list[int]
    born: list[int]
    religion_of: list[int]
    bastard: list[bool]
    investigated: list[bool]
    former_queen: list[bool]
    rack: list[int]
    office_holder: list[int]
    title_holder: list[int]
    line: list[int]
    cloc: list[int]
    deck: list[int]
    discard: list[int]
    law_suit: list[bool]
    powers_used: list[bool]
    order: list[int]
    winner_seats: list[int]
    hands: list[list[int]]
    tasks: list[list[Any]]
    node: list[Any] | None
    play: dict[str, Any] | None
    window: dict[str, Any] | None


def state_from_doc(game: HenryVIII, raw: Mapping[str, Any]) -> HenryVIIIState:
    """Inverse of ``_state_doc``; raises ``StateFormatError`` on anything inconsistent."""
    try:
        doc = _Doc.model_validate(raw)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise StateFormatError(f"henry_viii state: {where}: {first['msg']}") from None
    state = HenryVIIIState.bare(game)
    sizes = {
        "where": len(state.where),
        "cloc": len(state.cloc),
        "office_holder": len(state.office_holder),
        "title_holder": len(state.title_holder),
        "law_suit": state.players,
    }
    for name, size in sizes.items():
        if len(getattr(doc, name)) != size:
            raise StateFormatError(f"henry_viii state: {name} has the wrong length")
    if len(doc.hands) != state.players:
        raise StateFormatError("henry_viii state: hands: one hand per seat is needed")
    for name in SCALAR_FIELDS:
        setattr(state, name, getattr(doc, name))
    for name in LIST_FIELDS:
        setattr(state, name, list(getattr(doc, name)))
    state.hands = [list(hand) for hand in doc.hands]
    state.tasks = [list(task) for task in doc.tasks]
    state.node = None if doc.node is None else list(doc.node)
    state.play = None if doc.play is None else dict(doc.play)
    state.window = None if doc.window is None else dict(doc.window)
    if not state.over and state.node is None:
        raise StateFormatError("henry_viii state: the game is not over but nobody is to act")
    try:
        problems = invariant_problems(state)
    except (IndexError, KeyError, ValueError) as error:
        raise StateFormatError(f"henry_viii state is malformed: {error!r}") from None
    if problems:
        raise StateFormatError("henry_viii state is inconsistent: " + "; ".join(problems))
    return state
