"""Phases of the turn, where cards can be, and the state's fields, as small integers.

A battle deck card instance is in play at a location (a colony index, or the High Seas,
whose index is the number of colonies) or at one of the negative places below. A historic
event or starting card instance is in the pool (the unseen cards: the start-of-turn draw
deck and the purchase deck together, RULINGS B2), a hand, in play, the discard pile or out.
"""

from __future__ import annotations

# Phases: Setup (A to I), then the eight steps of "Starting the Game".
(
    SETUP_COLONIES,
    SETUP_ROLL_OFF,
    SETUP_CHOICE,
    SETUP_CONTROL,
    SETUP_HANDS,
    SETUP_SECRETS,
    DRAW,
    LEADER,
    POLITICAL,
    PURCHASES,
    MOVEMENT,
    BATTLES,
    PLACE,
    REVENUE,
    TURN_END,
    OVER,
) = range(16)

PHASE_NAMES = (
    "Setup E: Place colonies",
    "Setup F: Roll-off",
    "Setup F: Roll-off",
    "Setup F: Control markers",
    "Setup H: Hands",
    "Setup I: Secret objectives",
    "1) Draw from Historic Events Draw Deck",
    "2) Leader Actions / Colony Rules",
    "3) Political Objective Attempt",
    "4) Purchases",
    "5) Movement",
    "6) Battles",
    "7) Place Purchases",
    "8) Collect Revenue",
    "8) Collect Revenue",
    "Ending the Game",
)

# Battle deck card places (``uloc``); >= 0 is a location.
SUPPLY = -1
OUT = -2
MAT = -10  # - seat: bought, on the Purchases part of the player mat
PRISON = -20  # - seat: in that seat's prison

# Event card places (``eloc``).
POOL = -1
DISCARD = -2
GONE = -3  # destroyed: out of play
BOX = -4  # a starting card before Setup H
HAND = -10  # - seat
IN_PLAY = -20  # - seat: a card that remains in play

# Why a die is being rolled (``die_for``).
NO_DIE, DIE_COLONY, DIE_POLITICAL, DIE_BATTLE = range(4)

# Political objective attempt stages (``po_stage``).
PO_SELECT, PO_BOOST, PO_WINDOW, PO_COUNTER, PO_ROLL = range(5)

# Battle stages (``bat_stage``).
BAT_CHOOSE, BAT_COVER, BAT_EXTRA, BAT_DEFEND, BAT_BEFORE, BAT_DICE, BAT_AFTER, BAT_LOSSES = range(8)
BATTLE_STAGE_NAMES = (
    "choosing a battle",
    "the attacker covers every defender",
    "the attacker adds its other units",
    "the defender adds its other units",
    "before the dice",
    "rolling the dice",
    "after the dice",
    "losses",
)


def mat(seat: int) -> int:
    """The Purchases part of ``seat``'s player mat."""
    return MAT - seat


def prison(seat: int) -> int:
    """``seat``'s prison (where the leaders it captured are)."""
    return PRISON - seat


def hand(seat: int) -> int:
    """``seat``'s hand."""
    return HAND - seat


def in_play(seat: int) -> int:
    """``seat``'s cards that remain in play."""
    return IN_PLAY - seat
