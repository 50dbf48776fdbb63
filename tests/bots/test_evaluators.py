"""The evaluators that let ISMCTS stop a rollout after a turn: bounded, zero-sum for two
seats, exact at the end, and better for a seat that is further ahead."""

from __future__ import annotations

import random
from typing import cast

import pytest

import stratagem
from stratagem.bots import make_bot
from stratagem.bots.base import make_evaluator
from stratagem.core import CHANCE, Game, State
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState
from stratagem.games.tercios.game import Tercios
from stratagem.testing import random_playout

from .helpers import GAMES, decision_points


def _with(game: Game, state: State, **changes: object) -> State:
    """``state`` with some fields of its saved document changed, read back."""
    doc = state.to_json()
    doc["state"] = {**doc["state"], **changes}
    return game.state_from_json(doc)


@pytest.mark.parametrize("name", GAMES)
def test_values_are_expected_returns_and_exact_at_the_end(name: str) -> None:
    """Two seats: zero-sum in [-1, 1]; more: chances of winning (summing to 1, or less
    where everyone may lose, as in Henry VIII), the points leader first (in Sixteen Thirty
    Something the points to come count too: its own test below)."""
    game = stratagem.load(name)
    evaluator = make_evaluator(game)
    assert evaluator is not None
    for state in decision_points(game, seed=4, every=40, limit=3):
        values = evaluator.values(state)
        assert all(-1.0 <= value <= 1.0 for value in values)
        if game.num_players == 2:
            assert sum(values) == pytest.approx(0.0)
        else:
            points = list(state.result()["scores"].values())
            assert 0.5 < sum(values) <= 1.0 + 1e-9
            if name != "sixteen_thirty_something":
                assert values.index(max(values)) == points.index(max(points))
        assert evaluator.horizon(state) == state.view(None)["turn"]
    end = random_playout(game, seed=2)
    assert evaluator.values(end) == end.returns()


@pytest.mark.parametrize("name", GAMES)
def test_values_read_only_what_every_seat_sees(name: str) -> None:
    """Worlds redealt from any seat's view (other hands, face-down cards and orders) are
    worth the same; in Sixteen Thirty Something once each seat's Victory Point Counters are
    put back as they were, the one secret its evaluator reads (from the world a search
    gives it: DECISIONS, "An evaluator reads the world it is given")."""
    game = stratagem.load(name)
    evaluator = make_evaluator(game)
    assert evaluator is not None
    rng = random.Random(5)
    redealt = 0
    for state in decision_points(game, seed=6, every=15, limit=4):
        values = evaluator.values(state)
        for seat in range(game.num_players):
            world = state.resample_hidden(seat, rng)
            redealt += world.to_json() != state.to_json()
            if isinstance(world, SixteenThirtySomethingState):
                world.counters = cast(SixteenThirtySomethingState, state).counters
            assert evaluator.values(world) == values
    assert redealt > 0


def test_eighty_years_war_values_more_provinces_more() -> None:
    game = stratagem.load("eighty_years_war")
    evaluator = make_evaluator(game)
    assert evaluator is not None
    state = next(decision_points(game, seed=1, every=30, limit=1))
    dutch = [evaluator.values(_with(game, state, provinces=[d, 17 - d]))[0] for d in range(4, 12)]
    assert dutch == sorted(dutch)
    assert dutch[0] < 0 < dutch[-1]


def test_britain_vs_france_values_follow_the_points() -> None:
    game = stratagem.load("britain_vs_france")
    evaluator = make_evaluator(game)
    assert evaluator is not None
    for state in decision_points(game, seed=3, every=25, limit=4):
        points = list(state.result()["scores"].values())
        value = evaluator.values(state)[0]
        assert (value > 0) == (points[0] > points[1]) or points[0] == points[1] == 0


def test_henry_viii_values_follow_influence_and_the_line() -> None:
    """More Influence, a better chance; an empty Line of Succession, a likely civil war;
    fewer Turns left to Henry, a sharper lead."""
    game = stratagem.load("henry_viii")
    evaluator = make_evaluator(game)
    assert evaluator is not None
    state = next(decision_points(game, seed=1, every=60, limit=1))
    doc = state.to_json()["state"]
    assert doc["turn"] >= 2 and doc["line"] and not doc["henry_dead"]
    before = evaluator.values(state)
    # Faction 2's characters go over to Faction 1
    owner = [0 if seat == 1 else seat for seat in doc["owner"]]
    merged = evaluator.values(_with(game, state, owner=owner))
    assert merged[0] > before[0] and merged[1] < before[1]
    assert sum(before) > 0.9
    assert sum(evaluator.values(_with(game, state, line=[]))) < 0.5
    leader = before.index(max(before))
    last_turn = evaluator.values(_with(game, state, henry_dead=True))
    assert last_turn[leader] > before[leader]


def test_tercios_values_follow_the_points_and_the_troops_left() -> None:
    game = stratagem.load("tercios")
    evaluator = make_evaluator(game)
    assert evaluator is not None
    state = next(decision_points(game, seed=1, every=30, limit=1))
    doc = state.to_json()["state"]
    spanish = [evaluator.values(_with(game, state, vp=[v, 6]))[0] for v in range(13)]
    assert spanish == sorted(spanish)
    assert spanish[0] < 0 < spanish[-1]
    swedes = [troop.index for troop in cast(Tercios, game).troops if troop.side == 1]
    alive = [alive and unit not in swedes[:3] for unit, alive in enumerate(doc["alive"])]
    assert evaluator.values(_with(game, state, alive=alive))[0] > evaluator.values(state)[0]


def test_sixteen_thirty_something_values_follow_the_points_and_what_the_counters_score() -> None:
    """More Victory Points, a better chance; so too counters in the countries where a seat
    has influence on display (they score again at every turn to come)."""
    game = stratagem.load("sixteen_thirty_something")
    evaluator = make_evaluator(game)
    assert evaluator is not None
    bots = [make_bot("heuristic", game, random.Random(seat)) for seat in range(3)]
    state = cast(SixteenThirtySomethingState, game.new_initial_state())
    rng = random.Random(1)
    while state.turn < 3:
        player = state.current_player()
        chosen = bots[player].choose(state, player) if player != CHANCE else None
        state.apply_action(state.sample_chance(rng) if chosen is None else chosen)
    countries = state.book.countries
    first = evaluator.values(state)[0]
    richer = [evaluator.values(_with(game, state, vp=[v, *state.vp[1:]]))[0] for v in range(40)]
    assert richer == sorted(richer) and richer[0] < first < richer[-1]
    scoring = [c for c in state.counters[0] if state.piles[0][c] and state.status[c]]
    idle = [c for c in range(len(countries)) if not state.piles[0][c]]
    assert scoring and idle, "the position must have counters that score and countries that do not"
    # the evaluator alone is asked: the first seat's counters all moved where it shows nothing
    elsewhere = state.clone()
    elsewhere.counters = [[idle[0]] * len(state.counters[0]), *state.counters[1:]]
    assert evaluator.values(elsewhere)[0] < first
