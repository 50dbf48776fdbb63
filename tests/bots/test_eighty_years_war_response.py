"""The search's melds in Eighty Years War, chosen at once as a best response over its worlds
(``heuristics.eighty_years_war_response``): checked against every way of building them,
played through the game's own reveal."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import cast

import pytest

import stratagem
from stratagem.bots import make_bot
from stratagem.bots.heuristics.eighty_years_war import (
    EightyYearsWarEvaluator,
    EightyYearsWarHeuristic,
)
from stratagem.core import Action, State
from stratagem.games.eighty_years_war.state import EightyYearsWarState

from .helpers import heuristic_turns

DUTCH, SPANISH = 0, 1
GAME = stratagem.load("eighty_years_war")
EVALUATOR = EightyYearsWarEvaluator(GAME)


def _heuristic() -> EightyYearsWarHeuristic:
    heuristic = make_bot("heuristic", GAME, random.Random(0))
    assert isinstance(heuristic, EightyYearsWarHeuristic)
    return heuristic


def _worlds(state: State, seat: int, count: int) -> list[State]:
    """Worlds the seat cannot tell apart, in which the other side's melds (the Dutch's, if
    built) are the heuristic's, as the response assumes of the other side."""
    heuristic = _heuristic()
    worlds = []
    for draw in range(count):
        world = cast(EightyYearsWarState, state.resample_hidden(seat, random.Random(draw)))
        if world.melds[1 - seat][0]:
            heuristic.resplit(world, 1 - seat)
        worlds.append(world)
    return worlds


def _finish_turn(state: State, seat: int, turn: int) -> float:
    """The other side builds its melds as the heuristic does, both reveal (ending
    ``turn``); what the evaluator says ``seat``'s position is then worth."""
    other = make_bot("heuristic", GAME, random.Random(1))
    while not state.is_terminal() and cast(EightyYearsWarState, state).turn == turn:
        state.apply_action(other.choose(state, state.current_player()))
    return EVALUATOR.values(state)[seat]


def _worth(worlds: list[State], seat: int, steps: list[Action]) -> float:
    """The mean worth over ``worlds`` of building the melds by ``steps``."""
    total = 0.0
    for world in worlds:
        state = world.clone()
        turn = cast(EightyYearsWarState, state).turn
        for action in steps:
            state.apply_action(action)
        total += _finish_turn(state, seat, turn)
    return total / len(worlds)


def _every_way(world: State, seat: int, steps: list[Action]) -> list[list[Action]]:
    """Every sequence of the seat's meld steps from ``world`` after ``steps``."""
    state = world.clone()
    for action in steps:
        state.apply_action(action)
    if state.current_player() != seat:
        return [steps]
    return [
        way for action in state.legal_actions() for way in _every_way(world, seat, [*steps, action])
    ]


def _responded(worlds: list[State], seat: int) -> list[Action]:
    """The steps the response takes, asked afresh at each one (in the worlds as built so far)."""
    heuristic = _heuristic()
    states = [world.clone() for world in worlds]
    steps: list[Action] = []
    while states[0].current_player() == seat:
        legal = states[0].legal_actions()
        action = (
            legal[0]
            if len(legal) == 1
            else heuristic.respond(legal, iter([state.clone() for state in states]), seat)
        )
        steps.append(action)
        for state in states:
            state.apply_action(action)
    return steps


@pytest.mark.parametrize("seat", [DUTCH, SPANISH])
def test_the_melds_chosen_are_worth_most_of_every_way_to_build_them(seat: int) -> None:
    """Against the other side's melds in three worlds, the response's melds are worth, by
    the evaluator after the real reveal, as much as the best of every way of placing the
    cards (and of showing an Event); the heuristic's own melds fall short somewhere."""
    short = 0
    for state in heuristic_turns(seed=11, seat=seat, phase="Action Phase", limit=5):
        worlds = _worlds(state, seat, 3)
        best = max(_worth(worlds, seat, way) for way in _every_way(worlds[0], seat, []))
        assert _worth(worlds, seat, _responded(worlds, seat)) == pytest.approx(best, abs=1e-12)
        own = _heuristic()
        played: list[Action] = []
        state_now = worlds[0].clone()
        while state_now.current_player() == seat:
            action = own.choose(state_now, seat)
            played.append(action)
            state_now.apply_action(action)
        short += _worth(worlds, seat, played) < best - 1e-9
    assert short > 0


def test_cards_already_placed_stay_where_they_are() -> None:
    """Asked after a first card went where the response would not put it, the response
    keeps it there and places the rest around it."""
    heuristic = _heuristic()
    for state in heuristic_turns(seed=12, seat=DUTCH, phase="Action Phase", limit=4):
        legal = state.legal_actions()
        wanted = heuristic.respond(legal, iter(_worlds(state, DUTCH, 5)), DUTCH)
        other = next(action for action in legal if action != wanted)
        state.apply_action(other)
        board = cast(EightyYearsWarState, state)
        placed = [list(meld) for meld in board.melds[DUTCH]]
        while state.current_player() == DUTCH:
            legal = state.legal_actions()
            step = (
                legal[0]
                if len(legal) == 1
                else heuristic.respond(legal, iter(_worlds(state, DUTCH, 5)), DUTCH)
            )
            state.apply_action(step)
        for meld in (0, 1):
            assert set(placed[meld]) <= set(board.melds[DUTCH][meld])


def test_the_evaluator_s_odds_are_the_result_when_no_turn_is_left() -> None:
    """With no turn left the odds are the game's result [Victory]: the Dutch win with 8,
    the Spanish with 11 (the Dutch down to 6), anything between is a Historical Tie; with
    turns left they are the estimate's."""
    assert EVALUATOR.odds(8, 0) == [1.0, -1.0]
    assert EVALUATOR.odds(7, 0) == [0.0, 0.0]
    assert EVALUATOR.odds(6, 0) == [-1.0, 1.0]
    state = next(heuristic_turns(seed=13, seat=DUTCH, phase="Action Phase", limit=1))
    board = cast(EightyYearsWarState, state)
    assert EVALUATOR.estimate(state) == EVALUATOR.odds(
        board.provinces[DUTCH], EVALUATOR.turns - board.turn + 1
    )


def _discard_steps(seed: int, seat: int, limit: int) -> Iterator[State]:
    """Each of ``seat``'s steps of the Strategy Phase in a game of heuristics, in the
    first ``limit`` turns: the first, and each after a discard the heuristic made."""
    heuristic = _heuristic()
    for state in heuristic_turns(seed=seed, seat=seat, phase="Strategy Phase", limit=limit):
        while state.current_player() == seat:
            yield state.clone()
            state.apply_action(heuristic.choose(state, seat))


@pytest.mark.parametrize("seat", [DUTCH, SPANISH])
def test_the_discards_answered_are_the_heuristic_s_own(seat: int) -> None:
    """A step of the Strategy Phase is answered as the heuristic takes it (DECISIONS,
    "Eighty Years War's melds answered at once": a one-step best response over the worlds
    scored lower), whatever worlds it is handed."""
    heuristic = _heuristic()
    steps = 0
    for state in _discard_steps(seed=21, seat=seat, limit=4):
        worlds = [state.resample_hidden(seat, random.Random(draw)) for draw in range(3)]
        legal = state.legal_actions()
        assert heuristic.respond(legal, iter(worlds), seat) == _heuristic().choose(state, seat)
        steps += 1
    assert steps > 4
