"""`stratagem play britain_vs_france --seat Britain=human --seat France=heuristic`: a full
game at the terminal, a person seeing only what Britain may see."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from stratagem.cli import app
from stratagem.sim import replay_log

FRENCH_SECRETS = re.compile(r"France draws (?!a historic event|a secret objective)")


def test_a_person_plays_a_whole_game_against_the_heuristic(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result = CliRunner().invoke(
        app,
        [
            "play",
            "britain_vs_france",
            "--seat",
            "Britain=human",
            "--seat",
            "France=heuristic",
            "--seed",
            "5",
            "--log",
            str(log),
        ],
        input="1\n" * 2000,
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "You (Britain)" in out and "Secret objective" in out
    assert "France draws a historic event" in out
    assert not FRENCH_SECRETS.search(out)
    state, _ = replay_log(log)
    assert state.is_terminal()
    assert state.result()["reason"] in out


def test_determining_sides_a_person_may_play_either_side() -> None:
    """The players settle between them who plays France and who Britain [Determining
    Sides]: the game leaves it to them, so a person may take France as well as Britain."""
    result = CliRunner().invoke(
        app,
        [
            "play",
            "britain_vs_france",
            "--seat",
            "France=human",
            "--seat",
            "Britain=random",
            "--seed",
            "5",
        ],
        input="1\n" * 2000,
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "You (France)" in result.stdout and "You (Britain)" not in result.stdout
