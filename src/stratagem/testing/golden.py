"""Golden event logs: one seeded game's full event log, kept in ``tests/golden/`` and
compared on every run, so that any change of behaviour is seen and reviewed.

Set ``STRATAGEM_UPDATE_GOLDEN=1`` to rewrite a golden file after a reviewed change.
"""

from __future__ import annotations

import os
from pathlib import Path

from stratagem.core import Game
from stratagem.testing.conformance import random_playout


def event_log_text(game: Game, seed: int) -> str:
    """The full (unredacted) event log of the random playout ``seed``, one event a line."""
    state = random_playout(game, seed)
    lines = [f"[{event.rule}] {event.text}" for event in state.events]
    lines.append(f"RESULT {state.result()}")
    return "\n".join(lines) + "\n"


def check_golden(game: Game, seed: int, path: Path) -> None:
    """Compare a seeded game's event log with ``path`` (or write it when updating)."""
    text = event_log_text(game, seed)
    if os.environ.get("STRATAGEM_UPDATE_GOLDEN") == "1" or not path.exists():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        if os.environ.get("STRATAGEM_UPDATE_GOLDEN") != "1":
            raise AssertionError(f"{path} did not exist; it has been written: review and commit it")
        return
    expected = path.read_text(encoding="utf-8")
    if text != expected:
        got = text.splitlines()
        want = expected.splitlines()
        for index, (line, golden) in enumerate(zip(got, want, strict=False)):
            if line != golden:
                raise AssertionError(
                    f"{path}: line {index + 1} changed\n  golden: {golden}\n  now:    {line}\n"
                    "If the change is intended, rerun with STRATAGEM_UPDATE_GOLDEN=1 and review."
                )
        raise AssertionError(f"{path}: {len(want)} lines in the golden file, {len(got)} now")
