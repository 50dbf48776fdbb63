"""How much Henry VIII's search would gain from knowing what its seat cannot see.

A diagnostic, not a bot: every world the search imagines (``resample_hidden``) is made
partly or wholly true, and a tournament is run as usual. What it measures is the ceiling
of better worlds: the most that inferring the other factions' hands or face-down
characters from their play could give (future draws stay chance in every case).

    PYTHONPATH=src python benchmarks/henry_viii_true_worlds.py all tournament henry_viii \\
        --bot heuristic --bot ismcts:iterations=420 --alone ismcts:iterations=420 \\
        -n 40 -j 1 --seed 4101 --results true_all.json

The first argument says what is true: ``all`` (the world is the real state), ``hands``
(the other hands and the deck as they are, face-down characters redealt) or
``characters`` (the face-down characters' owners as they are, hands and deck redealt);
the rest is a ``stratagem`` command line. Run it with ``-j 1``: the change is made in
this process only.
"""

from __future__ import annotations

import random
import sys

from stratagem.cli import main
from stratagem.games.henry_viii import views
from stratagem.games.henry_viii.state import HenryVIIIState

PARTS = ("all", "hands", "characters")


def true_in_part(part: str) -> None:
    """Make ``resample_hidden`` keep ``part`` of the real state (see the module doc)."""

    def world(state: HenryVIIIState, seat: int, rng: random.Random) -> HenryVIIIState:
        if part == "all":
            return state.clone()
        other = views.resample(state, seat, rng)
        if part == "hands":
            other.hands = [list(hand) for hand in state.hands]
            other.deck = list(state.deck)
            other.cloc = list(state.cloc)
        else:
            other.owner = list(state.owner)
        other._legal = None
        return other

    HenryVIIIState.resample_hidden = world  # type: ignore[method-assign,assignment]


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in PARTS:
        sys.exit(f"usage: henry_viii_true_worlds.py {{{'|'.join(PARTS)}}} STRATAGEM-ARGS...")
    true_in_part(sys.argv.pop(1))
    main()
