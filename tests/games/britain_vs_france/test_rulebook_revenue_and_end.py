"""Rulebook-first audit of 1750: 8) Collect Revenue, Ending the Game (tiebreakers) and the
advanced scoring rules, written from the rulebook's text and driven through the public API."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest

import stratagem

from .audit_helpers import PLACE, at_step, control, play
from .helpers import BRITAIN, FRANCE

# Contents: 8 Silk, 9 Fish, 9 Furs, 8 Indigo, 10 Sugar, 8 Precious Metals, 4 Ivory,
# 4 Spices, 1 Timber
EXPORT_TOTALS = (8, 9, 9, 8, 10, 8, 4, 4, 1)
START_CONTROL = {
    "Britain": ("Boston", "Jamaica", "Madras"),
    "France": ("Quebec", "Martinique", "Pondicherry"),
}


def _exports(britain: Sequence[int], france: Sequence[int]) -> dict[str, Any]:
    """Raw export fields for both sides, the rest in the supply (counts in the Contents order)."""
    britain, france = (
        list(britain) + [0] * (9 - len(britain)),
        list(france) + [0] * (9 - len(france)),
    )
    supply = [total - b - f for total, b, f in zip(EXPORT_TOTALS, britain, france, strict=True)]
    return {"exports": [britain, france], "supply": supply}


def _last_turn(
    advanced: str | None = None,
    *,
    britain: Sequence[str] = START_CONTROL["Britain"],
    france: Sequence[str] = START_CONTROL["France"],
    units: dict[str, tuple[str, int]] | None = None,
    **fields: Any,
) -> stratagem.State:
    """France's 10th turn at Place Purchases with the given control (and the ``advanced``
    scoring rule); ended through revenue."""
    state = at_step(
        PLACE,
        None if advanced is None else {advanced: True},
        active=FRANCE,
        units=units,
        fields={"turn": 10, "control": control(britain, france), **fields},
    )
    play(state, "End placement")
    return state


def _revenue(britain_exports: Sequence[int]) -> int:
    state = at_step(PLACE, fields={"gold": [0, 3], **_exports(britain_exports, [0, 0, 1, 0, 1, 1])})
    play(state, "End placement")
    return int(state.view(None)["gold"]["Britain"])


# 8) Collect Revenue


def test_collect_revenue_three_gold_without_any_set() -> None:
    """8) Collect Revenue: every turn brings 3 gold even with no set of three different exports."""
    assert _revenue([0, 0, 0, 0, 3]) == 3


def test_collect_revenue_one_more_gold_per_set_of_three_different() -> None:
    """8) Collect Revenue: each set of 3 different exports adds 1 gold."""
    assert _revenue([1, 1, 0, 0, 1]) == 4
    assert _revenue([1, 1, 1, 1, 1, 1]) == 5


def test_collect_revenue_each_export_counts_in_one_set_only() -> None:
    """8) Collect Revenue: an export card counts toward one set only, so 2+2+1 make one set."""
    assert _revenue([2, 2, 0, 0, 1]) == 4
    assert _revenue([2, 2, 0, 0, 2]) == 5


def test_collect_revenue_gold_kept_for_next_turn() -> None:
    """8) Collect Revenue: the collected gold stays in the treasury for the side's next turn."""
    state = at_step(PLACE, fields={"gold": [0, 3]})
    events = play(state, "End placement")
    assert "Britain collects 4 gold (3 + 1 for export sets); treasury 4." in events
    assert state.view(None)["gold"]["Britain"] == 4
    assert state.view(None)["active"] == "France"


# Ending the Game


def test_ending_the_game_after_the_tenth_player_turn() -> None:
    """Ending the Game: the game ends once the 10th player turn is over, not before."""
    ninth = at_step(PLACE, active=BRITAIN, fields={"turn": 9})
    play(ninth, "End placement")
    assert not ninth.is_terminal()
    assert _last_turn().is_terminal()


def test_ending_the_game_one_point_per_colony() -> None:
    """Ending the Game / Setup F 1.: each controlled colony scores 1 victory point."""
    state = _last_turn(britain=("Boston", "Jamaica", "Madras", "Bombay"), france=("Quebec",))
    breakdown = state.result()["breakdown"]
    assert breakdown["Britain"]["colonies"] == 4
    assert breakdown["France"]["colonies"] == 1


