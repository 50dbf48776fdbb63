"""Fit Henry VIII's evaluator to heuristic games, and score richer forms on held-out games.

    .venv/bin/python benchmarks/fit_henry_viii_evaluator.py --games 3000 --seed 1

Plays ``--games`` five-player games of the heuristic in every seat (about 0.03 CPU s a
game) and keeps every Turn start from Turn 2 (where a search's one-Turn rollout stops and
asks the evaluator); fits on the first two thirds of the games and scores each form on the
rest in nats per position (``evaluator_fit``; the script prints the score of even chances,
with everyone losing at its rate in the fitting games).

Forms: ``today`` is ``HenryVIIIEvaluator`` with its constants as shipped; ``refit`` the same
form refitted here; ``rich`` adds to each faction's Influence at court, weighted and under
the same temperature: its members' card Influence in the Tower or abroad (they may come
back), its court cards in hand, whether it holds the Queen, and its members in the Line
of Succession. Every feature is public (what the evaluator may read).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
from numpy.typing import NDArray

import stratagem
from evaluator_fit import Chances, Form, Sample, fit, nats, softmax_rows, split, turn_starts
from stratagem.bots.heuristics.henry_viii import (
    NO_HEIR,
    TEMPERATURE,
    TEMPERATURE_PER_TURN,
    HenryVIIIEvaluator,
)
from stratagem.core import State
from stratagem.games.henry_viii.places import ABROAD, COURT, TOWER
from stratagem.games.henry_viii.state import HenryVIIIState

FEATURES = ("influence at court", "away (Tower, abroad)", "cards in hand", "Queen", "heirs")


@dataclass
class Position:
    """A Turn start: each faction's features, the Turns expected after this one, whether
    the Line is empty, and today's estimate."""

    features: NDArray[np.float64]
    further: float
    empty: bool
    today: list[float]


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


def keeper(evaluator: HenryVIIIEvaluator) -> Callable[[State], Position | None]:
    def keep(state: State) -> Position | None:
        court = cast(HenryVIIIState, state)
        if court.turn < 2:
            return None
        further = evaluator.turns_left(court) - 1.0
        empty = not court.line and court.stage != "Setup"
        return Position(features(court), further, empty, evaluator.estimate(court))

    return keep


def form(rich: bool) -> Form[Position]:
    """Each position's chances (five factions, then everyone losing) under the parameters:
    temperature base and per Turn, the three log-odds of no heir, then (``rich``) the
    weights of the features after the first."""

    def chances(params: NDArray[np.float64], samples: Sequence[Sample[Position]]) -> Chances:
        t0, t1, base, if_empty, per_turn = params[:5]
        weights = np.concatenate([[1.0], params[5:]]) if rich else np.array([1.0])
        rows = np.array([s.position.features[:, : len(weights)] @ weights for s in samples])
        further = np.array([s.position.further for s in samples])
        empty = np.array([s.position.empty for s in samples], dtype=float)
        temperature = np.maximum(t0 + t1 * further, 1e-3)
        nobody = 1.0 / (1.0 + np.exp(-(base + if_empty * empty + per_turn * further)))
        shares = softmax_rows(rows / temperature[:, None]) * (1.0 - nobody)[:, None]
        return np.concatenate([shares, nobody[:, None]], axis=1)

    return chances


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = stratagem.load("henry_viii", 5)
    keep = keeper(HenryVIIIEvaluator(game))
    games = [
        turn_starts(
            game,
            args.seed * 100_000 + g,
            keep,
            lambda s: cast(HenryVIIIState, s).turn,
            everyone_loses=True,
        )
        for g in range(args.games)
    ]
    train, test = split(games)
    print(f"{len(games)} games: {len(train)} Turn starts to fit, {len(test)} held out")
    nobody = float(np.mean([s.outcome[5] for s in train]))
    even = np.array([[(1.0 - nobody) / 5] * 5 + [nobody]] * len(test))
    print(f"even chances (everyone loses at its rate, {nobody:.3f}): {nats(even, test):.4f} nats")
    today = np.array([[*s.position.today, 1.0 - math.fsum(s.position.today)] for s in test])
    print(f"today  (as shipped):               {nats(today, test):.4f} nats")
    start = [TEMPERATURE, TEMPERATURE_PER_TURN, *NO_HEIR]
    for name, rich in (("refit", False), ("rich", True)):
        params = fit(form(rich), start + [0.0] * (len(FEATURES) - 1) * rich, train)
        score = nats(form(rich)(params, test), test)
        shown = ", ".join(f"{value:.3f}" for value in params)
        print(f"{name:6} {score:.4f} nats held out; parameters {shown}")
    print("rich weights after the first:", ", ".join(FEATURES[1:]))


if __name__ == "__main__":
    main()
