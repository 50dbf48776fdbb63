"""The 1630 heuristic's reading of its view (``bots.heuristics.
sixteen_thirty_something_table``) says what ``view(seat)`` says, for every seat, along a
seeded random game."""

from __future__ import annotations

import random

import stratagem
from stratagem.bots.heuristics.sixteen_thirty_something_table import Table
from stratagem.core import CHANCE, TERMINAL
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState


def test_the_parts_the_heuristic_reads_are_the_view_s() -> None:
    """Countries, displays (votes, ascendant or descendant), the seat's own hand, counters
    and offer, the trade (Trading) and the vote (Calling a Vote) equal each seat's view,
    and a part the view lacks is missing from the table too."""
    game = stratagem.load("sixteen_thirty_something")
    rng = random.Random(6)
    state = game.new_initial_state()
    seen: set[str] = set()
    decisions = 0
    while state.current_player() != TERMINAL and decisions < 400:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        assert isinstance(state, SixteenThirtySomethingState)
        for seat in range(game.num_players):
            view = state.view(seat)
            table = Table(state, seat)
            assert {"trade", "vote"} & set(table) == {"trade", "vote"} & set(view)
            assert table["seat"] == view["seat"]
            assert table["countries"] == view["countries"]
            assert table["displays"] == {
                name: {
                    country: {"votes": pile["votes"], "state": pile["state"]}
                    for country, pile in piles.items()
                }
                for name, piles in view["displays"].items()
            }
            you = view["you"]
            assert table["you"] == {
                key: you[key]
                for key in ("hand", "victory_point_counters", "your_offer")
                if key in you
            }
            for part, keys in (
                ("trade", ("trader", "asks_for", "offers", "revisions")),
                ("vote", ("caller", "country", "issue")),
            ):
                if part in view:
                    seen.add(part)
                    assert table[part] == {k: view[part][k] for k in keys if k in view[part]}
                else:
                    assert table.get(part) is None
        decisions += 1
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.random() * len(legal))])
    assert seen == {"trade", "vote"}
