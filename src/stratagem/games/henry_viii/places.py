"""Where characters and court cards can be, as small integers."""

OUT, HIDDEN, COURT, ARRESTED, IMPRISONED, TRAVEL, MISSION, DEAD = range(8)
"""A character: not in this game (or not yet born), dealt face down, at court, in the
Tower under arrest, imprisoned in the Tower, Beyond the Realm, on a Diplomatic Mission,
dead."""

PLACE_NAMES = (
    "not in play",
    "face down",
    "at court",
    "arrested in the Tower",
    "imprisoned in the Tower",
    "Beyond the Realm",
    "on a Diplomatic Mission",
    "dead",
)

TOWER = (ARRESTED, IMPRISONED)
ABROAD = (TRAVEL, MISSION)
LIVING = (COURT, ARRESTED, IMPRISONED, TRAVEL, MISSION)

DECK, DISCARD_PILE, PLAY = -1, -2, -3
"""A court card: in the deck, in the (face-up) discard pile, on the table in play; a
card in a hand is at the seat's index; ASSIGNED + c lies under character c; SUIT + s is a
Law Suit on faction s."""
ASSIGNED = 100
SUIT = 1000

VACANT, REMOVED = -1, -2
"""An office or title: vacant (in the box), or removed from play (the Cardinal after the
Act of Supremacy; a title lost by attainder)."""

OVER_STAGE = "Game over"
