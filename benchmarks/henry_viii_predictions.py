"""How well the worlds a Henry VIII search draws predict what the other factions then do.

    .venv/bin/python benchmarks/henry_viii_predictions.py 0 20

Along seeded five-faction games of the heuristic in every seat (seeds from the first
argument up to the second), at every third decision of a Player Turn or a Support with a
choice, another faction (the observer) draws worlds as ``ismcts`` would, and the heuristic
chooses for the faction to act in each: how often it plays what the real faction then
played (the same Endeavour, the same Support, or a pass; the card itself may differ). Four
worlds a decision, drawn by the game's redeal alone (``worlds=redeal``) and reshaped by the
heuristic from what the factions showed this Turn (``worlds=model``,
``bots.heuristics.henry_viii_worlds``), from the same generators. With the real hands it
would be right every time: the opponents are the model. It also counts how often a
faction's real hand breaks the bounds the heuristic draws from what it showed (what is
playable now stands in for what was playable then: DECISIONS, "Henry VIII worlds").
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from typing import cast

import stratagem
from stratagem.bots import make_bot
from stratagem.bots.base import draw_world
from stratagem.bots.heuristics.henry_viii import HenryVIIIHeuristic
from stratagem.bots.heuristics.henry_viii_table import Table
from stratagem.games.henry_viii.state import HenryVIIIState
from stratagem.testing.playouts import bot_choices

PLAYERS = 5
WORLDS = 4


def played(text: str) -> str:
    """What an action plays, whatever its card: an Endeavour's name, a Support's name, a
    discard, a pass or an office's power as they are."""
    if text.startswith("Endeavour: "):
        return text.split(" | ", maxsplit=1)[0]
    if text.startswith(("Support: ", "Discard: ")):
        kind = text.split(": ", maxsplit=1)[0]
        return f"{kind}: {text.rsplit(' | ', maxsplit=1)[-1].split(' #', maxsplit=1)[0]}"
    return text


def main(first: int, last: int) -> None:
    game = stratagem.load("henry_viii", PLAYERS)
    right: Counter[tuple[str, str]] = Counter()
    asked: Counter[tuple[str, str]] = Counter()
    model = make_bot("heuristic", game, random.Random(0))
    assert isinstance(model, HenryVIIIHeuristic)
    bound = broken = 0
    for seed in range(first, last):
        seen = 0
        for state, action in bot_choices(game, ["heuristic"] * PLAYERS, seed):
            player = state.current_player()
            question = Table(cast(HenryVIIIState, state), player).question
            if question not in ("player", "support"):
                continue
            seen += 1
            if seen % 3:
                continue
            truth = played(action.text)
            kind = f"{question}, {'a pass' if truth == 'Pass' else 'a play'}"
            observer = (player + 1 + seed % (PLAYERS - 1)) % PLAYERS
            court = cast(HenryVIIIState, state)
            for other, allowed in model.allowed_hands(court, observer).items():
                bound += 1
                broken += not set(court.hands[other]) <= allowed
            for worlds, shaper in (("redeal", None), ("model", model)):
                for draw in range(WORLDS):
                    world = draw_world(state, observer, random.Random(draw), shaper)
                    guess = played(model.choose(world, player).text)
                    asked[worlds, kind] += 1
                    right[worlds, kind] += guess == truth
    print(f"seeds {first}-{last - 1}, {WORLDS} worlds a decision")
    print(f"the real hand breaks a bound at {broken} of {bound} bound factions' positions")
    for worlds, kind in sorted(asked):
        count = asked[worlds, kind]
        share = right[worlds, kind] / count
        print(f"worlds={worlds:7} {kind:18} {count:6} predictions, {share:6.1%} right")


if __name__ == "__main__":
    main(int(sys.argv[1]), int(sys.argv[2]))
