"""Games' own terminal layouts: ``stratagem.render.text.<game>`` holds
``terminal_view(view, seat_name)``, a rich renderable of a seat's view that reads well in
an 80-column terminal. Like the board drawings, a layout reads only the JSON-safe view it
is given. ``stratagem.cli.terminal.render_view`` finds it; games without one get the generic
layout.

A layout module may also hold:

- ``terminal_board(view, seat_name)``: the whole board, for the prompt's ``board`` command,
  where ``terminal_view`` (a decision's screen) shows less;
- ``choice_note(view, text)``: a few words after a choice at the prompt (a target's faction
  and numbers), or ``None``;
- ``plan_line(view, answer)``: a line a person may type that stands for several actions in
  a row (Eighty Years War's ``military: Sea Beggars, Rivers & Marshes``), as a ``LinePlan``;
  ``None`` if ``answer`` is not such a line, ``ValueError`` with the reason if it is one
  that cannot be made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from stratagem.core import JsonDict


@dataclass(frozen=True, slots=True)
class LinePlan:
    """Several actions a person asked for in one line, not yet applied."""

    actions: tuple[str, ...]
    """The actions' texts, in the order the rules will ask for them."""
    preview: JsonDict
    """The seat's view as it will be once they are taken (drawn before the person confirms)."""
    summary: str
    """The plan in one line."""


ChoiceNote = Callable[[JsonDict, str], str | None]
LinePlanner = Callable[[JsonDict, str], LinePlan | None]
