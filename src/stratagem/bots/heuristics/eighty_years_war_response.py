"""Eighty Years War melds chosen as a best response, over a search's worlds, to the heuristic's.

Both sides build their melds unseen and reveal them together [Action Phase]: whatever a
side places, the other side's melds stay as they are. A tree search over one card at a
time spreads its iterations over the orders in which the same split can be built and
over replies it cannot see (benchmarks/RESULTS.md, "why the search gains on one side
only"). Here the side's every split of its cards (and, where several usable Events could
count, every choice of the one shown) is scored at once against the other side's melds
in each world a search drew: the other side holding that world's cards and building its
melds as the heuristic would (``EightyYearsWarHeuristic.planned_totals``). A split is
worth the mean, over the worlds, of the evaluator's odds after the reveal, with the
Province Tokens won or lost meld by meld, never more than the loser holds [Action Phase]
[Province Tokens] [Victory]. Among splits equally worth, the higher total wins, then the
first found.

Only the worlds are read (redeals of the seat's view, ``resample_hidden``): the seat's
own cards, placed or not, are the same in each.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import TYPE_CHECKING

from stratagem.games.eighty_years_war.info import DUTCH
from stratagem.games.eighty_years_war.melds import event_candidates, provinces_won, score_melds
from stratagem.games.eighty_years_war.pack import MILITARY, POLITICAL, CardBook
from stratagem.games.eighty_years_war.state import EightyYearsWarState

if TYPE_CHECKING:
    from stratagem.bots.heuristics.eighty_years_war import (
        EightyYearsWarEvaluator,
        EightyYearsWarHeuristic,
    )

Split = tuple[tuple[int, ...], tuple[int, ...]]
"""A side's military and political melds, each a sorted tuple of cards."""


class _Payoff:
    """What each pair of meld totals of ``seat`` is worth against the other side's melds in
    a search's ``worlds``: the mean, over the worlds, of the evaluator's odds once the melds
    are settled (the module docstring). Remembered per pair of totals."""

    def __init__(
        self,
        heuristic: EightyYearsWarHeuristic,
        evaluator: EightyYearsWarEvaluator,
        worlds: Sequence[EightyYearsWarState],
        seat: int,
    ) -> None:
        first = worlds[0]
        self.book = first.book
        self.seat = seat
        self.held = first.provinces
        theirs = Counter(heuristic.planned_totals(world, 1 - seat) for world in worlds)
        self.theirs = list(theirs.items())
        left = evaluator.turns - first.turn
        self.odds = [evaluator.odds(dutch, left)[seat] for dutch in range(sum(self.held) + 1)]
        self._known: dict[tuple[int, int], float] = {}

    def of(self, totals: tuple[int, int]) -> float:
        """The summed worth, over the worlds, of ``seat``'s melds totalling ``totals``."""
        known = self._known.get(totals)
        if known is None:
            book, seat, held, odds = self.book, self.seat, self.held, self.odds
            known = 0.0
            for their, count in self.theirs:
                known += count * odds[_dutch_after(book, seat, held, totals, their)]
            self._known[totals] = known
        return known


def best_response(
    heuristic: EightyYearsWarHeuristic,
    evaluator: EightyYearsWarEvaluator,
    worlds: Sequence[EightyYearsWarState],
    seat: int,
) -> tuple[Split, int | None]:
    """The split of ``seat``'s cards (keeping those already placed where they are) and the
    Event it shows (``None``: no choice to make) worth most against the other side's
    melds in ``worlds`` (the module docstring)."""
    first = worlds[0]
    book = first.book
    stage = first.stage()
    placed = {card: meld for meld in (MILITARY, POLITICAL) for card in first.melds[seat][meld]}
    cards = sorted([*first.hands[seat], *placed])
    payoff = _Payoff(heuristic, evaluator, worlds, seat)
    best: tuple[float, int] | None = None
    choice: tuple[Split, int | None] | None = None
    for split in heuristic.split_totals(cards, seat, stage, placed):
        events = event_candidates(book, seat, stage, split)
        for event in events if len(events) > 1 else [None]:
            totals = score_melds(book, seat, stage, split, event).totals
            candidate = (payoff.of(totals), sum(totals))
            if best is None or candidate > best:
                best, choice = candidate, (split, event)
    if choice is None:
        raise ValueError(f"no cards to meld for seat {seat}")
    return choice


def _dutch_after(
    book: CardBook, seat: int, held: list[int], ours: tuple[int, int], theirs: tuple[int, int]
) -> int:
    """The Dutch Province Tokens after ``seat``'s totals ``ours`` meet the other side's
    ``theirs``, from ``held`` (each side's count), settled meld by meld as the reveal does
    [Action Phase] [Province Tokens]."""
    provinces = list(held)
    for meld in (MILITARY, POLITICAL):
        margin = ours[meld] - theirs[meld]
        winner = seat if margin > 0 else 1 - seat
        taken = min(provinces_won(book, abs(margin)), provinces[1 - winner])
        provinces[winner] += taken
        provinces[1 - winner] -= taken
    return provinces[DUTCH]
