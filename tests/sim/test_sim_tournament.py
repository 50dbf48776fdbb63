"""Tournaments: every pairing in every seat, win rates with intervals, batch-fitted ratings."""

from __future__ import annotations

import random

import pytest

import stratagem
from stratagem.bots import bot_names
from stratagem.core import OptionError
from stratagem.sim import GameRecord, fit_ratings, lineups, run_tournament
from stratagem.sim.questions import answers_of, estimates
from stratagem.sim.report import plot_numbers
from stratagem.sim.stats import Score
from stratagem.sim.tournament import lineup_rows, pairing_rows, schedule

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
    short = run_tournament("eighty_years_war", ["random", "heuristic"], 4, seed=1)
    assert short == run_tournament("eighty_years_war", ["random", "heuristic"], 4, seed=1)


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


def _game(bots: tuple[str, ...], winners: tuple[int, ...], seed: int = 1) -> GameRecord:
    returns = tuple(1.0 if seat in winners else 0.0 for seat in range(len(bots)))
    return GameRecord(0, seed, bots, winners, returns, {}, {}, "", 1, 1, None, 0)


def test_ratings_rank_the_winner_first_and_count_games() -> None:
    games = [_game(("a", "b"), (0,), s) for s in range(8)] + [
        _game(("b", "a"), (1,), s) for s in range(8, 14)
    ]
    games += [_game(("b", "a"), (0,), 14), _game(("a", "b"), (1,), 15)]
    table = fit_ratings(games)
    assert [r.bot for r in table.ratings] == ["a", "b"]
    assert [r.games for r in table.ratings] == [16, 16]
    best = table.ratings[0]
    assert best.interval[0] < best.mu < best.interval[1]
    assert best.interval[0] > table.ratings[1].interval[1]


def test_ratings_are_the_same_whatever_order_the_games_come_in() -> None:
    """One batch fit over all games: reversing or shuffling them changes nothing (online
    updates in game order flipped a ranking)."""
    result = run_tournament("eighty_years_war", ["random", "heuristic"], 6, seed=5)
    games = list(result.records)
    forward = fit_ratings(games, seed=5)
    assert fit_ratings(games[::-1], seed=5) == forward
    shuffled = games[:]
    random.Random(2).shuffle(shuffled)
    assert fit_ratings(shuffled, seed=5) == forward
    assert {r.bot for r in forward.ratings} == {"random", "heuristic"}


