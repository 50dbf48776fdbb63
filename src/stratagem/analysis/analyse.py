"""The analysis of a finished game for one seat, from what that seat could see.

At each of the seat's real decisions (two actions or more) the analysis asks the strongest
bot (the ``hard`` level on an iteration budget) what it would have played, and judges the
action played and that choice on the same worlds drawn from the seat's view
(``analysis.estimate``). The seat's chance after each decision draws the line of the game;
the turning points are the decisions after which that chance had moved the most since the
seat's previous one.

Nothing here reads the real state but through the seat's doors: ``current_player``,
``legal_actions`` at the seat's own decisions, ``view(seat)`` and ``resample_hidden(seat)``
(the differential test in ``tests/analysis`` checks that an analysis is the same in worlds
that differ only in what the seat cannot see). Every decision has its own generator, seeded
from the settings, the seat and the step, so an analysis is the same however its decisions
are shared among processes (``workers``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from stratagem.analysis.estimate import Playouts
from stratagem.analysis.model import Analysis, Decision, Settings, TurningPoint
from stratagem.bots.base import make_bot
from stratagem.core import CHANCE, Action, Game, JsonDict, State, StratagemError, load
from stratagem.sim.gamelog import check_log

MOST_TURNING_POINTS = 5
FEWEST_TURNING_POINTS = 3
NOTABLE_SWING = 0.05
"""A swing of the seat's chance beyond the fewest turning points is marked only if at
least this large."""


class AnalysisError(StratagemError, ValueError):
    """An analysis asked of something it cannot judge; the message says what."""


def seat_of(game: Game, text: str) -> int:
    """The seat named ``text`` (its name, in any case, or its number from 0)."""
    names = game.seat_names
    if text.strip().isdigit() and int(text) < len(names):
        return int(text)
    for index, name in enumerate(names):
        if name.lower() == text.strip().lower():
            return index
    choices = ", ".join(f"{name} ({index})" for index, name in enumerate(names))
    raise AnalysisError(f"{game.name} has no seat {text!r}; its seats: {choices}")


def seat_decisions(
    game: Game, actions: Sequence[str], seat: int
) -> list[tuple[int, State, Action]]:
    """The positions of the game ``actions`` (every step's action text) at which ``seat``
    had a real choice: each with its step (from 1) and the action played."""
    state = game.new_initial_state()
    found: list[tuple[int, State, Action]] = []
    for step, text in enumerate(actions, 1):
        player = state.current_player()
        if player == seat and len(state.legal_actions()) > 1:
            found.append((step, state.clone(), game.parse_action(text)))
        state.apply_action(text, seat=None if player == CHANCE else player)
    return found


def judge(
    state: State, seat: int, played: Action, *, step: int, settings: Settings, playouts: Playouts
) -> Decision:
    """The decision at ``step`` judged from ``seat``'s view (see the module docstring)."""
    rng = random.Random(f"analysis/{settings.seed}/{seat}/{step}")
    strongest = make_bot(
        f"hard:iterations={settings.iterations}", state.game, random.Random(rng.getrandbits(64))
    )
    best = strongest.choose(state, seat)
    if best == played:
        after = playouts.compare(state, seat, [played], settings.samples, rng)
        after.append(after[0])
    else:
        after = playouts.compare(state, seat, [played, best], settings.samples, rng)
    turn = state.view(seat).get("turn")
    return Decision(
        step=step,
        turn=turn if isinstance(turn, int) else None,
        played=played.text,
        best=best.text,
        chances=after[0],
        best_chances=after[1],
    )


def turning_points(decisions: Sequence[Decision], seat: int) -> tuple[TurningPoint, ...]:
    """The three to five decisions after which the seat's chance had moved the most since
    its previous decision (beyond three, only swings of ``NOTABLE_SWING`` or more), in the
    order of the game."""
    swings = [
        TurningPoint(index, decisions[index].step, now.chances[seat] - before.chances[seat])
        for index, (before, now) in enumerate(itertools.pairwise(decisions), 1)
    ]
    swings.sort(key=lambda point: (-abs(point.swing), point.index))
    kept = [
        point
        for rank, point in enumerate(swings[:MOST_TURNING_POINTS])
        if rank < FEWEST_TURNING_POINTS or abs(point.swing) >= NOTABLE_SWING
    ]
    return tuple(sorted(kept, key=lambda point: point.index))


def analyse_game(
    game: Game, actions: Sequence[str], seat: int, settings: Settings, *, workers: int = 1
) -> Analysis:
    """The analysis for ``seat`` of the game played as ``actions`` (every step's action
    text, chance included); ``workers`` processes share its decisions when more than one."""
    if not 0 <= seat < game.num_players:
        raise AnalysisError(f"{game.name} has seats 0 to {game.num_players - 1}, not {seat}")
    count = len(seat_decisions(game, actions, seat))
    if workers > 1 and count > 1:
        shares = [list(range(worker, count, workers)) for worker in range(workers)]
        jobs = [
            (game.name, game.options, list(actions), seat, share, settings)
            for share in shares
            if share
        ]
        with ProcessPoolExecutor(max_workers=len(jobs)) as pool:
            judged = [decision for part in pool.map(_judge_share, jobs) for decision in part]
        decisions = sorted(judged, key=lambda decision: decision.step)
    else:
        decisions = _judge_share(
            (game.name, game.options, list(actions), seat, list(range(count)), settings), game
        )
    return Analysis(
        game=game.name,
        seat=seat,
        seats=tuple(game.seat_names),
        settings=settings,
        decisions=tuple(decisions),
        turning_points=turning_points(decisions, seat),
    )


Share = tuple[str, JsonDict, list[str], int, list[int], Settings]
"""A process's part of an analysis: the game's name and options, the actions, the seat,
the indices of the decisions it judges, the settings."""


def _judge_share(share: Share, game: Game | None = None) -> list[Decision]:
    name, options, actions, seat, indices, settings = share
    if game is None:
        game = load(name, **options)
    points = seat_decisions(game, actions, seat)
    playouts = Playouts(game, settings.rounds)
    judged = []
    for index in indices:
        step, state, played = points[index]
        judged.append(judge(state, seat, played, step=step, settings=settings, playouts=playouts))
    return judged


def analyse_log(path: str | Path, seat: str, settings: Settings, *, workers: int = 1) -> Analysis:
    """The analysis for the seat named ``seat`` of the finished game logged at ``path``
    (a ``stratagem-log``: ``sim.gamelog``); refused with ``AnalysisError`` if the game is
    not over, and with the log's own ``LogError`` if the log is bad."""
    checked = check_log(path)
    state = checked.state
    if not state.is_terminal() and "result" not in _last_line(Path(path)):
        raise AnalysisError(f"{path}: the game is not over (an analysis needs a finished game)")
    game = state.game
    actions = [action.text for action in state.history]
    return analyse_game(game, actions, seat_of(game, seat), settings, workers=workers)


def _last_line(path: Path) -> str:
    lines = path.read_text(encoding="utf-8").strip().splitlines()
    return lines[-1] if lines else ""
