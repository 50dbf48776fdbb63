"""The questions a study answers, one value per game, and their summaries with intervals.

Every question is answered game by game, so that two variants played on the same seeds can
be compared seed by seed. A *rate* is 1 or 0 in a game (a seat won, the game was a draw,
an answer of the game's own categorical question); a *number* is a count or a measure
(game length, a numeric detail, a final score). Labels come from the game: its seat names,
the keys of its ``result()["details"]`` and ``["scores"]``, and its ``reason`` texts.

How a game ended is its ``reason`` with the numbers in it written ``#`` ("Spanish Victory:
the Spanish hold # provinces"), so that games ended the same way count together.

Intervals (95%): a rate's is Wilson's; a number's mean is given with Student's t on the
games' values. A paired difference (same seed, two variants) is the mean of the per-seed
differences with Student's t on them: a normal approximation, which the report names.
"""

from __future__ import annotations

import math
import re
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from scipy import stats as scipy_stats

from stratagem.sim.backends import GameRecord
from stratagem.sim.stats import wilson_interval

Kind = Literal["rate", "number"]

GROUPS = (
    "Win rate by seat",
    "First player",
    "How games ended",
    "Game length",
    "The game's own questions",
    "Final scores by seat",
    "At the end, in public",
)
"""The sections of the questions, in report order."""


@dataclass(frozen=True, slots=True)
class Question:
    """One question: its label, rate or number, its section, and for a rate that is one
    answer of a categorical question, the question it answers (``parent``)."""

    label: str
    kind: Kind
    group: str
    parent: str = ""

    @property
    def key(self) -> str:
        """Unique among a study's questions: a game's own question may share its label
        with one of the lab's (Henry VIII's detail ``turns`` and the game length's)."""
        return f"{self.group}/{self.label}"


@dataclass(frozen=True, slots=True)
class Answers:
    """Every game's answer to every question (a game may not answer some: not in its dict)."""

    questions: tuple[Question, ...]
    games: tuple[dict[str, float], ...]
    seeds: tuple[int, ...]

    def values(self, question: Question) -> list[float]:
        """The answers to ``question`` of the games that gave one, in game order."""
        return [game[question.key] for game in self.games if question.key in game]

    def by_seed(self, question: Question) -> dict[int, float]:
        """The answers to ``question`` keyed by the game's seed."""
        return {
            seed: game[question.key]
            for seed, game in zip(self.seeds, self.games, strict=True)
            if question.key in game
        }


def how_ended(reason: str, seat_names: Sequence[str] = ()) -> str:
    """``reason`` with its numbers written ``#``, seat names kept ("Player 3" stays);
    "not told" when it is empty."""
    names = sorted(seat_names, key=len, reverse=True)
    if not names:
        return re.sub(r"\d+(?:\.\d+)?", "#", reason).strip() or "not told"
    pattern = "|".join(re.escape(name) for name in names)
    parts = re.split(f"({pattern})", reason)
    kept = [part if part in names else re.sub(r"\d+(?:\.\d+)?", "#", part) for part in parts]
    return "".join(kept).strip() or "not told"


