"""Which cards of a pair of melds are usable, and what they add up to [Action Phase].

Pure functions over a ``CardBook``; the rules call them at the reveal, and the heuristic
bot calls them to weigh a split of its hand.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stratagem.games.eighty_years_war.pack import MILITARY, POLITICAL, CardBook


@dataclass(frozen=True, slots=True)
class MeldScore:
    """One seat's two melds after the usability rules."""

    usable: tuple[tuple[int, ...], tuple[int, ...]]
    """Usable cards of the military and the political meld (shown face up)."""
    unusable: tuple[tuple[int, ...], tuple[int, ...]]
    """Unusable cards of each meld (shown face down, zero value)."""
    totals: tuple[int, int]
    """The military and the political total."""
    event: int | None
    """The Event that contributes this turn, and so goes off; ``None`` if none."""


def _best(book: CardBook, cards: Sequence[int]) -> int:
    """The highest-valued card; on equal values the earlier in the card list
    [Rulings R8] [Rulings R9]."""
    return min(cards, key=lambda card: (-book.values[card], card))


def _usable(
    book: CardBook, seat: int, stage: int, melds: tuple[Sequence[int], Sequence[int]]
) -> tuple[list[list[int]], list[list[int]]]:
    """Usability before the one-Event limit [Action Phase]: side, meld type and stage
    [Card List Notation], then one Leader per meld, the highest [Rulings R8]."""
    usable_by = book.usable_by[seat]
    stage_ok = book.stage_ok[stage]
    usable: list[list[int]] = [[], []]
    unusable: list[list[int]] = [[], []]
    for meld in (MILITARY, POLITICAL):
        meld_ok = book.meld_ok[meld]
        for card in melds[meld]:
            if usable_by[card] and meld_ok[card] and stage_ok[card]:
                usable[meld].append(card)
            else:
                unusable[meld].append(card)
        leaders = [card for card in usable[meld] if book.leader[card]]
        if len(leaders) > 1:
            keep = _best(book, leaders)
            for card in leaders:
                if card != keep:
                    usable[meld].remove(card)
                    unusable[meld].append(card)
    return usable, unusable


def event_candidates(
    book: CardBook, seat: int, stage: int, melds: tuple[Sequence[int], Sequence[int]]
) -> list[int]:
    """The Events of a seat's melds that could contribute, one of which it shows
    [Action Phase] [Rulings R9]."""
    usable, _ = _usable(book, seat, stage, melds)
    return sorted(
        card for meld in (MILITARY, POLITICAL) for card in usable[meld] if book.event[card]
    )


def score_melds(
    book: CardBook,
    seat: int,
    stage: int,
    melds: tuple[Sequence[int], Sequence[int]],
    shown: int | None = None,
) -> MeldScore:
    """Apply the usability rules to one seat's military and political melds [Action Phase].

    A card is usable if its side, meld type and stage allow it [Card List Notation]. Then a
    meld keeps only one Leader, the highest [Rulings R8], and a seat only one Event per
    turn: the one it chose to show (``shown``), or else the highest valued [Rulings R9];
    the extras become unusable. An Event that counts goes off [Deck & Cards].
    """
    usable, unusable = _usable(book, seat, stage, melds)
    events = [card for meld in (MILITARY, POLITICAL) for card in usable[meld] if book.event[card]]
    event = shown if shown in events else (_best(book, events) if events else None)
    for meld in (MILITARY, POLITICAL):
        for card in [card for card in usable[meld] if book.event[card] and card != event]:
            usable[meld].remove(card)
            unusable[meld].append(card)
    totals = (
        sum(book.values[card] for card in usable[MILITARY]),
        sum(book.values[card] for card in usable[POLITICAL]),
    )
    return MeldScore(
        usable=(tuple(sorted(usable[MILITARY])), tuple(sorted(usable[POLITICAL]))),
        unusable=(tuple(sorted(unusable[MILITARY])), tuple(sorted(unusable[POLITICAL]))),
        totals=totals,
        event=event,
    )


def provinces_won(book: CardBook, margin: int) -> int:
    """Province Tokens the higher meld takes for winning by ``margin`` points
    [Action Phase] [Province Tokens].

    Within ``tie_within`` points it is a tie; ``win_by``+ takes ``win_provinces``;
    ``big_win_by``+ takes ``big_win_provinces``.
    """
    rules = book.rules.action
    if margin >= rules.big_win_by:
        return rules.big_win_provinces
    if margin >= rules.win_by:
        return rules.win_provinces
    return 0
