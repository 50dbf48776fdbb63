"""The 1750 heuristic bot: legal, blind to hidden cards, better than random."""

from __future__ import annotations

import random

import stratagem
from stratagem.bots import bot_names, make_bot
from stratagem.core import CHANCE, Game


def _play(game: Game, names: tuple[str, str], seed: int) -> list[float]:
    rng = random.Random(seed)
    bots = [make_bot(name, game, random.Random(seed * 2 + i)) for i, name in enumerate(names)]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            action = bots[player].choose(state, player)
            assert action in state.legal_actions()
            state.apply_action(action, seat=player)
    return state.returns()


def test_heuristic_is_registered_for_britain_vs_france() -> None:
    assert "heuristic" in bot_names("britain_vs_france")


def test_heuristic_choice_depends_only_on_what_its_seat_sees() -> None:
    """Redealing every card the seat cannot see never changes the bot's choice."""
    game = stratagem.load("britain_vs_france")
    rng = random.Random(11)
    state = game.new_initial_state()
    bot = make_bot("heuristic", game, random.Random(0))
    checked = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        choice = bot.choose(state, player)
        for _ in range(2):
            assert bot.choose(state.resample_hidden(player, rng), player) == choice
        checked += 1
        state.apply_action(choice)
    assert checked > 100


def test_heuristic_beats_random_from_both_sides() -> None:
    """A quick check (the 1,000-game figures come from `stratagem simulate`)."""
    game = stratagem.load("britain_vs_france")
    britain = [_play(game, ("heuristic", "random"), seed)[0] for seed in range(12)]
    france = [_play(game, ("random", "heuristic"), seed)[1] for seed in range(12)]
    assert sum(r > 0 for r in britain) >= 10
    assert sum(r > 0 for r in france) >= 10
