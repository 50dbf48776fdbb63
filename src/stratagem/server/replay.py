"""Replay: a table's state rebuilt from its stored log, at its end or at any step.

The in-memory state of a table is a cache of its log, and a replay step is the state after
the log's first standing actions; snapshots every ``SNAPSHOT_EVERY`` actions keep a step
from replaying the whole game.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from stratagem.core import Game, JsonDict, State
from stratagem.server.storage import CHANCE_SEAT, Entry, standing

SNAPSHOT_EVERY = 32
"""Replay keeps the state after every this many actions, so a step replays at most this
many actions."""


def replay(
    game: Game, entries: Sequence[Entry], steps: int | None = None, start: State | None = None
) -> State:
    """The state after the standing actions of ``entries`` (the first ``steps`` of them);
    from ``start`` (a copy of it), the state after the first ``len(start.history)``."""
    state = game.new_initial_state() if start is None else start.clone()
    actions = standing(entries)
    done = len(state.history)
    for entry in actions[done:] if steps is None else actions[done:steps]:
        state.apply_action(entry.action, seat=None if entry.seat == CHANCE_SEAT else entry.seat)
    return state


PHASE_KEYS = ("phase", "stage", "step")
"""The view's words for the part of a turn it is in, by the first of these it has (Eighty
Years War's phase, Henry VIII's stage, 1750's step)."""


def chapters(game: Game, entries: Sequence[Entry]) -> list[JsonDict]:
    """Where each turn and each part of a turn begins in the game's standing actions: a
    chapter ``{"step", "turn", "phase"}`` at every step whose public view (a spectator's:
    it shows nothing secret) is in another turn or phase than the step before; ``phase``
    is ``None`` for a game whose view names none (Tercios). For replay's "jump to"."""
    state = game.new_initial_state()
    found: list[JsonDict] = []
    last: tuple[object, object] | None = None
    actions = standing(entries)
    for step in range(len(actions) + 1):
        if step:
            entry = actions[step - 1]
            state.apply_action(entry.action, seat=None if entry.seat == CHANCE_SEAT else entry.seat)
        view = state.view(None)
        turn = view.get("turn")
        phase = next((view[key] for key in PHASE_KEYS if isinstance(view.get(key), str)), None)
        if isinstance(turn, int) and (turn, phase) != last:
            found.append({"step": step, "turn": turn, "phase": phase})
            last = (turn, phase)
    return found


class Snapshots:
    """Replay's states, by how many standing actions they follow (every
    ``SNAPSHOT_EVERY``); they stay true until a take-back withdraws one of those.

    Replay steps are rebuilt on the workers while the table goes on: a step is rebuilt
    from a copy of the log taken at one ``generation``, and the snapshots it makes are
    kept only if no take-back or reload has changed the log's past since."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.kept: dict[int, State] = {}
        self.generation = 0
        self._lock = threading.Lock()

    def state(self, entries: Sequence[Entry], step: int, generation: int | None = None) -> State:
        """The state after the first ``step`` standing actions of ``entries`` (the log
        at ``generation``, default the current one), from the nearest snapshot (a
        snapshot is kept every ``SNAPSHOT_EVERY`` actions on the way)."""
        base = step - step % SNAPSHOT_EVERY
        with self._lock:
            if generation is None:
                generation = self.generation
            current = generation == self.generation
            at = max((mark for mark in self.kept if mark <= base), default=0) if current else 0
            start = self.kept.get(at)
        state = start or self.game.new_initial_state()
        while at < base:
            at += SNAPSHOT_EVERY
            state = replay(self.game, entries, at, start=state)
            with self._lock:
                if generation == self.generation:
                    self.kept[at] = state
        return replay(self.game, entries, step, start=state)

    def drop(self, steps: int) -> None:
        """Forget the snapshots past ``steps`` standing actions (a take-back)."""
        with self._lock:
            self.generation += 1
            for mark in [mark for mark in self.kept if mark > steps]:
                del self.kept[mark]

    def clear(self) -> None:
        """Forget them all (the log was read anew)."""
        with self._lock:
            self.generation += 1
            self.kept.clear()
