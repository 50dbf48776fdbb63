"""The game's own questions: ``result()["details"]`` summarised over a study's games."""

from __future__ import annotations

import pytest

from stratagem.sim import GameRecord
from stratagem.sim.details import summarize_details


def _record(index: int, details: dict[str, object]) -> GameRecord:
    return GameRecord(
        index=index,
        seed=index,
        bots=("random", "random"),
        winners=(),
        returns=(0.0, 0.0),
        scores={},
        details=details,  # type: ignore[arg-type]
        reason="",
        length=1,
        decisions=1,
        turns=None,
        first_player=None,
    )


def test_words_flags_and_numbers_are_summarised_apart() -> None:
    games = [
        {"ended": "no heir", "no_heir": 1, "peace": True, "turns": 3},
        {"ended": "Henry died", "no_heir": 0, "peace": False, "turns": 4},
        {"ended": "Henry died", "no_heir": 0, "peace": False, "turns": 8},
        {"ended": "Henry died", "no_heir": 0, "turns": 2.5},
    ]
    categorical, numeric = summarize_details([_record(i, d) for i, d in enumerate(games)])
    shares = {c.key: {word: (p.count, p.total) for word, p in c.shares} for c in categorical}
    assert shares == {
        "ended": {"Henry died": (3, 4), "no heir": (1, 4)},
        "peace": {"no": (2, 3), "yes": (1, 3)},
    }
    assert [word for word, _ in categorical[0].shares] == ["Henry died", "no heir"]
    low, high = categorical[0].shares[1][1].interval
    assert 0.0 < low < 0.25 < high < 1.0
    no_heir, turns = numeric
    assert (no_heir.key, no_heir.games, no_heir.spread.mean) == ("no_heir", 4, 0.25)
    assert (turns.key, turns.games) == ("turns", 4)
    assert (turns.spread.mean, turns.spread.median) == (pytest.approx(4.375), 3.5)


def test_no_details_no_questions() -> None:
    assert summarize_details([_record(0, {}), _record(1, {"shape": [1, 2]})]) == ((), ())
