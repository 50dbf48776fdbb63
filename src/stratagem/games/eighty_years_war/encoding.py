"""The kinds of Eighty Years War actions and their canonical texts."""

DRAW, KEEP, REPLACE, DISCARD, STOP, MELD_MILITARY, MELD_POLITICAL = range(7)
"""Action kinds. Their texts: ``Draw: <card>`` (chance), ``Keep: <card>`` and
``Replace: <card>`` (a wrong-stage draw), ``Discard: <card>`` and ``Stop discarding``
(Strategy Phase), ``Meld military: <card>`` and ``Meld political: <card>`` (Action Phase)."""

STOP_TEXT = "Stop discarding"

PREFIXES = {
    DRAW: "Draw",
    KEEP: "Keep",
    REPLACE: "Replace",
    DISCARD: "Discard",
    MELD_MILITARY: "Meld military",
    MELD_POLITICAL: "Meld political",
}
