"""Find the value of a setting that brings a seat nearest to its even share.

``find_balance`` plays the same seeded games (the same master seed, so game ``i`` meets
the same seed under every value: paired) at both ends of a whole-number range, then bisects
towards the value where the seat's share of the games with a single winner crosses its even
share (1/N), assuming the share moves one way as the value grows. It is a noisy bisection:
each value's share is an estimate, so it stops early when a value's 95% interval holds the
even share, and the answer is the value tried whose share came nearest, with its interval
and the games spent.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from stratagem.core import OptionError
from stratagem.sim.backends import GameRecord
from stratagem.sim.settings import parse_setting
from stratagem.sim.stats import wilson_interval
from stratagem.sim.study import run_study
from stratagem.sim.verdicts import Verdict, seat_verdict, share_text


@dataclass(frozen=True, slots=True)
class Trial:
    """One value tried: the seat's wins among the games with a single winner."""

    value: int
    wins: int
    decided: int
    records: tuple[GameRecord, ...]

    @property
    def share(self) -> float:
        """The seat's share (NaN with no decided game)."""
        return self.wins / self.decided if self.decided else float("nan")


@dataclass(frozen=True, slots=True)
class BalanceSearch:
    """Every value tried, in the order tried, and the one nearest to even."""

    key: str
    seat: str
    even: float
    trials: tuple[Trial, ...]
    games: int
    """Games played in all."""
    verdict: Verdict
    """The nearest value's balance verdict."""
    interrupted: bool = False
    """Ctrl-C (or SIGTERM) stopped the search: the last value tried has the games finished
    before it, and no more values were tried."""

    @property
    def best(self) -> Trial:
        """The value whose share came nearest to even."""
        return min(
            self.trials,
            key=lambda t: abs(t.share - self.even) if t.decided else float("inf"),
        )

    def text(self) -> str:
        """The answer in words, then every value tried."""
        best = self.best
        tried = ", ".join(
            f"{t.value}: {share_text(t.wins, t.decided) if t.decided else '-'}"
            for t in sorted(self.trials, key=lambda t: t.value)
        )
        stopped = (
            f"Interrupted after {self.games} games: the search stopped there, and the last "
            "value tried has only the games finished before it. So far, n"
            if self.interrupted
            else "N"
        )
        return (
            f"{stopped}earest to even for {self.seat}: {self.key}={best.value}. "
            f"{self.verdict.text} Tried ({self.seat}'s share of the games with a single "
            f"winner): {tried}; {self.games} games."
        )


def parse_range(text: str) -> tuple[int, int]:
    """``A..B`` (whole numbers, A < B)."""
    low, dots, high = text.partition("..")
    try:
        start, stop = int(low), int(high)
    except ValueError:
        raise OptionError(f"--range {text!r}: expected two whole numbers, 5..9") from None
    if not dots or stop <= start:
        raise OptionError(f"--range {text!r}: expected LOW..HIGH with LOW below HIGH")
    return start, stop


def find_balance(
    game_name: str,
    seat_bots: Mapping[str, str],
    key: str,
    span: tuple[int, int],
    *,
    n: int,
    seed: int,
    seat: str | None = None,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
) -> BalanceSearch:
    """Bisect ``key`` over ``span`` (low, high) for the value where ``seat`` (the first
    seat by default) wins nearest its even share, ``n`` games per value tried. Ctrl-C
    stops the search where it is (``BalanceSearch.interrupted``)."""
    low, high = span
    parse_setting(f"{key}={low}")  # a key that cannot be read is refused at once
    trials: dict[int, Trial] = {}

    def trial(value: int) -> Trial:
        if value not in trials:
            run = run_study(
                game_name,
                seat_bots,
                n,
                seed,
                options=options,
                workers=workers,
                settings=(parse_setting(f"{key}={value}"),),
            )
            names = run.seat_names
            if seat is not None and seat not in names:
                raise OptionError(f"--for {seat!r}: the seats are {', '.join(names)}")
            index = names.index(seat) if seat is not None else 0
            decided = [r for r in run.records if len(r.winners) == 1]
            wins = sum(1 for r in decided if r.winners[0] == index)
            trials[value] = Trial(value, wins, len(decided), run.records)
            seat_names[:] = list(names)
            if run.interrupted:
                raise _Stopped
        return trials[value]

    seat_names: list[str] = []
    try:
        left, right = trial(low), trial(high)
        even = 1 / len(seat_names)
        while right.value - left.value > 1 and _side(left, even) * _side(right, even) < 0:
            middle = trial((left.value + right.value) // 2)
            side = _side(middle, even)
            if side == 0:
                break
            if side == _side(left, even):
                left = middle
            else:
                right = middle
        stopped = False
    except _Stopped:
        stopped = True
    even = 1 / len(seat_names)
    tried = tuple(trials.values())
    best = min(tried, key=lambda t: abs(t.share - even) if t.decided else float("inf"))
    return BalanceSearch(
        key,
        seat if seat is not None else seat_names[0],
        even,
        tried,
        sum(len(t.records) for t in tried),
        seat_verdict(best.records, seat_names),
        interrupted=stopped,
    )


class _Stopped(Exception):
    """A value's games were stopped by Ctrl-C: the search ends there."""


def _side(trial: Trial, even: float) -> int:
    """-1 below the even share, +1 above, 0 when the interval holds it (or nothing is known)."""
    if not trial.decided:
        return 0
    low, high = wilson_interval(trial.wins, trial.decided)
    if high < even:
        return -1
    if low > even:
        return 1
    return 0
