"""The lab's answers in words (``sim/verdicts.py``): balanced?, does acting first matter?,
whether a verdict holds with other bots, and sweeps read in numeric order.

The verdicts are tested on made-up records (no game is played); the command-line tests play
a handful of short Eighty Years War games.
"""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from stratagem import cli
from stratagem.sim import balance, run_study
from stratagem.sim.backends import GameRecord
from stratagem.sim.balance import find_balance
from stratagem.sim.compare import Variant, parse_variant, with_printed_value
from stratagem.sim.questions import answers_of, estimates
from stratagem.sim.study import StudyRun
from stratagem.sim.verdicts import first_player_verdict, holds_text, nearest_even, seat_verdict

GAME = "eighty_years_war"
SEATS = ("Dutch", "Spanish")
ENV = {"COLUMNS": "250"}


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli.app, list(args), env=ENV)


def records(*games: tuple[tuple[int, ...], int | None]) -> list[GameRecord]:
    """One record per (winners, first player)."""
    return [
        GameRecord(i, i, ("x", "x"), winners, (0.0, 0.0), {}, {}, "", 10, 5, None, first)
        for i, (winners, first) in enumerate(games)
    ]


def wins(dutch: int, spanish: int, draws: int = 0, first: int | None = 0) -> list[GameRecord]:
    return records(*[((0,), first)] * dutch, *[((1,), first)] * spanish, *[((), first)] * draws)


def test_a_seat_far_beyond_its_even_share_means_not_balanced_in_words() -> None:
    """The designer's Eighty Years War case: Spanish 81.3%, Dutch 12.0%, the rest draws."""
    verdict = seat_verdict(wins(120, 813, 67), SEATS)
    assert verdict.answer == "No"
    assert verdict.text.startswith("Balanced? No: the Spanish win 87% (85-89%)")
    assert "of the 933 games with a single winner, against an even share of 50%" in verdict.text


def test_seats_within_five_points_of_even_are_balanced() -> None:
    verdict = seat_verdict(wins(1000, 1020), SEATS)
    assert verdict.answer == "Yes"
    assert verdict.text == (
        "Balanced? Yes: every seat wins within 5 points of an even share of 50% "
        "(Dutch 50% (47-52%), Spanish 50% (48-53%))."
    )


def test_a_few_games_cannot_tell_and_say_so() -> None:
    verdict = seat_verdict(wins(4, 6), SEATS)
    assert verdict.answer == "Not clear yet"
    assert "play more games" in verdict.text


def test_a_first_player_who_wins_sixty_percent_is_told_so() -> None:
    """1750's case: whoever acts first wins about 60% (either seat may act first)."""
    games = records(*[((0,), 0)] * 300, *[((1,), 0)] * 200, *[((1,), 1)] * 300, *[((0,), 1)] * 200)
    assert seat_verdict(games, SEATS).answer == "Yes"  # each seat wins half its games
    verdict = first_player_verdict(games, SEATS)
    assert verdict.text == (
        "Does acting first matter? Yes: whoever acts first wins 60% (57-63%), materially "
        "more than an even share of 50%."
    )


def test_a_seat_that_always_acts_first_cannot_be_told_from_its_seat() -> None:
    verdict = first_player_verdict(wins(10, 90, first=0), SEATS)
    assert verdict.answer == "Not known"
    assert "the Dutch act first in every game" in verdict.text


def test_a_sweep_names_the_value_nearest_to_even() -> None:
    named = [("hand=6", wins(20, 80)), ("hand=7", wins(48, 52)), ("hand=8", wins(90, 10))]
    assert nearest_even(named, SEATS).startswith("Nearest to even: hand=7. Balanced?")


def test_the_printed_variant_of_a_sweep_gets_the_printed_value() -> None:
    """Logistics Phase prints a Spanish hand of 8: a sweep places 'printed' at 8."""
    hand_6 = parse_variant("x: pack.rules.logistics.spanish_hand=6").settings
    variants = [parse_variant("printed:"), Variant("x", hand_6)]
    placed = with_printed_value(GAME, {}, "pack.rules.logistics.spanish_hand=6..9", variants)
    assert placed[0].value == 8.0
    assert placed[1].value is None


def test_simulate_prints_the_verdicts_and_writes_them_to_results(tmp_path: Path) -> None:
    result = invoke("simulate", GAME, "-n", "3", "--seed", "1", "--report", str(tmp_path))
    assert result.exit_code == 0, result.output
    assert "Balanced? " in result.stdout and "Does acting first matter? " in result.stdout
    assert "These answers are about games played by these bots" in result.stdout
    doc = json.loads((tmp_path / "results.json").read_text())
    assert [v["question"] for v in doc["verdicts"]] == ["Balanced?", "Does acting first matter?"]
    page = (tmp_path / "report.html").read_text()
    assert "<strong>Balanced? " in page and "even 1/2</text>" in page


