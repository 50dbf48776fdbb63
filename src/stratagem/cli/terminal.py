"""Rendering for people at the terminal (rich), generic over games: a seat's view, events,
the actions offered and a game's result.

Views are JSON-safe dicts; they are drawn as nested grids (or by a game's own layout in
``stratagem.render.text``), and a view's ``you`` entry (the seat's own hand and private
holdings) gets a panel of its own. ``screen`` puts them together for a person at the table.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import cast

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from stratagem.core import Action, JsonDict
from stratagem.render import game_hook
from stratagem.render.words import PRIVATE_KEY, is_scalar, label, scalar_text

TITLE_KEYS = ("game", "seat")
"""View entries shown in panel titles rather than in the table."""


# -- views -------------------------------------------------------------------------------


def render_value(value: object) -> RenderableType:
    """Any JSON-safe value, readably: dicts as grids, short lists inline, long ones bulleted."""
    if isinstance(value, Mapping):
        if not value:
            return Text("-", style="dim")
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column()
        for key, item in value.items():
            grid.add_row(Text(label(str(key))), render_value(item))
        return grid
    if isinstance(value, list):
        if not value:
            return Text("none", style="dim")
        if all(is_scalar(item) for item in value):
            items = [scalar_text(item) for item in value]
            if len(items) <= 3 and sum(len(item) for item in items) <= 40:
                return Text(", ".join(items))
            return Text("\n".join(f"- {item}" for item in items))
        return Group(*(render_value(item) for item in value))
    return Text(scalar_text(value))


ViewLayout = Callable[[JsonDict, str | None], RenderableType]
LAYOUTS = "stratagem.render.text"
"""A game's own terminal layout, if it has one: ``terminal_view(view, seat_name)`` in
``stratagem.render.text.<game>``; other games get the generic one below."""


def game_layout(game: str, hook: str = "terminal_view") -> ViewLayout | None:
    """The terminal layout of ``game``, or ``None`` for the generic one. ``hook`` may be
    ``terminal_board``: a layout's whole board, where its decision screen shows less."""
    return cast(ViewLayout | None, game_hook(LAYOUTS, game, hook))


def render_view(view: JsonDict, seat_name: str | None, *, whole: bool = False) -> RenderableType:
    """A seat's view: the table (what it may see) and its own holdings, in the game's own
    layout where it has one (``whole``: its whole board, for the ``board`` command)."""
    game = str(view.get("game", ""))
    layout = (game_layout(game, "terminal_board") if whole else None) or game_layout(game)
    if layout is not None:
        return layout(view, seat_name)
    public = {k: v for k, v in view.items() if k != PRIVATE_KEY and k not in TITLE_KEYS}
    game = str(view.get("game", "the game"))
    panels: list[RenderableType] = [Panel(render_value(public), title=Text(f"Table: {game}"))]
    private = view.get(PRIVATE_KEY)
    if private is not None:
        mine = Text(f"You ({seat_name or 'your seat'})")
        panels.append(Panel(render_value(private), title=mine, border_style="cyan"))
    return Group(*panels)


# -- events, actions, results ------------------------------------------------------------


def render_events(entries: Iterable[JsonDict], *, numbered_from: int | None = None) -> Text:
    """Event entries (``Event.redact`` or ``to_json`` form), each with its rule citation."""
    text = Text()
    for offset, entry in enumerate(entries):
        if numbered_from is not None:
            text.append(f"{numbered_from + offset:>4}. ", style="dim")
        else:
            text.append("  - ")
        text.append(str(entry["text"]))
        text.append(f"  [{entry['rule']}]\n", style="dim")
    text.rstrip()
    return text


def group_events(entries: Iterable[JsonDict]) -> list[JsonDict]:
    """Entries with runs of one same entry told once: ``Spanish draws a card.`` eight times
    in a row is ``Spanish draws 8 cards.``; another text repeated gets ``(x3)``. For the
    screen only: the log keeps every entry."""
    runs: list[tuple[JsonDict, int]] = []
    for entry in entries:
        if runs and (runs[-1][0]["text"], runs[-1][0]["rule"]) == (entry["text"], entry["rule"]):
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((entry, 1))
    grouped: list[JsonDict] = []
    for entry, count in runs:
        text = str(entry["text"])
        if count > 1:
            many = f" {count} cards"
            text = text.replace(" a card", many, 1) if " a card" in text else f"{text} (x{count})"
        grouped.append({**entry, "text": text})
    return grouped


def render_actions(actions: Sequence[Action], notes: Sequence[str | None] = ()) -> Text:
    """The legal actions, numbered from 1, one a line (with a note after each, if given)."""
    text = Text()
    for number, action in enumerate(actions, start=1):
        text.append(f"{number:>3}. ", style="bold cyan")
        text.append(action.text)
        note = notes[number - 1] if number <= len(notes) else None
        if note:
            text.append(f"  {note}", style="dim")
        text.append("\n")
    text.rstrip()
    return text


CHOICE_GAP = 2
"""Columns between two columns of choices."""


def render_choices(
    actions: Sequence[Action],
    width: int,
    notes: Sequence[str | None] = (),
    *,
    rows: int | None = None,
) -> tuple[RenderableType, int]:
    """The legal actions numbered from 1 in as many columns as fit ``width`` (numbered
    down each column), at most ``rows`` rows of them; and how many are shown."""
    digits = len(str(len(actions)))
    cells: list[Text] = []
    for number, action in enumerate(actions, start=1):
        cell = Text.assemble((f"{number:>{digits}}. ", "bold cyan"), action.text)
        note = notes[number - 1] if number <= len(notes) else None
        if note:
            cell.append(f"  {note}", style="dim")
        cells.append(cell)
    widest = max((cell.cell_len for cell in cells), default=1)
    columns = max(1, min(len(cells), (width + CHOICE_GAP) // (widest + CHOICE_GAP)))
    needed = math.ceil(len(cells) / columns) if cells else 0
    height = needed if rows is None else max(1, min(rows, needed))
    shown = cells[: height * columns]
    columns = max(1, math.ceil(len(shown) / height)) if shown else 1
    grid = Table.grid(padding=(0, CHOICE_GAP, 0, 0))
    for _ in range(columns):
        grid.add_column(no_wrap=columns > 1, overflow="fold")
    for row in range(height):
        grid.add_row(
            *(
                shown[col * height + row] if col * height + row < len(shown) else ""
                for col in range(columns)
            )
        )
    return grid, len(shown)


def render_result(result: JsonDict) -> Panel:
    """``state.result()``: the reason, the winners and the scores."""
    winners = result.get("winners") or []
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column()
    grid.add_row(Text("Winners"), Text(", ".join(map(str, winners)) if winners else "none"))
    grid.add_row(Text("Scores"), render_value(result.get("scores", {})))
    reason = Text(str(result.get("reason", "")), style="bold")
    return Panel(Group(reason, grid), title="Result", border_style="green")


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 action``, ``2 actions`` (``many`` for a plural that is not ``word + "s"``)."""
    return f"{count} {word if count == 1 else (many or word + 's')}"
