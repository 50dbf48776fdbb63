"""One study, three backends: one process, a process pool and Ray give identical results.

Every registered game takes part at its fewest players, with a handful of games between
random bots, so that a long game costs the suite little.
"""

from __future__ import annotations

import json
import multiprocessing
import re
import signal
from pathlib import Path

import pytest

import stratagem
from stratagem.sim import backends, provenance, run_study
from stratagem.sim.report import RESULTS, results_doc, write_study_report

GAMES = [info.name for info in stratagem.available_games()]
N = 6


def _doc(name: str, **backend: object) -> str:
    run = run_study(name, {}, N, seed=11, **backend)  # type: ignore[arg-type]
    assert len(run.records) == N and not run.interrupted
    return json.dumps(results_doc(run), sort_keys=True)


@pytest.fixture(scope="module")
def serial() -> dict[str, str]:
    return {name: _doc(name) for name in GAMES}


def test_process_pool_gives_the_same_results(
    serial: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(backends, "TASKS_PER_WORKER", 2)  # several chunks per worker
    for name in GAMES:
        assert _doc(name, workers=2) == serial[name]


@pytest.mark.xdist_group("ray")
def test_ray_gives_the_same_results(serial: dict[str, str], local_ray: None) -> None:
    for name in GAMES:
        assert _doc(name, ray=True) == serial[name]


@pytest.mark.xdist_group("ray")
def test_ctrl_c_stops_the_ray_tasks_and_keeps_what_they_finished(
    local_ray: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As with the process pool: the first finished task is kept, the rest are cancelled,
    and the run says it was interrupted."""
    monkeypatch.setattr(backends, "CHUNK", 2)
    monkeypatch.setattr(backends, "TASKS_PER_WORKER", 1)  # 40 games: tasks of 2 games each

    def progress(done: int, total: int) -> None:
        raise KeyboardInterrupt  # as Ctrl-C would, once the first task's games are in

    run = run_study("eighty_years_war", {}, 40, seed=2, progress=progress, ray=True)
    assert run.interrupted and run.planned == 40
    assert len(run.records) == 2
    serial = run_study("eighty_years_war", {}, 40, seed=2).records
    assert all(record == serial[record.index] for record in run.records)


def test_records_are_in_game_order_with_their_seeds() -> None:
    run = run_study("eighty_years_war", {}, 4, seed=2)
    assert [record.index for record in run.records] == [0, 1, 2, 3]
    assert len({record.seed for record in run.records}) == 4


def test_ctrl_c_keeps_the_finished_games() -> None:
    def progress(done: int, total: int) -> None:
        if done == 3:
            raise KeyboardInterrupt

    run = run_study("eighty_years_war", {}, 10, seed=2, progress=progress)
    assert run.interrupted
    assert [record.index for record in run.records] == [0, 1, 2]
    assert run.study.games == 3
    assert run.planned == 10


def test_ctrl_c_stops_the_process_pool_and_keeps_what_it_finished(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(backends, "CHUNK", 2)
    monkeypatch.setattr(backends, "TASKS_PER_WORKER", 1)  # 40 games: tasks of 2 games each

    def progress(done: int, total: int) -> None:
        raise KeyboardInterrupt  # as Ctrl-C would, after the first chunk comes back

    run = run_study("eighty_years_war", {}, 40, seed=2, progress=progress, workers=2)
    assert run.interrupted
    assert len(run.records) == 2
    serial = run_study("eighty_years_war", {}, 40, seed=2).records
    assert all(record == serial[record.index] for record in run.records)


def test_a_result_names_the_code_as_it_was_when_the_games_began(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The tree may move on while a long run plays (a commit, a merge): the result file
    names the commit that was checked out when its first game began."""
    head = ["before"]
    monkeypatch.setattr(provenance, "_commit", lambda: head[0])
    provenance.provenance.cache_clear()
    try:
        run = run_study("eighty_years_war", {}, 2, seed=3)
        head[0] = "after"  # committed while the games played
        assert results_doc(run)["provenance"]["code"] == "before"
    finally:
        provenance.provenance.cache_clear()


def test_report_files(tmp_path: Path) -> None:
    run = run_study("eighty_years_war", {"Dutch": "heuristic"}, 8, seed=5)
    page = write_study_report(run, tmp_path / "out")
    doc = json.loads((tmp_path / "out" / RESULTS).read_text())
    assert doc["seats"] == {"Dutch": "heuristic", "Spanish": "random"}
    assert doc["finished"] == 8 and len(doc["games"]) == 8
    assert doc["games"][0]["scores"].keys() == {"Dutch", "Spanish"}
    assert doc["provenance"]["python"] and "matplotlib" in doc["provenance"]["packages"]
    assert doc["settings"] == []
    text = page.read_text()
    headings = re.findall(r"<h2>(.*?)</h2>", text)
    assert headings == [
        "Win rate by seat",
        "First player",
        "How games ended",
        "Game length",
        "Final scores by seat",
        "At the end, in public",
        "Enough games?",
        "Made with",
    ]
    assert "Eighty Years War: provinces" not in text  # no other game's words
    assert "Dutch: final score" in text and "even 1/2" in text
    assert text.count("<svg") == 7  # seven sections with figures, convergence included
    assert re.search(r"(src|href)=[\"']?https?:", text) is None  # self-contained


def test_pool_workers_leave_ctrl_c_to_the_process_that_runs_the_batch() -> None:
    """A terminal's Ctrl-C signals every process of the group; a worker that died of it
    would leave the pool waiting for its task, so the workers ignore it."""
    pool = multiprocessing.get_context("spawn").Pool(1, initializer=backends._ignore_ctrl_c)
    try:
        handler = pool.apply(_sigint_handler)
    finally:
        pool.terminate()
        pool.join()
    assert handler == "SIG_IGN"


def _sigint_handler() -> str:
    handler = signal.getsignal(signal.SIGINT)
    return handler.name if isinstance(handler, signal.Handlers) else repr(handler)
