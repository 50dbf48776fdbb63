"""The ``ismcts`` bot: information-set Monte Carlo tree search from one seat's view.

After Cowling, Powley and Whitehouse, *Information Set Monte Carlo Tree Search* (IEEE
TCIAIG 2012), single observer, with availability counts:

- **Determinization.** Every iteration starts from ``state.resample_hidden(seat, rng)``: a
  world consistent with what the searching seat sees. The bot reads nothing else of the
  real state but ``legal_actions()`` (its own choices) and ``current_player()``, so it
  cannot play on hidden truth. With ``worlds=model`` (``worlds=redeal`` leaves the
  redeal as it is; not given, the game's heuristic says which) a heuristic that can
  (``bots.base.WorldShaper``) then remakes, in that world, the hidden choices the other
  seats have already made as it would have made them, so that the worlds agree with the
  opponent model that plays them on (in Eighty Years War, by default: the other side's
  hand kept and its melds split as the heuristic keeps and splits them; in Henry VIII,
  only when asked: each other faction dealt only a hand the heuristic could hold after
  what it showed this Turn).
- **One open-loop tree over the seat's own decisions.** A node is reached by the sequence
  of the seat's own actions from the root and is shared by every determinization; chance
  and the other seats' moves between two of its decisions do not branch the tree (the seat
  does not see most of them, and branching on every draw would spread the statistics too
  thin to learn anything). Chance is sampled by its probabilities (``sample_chance``).
  ``depth`` bounds the tree: an iteration takes at most that many decisions in it below
  the root's action, and the rollout policy plays the rest (``depth=0``: only the root's
  actions are searched, each followed by the policy, the seat's own later decisions
  included: a one-step improvement of the policy, Tesauro and Galperin's rollouts, 1996);
  not given, no bound.
- **Opponents** (``opponents``): ``model`` (the default) lets every other seat act as the
  game's heuristic would in the determinized world (the search is then a best response to
  that model); ``search`` gives them tree nodes of their own, chosen by UCB1 as in plain
  single-observer ISMCTS (they choose as if they saw the determinized world).
- **Availability counts.** An action legal in some determinizations but not others is
  scored with UCB1 against the number of iterations in which it was available.
- **Heuristic prior** (progressive bias, Chaslot et al. 2008). Where the game has a
  heuristic, each tree node asks it once which action it would take; that action is tried
  first and its UCB score gets ``bias / (visits + 1)``.
- **Rollouts** play the game's ``heuristic`` (``random`` where it has none, or with
  ``rollout=random``), each move replaced by a random one with probability ``epsilon``.
  Where the game has an evaluator (``bots.base.Evaluator``), a rollout stops once the turn
  has advanced ``horizon`` times (default: one round, the evaluator's ``round_turns``, so
  that every other seat has answered; in most games that is the rest of this turn, in
  1750, where each side has turns of its own, the rest of this turn and the other side's
  next) and the evaluator's expected returns score it; otherwise it plays to the end.
  ``max_rollout`` caps its length (then the evaluator scores it, or it counts as a draw);
  where it is not given, the game's evaluator may name a cap of its own (``rollout_cap``:
  Tercios's 15), and ``max_rollout=0`` lifts any cap.
- **The root is a paired race** (``root=race``, the default; ``bots.racing``). Each
  round draws one world and one seed; every root action still running is played in a
  copy of that world, with a generator seeded alike for chance and the rollout, and
  searched on below as above. Their differences are then free of the world's luck, so an
  action that is surely worse than the leader, or surely as good (within 0.005), leaves
  the race early, and the search stops when one is left. The heuristic's choice always
  runs, with at most ``width - 1`` others: the next best by the heuristic's own ranking
  where it ranks (``bots.base.Ranker``); otherwise, when there are more, the best by one
  paired round that tries every legal action (``screen=true``, off by default: its gain is
  not shown yet, docs/LEVELS.md; if the budget can pay for it twice over; the round counts
  as the race's first), or else drawn at random. It
  is kept unless the leader beats it by a standard error. When the budget left (counted,
  or the pace so far until the deadline) cannot give every runner its first ``rounds``
  (default 8; none leaves before), the race keeps only as many as it can, the heuristic's
  choice and the first of the others. ``root=ucb`` shares the root's visits by UCB1
  instead and plays the most visited action.
- **Common random numbers** (``chance``). In a race's round every copy of the world
  draws chance from a generator seeded alike, so copies draw alike only while their play
  asks for the same draws in the same order. With ``chance=keyed`` each chance event draws
  by what it is for instead (``State.chance_event``: in Henry VIII the roll's kind and
  whose it is), and by how often the copy has met it: a death roll for one character falls
  alike in every copy whatever was rolled before it, and the actions' differences carry
  less of the dice (on 219 pairs of Henry VIII root actions the variance of a round's
  difference fell by 32%: ``benchmarks/race_variance.py``). Off by default: Henry VIII's
  ``depth=0`` search scored 31.9% with it against 37.2% without, paired over 260 games
  (benchmarks/RESULTS.md, "Henry VIII: common random numbers in the race").
- **Plans answered at once** (``plans``, default 1,000 worlds). Where the game's heuristic
  can answer a whole hidden plan (``bots.base.Planner``: Eighty Years War's discards and
  melds, built unseen and revealed together), a decision that is a step of one is not
  searched. The search draws its worlds as it would for its iterations, as many as the
  heuristic reads, and the heuristic answers in them (Eighty Years War: its own discards,
  from one world; the melds worth most against the other seats' plans as it would make
  them in each world, the same opponent model the search plays, answered once a turn and
  followed at its later steps). ``plans=0`` searches it like any other.
- **Budget**: ``iterations`` and/or ``seconds`` (whichever is reached first; one second
  when neither is given). A race stops when one action is left; UCB1 stops once no
  remaining iteration could change the most visited action. An iteration budget makes the
  choice a function of the seed and the seat's information alone; a time budget does not.

Spec: ``ismcts``, ``ismcts:iterations=500``, ``ismcts:seconds=1,rollout=random,c=0.7``,
``ismcts:root=ucb``, ``ismcts:iterations=200,screen=true,rounds=16``, ``ismcts:worlds=model``,
``ismcts:depth=0``, ``ismcts:chance=keyed``.

Rewards are scaled to [0, 1] (two seats: (return + 1) / 2; more seats: the return).
With ``root=ucb`` the move played is the root action visited most (ties: higher mean,
then the heuristic's choice, then lower id).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from stratagem.bots.base import (
    Bot,
    Evaluator,
    Planner,
    Ranker,
    WorldShaper,
    bot_names,
    draw_world,
    make_bot,
    make_evaluator,
)
from stratagem.bots.racing import Race, RaceRules
from stratagem.bots.random_bot import RandomBot
from stratagem.core import CHANCE, TERMINAL, Action, Game, OptionError, State

DEFAULT_SECONDS = 1.0
RACE_RULES = RaceRules()
"""When a root race drops an action and what it chooses (``bots.racing``)."""
CHECK_EVERY = 16
"""Iterations between two checks of whether the search may stop early."""
PLAN_WORLDS = 1000
"""Worlds a planned decision is answered in by default (``plans``)."""


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
    epsilon: float = Field(default=0.0, ge=0, le=1)
    """Chance that a rollout move is a random legal action instead of the policy's."""
    horizon: int | None = Field(default=None, ge=0)
    """Turns a rollout plays before the game's evaluator scores it (default: one round, the
    evaluator's ``round_turns``)."""
    max_rollout: int | None = Field(default=None, ge=0)
    """Most actions (chance and modelled opponents included) an iteration plays outside
    the tree (then the evaluator scores it, or it counts as a draw); not given: the game
    evaluator's ``rollout_cap``; 0: no cap."""
    bias: float = Field(default=1.0, ge=0)
    """Weight of the heuristic prior (0: none)."""
    depth: int | None = Field(default=None, ge=0)
    """Most decisions an iteration takes in the tree below the root's action, after which
    the rollout policy plays on (0: only the root's actions are searched, and every later
    decision, the seat's own too, is the policy's: a one-step improvement of it); not
    given: no limit. (Henry VIII's search at 0 scored 37.2% against the full tree's 34.8%,
    unpaired over 260 and 251 games: not shown better; benchmarks/RESULTS.md, "Henry VIII:
    the root's actions searched, the rest played by the heuristic".)"""
    opponents: Literal["model", "search"] = "model"
    """The other seats act as the heuristic would (``model``) or are searched."""
    root: Literal["race", "ucb"] = "race"
    """How the root's actions share the budget: a paired race (``race``) or UCB1."""
    width: int = Field(default=8, ge=2)
    """Most actions in a root race: the heuristic's choice and the best of the others
    (by the heuristic's ranking where it ranks, else by ``screen``)."""
    screen: bool = False
    """Where the heuristic does not rank and a root has more than ``width`` actions, try
    each once in one paired round and race the best; otherwise draw the others at random."""
    worlds: Literal["model", "redeal"] | None = None
    """How each iteration's world is made: the game's redeal alone (``redeal``), or then
    (``model``, where the heuristic can: Eighty Years War's, Henry VIII's) the other seats'
    hidden past choices remade as the opponent model would have made them; not given, as
    the heuristic's ``shapes_by_default`` says (Eighty Years War's does: with ``plans=1000``
    it lifted the search by 4.9 points a game, paired over 800 mirrored games; Henry VIII's
    does not: its search scored 28.9% against 34.8%, paired over 251 games;
    benchmarks/RESULTS.md, "Eighty Years War: a turn's melds answered once, in 1,000 worlds
    of the model", "Henry VIII: worlds dealt within what the factions showed")."""
    rounds: int = Field(default=RACE_RULES.min_rounds, ge=2)
    """Paired rounds of a root race before an action may leave it (``RaceRules``)."""
    chance: Literal["drawn", "keyed"] = "drawn"
    """How a root race's copies of a round's world meet chance: each draws from the round's
    generator in the order its play asks (``drawn``), or each event draws by what it is
    for (``keyed``: the game's ``State.chance_event`` and how often that event came
    before), so that the copies share the rolls they have in common."""
    plans: int = Field(default=PLAN_WORLDS, ge=0)
    """Worlds in which a step of a hidden plan is answered at once, where the heuristic
    plans (``bots.base.Planner``: Eighty Years War's discards and melds; no more than
    ``iterations``, fewer if ``seconds`` runs out); 0: searched like any other decision."""

    @model_validator(mode="after")
    def _default_budget(self) -> IsmctsOptions:
        if self.iterations is None and self.seconds is None:
            return self.model_copy(update={"seconds": DEFAULT_SECONDS})
        return self

    def spec(self) -> str:
        """The canonical spec text of these options (the bot's name in results)."""
        given = self.model_dump(exclude_defaults=True)
        if given.get("seconds") == DEFAULT_SECONDS and self.iterations is None:
            given.pop("seconds")
        if not given:
            return "ismcts"
        return "ismcts:" + ",".join(f"{key}={value}" for key, value in given.items())


