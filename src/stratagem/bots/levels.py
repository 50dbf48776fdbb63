"""Named levels: the opponents a person picks by strength (``easy``, ``normal``, ``hard``).

A level is a name for a bot spec, the same in every game; the registry (``bots.base``)
offers the levels with the bots and ``make_bot`` plays them, so the lobby, ``stratagem
play`` and the lab take them by name. Options given with a level override its own
(``hard:iterations=200``: the ``hard`` search on a budget of 200 iterations).

- ``easy``: the game's heuristic making a random move at a quarter of its real decisions
  (``bots.mistakes``);
- ``normal``: the game's heuristic;
- ``hard``: ISMCTS guided by the heuristic (its prior, rollouts and opponent model), one
  second a move.

Their strengths as the lab measured them are in ``docs/LEVELS.md``.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Level:
    """A level's name, the bot spec it plays and what a player should expect of it."""

    name: str
    spec: str
    summary: str


LEVELS = (
    Level("easy", "heuristic:mistakes=0.25", "the heuristic, a random move one time in four"),
    Level("normal", "heuristic", "the game's heuristic: a period player's habits"),
    Level("hard", "ismcts", "search guided by the heuristic, one second a move"),
)
"""Every game's levels, weakest first."""

_BY_NAME = {level.name: level for level in LEVELS}


def level(name: str) -> Level | None:
    """The level called ``name`` (folded to lower case), or ``None``."""
    return _BY_NAME.get(name.strip().lower())


def level_names() -> list[str]:
    """The levels' names, weakest first."""
    return [level.name for level in LEVELS]
