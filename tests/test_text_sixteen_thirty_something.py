"""Sixteen Thirty Something's terminal layout at positions of seeded random games of 3, 4
and 6 players (start, middle, end, the most crowded, and every 40th decision), for every
seat and a spectator: no line wider than 80 columns, and the layout's height bounded so
that a decision screen fits 80x24 in the common case. The bound: at most 20 lines
anywhere, and in a 3- or 4-player game at most 17 lines at three positions in four (so
the rule, 17 lines, a couple of new events, two choices and the prompt make 24; most
decisions offer two choices, and a single choice is taken without a screen). Checked
shown: the nine countries with Status, Army Size, Military Ability, faction and every
border of the Adjacent Countries Table, each pile, what red and blue mean, every
player's Victory Points and hand size, the seat's own hand and counters, a vote's
issue and a war's modifiers."""

from __future__ import annotations

import io
import random
from functools import cache

import pytest
from rich.console import Console

import stratagem
from stratagem.core import JsonDict, State
from stratagem.render.sixteen_thirty_something import borders
from stratagem.render.text import sixteen_thirty_something as layout

WIDTH = 80
MOST = 20
COMMON = 17
GAMES = ((3, 2), (4, 5), (6, 9))
"""Players and seed of each game played."""


def _screen(view: JsonDict) -> list[str]:
    console = Console(width=WIDTH, record=True, file=open("/dev/null", "w"))  # noqa: SIM115
    console.print(layout.terminal_view(view, view.get("seat")))
    console.file.close()
    return console.export_text().splitlines()


def _crowd(state: State) -> int:
    view = state.view(None)
    piles = sum(len(p) for p in view["displays"].values())
    return int(max(view["cards_in_hand"].values())) + 2 * piles


@cache
def positions(players: int, seed: int) -> tuple[State, ...]:
    """Start, every 40th decision, middle, end and the most crowded position."""
    game = stratagem.load("sixteen_thirty_something", players=players)
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
    chosen = [*decisions[::40], decisions[len(decisions) // 2], max(decisions, key=_crowd)]
    return (*chosen, state)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_fits_80_columns_and_a_bounded_height(players: int, seed: int) -> None:
    heights: list[int] = []
    for state in positions(players, seed):
        for seat in [None, *range(players)]:
            lines = _screen(state.view(seat))
            wide = [line for line in lines if len(line.rstrip()) > WIDTH]
            assert not wide, wide
            assert len(lines) <= MOST, "\n".join(lines)
            heights.append(len(lines))
    if players <= 4:
        common = sum(height <= COMMON for height in heights)
        assert common >= 0.75 * len(heights), sorted(heights)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_shows_what_the_decision_needs(players: int, seed: int) -> None:
    wars = votes = 0
    for state in positions(players, seed):
        seat = state.current_player() if state.current_player() >= 0 else 0
        view = state.view(seat)
        lines = _screen(view)
        text = "\n".join(lines)
        under_way = any(  # a trade, a vote or an owed card (the layout's ``_under_way``)
            line.startswith(("Trade", "Vote in")) or " must remove a card from the " in line
            for line in lines
        )
        assert (layout.MEANING in text) != under_way  # what red and blue mean, room allowing
        board = Console(width=WIDTH, record=True, file=io.StringIO())
        board.print(layout.terminal_board(view, None))
        assert layout.MEANING in board.export_text()  # ``board`` always says it
        for name, facts in view["countries"].items():
            row = next(line for line in lines if f"{layout.code(name)} {name}" in line)
            cells = row.split()
            for value in (facts["status"], facts["army"], facts["ability"]):
                assert str(value) in cells, row
            assert layout.SIDES[facts["faction"]] in cells, row
            for a, b, _printed in borders():  # every adjacency, on both countries' rows
                if name in (a, b):
                    assert layout.code(b if a == name else a) in row.split(name)[1], row
            mine = name in view["you"]["victory_point_counters"]
            assert row.startswith("*") == mine, row
            for owner, display in view["displays"].items():
                if name in display:
                    number = layout.tag(owner).removeprefix("P")
                    assert f"{number}:{display[name]['votes']}" in text, (name, owner)
        for owner, points in view["victory_points"].items():
            assert f"{layout.tag(owner)} {points}/{view['cards_in_hand'][owner]}" in text
        for card in view["you"]["hand"]:
            assert layout.card_tag(card) in text, card
        war = view.get("last_war")
        if war and war["turn"] == view["turn"]:
            wars += 1
            assert f"{war['dice'][war['attacker']]}+" in text
            assert "MA" in text
        vote = view.get("vote")
        if vote and vote.get("issue"):
            votes += 1
            assert str(vote["issue"])[:30] in " ".join(text.split())
    assert wars + votes > 0


def test_every_border_is_drawn_on_the_map() -> None:
    """Seventeen borders, each listed on both countries' rows."""
    pairs = borders()
    assert len(pairs) == 17
    total = sum(len(layout.border_codes(name)) for name in layout.CODES)
    assert total == 2 * len(pairs)
