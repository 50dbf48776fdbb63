"""Variants side by side (``stratagem compare``), sweeps, and settings (``--set``).

Small runs of Eighty Years War between heuristic bots (about 0.1 s a game): the paired
comparison must show no difference for a variant identical to the base, and the expected
direction for a setting that obviously favours one side.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from stratagem import cli
from stratagem.core import OptionError
from stratagem.sim import backends
from stratagem.sim.compare import parse_variant, run_compare, sweep_variants
from stratagem.sim.questions import Difference, Question, estimate, games_to_halve
from stratagem.sim.settings import SettingError, make_setup, parse_settings
from stratagem.sim.stats import wilson_interval

GAME = "eighty_years_war"
HEURISTIC = {"Dutch": "heuristic", "Spanish": "heuristic"}
ENV = {"COLUMNS": "250"}


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli.app, list(args), env=ENV)


def _difference(comparison_differences: tuple[Difference, ...], label: str) -> Difference:
    return next(d for d in comparison_differences if d.question.label == label)


def test_a_variant_identical_to_the_base_shows_no_difference_and_the_same_games() -> None:
    """Setting the printed Spanish hand (8) again: same games, every difference 0."""
    variants = [
        parse_variant("printed:"),
        parse_variant("again: pack.rules.logistics.spanish_hand=8"),
    ]
    comparison = run_compare(GAME, HEURISTIC, 12, 3, variants)
    base, same = comparison.runs
    assert [r.to_json() for r in base.records] == [r.to_json() for r in same.records]
    for difference in comparison.differences[0]:
        assert difference.mean == 0 or difference.pairs == 0
        assert not difference.shown
        assert difference.verdict() == "no difference shown"
        if difference.pairs > 1:
            assert difference.low <= 0 <= difference.high


def test_a_smaller_spanish_hand_lowers_the_spanish_win_rate() -> None:
    """Logistics Phase: a Spanish hand of 5 instead of 8 must cost the Spanish games."""
    variants = [
        parse_variant("printed:"),
        parse_variant("hand 5: pack.rules.logistics.spanish_hand=5"),
    ]
    comparison = run_compare(GAME, HEURISTIC, 24, 1, variants)
    spanish = _difference(comparison.differences[0], "Spanish wins")
    assert spanish.shown and spanish.high < 0
    assert spanish.verdict().startswith("Spanish wins lower by ")
    dutch = _difference(comparison.differences[0], "Dutch wins")
    assert dutch.low > 0


def test_the_same_seeds_are_played_in_every_variant() -> None:
    variants = [parse_variant("a:"), parse_variant("b: pack.rules.logistics.dutch_hand=6")]
    comparison = run_compare(GAME, {}, 5, 9, variants)
    first, second = comparison.runs
    assert [r.seed for r in first.records] == [r.seed for r in second.records]


def test_a_verdict_names_the_question_the_direction_and_the_interval() -> None:
    question = Question("Spanish wins", "rate", "Win rate by seat")
    assert (
        Difference(question, 2000, -0.061, -0.082, -0.040).verdict()
        == "Spanish wins lower by 6.1 points, 4.0 to 8.2"
    )
    assert Difference(question, 2000, 0.01, -0.01, 0.03).verdict() == "no difference shown"


@pytest.mark.parametrize(
    ("setting", "message"),
    [
        (
            "pack.rules.logistics.spanish_hand=0",
            "rules.toml: logistics -> spanish_hand: Input should be greater than 0",
        ),
        ("pack.rules.logistic.spanish_hand=7", "rules.toml has no entry 'logistic'"),
        (
            "pack.rules.logistics.spanish_hands=7",
            "rules.toml: logistics has no field 'spanish_hands'",
        ),
        (
            "pack.rulez.logistics.spanish_hand=7",
            "the pack has no file rulez.toml (files: cards, rules, sections)",
        ),
        (
            'pack.cards."Sea Beggars".value=-1',
            "cards.toml: card[9] 'Sea Beggars' -> value: Input should be greater than or",
        ),
        ('pack.cards."Sea Begars".value=8', "cards.toml has no entry 'Sea Begars'"),
        ("advanced=true", "eighty_years_war has no option 'advanced'"),
        ("spanish_hand", "expected KEY=VALUE"),
    ],
)
def test_a_bad_setting_is_refused_with_file_entry_and_reason(setting: str, message: str) -> None:
    with pytest.raises(OptionError) as caught:  # SettingError is an OptionError
        make_setup(GAME, {}, parse_settings([setting]))
    assert message in str(caught.value)


def test_a_pack_value_marked_assumed_keeps_its_mark_and_reason() -> None:
    setup = make_setup(GAME, {}, parse_settings(["pack.rules.strategy.discards_face_up=true"]))
    folder = Path(setup.load().options["data"])
    text = (folder / "rules.toml").read_text()
    assert "value = true" in text and "assumed = true" in text and "reason = " in text


def test_a_sweep_is_one_variant_per_value() -> None:
    variants = sweep_variants("pack.rules.logistics.spanish_hand=6..8")
    assert [v.name for v in variants] == ["spanish_hand=6", "spanish_hand=7", "spanish_hand=8"]
    assert [v.value for v in variants] == [6.0, 7.0, 8.0]
    assert [v.name for v in sweep_variants("advanced=true,false")] == [
        "advanced=true",
        "advanced=false",
    ]
    with pytest.raises(SettingError, match="at least two values"):
        sweep_variants("pack.rules.logistics.spanish_hand=6")


def _played_nothing(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    played: list[object] = []
    monkeypatch.setattr(backends, "play_jobs", lambda *a: played.append(a) or [])
    return played


@pytest.mark.parametrize(
    "args",
    [
        (
            "compare",
            GAME,
            "--variant",
            "printed:",
            "--variant",
            "x: pack.rules.logistics.spanish_hand=0",
        ),
        ("compare", GAME, "--variant", "no colon here"),
        ("compare", GAME, "--sweep", "pack.rules.logistics.spanish_hand=9..6"),
        ("compare", GAME, "--variant", "a:", "--variant", "a: pack.rules.logistics.dutch_hand=6"),
        ("simulate", GAME, "--set", "pack.rules.nowhere.x=1"),
        ("simulate", GAME, "--set", 'pack.cards."Sea Beggars".value=abc'),
        ("simulate", GAME, "--all", "heuristic", "--seat", "Dutch=random"),
        ("simulate", GAME, "--all", "robot"),
    ],
)
def test_bad_settings_get_one_clear_line_and_exit_2_with_no_game_played(
    args: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    played = _played_nothing(monkeypatch)
    result = invoke(*args, "-n", "3", "--seed", "1")
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: ")
    assert "Traceback" not in result.output
    assert played == []


def test_simulate_set_changes_the_pack_and_the_header_shows_it(tmp_path: Path) -> None:
    result = invoke(
        "simulate", GAME, "-n", "4", "--seed", "2", "--all", "heuristic",
        "--set", "pack.rules.logistics.spanish_hand=5", "--report", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    first = result.stdout.splitlines()[0]
    assert "seats Dutch=heuristic, Spanish=heuristic" in first
    assert "settings pack.rules.logistics.spanish_hand=5" in first
    assert "options players=2" in first
    doc = json.loads((tmp_path / "results.json").read_text())
    assert doc["settings"] == ["pack.rules.logistics.spanish_hand=5"]
    assert doc["options"]["data"] is None  # the variant's own folder is not recorded
    assert doc["seats"] == {"Dutch": "heuristic", "Spanish": "heuristic"}


def test_compare_prints_every_question_for_each_variant_and_writes_its_report(
    tmp_path: Path,
) -> None:
    result = invoke(
        "compare", GAME, "-n", "6", "--seed", "1", "--all", "heuristic",
        "--variant", "printed:", "--variant", "spanish 7: pack.rules.logistics.spanish_hand=7",
        "--report", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    for words in ("Dutch wins", "Spanish wins", "first player wins", "decisions", "ended: "):
        assert words in result.stdout
    assert "spanish 7 - printed" in result.stdout
    doc = json.loads((tmp_path / "results.json").read_text())
    assert [v["name"] for v in doc["variants"]] == ["printed", "spanish 7"]
    assert doc["variants"][1]["settings"] == ["pack.rules.logistics.spanish_hand=7"]
    verdicts = {d["question"]: d["verdict"] for d in doc["variants"][1]["differences"]}
    assert "Spanish wins" in verdicts and doc["provenance"]["packages"]["stratagem"]
    page = (tmp_path / "report.html").read_text()
    assert page.count("<svg") >= 5 and "spanish 7 - printed" in page


def test_a_sweep_report_plots_each_question_against_the_value(tmp_path: Path) -> None:
    result = invoke(
        "compare", GAME, "-n", "3", "--seed", "1",
        "--sweep", "pack.rules.logistics.spanish_hand=7..8", "--report", str(tmp_path),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    doc = json.loads((tmp_path / "results.json").read_text())
    assert doc["sweep"] == "pack.rules.logistics.spanish_hand=7..8"
    assert [v["name"] for v in doc["variants"]] == ["spanish_hand=7", "spanish_hand=8"]
    assert "pack.rules.logistics.spanish_hand</text>" in (tmp_path / "report.html").read_text()


@pytest.mark.parametrize(("rate", "games"), [(0.5, 100), (0.1, 400), (0.0, 50), (0.97, 2000)])
def test_games_to_halve_is_the_least_number_that_halves_the_wilson_interval(
    rate: float, games: int
) -> None:
    question = Question("Dutch wins", "rate", "Win rate by seat")
    found = estimate(question, [1.0] * round(rate * games) + [0.0] * round((1 - rate) * games))
    more = games_to_halve(found)
    assert more is not None

    def width(total: int) -> float:
        low, high = wilson_interval(found.mean * total, total)
        return high - low

    assert width(games + more) <= found.width / 2 < width(games + more - 1)
