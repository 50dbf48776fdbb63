"""``stratagem simulate`` (workers, report) and ``stratagem tournament`` at the command line."""

from __future__ import annotations

import io
import json
import os
import re
import signal
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from rich.console import Console
from typer.testing import CliRunner, Result

from stratagem import cli
from stratagem.cli.lab import simulate
from stratagem.cli.lab.running import ProgressLines, progress_bar
from stratagem.cli.lab.tournament import NO_GAMES, render_tournament
from stratagem.sim import run_tournament

if TYPE_CHECKING:
    from conftest import StopARun

GAME = "eighty_years_war"
ENV = {"COLUMNS": "200"}


def invoke(*args: str) -> Result:
    return CliRunner().invoke(cli.app, list(args), env=ENV)


def test_simulate_writes_the_same_report_on_one_process_and_two(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    base = ("simulate", GAME, "-n", "8", "--seed", "3")
    first = invoke(*base, "--workers", "1", "--report", str(one))
    second = invoke(*base, "--workers", "2", "--report", str(two))
    assert first.exit_code == 0, first.output
    assert second.exit_code == 0, second.output
    assert (one / "results.json").read_bytes() == (two / "results.json").read_bytes()
    assert "report.html" in first.stdout
    assert json.loads((one / "results.json").read_text())["finished"] == 8


def test_simulate_plays_with_the_game_options() -> None:
    """1750 lasts 5 turns each by default; ``turns_per_player=1`` makes it 2 turns."""
    result = invoke("simulate", "britain_vs_france", "-n", "2", "-o", "turns_per_player=1")
    assert result.exit_code == 0, result.output
    assert re.search(r"Turns +│ +2\.0 │ +2 │", result.stdout)


def test_tournament_prints_win_rates_and_ratings() -> None:
    result = invoke(
        "tournament",
        GAME,
        "--bot",
        "random",
        "--bot",
        "heuristic",
        "--bot",
        "ismcts:iterations=1,max_rollout=1",
        "-n",
        "2",
        "--seed",
        "1",
    )
    assert result.exit_code == 0, result.output
    for text in (
        "Pairings",
        "Ratings",
        "95% interval",
        "ismcts:iterations=1,max_rollout=1",
        "tournament of 6 games",
        "master seed 1",
    ):
        assert text in result.stdout


def test_a_pairing_an_interrupted_tournament_never_reached_shows_no_figures() -> None:
    """Stopped after its first game, a three-bot tournament has played only the first
    pairing: the other two print a dash for every rate, not a 0% that was never measured
    (the even share, which the lineups fix, is still shown)."""

    def progress(done: int, total: int) -> None:
        raise KeyboardInterrupt

    bots = ["random", "heuristic", "ismcts:iterations=1,max_rollout=1"]
    tournament = run_tournament(GAME, bots, 2, 1, progress=progress)
    assert tournament.interrupted and len(tournament.records) == 1
    console = Console(width=200, record=True)
    console.print(render_tournament(tournament))
    rows = [
        [cell.strip() for cell in line.split("│")[1:-1]]
        for line in console.export_text().splitlines()
        if line.startswith("│")
    ]
    unplayed = [row for row in rows if "0" in row[:4] and NO_GAMES in row]
    # the two pairings never reached, their four lineups, and the first pairing's second
    assert len(unplayed) == 2 + 4 + 1
    measured = [row[:7] for row in unplayed]  # a pairing's last column, Even, is not measured
    assert not any("%" in cell for row in measured for cell in row)
    played = [row for row in rows if "1" in row[:4] and any("%" in cell for cell in row)]
    assert len(played) == 2  # the first pairing and the lineup of its one game


def test_a_tournament_with_a_bot_alone_says_so_and_prints_its_even_share() -> None:
    result = invoke(
        "tournament", "henry_viii", "--bot", "random", "--bot", "heuristic",
        "--alone", "heuristic", "-n", "5", "--seed", "3",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "tournament of 5 games, master seed 3, heuristic always alone" in result.stdout
    assert re.search(r"│ heuristic +│ random +│ +5 │.*│ +20\.0% │$", result.stdout, re.M)
    assert re.search(r"│ +\d │ (heuristic|random) +│ +\d+ │ +\d+ - +\d+ │ +5 │", result.stdout)
    assert "Seat terms" in result.stdout and "Faction 5" in result.stdout
    result = invoke(
        "tournament", GAME, "--bot", "random", "--bot", "heuristic", "--alone", "ismcts"
    )
    assert result.exit_code == 2
    assert "the bot to play alone" in result.stderr


def test_tournament_results_file_keeps_every_game_with_its_seed_and_lineup(
    tmp_path: Path,
) -> None:
    out = tmp_path / "runs" / "t.json"
    result = invoke(
        "tournament", GAME, "--bot", "random", "--bot", "heuristic",
        "-n", "4", "--seed", "2", "--results", str(out),
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    assert f"Results: {out}" in result.stdout
    doc = json.loads(out.read_text())
    assert (doc["game"], doc["seed"], doc["bots"], doc["alone"]) == (
        GAME, 2, ["random", "heuristic"], None,
    )  # fmt: skip
    assert (doc["planned"], doc["finished"], doc["interrupted"]) == (4, 4, False)
    lineups = [game["bots"] for game in doc["games"]]
    assert lineups == [["random", "heuristic"], ["heuristic", "random"]] * 2
    again = run_tournament(GAME, ["random", "heuristic"], 4, 2)
    assert [game["seed"] for game in doc["games"]] == [r.seed for r in again.records]
    assert [game["winners"] for game in doc["games"]] == [list(r.winners) for r in again.records]


def test_tournament_user_errors_exit_2() -> None:
    result = invoke("tournament", GAME, "--bot", "random", "--bot", "robot")
    assert result.exit_code == 2
    assert "no bot named 'robot'" in result.stderr
    result = invoke("tournament", GAME, "--bot", "random")
    assert result.exit_code == 2
    assert "at least two different bots" in result.stderr


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        ((), False),
        (("--ray",), True),
        (("--ray", "-n", "1"), True),
        (("--ray", "ray://head:10001"), "ray://head:10001"),
        (("--ray=auto",), "auto"),
        (("--ray", "10.0.0.5:6379", "--seed", "2"), "10.0.0.5:6379"),
    ],
)
def test_ray_option_takes_an_optional_address(
    args: tuple[str, ...], expected: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: dict[str, object] = {}
    monkeypatch.setattr(simulate, "simulate_and_report", lambda *a: seen.update(vars(a[2])))
    result = invoke("simulate", GAME, "-n", "1", *args, "--seed", "1")
    assert result.exit_code == 0, result.output
    assert seen["ray"] == expected


POOL_RUN = 20_000
"""The games of the run stopped in the signal tests: many more than it plays before it is
stopped (a game takes about 2 ms), few enough that drawing their seeds takes a moment."""


def _interrupt_a_pool_run(
    stop_a_run: StopARun, stop: Callable[[int], None], code: int, report: Path | None = None
) -> None:
    """Start a long ``simulate`` on two workers in its own session, ``stop`` it (given its
    process id) once its workers have finished a game, and check that it reports the
    games it finished (and writes them into ``report``, when given)."""
    args = ["simulate", GAME, "-n", str(POOL_RUN), "-j", "2", "--seed", "4"]
    stopped = stop_a_run(args if report is None else [*args, "--report", str(report)], stop)
    assert stopped.returncode == code, stopped.err
    match = re.search(rf"Interrupted: (\d+) of {POOL_RUN} games were finished", stopped.err)
    assert match is not None, stopped.err
    done = int(match.group(1))
    assert 0 < done < POOL_RUN
    assert f"{done} games" in stopped.out
    if report is not None:
        assert json.loads((report / "results.json").read_text())["finished"] == done


def _to_the_group(signum: int) -> Callable[[int], None]:
    """Send ``signum`` to a process's whole group (as a terminal sends Ctrl-C)."""
    return lambda pid: os.killpg(pid, signum)


def test_ctrl_c_at_a_terminal_stops_a_pool_run_and_reports_its_finished_games(
    tmp_path: Path, stop_a_run: StopARun
) -> None:
    """A terminal's Ctrl-C reaches the whole process group, the pool's workers too: the run
    must still stop at once, report the games finished (it used to hang) and exit 130."""
    report = tmp_path / "report"
    _interrupt_a_pool_run(stop_a_run, _to_the_group(signal.SIGINT), 130, report)


def test_sigterm_to_the_whole_group_stops_a_pool_run_and_reports_its_finished_games(
    stop_a_run: StopARun,
) -> None:
    """SIGTERM (a scheduler's stop, or ``kill`` on a run a script started in the
    background, where Ctrl-C is ignored) stops the run as Ctrl-C does, even when it
    reaches the workers too and kills them, and exits 143 (what it then writes is written
    as after Ctrl-C, which the test above checks)."""
    _interrupt_a_pool_run(stop_a_run, _to_the_group(signal.SIGTERM), 143)


def _kill_a_worker(pid: int) -> None:
    """Kill one of run ``pid``'s pool workers with SIGKILL, as the out-of-memory killer
    would, leaving the run itself alone."""
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except OSError:  # a process that ended meanwhile
            continue
        if int(fields[1]) == pid and b"loky" in cmdline and b"resource_tracker" not in cmdline:
            os.kill(int(stat.parent.name), signal.SIGKILL)
            return
    raise AssertionError(f"run {pid} has no pool worker")


def test_a_pool_worker_killed_alone_stops_the_run_instead_of_hanging_it(
    stop_a_run: StopARun,
) -> None:
    """A worker that dies mid-run (here SIGKILL to it alone) stops the run as Ctrl-C does,
    keeping the games finished; the standard library's pool waited forever for the task
    the dead worker held (and could when a group's SIGTERM killed a worker between
    tasks, which once hung CI)."""
    _interrupt_a_pool_run(stop_a_run, _kill_a_worker, 130)


def test_tournament_takes_a_pack_value_as_an_option_as_simulate_does() -> None:
    """One settings syntax everywhere: ``-o pack.KEY=V`` changes a data pack value for
    every game of a tournament, as ``--set`` does and as it does in ``simulate``."""
    base = ("tournament", GAME, "--bot", "random", "--bot", "heuristic", "-n", "2", "--seed", "4")
    given = invoke(*base, "-o", "pack.rules.logistics.dutch_hand=6")
    assert given.exit_code == 0, given.output
    assert "settings pack.rules.logistics.dutch_hand=6" in given.stdout
    as_set = invoke(*base, "--set", "pack.rules.logistics.dutch_hand=6")
    assert as_set.stdout == given.stdout


def test_a_run_whose_stderr_is_not_a_terminal_logs_a_progress_line_at_most_once_a_minute() -> None:
    """In a log file the bar cannot show: plain lines instead, the first a minute in."""
    log = io.StringIO()
    console = Console(file=log, force_terminal=False, width=200)
    now = [100.0]
    with progress_bar(console) as bar:
        assert isinstance(bar, ProgressLines)
        lines = ProgressLines(console, every=60.0, clock=lambda: now[0])
        for done, at in ((1, 130.0), (2, 170.0), (3, 175.0), (4, 240.0), (5, 299.0)):
            now[0] = at
            lines(done, 12)
    assert log.getvalue().splitlines() == [
        "Played 2 of 12 games in 0:01:10, about 0:05:50 left",
        "Played 4 of 12 games in 0:02:20, about 0:04:40 left",
    ]


def test_a_short_tournament_in_a_log_prints_no_progress_line() -> None:
    result = invoke("tournament", GAME, "--bot", "random", "--bot", "heuristic", "-n", "1")
    assert result.exit_code == 0, result.output
    assert "Played" not in result.stderr
