"""A Cultivated field's nature [Cultivated field], drawn with a die when the
players do not agree on it (1-2 difficult; 3-5 difficult and In cover; 6 very difficult,
Hidden and In cover: the pack's ``field_roll``). The scenery placement calls it with the
die it rolled.
"""

from __future__ import annotations

import dataclasses

from stratagem.core import StratagemError
from stratagem.games.tercios.pack import Pack
from stratagem.games.tercios.terrain import TerrainElement


class FieldRollError(StratagemError, ValueError):
    """A die face out of 1-6, or an element that is not a cultivated field."""


def cultivated_field(pack: Pack, field: TerrainElement, face: int) -> TerrainElement:
    """The field as the die ``face`` makes it [Cultivated field] [Rulings R77]."""
    rolls = pack.rules.scenery[field.kind].field_roll if field.kind in pack.rules.scenery else []
    if not rolls:
        raise FieldRollError(f"{field.name} ({field.kind}) is not drawn with a die")
    if not 1 <= face <= len(rolls):
        raise FieldRollError(f"a die shows 1 to {len(rolls)}, not {face}")
    words = rolls[face - 1].split()
    ground = "very difficult" if words[:2] == ["very", "difficult"] else "difficult"
    return dataclasses.replace(
        field, ground=ground, hidden="hidden" in words, cover="cover" in words
    )
