"""The board drawing (``stratagem.render.sixteen_thirty_something.board_svg``): well-formed
SVG with the nine countries, their state and every display, drawn from a view alone."""

from __future__ import annotations

import random
from xml.etree import ElementTree

from stratagem.games.sixteen_thirty_something import phases
from stratagem.render import board_renderer

from .helpers import COUNTRIES, SIMON, TIM, game, play_randomly, position

SVG = "{http://www.w3.org/2000/svg}"


def test_board_shows_countries_state_and_displays() -> None:
    draw = board_renderer("sixteen_thirty_something")
    assert draw is not None
    state = position(
        phase=phases.SPECIALS,
        piles={SIMON: {"England": (True, ["England 2", "Open 1"])}},
        board={"France": {"faction": 0, "leaders": 1, "unrest": 1}, "Spain": {"faction": 1}},
        counters={TIM: ["Spain", "Poland", "Sweden"]},
    )
    svg = draw(state.view(TIM))
    root = ElementTree.fromstring(svg)
    groups = {
        g.get("data-name"): g
        for g in root.iter(f"{SVG}g")
        if "country" in (g.get("class") or "").split()
    }
    assert set(groups) == set(COUNTRIES)
    texts = " ".join(t.text or "" for t in root.iter(f"{SVG}text"))
    assert "Red faction" in texts and "Status 3, Army 2" in texts
    assert "Leader x1" in texts and "Unrest" in texts
    assert "England ▼ 3 votes: 2, Open 1" in texts
    assert "Your Victory Point Counters" in texts
    assert {"Spain", "Poland", "Sweden"} <= set(texts.split())
    france = groups["France"].find(f"{SVG}rect")
    assert france is not None and france.get("fill") == "#f2c4c0"
    france_title = groups["France"].find(f"{SVG}title")
    assert france_title is not None and "Combat modifier now +2" in (france_title.text or "")
    spectator = draw(state.view(None))
    assert "Your Victory Point Counters" not in spectator and "Your hand" not in spectator


def test_board_of_a_game_in_progress_is_well_formed() -> None:
    state = game(6).new_initial_state()
    play_randomly(state, random.Random(6), steps=1500)
    for seat in (None, 0, 5):
        root = ElementTree.fromstring(board_renderer("sixteen_thirty_something")(state.view(seat)))  # type: ignore[misc]
        lowest = max(float(t.get("y", 0)) for t in root.iter(f"{SVG}text"))
        assert lowest < float(root.get("height", 0))  # every display fits on the drawing
