"""The planner's melds alone: a screen of what answering a hidden plan at once is worth.

``ismcts`` hands Eighty Years War's discards and melds to the heuristic's planner
(``bots.base.Planner``, DECISIONS "Eighty Years War's melds answered at once": the discards
as the heuristic makes them, the melds as a best response) and searches everything else.
The bot this script adds, ``planned``, answers them the same way (in ``ismcts``'s default
worlds: ``PLAN_WORLDS`` of the seat's redeal, reshaped by the heuristic) and takes every
other decision as the heuristic does, so a match against the heuristic measures the melds
alone, at a second or two a game:

    PYTHONPATH=src python benchmarks/planned_melds.py simulate eighty_years_war \\
        -s Dutch=planned -s Spanish=heuristic -n 400 -j 1 --seed 11

The rest of the command line is a ``stratagem`` command. Run it with ``-j 1``: the bot is
registered in this process only.
"""

from __future__ import annotations

import random

from stratagem.bots.base import (
    Bot,
    Planner,
    WorldShaper,
    draw_world,
    make_bot,
    register_bot,
)
from stratagem.bots.ismcts import PLAN_WORLDS
from stratagem.cli import main
from stratagem.core import Action, Game, OptionError, State


class PlannedMelds:
    """The heuristic, with the steps of a hidden plan answered by its planner."""

    name = "planned"

    def __init__(self, game: Game, rng: random.Random) -> None:
        heuristic = make_bot("heuristic", game, random.Random(rng.getrandbits(64)))
        if not isinstance(heuristic, Planner):
            raise OptionError(f"planned: {game.name}'s heuristic plans nothing")
        self.heuristic: Bot = heuristic
        self.planner: Planner = heuristic
        self.shaper: WorldShaper | None = heuristic if isinstance(heuristic, WorldShaper) else None
        self.rng = rng

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) > 1 and self.planner.planned(legal):
            # worlds as ``ismcts`` draws them by default: the redeal, reshaped by the model
            worlds = (draw_world(state, seat, self.rng, self.shaper) for _ in range(PLAN_WORLDS))
            return self.planner.respond(legal, worlds, seat)
        return self.heuristic.choose(state, seat)


if __name__ == "__main__":
    register_bot("planned", PlannedMelds)
    main()
