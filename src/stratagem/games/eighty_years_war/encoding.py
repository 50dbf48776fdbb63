"""The kinds of Eighty Years War actions and their canonical texts."""

DRAW, KEEP, REPLACE, DISCARD, STOP, MELD_MILITARY, MELD_POLITICAL, SHOW, REVEAL = range(9)
"""Action kinds. Their texts: ``Draw: <card>`` (chance), ``Keep: <card>`` and
``Replace: <card>`` (a wrong-stage draw), ``Discard: <card>`` and ``Stop discarding``
(Strategy Phase), ``Meld military: <card>`` and ``Meld political: <card>`` (Action Phase),
then ``Show event: <card>`` (which usable Event counts, when there are several, Rulings R9)
or ``Reveal melds``."""

STOP_TEXT = "Stop discarding"
REVEAL_TEXT = "Reveal melds"

PREFIXES = {
    DRAW: "Draw",
    KEEP: "Keep",
    REPLACE: "Replace",
    DISCARD: "Discard",
    MELD_MILITARY: "Meld military",
    MELD_POLITICAL: "Meld political",
    SHOW: "Show event",
}
