"""How much a search would gain from knowing what its seat cannot see.

A diagnostic, not a bot: every world the search imagines (``resample_hidden``) is made
wholly or partly true, and a ``stratagem`` command runs as usual. What it measures is the
ceiling of better worlds: the most that inferring the other seats' hands from their play
could give (future draws stay chance in every case: the games draw through chance nodes).

    PYTHONPATH=src python benchmarks/true_worlds.py all tournament henry_viii \\
        --bot heuristic --bot ismcts:iterations=420 --alone ismcts:iterations=420 \\
        -n 40 -j 1 --seed 4101 --results true_all.json
    PYTHONPATH=src python benchmarks/true_worlds.py all simulate eighty_years_war \\
        -s Dutch=ismcts:iterations=3300 -s Spanish=heuristic -n 40 -j 1 --seed 4201

The first argument says what is true: ``all`` (in every game: the world is the real
state); for Henry VIII alone ``hands`` (the other hands and the deck as they are,
face-down characters redealt) or ``characters`` (the face-down characters' owners as they
are, hands and deck redealt); for Eighty Years War alone ``action`` (the real state in the
Action Phase, where the other side's cards are all in its hand or its melds; the redeal
before it). Where a heuristic reshapes the worlds of ``ismcts`` (``worlds=model``:
Eighty Years War's by default, Henry VIII's when asked), it leaves the true part as it
is. The rest is a ``stratagem`` command line. Run it with ``-j 1``: the change is made in
this process only.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import cast

from stratagem.bots.base import WorldShaper
from stratagem.bots.heuristics.eighty_years_war import EightyYearsWarHeuristic
from stratagem.bots.heuristics.henry_viii import HenryVIIIHeuristic
from stratagem.cli import main
from stratagem.core import State
from stratagem.games.britain_vs_france.state import BritainVsFranceState
from stratagem.games.eighty_years_war import views as eighty_years_war_views
from stratagem.games.eighty_years_war.places import ACTION
from stratagem.games.eighty_years_war.state import EightyYearsWarState
from stratagem.games.henry_viii import views as henry_viii_views
from stratagem.games.henry_viii.state import HenryVIIIState
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState
from stratagem.games.tercios.state import TerciosState

PARTS = ("all", "hands", "characters", "action")
STATES: tuple[type[State], ...] = (
    BritainVsFranceState,
    EightyYearsWarState,
    HenryVIIIState,
    SixteenThirtySomethingState,
    TerciosState,
)


def true_world(state: State, seat: int, rng: random.Random) -> State:
    """The world ``seat`` is given: the real state itself (a copy)."""
    return state.clone()


def keep_true(shaper: type[WorldShaper], true: Callable[[State], bool]) -> None:
    """Make ``shaper``'s ``reshape`` (``ismcts``'s ``worlds=model``) leave alone a world
    whose hidden part is true (``true``), which it would otherwise deal again."""
    reshape = shaper.reshape

    def kept(self: WorldShaper, world: State, seat: int, rng: random.Random) -> None:
        if not true(world):
            reshape(self, world, seat, rng)

    shaper.reshape = kept  # type: ignore[method-assign]


def true_in_part(part: str) -> None:
    """Make ``resample_hidden`` keep ``part`` of the real state (see the module doc), and
    the heuristics' reshaping of a world keep it too."""
    if part == "all":
        for kind in STATES:
            kind.resample_hidden = true_world  # type: ignore[method-assign,assignment]
        keep_true(EightyYearsWarHeuristic, lambda world: True)
        keep_true(HenryVIIIHeuristic, lambda world: True)
        return
    if part == "action":
        keep_true(
            EightyYearsWarHeuristic,
            lambda world: cast(EightyYearsWarState, world).phase == ACTION,
        )

        def in_action(
            state: EightyYearsWarState, seat: int, rng: random.Random
        ) -> EightyYearsWarState:
            if state.phase == ACTION:
                return state.clone()
            return eighty_years_war_views.resample(state, seat, rng)

        EightyYearsWarState.resample_hidden = in_action  # type: ignore[method-assign,assignment]
        return

    def world(state: HenryVIIIState, seat: int, rng: random.Random) -> HenryVIIIState:
        other = henry_viii_views.resample(state, seat, rng)
        if part == "hands":
            other.hands = [list(hand) for hand in state.hands]
            other.deck = list(state.deck)
            other.cloc = list(state.cloc)
        else:
            other.owner = list(state.owner)
        other._legal = None
        return other

    HenryVIIIState.resample_hidden = world  # type: ignore[method-assign,assignment]
    if part == "hands":
        keep_true(HenryVIIIHeuristic, lambda world: True)


if __name__ == "__main__":
    if len(sys.argv) < 2 or sys.argv[1] not in PARTS:
        sys.exit(f"usage: true_worlds.py {{{'|'.join(PARTS)}}} STRATAGEM-ARGS...")
    true_in_part(sys.argv.pop(1))
    main()
