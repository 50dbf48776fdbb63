"""Train sb3-contrib's MaskablePPO on Eighty Years War: first against random play, then
against the heuristic bot, and measure it against both.

    pip install -e '.[rl,train]'
    python examples/maskable_ppo_eighty_years_war.py --steps 20000 --seat Dutch

The learner holds one seat of the PettingZoo environment (``stratagem.interop.pettingzoo``);
``OneSeat`` turns it into a single-agent Gymnasium environment by letting a Stratagem
bot (``stratagem.bots.make_bot``) play the other seat inside ``step``. Its observation
is the seat's layout tensor (finite bounds, scaled to about [-1, 1]) and
``action_masks()`` the seat's legal decisions, which MaskablePPO reads before every
move. The shaped reward (the change of the province difference, ``stratagem.interop.
rewards``) is on by default: against the heuristic the final +-1 alone is too rare a
signal for a few thousand steps.

Torch runs on one thread here (``torch.set_num_threads(1)``): the environment, in
Python, is the bottleneck, not the network.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
import torch
from sb3_contrib import MaskablePPO
from sb3_contrib.common.wrappers import ActionMasker

from stratagem.bots import make_bot
from stratagem.interop.pettingzoo import env

GAME = "eighty_years_war"


class OneSeat(gymnasium.Env):  # type: ignore[misc]  # gymnasium's Env is generic
    """One seat of a Stratagem game against a bot, as a Gymnasium environment."""

    def __init__(
        self, opponent: str = "random", seat: int = 0, shaped_reward: bool = True, seed: int = 0
    ) -> None:
        super().__init__()
        self.table = env(GAME, shaped_reward=shaped_reward)
        self.seat = seat
        self.agent = self.table.possible_agents[seat]
        self.opponent_spec = opponent
        self.observation_space = self.table.observation_space(self.agent)["observation"]
        self.action_space = self.table.action_space(self.agent)
        self._games = random.Random(seed)
        self._opponent = make_bot(opponent, self.table.game, random.Random(seed))

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._games.seed(seed)
            self._opponent = make_bot(self.opponent_spec, self.table.game, random.Random(seed))
        self.table.reset(seed=self._games.randrange(2**31))
        self._others()
        return self._observation(), {}

    def step(
        self, action: int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        self.table.step(int(action))
        reward = self.table.rewards[self.agent]
        reward += self._others()
        done = self.table.terminations[self.agent]
        info = {"returns": self.table.game_state.returns()} if done else {}
        return self._observation(), float(reward), done, False, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The seat's legal decisions (all false once the game is over)."""
        return self.table.observe(self.agent)["action_mask"].astype(bool)

    def _observation(self) -> npt.NDArray[np.float32]:
        observation: npt.NDArray[np.float32] = self.table.observe(self.agent)["observation"]
        return observation

    def _others(self) -> float:
        """The bot's decisions until the learner's turn or the end; the learner's reward
        over them."""
        table, reward = self.table, 0.0
        while not table.terminations[self.agent] and table.agent_selection != self.agent:
            state = table.game_state
            seat = state.current_player()
            table.step(table.ids.decision_id(self._opponent.choose(state, seat)))
            reward += table.rewards[self.agent]
        return reward


def masked(opponent: str, seat: int, seed: int) -> ActionMasker:
    """``OneSeat`` with its masks where MaskablePPO looks for them."""
    return ActionMasker(OneSeat(opponent, seat, seed=seed), lambda e: e.action_masks())


def evaluate(model: MaskablePPO, opponent: str, seat: int, games: int, seed: int) -> float:
    """The learner's mean return (+1 a win, -1 a loss, 0 a Historical Tie) over ``games``
    games against ``opponent``, its moves the policy's most likely legal ones."""
    table = OneSeat(opponent, seat, shaped_reward=False, seed=seed)
    total = 0.0
    for game in range(games):
        observation, _info = table.reset(seed=seed + game)
        done = False
        while not done:
            action, _state = model.predict(
                observation, action_masks=table.action_masks(), deterministic=True
            )
            observation, _reward, done, _truncated, _info = table.step(int(action))
        total += table.table.game_state.returns()[seat]
    return total / games


def train(
    steps: int, seat: int = 0, seed: int = 0, n_steps: int = 512, games: int = 20
) -> dict[str, float]:
    """``steps`` decisions against random play, then ``steps`` against the heuristic;
    the mean return against each after each stage."""
    torch.set_num_threads(1)
    model = MaskablePPO(
        "MlpPolicy",
        masked("random", seat, seed),
        n_steps=n_steps,
        batch_size=min(64, n_steps),
        seed=seed,
        verbose=0,
    )
    scores: dict[str, float] = {}
    for stage, opponent in enumerate(("random", "heuristic")):
        if stage:
            model.set_env(masked(opponent, seat, seed + stage))
        model.learn(total_timesteps=steps, reset_num_timesteps=not stage)
        for against in ("random", "heuristic"):
            scores[f"after {opponent}, against {against}"] = evaluate(
                model, against, seat, games, seed=10_000 + seed
            )
    return scores


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="decisions per stage")
    parser.add_argument("--seat", choices=("Dutch", "Spanish"), default="Dutch")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=100, help="games per evaluation")
    args = parser.parse_args()
    seat = ("Dutch", "Spanish").index(args.seat)
    for what, score in train(args.steps, seat, args.seed, games=args.games).items():
        print(f"{what}: mean return {score:+.2f}")


if __name__ == "__main__":
    main()
