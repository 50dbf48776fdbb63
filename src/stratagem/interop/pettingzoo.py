"""Every Stratagem game as a PettingZoo AEC environment (the extra ``rl``).

>>> from stratagem.interop.pettingzoo import env
>>> table = env("eighty_years_war")
>>> table.reset(seed=1)

- **Agents** are the seats, named ``<seat>_<index>`` in lower case (``dutch_0``,
  ``spanish_1``), as PettingZoo recommends.
- **Actions** are ``Discrete(n)`` over the game's decisions, numbered as OpenSpiel numbers
  them (``stratagem.interop.spec.ActionIds``; chance outcomes are not actions). An id
  that is not legal now raises ``IllegalAction`` with the rules' reason and changes
  nothing.
- **Observations** are ``{"observation": float32[size], "action_mask": int8[n]}``: the
  agent's view (``brief_view``, the parts the layout reads) written by the game's
  observation layout (``stratagem.interop.layouts``: named slices,
  ``env.layout.describe()``; each agent's slices written again only when their value
  changed, ``stratagem.interop.incremental``) and the mask of its legal decisions (all
  zeros when it is not the agent's turn). The observation's ``Box`` has finite bounds,
  ``env.layout.low`` and ``env.layout.high`` (-1, 0 or 1): counts are divided by their
  printed most, angles written as sine and cosine (``stratagem.interop.layout``).
- **Variants.** ``env(name, settings=...)`` takes the lab's settings
  (``"pack.rules.logistics.spanish_hand=9"``; ``stratagem settings GAME`` lists the keys)
  and game options as keywords; ``stratagem.interop.spec.SHORT`` gives each game's short
  variant.
- **State.** ``env.state()`` is the centralised critic's global tensor: every seat's
  observation, seat after seat, so it holds the whole position every seat knows (all
  hands, secret objectives, face-down orders); only what no seat knows yet (the order of
  the decks, left to chance) is not in it.
- **Chance** is not an agent: the environment draws every chance outcome itself with
  ``sample_chance`` from the lab's generator for the seed
  (``stratagem.sim.runner.chance_rng``), so ``reset(seed=s)`` deals as a lab match or
  ``stratagem play`` with seed ``s`` does.
- **Rewards** are the game's ``returns()`` at the end, 0 before; all agents terminate
  together when the game is over (no truncation: every game ends by its rules). With
  ``shaped_reward=True`` each step also pays the change of each seat's score difference
  (``stratagem.interop.rewards``: provinces, victory points or Influence).
- **Rendering.** ``ansi``: the state and the public view as text (``human`` prints it);
  ``rgb_array``: the game's SVG board of the public view (``stratagem.render``),
  rasterised by resvg and fitted into one frame size per game (``FRAMES``: scaled down
  if taller, centred on white), as video recorders want every frame alike.
"""

from __future__ import annotations

import io
import random
import re
from collections.abc import Sequence
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt
import resvg_py
from gymnasium import spaces
from pettingzoo import AECEnv
from PIL import Image

from stratagem.core import CHANCE, Game, State
from stratagem.interop.incremental import Incremental
from stratagem.interop.layouts import layout_of
from stratagem.interop.rewards import ScoreDifference
from stratagem.interop.spec import ActionIds, load_variant
from stratagem.render import board_renderer
from stratagem.sim.runner import chance_rng

RENDER_WIDTH = 960
"""Width in pixels of an ``rgb_array`` frame."""

FRAMES: dict[str, int] = {
    "britain_vs_france": 1920,
    "eighty_years_war": 1200,
    "henry_viii": 2720,
    "sixteen_thirty_something": 1840,
    "tercios": 1280,
}
"""Height in pixels of each game's ``rgb_array`` frames (``RENDER_WIDTH`` across): about
the tallest board of its shipped game seen at that width (Eighty Years War's grows with
its melds, 492 to 1,157 pixels), so that most frames are padded, not scaled."""


def agent_names(game: Game) -> list[str]:
    """``<seat>_<index>`` for every seat, lower case, letters only in the seat part."""
    names = []
    for index, seat in enumerate(game.seat_names):
        word = re.sub(r"[^a-z]+", "", seat.lower()) or "player"
        names.append(f"{word}_{index}")
    return names


def rasterise(svg: str, width: int = RENDER_WIDTH) -> npt.NDArray[np.uint8]:
    """An SVG drawing as an RGB array of ``width`` pixels across, on white."""
    png = resvg_py.svg_to_bytes(svg_string=svg, width=width, background="#ffffff")
    with Image.open(io.BytesIO(bytes(png))) as image:
        return np.asarray(image.convert("RGB"), dtype=np.uint8)


def fit(frame: npt.NDArray[np.uint8], height: int, width: int) -> npt.NDArray[np.uint8]:
    """``frame`` in a ``height`` x ``width`` frame: scaled down to fit if it is larger,
    centred on white."""
    rows, columns = frame.shape[:2]
    if rows > height or columns > width:
        ratio = min(height / rows, width / columns)
        size = (max(1, round(columns * ratio)), max(1, round(rows * ratio)))
        frame = np.asarray(Image.fromarray(frame).resize(size, Image.Resampling.LANCZOS))
        rows, columns = frame.shape[:2]
    out = np.full((height, width, 3), 255, dtype=np.uint8)
    top, left = (height - rows) // 2, (width - columns) // 2
    out[top : top + rows, left : left + columns] = frame
    return out


