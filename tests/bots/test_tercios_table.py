"""The Tercios heuristic's reading of the table (``bots.heuristics.tercios_table``) says
what ``view(seat)`` says, field by field, for both seats, along seeded random games."""

from __future__ import annotations

import random

import stratagem
from stratagem.bots.heuristics.tercios_table import Table
from stratagem.core import CHANCE, TERMINAL
from stratagem.games.tercios.state import TerciosState

FIELDS = ("name", "side", "category", "x", "y", "facing", "dm", "stamina", "disorder", "weary")
FIELDS_SHOWN = (*FIELDS, "order")


def _positions(seed: int, limit: int) -> list[TerciosState]:
    game = stratagem.load("tercios")
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[TerciosState] = []
    steps = 0
    while state.current_player() != TERMINAL and len(found) < limit:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        steps += 1
        if steps % 5 == 0:
            assert isinstance(state, TerciosState)
            found.append(state.clone())
        state.apply_action(legal[int(rng.random() * len(legal))])
    return found


def test_order_cards_the_table_reads_are_the_ones_the_view_shows() -> None:
    """Every living unit's fields and values equal the seat's view of it, and the order
    card is read only where the view shows it (Order Cards: face down to the enemy)."""
    positions = _positions(seed=4, limit=40)
    assert len(positions) == 40
    hidden_orders = 0
    for state in positions:
        for seat in (0, 1):
            view = state.view(seat)
            table = Table(state, seat)
            living = {u["name"]: u for u in view["units"] if u["alive"]}
            assert table.seat == view["seat"]
            assert table.waiting_for == view["waiting_for"]
            assert list(table.units) == list(living)
            for name, shown in living.items():
                read = table.units[name]
                assert {key: read[key] for key in FIELDS_SHOWN} == {
                    key: shown[key] for key in FIELDS_SHOWN
                }
                assert set(read["weapons"]) == set(shown["weapons"])
                assert table.values(read) == shown["values"]
                hidden_orders += shown["order_placed"] and shown["order"] is None
    assert hidden_orders > 0


def test_values_are_computed_once_per_reading() -> None:
    state = _positions(seed=5, limit=1)[0]
    table = Table(state, 0)
    unit = next(iter(table.units.values()))
    assert table.values(unit) is table.values(unit)
