"""The 1750 heuristic bot: legal, blind to hidden cards, better than random."""

from __future__ import annotations

import stratagem
from stratagem.bots import bot_names
from stratagem.testing import check_blind_choices, play_bots


def test_heuristic_is_registered_for_britain_vs_france() -> None:
    assert "heuristic" in bot_names("britain_vs_france")


def test_heuristic_choice_depends_only_on_what_its_seat_sees() -> None:
    """Redealing every card the seat cannot see never changes the bot's choice."""
    game = stratagem.load("britain_vs_france")
    assert check_blind_choices(game, "heuristic", 11, resamples=2) > 100


def test_heuristic_beats_random_from_both_sides() -> None:
    """A quick check (the 1,000-game figures come from `stratagem simulate`)."""
    game = stratagem.load("britain_vs_france")
    britain = [play_bots(game, ("heuristic", "random"), seed)[0] for seed in range(12)]
    france = [play_bots(game, ("random", "heuristic"), seed)[1] for seed in range(12)]
    assert sum(r > 0 for r in britain) >= 10
    assert sum(r > 0 for r in france) >= 10
