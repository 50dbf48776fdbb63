"""Tercios's terminal layout at positions of seeded random battles (start, every 30th
decision, middle, end), for both seats and a spectator: no line wider than 80 columns and
at most 23 lines (a 12-row map at 4 inches a row beside the facts and key, then the unit
table, two units a line, for the shipped armies of up to 20 units); every living unit's
letter drawn on the map where its base centre lies, each unit's row showing its name,
front centre, facing, order (or hidden), damage and state; hills drawn; the acting unit
named."""

from __future__ import annotations

import random
from functools import cache

import pytest
from rich.console import Console

import stratagem
from stratagem.core import JsonDict, State
from stratagem.render.text import tercios as layout

WIDTH = 80
MOST = 23
SEEDS = (5, 11)


COMPACT_MOST = 17
"""Lines of a decision's screen (``terminal_view``): an 8-row map, then three units a line."""


def _screen(view: JsonDict, *, whole: bool = True) -> list[str]:
    console = Console(width=WIDTH, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    draw = layout.terminal_board if whole else layout.terminal_view
    console.print(draw(view, view.get("seat")))
    console.file.close()
    return console.export_text().splitlines()


@cache
def positions(seed: int) -> tuple[State, ...]:
    game = stratagem.load("tercios")
    rng = random.Random(seed)
    state = game.new_initial_state()
    decisions: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            weights = [p for _, p in outcomes]
            state.apply_action(rng.choices([a for a, _ in outcomes], weights)[0])
        else:
            decisions.append(state.clone())
            state.apply_action(rng.choice(state.legal_actions()))
    return (*decisions[::30], decisions[len(decisions) // 2], state)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize(("whole", "most"), [(True, MOST), (False, COMPACT_MOST)])
def test_fits_80_columns_and_23_lines(seed: int, whole: bool, most: int) -> None:
    """The whole board (``board``) in 23 lines, a decision's screen in 17."""
    for state in positions(seed):
        for seat in (None, 0, 1):
            lines = _screen(state.view(seat), whole=whole)
            wide = [line for line in lines if len(line.rstrip()) > WIDTH]
            assert not wide, wide
            assert len(lines) <= most, "\n".join(lines)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("whole", [True, False])
def test_map_and_unit_table_show_every_unit(seed: int, whole: bool) -> None:
    """Both layouts: 4 inches a map row and names at length on the whole board; 6 inches a
    row, short names (a closing number kept) and two-letter orders on a decision's."""
    deep = layout.INCHES_DEEP if whole else layout.COMPACT_DEEP
    acting_seen = hills = 0
    for state in positions(seed):
        seat = state.current_player() if state.current_player() >= 0 else 0
        view = state.view(seat)
        lines = _screen(view, whole=whole)
        columns, rows = layout.map_size(view, deep)
        board = [line[1 : 1 + columns] for line in lines[:rows]]
        letters = layout.letters(view)
        assert len(set(letters.values())) == len(letters)
        table = "\n".join(lines[rows:])
        for unit in view["units"]:
            letter = letters[unit["name"]]
            if unit["alive"]:
                column, row = layout.cell(view, unit["x"], unit["y"], deep)
                assert board[row][column].isalpha(), (unit["name"], board)
            front = unit["front"]
            cells = [str(c) for c in layout.unit_cells(unit, letter, compact=not whole)]
            width = layout.NAME_WIDTH if whole else layout.COMPACT_WIDTHS[1]
            entry = f"{letter} {cells[1]:<{width}} {front[0]:.0f},{front[1]:.0f}"
            assert entry in table, (entry, table)
            assert layout.arrow(unit["facing"]) in cells
            order = unit["order"].rstrip("!") if unit["order"] else None
            order = order or ("hidden" if unit["order_placed"] else "-")
            if not whole:
                order = layout.SHORT_ORDERS.get(order, "??" if order == "hidden" else order)
            assert cells[4] == order
            assert f"{unit['dm']}/{unit['stamina']}" in cells
        if any(element.get("height") for element in view["terrain"]):
            hills += any(layout.HILL in line for line in board)
        acting = view["acting"]["unit"]
        if acting:
            acting_seen += 1
            assert f"Acting: {acting}"[: None if whole else layout.FACTS_WIDTH] in "\n".join(lines)
        assert "VP:" in lines[1]
    assert acting_seen > 0
    assert hills > 0


def test_arrows_point_the_right_way() -> None:
    assert layout.arrow(0) == "→"
    assert layout.arrow(90) == "↑"
    assert layout.arrow(180) == "←"
    assert layout.arrow(270) == "↓"
    assert layout.arrow(-45) == "↘"


def test_a_short_name_keeps_its_closing_number() -> None:
    assert layout.short_name("Småland 2") == "Smål2"
    assert layout.short_name("Regimental guns 1") == "Regi1"
    assert layout.short_name("Blue musketeers") == "Blue "
