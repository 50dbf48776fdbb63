"""The 1750 heuristic's reading of the public table (``bots.heuristics.
britain_vs_france_table``) says what ``view(seat)`` says, along seeded random games."""

from __future__ import annotations

import random

import stratagem
from stratagem.bots.heuristics.britain_vs_france_table import Table
from stratagem.core import CHANCE, TERMINAL
from stratagem.games.britain_vs_france.effects import THEATERS
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.state import BritainVsFranceState
from stratagem.games.britain_vs_france.views import read_colony_line


def _positions(seed: int, every: int) -> list[BritainVsFranceState]:
    game = stratagem.load("britain_vs_france")
    rng = random.Random(seed)
    state = game.new_initial_state()
    found: list[BritainVsFranceState] = []
    steps = 0
    while state.current_player() != TERMINAL:
        if state.current_player() != CHANCE:
            steps += 1
            if steps % every == 0:
                assert isinstance(state, BritainVsFranceState)
                found.append(state.clone())
        state.apply_action(
            state.sample_chance(rng)
            if state.current_player() == CHANCE
            else rng.choice(state.legal_actions())
        )
    return found


def test_the_table_the_heuristic_reads_is_the_one_the_view_shows() -> None:
    """Board (colonies in line order, control, exports, units by side, the High Seas),
    exports, gold and the battle's pairings equal the seat's view (Components: the board
    and the gold are public)."""
    positions = _positions(seed=3, every=4)
    battles = 0
    for state in positions:
        table = Table(state)
        for seat in (0, 1):
            view = state.view(seat)
            board = {
                name: {**read_colony_line(line), "theater": theater}
                for theater, colonies in view["theaters"].items()
                for name, line in colonies.items()
            }
            board["High Seas"] = {"control": None, "export": None, "units": view["high_seas"]}
            assert table.board() == board
            assert list(table.board()) == list(board)
            for theater, name in enumerate(THEATERS):
                assert table.colonies(theater) == list(view["theaters"][name])
            assert table.exports(seat) == set(view["exports"][SEATS[seat]])
            assert table.gold(seat) == view["gold"][SEATS[seat]]
            shown = view["battle"]
            if shown is None:
                assert table.battle() == {}
                continue
            battles += 1
            assert table.battle() == {
                "attacker": shown["attacker"],
                "pairings": [
                    {"attackers": p["attackers"], "defenders": p["defenders"]}
                    for p in shown["pairings"]
                ],
            }
    assert len(positions) > 30
    assert battles > 0
