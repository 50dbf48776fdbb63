"""The worlds a Henry VIII search imagines, dealt within what the other factions have shown.

The game's redeal (``resample_hidden``) deals every court card the searching seat cannot
see at random among the other factions' hands and the deck. Yet a faction's play this
Turn shows something of the hand it holds, where the heuristic plays it: it plays the
Endeavour it likes best, so what it kept it likes no more; it discards only when nothing
is worth playing; it passes in a Supports window, while it wants the Endeavour in play to
succeed or fail, only when it holds no Support it would play. A search that plays the
other factions as the heuristic (``ismcts``'s opponent model) then meets, in a random
deal, hands the heuristic could not have held (Decisions, "Henry VIII worlds").

Cards come into a hand only at a Turn's deal [G. Turn over new Characters and assign Court
Cards], and the leftovers are discarded then, so whatever a faction showed since this
Turn's Player Order holds for every card it holds now. A window closes only when every
faction holding a card has passed in turn after its last Support, so each one passed then.
This module reads what was shown (``shown_this_turn``, ``window_passes``) from the event
log as the searching seat reads it
and from the public table, and deals again within the hands each faction may hold
(``deal_within``); the heuristic says which hands those are.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from stratagem.games.henry_viii.places import DECK
from stratagem.games.henry_viii.rounds import ENDEAVOUR_WINDOW
from stratagem.games.henry_viii.state import HenryVIIIState

PLAYER_ORDER = "Determine Player Order"
"""The rule of the event that opens a Turn's Player Rounds (after the deal)."""
PLAYER_TURN = "The Player Turn: Playing an Endeavour"
"""The rule of the events of a Player Turn: an Endeavour played, or a card discarded."""
LOST = "Court Cards"
"""The rule of a court card lost from a hand (Quails, Fee'd Men) or drawn."""
VOIDED = "voids the play of"
"""Words of the event of a Chamberlain's void, which closes a window unasked."""

Choice = tuple[Literal["plays", "power", "discards"], str]
"""A Player Turn as the table saw it: an Endeavour played from a court card (its name),
an office's free Endeavour (its name), or a court card discarded (its name)."""


@dataclass(frozen=True, slots=True)
class Window:
    """A Supports window of this Turn that closed with every faction holding a card
    passing in turn after its last Support: the Endeavour, who played it, its targets."""

    endeavour: str
    by: str
    targets: tuple[str, ...]


@dataclass(slots=True)
class Shown:
    """What the other factions showed this Turn, as one seat read the log."""

    choices: dict[int, list[Choice]] = field(default_factory=dict)
    """Each faction's Player Turns (an Endeavour played at once from a card just lost to
    Fee'd Men, a Spy card, is not one)."""
    windows: list[Window] = field(default_factory=list)
    """The Endeavours' Supports windows that closed by passes (not the one in play, nor
    one the Chamberlain voided)."""


def unseen_cards(world: HenryVIIIState, seat: int) -> list[int]:
    """The court cards ``seat`` cannot see: the other factions' hands and the deck, in
    order (a function of the seat's view alone)."""
    others = [card for s in range(world.players) if s != seat for card in world.hands[s]]
    return sorted(others + list(world.deck))


def shown_this_turn(world: HenryVIIIState, seat: int) -> Shown:
    """What the factions showed since this Turn's Player Order, from the event log as
    ``seat`` reads it."""
    entries = []
    for event in reversed(world.events):
        entry = event.redact(seat)
        if entry is None:
            continue
        if entry["rule"] == PLAYER_ORDER:
            break
        entries.append(entry)
    entries.reverse()
    seats = {world.seat_name(s): s for s in range(world.players)}
    shown = Shown()
    after_loss = False
    opened: Window | None = None
    for entry in entries:
        data = entry["data"]
        if entry["rule"] == PLAYER_TURN and data.get("seat") in seats:
            who = seats[data["seat"]]
            if "card" in data:
                shown.choices.setdefault(who, []).append(("discards", str(data["card"])))
            elif "endeavour" in data:
                if opened is not None:
                    shown.windows.append(opened)
                endeavour = str(data["endeavour"])
                opened = Window(endeavour, data["seat"], tuple(data.get("targets", [])))
                if not after_loss:
                    power = "(by the " in entry["text"]  # an office's: "plays X (by the Y)"
                    kind: Literal["plays", "power"] = "power" if power else "plays"
                    shown.choices.setdefault(who, []).append((kind, endeavour))
        elif VOIDED in entry["text"]:
            opened = None
        after_loss = entry["rule"] == LOST and "card" in data
    if opened is not None and world.play is None:
        shown.windows.append(opened)
    return shown


def window_passes(world: HenryVIIIState) -> list[int]:
    """The factions that passed in the open Endeavour's Supports window since its last
    Support was played (the table sees who has been asked and what they played)."""
    window = world.window
    if window is None or window["kind"] != ENDEAVOUR_WINDOW or world.play is None:
        return []
    count = min(window["passes"], world.players)
    return [(window["start"] + window["i"] - k) % world.players for k in range(1, count + 1)]


def deal_within(
    world: HenryVIIIState, seat: int, allowed: dict[int, frozenset[int]], rng: random.Random
) -> None:
    """Deal the cards ``seat`` cannot see again in ``world`` (each faction keeping its
    number), each faction of ``allowed`` only cards it allows: the most bound first, each
    drawing the first cards of a shuffled pool that it allows; a faction its cards left in
    the pool cannot fill is dealt as the others are, at random."""
    if not allowed:
        return
    pool = unseen_cards(world, seat)
    rng.shuffle(pool)
    taken: set[int] = set()
    hands: dict[int, list[int]] = {}
    for other in sorted(allowed, key=lambda s: (len(allowed[s]), s)):
        size = len(world.hands[other])
        hand = [card for card in pool if card in allowed[other] and card not in taken][:size]
        if len(hand) == size:
            hands[other] = hand
            taken.update(hand)
    rest = [card for card in pool if card not in taken]
    for other in range(world.players):
        if other == seat or other in hands:
            continue
        size = len(world.hands[other])
        hands[other], rest = rest[:size], rest[size:]
    for other, hand in hands.items():
        world.hands[other] = sorted(hand)
        for card in hand:
            world.cloc[card] = other
    world.deck = rest
    for card in rest:
        world.cloc[card] = DECK
