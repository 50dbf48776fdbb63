"""The worlds an Eighty Years War search imagines, dealt as the heuristic would have kept them.

The game's redeal (``resample_hidden``; Decisions, "Eighty Years War redeal") deals every
card the searching seat cannot see again: the other side's cards in play, the deck and the
other side's face-down discards. It treats the face-down discards as any other unseen
card, yet a side throws away face down what it cannot use; dealt at random they put that
side's junk back into its hand. Measured on heuristic games (Decisions, "Eighty Years War
worlds"), the Spanish hand the Dutch search faced had a best meld total of 27.3 against
31.5 in truth: a search that meets a weaker opponent than the real one misjudges every
meld it builds.

``keep_deal`` deals the other side's cards as that side, played by the heuristic, keeps
them: its older face-down discards are the unseen cards least worth to it now; the cards
it holds are of the current stage (the heuristic replaces a wrong-stage card); once it has
made this turn's Strategy Phase discards, its hand is dealt as the redeal's kept deal
does (the cards worth less than a fresh card are its discards, drawn again until they are
as many as it made). Only the redealt world is read and changed.
"""

from __future__ import annotations

import random

from stratagem.games.eighty_years_war.info import DUTCH, SPANISH
from stratagem.games.eighty_years_war.places import (
    ACTION,
    DECK,
    DISCARD_PILE,
    HAND,
    MELD,
    STRATEGY_DISCARD,
    STRATEGY_DRAW,
)
from stratagem.games.eighty_years_war.state import EightyYearsWarState

KEEP_TRIES = 30
"""Most deals drawn for a hand whose discards match the count made (as the redeal's)."""


def discards_made(world: EightyYearsWarState, side: int) -> bool:
    """Whether ``side`` has made this turn's Strategy Phase discards and drawn for them:
    the Dutch discard and draw first, then the Spanish [Turn Sequence]."""
    if world.phase == ACTION:
        return True
    strategy = world.phase in (STRATEGY_DISCARD, STRATEGY_DRAW)
    return strategy and side == DUTCH and world.seat == SPANISH


def keep_deal(world: EightyYearsWarState, other: int, rng: random.Random) -> list[int] | None:
    """Deal again, in ``world``, the cards of ``other`` that the searching side cannot see,
    as the heuristic would have kept them (the module docstring); the cards ``other``
    holds (hand and melds together), or ``None`` (and nothing changed) where this deal
    does not apply: ``other`` holds cards both in hand and in melds, or too few cards of
    the stage are unseen. The caller places the cards held."""
    hand = world.hands[other]
    melds = world.melds[other]
    if hand and (melds[0] or melds[1]):
        return None
    book = world.book
    stage = world.stage()
    worth = book.worth[other][stage]
    stage_ok = book.stage_ok[stage]
    held_count = len(hand) + len(melds[0]) + len(melds[1])
    slots = [i for i, card in enumerate(world.discard) if world.face_down.get(card) == other]
    count = world.turn_discards[other] if discards_made(world, other) else 0
    if len(slots) < count:
        return None
    pool = sorted([*hand, *melds[0], *melds[1], *world.deck, *(world.discard[i] for i in slots)])
    rng.shuffle(pool)
    pool.sort(key=worth.__getitem__)  # the least worth first, ties in shuffled order
    junk = pool[: len(slots) - count]
    rest = pool[len(slots) - count :]
    usable = [card for card in rest if stage_ok[card]]
    if not usable or len(usable) < held_count + count:
        return None
    if count:
        fresh = sum(worth[card] for card in usable) / len(usable)
        most = book.rules.strategy.max_discards
        for _ in range(KEEP_TRIES):
            rng.shuffle(usable)
            weak = sum(1 for card in usable[:held_count] if worth[card] < fresh)
            if min(weak, most) == count:
                break
    else:
        rng.shuffle(usable)
    ranked = sorted(usable[:held_count], key=worth.__getitem__)
    discarded = ranked[:count]
    held = [*ranked[count:], *usable[held_count : held_count + count]]
    dealt = set(held) | set(discarded) | set(junk)
    deck = [card for card in rest if card not in dealt]
    down = [*discarded, *junk]
    for slot, card in zip(slots, down, strict=True):
        world.discard[slot] = card
        world.loc[card] = DISCARD_PILE
    faces = {card: owner for card, owner in world.face_down.items() if owner != other}
    faces.update(dict.fromkeys(down, other))
    world.face_down = faces
    world.deck = deck
    for card in deck:
        world.loc[card] = DECK
    world.hands[other] = []
    melds[0].clear()
    melds[1].clear()
    for card in held:
        world.loc[card] = HAND + other
    return held


def place_hand(world: EightyYearsWarState, other: int, cards: list[int]) -> None:
    """``cards`` become ``other``'s hand in ``world``."""
    world.hands[other] = sorted(cards)
    for card in cards:
        world.loc[card] = HAND + other


def place_melds(world: EightyYearsWarState, other: int, split: tuple[list[int], list[int]]) -> None:
    """``split`` becomes ``other``'s Military and Political Melds in ``world``."""
    for meld in (0, 1):
        world.melds[other][meld] = list(split[meld])
        for card in split[meld]:
            world.loc[card] = MELD + 2 * other + meld
