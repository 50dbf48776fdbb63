"""What a card's effect may aim at: units, cards in play, locations (and the size of the
purchase deck, which a draw needs). The player of the effect picks among these."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.britain_vs_france.board import adjacent, has_units, on_table
from stratagem.games.britain_vs_france.effects import (
    CaptureLeader,
    DestroyCard,
    DestroyUnit,
    Effect,
    MoveUnit,
    PlaceUnit,
    RemoveControl,
    TakeControl,
)
from stratagem.games.britain_vs_france.places import POOL, in_play

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S

TARGET_NONE, TARGET_FIRST, TARGET_SECOND = range(3)
"""``choosing``: no choice pending, the first target, the second (a move's destination)."""


def purchase_deck(s: S) -> int:
    """Cards left to buy or draw into a hand: the pool less the start-of-turn deck."""
    return sum(1 for place in s.eloc if place == POOL) - s.draw_deck


def unit_targets(s: S, seat: int, effect: Effect) -> list[int]:
    """Battle deck cards an effect of ``seat`` may aim at."""
    book = s.book
    enemy = 1 - seat
    if isinstance(effect, DestroyUnit | CaptureLeader):
        leaders_only = isinstance(effect, CaptureLeader)
        leaders_ok = leaders_only or (isinstance(effect, DestroyUnit) and effect.leaders)
        where = effect.where
        found = []
        for unit, place in enumerate(s.uloc):
            if place < 0 or s.uown[unit] != enemy:
                continue
            kind = book.units[unit]
            if not book.is_unit[kind] or (where == "battle" and place != s.bat_loc):
                continue
            leader = book.is_leader[kind]
            if (leaders_only and leader) or (not leaders_only and (leaders_ok or not leader)):
                found.append(unit)
        return found
    if isinstance(effect, DestroyCard) and effect.kind != "event":
        return [
            unit
            for unit, place in enumerate(s.uloc)
            if place >= 0 and s.uown[unit] == enemy and not book.is_unit[book.units[unit]]
        ]
    if isinstance(effect, MoveUnit) and s.choosing != TARGET_SECOND:
        return [
            unit
            for unit, place in enumerate(s.uloc)
            if place >= 0 and s.uown[unit] == seat and book.moves[book.units[unit]] == "yes"
        ]
    return []


def card_targets(s: S, seat: int, effect: Effect) -> list[int]:
    """Event card types of the opponent's in play that ``effect`` may destroy."""
    if isinstance(effect, DestroyCard) and effect.kind != "non_unit":
        place = in_play(1 - seat)
        return sorted({s.book.events[card] for card, at in enumerate(s.eloc) if at == place})
    return []


def location_targets(s: S, seat: int, effect: Effect) -> list[int]:
    """Locations ``effect`` may aim at."""
    control = s.control
    if isinstance(effect, PlaceUnit):
        if effect.where == "own_colony":
            return [c for c in on_table(s) if control[c] == seat]
        if effect.where == "open_colony":
            return [c for c in on_table(s) if control[c] in (-1, seat)]
        return []
    if isinstance(effect, TakeControl):
        return [c for c in on_table(s) if control[c] == -1 and not has_units(s, c, 1 - seat)]
    if isinstance(effect, RemoveControl):
        return [c for c in on_table(s) if control[c] == 1 - seat and not has_units(s, c, 1 - seat)]
    if isinstance(effect, MoveUnit) and s.choosing == TARGET_SECOND:
        return adjacent(s, s.uloc[s.moving_unit])
    return []
