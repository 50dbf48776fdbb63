"""The ``ismcts`` bot: single-observer information-set Monte Carlo tree search.

After Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree Search* (IEEE
TCIAIG 2012), SO-ISMCTS with availability counts:

- **Determinization.** Every iteration starts from ``state.resample_hidden(seat, rng)``: a
  world consistent with what the searching seat sees. The bot reads nothing else of the
  real state but ``legal_actions()`` (its own choices) and ``current_player()``, so it
  cannot play on hidden truth.
- **One tree over the seat's information set.** Nodes are reached by action sequences
  from the root, shared by all determinizations; a node's statistics are those of the
  seat that acted into it. Other seats' choices are searched the same way (the
  single-observer simplification: they choose as if they saw the determinized world).
- **Availability counts.** An action legal in some determinizations but not others is
  scored with UCB1 against the number of iterations in which it was available, not the
  parent's visits.
- **Chance** is sampled with ``sample_chance`` at every chance node, in the tree and in
  rollouts; each outcome reached is its own child.
- **Rollouts** play the game's ``heuristic`` bot where the game has one (``random``
  otherwise), to the end of the game or for ``max_rollout`` actions (an unfinished
  rollout counts as a draw).
- **Heuristic prior** (progressive bias, Chaslot et al. 2008). Where the game has a
  heuristic, each tree node asks it once (in the node's first determinization) which
  action it would take; that action is tried first and its UCB score gets
  ``bias / (visits + 1)``. A small budget therefore plays about as the heuristic does,
  and the search overrules it only on evidence.
- **Budget**: ``iterations`` and/or ``seconds`` (whichever is reached first; 500
  iterations when neither is given). An iteration budget makes the bot's choice a function
  of its seed and the seat's information alone; a time budget does not.

Spec: ``ismcts``, ``ismcts:iterations=500``, ``ismcts:seconds=1,rollout=random,c=0.7``.

Rewards are scaled to [0, 1] (two seats: (return + 1) / 2; more seats: the return).
The move played is the root action visited most (ties: higher mean, then the
heuristic's choice, then lower id).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from stratagem.bots.base import Bot, bot_names, make_bot
from stratagem.bots.random_bot import RandomBot
from stratagem.core import CHANCE, TERMINAL, Action, Game, OptionError, State

DEFAULT_ITERATIONS = 500


class IsmctsOptions(BaseModel):
    """The options of an ``ismcts`` spec, validated."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    iterations: int | None = Field(default=None, ge=1)
    """Iterations per decision."""
    seconds: float | None = Field(default=None, gt=0)
    """Thinking time per decision."""
    c: float = Field(default=0.7, ge=0)
    """UCB1 exploration constant (rewards are in [0, 1])."""
    rollout: Literal["heuristic", "random"] = "heuristic"
    """Rollout policy: the game's heuristic (random if it has none), or random."""
    max_rollout: int | None = Field(default=None, ge=1)
    """Most actions (chance included) a rollout plays before calling it a draw."""
    bias: float = Field(default=1.0, ge=0)
    """Weight of the heuristic prior (0: none)."""

    @model_validator(mode="after")
    def _default_budget(self) -> IsmctsOptions:
        if self.iterations is None and self.seconds is None:
            return self.model_copy(update={"iterations": DEFAULT_ITERATIONS})
        return self

    def spec(self) -> str:
        """The canonical spec text of these options (the bot's name in results)."""
        given = self.model_dump(exclude_defaults=True)
        if given.get("iterations") == DEFAULT_ITERATIONS and self.seconds is None:
            given.pop("iterations")
        if not given:
            return "ismcts"
        return "ismcts:" + ",".join(f"{key}={value}" for key, value in given.items())