class _Node:
    """A node of the search tree: the statistics of the action that led to it."""

    __slots__ = ("available", "children", "hint", "player", "total", "visits")

    def __init__(self, player: int) -> None:
        self.player = player
        """The seat that acted into this node."""
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
        heuristic: Bot | None = None
        if "heuristic" in bot_names(game.name):
            heuristic = make_bot("heuristic", game, random.Random(rng.getrandbits(64)))
        anyone = RandomBot(game, random.Random(rng.getrandbits(64)))
        self.policy: Bot = heuristic if options.rollout == "heuristic" and heuristic else anyone
        """Plays the rollouts."""
        self.model: Bot | None = None
        """Plays the other seats (``opponents=model``)."""
        if options.opponents == "model":
            self.model = heuristic or anyone
        self.shaper: WorldShaper | None = None
        """Remakes the other seats' hidden past choices in each redealt world (``worlds``)."""
        if self.model is heuristic and isinstance(heuristic, WorldShaper):
            asked = options.worlds
            if asked == "model" or (asked is None and heuristic.shapes_by_default):
                self.shaper = heuristic
        self.planner: Planner | None = None
        """Answers the steps of a hidden plan at once (``plans``), as a best response to
        the opponent model, which it must then be."""
        if options.plans and self.model is heuristic and isinstance(heuristic, Planner):
            self.planner = heuristic
        self.prior: Bot | None = heuristic if options.bias > 0 else None
        """Names the action each tree node tries first (progressive bias)."""
        self.evaluator: Evaluator | None = make_evaluator(game)
        if self.evaluator is None and options.horizon is not None:
            raise OptionError(f"ismcts: horizon: {game.name} has no evaluator to stop early")
        one_round = 1 if self.evaluator is None else self.evaluator.round_turns
        self.horizon = one_round if options.horizon is None else options.horizon
        """Turns a rollout plays before the evaluator scores it."""
        cap = options.max_rollout
        if cap is None and self.evaluator is not None:
            cap = self.evaluator.rollout_cap
        self.max_rollout = cap or None
        """Most actions an iteration plays outside the tree (``None``: no cap)."""
        self.race_rules = replace(RACE_RULES, min_rounds=options.rounds)
        """When a root race drops an action (``rounds`` before any may leave)."""
        self.iterations_done = 0
        """Iterations of the last decision (for measurements)."""
        self._played = 0
        """Actions the current iteration has played outside the tree."""
        self._deadline: float | None = None
        """When the current decision's time is up (``seconds``)."""
        self._rng = rng
        """The generator of the current iteration (seeded per round in a root race)."""
        self._keyed: tuple[int, dict[tuple[int, ...], int]] | None = None
        """In a copy of a race's round with ``chance=keyed``, the round's seed and how often
        each chance event has come in the copy; ``None``: chance draws from ``_rng``."""

    # -- the decision ------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        """The most visited of the seat's legal actions after the search."""
        legal = state.legal_actions()
        if len(legal) == 1:
            self.iterations_done = 0
            return legal[0]
        root = _Node(seat)
        budget = self.options
        clock = time.perf_counter
        start = clock()
        deadline = None if budget.seconds is None else start + budget.seconds
        limit = budget.iterations
        self._deadline = deadline
        self._rng = self.rng
        self._keyed = None
        planner = self.planner
        if planner is not None and planner.planned(legal):
            return self._respond(planner, state, seat, legal, deadline)
        if budget.root == "race":
            return self._race(root, state, seat, legal, limit=limit, start=start, deadline=deadline)
        done = 0
        while (limit is None or done < limit) and (
            deadline is None or done == 0 or clock() < deadline
        ):
            self._iterate(root, seat, self._world(state, seat))
            done += 1
            if done % CHECK_EVERY == 0 and _settled(
                root, legal, _iterations_left(done, limit, start, deadline)
            ):
                break
        self.iterations_done = done
        return max(legal, key=lambda action: _rank(root, action))

    def _race(
        self,
        root: _Node,
        state: State,
        seat: int,
        legal: list[Action],
        *,
        limit: int | None,
        start: float,
        deadline: float | None,
    ) -> Action:
        """The root's actions raced on paired rounds (``bots.racing``): each round draws one
        world and one seed, and every action still running is tried in a copy of that world
        with a generator seeded alike, then searched on below as usual. After each round
        the race is narrowed if the iterations left cannot give every action still running
        its first ``min_rounds`` (``Race.fit``)."""
        first = self._world(state, seat)
        prior = self.prior
        world: State | None = first
        screened: dict[Action, float] = {}
        if isinstance(prior, Ranker):
            candidates = prior.rank(first.clone(), seat)[: self.options.width]
            hint: Action | None = candidates[0]
        else:
            hint = None if prior is None else prior.choose(first.clone(), seat)
            if self._screens(legal, limit):
                screened = self._screen(root, seat, first, legal, hint=hint, deadline=deadline)
                candidates = self._best_screened(legal, hint, screened)
                world = None
            else:
                candidates = self._candidates(legal, hint)
        root.hint = hint
        race = Race(candidates, hint, self.race_rules)
        done = len(screened)
        if screened:
            race.add_round([screened[action] for action in candidates])
            race.fit(_iterations_left(done, limit, start, deadline))
        clock = time.perf_counter
        while not race.settled():
            if world is None:
                world = self._world(state, seat)
            seed = self.rng.getrandbits(64)
            rewards: list[float] = []
            for action in race.running:
                if done and (
                    (limit is not None and done >= limit)
                    or (deadline is not None and clock() >= deadline)
                ):
                    self.iterations_done = done
                    return race.choice()
                self._seed_round(seed)
                rewards.append(self._try(root, seat, world.clone(), action))
                done += 1
            race.add_round(rewards)
            race.prune()
            race.fit(_iterations_left(done, limit, start, deadline))
            world = None
        self.iterations_done = done
        return race.choice()

    def _seed_round(self, seed: int) -> None:
        """Start one copy of a paired round: its generator, and its keyed chance afresh."""
        self._rng = random.Random(seed)
        if self.options.chance == "keyed":
            self._keyed = (seed, {})

    def _chance(self, world: State) -> Action:
        """Chance's outcome: drawn from ``_rng``, or by the event (``chance=keyed``): the
        n-th time a copy meets an event it draws from a generator seeded by the round's
        seed, the event and n, so every copy that meets it draws alike, and within a copy
        every draw is its own."""
        keyed = self._keyed
        if keyed is None:
            return world.sample_chance(self._rng)
        seed, seen = keyed
        event = world.chance_event()
        times = seen.get(event, 0)
        seen[event] = times + 1
        return world.sample_chance(random.Random(hash((seed, times, event))))

    def _respond(
        self,
        planner: Planner,
        state: State,
        seat: int,
        legal: list[Action],
        deadline: float | None,
    ) -> Action:
        """A step of a hidden plan, answered by the planner in up to ``plans`` worlds (at
        least one, then as many as the deadline allows), drawn as the planner takes them."""
        self.iterations_done = 0
        return planner.respond(legal, self._worlds(state, seat, deadline), seat)

    def _worlds(self, state: State, seat: int, deadline: float | None) -> Iterator[State]:
        """Up to ``plans`` worlds (``_world``), the first whatever the time; each one drawn
        counts as an iteration (so no more than ``iterations`` are drawn)."""
        options = self.options
        count = (
            options.plans if options.iterations is None else min(options.plans, options.iterations)
        )
        while self.iterations_done < count and (
            self.iterations_done == 0 or deadline is None or time.perf_counter() < deadline
        ):
            self.iterations_done += 1
            yield self._world(state, seat)

    def _world(self, state: State, seat: int) -> State:
        """A world consistent with what ``seat`` sees, for one iteration or one round:
        the game's redeal, reshaped by the opponent model (``worlds``)."""
        return draw_world(state, seat, self.rng, self.shaper)

    def _screens(self, legal: list[Action], limit: int | None) -> bool:
        """Whether a root race first screens every action (``screen``): there are more of
        them than ``width`` and the budget can pay for the screen twice over."""
        wide = len(legal) > self.options.width
        return self.options.screen and wide and (limit is None or limit >= 2 * len(legal))

    def _screen(
        self,
        root: _Node,
        seat: int,
        first: State,
        legal: list[Action],
        *,
        hint: Action | None,
        deadline: float | None,
    ) -> dict[Action, float]:
        """One paired round over every legal action, the heuristic's choice first, each in
        a copy of ``first`` with a generator seeded alike (stopping early at the deadline):
        each action's reward."""
        seed = self.rng.getrandbits(64)
        rewards: dict[Action, float] = {}
        for action in sorted(legal, key=lambda action: action != hint):
            if rewards and deadline is not None and time.perf_counter() >= deadline:
                break
            self._seed_round(seed)
            rewards[action] = self._try(root, seat, first.clone(), action)
        return rewards

    def _best_screened(
        self, legal: list[Action], hint: Action | None, screened: dict[Action, float]
    ) -> list[Action]:
        """The heuristic's choice and the ``width`` best others of a screen (ties in a
        random order), in their legal order; only actions the screen reached."""
        others = [action for action in screened if action != hint]
        self.rng.shuffle(others)
        others.sort(key=lambda action: screened[action], reverse=True)
        chosen = set(others[: self.options.width - (hint is not None)])
        return [
            action
            for action in legal
            if action in screened and (action in chosen or action == hint)
        ]

    def _candidates(self, legal: list[Action], hint: Action | None) -> list[Action]:
        """The actions of a root race: all of them, or ``width`` of them with the hint."""
        width = self.options.width
        if len(legal) <= width:
            return legal
        others = [action for action in legal if action != hint]
        chosen = set(self.rng.sample(others, width - (hint is not None)))
        return [action for action in legal if action == hint or action in chosen]

    def _try(self, root: _Node, seat: int, world: State, action: Action) -> float:
        """One iteration that plays ``action`` at the root; the seat's reward."""
        evaluator = self.evaluator
        stop = None if evaluator is None else evaluator.horizon(world) + self.horizon
        self._played = 0
        child = root.children.get(action)
        if child is None:
            child = root.children[action] = _Node(seat)
        world.apply_action(action)
        path = self._select(child, seat, world, stop, [child])
        return self._backpropagate(path, self._rollout(world, stop))[seat]

    # -- one iteration -----------------------------------------------------------------

    def _iterate(self, root: _Node, seat: int, world: State) -> None:
        evaluator = self.evaluator
        stop = None if evaluator is None else evaluator.horizon(world) + self.horizon
        self._played = 0
        path = self._select(root, seat, world, stop, [])
        self._backpropagate(path, self._rollout(world, stop))

    def _backpropagate(self, path: list[_Node], returns: list[float]) -> list[float]:
        """Add the returns, scaled to rewards in [0, 1], to every node of ``path``."""
        scale = 1.0 - self.low
        rewards = [(value - self.low) / scale for value in returns]
        for node in path:
            node.visits += 1
            node.total += rewards[node.player]
        return rewards

    def _spent(self) -> bool:
        """Whether this iteration has played its ``max_rollout`` actions beyond the tree
        (counting one more otherwise), or, every ``CHECK_EVERY`` actions, run past the
        decision's deadline (a long rollout then stops where it is)."""
        self._played += 1
        if (
            self._deadline is not None
            and self._played % CHECK_EVERY == 0
            and time.perf_counter() > self._deadline
        ):
            return True
        cap = self.max_rollout
        return cap is not None and self._played > cap

    def _past(self, world: State, stop: int | None) -> bool:
        """Whether ``world`` has reached the rollout horizon."""
        return (
            stop is not None
            and self.evaluator is not None
            and (self.evaluator.horizon(world) >= stop)
        )

    def _select(
        self, node: _Node, seat: int, world: State, stop: int | None, path: list[_Node]
    ) -> list[_Node]:
        """Walk down the tree from ``node`` in ``world``, adding one node; ``path`` (the
        nodes above, ``node`` included unless it is the root) with the nodes taken."""
        model = self.model
        depth = self.options.depth
        while True:
            player = world.current_player()
            if player == TERMINAL or (path and self._past(world, stop)):
                return path
            if depth is not None and len(path) > depth:
                return path  # deep enough: the rollout policy plays on
            if player == CHANCE or (model is not None and player != seat):
                if self._spent():
                    return path
                world.apply_action(
                    self._chance(world)
                    if model is None or player == CHANCE
                    else model.choose(world, player)
                )
                continue
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
        return actions[int(self._rng.random() * len(actions))]

    def _rollout(self, world: State, stop: int | None) -> list[float]:
        """Play ``world`` on with the rollout policy (chance sampled); its returns."""
        rng = self._rng
        policy = self.policy
        epsilon = self.options.epsilon
        evaluator = self.evaluator
        while True:
            player = world.current_player()
            if player == TERMINAL:
                return world.returns()
            if self._past(world, stop) or self._spent():
                break
            if player == CHANCE:
                world.apply_action(self._chance(world))
            elif epsilon and rng.random() < epsilon:
                world.apply_action(self._any(world.legal_actions()))
            else:
                world.apply_action(policy.choose(world, player))
        if evaluator is None:
            return [0.0] * self.game.num_players
        return evaluator.values(world)


def _iterations_left(done: int, limit: int | None, start: float, deadline: float | None) -> float:
    """The iterations still to come: by count, or by the pace so far until the deadline."""
    left = math.inf if limit is None else float(limit - done)
    if deadline is not None:
        now = time.perf_counter()
        left = min(left, (deadline - now) * done / max(now - start, 1e-9))
    return left


def _settled(root: _Node, legal: list[Action], left: float) -> bool:
    """Whether ``left`` more iterations cannot change the most visited root action."""
    visits = sorted(
        (root.children[action].visits for action in legal if action in root.children),
        reverse=True,
    )
    return len(visits) == len(legal) and visits[0] - visits[1] > left


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
