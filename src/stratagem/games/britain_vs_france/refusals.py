"""Why an action is refused, in words (the ``IllegalAction`` message).

Only called on the error path. A refusal tells the seat that asked nothing it may not
know: it names what is awaited now and, for the common mistakes, what is wrong.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import CHANCE, Action
from stratagem.games.britain_vs_france.board import may_buy_type
from stratagem.games.britain_vs_france.cards import current_window
from stratagem.games.britain_vs_france.encoding import (
    BUY,
    CHANCE_KINDS,
    MOVE,
    PLACE,
    PLAY,
)
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.places import (
    BATTLE_STAGE_NAMES,
    BATTLES,
    MOVEMENT,
    PHASE_NAMES,
    PURCHASES,
    hand,
    mat,
)
from stratagem.games.britain_vs_france.places import PLACE as PLACE_STEP

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S


def awaited(s: S) -> str:
    """What the game waits for now, in words."""
    if s.current_player() == CHANCE:
        return "chance (a die, or a card or colony drawn)"
    who = SEATS[s.to_move] if s.to_move >= 0 else "nobody"
    if s.new_colony:
        return f"{who} to place the new colony at an end of its theater"
    if s.taking:
        return f"{who} to take control of {s.book.colony_names[s.taking[0]]} or leave it untaken"
    if s.choosing:
        return f"{who} to choose a target for a card"
    window = current_window(s)
    if window is not None:
        return f"{who} to play a card or pass (window: {window})"
    if s.ransom_unit >= 0:
        return f"{who} to accept or refuse a ransom"
    if s.phase == BATTLES and s.bat_loc >= 0:
        where = s.book.locations[s.bat_loc]
        return f"{who} to act in the battle at {where} ({BATTLE_STAGE_NAMES[s.bat_stage]})"
    return f"{who} to act in {PHASE_NAMES[s.phase]}"


def why_illegal(s: S, action: Action) -> str:
    """Why ``action`` is refused, telling the seat to move nothing it may not know."""
    codes = s._g.codes
    kind = codes.kind[action.id]
    a = codes.a[action.id]
    book = s.book
    if s.current_player() == CHANCE:
        return "this chance node does not have that outcome; it waits for " + awaited(s)
    if kind in CHANCE_KINDS:
        return "only chance draws cards, colonies and dice; the game waits for " + awaited(s)
    seat = s.to_move
    if kind == PLAY:
        held = any(at == hand(seat) and book.events[card] == a for card, at in enumerate(s.eloc))
        if not held:
            return f"{SEATS[seat]} holds no {book.event_types[a].name}"
        return (
            f"{book.event_types[a].name} cannot be played now (its windows: "
            f"{', '.join(w for o in book.event_types[a].option for w in o.windows)}); "
            f"the game waits for {awaited(s)}"
        )
    if kind == BUY and s.phase == PURCHASES:
        cost = book.cost[a]
        if not may_buy_type(s, a, seat):
            return f"{book.battle_labels[a]} is not in {SEATS[seat]}'s battle deck"
        if cost > s.gold[seat]:
            return f"{book.battle_labels[a]} costs {cost} gold and {SEATS[seat]} has {s.gold[seat]}"
        return f"no {book.battle_labels[a]} is left to buy for {SEATS[seat]}"
    if kind == MOVE and s.phase == MOVEMENT:
        if s.uown[a] != seat or s.uloc[a] < 0:
            return f"{book.unit_labels[a]} is not a unit of {SEATS[seat]} in play"
        if s.moved[a] >= 0:
            return f"{book.unit_labels[a]} has already moved this turn (one space per turn)"
        return f"{book.unit_labels[a]} cannot move there: it is not one space away (or cannot move)"
    if kind == PLACE and s.phase == PLACE_STEP and s.uloc[a] != mat(seat):
        return f"{book.unit_labels[a]} is not among {SEATS[seat]}'s purchases"
    return f"the game waits for {awaited(s)}"
