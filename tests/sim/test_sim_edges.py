"""The lab's edges: interrupts and their exit codes, a report folder checked before the
first game, a Ray address that does not answer, Ray's numbers equal to local ones, the
time estimate, mirrored deals and pairing seeds."""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path
from typing import TYPE_CHECKING, NoReturn

import pytest
from rich.progress import Progress
from typer.testing import CliRunner, Result

import stratagem
import stratagem.sim.compare as compare_module
import stratagem.sim.study as study_module
import stratagem.sim.tournament as tournament_module
from stratagem import cli
from stratagem.cli.lab.running import EstimateColumn
from stratagem.sim import backends
from stratagem.sim.compare import comparison_doc, parse_variant, run_compare
from stratagem.sim.tournament import planned_games, schedule

if TYPE_CHECKING:
    from conftest import StopARun

GAME = "eighty_years_war"
ENV = {"COLUMNS": "200"}


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli.app, list(args), env=ENV)


def test_a_report_folder_that_cannot_be_made_is_refused_before_the_first_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    played: list[object] = []
    monkeypatch.setattr(backends, "play_jobs", lambda *a: played.append(a) or [])
    blocker = tmp_path / "a file"
    blocker.write_text("")
    for command in ("simulate", "compare"):
        extra = ("--variant", "printed:") if command == "compare" else ()
        result = invoke(command, GAME, "-n", "2", *extra, "--report", str(blocker / "out"))
        assert result.exit_code == 2, result.output
        assert f"--report {blocker / 'out'}: cannot write there" in result.stderr
    where = blocker / "out" / "t.json"
    result = invoke(
        "tournament", GAME, "--bot", "random", "--bot", "heuristic", "--results", str(where)
    )
    assert result.exit_code == 2, result.output
    assert f"--results {where.parent}: cannot write there" in result.stderr
    assert played == []


def test_a_ray_address_that_does_not_answer_fails_at_once_with_a_clear_message() -> None:
    pytest.importorskip("ray")
    start = time.monotonic()
    result = invoke("simulate", GAME, "-n", "1", "--seed", "1", "--ray", "127.0.0.1:1")
    assert time.monotonic() - start < 30
    assert result.exit_code == 2, result.output
    assert "--ray 127.0.0.1:1: no Ray cluster answers there" in result.stderr


def test_every_seat_by_one_bot_with_all() -> None:
    result = invoke("simulate", GAME, "-n", "2", "--seed", "1", "--all", "heuristic")
    assert result.exit_code == 0, result.output
    assert "seats Dutch=heuristic, Spanish=heuristic" in result.stdout


def test_the_time_left_is_the_mean_time_of_the_games_finished() -> None:
    now = [0.0]
    column = EstimateColumn()
    with Progress(column, get_time=lambda: now[0], disable=True) as bar:
        task = bar.add_task("games", total=10)
        assert column.render(bar.tasks[0]).plain == "-:--:-- left"
        now[0] = 20.0
        bar.update(task, completed=2)
        assert column.render(bar.tasks[0]).plain == "0:01:20 left"  # 8 games at 10 s each


def test_mirrored_deals_share_a_seed_and_pairings_keep_theirs_when_bots_are_added() -> None:
    mirrored = schedule(["a", "b"], 2, 4, seed=7, mirror=True)
    assert [job.bots for job in mirrored] == [("a", "b"), ("b", "a")] * 2
    assert mirrored[0].seed == mirrored[1].seed and mirrored[2].seed == mirrored[3].seed
    assert mirrored[0].seed != mirrored[2].seed
    plain = schedule(["a", "b"], 2, 4, seed=7)
    assert plain[0].seed != plain[1].seed
    more = schedule(["c", "a", "b"], 2, 4, seed=7)
    pairing = [job for job in more if set(job.bots) == {"a", "b"}]
    assert [(j.bots, j.seed) for j in pairing] == [(j.bots, j.seed) for j in plain]


