"""What the 1750 heuristic reads of the table, taken from the state without building the
seat's whole view.

``view(seat)`` also scores both sides, counts next turn's revenue and lists every card
(``benchmarks/RESULTS.md``: most of a search's time); the heuristic reads only the board,
the exports, the gold and the battle's pairings, and read the board back from the view's
colony lines. ``Table`` gives it those, each equal to what the view says and built the
first time it is asked.

Seat-honest: everything read here is public (the board, gold, exports and the battle
lie open on the table; a hand, a secret objective and the decks are never read).
``tests/bots/test_britain_vs_france_table.py`` pins each against ``view(seat)``.
"""

from __future__ import annotations

from typing import Any

from stratagem.games.britain_vs_france.battle import sides
from stratagem.games.britain_vs_france.effects import EXPORTS, THEATERS
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.state import BritainVsFranceState

Place = dict[str, Any]
"""A location as the heuristic reads it: ``control`` (a side's name or ``None``),
``export`` (``None`` on the High Seas), ``units`` (each side's labels) and ``theater``."""


class Table:
    """One position's public table, read as the heuristic needs it."""

    __slots__ = ("_board", "_state")

    def __init__(self, state: BritainVsFranceState) -> None:
        self._state = state
        self._board: dict[str, Place] | None = None

    def board(self) -> dict[str, Place]:
        """Every colony on the table, theater by theater in line order, then the High
        Seas (no ``theater``): what the view's ``theaters`` and ``high_seas`` say."""
        if self._board is not None:
            return self._board
        s = self._state
        book = s.book
        labels = book.unit_labels
        units: dict[int, Place] = {}
        for unit, place in enumerate(s.uloc):
            owner = s.uown[unit]
            if owner >= 0:
                here = units.get(place)
                if here is None:
                    here = units[place] = {SEATS[0]: [], SEATS[1]: []}
                here[SEATS[owner]].append(labels[unit])
        board: dict[str, Place] = {}
        for theater, line in enumerate(s.line):
            for colony in line:
                owner = s.control[colony]
                board[book.colony_names[colony]] = {
                    "export": EXPORTS[book.colony_export[colony]],
                    "control": SEATS[owner] if owner >= 0 else None,
                    "units": units.get(colony) or {SEATS[0]: [], SEATS[1]: []},
                    "theater": THEATERS[theater],
                }
        board["High Seas"] = {
            "control": None,
            "export": None,
            "units": units.get(book.high_seas) or {SEATS[0]: [], SEATS[1]: []},
        }
        self._board = board
        return board

    def colonies(self, theater: int) -> list[str]:
        """A theater's colonies in line order (the view's ``theaters`` entry's keys)."""
        s = self._state
        return [s.book.colony_names[colony] for colony in s.line[theater]]

    def exports(self, seat: int) -> set[str]:
        """The exports the seat has (the view's ``exports`` entry's keys)."""
        return {EXPORTS[e] for e, n in enumerate(self._state.exports[seat]) if n}

    def gold(self, seat: int) -> int:
        """The seat's gold."""
        return self._state.gold[seat]

    def battle(self) -> dict[str, Any]:
        """The battle being fought, as the view's ``battle`` shows it less the dice
        (``attacker`` and each pairing's ``attackers`` and ``defenders``); empty if none."""
        s = self._state
        if s.bat_loc < 0:
            return {}
        labels = s.book.unit_labels
        pairings = []
        for pairing in s.pairs:
            attackers, defenders = sides(pairing)
            pairings.append(
                {
                    "attackers": [labels[u] for u in attackers],
                    "defenders": [labels[u] for u in defenders],
                }
            )
        return {"attacker": SEATS[s.active], "pairings": pairings}
