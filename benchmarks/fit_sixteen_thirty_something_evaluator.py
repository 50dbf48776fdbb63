"""Fit Sixteen Thirty Something's evaluator to heuristic games, and score richer forms on
held-out games.

    .venv/bin/python benchmarks/fit_sixteen_thirty_something_evaluator.py --players 4 --games 3000

Plays ``--games`` games of the heuristic in every seat (about 0.03 CPU s a game) and keeps
every turn start (where a search's one-turn rollout stops and asks the evaluator); fits on
the first two thirds of the games and scores each form on the rest in nats per position
(``evaluator_fit``). ``E`` below is the scorings still to come, counting this turn's, from
the Turn Track's random end.

Forms (a softmax over the seats of a score over a temperature):
- ``today``: ``SixteenThirtySomethingEvaluator`` as shipped (the ``true rate`` form with
  the constants fitted on four players);
- ``points only``: the form it had until session 23, Victory Points over a scale x (1 + a
  share of the turns to the tenth), refitted (it shipped with 3 and 0.5);
- ``E``: Victory Points over T0 + T1 x E;
- ``public rate``: Victory Points + w x E x (the points the seat's displayed influence
  would score this turn if it held a counter in every country), over T0 + T1 x E: public;
- ``true rate``: as ``public rate`` with the points its counters would really score this
  turn (in a search's redealt world, the searching seat's own and a guess at the others').
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
from numpy.typing import NDArray

import stratagem
from evaluator_fit import Chances, Form, Sample, fit, nats, softmax_rows, split, turn_starts
from stratagem.bots.heuristics.sixteen_thirty_something import SixteenThirtySomethingEvaluator
from stratagem.core import State
from stratagem.games.sixteen_thirty_something.influence import pile_votes
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState

DIE_FACES = 6


@dataclass
class Position:
    """A turn start: each seat's Victory Points, its displayed influence's points, its
    counters' points, the scorings to come (``E``), the turns to the tenth, and today's
    estimate."""

    vp: NDArray[np.float64]
    public_rate: NDArray[np.float64]
    true_rate: NDArray[np.float64]
    scorings: float
    to_the_last: float
    today: list[float]


def scorings_left(state: SixteenThirtySomethingState) -> float:
    """Scorings still to come, this turn's counted: 1 + the chance the game goes on after
    this turn (the Turn Track's number against a die) x the same from the next turn."""
    book = state.book
    last = book.rules.turns.max
    expected = 1.0
    for turn in range(last - 1, state.turn - 1, -1):
        number = book.random_end_number(turn) or 0
        expected = 1.0 + (1.0 - min(DIE_FACES, number) / DIE_FACES) * expected
    return expected


def keeper(evaluator: SixteenThirtySomethingEvaluator) -> Callable[[State], Position | None]:
    def keep(state: State) -> Position | None:
        world = cast(SixteenThirtySomethingState, state)
        if world.turn < 1:
            return None
        book = world.book
        seats = range(world.n)
        countries = range(len(book.countries))
        votes = [[pile_votes(book, world.piles[s][c]) for c in countries] for s in seats]
        public = [sum(min(world.status[c], votes[s][c]) for c in countries) for s in seats]
        true = [sum(min(world.status[c], votes[s][c]) for c in world.counters[s]) for s in seats]
        return Position(
            vp=np.array(world.vp, dtype=float),
            public_rate=np.array(public, dtype=float),
            true_rate=np.array(true, dtype=float),
            scorings=scorings_left(world),
            to_the_last=float(max(0, book.rules.turns.max - world.turn)),
            today=evaluator.estimate(world),
        )

    return keep


def turn_of(state: State) -> int:
    """The turn on the Turn Track."""
    return cast(SixteenThirtySomethingState, state).turn


def stacked(samples: Sequence[Sample[Position]], name: str) -> NDArray[np.float64]:
    return np.array([getattr(sample.position, name) for sample in samples], dtype=float)


def refit_form(params: NDArray[np.float64], samples: Sequence[Sample[Position]]) -> Chances:
    scale, per_turn = params
    temperature = np.maximum(scale * (1.0 + per_turn * stacked(samples, "to_the_last")), 1e-3)
    return softmax_rows(stacked(samples, "vp") / temperature[:, None])


def rate_form(rate: str | None) -> Form[Position]:
    def form(params: NDArray[np.float64], samples: Sequence[Sample[Position]]) -> Chances:
        t0, t1 = params[:2]
        scorings = stacked(samples, "scorings")
        score = stacked(samples, "vp")
        if rate is not None:
            score = score + params[2] * scorings[:, None] * stacked(samples, rate)
        temperature = np.maximum(t0 + t1 * scorings, 1e-3)
        return softmax_rows(score / temperature[:, None])

    return form


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = stratagem.load("sixteen_thirty_something", args.players)
    evaluator = SixteenThirtySomethingEvaluator(game)
    keep = keeper(evaluator)
    games = [turn_starts(game, args.seed * 100_000 + g, keep, turn_of) for g in range(args.games)]
    train, test = split(games)
    print(f"{len(games)} games of {args.players}: {len(train)} turn starts to fit,", end=" ")
    print(f"{len(test)} held out")
    even = np.full((len(test), args.players), 1.0 / args.players)
    print(f"even chances:        {nats(even, test):.4f} nats")
    print(f"today (as shipped):  {nats(stacked(test, 'today'), test):.4f} nats")
    forms = (
        ("points only", refit_form, [3.0, 0.5]),
        ("E", rate_form(None), [3.0, 1.5]),
        ("public rate", rate_form("public_rate"), [3.0, 1.5, 0.1]),
        ("true rate", rate_form("true_rate"), [3.0, 1.5, 0.5]),
    )
    for name, form, start in forms:
        params = fit(form, start, train)
        shown = ", ".join(f"{value:.3f}" for value in params)
        print(f"{name:19} {nats(form(params, test), test):.4f} nats held out; parameters {shown}")


if __name__ == "__main__":
    main()
