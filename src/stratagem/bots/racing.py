"""A race between a decision's candidate actions, judged on paired samples.

Each round scores every candidate still in the race once, all in the same sampled world
with the same random numbers (common random numbers), so that the luck of the world
cancels out of their differences. A candidate leaves the race when the leader is surely
better (its mean paired lead exceeds ``z`` standard errors), or when the two are surely
within ``tolerance`` of each other (the one the heuristic did not name leaves). This is
racing in the sense of Maron and Moore's Hoeffding races (1994), with a normal
approximation and a paired test in place of Hoeffding's bound. A race whose budget cannot
give every candidate its first ``min_rounds`` is narrowed to fewer candidates (``narrow``),
so that those left can still be told apart.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from stratagem.core import Action


@dataclass(frozen=True, slots=True)
class RaceRules:
    """When a candidate leaves the race, and which one is chosen in the end."""

    z: float = 3.0
    """Standard errors by which the leader must be ahead to put a candidate out."""
    tolerance: float = 0.005
    """Two candidates surely closer than this (in reward, 0..1) are as good as each other."""
    min_rounds: int = 8
    """Rounds before anyone may leave."""
    keep_hint: float = 1.0
    """Standard errors by which the leader must beat the heuristic's choice to be chosen
    over it at the end (a search that has not seen enough keeps the heuristic's move)."""


@dataclass(slots=True)
class _Pair:
    """Running sums of the paired differences ``reward[i] - reward[j]``."""

    total: float = 0.0
    squares: float = 0.0


@dataclass(slots=True)
class Race:
    """The candidates of one decision and their rewards round by round."""

    candidates: list[Action]
    hint: Action | None
    rules: RaceRules
    rounds: int = 0
    _sums: list[float] = field(default_factory=list)
    _pairs: dict[tuple[int, int], _Pair] = field(default_factory=dict)
    _alive: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        count = len(self.candidates)
        self._sums = [0.0] * count
        self._alive = list(range(count))
        self._pairs = {(i, j): _Pair() for i in range(count) for j in range(i + 1, count)}

    @property
    def running(self) -> list[Action]:
        """The candidates still in the race, in their first order."""
        return [self.candidates[index] for index in self._alive]

    def add_round(self, rewards: Sequence[float]) -> None:
        """One reward for each running candidate (in ``running``'s order), paired."""
        alive = self._alive
        for index, reward in zip(alive, rewards, strict=True):
            self._sums[index] += reward
        for a, i in enumerate(alive):
            for b in range(a + 1, len(alive)):
                j = alive[b]
                pair = self._pairs[(i, j)]
                difference = rewards[a] - rewards[b]
                pair.total += difference
                pair.squares += difference * difference
        self.rounds += 1

    def mean(self, action: Action) -> float:
        """The mean reward of a running candidate (0 before the first round)."""
        rounds = self.rounds
        return self._sums[self.candidates.index(action)] / rounds if rounds else 0.0

    def lead(self, first: Action, second: Action) -> tuple[float, float]:
        """The mean paired lead of ``first`` over ``second`` and its standard error."""
        i, j = self.candidates.index(first), self.candidates.index(second)
        pair = self._pairs[(min(i, j), max(i, j))]
        n = self.rounds
        mean = (pair.total if i < j else -pair.total) / n
        if n < 2:
            return mean, math.inf
        variance = max(0.0, (pair.squares - n * mean * mean) / (n - 1))
        return mean, math.sqrt(variance / n)

    def leader(self) -> Action:
        """The running candidate with the best mean (ties: the hint, then the first)."""
        running = self.running
        return max(running, key=lambda action: (self.mean(action), action == self.hint))

    def prune(self) -> None:
        """Put out every candidate that is surely worse than the leader, or surely as good."""
        rules = self.rules
        if self.rounds < rules.min_rounds or len(self._alive) < 2:
            return
        best = self.leader()
        for action in self.running:
            if action == best or action not in self.running:
                continue
            mean, error = self.lead(best, action)
            if mean > rules.z * error:
                self._drop(action)
            elif abs(mean) + rules.z * error < rules.tolerance:
                self._drop(best if action == self.hint else action)
                if action == self.hint:
                    best = action

    def narrow(self, keep: int) -> None:
        """Keep only ``keep`` running candidates: the heuristic's choice, then the others in
        their first order (used when the budget cannot give them all a verdict)."""
        alive = sorted(self._alive, key=lambda index: self.candidates[index] != self.hint)
        self._alive = sorted(alive[: max(1, keep)])

    def fit(self, left: float) -> None:
        """Narrow the race to the candidates that ``left`` more iterations can still give
        their first ``min_rounds`` (two at least: the heuristic's choice and the first of
        the others)."""
        needed = self.rules.min_rounds - self.rounds
        running = len(self._alive)
        if needed > 0 and running > 2 and running * needed > left:
            self.narrow(max(2, int(left // needed)))

    def _drop(self, action: Action) -> None:
        self._alive.remove(self.candidates.index(action))

    def settled(self) -> bool:
        """Whether one candidate is left."""
        return len(self._alive) == 1

    def choice(self) -> Action:
        """The leader, unless the heuristic's choice is still running and the leader is not
        ahead of it by ``keep_hint`` standard errors."""
        best = self.leader()
        hint = self.hint
        if hint is None or best == hint or hint not in self.running or not self.rounds:
            return best
        mean, error = self.lead(best, hint)
        return best if mean > self.rules.keep_hint * error else hint