def test_check_bots_replays_the_comparison_and_says_whether_each_verdict_holds(
    tmp_path: Path,
) -> None:
    result = invoke(
        "compare", GAME, "-n", "3", "--seed", "1", "-V", "printed:",
        "--check-bots", "random", "--report", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Checking with other bots: Dutch: random, Spanish: random" in result.stdout
    lines = re.findall(r"printed: the verdict (holds|changes) with", result.stdout)
    assert len(lines) == 2
    doc = json.loads((tmp_path / "results.json").read_text())
    assert len(doc["check_bots"]) == 2 and doc["summary"].startswith("Balanced: ")
    assert doc["variants"][0]["verdicts"][0]["question"] == "Balanced?"
    page = (tmp_path / "report.html").read_text()
    assert "<h3>With other bots</h3>" in page
    win_rates = page[page.index("<h2>Win rate by seat</h2>") : page.index("<h2>First player</h2>")]
    assert "even 1/2</text>" in win_rates  # the even share on the comparison's chart


def test_a_sweep_is_listed_in_numeric_order_with_every_value_labelled(tmp_path: Path) -> None:
    """'printed' (a Spanish hand of 8) is listed and plotted between 7 and 9."""
    result = invoke(
        "compare", GAME, "-n", "2", "--seed", "1", "-V", "printed:",
        "--sweep", "pack.rules.logistics.spanish_hand=9,7", "--report", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    rows = re.findall(r"│ (spanish_hand=\d|printed) +│", result.stdout)
    assert rows[:3] == ["spanish_hand=7", "printed", "spanish_hand=9"]
    assert "Nearest to even: " in result.stdout
    page = (tmp_path / "report.html").read_text()
    assert "<h2>Headline</h2>" in page
    headline = page[
        page.index("<h2>Headline</h2>") : page.index("</section>", page.index("Headline"))
    ]
    ticks = re.findall(r">(\d|printed)</text>", headline)
    assert [t for t in ticks if t in {"7", "8", "9", "printed"}][:4] == ["7", "8", "printed", "9"]


def test_a_1750_study_asks_how_much_gold_each_seat_holds_at_the_end() -> None:
    """1750's public gold (Collect Revenue) becomes a question of every study."""
    run = run_study("britain_vs_france", {}, 1, 3)
    found = {e.question.label: e for e in estimates(answers_of(run.records, run.seat_names))}
    gold = [found["Britain gold at the end"], found["France gold at the end"]]
    assert all(e.games == 1 and e.mean >= 0 for e in gold)
    assert gold[0].question.group == "At the end, in public"
    assert run.records[0].to_json()["public"]["gold"] == {
        "Britain": gold[0].mean,
        "France": gold[1].mean,
    }


def test_balance_bisects_a_range_on_a_tiny_budget() -> None:
    """Logistics Phase: the Spanish hand searched over 4..9, 3 games per value tried."""
    search = find_balance(GAME, {}, "pack.rules.logistics.spanish_hand", (4, 9), n=3, seed=1)
    values = [t.value for t in search.trials]
    assert values[:2] == [4, 9] and len(values) <= 5  # both ends, then at most 3 halvings
    assert search.games == 3 * len(values)
    assert search.best in search.trials and 4 <= search.best.value <= 9
    assert search.text().startswith(
        f"Nearest to even for Dutch: pack.rules.logistics.spanish_hand={search.best.value}. "
        "Balanced? "
    )
    result = invoke(
        "balance", GAME, "--vary", "pack.rules.logistics.spanish_hand", "--range", "9..4",
    )  # fmt: skip
    assert result.exit_code == 2 and "LOW below HIGH" in result.output


def test_ctrl_c_stops_a_balance_search_where_it_is_and_says_so(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C during the second value's games: the search tries no more values (it went
    on to the next one), says it was interrupted and how many games it played, and the
    command exits 130."""
    runs: list[int] = []

    def stopped_at_the_second(*args: Any, **kwargs: Any) -> StudyRun:
        run = run_study(*args, **kwargs)
        runs.append(len(run.records))
        if len(runs) < 2:
            return run
        return dataclasses.replace(run, records=run.records[:1], interrupted=True)

    monkeypatch.setattr(balance, "run_study", stopped_at_the_second)
    search = find_balance(GAME, {}, "pack.rules.logistics.spanish_hand", (4, 9), n=3, seed=1)
    assert [t.value for t in search.trials] == [4, 9] and len(runs) == 2
    assert search.interrupted and search.games == 3 + 1
    assert search.text().startswith("Interrupted after 4 games: the search stopped there")
    runs.clear()
    result = invoke(
        "balance", GAME, "--vary", "pack.rules.logistics.spanish_hand", "--range", "4..9",
        "-n", "3", "--seed", "1",
    )  # fmt: skip
    assert result.exit_code == 130, result.output
    assert "Interrupted after 4 games" in result.stdout and len(runs) == 2


def test_a_verdict_that_favours_the_other_seat_with_other_bots_does_not_hold() -> None:
    main = seat_verdict(wins(10, 90), SEATS)
    other = seat_verdict(wins(70, 30), SEATS)
    assert (main.answer, other.answer) == ("No", "No")
    line = holds_text("printed", main, other, "Dutch: random, Spanish: random")
    assert line.startswith(
        "printed: the verdict changes with Dutch: random, Spanish: random: Balanced? No with "
        "both, but it favours Spanish with the main bots and Dutch with these"
    )
    same = holds_text("printed", main, seat_verdict(wins(20, 80), SEATS), "x")
    assert same.startswith("printed: the verdict holds with x")
