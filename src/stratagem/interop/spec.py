"""What the research interfaces need to know of each game beyond the core API.

- **Chance outcomes** are told apart from the seats' decisions by the words their
  canonical texts begin with (``Draw: Sea Beggars`` is dealt by chance, ``Meld military:
  Sea Beggars`` is decided). ``ActionIds`` gives each kind its own dense id space, so
  that OpenSpiel's ``num_distinct_actions`` counts decisions only and chance outcomes
  run from 0 to ``max_chance_outcomes - 1``; a text outside its declared kind raises.
- **Lengths.** ``LONGEST`` holds the most decisions and chance outcomes seen in 1,000
  uniformly random games of each game's longest configuration (100 for Tercios), by

      .venv/bin/python benchmarks/measure_game_lengths.py --games 1000

  and ``bounds`` multiplies them by ``SAFETY``: random play is no proof of the longest
  game, so the margin covers lines of play that random seats rarely take. Tercios was
  measured with the shipped armies (20 units); larger armies scale its bounds.
- **Options** become OpenSpiel parameters: true/false, whole numbers, numbers and texts
  as themselves, a list as its items joined by ``+`` (OpenSpiel's game strings
  keep commas between parameters), and "none" (an option left to the
  rules, or the shipped data pack) as 0 or the empty text.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import UnionType
from typing import Literal, Union, get_args, get_origin

import numpy as np
import numpy.typing as npt

from stratagem.core import Action, Game, IllegalAction, OptionError, options_model

CHANCE_PREFIXES: dict[str, tuple[str, ...]] = {
    "britain_vs_france": (
        "Draw colony: ",
        "Draw historic event: ",
        "Draw secret objective: ",
        "Roll: ",
        "Roll-off: ",
    ),
    "eighty_years_war": ("Draw: ",),
    "henry_viii": (
        "Deal character: ",
        "Draw: ",
        "Lose: ",
        "Die: ",
        "Dice: ",
        "Pick: ",
        "Pick office: ",
    ),
    "sixteen_thirty_something": (
        "Counter: ",
        "Draw: ",
        "First player: ",
        "Random end: ",
        "Dice difference: ",
    ),
    "tercios": ("Roll: ", "Die: "),
}

SAFETY = 2
"""The margin over the longest games seen."""

LONGEST: dict[str, dict[int, tuple[int, int]]] = {
    # game -> players -> (decisions, chance outcomes), longest configuration of each
    "britain_vs_france": {2: (999, 434)},  # turns_per_player=20, advanced, expanded_conflict
    "eighty_years_war": {2: (356, 341)},
    "henry_viii": {5: (495, 382), 6: (633, 469), 7: (811, 540), 8: (991, 657)},
    "sixteen_thirty_something": {3: (732, 201), 4: (1144, 266), 5: (1614, 326), 6: (2116, 377)},
    "tercios": {2: (567, 134)},  # duration=8 (terrain=chosen: 563, 134); the shipped armies
}


MEASURED_UNITS = {"tercios": 20}
"""Units on the table in the measured configuration, for games whose length grows with
the forces a user brings (Tercios' armies are an option): the bounds grow in proportion."""


def bounds(game: Game) -> tuple[int, int]:
    """(``max_game_length``, ``max_chance_nodes_in_history``) of a loaded game."""
    decisions, chance = LONGEST[game.name][game.num_players]
    scale = 1.0
    measured = MEASURED_UNITS.get(game.name)
    if measured is not None:
        units = len(game.new_initial_state().view(None)["units"])
        scale = max(1.0, units / measured)
    return math.ceil(SAFETY * decisions * scale), math.ceil(SAFETY * chance * scale)


class ActionIds:
    """Separate dense ids for a game's decisions and its chance outcomes."""

    def __init__(self, game: Game) -> None:
        prefixes = CHANCE_PREFIXES[game.name]
        self.decisions: tuple[Action, ...] = tuple(
            action for action in game.actions.all if not action.text.startswith(prefixes)
        )
        self.outcomes: tuple[Action, ...] = tuple(
            action for action in game.actions.all if action.text.startswith(prefixes)
        )
        self._decision_id = [-1] * len(game.actions)
        self._outcome_id = [-1] * len(game.actions)
        for index, action in enumerate(self.decisions):
            self._decision_id[action.id] = index
        for index, action in enumerate(self.outcomes):
            self._outcome_id[action.id] = index

    def decision_id(self, action: Action) -> int:
        """The id of a seat's decision."""
        index = self._decision_id[action.id]
        if index < 0:
            raise IllegalAction(f"{action.text!r} is a chance outcome, not a decision")
        return index

    def outcome_id(self, action: Action) -> int:
        """The id of a chance outcome."""
        index = self._outcome_id[action.id]
        if index < 0:
            raise IllegalAction(f"{action.text!r} is a decision, not a chance outcome")
        return index

    def decision_ids(self, actions: Iterable[Action]) -> list[int]:
        """The sorted ids of decisions (OpenSpiel's legal actions)."""
        table = self._decision_id
        ids = sorted(table[action.id] for action in actions)
        if ids and ids[0] < 0:
            raise IllegalAction("a chance outcome is listed among the decisions")
        return ids

    def mask(self, actions: Iterable[Action]) -> npt.NDArray[np.int8]:
        """1 at the id of each decision in ``actions``, 0 elsewhere (PettingZoo's mask)."""
        table = self._decision_id
        ids = [table[action.id] for action in actions]
        if ids and min(ids) < 0:
            raise IllegalAction("a chance outcome is listed among the decisions")
        mask = np.zeros(len(self.decisions), dtype=np.int8)
        mask[ids] = 1
        return mask

    def outcome_ids(self, outcomes: Iterable[tuple[Action, float]]) -> list[tuple[int, float]]:
        """Chance outcomes as (id, probability), sorted by id."""
        table = self._outcome_id
        pairs = sorted((table[action.id], p) for action, p in outcomes)
        if pairs and pairs[0][0] < 0:
            raise IllegalAction("a decision is listed among the chance outcomes")
        return pairs

    def decision(self, index: int) -> Action:
        """The decision with that id."""
        if not 0 <= index < len(self.decisions):
            raise IllegalAction(f"decision id {index} is outside 0..{len(self.decisions) - 1}")
        return self.decisions[index]

    def outcome(self, index: int) -> Action:
        """The chance outcome with that id."""
        if not 0 <= index < len(self.outcomes):
            raise IllegalAction(f"chance outcome id {index} is outside 0..{len(self.outcomes) - 1}")
        return self.outcomes[index]


Parameter = bool | int | float | str

LIST_JOIN = "+"
"""Between the items of a list option in its parameter (``spanish_1000+swedish_1000``)."""


@dataclass(frozen=True)
class OptionParameter:
    """One game option as an OpenSpiel parameter."""

    name: str
    default: Parameter
    kind: Literal["plain", "list", "none"]
    """``list``: items joined by ``+``; ``none``: 0 or "" stands for the option's none."""


def option_parameters(name: str) -> list[OptionParameter]:
    """Every option of a game but ``players`` (OpenSpiel's own parameter), in order."""
    parameters = []
    for option, field in options_model(name).model_fields.items():
        if option == "players":
            continue
        annotation, default = field.annotation, field.default
        origin = get_origin(annotation)
        if origin in (Union, UnionType) and default is None:
            rest = [arg for arg in get_args(annotation) if arg is not type(None)]
            empty: Parameter = "" if rest[0] in (str, Path) else 0
            parameters.append(OptionParameter(option, empty, "none"))
        elif origin in (tuple, list):
            parameters.append(OptionParameter(option, LIST_JOIN.join(default), "list"))
        elif isinstance(default, bool | int | float | str):
            parameters.append(OptionParameter(option, default, "plain"))
        else:
            raise OptionError(f"{name}: option {option!r} has no OpenSpiel parameter type")
    return parameters


def options_from(name: str, params: Mapping[str, Parameter]) -> dict[str, object]:
    """The options of ``stratagem.load`` from OpenSpiel parameters (defaults filled in)."""
    options: dict[str, object] = {}
    for parameter in option_parameters(name):
        value = params.get(parameter.name, parameter.default)
        if parameter.kind == "list":
            options[parameter.name] = tuple(str(value).split(LIST_JOIN))
        elif parameter.kind == "none":
            options[parameter.name] = None if value in (0, "") else value
        else:
            options[parameter.name] = value
    return options
