"""The table's public log: one line, for every seat and spectator alike, for each change
at the table that is no move of the game (a seat taken, a new link, a resignation, a
hand-over to a bot, a seat out of time, a rematch, a hint asked for) and for each take-back.

A line says who and what, never an action's text: the action a seat took back may have
been hidden from the others. Every fact in a line (who acted, how many actions stand) is
one every seat sees anyway, so the lines are the same in every world a seat cannot tell
apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from stratagem.core import JsonDict
from stratagem.server.seating import TableChange, change_of
from stratagem.server.storage import Entry, standing

CREATOR_SEAT = -1
"""The ``seat`` of a table entry made by the game's creator (a rematch it asked for)."""


def line_text(entry: Entry, step: int, seat_names: Sequence[str]) -> str | None:
    """The public line of ``entry`` (``None`` for a move), ``step`` actions standing after
    it."""
    if entry.kind == "undo":
        return f"{seat_names[entry.seat]} took back their last action"
    if entry.kind != "table":
        return None
    change = change_of(entry)
    name = "the creator" if entry.seat == CREATOR_SEAT else seat_names[entry.seat]
    bot = f"the {change.controller} bot"
    if change.what == "joined":
        return f"a person took the seat {name}"
    if change.what == "new link":
        if change.by == "seat":
            return f"{name} took a new link for their seat; the old one has ended"
        return f"the creator gave {name} a new link; the old one has ended"
    if change.what == "resigned":
        if change.controller is None:  # a two-seat game: it ends
            return str(change.result(seat_names)["reason"])
        return f"{name} resigned; {bot} plays the seat from step {step + 1}"
    if change.what == "out of time":
        return timeout_line(change, name, bot, step, seat_names)
    if change.what == "hint":
        return f"{name} asked for a hint"
    if change.what == "handed to a bot":
        return (
            f"the creator handed {name}, who kept the game waiting, to {bot}; "
            f"it plays the seat from step {step + 1}"
        )
    return f"{name} made a rematch: /games/{change.game}"


def timeout_line(
    change: TableChange, name: str, bot: str, step: int, seat_names: Sequence[str]
) -> str:
    """The public line of a seat's running out of time, by its consequence."""
    if change.consequence == "remind":
        return f"{name} ran out of time; they are reminded, and the game waits for them"
    if change.controller is None:  # lost, in a two-seat game: it ends
        return str(change.result(seat_names)["reason"])
    loses = " and loses" if change.consequence == "lose" else ""
    return f"{name} ran out of time{loses}; {bot} plays the seat from step {step + 1}"


def table_lines(
    entries: Sequence[Entry], stack: list[Entry], seat_names: Sequence[str], lines: list[JsonDict]
) -> None:
    """Take in ``entries`` (the log's new ones): the standing actions ``stack`` and the
    public ``lines`` are carried on in place."""
    if all(entry.kind == "act" for entry in entries):  # the move path: no line
        stack.extend(entries)
        return
    for entry in entries:
        standing((entry,), stack)
        text = line_text(entry, len(stack), seat_names)
        if text is not None:
            lines.append(
                {
                    "n": entry.seq,
                    "step": len(stack),
                    "what": "take-back" if entry.kind == "undo" else change_of(entry).what,
                    "seat": None if entry.seat < 0 else seat_names[entry.seat],
                    "text": text,
                }
            )
