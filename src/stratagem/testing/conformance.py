"""The conformance kit: seeded random playouts that check the engine contract at every step.

Every game's tests call ``check_conformance(game, games=N, invariants=...)``. At each step
of each playout it checks that:

- every legal action applies (on a clone, or to the playout itself for the one picked) and
  its text and id map back to the same action (checked once per action and run: both
  depend on the game alone);
- made-up text, another seat's action, an action that is not legal now and any seat's
  action at a chance node are refused with ``IllegalAction``, the state unchanged;
- chance probabilities are positive, distinct and sum to 1;
- ``to_json`` survives a JSON round trip, and ``clone`` is an exact, independent copy;
- ``view(seat)`` is JSON-safe for every seat and for spectators, and unchanged by
  ``resample_hidden(seat, ...)`` (so nothing hidden leaks into a view);
- the game's own invariants hold (a hook returning a list of problems);

and at the end that replaying (seed, actions) on a fresh state reproduces the final state,
and that ``returns`` and ``result`` are well formed.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from stratagem.core import CHANCE, Action, Game, IllegalAction, JsonDict, State, UnknownAction

Invariants = Callable[[State], Sequence[str]]
Fingerprint = tuple[int, int, JsonDict]


def fingerprint(state: State) -> Fingerprint:
    """Equal for equal states: history and events are append-only, so their lengths stand
    for them, and the rest is the game's serialized fields."""
    return (
        len(state.history),
        len(state.events),
        state._state_doc(),
    )


def _bare_doc(state: State) -> JsonDict:
    return {"game": state.game.name, "players": state.game.num_players, "history": [], "events": []}


class ConformanceError(AssertionError):
    """A contract violation, with the game, the seed and the step where it happened."""


@dataclass
class ConformanceReport:
    """What a conformance run covered."""

    games: int = 0
    steps: int = 0
    chance_steps: int = 0
    decisions: int = 0
    max_legal: int = 0
    lengths: list[int] = field(default_factory=list)


def playout_seed(seed: int, index: int) -> int:
    """The seed of playout ``index`` of a run seeded with ``seed``."""
    return random.Random(f"conformance/{seed}/{index}").getrandbits(63)


