"""Take-back: a seat may withdraw its own last action until new information has come out.

New information comes out when chance acts (a draw, a roll), when another seat acts (even
if that action was taken back since), or when the seat's own action revealed something
it could not have known (a reveal of melds, a hidden card turned over). The last case is
decided for any game through the engine contract alone: the action is applied again in
worlds resampled from what the seat knew before it (``resample_hidden``); if the seat's
view or log after the action differs in any of them, the action revealed something.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from stratagem.core import IllegalAction, State
from stratagem.server.storage import Entry

SAMPLES = 24
"""Resampled worlds tried before an action is judged to have revealed nothing (an action
that shows one bit would slip through with probability 2**-24)."""


def blocker(
    entries: Sequence[Entry], stack: Sequence[Entry], seat: int, seat_names: Sequence[str]
) -> str | None:
    """Why ``seat`` may not take back now, from the log's shape alone (``stack``: its
    actions still standing); ``None`` if it may so far.

    The reason names who acted (every seat sees whose turn it was) but never the text of
    an action that was not the seat's own: another seat's move or a draw may be hidden
    from it, and a refusal must say nothing that differs between the worlds the seat
    cannot tell apart.
    """
    if not stack:
        return "there is no action to take back"
    last = stack[-1]
    if last.seat != seat:
        who = "chance" if last.seat < 0 else seat_names[last.seat]
        return f"the last action was {who}'s, not yours"
    for entry in entries[last.seq + 1 :]:
        if entry.kind == "act" and entry.seat != seat:
            who = "chance" if entry.seat < 0 else seat_names[entry.seat]
            return f"{who} has acted since your action {last.action!r}"
    return None


def reveals(before: State, action: str, seat: int, rng: random.Random) -> bool:
    """Whether ``action`` by ``seat`` in ``before`` showed the seat something new."""
    after = before.clone()
    after.apply_action(action, seat=seat)
    start = len(before.events)
    view = after.view(seat)
    events = after.visible_events(seat, start)
    for _ in range(SAMPLES):
        try:
            world = before.resample_hidden(seat, rng)
            world.apply_action(action, seat=seat)
        except (IllegalAction, NotImplementedError, ValueError, IndexError, KeyError):
            return True  # what cannot be shown to reveal nothing is not taken back
        if world.view(seat) != view or world.visible_events(seat, start) != events:
            return True
    return False
