"""The heuristic bot plays whole games legally; the board drawing shows only the view."""

from __future__ import annotations

import random
import xml.dom.minidom

import pytest

from stratagem import CHANCE
from stratagem.bots.base import make_bot
from stratagem.render import board_renderer

from .helpers import load


@pytest.mark.parametrize("players", [5, 8])
def test_the_heuristic_plays_whole_games(players: int) -> None:
    """Every seat heuristic: each choice is legal and the game ends with a result."""
    game = load(players)
    for seed in range(2):
        rng = random.Random(seed)
        bots = [make_bot("heuristic", game, random.Random(seed * 10 + s)) for s in range(players)]
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(bots[player].choose(state, player), seat=player)
        assert state.result()["details"]["ended"] in ("henry_died", "no_heir", "pilgrimage")


def _midgame(players: int = 6) -> tuple[object, object]:
    game = load(players)
    state = game.new_initial_state()
    rng = random.Random(4)
    while state.view(None)["stage"] != "Player Rounds" or state.current_player() == CHANCE:
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(state.legal_actions()[0])
    return game, state


def test_the_board_shows_the_court_the_tower_and_the_line() -> None:
    _, state = _midgame()
    draw = board_renderer("henry_viii")
    assert draw is not None
    view = state.view(0)  # type: ignore[attr-defined]
    svg = draw(view)
    xml.dom.minidom.parseString(svg)
    for words in ("King Henry VIII", "Line of Succession", "The Tower", "Faction 6", "Mary Tudor"):
        assert words in svg
    for card in view["you"]["hand"]:
        assert card.replace("'", "&#x27;") in svg


def test_the_board_of_another_seat_hides_the_hand() -> None:
    _, state = _midgame()
    draw = board_renderer("henry_viii")
    assert draw is not None
    mine = state.view(0)  # type: ignore[attr-defined]
    theirs = draw(state.view(1))  # type: ignore[attr-defined]
    spectator = draw(state.view(None))  # type: ignore[attr-defined]
    for card in mine["you"]["hand"]:
        escaped = card.replace("'", "&#x27;")
        assert escaped not in theirs and escaped not in spectator
