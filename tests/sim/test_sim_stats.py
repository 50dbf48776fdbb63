"""Statistics of studies: Wilson intervals, spreads, summaries of known outcomes."""

from __future__ import annotations

import pytest

from stratagem.sim.stats import (
    Outcome,
    Proportion,
    spread,
    summarize,
    wilson_interval,
)


def test_wilson_interval_of_half() -> None:
    low, high = wilson_interval(50, 100)
    assert low == pytest.approx(0.403832, abs=1e-6)
    assert high == pytest.approx(0.596168, abs=1e-6)


def test_wilson_interval_of_one_in_three() -> None:
    low, high = wilson_interval(1, 3)
    assert low == pytest.approx(0.061492, abs=1e-6)
    assert high == pytest.approx(0.792340, abs=1e-6)


def test_wilson_interval_at_the_edges() -> None:
    assert wilson_interval(0, 10) == (0.0, pytest.approx(0.277533, abs=1e-6))
    assert wilson_interval(10, 10) == (pytest.approx(0.722467, abs=1e-6), 1.0)
    assert wilson_interval(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("successes", "trials"), [(-1, 10), (11, 10), (1, -1)])
def test_wilson_interval_refuses_non_proportions(successes: int, trials: int) -> None:
    with pytest.raises(ValueError, match="not a proportion"):
        wilson_interval(successes, trials)


def test_proportion() -> None:
    p = Proportion(3, 4)
    assert p.rate == 0.75
    assert p.interval == wilson_interval(3, 4)
    assert Proportion(0, 0).rate == 0.0


def test_spread() -> None:
    s = spread([1.0, 2.0, 3.0, 10.0])
    assert s is not None
    assert (s.mean, s.median) == (4.0, 2.5)
    assert spread([]) is None


def _outcome(
    winners: tuple[int, ...], first: int | None, length: int, turns: int | None = 15
) -> Outcome:
    return Outcome(
        winners=winners, first_player=first, length=length, decisions=length // 2, turns=turns
    )


def test_summarize_known_outcomes() -> None:
    outcomes = [
        _outcome((0,), 0, 100),
        _outcome((0,), 0, 200),
        _outcome((1,), 1, 300),
        _outcome((), 0, 400),
        _outcome((0,), 1, 1000),
    ]
    study = summarize(
        "g", {"players": 2}, 7, seat_names=("A", "B"), seat_bots=("x", "y"), outcomes=outcomes
    )
    assert study.games == 5
    assert [(r.seat, r.bot, r.wins.count, r.wins.total) for r in study.seats] == [
        ("A", "x", 3, 5),
        ("B", "y", 1, 5),
    ]
    assert (study.draws.count, study.draws.total) == (1, 5)
    assert study.actions is not None and study.decisions is not None and study.turns is not None
    assert (study.actions.mean, study.actions.median) == (400.0, 300.0)
    assert (study.decisions.mean, study.decisions.median) == (200.0, 150.0)
    assert (study.turns.mean, study.turns.median) == (15.0, 15.0)
    first = {row.seat: (row.wins.count, row.wins.total) for row in study.first_player}
    assert first == {"A": (2, 3), "B": (1, 2)}


def test_summarize_without_turns_and_shared_wins() -> None:
    outcomes = [_outcome((0, 1), 0, 10, turns=None), _outcome((1,), 0, 20, turns=3)]
    study = summarize("g", {}, 1, seat_names=("A", "B"), seat_bots=("x", "x"), outcomes=outcomes)
    assert [r.wins.count for r in study.seats] == [1, 2]
    assert study.draws.count == 0
    assert study.turns is None