def random_playout(game: Game, seed: int, *, max_steps: int = 1_000_000) -> State:
    """A random game to the end: chance sampled, decisions uniform; fully seeded."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    for _ in range(max_steps):
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
        elif state.is_terminal():
            return state
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.random() * len(legal))])
    raise ConformanceError(f"{game.name}: seed {seed}: no end after {max_steps} steps")


def _json_safe(doc: object, what: str) -> str:
    try:
        return json.dumps(doc, allow_nan=False)
    except (TypeError, ValueError) as error:
        raise ConformanceError(f"{what} is not JSON-safe: {error}") from None


class _Checker:
    def __init__(
        self, game: Game, invariants: Invariants | None, seed: int, encoded: set[Action]
    ) -> None:
        self.game = game
        self.encoded = encoded
        """Actions whose text and id were seen to map back to them (both are functions of
        the game alone, so each action is checked once per run)."""
        self.invariants = invariants
        self.seed = seed
        self.step = 0
        self.events_seen = 0
        self.tried: list[str] = []
        self.spare = [
            a for a in game.actions.all if a.id % max(1, game.action_space_size // 50) == 0
        ]

    def fail(self, message: str) -> ConformanceError:
        return ConformanceError(f"{self.game.name}, seed {self.seed}, step {self.step}: {message}")

    def refused(
        self,
        state: State,
        action: Action | str,
        seat: int | None,
        *,
        what: str,
        expected: type[IllegalAction] = IllegalAction,
    ) -> None:
        """``action`` (claimed by ``seat``) must raise ``expected``; ``check_refusals``
        then checks that the refusals changed nothing."""
        try:
            state.apply_action(action, seat=seat)
        except expected as error:
            if not str(error):
                raise self.fail(f"{what}: refused without a reason") from None
        else:
            raise self.fail(f"{what} was accepted")
        self.tried.append(what)

    def check_round_trip(self, state: State, fields: JsonDict, *, whole: bool) -> None:
        """``to_json`` through JSON text and back; ``whole=False`` leaves out the (append-only,
        game-independent) history and event log, which ``whole=True`` runs include.
        ``fields`` is ``state._state_doc()``, already built for the fingerprint."""
        doc = state.to_json() if whole else {**_bare_doc(state), "state": fields}
        text = _json_safe(doc, "to_json()")
        reloaded = self.game.state_from_json(json.loads(text))
        again = (
            reloaded.to_json() if whole else {**_bare_doc(reloaded), "state": reloaded._state_doc()}
        )
        if again != doc:
            raise self.fail("to_json/state_from_json does not round-trip")
        if reloaded.current_player() != state.current_player():
            raise self.fail("state_from_json changed who is to move")
        if reloaded.legal_actions() != state.legal_actions():
            raise self.fail("state_from_json changed the legal actions")

    def check_state(self, state: State, rng: random.Random, *, whole: bool) -> Fingerprint:
        game = self.game
        if self.invariants is not None:
            problems = list(self.invariants(state))
            if problems:
                raise self.fail("invariant broken: " + "; ".join(problems))
        before = fingerprint(state)
        self.check_round_trip(state, before[2], whole=whole)
        copy = state.clone()
        if fingerprint(copy) != before or copy.legal_actions() != state.legal_actions():
            raise self.fail("clone() differs from the original")
        if copy.history is state.history or copy.events is state.events:
            raise self.fail("clone() shares its history or events with the original")
        for seat in [None, *range(game.num_players)]:
            view = state.view(seat)
            _json_safe(view, f"view({seat})")
            new_events = state.visible_events(seat, self.events_seen)
            _json_safe(new_events, f"visible_events({seat})")
            if seat is not None:
                resampled = state.resample_hidden(seat, rng)
                if resampled.view(seat) != view:
                    raise self.fail(f"resample_hidden({seat}) changed view({seat}): a leak")
                if resampled.current_player() != state.current_player():
                    raise self.fail(f"resample_hidden({seat}) changed who is to move")
                if self.invariants is not None and list(self.invariants(resampled)):
                    raise self.fail(f"resample_hidden({seat}) broke an invariant")
        self.events_seen = len(state.events)
        return before

    def check_unchanged(self, state: State, before: Fingerprint) -> None:
        """Reading the state (views, clone, resampling) and the refusals changed nothing."""
        if fingerprint(state) != before:
            tried = "; ".join(self.tried) or "none"
            raise self.fail(
                f"reading the state (views, clone, resample) or a refusal changed it "
                f"(refusals tried: {tried})"
            )
        self.tried.clear()

    def check_refusals(self, state: State, legal: Sequence[Action]) -> None:
        game = self.game
        player = state.current_player()
        bogus = "Frobnicate the fortress at dawn"
        self.refused(state, bogus, None, what="made-up text", expected=UnknownAction)
        if player == CHANCE:
            outcomes = [action for action, _ in state.chance_outcomes()]
            for seat in range(game.num_players):
                what = f"seat {seat} applying a chance outcome"
                self.refused(state, outcomes[0], seat, what=what)
            possible = set(outcomes)
            impossible = next((a for a in self.spare if a not in possible), None)
            if impossible is not None:
                self.refused(state, impossible, None, what=f"{impossible.text!r} at a chance node")
            return
        for seat in range(game.num_players):
            if seat != player:
                self.refused(state, legal[0], seat, what=f"seat {seat} acting for seat {player}")
        allowed = set(legal)
        illegal = next((a for a in self.spare if a not in allowed), None)
        if illegal is not None:
            self.refused(state, illegal, None, what=f"illegal {illegal.text!r}")

    def check_chance(self, state: State) -> list[tuple[Action, float]]:
        outcomes = state.chance_outcomes()
        if not outcomes:
            raise self.fail("a chance node with no outcomes")
        if state.legal_actions():
            raise self.fail("legal_actions() is not empty at a chance node")
        total = math.fsum(p for _, p in outcomes)
        if abs(total - 1.0) > 1e-9:
            raise self.fail(f"chance probabilities sum to {total}")
        if any(p <= 0 for _, p in outcomes):
            raise self.fail("a chance outcome with probability <= 0")
        if len({a for a, _ in outcomes}) != len(outcomes):
            raise self.fail("the same chance outcome is listed twice")
        return outcomes

    def check_decision(self, state: State, legal: list[Action], rng: random.Random) -> Action:
        """Check the legal actions and pick one with ``rng`` (uniformly). Each of the others
        is applied by its text on a clone; the one picked is applied, by its text, to the
        playout itself (see ``play_decision``), so it needs no clone of its own."""
        game = self.game
        if not legal:
            raise self.fail("a decision node with no legal actions")
        if len(set(legal)) != len(legal):
            raise self.fail("the same legal action is listed twice")
        if state.chance_outcomes():
            raise self.fail("chance_outcomes() is not empty at a decision node")
        picked = legal[int(rng.random() * len(legal))]
        seat = state.current_player()
        for action in legal:
            if action not in self.encoded:
                if game.parse_action(str(action)) != action:
                    raise self.fail(f"{action.text!r} does not parse back to itself")
                if state.action_from_id(state.action_id(action)) != action:
                    raise self.fail(f"{action.text!r} does not survive its id")
                self.encoded.add(action)
            if action is not picked:
                # the text was just checked to parse to ``action``: apply the action itself
                state.clone().apply_action(action, seat=seat)
        return picked

    def play_decision(self, state: State, action: Action) -> None:
        """Apply the picked legal action to the playout, by its text and for its seat."""
        try:
            state.apply_action(action.text, seat=state.current_player())
        except IllegalAction as error:
            raise self.fail(f"the legal action {action.text!r} was refused: {error}") from None


def check_conformance(
    game: Game,
    *,
    games: int,
    seed: int = 0,
    invariants: Invariants | None = None,
    deep_every: int = 1,
    whole_every: int = 100,
) -> ConformanceReport:
    """Play ``games`` seeded random games of ``game``, checking the contract at every step.

    ``deep_every`` > 1 runs the costly checks (serialization, views, resampling, refusals)
    on every n-th step only; the cheap ones run on every step whatever its value. The
    round trip of the whole document, history and event log included, runs every
    ``whole_every`` steps and at the end of every game.
    """
    report = ConformanceReport()
    encoded: set[Action] = set()
    for index in range(games):
        game_seed = playout_seed(seed, index)
        checker = _Checker(game, invariants, game_seed, encoded)
        rng = random.Random(game_seed)
        check_rng = random.Random(game_seed + 1)
        state = game.new_initial_state()
        while not state.is_terminal():
            checker.step += 1
            player = state.current_player()
            deep = checker.step % deep_every == 0
            if invariants is not None and not deep:
                problems = list(invariants(state))
                if problems:
                    raise checker.fail("invariant broken: " + "; ".join(problems))
            whole = checker.step % whole_every == 0
            before = checker.check_state(state, check_rng, whole=whole) if deep else None
            if player == CHANCE:
                outcomes = checker.check_chance(state)
                if before is not None:
                    checker.check_refusals(state, [])
                    checker.check_unchanged(state, before)
                action = state.sample_chance(rng)
                if action not in {a for a, _ in outcomes}:
                    raise checker.fail(f"sample_chance gave {action.text!r}, not an outcome")
                report.chance_steps += 1
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                action = checker.check_decision(state, legal, rng)
                if before is not None:
                    checker.check_refusals(state, legal)
                    checker.check_unchanged(state, before)
                report.max_legal = max(report.max_legal, len(legal))
                report.decisions += 1
                checker.play_decision(state, action)
        _check_end(checker, state)
        report.games += 1
        report.steps += checker.step
        report.lengths.append(checker.step)
    return report


def _check_end(checker: _Checker, state: State) -> None:
    game = checker.game
    if state.legal_actions() or state.chance_outcomes():
        raise checker.fail("actions remain at a terminal state")
    returns = state.returns()
    if len(returns) != game.num_players:
        raise checker.fail(f"returns() has {len(returns)} values for {game.num_players} seats")
    result = state.result()
    _json_safe(result, "result()")
    for key in ("winners", "scores", "reason"):
        if key not in result:
            raise checker.fail(f"result() has no {key!r}")
    replay = game.new_initial_state()
    for action in state.history:
        replay.apply_action(action)
    if (replay.history, replay.events, replay._state_doc()) != (
        state.history,
        state.events,
        state._state_doc(),
    ):
        raise checker.fail("replaying the history does not reproduce the final state")
    checker.check_unchanged(state, checker.check_state(state, random.Random(0), whole=True))
