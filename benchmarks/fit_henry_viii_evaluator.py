"""Fit Henry VIII's evaluator to heuristic games, and score richer forms on held-out games.

    .venv/bin/python benchmarks/fit_henry_viii_evaluator.py --games 3000 --seed 1

Plays ``--games`` five-player games of the heuristic in every seat (about 0.03 CPU s a
game), keeps every Turn start from Turn 2 (where a search's one-Turn rollout stops and asks
the evaluator), and fits by likelihood (scipy's L-BFGS-B) on the first two thirds of the
games; the last third scores each form, in nats per position (lower is better; the script
prints the score of even chances, with everyone losing at its rate in the fitting games).

Forms: ``today`` is ``HenryVIIIEvaluator`` with its constants as shipped; ``refit`` the same
form refitted here; ``rich`` adds to each faction's Influence at court, weighted and under
the same temperature: its members' card Influence in the Tower or abroad (they may come
back), its court cards in hand, whether it holds the Queen, and its members in the Line
of Succession. Every feature is public (what the evaluator may read).
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass
from typing import cast

import numpy as np
from numpy.typing import NDArray
from scipy.optimize import minimize

import stratagem
from stratagem.bots import make_bot
from stratagem.bots.heuristics.henry_viii import (
    NO_HEIR,
    TEMPERATURE,
    TEMPERATURE_PER_TURN,
    HenryVIIIEvaluator,
)
from stratagem.core import CHANCE, TERMINAL, Game
from stratagem.games.henry_viii.places import ABROAD, COURT, TOWER
from stratagem.games.henry_viii.state import HenryVIIIState

FEATURES = ("influence at court", "away (Tower, abroad)", "cards in hand", "Queen", "heirs")


@dataclass
class Position:
    """A Turn start: each faction's features, the Turns expected after this one, whether
    the Line is empty, today's estimate, and how the game ended (each faction's share of
    the win, then 1 if everyone lost)."""

    features: NDArray[np.float64]
    further: float
    empty: bool
    today: list[float]
    outcome: NDArray[np.float64]


def features(court: HenryVIIIState) -> NDArray[np.float64]:
    """Each faction's row of ``FEATURES``."""
    cards = court._g.influence.cards
    rows = np.zeros((court.players, len(FEATURES)))
    rows[:, 0] = court.faction_influences()
    for c, seat in enumerate(court.owner):
        if 0 <= seat < court.players and court.where[c] in (*TOWER, *ABROAD):
            rows[seat, 1] += cards[c]
    for seat in range(court.players):
        rows[seat, 2] = len(court.hands[seat])
    if court.queen >= 0 and 0 <= court.owner[court.queen] < court.players:
        rows[court.owner[court.queen], 3] = 1.0
    for c in court.line:
        if 0 <= court.owner[c] < court.players and court.where[c] == COURT:
            rows[court.owner[c], 4] += 1.0
    return rows


def play(game: Game, seed: int, evaluator: HenryVIIIEvaluator) -> list[Position]:
    """One heuristic game's Turn starts from Turn 2, with its outcome."""
    rng = random.Random(seed)
    bots = [make_bot("heuristic", game, random.Random(seed * 10 + s)) for s in range(5)]
    state = game.new_initial_state()
    kept: list[tuple[NDArray[np.float64], float, bool, list[float]]] = []
    turn = 0
    while state.current_player() != TERMINAL:
        court = cast(HenryVIIIState, state)
        if court.turn != turn:
            turn = court.turn
            if turn >= 2:
                further = evaluator.turns_left(court) - 1.0
                empty = not court.line and court.stage != "Setup"
                kept.append((features(court), further, empty, evaluator.estimate(court)))
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bots[player].choose(state, player))
    returns = state.returns()
    outcome = np.array([*returns, 1.0 if sum(returns) == 0 else 0.0])
    return [Position(f, t, e, today, outcome) for f, t, e, today in kept]


def probabilities(
    params: NDArray[np.float64], positions: list[Position], rich: bool
) -> NDArray[np.float64]:
    """Each position's chances (five factions, then everyone losing) under ``params``:
    temperature base and per Turn, the three log-odds of no heir, then (rich) the weights
    of the features after the first."""
    t0, t1, base, if_empty, per_turn = params[:5]
    weights = np.concatenate([[1.0], params[5:]]) if rich else np.array([1.0])
    out = np.empty((len(positions), 6))
    for row, p in enumerate(positions):
        score = p.features[:, : len(weights)] @ weights
        temperature = max(t0 + t1 * p.further, 1e-3)
        logits = score / temperature
        logits -= logits.max()
        chances = np.exp(logits) / np.exp(logits).sum()
        nobody = 1.0 / (1.0 + math.exp(-(base + if_empty * p.empty + per_turn * p.further)))
        out[row, :5] = (1.0 - nobody) * chances
        out[row, 5] = nobody
    return out


def nats(chances: NDArray[np.float64], positions: list[Position]) -> float:
    """Mean negative log-likelihood of the outcomes, in nats per position."""
    outcomes = np.array([p.outcome for p in positions])
    return float(-(outcomes * np.log(np.clip(chances, 1e-12, 1.0))).sum(axis=1).mean())


def fit(positions: list[Position], rich: bool) -> NDArray[np.float64]:
    """The parameters of most likelihood on ``positions``."""
    start = np.array([TEMPERATURE, TEMPERATURE_PER_TURN, *NO_HEIR])
    if rich:
        start = np.concatenate([start, np.zeros(len(FEATURES) - 1)])
    result = minimize(
        lambda x: nats(probabilities(x, positions, rich), positions), start, method="L-BFGS-B"
    )
    return cast(NDArray[np.float64], result.x)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = stratagem.load("henry_viii", 5)
    evaluator = HenryVIIIEvaluator(game)
    games = [play(game, args.seed * 100_000 + g, evaluator) for g in range(args.games)]
    cut = 2 * len(games) // 3
    train = [p for g in games[:cut] for p in g]
    test = [p for g in games[cut:] for p in g]
    print(f"{len(games)} games: {len(train)} Turn starts to fit, {len(test)} held out")
    nobody = float(np.mean([p.outcome[5] for p in train]))
    even = np.array([[(1.0 - nobody) / 5] * 5 + [nobody]] * len(test))
    print(f"even chances (everyone loses at its rate, {nobody:.3f}): {nats(even, test):.4f} nats")
    today = np.array([[*p.today, 1.0 - sum(p.today)] for p in test])
    print(f"today  (as shipped):               {nats(today, test):.4f} nats")
    for name, rich in (("refit", False), ("rich", True)):
        params = fit(train, rich)
        score = nats(probabilities(params, test, rich), test)
        shown = ", ".join(f"{value:.3f}" for value in params)
        print(f"{name:6} {score:.4f} nats held out; parameters {shown}")
    print("rich weights after the first:", ", ".join(FEATURES[1:]))


if __name__ == "__main__":
    main()