def test_ending_the_game_most_points_wins() -> None:
    """Ending the Game: the side with more victory points wins."""
    state = _last_turn(
        britain=("Boston", "Jamaica"), france=("Quebec", "Martinique", "Pondicherry")
    )
    assert state.result()["winners"] == ["France"]
    assert state.returns() == [-1.0, 1.0]


def test_ending_the_game_first_tiebreaker_prisoners() -> None:
    """Ending the Game: on equal points the side holding more prisoners wins."""
    state = _last_turn(units={"Robert Clive": ("prison", BRITAIN)})
    assert state.result()["scores"]["Britain"] == state.result()["scores"]["France"]
    assert state.result()["winners"] == ["France"]


def test_ending_the_game_second_tiebreaker_political_objectives() -> None:
    """Ending the Game: with points and prisoners equal, more political objectives wins."""
    state = _last_turn(po_control=[BRITAIN, -1, -1, -1, -1, -1, -1, -1, -1, -1])
    assert state.result()["scores"]["Britain"] == state.result()["scores"]["France"]
    assert state.result()["winners"] == ["Britain"]


def test_ending_the_game_third_tiebreaker_export_cards() -> None:
    """Ending the Game: with points, prisoners and objectives equal, more export cards wins."""
    state = _last_turn(**_exports([1, 1, 0, 0, 1], [0, 0, 1, 0, 1, 1, 1]))
    assert state.result()["winners"] == ["France"]


def test_ending_the_game_prisoners_outrank_objectives() -> None:
    """Ending the Game: the prisoner tiebreaker is looked at before the objectives one."""
    state = _last_turn(
        units={"Robert Clive": ("prison", BRITAIN)},
        po_control=[BRITAIN, BRITAIN, -1, -1, -1, -1, -1, -1, -1, -1],
    )
    assert state.result()["winners"] == ["France"]


def test_ending_the_game_all_equal_is_a_draw() -> None:
    """Ending the Game: equal points and all three tiebreakers equal leave no winner."""
    state = _last_turn()
    assert state.result()["winners"] == []
    assert state.returns() == [0.0, 0.0]


def test_ending_the_game_secret_objective_points_count() -> None:
    """Ending the Game: secret objective points are added to the colony points."""
    state = _last_turn(
        britain=("Boston", "Jamaica", "Madras", "Pondicherry", "Bombay"), france=("Quebec",)
    )
    breakdown = state.result()["breakdown"]["Britain"]
    assert state.result()["scores"]["Britain"] == sum(int(v) for v in breakdown.values())


def test_regional_dominance_one_point_per_whole_theater() -> None:
    """Regional Dominance: controlling every colony of a theater scores 1 more point for it."""
    state = _last_turn(
        "regional_dominance",
        britain=("Boston", "Jamaica", "Madras", "Pondicherry", "Bombay"),
        france=("Quebec",),
    )
    assert state.result()["breakdown"]["Britain"]["Regional Dominance"] == 1
    assert state.result()["breakdown"]["France"]["Regional Dominance"] == 0


def test_regional_dominance_only_when_chosen() -> None:
    """Regional Dominance: without the advanced rule a whole theater scores nothing extra."""
    state = _last_turn(
        britain=("Boston", "Jamaica", "Madras", "Pondicherry", "Bombay"), france=("Quebec",)
    )
    assert "Regional Dominance" not in state.result()["breakdown"]["Britain"]


@pytest.mark.parametrize(("different", "extra"), [(5, 0), (6, 1)])
def test_trade_mastery_six_different_exports(different: int, extra: int) -> None:
    """Trade Mastery: 6 or more different exports score 1 more point; 5 do not."""
    state = _last_turn("trade_mastery", **_exports([1] * different, [0, 0, 1, 0, 1, 1]))
    assert state.result()["breakdown"]["Britain"]["Trade Mastery"] == extra


@pytest.mark.parametrize(("held", "extra"), [(2, 0), (3, 1)])
def test_powerful_friends_three_political_objectives(held: int, extra: int) -> None:
    """Powerful Friends: 3 or more political objectives score 1 more point; 2 do not."""
    state = _last_turn("powerful_friends", po_control=[BRITAIN] * held + [-1] * (10 - held))
    assert state.result()["breakdown"]["Britain"]["Powerful Friends"] == extra
