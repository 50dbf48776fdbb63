"""What the Tercios heuristic reads of the table, taken from the state without building
the seat's whole view.

``view(seat)`` describes every unit in full, and its ``values`` (``shown_values``: the
order test's Discipline dice, a line of sight per unit and commander) cost most of a view
(``benchmarks/RESULTS.md``). The heuristic reads a few fields of each living unit and the
values of the few units its actions name, so ``units`` gives it those fields, equal to the
view's, and ``values`` computes a unit's values only when asked, once per reading.

Seat-honest as the view is: every field but the order card is public, and the order is
shown, and counted in the values, only where the view shows it (the seat's own units, and
revealed ones) [Order Cards]. ``tests/bots/test_tercios_table.py`` pins each field against
``view(seat)``.
"""

from __future__ import annotations

from typing import Any

from stratagem.games.tercios.damage import weary
from stratagem.games.tercios.encoding import ORDERS
from stratagem.games.tercios.state import TerciosState
from stratagem.games.tercios.unit_values import shown_values
from stratagem.games.tercios.virtues import stamina

Unit = dict[str, Any]


class Table:
    """One seat's reading of one position: its living units, and their values on demand."""

    __slots__ = ("_shown", "_state", "_values", "seat", "units", "waiting_for")

    def __init__(self, state: TerciosState, seat: int) -> None:
        self._state = state
        g = state.g
        self.seat: str = g.seat_names[seat]
        """The seat's side, by name (the view's ``seat``)."""
        top = state.frames[-1] if state.frames else {}
        self.waiting_for: object = top.get("p")
        """What the game waits for (the view's ``waiting_for``)."""
        self._shown: dict[str, int | None] = {}
        self._values: dict[str, Unit] = {}
        self.units: dict[str, Unit] = {}
        """The living units by name, with the view's ``name``, ``side``, ``x``, ``y``,
        ``facing``, ``category``, ``dm``, ``stamina``, ``disorder``, ``weary``,
        ``weapons`` and ``order`` (``index`` too, for ``values``)."""
        for unit, troop in enumerate(g.troops):
            if not state.alive[unit]:
                continue
            order = state.order[unit]
            shown = order >= 0 and (troop.side == seat or state.revealed[unit])
            self._shown[troop.label] = order if shown else None
            self.units[troop.label] = {
                "index": unit,
                "name": troop.label,
                "side": g.seat_names[troop.side],
                "category": troop.profile.category,
                "x": round(state.x[unit], 3),
                "y": round(state.y[unit], 3),
                "facing": round(state.f[unit], 2),
                "dm": state.dm[unit],
                "stamina": stamina(state, unit),
                "disorder": state.disorder[unit],
                "weary": weary(state, unit),
                "weapons": troop.profile.weapons,
                "order": ORDERS[order] if shown else None,
            }

    def values(self, unit: Unit) -> Unit:
        """The unit's values as the view shows them (``shown_values``), computed once."""
        name = unit["name"]
        found = self._values.get(name)
        if found is None:
            found = shown_values(self._state, unit["index"], self._shown[name])
            self._values[name] = found
        return found
