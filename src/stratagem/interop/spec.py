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
  A variant's settings (``pack.`` values, ``stratagem settings GAME``) scale the bounds by
  ``length_scale``: the variant's size over the shipped pack's, in the quantities a game's
  length grows with (Eighty Years War: turns times the cards of both hands and the
  Strategy Phase's discards; Sixteen Thirty Something: its last turn; 1750: its turns
  per player; Tercios: its units), never below 1.
- **Options** become OpenSpiel parameters: true/false, whole numbers, numbers and texts
  as themselves, a list as its items joined by ``+`` (OpenSpiel's game strings
  keep commas between parameters), and "none" (an option left to the
  rules, or the shipped data pack) as 0 or the empty text.
- **Settings.** The lab's settings (``KEY=VALUE``, ``;`` between several:
  ``pack.rules.logistics.spanish_hand=9;pack.rules.victory.turns=5``, as ``stratagem
  simulate --set`` takes them) are the OpenSpiel parameter ``settings`` and the PettingZoo
  ``env(..., settings=...)``; ``load_variant`` builds the variant's pack as the lab does
  (``stratagem.sim.settings``), refusing a wrong key or value with the reason. OpenSpiel's
  game strings cannot hold ``=`` inside a value, so a game writes its settings there as
  ``KEY:VALUE`` and reads both.
- **Short variants.** ``SHORT`` gives each game's short variant (a game option that plays
  fewer turns, not the printed rules; each game's RULINGS.md lists it): the games on which
  outcome-sampling MCCFR runs (a whole printed game multiplies hundreds of chance and
  sampling probabilities, which underflow to 0 and give NaN regrets).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import UnionType
from typing import Any, Literal, Union, cast, get_args, get_origin

import numpy as np
import numpy.typing as npt

from stratagem.core import Action, Game, IllegalAction, OptionError, load, options_model
from stratagem.sim.settings import make_setup, parse_settings

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


SHORT: dict[str, dict[str, object]] = {
    "britain_vs_france": {"turns_per_player": 1},
    "eighty_years_war": {"last_turn": 1},
    "henry_viii": {"last_turn": 1},
    "sixteen_thirty_something": {"last_turn": 1},
    "tercios": {"duration": 1, "armies": ("spanish_500", "swedish_500")},
}
"""Each game's short variant, as game options (module docstring)."""


def parameters(options: Mapping[str, object]) -> dict[str, Parameter]:
    """Game options as OpenSpiel parameters (a list as its items joined by ``+``)."""
    found: dict[str, Parameter] = {}
    for key, value in options.items():
        if isinstance(value, tuple | list):
            found[key] = LIST_JOIN.join(map(str, value))
        elif isinstance(value, bool | int | float | str):
            found[key] = value
        else:
            raise OptionError(f"option {key!r}: {value!r} has no OpenSpiel parameter")
    return found


def _eighty_years_war_size(game: Game) -> float:
    rules = cast(Any, game).book.rules
    hands = rules.logistics.dutch_hand + rules.logistics.spanish_hand
    return float(rules.victory.turns * (hands + rules.strategy.max_discards))


def _sixteen_thirty_something_size(game: Game) -> float:
    return float(cast(Any, game).book.rules.turns.max)


def _britain_vs_france_size(game: Game) -> float:
    return float(cast(Any, game).turns_per_player)


def _tercios_size(game: Game) -> float:
    return float(len(game.new_initial_state().view(None)["units"]))


SIZES: dict[str, Callable[[Game], float]] = {
    "britain_vs_france": _britain_vs_france_size,
    "eighty_years_war": _eighty_years_war_size,
    "sixteen_thirty_something": _sixteen_thirty_something_size,
    "tercios": _tercios_size,
}
"""What each game's length grows with, for games whose variants can lengthen it."""

MEASURED: dict[str, dict[str, object]] = {
    "britain_vs_france": {"turns_per_player": 20},
    "tercios": {"duration": 8},
}
"""The options of the configuration ``LONGEST`` measured, where it is not the default."""


@cache
def _measured_size(name: str, players: int) -> float:
    options = cast(dict[str, Any], MEASURED.get(name, {}))
    return SIZES[name](load(name, players, **options))


def length_scale(game: Game) -> float:
    """How much longer a game of this variant may last than the measured configuration
    (1 when it is no longer, or when the game's length does not grow with its pack)."""
    size = SIZES.get(game.name)
    if size is None:
        return 1.0
    return max(1.0, size(game) / _measured_size(game.name, game.num_players))


def bounds(game: Game) -> tuple[int, int]:
    """(``max_game_length``, ``max_chance_nodes_in_history``) of a loaded game."""
    decisions, chance = LONGEST[game.name][game.num_players]
    scale = length_scale(game)
    return math.ceil(SAFETY * decisions * scale), math.ceil(SAFETY * chance * scale)


SETTINGS = "settings"
"""The OpenSpiel parameter holding a variant's settings."""


def settings_texts(settings: str | Sequence[str]) -> tuple[str, ...]:
    """The settings as ``KEY=VALUE`` texts, from a text (``;`` between settings; a
    game string's ``KEY:VALUE`` read as ``KEY=VALUE``) or a list of texts."""
    texts = [settings] if isinstance(settings, str) else list(settings)
    found = []
    for text in texts:
        for part in text.split(";"):
            if part.strip():
                found.append((part if "=" in part else _colon_to_equals(part)).strip())
    return tuple(found)


def _colon_to_equals(part: str) -> str:
    """``KEY:VALUE`` as ``KEY=VALUE``: the first colon outside quotes."""
    quote = ""
    for position, char in enumerate(part):
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == ":":
            return f"{part[:position]}={part[position + 1 :]}"
    return part


def game_string_settings(texts: Sequence[str]) -> str:
    """The settings as an OpenSpiel game string holds them (``KEY:VALUE;...``)."""
    return ";".join(text.replace("=", ":", 1) for text in texts)


def load_variant(
    name: str, options: Mapping[str, object], settings: str | Sequence[str] = ()
) -> Game:
    """The game ``name`` with ``options`` and the lab's ``settings`` (``KEY=VALUE``);
    ``OptionError`` (``SettingError``) says what is wrong and where."""
    texts = settings_texts(settings)
    if not texts:
        return load(name, **cast(dict[str, Any], options))
    return make_setup(name, options, parse_settings(texts)).load()


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
        mask = np.zeros(len(self.decisions), dtype=np.int8)
        marks = mask.data
        for action in actions:
            index = table[action.id]
            if index < 0:
                raise IllegalAction("a chance outcome is listed among the decisions")
            marks[index] = 1
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
