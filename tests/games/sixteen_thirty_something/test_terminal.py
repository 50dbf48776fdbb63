"""A person plays Sixteen Thirty Something at the terminal (``stratagem play``), seeing
only what their seat may see, with the trade and vote steps in view."""

from __future__ import annotations

import re
from pathlib import Path

from typer.testing import CliRunner

from stratagem.cli import app
from stratagem.sim import replay_log

ENV = {"COLUMNS": "200"}
OTHERS_SECRETS = re.compile(
    r"Player [23] draws (?!a card|a Victory Point Counter)|"
    r"Player [23] votes (red|blue|war|peace)|"
    r"Player [23] offers (?!an? |[^.]*, stating its value\.)"  # a stated value is public
)


def test_a_person_plays_a_whole_game(tmp_path: Path) -> None:
    log = tmp_path / "human.jsonl"
    answers = "Frobnicate\n99\n" + "1\n" * 3000
    result = CliRunner().invoke(
        app,
        [
            "play",
            "sixteen_thirty_something",
            "--players",
            "3",
            "--seat",
            "Player 1=human",
            "--seed",
            "12",
            "--log",
            str(log),
        ],
        input=answers,
        env=ENV,
    )
    assert result.exit_code == 0, result.output[-2000:]
    out = result.stdout
    assert "Not accepted: 'Frobnicate' is not an action of this game" in out
    assert "Not accepted: 99 is not a choice" in out
    assert "Hand: " in out and "*=your VPC" in out
    assert "Propose a trade" in out and "Trade" in out and "Trade: P1 asks for" in out
    assert "Vote in: " in out and " · laid: " in out and "Vote red" in out
    assert "Player 1 draws the Victory Point Counter of" in out
    assert not OTHERS_SECRETS.search(out)
    state, _ = replay_log(log)
    assert state.is_terminal()
    assert state.result()["reason"] in out
