"""One seat's observations encoded incrementally (``Incremental``): only the slices whose
value changed since that seat's last view are written again.

Between two views of one seat most of a game stays as it was (the countries, the
offices, the piles not played on), and the values a layout reads compare in C far faster
than they encode in Python. ``Incremental`` keeps the seat's last tensor and, for each
slice, the value it was written from (for a list of rows, each row's); a slice whose new
value is equal (``==``, of the same type) keeps its floats, any other is zeroed and
written again (``stratagem.interop.compiled.compile_updater``). Equal values give equal
floats: every field reads its value by equality (numbers by their amount, words by their
text, mappings whatever their order), so the tensor is the one ``Layout.encode`` gives
(``tests/interop`` checks them over random play of every game).

It rests on views being made afresh: a value kept from the last view must not have
changed since. A view holds the state's own objects only where the engine replaces them
whole and never alters them (a finished vote or reveal); a list or mapping that is the very
object kept from the last view is written again all the same.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from stratagem.interop.compiled import compile_updater, unseen
from stratagem.interop.layout import Layout, Vector


class Incremental:
    """A run of one seat's views as tensors (see the module docstring)."""

    __slots__ = ("_seen", "_tensor", "_update")

    def __init__(self, layout: Layout) -> None:
        if layout.updater is None:
            layout.updater = compile_updater(layout)
        self._update = layout.updater
        self._seen = unseen(layout)
        self._tensor: Vector = np.zeros(layout.size, dtype=np.float32)

    def encode(self, view: Mapping[str, object]) -> Vector:
        """The tensor of ``view`` (a new array), as ``Layout.encode`` gives it."""
        self._update(view, self._tensor, self._seen)
        return self._tensor.copy()


__all__ = ["Incremental"]
