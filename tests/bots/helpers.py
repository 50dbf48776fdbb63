"""Shared by the bot tests: every registered game at its fewest players, and positions."""

from __future__ import annotations

import random
from collections.abc import Iterator

import stratagem
from stratagem.bots import make_bot
from stratagem.core import CHANCE, TERMINAL, Game, State

GAMES = [info.name for info in stratagem.available_games()]


def load_smallest(name: str) -> Game:
    """``name`` at its fewest players."""
    return stratagem.load(name)


def decision_points(game: Game, seed: int, every: int, limit: int) -> Iterator[State]:
    """Positions of one random game where a seat has a real choice (two or more actions).

    Every ``every``-th such position is yielded, at most ``limit`` of them.
    """
    rng = random.Random(seed)
    state = game.new_initial_state()
    seen = given = 0
    while given < limit:
        player = state.current_player()
        if player == TERMINAL:
            return
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            seen += 1
            if seen % every == 0:
                given += 1
                yield state.clone()
        state.apply_action(legal[int(rng.random() * len(legal))])


def heuristic_turns(seed: int, seat: int, phase: str, limit: int) -> Iterator[State]:
    """An Eighty Years War game of heuristics: the positions where ``seat`` makes its
    first decision of a turn's ``phase`` (in the Action Phase the Dutch have then built
    their melds, or the Spanish not yet begun theirs: ACTION PHASE)."""
    game = stratagem.load("eighty_years_war")
    rng = random.Random(seed)
    bots = [make_bot("heuristic", game, random.Random(seed + side)) for side in (0, 1)]
    state = game.new_initial_state()
    given = 0
    last = None
    while given < limit and not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        view = state.view(player)
        if player == seat and view["phase"] == phase and (view["turn"], phase) != last:
            last = (view["turn"], phase)
            given += 1
            yield state.clone()
        state.apply_action(bots[player].choose(state, player))
