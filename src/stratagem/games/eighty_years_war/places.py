"""Phases of the turn and places a card can be, as small integers for the hot paths."""

# Phases of TURN SEQUENCE (the End Phase is automatic, so the state never rests in it).
LOGISTICS, STRATEGY_DISCARD, STRATEGY_DRAW, ACTION, OVER = range(5)
PHASE_NAMES = ("Logistics Phase", "Strategy Phase", "Strategy Phase", "Action Phase", "Game over")

# Where a card is (``loc``).
RESERVE, DECK, DISCARD_PILE, REMOVED = range(4)
HAND = 4  # + seat
MELD = 6  # + 2 * seat + meld

# A side's Event to show this turn (``shown``), besides a card: not chosen yet, or none.
UNDECIDED, NO_EVENT = -2, -1
