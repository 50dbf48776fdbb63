"""Every Stratagem game as a PettingZoo AEC environment (the extra ``rl``).

>>> from stratagem.interop.pettingzoo import env
>>> table = env("eighty_years_war")
>>> table.reset(seed=1)

- **Agents** are the seats, named ``<seat>_<index>`` in lower case (``dutch_0``,
  ``spanish_1``), as PettingZoo recommends.
- **Actions** are ``Discrete(game.action_space_size)``: the game's fixed action ids
  (``state.action_id``). An id that is not legal now raises ``IllegalAction`` with the
  rules' reason and changes nothing.
- **Observations** are ``{"observation": float32[SIZE], "action_mask": int8[n]}``: the
  seat's view hashed into a fixed-length vector (``stratagem.interop.observation``) and
  the mask of its legal action ids (all zeros when it is not the seat's turn).
- **Chance** is not an agent: the environment draws every chance outcome itself with
  ``sample_chance`` from a generator seeded by ``reset(seed=...)``, so a seed fixes the
  deals as it does for ``stratagem play``.
- **Rewards** are the game's ``returns()`` at the end, 0 before; all agents terminate
  together when the game is over (no truncation: every game ends by its rules).
"""

from __future__ import annotations

import random
import re
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from stratagem.core import CHANCE, Game, load
from stratagem.interop.observation import SIZE, encode


def agent_names(game: Game) -> list[str]:
    """``<seat>_<index>`` for every seat, lower case, letters only in the seat part."""
    names = []
    for index, seat in enumerate(game.seat_names):
        word = re.sub(r"[^a-z]+", "", seat.lower()) or "player"
        names.append(f"{word}_{index}")
    return names


class StratagemEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """A Stratagem game as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["ansi"],
        "name": "stratagem_v0",
        "is_parallelizable": False,
    }

    def __init__(self, game: Game, render_mode: str | None = None) -> None:
        super().__init__()
        self.game = game
        self.render_mode = render_mode
        self.possible_agents = agent_names(game)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        count = game.action_space_size
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (SIZE,), np.float32),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.state = game.new_initial_state()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same space object every time (PettingZoo seeds it)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete(action_space_size)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes its chance outcomes."""
        self._rng = random.Random(seed)
        self.state = self.game.new_initial_state()
        self._draw_chance()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's hashed view and its legal-action mask."""
        seat = self._seat[agent]
        mask = np.zeros(self.game.action_space_size, dtype=np.int8)
        if self.state.current_player() == seat:
            mask[[action.id for action in self.state.legal_actions()]] = 1
        return {"observation": encode(self.state.view(seat)), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """The selected agent takes action id ``action`` (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents whose game is over")
        seat = self._seat[agent]
        self.state.apply_action(self.state.action_from_id(int(action)), seat=seat)
        self._draw_chance()
        self._cumulative_rewards[agent] = 0.0
        if self.state.is_terminal():
            returns = self.state.returns()
            self.rewards = {a: float(returns[self._seat[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            following = self.possible_agents[(seat + 1) % len(self.possible_agents)]
            self.agent_selection = following if following in self.agents else agent
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()

    def render(self) -> str | None:
        """``ansi``: the public view and who is to move, as text."""
        if self.render_mode != "ansi":
            return None
        return f"{self.state}\n{self.state.view(None)}"

    def close(self) -> None:
        """Nothing to release."""

    def _draw_chance(self) -> None:
        state = self.state
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(self._rng))


def env(game_name: str, render_mode: str | None = None, **options: Any) -> StratagemEnv:
    """The AEC environment of ``game_name`` with its options (``players=...`` and others)."""
    return StratagemEnv(load(game_name, **options), render_mode=render_mode)
