"""The analysis of a finished game for one seat: deterministic, the same in a process pool,
blind to what the seat cannot see (every game), with turning points, a chart, pages and a
command that refuses bad input clearly.

Settings are tiny (two worlds a decision, a few search iterations) so that a game costs the
suite little; what an analysis finds in earnest is for ``stratagem analyse`` to show.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import stratagem
from stratagem.analysis import (
    Analysis,
    AnalysisError,
    Decision,
    Playouts,
    Settings,
    analyse_game,
    analyse_log,
    judge,
    markdown,
    seat_decisions,
    turning_points,
    write_report,
)
from stratagem.cli.app import app
from stratagem.core import CHANCE, Game, State
from stratagem.sim.gamelog import GameLogWriter, LogError
from stratagem.sim.runner import make_bots, play_match

GAMES = [info.name for info in stratagem.available_games()]
TINY = Settings(samples=2, iterations=4, seed=3)


def _log(tmp_path: Path, name: str = "eighty_years_war", seed: int = 5) -> Path:
    """A finished seeded game between ``normal`` and ``easy`` bots, logged."""
    game = stratagem.load(name)
    bots = ["normal"] * (game.num_players - 1) + ["easy"]
    path = tmp_path / f"{name}-{seed}.log"
    with GameLogWriter(path, game, seed, dict(zip(game.seat_names, bots, strict=True))) as log:
        match = play_match(game, make_bots(game, bots, seed), seed, on_step=log.record)
        log.write_result(match.result)
    return path


def _history(game: Game, seed: int, limit: int) -> list[str]:
    """The first ``limit`` steps of a seeded game between ``normal`` bots."""
    bots = make_bots(game, ["normal"] * game.num_players, seed)
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and len(state.history) < limit:
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(bots[player].choose(state, player))
    return [action.text for action in state.history]


def test_a_seeded_game_s_analysis_is_deterministic_and_the_same_in_a_process_pool(
    tmp_path: Path,
) -> None:
    path = _log(tmp_path)
    first = analyse_log(path, "Dutch", TINY)
    assert first.decisions
    assert all(d.played and d.best and len(d.chances) == 2 for d in first.decisions)
    assert analyse_log(path, "dutch", TINY) == first
    assert analyse_log(path, "0", TINY, workers=2) == first
    assert Analysis.from_json(json.loads(json.dumps(first.to_json()))) == first


class _SeatOnly:
    """A state seen through the only doors the analysis may use; anything else raises."""

    ALLOWED = frozenset({"game", "current_player", "legal_actions", "view", "resample_hidden"})

    def __init__(self, state: State) -> None:
        self._state = state

    def __getattr__(self, name: str) -> Any:
        if name not in self.ALLOWED:
            raise AssertionError(f"the analysis read state.{name}")
        return getattr(self._state, name)


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_s_analysis_is_the_same_in_worlds_it_cannot_tell_apart(name: str) -> None:
    """Redealing everything the seat cannot see at a decision leaves its judgement (the
    strongest bot's choice, each seat's chances) unchanged, and the judgement reads the
    position only through the seat's doors."""
    game = stratagem.load(name)
    playouts = Playouts(game, TINY.rounds)
    other_worlds = random.Random(17)
    checked = 0
    for seat in range(game.num_players):
        points = seat_decisions(game, _history(game, 7, 160), seat)
        for step, state, played in points[:: max(1, len(points) // 2)][:2]:
            world = state.resample_hidden(seat, other_worlds)
            assert world.view(seat) == state.view(seat)
            truth = judge(state, seat, played, step=step, settings=TINY, playouts=playouts)
            guarded: Any = _SeatOnly(world)
            seen = judge(guarded, seat, played, step=step, settings=TINY, playouts=playouts)
            assert seen == truth
            checked += 1
    assert checked > 0


def _decision(step: int, mine: float) -> Decision:
    return Decision(step, None, "a", "a", (mine, 1 - mine), (mine, 1 - mine))


def test_turning_points_are_the_largest_swings_three_to_five() -> None:
    line = [0.5, 0.52, 0.2, 0.21, 0.6, 0.62, 0.61, 0.9, 0.92, 0.93, 0.95]
    decisions = [_decision(10 * i, value) for i, value in enumerate(line)]
    points = turning_points(decisions, 0)
    assert [point.index for point in points] == [2, 4, 7]
    assert [round(point.swing, 2) for point in points] == [-0.32, 0.39, 0.29]
    calm = [_decision(i, 0.5 + 0.001 * (i % 3)) for i in range(9)]
    assert len(turning_points(calm, 0)) == 3
    wild = [_decision(i, 0.1 if i % 2 else 0.9) for i in range(9)]
    assert len(turning_points(wild, 0)) == 5


def test_the_report_holds_the_chart_and_the_pages(tmp_path: Path) -> None:
    analysis = analyse_log(_log(tmp_path, seed=6), "Spanish", TINY)
    written = write_report(analysis, tmp_path / "report")
    names = sorted(path.name for path in written)
    assert names == ["analysis.html", "analysis.json", "analysis.md", "chart.png"]
    assert (tmp_path / "report" / "chart.png").read_bytes().startswith(b"\x89PNG")
    page = (tmp_path / "report" / "analysis.md").read_text()
    assert "## Turning points" in page
    assert page == markdown(analysis)
    assert "<img src='chart.png'" in (tmp_path / "report" / "analysis.html").read_text()


def test_a_game_not_over_is_refused(tmp_path: Path) -> None:
    path = _log(tmp_path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join(lines[:60]) + "\n")
    with pytest.raises(AnalysisError, match="the game is not over"):
        analyse_log(path, "Dutch", TINY)


def test_an_unknown_seat_is_refused_with_the_seats_named(tmp_path: Path) -> None:
    with pytest.raises(AnalysisError, match=r"no seat 'French'; its seats: Dutch \(0\)"):
        analyse_log(_log(tmp_path), "French", TINY)
    game = stratagem.load("eighty_years_war")
    with pytest.raises(AnalysisError, match="seats 0 to 1, not 2"):
        analyse_game(game, [], 2, TINY)


def test_bad_settings_are_refused() -> None:
    with pytest.raises(ValueError, match="samples must be 1 or more"):
        Settings(samples=0)


def test_the_analyse_command_prints_the_turning_points_and_writes_the_report(
    tmp_path: Path,
) -> None:
    path = _log(tmp_path)
    report = tmp_path / "out"
    result = CliRunner().invoke(
        app,
        [
            "analyse",
            str(path),
            "--seat",
            "Dutch",
            "--samples",
            "2",
            "--iterations",
            "4",
            "--report",
            str(report),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "analysed for Dutch" in result.output
    assert "Turning points:" in result.output
    assert (report / "chart.png").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "French"], "no seat 'French'"),
        (["--seat", "Dutch", "--samples", "0"], "Invalid value for '--samples'"),
    ],
)
def test_the_analyse_command_refuses_bad_input_without_a_traceback(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = CliRunner().invoke(app, ["analyse", str(_log(tmp_path)), *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_analyse_command_refuses_a_missing_or_bad_log(tmp_path: Path) -> None:
    missing = CliRunner().invoke(app, ["analyse", str(tmp_path / "none.log"), "--seat", "Dutch"])
    assert missing.exit_code == 2
    assert "cannot read" in missing.output
    bad = tmp_path / "bad.log"
    bad.write_text("not json\n")
    with pytest.raises(LogError):
        analyse_log(bad, "Dutch", TINY)
