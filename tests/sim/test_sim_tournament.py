"""Tournaments: every pairing in every seat, win rates with intervals, openskill ratings."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.bots import bot_names
from stratagem.core import OptionError
from stratagem.sim import GameRecord, lineups, rate, run_tournament
from stratagem.sim.report import collect, plot_values
from stratagem.sim.tournament import schedule

GAMES = [info.name for info in stratagem.available_games()]


def test_lineups_of_two_seats() -> None:
    assert lineups("a", "b", 2) == [("a", "b"), ("b", "a")]


def test_schedule_takes_the_lineups_in_turn() -> None:
    """So that the games finished before an interruption are spread over the seats."""
    jobs = schedule(["a", "b"], 2, 4, seed=1)
    assert [job.bots for job in jobs] == [("a", "b"), ("b", "a")] * 2
    assert [job.index for job in jobs] == [0, 1, 2, 3]


def test_lineups_of_more_seats_put_each_bot_alone_in_each_seat() -> None:
    found = lineups("a", "b", 3)
    assert len(found) == 6
    for seat in range(3):
        assert tuple("a" if s == seat else "b" for s in range(3)) in found
        assert tuple("b" if s == seat else "a" for s in range(3)) in found


@pytest.mark.parametrize("name", GAMES)
def test_every_pairing_in_every_seat(name: str) -> None:
    players = stratagem.load(name).num_players
    other = "heuristic" if "heuristic" in bot_names(name) else "ismcts:iterations=1,max_rollout=5"
    result = run_tournament(name, ["random", "random", other], 2, seed=4)
    assert result.bots == ("random", other)
    arrangements = lineups("random", other, players)
    per_lineup = -(-2 // len(arrangements))
    assert len(result.records) == result.planned == per_lineup * len(arrangements)
    assert {record.bots for record in result.records} == set(arrangements)
    (row,) = result.pairings
    assert row.games == len(result.records)
    assert {rating.bot for rating in result.ratings} == {"random", other}


def test_heuristic_out_rates_random() -> None:
    result = run_tournament("eighty_years_war", ["random", "heuristic"], 20, seed=1)
    (row,) = result.pairings
    assert (row.first, row.second) == ("random", "heuristic")
    assert row.second_wins.interval[0] > 0.5
    best, worst = result.ratings
    assert best.bot == "heuristic" and worst.bot == "random"
    assert best.interval[0] > worst.interval[1]
    assert result == run_tournament("eighty_years_war", ["random", "heuristic"], 20, seed=1)


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (["random"], "at least two different bots"),
        (["random", "RANDOM"], "at least two different bots"),
        (["random", "robot"], "no bot named 'robot'"),
        (["random", "ismcts:iterations=0"], "greater than or equal to 1"),
    ],
)
def test_bad_tournaments_are_refused(bots: list[str], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        run_tournament("eighty_years_war", bots, 2, seed=1)


def test_ratings_rank_the_winner_first_and_count_games() -> None:
    games = [(("a", "b"), (1.0, -1.0))] * 5 + [(("b", "a"), (-1.0, 1.0))] * 5
    ratings = rate(games)
    assert [r.bot for r in ratings] == ["a", "b"]
    assert [r.games for r in ratings] == [10, 10]
    assert ratings[0].interval[0] < ratings[0].mu < ratings[0].interval[1]


def test_ratings_pool_the_seats_of_one_bot() -> None:
    """In a lineup a-b-b the two b seats are one player, scored by their mean return."""
    ratings = rate([(("a", "b", "b"), (0.0, 1.0, 0.0))] * 4)
    assert [r.bot for r in ratings] == ["b", "a"]


def _record(details: dict[str, object]) -> GameRecord:
    return GameRecord(0, 1, ("x", "y"), (0,), (1.0, -1.0), {}, details, "", 1, 1, None, 0)


def test_details_of_every_game_are_plotted_key_by_key() -> None:
    records = [
        _record({"ended_by": "vote", "colonies": 3}),
        _record({"ended_by": "death", "colonies": 5}),
        _record({"ended_by": "vote"}),
    ]
    table = collect(records, "details")
    assert table == {"ended_by": ["vote", "death", "vote"], "colonies": [3, 5]}
    plot = plot_values("details", table)
    assert plot is not None and plot.startswith('<img alt="plot" src="data:image/png;base64,')
    assert plot_values("details", {}) is None
