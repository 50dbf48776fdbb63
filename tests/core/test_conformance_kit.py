"""The conformance kit catches what it claims to: here, a refusal that changes the state."""

from __future__ import annotations

import pytest

import stratagem
from stratagem.core import Action
from stratagem.games.eighty_years_war.state import EightyYearsWarState
from stratagem.testing import ConformanceError, check_conformance


def test_a_refusal_that_changes_the_state_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    def leaky_why_illegal(self: EightyYearsWarState, action: Action) -> str:
        self.turn += 1
        return "refused"

    monkeypatch.setattr(EightyYearsWarState, "_why_illegal", leaky_why_illegal)
    with pytest.raises(
        ConformanceError, match=r"step 1: .*or a refusal changed it .*at a chance node"
    ):
        check_conformance(stratagem.load("eighty_years_war"), games=1)


def test_a_sound_game_passes() -> None:
    report = check_conformance(stratagem.load("eighty_years_war"), games=1, deep_every=50)
    assert report.games == 1 and report.steps == report.lengths[0] > 100
