"""The Eighty Years War heuristic bot: legal, blind to hidden cards, better than random."""

from __future__ import annotations

import stratagem
from stratagem.bots import bot_names
from stratagem.testing import check_blind_choices, play_bots


def test_heuristic_is_registered_for_eighty_years_war() -> None:
    assert bot_names("eighty_years_war") == [
        "easy",
        "normal",
        "hard",
        "heuristic",
        "ismcts",
        "random",
    ]


def test_heuristic_choice_depends_only_on_what_its_seat_sees() -> None:
    """Redealing every card the seat cannot see never changes the bot's choice."""
    game = stratagem.load("eighty_years_war")
    assert check_blind_choices(game, "heuristic", 11, resamples=3) > 100


def test_heuristic_beats_random_from_both_sides() -> None:
    """A quick check (the 2,000-game figures come from `stratagem simulate`)."""
    game = stratagem.load("eighty_years_war")
    dutch = [play_bots(game, ("heuristic", "random"), seed)[0] for seed in range(30)]
    spanish = [play_bots(game, ("random", "heuristic"), seed)[1] for seed in range(30)]
    assert sum(r > 0 for r in dutch) >= 27
    assert sum(r > 0 for r in spanish) >= 27
