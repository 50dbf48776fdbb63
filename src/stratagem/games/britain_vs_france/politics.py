"""Select an objective, boost the roll with gold and cards, Counter-Diplomacy, the die (a
natural 1 fails), and the objective's benefits [3) Political Objective Attempt]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.britain_vs_france.board import (
    deck_type,
    free_copy,
    gain_export,
    transfer_export,
)
from stratagem.games.britain_vs_france.cards import roll_bonus
from stratagem.games.britain_vs_france.effects import EXPORTS
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.places import (
    PO_BOOST,
    PO_ROLL,
    PO_SELECT,
    PO_WINDOW,
    PURCHASES,
    SUPPLY,
)

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S

PO_RULE = "3) Political Objective Attempt"


def attempt(s: S, po: int, _: int) -> None:
    """The active player selects an objective before any die is rolled
    [3) Political Objective Attempt]."""
    s.po = po
    s.po_mod = 0
    s.po_boost = 0
    s.po_counter = 0
    can_boost = s.gold[s.active] > 0 and s.book.boost_max > 0
    s.po_stage = PO_BOOST if can_boost else PO_WINDOW
    difficulty = s.book.difficulty[s.book.political[po]]
    s.log(
        f"{SEATS[s.active]} attempts {s.book.political_labels[po]} (difficulty {difficulty}).",
        PO_RULE,
        {"objective": s.book.political_labels[po], "difficulty": difficulty},
    )


def skip_attempt(s: S, _: int, __: int) -> None:
    """No attempt this turn: it is optional [3) Political Objective Attempt]."""
    s.log(f"{SEATS[s.active]} makes no political objective attempt.", PO_RULE)
    s.phase = PURCHASES
    s.sub = 0


def boost(s: S, gold: int, _: int) -> None:
    """1 gold for +1, 2 gold for +2, spent before the roll [3) Political Objective Attempt]
    [Rulings B7]."""
    s.gold[s.active] -= gold
    s.po_boost = gold
    s.po_stage = PO_WINDOW
    if gold:
        s.log(f"{SEATS[s.active]} spends {gold} gold for +{gold} to the roll.", PO_RULE)


def counter(s: S, gold: int, _: int) -> None:
    """The defender's 1 gold for -1, 2 gold for -2, before the roll [Counter-Diplomacy]."""
    s.gold[1 - s.active] -= gold
    s.po_counter = gold
    s.po_stage = PO_ROLL
    if gold:
        s.log(
            f"{SEATS[1 - s.active]} spends {gold} gold on Counter-Diplomacy: -{gold}.",
            "Counter-Diplomacy",
        )


def political_result(s: S, face: int) -> None:
    """The die: the score meets the difficulty (and is no natural 1), or nothing happens
    [3) Political Objective Attempt]."""
    book = s.book
    po = s.po
    seat = s.active
    bonus = roll_bonus(s, seat, "political")
    total = face + s.po_boost + s.po_mod + bonus - s.po_counter
    difficulty = book.difficulty[book.political[po]]
    natural = face == book.rules.scoring.natural_failure
    success = not natural and total >= difficulty
    why = "a natural 1 always fails" if natural else f"score {total} against {difficulty}"
    s.log(
        f"{SEATS[seat]} rolls a {face} for {book.political_labels[po]}: {why}: "
        + ("success." if success else "failure."),
        PO_RULE,
        {"roll": face, "score": total, "difficulty": difficulty, "success": success},
    )
    s.po = -1
    s.po_stage = PO_SELECT
    if success:
        gain_objective(s, seat, po)
    s.phase = PURCHASES
    s.sub = 0


def gain_objective(s: S, seat: int, po: int) -> None:
    """The objective's control marker, exports and units go to ``seat`` (taking an
    opponent's objective: they lose its exports and its units leave the board)
    [3) Political Objective Attempt]."""
    book = s.book
    kind = book.political[po]
    previous = s.po_control[po]
    s.po_control[po] = seat
    s.log(f"{SEATS[seat]} controls {book.political_labels[po]}.", PO_RULE)
    for export in book.po_exports[kind]:
        if previous != 1 - seat or not transfer_export(s, seat, export):
            gain_export(s, seat, export, PO_RULE)
        s.log(f"{SEATS[seat]} gains a {EXPORTS[export]} export.", PO_RULE)
    if previous == 1 - seat:
        for unit, source in enumerate(s.granted):
            if source == po:
                s.granted[unit] = -1
                s.uloc[unit] = SUPPLY
                s.uown[unit] = -1
                s.log(f"{book.unit_labels[unit]} leaves the board.", PO_RULE)
    if book.po_units_for[kind] not in (seat, 2):
        return
    for name, count in book.po_units[kind]:
        card = deck_type(s, name, seat)
        for _ in range(count):
            copy = None if card is None else free_copy(s, card)
            if copy is None:
                break
            s.uloc[copy] = book.high_seas
            s.uown[copy] = seat
            s.granted[copy] = po
            s.log(f"{book.unit_labels[copy]} is brought into play at the High Seas.", PO_RULE)
