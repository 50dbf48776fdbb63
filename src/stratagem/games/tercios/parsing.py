"""The text of exact parameters: a name, a point ``X,Y`` and maybe an angle."""

from __future__ import annotations

import re

NUMBER = r"-?\d+(?:\.\d*)?"


def exact_pattern(verb: str, joiner: str, turn: str) -> re.Pattern[str]:
    """``VERB NAME JOINER X,Y [TURN DEGREES]`` (groups ``name``, ``x``, ``y``, ``turn``),
    case-insensitive, as in ``move Tercio 1 to 30,20 facing 90``."""
    return re.compile(
        rf"^{verb} (?P<name>.+?) {joiner} (?P<x>{NUMBER})\s*,\s*(?P<y>{NUMBER})"
        rf"(?: {turn} (?P<turn>{NUMBER}))?$",
        re.IGNORECASE,
    )