def _word(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _raw(record: GameRecord, seat_names: Sequence[str]) -> list[tuple[Question, float | str]]:
    """One game's answers; a categorical answer is given as its word."""
    found: list[tuple[Question, float | str]] = []
    for seat, name in enumerate(seat_names):
        found.append((Question(f"{name} wins", "rate", GROUPS[0]), float(seat in record.winners)))
    found.append((Question("draws (no winner)", "rate", GROUPS[0]), float(not record.winners)))
    if record.first_player is not None:
        first = Question("first player wins", "rate", GROUPS[1])
        found.append((first, float(record.first_player in record.winners)))
    ended = Question("how it ended", "rate", GROUPS[2])
    found.append((ended, how_ended(record.reason, seat_names)))
    found.append((Question("actions (chance included)", "number", GROUPS[3]), record.length))
    found.append((Question("decisions", "number", GROUPS[3]), record.decisions))
    if record.turns is not None:
        found.append((Question("turns", "number", GROUPS[3]), record.turns))
    for key, value in sorted(record.details.items()):
        if isinstance(value, str | bool):
            found.append((Question(str(key), "rate", GROUPS[4]), _word(value)))
        elif isinstance(value, int | float):
            found.append((Question(str(key), "number", GROUPS[4]), float(value)))
    for key, value in record.scores.items():
        if isinstance(value, int | float) and not isinstance(value, bool):
            found.append((Question(f"{key}: final score", "number", GROUPS[5]), float(value)))
    for key, by_seat in record.public.items():
        if isinstance(by_seat, Mapping):
            for seat, value in by_seat.items():
                label = f"{seat} {str(key).replace('_', ' ')} at the end"
                found.append((Question(label, "number", GROUPS[6]), float(value)))
    return found


def answers_of(records: Sequence[GameRecord], seat_names: Sequence[str]) -> Answers:
    """Every game's answers. A categorical question becomes one rate per answer seen (in any
    game of ``records``), 1 in the games that gave it and 0 in the others that answered."""
    raw = raw_answers(records, seat_names)
    return answers_over([raw], [[r.seed for r in records]])[0]


def answers_over(
    raws: Sequence[Sequence[Sequence[tuple[Question, float | str]]]],
    seeds: Sequence[Sequence[int]],
) -> list[Answers]:
    """The answers of several sets of games with the same questions (the categorical
    answers seen in any of them), so that variants can be compared question by question."""
    order: dict[str, Question] = {}
    words: dict[str, dict[str, None]] = {}
    for raw in raws:
        for game in raw:
            for question, value in game:
                if isinstance(value, str):
                    words.setdefault(question.key, {})[value] = None
                order.setdefault(question.key, question)
    questions: list[Question] = []
    for key, question in order.items():
        if key in words:
            for word in sorted(words[key]):
                label = f"{question.label}: {word}"
                questions.append(Question(label, "rate", question.group, question.label))
        else:
            questions.append(question)
    grouped = sorted(questions, key=lambda q: GROUPS.index(q.group))
    result = []
    for raw, game_seeds in zip(raws, seeds, strict=True):
        games: list[dict[str, float]] = []
        for game in raw:
            row: dict[str, float] = {}
            for question, value in game:
                if isinstance(value, str):
                    for word in words[question.key]:
                        answer = Question(f"{question.label}: {word}", "rate", question.group)
                        row[answer.key] = float(word == value)
                else:
                    row[question.key] = float(value)
            games.append(row)
        result.append(Answers(tuple(grouped), tuple(games), tuple(game_seeds)))
    return result


def raw_answers(
    records: Sequence[GameRecord], seat_names: Sequence[str]
) -> list[list[tuple[Question, float | str]]]:
    """Each game's answers before categorical ones are spread over their words."""
    return [_raw(record, seat_names) for record in records]


# -- summaries ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Estimate:
    """A question's value over some games: mean (a rate for a rate), 95% interval, spread."""

    question: Question
    games: int
    mean: float
    low: float
    high: float
    sd: float
    median: float
    q1: float
    q3: float

    @property
    def width(self) -> float:
        """The interval's width."""
        return self.high - self.low


def t_half_width(sd: float, n: int) -> float:
    """Half the 95% Student-t interval of a mean of ``n`` values with deviation ``sd``."""
    if n < 2:
        return math.inf
    return float(scipy_stats.t.ppf(0.975, n - 1)) * sd / math.sqrt(n)


def estimate(question: Question, values: Sequence[float]) -> Estimate:
    """The value of ``question`` over ``values`` (NaN everywhere for no game)."""
    n = len(values)
    if n == 0:
        nan = math.nan
        return Estimate(question, 0, nan, nan, nan, nan, nan, nan, nan)
    mean = statistics.fmean(values)
    sd = statistics.stdev(values) if n > 1 else 0.0
    q1, median, q3 = (
        statistics.quantiles(values, n=4, method="inclusive") if n > 1 else [values[0]] * 3
    )
    if question.kind == "rate":
        low, high = wilson_interval(math.fsum(values), n)
    else:
        half = t_half_width(sd, n)
        low, high = mean - half, mean + half
    return Estimate(question, n, mean, low, high, sd, median, q1, q3)


def estimates(answers: Answers) -> list[Estimate]:
    """Every question's estimate, in question order."""
    return [estimate(q, answers.values(q)) for q in answers.questions]


@dataclass(frozen=True, slots=True)
class Difference:
    """A variant against the base on the same seeds: the mean per-seed difference."""

    question: Question
    pairs: int
    mean: float
    low: float
    high: float

    @property
    def shown(self) -> bool:
        """Whether the interval leaves out 0 (a difference is shown)."""
        return self.pairs > 1 and (self.low > 0 or self.high < 0)

    def verdict(self) -> str:
        """In words: "no difference shown", or which way and by how much, with the interval."""
        if not self.shown:
            return "no difference shown"
        way = "higher" if self.mean > 0 else "lower"
        ends = sorted((abs(self.low), abs(self.high)))
        if self.question.kind == "rate":
            amount = (
                f"{abs(self.mean) * 100:.1f} points, {ends[0] * 100:.1f} to {ends[1] * 100:.1f}"
            )
        else:
            amount = f"{abs(self.mean):.3g}, {ends[0]:.3g} to {ends[1]:.3g}"
        return f"{self.question.label} {way} by {amount}"


def paired(question: Question, base: Mapping[int, float], other: Mapping[int, float]) -> Difference:
    """``other`` minus ``base`` seed by seed, over the seeds both answered."""
    seeds = [seed for seed in base if seed in other]
    diffs = [other[seed] - base[seed] for seed in seeds]
    n = len(diffs)
    if n == 0:
        return Difference(question, 0, math.nan, math.nan, math.nan)
    mean = statistics.fmean(diffs)
    half = t_half_width(statistics.stdev(diffs) if n > 1 else 0.0, n)
    low, high = mean - half, mean + half
    if question.kind == "rate":  # two rates differ by at most 1 either way
        low, high = max(low, -1.0), min(high, 1.0)
    return Difference(question, n, mean, low, high)


def differences(base: Answers, other: Answers) -> list[Difference]:
    """Every question of ``other`` against ``base``, seed by seed."""
    return [paired(q, base.by_seed(q), other.by_seed(q)) for q in base.questions]


# -- enough games ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Balance:
    """A test of the seats' wins against an even share (1/N each)."""

    test: str
    p_value: float
    games: int
    """Games with a single winner (the ones the test counts)."""


def seat_balance(records: Iterable[GameRecord], seats: int) -> Balance:
    """Exact binomial test (two seats) or chi-square goodness of fit (more) of the wins of
    the games with one winner, against an even share of 1/N per seat."""
    counts = [0] * seats
    for record in records:
        if len(record.winners) == 1:
            counts[record.winners[0]] += 1
    total = sum(counts)
    if total == 0:
        return Balance("no game with a single winner", math.nan, 0)
    if seats == 2:
        result = scipy_stats.binomtest(counts[0], total, 0.5)
        return Balance("exact binomial test, first seat's share against 1/2", result.pvalue, total)
    result = scipy_stats.chisquare(counts)
    return Balance(
        f"chi-square goodness of fit against 1/{seats} each ({seats - 1} df)",
        float(result.pvalue),
        total,
    )


def games_to_halve(estimate: Estimate) -> int | None:
    """How many more games would halve ``estimate``'s interval, its mean and spread kept:
    about three times as many again for a mean (the interval narrows as one over the root
    of the games); the least number, found by bisection, for a rate's Wilson interval."""
    n = estimate.games
    if n < 2 or not math.isfinite(estimate.width) or estimate.width == 0:
        return None
    if estimate.question.kind == "number":
        return 3 * n
    target = estimate.width / 2

    def width(more: int) -> float:
        total = n + more
        low, high = wilson_interval(estimate.mean * total, total)
        return high - low

    low, high = 0, 3 * n
    while width(high) > target:
        low, high = high, 2 * high
    while high - low > 1:
        middle = (low + high) // 2
        if width(middle) > target:
            low = middle
        else:
            high = middle
    return high


def running(values: Sequence[float], question: Question, points: int = 40) -> list[Estimate]:
    """The estimate after the first k games, at about ``points`` values of k."""
    n = len(values)
    steps = sorted({max(1, round(n * i / points)) for i in range(1, points + 1)})
    return [estimate(question, values[:k]) for k in steps]


# -- in words ----------------------------------------------------------------------------


def value_text(e: Estimate) -> str:
    """A rate as a percentage, a number to 3 significant figures."""
    if math.isnan(e.mean):
        return "-"
    return f"{e.mean:.1%}" if e.question.kind == "rate" else f"{e.mean:.3g}"


def interval_text(e: Estimate) -> str:
    """The 95% interval, as the value is written."""
    if math.isnan(e.low) or not math.isfinite(e.high - e.low):
        return "-"
    if e.question.kind == "rate":
        return f"{e.low:.1%} - {e.high:.1%}"
    return f"{e.low:.3g} - {e.high:.3g}"


def balance_text(balance: Balance, seats: int) -> str:
    """The seat balance test in one sentence."""
    if balance.games == 0:
        return "Seat balance: no game had a single winner, so nothing is tested."
    return (
        f"Seat balance against an even share of 1/{seats}: {balance.test}, over the "
        f"{balance.games} games with a single winner: p = {balance.p_value:.3g}"
        + (" (the seats are not even)." if balance.p_value < 0.05 else " (no imbalance shown).")
    )


def difference_text(d: Difference) -> str:
    """A difference and its interval, in the question's unit (points for a rate)."""
    if d.pairs == 0 or math.isnan(d.mean):
        return "-"
    if d.question.kind == "rate":
        return f"{d.mean * 100:+.1f} pts ({d.low * 100:+.1f} to {d.high * 100:+.1f})"
    return f"{d.mean:+.3g} ({d.low:+.3g} to {d.high:+.3g})"