class _Node:
    """A node of the search tree: the statistics of the action that led to it."""

    __slots__ = ("available", "children", "hint", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        """The seat that acted into this node (``CHANCE`` for a chance outcome)."""
        self.visits = 0
        self.total = 0.0
        self.available = 0
        self.children: dict[Action, _Node] = {}
        self.hint: Action | None = None
        """The heuristic's choice here, asked on the first visit (if there is a prior)."""


class Ismcts:
    """The ``ismcts`` bot (see the module docstring)."""

    def __init__(self, game: Game, rng: random.Random, options: IsmctsOptions) -> None:
        self.game = game
        self.rng = rng
        self.options = options
        self.name = options.spec()
        self.low = -1.0 if game.num_players == 2 else 0.0
        self.policy: Bot = self._rollout_policy(game, random.Random(rng.getrandbits(64)))
        self.prior: Bot | None = None
        if options.bias > 0 and "heuristic" in bot_names(game.name):
            self.prior = make_bot("heuristic", game, random.Random(rng.getrandbits(64)))
        self.iterations_done = 0
        """Iterations of the last decision (for measurements)."""

    def _rollout_policy(self, game: Game, rng: random.Random) -> Bot:
        if self.options.rollout == "heuristic" and "heuristic" in bot_names(game.name):
            return make_bot("heuristic", game, rng)
        return RandomBot(game, rng)

    # -- the decision ------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        """The most visited of the seat's legal actions after the search."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.iterations_done = 0
            return legal[0]
        root = _Node(seat)
        budget = self.options
        deadline = None if budget.seconds is None else time.perf_counter() + budget.seconds
        limit = budget.iterations
        done = 0
        while (limit is None or done < limit) and (
            deadline is None or done == 0 or time.perf_counter() < deadline
        ):
            self._iterate(root, state.resample_hidden(seat, self.rng))
            done += 1
        self.iterations_done = done
        return max(legal, key=lambda action: _rank(root, action))

    # -- one iteration -----------------------------------------------------------------

    def _iterate(self, root: _Node, world: State) -> None:
        path = self._select(root, world)
        self._rollout(world)
        returns = world.returns() if world.is_terminal() else [0.0] * self.game.num_players
        scale = 1.0 - self.low
        rewards = [(value - self.low) / scale for value in returns]
        for node in path:
            node.visits += 1
            if node.player >= 0:
                node.total += rewards[node.player]

    def _select(self, root: _Node, world: State) -> list[_Node]:
        """Walk down the tree in ``world``, adding one node; the path taken (root excluded)."""
        node = root
        path: list[_Node] = []
        rng = self.rng
        while True:
            player = world.current_player()
            if player == TERMINAL:
                return path
            if player == CHANCE:
                action = world.sample_chance(rng)
                child = node.children.get(action)
                expand = child is None
                if child is None:
                    child = node.children[action] = _Node(CHANCE)
            else:
                action, child, expand = self._pick(node, world, player)
            world.apply_action(action)
            path.append(child)
            node = child
            if expand:
                return path

    def _pick(self, node: _Node, world: State, player: int) -> tuple[Action, _Node, bool]:
        """An untried legal action if any (expanding it), else the best by UCB1."""
        legal = world.legal_actions()
        children = node.children
        if self.prior is not None and node.hint is None:
            node.hint = self.prior.choose(world, player)
        hint = node.hint
        untried = [action for action in legal if action not in children]
        for action in legal:
            child = children.get(action)
            if child is not None:
                child.available += 1
        if untried:
            action = hint if hint is not None and hint in untried else self._any(untried)
            child = children[action] = _Node(player)
            child.available = 1
            return action, child, True
        c = self.options.c
        bias = self.options.bias
        best_action = legal[0]
        best_child = children[best_action]
        best = -math.inf
        for action in legal:
            child = children[action]
            score = child.total / child.visits + c * math.sqrt(
                math.log(child.available) / child.visits
            )
            if action == hint:
                score += bias / (child.visits + 1)
            if score > best:
                best, best_action, best_child = score, action, child
        return best_action, best_child, False

    def _any(self, actions: list[Action]) -> Action:
        return actions[int(self.rng.random() * len(actions))]

    def _rollout(self, world: State) -> None:
        """Play ``world`` on with the rollout policy (chance sampled)."""
        rng = self.rng
        policy = self.policy
        steps = self.options.max_rollout
        while steps is None or steps > 0:
            player = world.current_player()
            if player == TERMINAL:
                return
            if player == CHANCE:
                world.apply_action(world.sample_chance(rng))
            else:
                world.apply_action(policy.choose(world, player))
            if steps is not None:
                steps -= 1


def _rank(root: _Node, action: Action) -> tuple[int, float, bool, int]:
    """Most visits, then best mean, then the heuristic's choice, then the lowest id."""
    node = root.children.get(action)
    hinted = action == root.hint
    if node is None or node.visits == 0:
        return (0, 0.0, hinted, -action.id)
    return (node.visits, node.total / node.visits, hinted, -action.id)


def make_ismcts(game: Game, rng: random.Random, options: Mapping[str, str]) -> Ismcts:
    """The ``ismcts`` factory: options from a spec's text, validated."""
    try:
        parsed = IsmctsOptions.model_validate(dict(options))
    except ValidationError as error:
        problems = "; ".join(
            f"{'.'.join(str(part) for part in item['loc']) or 'options'}: {item['msg']}"
            for item in error.errors()
        )
        raise OptionError(f"ismcts: {problems}") from None
    return Ismcts(game, rng, parsed)
