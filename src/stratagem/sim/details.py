"""The game's own questions: a summary of ``result()["details"]`` over a study's games.

Each game may report study quantities in ``details`` (see DECISIONS, "Study questions").
A quantity is *categorical* when its values are words or yes/no (strings or booleans): each
value gets its share of the games that reported the quantity, with its 95% Wilson interval.
A quantity whose values are all numbers is *numeric*: mean and median (the mean of a 0/1
count is the share of games where it was 1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from stratagem.core import JsonDict
from stratagem.sim.backends import GameRecord
from stratagem.sim.stats import Proportion, Spread, spread


def collect(records: Sequence[GameRecord], field: str) -> dict[str, list[Any]]:
    """``scores`` or ``details`` of every game, key by key (keys missing in a game skipped)."""
    table: dict[str, list[Any]] = {}
    for record in records:
        values: JsonDict = getattr(record, field)
        for key, value in values.items():
            if isinstance(value, str | int | float | bool):
                table.setdefault(str(key), []).append(value)
    return table


@dataclass(frozen=True, slots=True)
class CategoricalDetail:
    """A categorical quantity: each value seen, with its share of the games, most common first."""

    key: str
    shares: tuple[tuple[str, Proportion], ...]


@dataclass(frozen=True, slots=True)
class NumericDetail:
    """A numeric quantity: how many games reported it, and its mean and median."""

    key: str
    games: int
    spread: Spread


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def summarize_details(
    records: Sequence[GameRecord],
) -> tuple[tuple[CategoricalDetail, ...], tuple[NumericDetail, ...]]:
    """The categorical and the numeric quantities of ``records``' details, in key order."""
    categorical: list[CategoricalDetail] = []
    numeric: list[NumericDetail] = []
    for key, values in sorted(collect(records, "details").items()):
        if any(isinstance(value, str | bool) for value in values):
            counts = Counter(_word(value) for value in values)
            shares = tuple(
                (word, Proportion(count, len(values))) for word, count in counts.most_common()
            )
            categorical.append(CategoricalDetail(key, shares))
        else:
            summary = spread([float(value) for value in values])
            if summary is not None:
                numeric.append(NumericDetail(key, len(values), summary))
    return tuple(categorical), tuple(numeric)
