"""Board drawings: Eighty Years War's from a seat's view, the generic one for any view, and
what the Tercios table carries for the page to map a click to inches."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import stratagem
from stratagem.render import board_renderer
from stratagem.render.eighty_years_war import board_svg
from stratagem.render.generic import draw_board, draw_pieces, view_pieces, view_svg


def _texts(svg: str) -> str:
    root = ET.fromstring(svg)
    return " ".join(node.text or "" for node in root.iter() if node.tag.endswith("text"))


def _strategy_state() -> stratagem.State:
    rng = random.Random(2)
    state = stratagem.load("eighty_years_war").new_initial_state()
    while state.is_chance_node() or state.view(0)["phase"] != "Strategy Phase":
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_eighty_years_war_board_shows_the_seats_hand_and_the_province_track() -> None:
    state = _strategy_state()
    view = state.view(0)
    svg = board_svg(view)
    text = " ".join(_texts(svg).split())
    assert "Your hand (Dutch)" in text
    for card in view["you"]["hand"]:
        assert all(word in text for word in card.split())
    assert f"Dutch {view['provinces']['Dutch']}" in text
    assert f"Spanish {view['provinces']['Spanish']}" in text
    assert svg.count('class="card"') == len(view["you"]["hand"])


def test_a_spectator_board_has_no_hand() -> None:
    svg = board_svg(_strategy_state().view(None))
    assert "Your hand" not in _texts(svg)
    assert 'class="card"' not in svg


def test_the_generic_board_draws_any_view_and_escapes_its_text() -> None:
    view = {
        "game": "some_game",
        "turn": 3,
        "scores": {"Red": 2, "Blue": 5},
        "note": "<script>alert(1)</script> & more",
        "you": {"hand": ["Ace", "King"]},
    }
    svg = view_svg(view)
    text = _texts(svg)
    assert "<script>" not in svg
    assert "<script>alert(1)</script> & more" in text
    for words in ("Turn: 3", "Red: 2", "Blue: 5", "Yours (only you see this)", "Hand: Ace, King"):
        assert words in text


def test_draw_board_uses_the_games_own_drawing_or_the_generic_one() -> None:
    view = _strategy_state().view(1)
    assert board_renderer("eighty_years_war") is board_svg
    assert draw_board("eighty_years_war", view) == board_svg(view)
    assert board_renderer("no_such_game") is None
    assert draw_board("no_such_game", view) == view_svg(view)


def test_every_board_comes_in_pieces_that_join_into_its_drawing() -> None:
    for info in stratagem.available_games():
        state = stratagem.load(info.name).new_initial_state()
        rng = random.Random(4)
        for _ in range(30):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(state.sample_chance(rng))
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        for seat in [None, *range(state.game.num_players)]:
            view = state.view(seat)
            pieces = draw_pieces(info.name, view)
            assert "".join(pieces) == draw_board(info.name, view), info.name
            assert pieces[0].startswith("<svg") and pieces[-1] == "</svg>", info.name
            assert len(pieces) > 10, f"{info.name}: {len(pieces)} pieces"
    generic = view_pieces(view)
    assert "".join(generic) == view_svg(view) and len(generic) > 3
