"""What the evaluator-fitting scripts share (``fit_*_evaluator.py``): heuristic games'
turn starts with their outcomes, a form's nats per position, and a likelihood fit.

A form maps parameters and positions to each position's chances (one column per seat, and
one more where everyone can lose); it is fitted by scipy's L-BFGS-B on the first two thirds
of the games and scored on the rest.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar, cast

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize

from stratagem.bots import make_bot
from stratagem.core import CHANCE, TERMINAL, Game, State

P = TypeVar("P")
Chances = NDArray[np.float64]


@dataclass
class Sample(Generic[P]):
    """A turn start's features (whatever the game's script keeps) and how the game ended:
    each seat's share of the win, then (if ``everyone_loses``) 1 where nobody won."""

    position: P
    outcome: NDArray[np.float64]


def turn_starts(
    game: Game,
    seed: int,
    keep: Callable[[State], P | None],
    turn: Callable[[State], int],
    everyone_loses: bool = False,
) -> list[Sample[P]]:
    """One game of the heuristic in every seat; ``keep`` is asked at the first state of
    each turn (``turn`` grew) and what it returns is kept with the game's outcome."""
    rng = random.Random(seed)
    seats = range(game.num_players)
    bots = [make_bot("heuristic", game, random.Random(seed * 10 + s)) for s in seats]
    state = game.new_initial_state()
    kept: list[P] = []
    last = -1
    while state.current_player() != TERMINAL:
        now = turn(state)
        if now != last:
            last = now
            found = keep(state)
            if found is not None:
                kept.append(found)
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bots[player].choose(state, player))
    returns = state.returns()
    tail = [1.0 if sum(returns) == 0 else 0.0] if everyone_loses else []
    outcome = np.array([*returns, *tail])
    return [Sample(position, outcome) for position in kept]


def nats(chances: Chances, samples: Sequence[Sample[P]]) -> float:
    """Mean negative log-likelihood of the outcomes, in nats per position."""
    outcomes = np.array([sample.outcome for sample in samples])
    return float(-(outcomes * np.log(np.clip(chances, 1e-12, 1.0))).sum(axis=1).mean())


Form = Callable[[NDArray[np.float64], Sequence[Sample[P]]], Chances]


def fit(form: Form[P], start: Sequence[float], samples: Sequence[Sample[P]]) -> NDArray[np.float64]:
    """The parameters of ``form`` of most likelihood on ``samples``, from ``start``."""
    result = minimize(
        lambda x: nats(form(x, samples), samples), np.array(start, dtype=float), method="L-BFGS-B"
    )
    return cast(NDArray[np.float64], result.x)


def split(games: Sequence[list[Sample[P]]]) -> tuple[list[Sample[P]], list[Sample[P]]]:
    """The first two thirds of the games' samples (to fit) and the rest (held out)."""
    cut = 2 * len(games) // 3
    return [s for g in games[:cut] for s in g], [s for g in games[cut:] for s in g]


def softmax_rows(logits: NDArray[np.float64]) -> Chances:
    """Each row's softmax."""
    shifted = logits - logits.max(axis=1, keepdims=True)
    weights = np.exp(shifted)
    return cast(Chances, weights / weights.sum(axis=1, keepdims=True))
