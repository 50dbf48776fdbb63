"""`stratagem simulate` and `stratagem tournament` with `--army` (the game option `armies`)."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

import pytest
from typer.testing import CliRunner

from stratagem.cli import app
from stratagem.cli.lab import simulate, tournament
from stratagem.cli.lab.options import LabRun

ENV = {"COLUMNS": "200"}
ARMIES = ["--army", "spanish_500", "--army", "french_500"]


def test_simulate_plays_a_battle_of_the_armies_given() -> None:
    result = CliRunner().invoke(
        app, ["simulate", "tercios", *ARMIES, "-n", "1", "--workers", "1", "--seed", "3"], env=ENV
    )
    assert result.exit_code == 0, result.output
    assert "tercios: 1 game, master seed 3" in result.output


@pytest.mark.parametrize(
    ("command", "module", "runner_name"),
    [
        (["simulate", "tercios", "-n", "1"], simulate, "simulate_and_report"),
        (
            ["tournament", "tercios", "-b", "random", "-b", "heuristic"],
            tournament,
            "tournament_and_report",
        ),
    ],
)
def test_army_reaches_the_lab_as_the_armies_option(
    monkeypatch: pytest.MonkeyPatch, command: list[str], module: ModuleType, runner_name: str
) -> None:
    seen: list[Mapping[str, object]] = []

    def record(_out: object, _err: object, run: LabRun, *_: object, **__: object) -> None:
        seen.append(run.options)

    monkeypatch.setattr(module, runner_name, record)
    result = CliRunner().invoke(app, [*command, *ARMIES], env=ENV)
    assert result.exit_code == 0, result.output
    assert [tuple(o["armies"]) for o in seen] == [("spanish_500", "french_500")]  # type: ignore[arg-type]


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "tercios", "-n", "1"],
        ["tournament", "tercios", "-b", "random", "-b", "heuristic"],
    ],
)
def test_an_unknown_army_is_a_user_error(command: list[str]) -> None:
    result = CliRunner().invoke(app, [*command, "--army", "nowhere", "--army", "x"], env=ENV)
    assert result.exit_code == 2
    assert "no army 'nowhere'" in result.output
