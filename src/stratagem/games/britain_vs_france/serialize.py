"""``state_from_json`` for 1750: the inverse of ``BritainVsFranceState._state_doc``.

A loaded document is checked field by field (types and lengths) and then against the
invariants; a document that cannot be a state of this game raises ``StateFormatError``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, ValidationError, create_model

from stratagem.core import StateFormatError
from stratagem.games.britain_vs_france.invariants import invariant_problems
from stratagem.games.britain_vs_france.state import FLAT, NESTED, SCALARS, BritainVsFranceState

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.game import BritainVsFrance


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


_Doc: type[BaseModel] = create_model(  # type: ignore[call-overload]
    "BritainVsFranceDoc",
    __base__=_Strict,
    **dict.fromkeys(SCALARS, (int, ...)),
    **dict.fromkeys(FLAT, (list[int], ...)),
    **dict.fromkeys(NESTED, (list[list[int]], ...)),
)

_LENGTHS = {
    "control": "colonies",
    "uloc": "units",
    "uown": "units",
    "moved": "units",
    "dice": "units",
    "granted": "units",
    "eloc": "events",
    "po_control": "political",
}


def state_from_doc(game: BritainVsFrance, raw: Mapping[str, Any]) -> BritainVsFranceState:
    """Inverse of ``_state_doc``; raises ``StateFormatError`` on anything inconsistent."""
    try:
        doc = _Doc.model_validate(dict(raw)).model_dump()
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise StateFormatError(f"britain_vs_france state: {where}: {first['msg']}") from None
    book = game.book
    sizes = {
        "colonies": len(book.colonies),
        "units": len(book.units),
        "events": len(book.events),
        "political": len(book.political),
    }
    for name, size in _LENGTHS.items():
        if len(doc[name]) != sizes[size]:
            raise StateFormatError(
                f"britain_vs_france state: {name} has {len(doc[name])} entries, not {sizes[size]}"
            )
    for pair_name in ("gold", "secret", "passed", "bat_mod", "quiet"):
        if len(doc[pair_name]) != 2:
            raise StateFormatError(f"britain_vs_france state: {pair_name} must have 2 entries")
    if len(doc["new_colony"]) not in (0, 2):
        raise StateFormatError("britain_vs_france state: new_colony must have 0 or 2 entries")
    if len(doc["taking"]) not in (0, 3):
        raise StateFormatError("britain_vs_france state: taking must have 0 or 3 entries")
    if len(doc["line"]) != 4 or len(doc["exports"]) != 2 or len(doc["supply"]) != 9:
        raise StateFormatError("britain_vs_france state: line, exports or supply is misshapen")
    state = BritainVsFranceState.bare(game)
    for name, value in doc.items():
        setattr(state, name, value)
    problems = invariant_problems(state)
    if problems:
        raise StateFormatError("britain_vs_france state is inconsistent: " + "; ".join(problems))
    return state