def test_a_tournament_shows_its_options_settings_and_mirroring() -> None:
    result = invoke(
        "tournament", GAME, "--bot", "random", "--bot", "heuristic", "-n", "2", "--seed", "1",
        "--mirror", "--set", "pack.rules.logistics.dutch_hand=6",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "tournament of 2 games, master seed 1, deals mirrored" in result.stdout
    assert "Options players=2; settings pack.rules.logistics.dutch_hand=6" in result.stdout


def test_the_same_deals_leave_the_bots_names_out_of_the_seeds() -> None:
    """Two schedules that differ in one bot's spec deal alike, seat by seat, with
    ``same_deals`` (and only with it): the basis of a paired comparison of two specs."""
    one = schedule(["ismcts:depth=0", "heuristic"], 5, 10, seed=4, alone="ismcts:depth=0")
    other = schedule(["ismcts", "heuristic"], 5, 10, seed=4, alone="ismcts")
    assert [job.seed for job in one] != [job.seed for job in other]
    one = schedule(
        ["ismcts:depth=0", "heuristic"], 5, 10, seed=4, alone="ismcts:depth=0", same_deals=True
    )
    other = schedule(["ismcts", "heuristic"], 5, 10, seed=4, alone="ismcts", same_deals=True)
    assert [job.seed for job in one] == [job.seed for job in other]
    assert [job.bots.index("ismcts:depth=0") for job in one] == [
        job.bots.index("ismcts") for job in other
    ]
    assert len({job.seed for job in one}) == len(one)


def test_two_tournaments_with_the_same_deals_record_the_same_seeds(tmp_path: Path) -> None:
    seeds = []
    for bot in ("random", "heuristic"):
        results = tmp_path / f"{bot}.json"
        result = invoke(
            "tournament", GAME, "--bot", bot, "--bot", "ismcts:iterations=2", "-n", "2",
            "--seed", "3", "--same-deals", "--results", str(results),
        )  # fmt: skip
        assert result.exit_code == 0, result.output
        assert "master seed 3, the same deals whatever the bots" in result.stdout
        doc = json.loads(results.read_text())
        assert doc["same_deals"] is True
        seeds.append([game["seed"] for game in doc["games"]])
    assert seeds[0] == seeds[1]


def test_mirror_is_for_two_seat_games() -> None:
    result = invoke("tournament", "henry_viii", "--bot", "random", "--bot", "heuristic", "--mirror")
    assert result.exit_code == 2
    assert "--mirror swaps the seats of a two-seat game; henry_viii has 5" in result.stderr


@pytest.mark.xdist_group("ray")
def test_a_comparison_on_ray_gives_the_same_numbers(local_ray: None) -> None:
    """The variant's pack is built by each Ray worker from the settings."""
    variants = [parse_variant("printed:"), parse_variant("s7: pack.rules.logistics.spanish_hand=7")]
    seats = {"Dutch": "heuristic", "Spanish": "heuristic"}
    here = comparison_doc(run_compare(GAME, seats, 6, 1, variants))
    there = comparison_doc(run_compare(GAME, seats, 6, 1, variants, ray=True))
    assert json.dumps(there, sort_keys=True) == json.dumps(here, sort_keys=True)


COMPARED = 20_000
"""The games of the comparison stopped below: many more than it plays before it is stopped
(a game takes about 2 ms), few enough that drawing their seeds takes a moment."""


@pytest.mark.parametrize(("signum", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 143)])
def test_an_interrupted_comparison_writes_what_it_has_and_exits_128_plus_the_signal(
    tmp_path: Path, stop_a_run: StopARun, signum: int, code: int
) -> None:
    """A serial comparison, sent ``signum`` once it has finished a game, says so, writes
    the games it finished and exits 128 + the signal."""
    report = tmp_path / "report"
    args = ["compare", GAME, "-n", str(COMPARED), "-j", "1", "--seed", "2"]
    stopped = stop_a_run(
        [*args, "--variant", "printed:", "--report", str(report)],
        lambda pid: os.kill(pid, signum),
    )
    assert stopped.returncode == code, stopped.err
    assert f" of {COMPARED} games were finished" in stopped.err
    (variant,) = json.loads((report / "results.json").read_text())["variants"]
    assert variant["interrupted"] and 0 < variant["finished"] < COMPARED


def _ctrl_c(*args: object, **kwargs: object) -> NoReturn:
    raise KeyboardInterrupt


def test_ctrl_c_while_a_run_is_set_up_says_no_game_was_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ctrl-C while the games' seeds are still being drawn, before any game: the run says
    so in the line it prints when stopped later, and exits 130 (it used to exit silently)."""
    monkeypatch.setattr(study_module, "seed_for", _ctrl_c)
    monkeypatch.setattr(compare_module, "seed_for", _ctrl_c)
    result = invoke("simulate", GAME, "-n", "5", "--seed", "1")
    assert result.exit_code == 130, result.output
    assert "Interrupted: 0 of 5 games were finished" in result.stderr
    result = invoke("compare", GAME, "-n", "5", "--variant", "a:", "--variant", "b:")
    assert result.exit_code == 130, result.output
    assert "Interrupted: 0 of 10 games were finished" in result.stderr


def test_ctrl_c_while_a_tournament_is_set_up_says_no_game_of_its_plan_was_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A tournament stopped while its games' seeds are drawn says so with the number of
    games it planned (3 pairings of 2 rounds of their 2 lineups: 12 games)."""
    monkeypatch.setattr(tournament_module, "pairing_seed", _ctrl_c)
    bots = ("--bot", "random", "--bot", "heuristic", "--bot", "ismcts:iterations=1")
    result = invoke("tournament", GAME, *bots, "-n", "3", "--seed", "1")
    assert result.exit_code == 130, result.output
    assert "Interrupted: 0 of 12 games were finished" in result.stderr


@pytest.mark.parametrize(
    ("game", "bots", "n", "alone"),
    [
        (GAME, ("random", "heuristic", "random"), 3, None),
        ("henry_viii", ("random", "heuristic"), 7, None),
        ("henry_viii", ("random", "heuristic"), 7, "heuristic"),
    ],
)
def test_a_tournaments_planned_games_are_the_games_it_schedules(
    game: str, bots: tuple[str, ...], n: int, alone: str | None
) -> None:
    """The plan a tournament stopped while it is set up reports counts what ``schedule`` draws."""
    loaded = stratagem.load(game)
    jobs = schedule(tuple(dict.fromkeys(bots)), loaded.num_players, n, 1, alone)
    assert planned_games(loaded, bots, n, alone) == len(jobs)


def test_ctrl_c_while_the_pool_starts_reports_no_game_finished(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Ctrl-C while the pool's workers are still starting: the run is interrupted with no
    game finished, reports that and writes it, and exits 130."""
    monkeypatch.setattr(backends, "ProcessPoolExecutor", _ctrl_c)
    result = invoke("simulate", GAME, "-n", "5", "-j", "2", "--report", str(tmp_path))
    assert result.exit_code == 130, result.output
    assert "Interrupted: 0 of 5 games were finished" in result.stderr
    assert json.loads((tmp_path / "results.json").read_text())["finished"] == 0
