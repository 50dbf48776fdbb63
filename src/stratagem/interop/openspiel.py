"""Every Stratagem game as an OpenSpiel Python game (the extra ``rl``).

>>> from stratagem.interop import openspiel
>>> openspiel.register()
>>> import pyspiel
>>> game = pyspiel.load_game("stratagem_eighty_years_war")

``register()`` calls ``pyspiel.register_game`` once per registered Stratagem game, under
the short name ``stratagem_<game>``, with one parameter ``players`` (default: the game's
fewest). A state wraps a Stratagem state: OpenSpiel's actions are the game's fixed action
ids (``state.action_id``), chance is OpenSpiel's chance player with the game's exact
outcome probabilities, and returns are the game's. OpenSpiel's algorithms that work from
the state alone (MCTS, random rollouts, tree search) run on them; the games declare no
observation or information-state tensors (use the PettingZoo environment's encoding).

``MAX_GAME_LENGTH`` is a bound OpenSpiel asks for; Stratagem games end by their rules well
before it (Eighty Years War: about 670 actions).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pyspiel

from stratagem.core import CHANCE, TERMINAL, Game, GameInfo, State, available_games, load

PREFIX = "stratagem_"
MAX_GAME_LENGTH = 100_000


def short_name(game: str) -> str:
    """OpenSpiel's name of a Stratagem game."""
    return PREFIX + game


def _game_type(info: GameInfo) -> Any:
    two = info.max_players == 2
    return pyspiel.GameType(
        short_name=short_name(info.name),
        long_name=f"Stratagem {info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.ZERO_SUM if two else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=info.max_players,
        min_num_players=info.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=False,
        provides_observation_tensor=False,
        parameter_specification={"players": info.min_players},
    )


@lru_cache(maxsize=32)
def _load(name: str, players: int) -> Game:
    """A loaded game (OpenSpiel makes game objects often; loading parses the data pack)."""
    return load(name, players=players)


class SpielGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """A Stratagem game behind OpenSpiel's ``Game`` interface."""

    def __init__(self, info: GameInfo, params: dict[str, Any] | None = None) -> None:
        players = int((params or {}).get("players", info.min_players))
        self.stratagem: Game = _load(info.name, players)
        two = players == 2
        game_info = pyspiel.GameInfo(
            num_distinct_actions=self.stratagem.action_space_size,
            max_chance_outcomes=self.stratagem.action_space_size,
            num_players=players,
            min_utility=-1.0 if two else 0.0,
            max_utility=1.0,
            utility_sum=0.0 if two else None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(_game_type(info), game_info, {"players": players})

    def new_initial_state(self) -> SpielState:
        """A fresh game."""
        return SpielState(self, self.stratagem.new_initial_state())


class _Copied:
    """Holds the Stratagem state and the game for a ``SpielState``.

    OpenSpiel clones a Python state by deep-copying its ``__dict__``; this holder makes
    that copy a ``State.clone()`` (flat lists, no deep copy) sharing the game.
    """

    __slots__ = ("game", "state")

    def __init__(self, game: SpielGame, state: State) -> None:
        self.game = game
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Copied:
        return _Copied(self.game, self.state.clone())


class SpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Stratagem state behind OpenSpiel's ``State`` interface."""

    def __init__(self, game: SpielGame, state: State) -> None:
        super().__init__(game)
        self._held = _Copied(game, state)

    @property
    def state(self) -> State:
        """The Stratagem state."""
        return self._held.state

    def current_player(self) -> int:
        """A seat, or OpenSpiel's chance or terminal id (the same numbers as Stratagem's)."""
        player = self.state.current_player()
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        return sorted(action.id for action in self.state.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The chance outcomes' ids with their exact probabilities."""
        return sorted((action.id, p) for action, p in self.state.chance_outcomes())

    def _apply_action(self, action: int) -> None:
        self.state.apply_action(self.state.action_from_id(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return self.state.action_from_id(action).text

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.state.is_terminal()

    def returns(self) -> list[float]:
        """The game's returns (0 for everyone before the end)."""
        if not self.state.is_terminal():
            return [0.0] * self._held.game.stratagem.num_players
        return list(self.state.returns())

    def __str__(self) -> str:
        return str(self.state)


def game_class(info: GameInfo) -> type[SpielGame]:
    """A ``SpielGame`` subclass for one game (OpenSpiel registers a class per game)."""

    def init(self: SpielGame, params: dict[str, Any] | None = None) -> None:
        SpielGame.__init__(self, info, params)

    name = "".join(part.title() for part in info.name.split("_"))
    return type(f"Spiel{name}", (SpielGame,), {"__init__": init})


_REGISTERED: set[str] = set()


def register() -> list[str]:
    """Register every Stratagem game with OpenSpiel (again: no-op); their short names."""
    names = []
    for info in available_games():
        name = short_name(info.name)
        if name not in _REGISTERED:
            pyspiel.register_game(_game_type(info), game_class(info))
            _REGISTERED.add(name)
        names.append(name)
    return names
