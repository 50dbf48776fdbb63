"""``state_from_json`` for Henry VIII: the inverse of ``HenryVIIIState._state_doc``.

A loaded document is checked against the invariants; one that cannot be a state of this
game raises ``StateFormatError`` naming the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any, get_type_hints

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from stratagem.core import StateFormatError
from stratagem.games.henry_viii.base import HenryBase
from stratagem.games.henry_viii.invariants import invariant_problems
from stratagem.games.henry_viii.state import (
    DOC_FIELDS,
    LIST_FIELDS,
    NESTED_FIELDS,
    SCALAR_FIELDS,
    HenryVIIIState,
)

if TYPE_CHECKING:
    from stratagem.games.henry_viii.game import HenryVIII


_BOUNDS = {"turn": Field(ge=1), "religion": Field(ge=0, le=4)}


def _doc_model() -> type[BaseModel]:
    """The document's model, built from the state's own fields and their types."""
    hints = get_type_hints(HenryBase, localns={"HenryVIII": object, "Court": object})
    fields: dict[str, Any] = {
        name: (Annotated[hints[name], _BOUNDS[name]] if name in _BOUNDS else hints[name], ...)
        for name in DOC_FIELDS
    }
    return create_model("HenryVIIIDoc", __config__=ConfigDict(extra="forbid"), **fields)


_Doc = _doc_model()


def state_from_doc(game: HenryVIII, raw: Mapping[str, Any]) -> HenryVIIIState:
    """Inverse of ``_state_doc``; raises ``StateFormatError`` on anything inconsistent."""
    try:
        doc: dict[str, Any] = _Doc.model_validate(raw).model_dump()
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
        if len(doc[name]) != size:
            raise StateFormatError(f"henry_viii state: {name} has the wrong length")
    if len(doc["hands"]) != state.players:
        raise StateFormatError("henry_viii state: hands: one hand per seat is needed")
    for name in SCALAR_FIELDS:
        setattr(state, name, doc[name])
    for name in LIST_FIELDS:
        setattr(state, name, list(doc[name]))
    for name in NESTED_FIELDS:
        setattr(state, name, doc[name])
    if not state.over and state.node is None:
        raise StateFormatError("henry_viii state: the game is not over but nobody is to act")
    try:
        problems = invariant_problems(state)
    except (IndexError, KeyError, ValueError) as error:
        raise StateFormatError(f"henry_viii state is malformed: {error!r}") from None
    if problems:
        raise StateFormatError("henry_viii state is inconsistent: " + "; ".join(problems))
    return state