def test_the_seat_term_takes_the_seat_s_advantage_out_of_the_ratings() -> None:
    """Two equal bots, each in each seat equally often, the first seat winning 3 games in
    4: the bots rate the same and the second seat's term is well below the first's."""
    games = []
    for seed in range(40):
        lineup = ("a", "b") if seed % 2 else ("b", "a")
        games.append(_game(lineup, (0,) if (seed // 2) % 4 < 3 else (1,), seed))
    table = fit_ratings(games)
    first, second = table.ratings
    assert first.mu == pytest.approx(second.mu, abs=1e-6)
    (seat0, seat1) = table.seats
    assert seat0.points == 0.0 and seat1.high < 0


def test_a_bot_with_more_seats_has_more_chances_in_the_model() -> None:
    """a alone against b, b, each seat winning a third of the games: a and b rate the same
    (a bot is not credited for holding more seats)."""
    games = []
    for seed in range(60):
        seat = seed % 3
        lineup = tuple("a" if s == seat else "b" for s in range(3))
        games.append(_game(lineup, ((seed // 3) % 3,), seed))
    first, second = fit_ratings(games).ratings
    assert first.mu == pytest.approx(second.mu, abs=1.0)


def test_a_game_s_own_question_may_share_a_label_with_the_lab_s() -> None:
    """Henry VIII reports ``turns`` and ``ended`` in its details: they stay apart from the
    game length's turns and from how the game ended (they once overwrote each other)."""
    record = GameRecord(
        0, 1, ("x", "y"), (0,), (1.0, 0.0), {}, {"turns": 9, "ended": "vote"},
        "x wins after 3 turns", 1, 1, 3, 0,
    )  # fmt: skip
    found = {
        (e.question.group, e.question.label): e.mean
        for e in estimates(answers_of([record], ["x", "y"]))
    }
    assert found[("Game length", "turns")] == 3.0
    assert found[("The game's own questions", "turns")] == 9.0
    assert found[("The game's own questions", "ended: vote")] == 1.0
    assert found[("How games ended", "how it ended: x wins after # turns")] == 1.0


def _record(details: dict[str, object]) -> GameRecord:
    return GameRecord(0, 1, ("x", "y"), (0,), (1.0, -1.0), {}, details, "", 1, 1, None, 0)


def test_details_of_every_game_are_questions_key_by_key() -> None:
    records = [
        _record({"ended_by": "vote", "colonies": 3}),
        _record({"ended_by": "death", "colonies": 5}),
        _record({"ended_by": "vote"}),
    ]
    answers = answers_of(records, ["X", "Y"])
    found = {e.question.label: e for e in estimates(answers)}
    assert (found["ended_by: vote"].mean, found["ended_by: vote"].games) == (2 / 3, 3)
    assert found["ended_by: death"].mean == pytest.approx(1 / 3)
    assert (found["colonies"].mean, found["colonies"].games) == (4.0, 2)
    colonies = [q for q in answers.questions if q.label == "colonies"]
    ended_by = [q.label for q in answers.questions if q.group == "How games ended"]
    assert ended_by == ["how it ended: not told"]
    plot = plot_numbers("details", answers, colonies)
    assert plot.startswith('<div class="figure"') and "colonies" in plot


def test_a_bot_s_score_is_its_share_of_the_win_and_a_draw_is_shared_by_seats() -> None:
    """Two seats: a win is 1, a draw 1/2. Three seats, a alone against two b: a's win is 1,
    b's shared win 0, a draw 1/3 for a; with two a seats, one of two winners is 1/2."""
    two = [_game(("a", "b"), (0,)), _game(("b", "a"), (0,)), _game(("a", "b"), ())]
    (row,) = pairing_rows(["a", "b"], 2, two)
    assert row.first_score.points == (1.0, 0.0, 0.5)
    assert row.first_score.mean == 0.5
    three = [
        _game(("a", "b", "b"), (0,)),
        _game(("a", "b", "b"), (1, 2)),
        _game(("b", "a", "b"), ()),
        _game(("a", "a", "b"), (1, 2)),
    ]
    (row,) = pairing_rows(["a", "b"], 3, three)
    assert row.first_score.points == pytest.approx((1.0, 0.0, 1 / 3, 0.5))


def test_a_score_interval_excludes_even_only_with_enough_games() -> None:
    few = Score((1.0, 1.0, 0.0, 1.0, 0.5))
    assert few.interval[0] < 0.5 < few.interval[1]
    many = Score((1.0,) * 70 + (0.0,) * 30)
    assert many.interval[0] > 0.5
    assert Score((0.0,) * 10).interval == (0.0, pytest.approx(0.2775, abs=1e-4))


def test_lineup_rows_say_how_the_bot_alone_in_its_seat_fared() -> None:
    games = [
        _game(("a", "b"), (0,)),
        _game(("a", "b"), ()),
        _game(("b", "a"), (1,)),
        _game(("a", "b", "b"), (0,)),
    ]
    rows = lineup_rows(["a", "b"], 2, games)
    assert [(row.lineup, row.seat, row.games) for row in rows] == [
        (("a", "b"), 0, 2),
        (("b", "a"), 0, 1),
    ]
    assert (rows[0].wins.count, rows[0].draws.count) == (1, 1)
    assert rows[1].wins.count == 0
    three = lineup_rows(["a", "b"], 3, games)
    assert (three[0].lineup, three[0].seat, three[0].wins.count) == (("a", "b", "b"), 0, 1)
    assert three[3].lineup == ("b", "a", "a") and three[3].seat == 0


def test_a_bot_named_alone_sits_only_alone_and_is_judged_against_its_share_of_the_seats() -> None:
    """Three seats, ``alone="b"``: b alone in each seat against two a, never the reverse;
    b becomes bot A of the pairing, and even for it is one seat in three."""
    assert lineups("a", "b", 3, "b") == [("b", "a", "a"), ("a", "b", "a"), ("a", "a", "b")]
    assert sorted(lineups("a", "b", 2, "b")) == sorted(lineups("a", "b", 2))
    assert lineups("a", "b", 3, "c") == lineups("a", "b", 3)
    result = run_tournament("henry_viii", ["random", "heuristic"], 5, seed=3, alone="heuristic")
    assert result.bots == ("heuristic", "random") and result.alone == "heuristic"
    assert [record.bots.count("heuristic") for record in result.records] == [1] * 5
    assert [record.bots.index("heuristic") for record in result.records] == [0, 1, 2, 3, 4]
    (row,) = result.pairings
    assert (row.first, row.second, row.games) == ("heuristic", "random", 5)
    assert row.even == pytest.approx(1 / 5)
    assert [line.seat for line in result.lineups] == [0, 1, 2, 3, 4]
    assert {rating.bot for rating in result.ratings} == {"random", "heuristic"}
    two = run_tournament("eighty_years_war", ["random", "heuristic"], 2, seed=3, alone="random")
    assert {rating.bot for rating in two.ratings} == {"random", "heuristic"}
    assert run_tournament("henry_viii", ["random", "heuristic"], 2, seed=3).pairings[0].even == 0.5


def test_a_bot_to_play_alone_must_be_one_of_the_tournament_s_bots() -> None:
    with pytest.raises(OptionError, match=r"'ismcts', is not one of .*random, heuristic"):
        run_tournament("eighty_years_war", ["random", "heuristic"], 2, seed=1, alone="ismcts")
    with pytest.raises(OptionError, match="no bot named 'robot'"):
        run_tournament("eighty_years_war", ["random", "heuristic"], 2, seed=1, alone="robot")