class StratagemEnv(AECEnv):  # type: ignore[misc]  # PettingZoo is untyped
    """A Stratagem game as an AEC environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human", "ansi", "rgb_array"],
        "name": "stratagem_v1",
        "is_parallelizable": False,
    }

    def __init__(
        self, game: Game, render_mode: str | None = None, shaped_reward: bool = False
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(
                f"render_mode {render_mode!r} is not one of {self.metadata['render_modes']}"
            )
        self.game = game
        self.render_mode = render_mode
        self.layout = layout_of(game)
        self.shaping = ScoreDifference(game) if shaped_reward else None
        self._potential: list[float] = []
        self.ids = ActionIds(game)
        self.possible_agents = agent_names(game)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        count = len(self.ids.decisions)
        size = self.layout.size
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(
                        self.layout.low, self.layout.high, (size,), np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (count,), np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.state_space = spaces.Box(
            np.tile(self.layout.low, game.num_players),
            np.tile(self.layout.high, game.num_players),
            (game.num_players * size,),
            np.float32,
        )
        self._rng = random.Random()
        self.game_state: State = game.new_initial_state()
        self._encoders = {agent: Incremental(self.layout) for agent in self.possible_agents}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same space object every time (PettingZoo seeds it)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """``Discrete`` over the game's decisions."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes its chance outcomes (the lab's rule)."""
        self._rng = random.Random() if seed is None else chance_rng(seed)
        self.game_state = self.game.new_initial_state()
        self._encoders = {agent: Incremental(self.layout) for agent in self.possible_agents}
        self._draw_chance()
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.game_state.current_player()]
        if self.shaping is not None:
            self._potential = self.shaping(self.game_state)

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's view in the game's layout and its legal-decision mask."""
        seat = self._seat[agent]
        state = self.game_state
        if state.current_player() == seat:
            mask = self.ids.mask(state.legal_actions())
        else:
            mask = np.zeros(len(self.ids.decisions), dtype=np.int8)
        view = state.brief_view(seat)
        return {"observation": self._encoders[agent].encode(view), "action_mask": mask}

    def state(self) -> npt.NDArray[np.float32]:
        """The global tensor: every seat's observation, seat after seat."""
        state = self.game_state
        return np.concatenate(
            [self.layout.encode(state.brief_view(seat)) for seat in range(self.game.num_players)]
        )

    def step(self, action: int | None) -> None:
        """The selected agent takes decision ``action`` (``None`` once it is done)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents whose game is over")
        seat = self._seat[agent]
        state = self.game_state
        state.apply_action(self.ids.decision(int(action)), seat=seat)
        self._draw_chance()
        self._cumulative_rewards[agent] = 0.0
        if state.is_terminal():
            returns = state.returns()
            self.rewards = {a: float(returns[self._seat[a]]) for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
            following = self.possible_agents[(seat + 1) % len(self.possible_agents)]
            self.agent_selection = following if following in self.agents else agent
        else:
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self.agent_selection = self.possible_agents[state.current_player()]
        if self.shaping is not None:
            potential = self.shaping(state)
            for agent in self.agents:
                seat = self._seat[agent]
                self.rewards[agent] += potential[seat] - self._potential[seat]
            self._potential = potential
        self._accumulate_rewards()

    def render(self) -> str | npt.NDArray[np.uint8] | None:
        """``ansi``: the public view as text; ``human``: that text printed;
        ``rgb_array``: the public board as pixels."""
        if self.render_mode in ("ansi", "human"):
            text = f"{self.game_state}\n{self.game_state.view(None)}"
            if self.render_mode == "ansi":
                return text
            print(text)
            return None
        if self.render_mode == "rgb_array":
            draw = board_renderer(self.game.name)
            if draw is None:
                raise ValueError(f"{self.game.name} has no board drawing")
            height = FRAMES.get(self.game.name, RENDER_WIDTH)
            return fit(rasterise(draw(self.game_state.view(None))), height, RENDER_WIDTH)
        return None

    def close(self) -> None:
        """Nothing to release."""

    def _draw_chance(self) -> None:
        state = self.game_state
        while state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(self._rng))


def env(
    game_name: str,
    render_mode: str | None = None,
    settings: str | Sequence[str] = (),
    shaped_reward: bool = False,
    **options: Any,
) -> StratagemEnv:
    """The AEC environment of ``game_name`` with its options (``players=...`` and others),
    the lab's ``settings`` of a variant (``"pack.rules.logistics.spanish_hand=9"``, a list
    of them, or several joined by ``;``) and, with ``shaped_reward``, the game's shaped
    reward (``stratagem.interop.rewards``) before the end."""
    game = load_variant(game_name, options, settings)
    return StratagemEnv(game, render_mode=render_mode, shaped_reward=shaped_reward)
