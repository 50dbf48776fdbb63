"""Playouts the games' bot and property tests share: bots against bots, a line of play
chosen by a property test, and the checks every such line must pass."""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Iterator, Sequence

from stratagem.bots import make_bot
from stratagem.core import CHANCE, Action, Game, State
from stratagem.testing.conformance import ConformanceError


def play_bots(game: Game, names: Sequence[str], seed: int) -> list[float]:
    """A seeded game between the bots ``names`` (seat order), each decision checked to be
    legal; the returns. Chance draws from ``Random(seed)``, bot ``i`` from
    ``Random(2 * seed + i)``."""
    state = game.new_initial_state()
    for _, action in _decisions(game, state, names, seed):
        if action not in state.legal_actions():
            player = state.current_player()
            raise ConformanceError(f"{names[player]} chose {action.text!r}, which is not legal")
    return state.returns()


def bot_choices(game: Game, names: Sequence[str], seed: int) -> Iterator[tuple[State, Action]]:
    """The positions of a seeded game between the bots ``names`` (seat order) where the
    seat to move has a choice, each with the action its bot chose there, which is played
    when the next position is asked for (so a position must be read, not changed). Seeded
    as ``play_bots``."""
    for state, action in _decisions(game, game.new_initial_state(), names, seed):
        if len(state.legal_actions()) > 1:
            yield state, action


def _decisions(
    game: Game, state: State, names: Sequence[str], seed: int
) -> Iterator[tuple[State, Action]]:
    """Every decision of a seeded game between the bots ``names``, played on ``state`` to
    its end: the position and the action chosen, played by its seat once the next is
    asked for."""
    rng = random.Random(seed)
    bots = [make_bot(name, game, random.Random(seed * 2 + i)) for i, name in enumerate(names)]
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        action = bots[player].choose(state, player)
        yield state, action
        state.apply_action(action, seat=player)


def check_blind_choices(game: Game, bot_name: str, seed: int, *, resamples: int) -> int:
    """Play a game with the bot ``bot_name`` in every seat, checking at every decision that
    its choice is the same in ``resamples`` worlds redealt from what the seat cannot see;
    the number of decisions checked."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    bot = make_bot(bot_name, game, random.Random(0))
    checked = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        choice = bot.choose(state, player)
        for _ in range(resamples):
            other = bot.choose(state.resample_hidden(player, rng), player)
            if other != choice:
                raise ConformanceError(
                    f"step {len(state.history)}: {bot_name} chose {choice.text!r}, and "
                    f"{other.text!r} in a world that differs only in what it cannot see"
                )
        checked += 1
        state.apply_action(choice)
    return checked


def follow_choices(game: Game, seed: int, choices: Iterable[int]) -> tuple[State, random.Random]:
    """The state after a line of play: each decision takes legal action ``choice`` (modulo
    their number), chance draws from ``Random(seed)``; it stops early at the end of the
    game. Also the generator, to draw from it further."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for choice in choices:
        if state.is_terminal():
            break
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
    return state, rng


def check_replay_and_json(state: State) -> None:
    """Replaying ``state``'s history by text reproduces it, and its document survives a
    JSON round trip."""
    game = state.game
    replayed = game.new_initial_state()
    for action in state.history:
        replayed.apply_action(action.text)
    doc = state.to_json()
    if replayed.to_json() != doc:
        raise ConformanceError(f"{game.name}: replaying the history does not reproduce it")
    if game.state_from_json(json.loads(json.dumps(doc))).to_json() != doc:
        raise ConformanceError(f"{game.name}: to_json/state_from_json does not round-trip")
