"""The 6/10 mm adaptation (Components; RULINGS.md R80): bases and every distance halved on the
same 180 x 120 cm table, through the game option ``scale``."""

from __future__ import annotations

import pytest

import stratagem
from stratagem import IllegalAction
from stratagem.core import OptionError
from stratagem.games.tercios.game import Tercios

from .helpers import apply, placed, start_activation
from .playout import play_checked

ARMIES = ("spanish_500", "swedish_500")


def _load(scale: str) -> Tercios:
    game = stratagem.load("tercios", armies=ARMIES, terrain="open", scale=scale)
    assert isinstance(game, Tercios)
    return game


STANDARD, SMALL = _load("15/28mm"), _load("6/10mm")


def _cm(game: Tercios, inches: float) -> float:
    return inches * game.pack.cm_per_inch


def test_small_scale_halves_every_base_and_keeps_the_table() -> None:
    """Small scale halves every base and keeps the 180 by 120 cm table [Figures and Bases]
    [The Table] [Other Components]."""
    for big, small in zip(STANDARD.troops, SMALL.troops, strict=True):
        assert _cm(SMALL, small.width) == pytest.approx(_cm(STANDARD, big.width) / 2)
        assert _cm(SMALL, small.depth) == pytest.approx(_cm(STANDARD, big.depth) / 2)
    for game in (STANDARD, SMALL):
        width, depth = game.pack.table_size
        assert (_cm(game, width), _cm(game, depth)) == pytest.approx((180.0, 120.0))
    view = SMALL.new_initial_state().view(None)
    assert view["table"]["cm_per_inch"] == pytest.approx(1.27)
    assert view["table"]["width"] == pytest.approx(141.732, abs=1e-3)


def test_small_scale_halves_a_move_in_real_distance() -> None:
    """Idiáquez (Mvt 4, Ready!) moves 4 scale inches, 5.08 cm instead of 10.16 cm; a move
    of 4.5 is refused at both scales with the rule."""
    for game, real in ((STANDARD, 10.16), (SMALL, 5.08)):
        state = game.new_initial_state()
        start_activation(state, {})
        state = placed(game, state, {"Idiáquez": (30.0, 20.0, 90.0)})
        apply(state, "activate Idiáquez")
        unit = game.troop_index["Idiáquez"]
        x, y = state.placement(unit).front
        with pytest.raises(IllegalAction, match="this unit may move 4 now"):
            state.apply_action(f"move Idiáquez to {x:g},{y + 4.5:g}")
        state.apply_action(f"move Idiáquez to {x:g},{y + 4:g}")
        assert _cm(game, state.placement(unit).front[1] - y) == pytest.approx(real, abs=0.01)


def test_small_scale_plays_a_legal_battle() -> None:
    assert play_checked(SMALL.new_initial_state(), 6, 400) > 100


def test_an_unknown_scale_is_refused() -> None:
    with pytest.raises(OptionError, match="scale"):
        stratagem.load("tercios", scale="1/72")
