"""Rendering for people at the terminal (rich), generic over games.

A person at the terminal sees only what their seat may know: ``state.view(seat)`` and
``state.visible_events(seat, start)``, never the state itself. Views are JSON-safe dicts;
they are drawn as nested grids, and a view's ``you`` entry (the seat's own hand and
private holdings) gets a panel of its own.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import cast

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from stratagem.bots import Bot
from stratagem.core import Action, GameInfo, JsonDict, State, UnknownAction
from stratagem.core.actions import normalize_text
from stratagem.render import board_renderer, game_hook
from stratagem.render.text import ChoiceNote, LinePlan, LinePlanner
from stratagem.render.words import PRIVATE_KEY, is_scalar, label, scalar_text
from stratagem.sim.stats import Proportion, Spread, Study

TITLE_KEYS = ("game", "seat")
"""View entries shown in panel titles rather than in the table."""

QUIT_ANSWERS = ("q", "quit", "exit")


class QuitGame(Exception):
    """The person at the terminal asked to leave the game."""


@dataclass(frozen=True, slots=True)
class OptionListing:
    """One game option as ``stratagem games`` shows it."""

    name: str
    takes: str
    """The values it takes, in words (allowed values joined with ", ")."""
    default: str
    about: str


@dataclass(frozen=True, slots=True)
class GameListing:
    """One game as ``stratagem games`` shows it."""

    info: GameInfo
    bots: Sequence[str]
    seats: Sequence[str]
    """The seat names of the game with the most players."""
    options: Sequence[OptionListing]


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


def _players(info: GameInfo) -> str:
    if info.min_players == info.max_players:
        return str(info.min_players)
    return f"{info.min_players} to {info.max_players}"


def _seats(info: GameInfo, seats: Sequence[str]) -> str:
    """The seat names (of the largest game), saying which a smaller game has."""
    if info.min_players == info.max_players or len(seats) <= info.min_players:
        return ", ".join(seats)
    return f"{', '.join(seats)} (the first {info.min_players} with {info.min_players} players)"


def render_games(games: Iterable[GameListing]) -> Group:
    """The games Stratagem knows, one block each, readable at 80 columns: players, seat
    names, bots and the names of its options (``stratagem games NAME`` gives them in full)."""
    parts: list[RenderableType] = [
        Text("Games (`stratagem games NAME` shows one game's options in full)", style="bold")
    ]
    for listing in games:
        info = listing.info
        grid = Table.grid(padding=(0, 2))
        grid.add_column(style="bold", no_wrap=True)
        grid.add_column(overflow="fold")
        grid.add_row("Players", _players(info))
        grid.add_row("Seats", _seats(info, listing.seats))
        grid.add_row("Bots", ", ".join(listing.bots))
        grid.add_row("Options", ", ".join(option.name for option in listing.options) or "none")
        title = Text.assemble((info.name, "bold cyan"), "  ", info.title)
        parts.extend([Text(), title, grid])
    return Group(*parts)


def render_game(listing: GameListing) -> Group:
    """One game in full: players, seat names, bots and every option with what it takes,
    its default and what it does (``--option KEY=VALUE``)."""
    info = listing.info
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("Players", f"{_players(info)} (--players)")
    grid.add_row("Seats", _seats(info, listing.seats))
    grid.add_row("Bots", ", ".join(listing.bots) + " (and human, in play)")
    options = Table(title="Options (--option KEY=VALUE)", title_justify="left", expand=False)
    options.add_column("Option", style="bold", overflow="fold")
    options.add_column("Takes", overflow="fold")
    options.add_column("Default", overflow="fold")
    described = any(option.about for option in listing.options)
    if described:
        options.add_column("What it does", overflow="fold")
    for option in listing.options:
        about = (option.about,) if described else ()
        options.add_row(option.name, option.takes, option.default, *about)
    title = Text.assemble((info.name, "bold cyan"), "  ", (info.title, "bold"))
    body: list[RenderableType] = [title, grid, Text()]
    body.append(options if listing.options else Text("No options.", style="dim"))
    return Group(*body)


# -- studies -----------------------------------------------------------------------------


def _percent(value: float) -> str:
    return f"{value:.1%}"


def _interval(proportion: Proportion) -> str:
    low, high = proportion.interval
    return f"{_percent(low)} - {_percent(high)}"


def _spread_cells(spread: Spread | None) -> tuple[str, str]:
    if spread is None:
        return ("-", "-")
    return (f"{spread.mean:.1f}", f"{spread.median:g}")


def render_study(study: Study) -> Group:
    """A study's tables: wins per seat (and draws), game length, first player."""
    wins = Table(title="Results")
    for heading in ("Seat", "Bot", "Wins", "Win rate", "95% CI"):
        wins.add_column(heading, justify="left" if heading in ("Seat", "Bot") else "right")
    for seat in study.seats:
        w = seat.wins
        wins.add_row(seat.seat, seat.bot, str(w.count), _percent(w.rate), _interval(w))
    d = study.draws
    wins.add_row("Draws", "", str(d.count), _percent(d.rate), _interval(d), style="dim")

    length = Table(title="Game length")
    length.add_column("Measure")
    length.add_column("Mean", justify="right")
    length.add_column("Median", justify="right")
    length.add_row("Actions (chance included)", *_spread_cells(study.actions))
    length.add_row("Decisions", *_spread_cells(study.decisions))
    length.add_row("Turns", *_spread_cells(study.turns))

    first = Table(title="First player")
    for heading in ("Acted first", "Games", "Won", "Win rate", "95% CI"):
        first.add_column(heading, justify="left" if heading == "Acted first" else "right")
    for row in study.first_player:
        w = row.wins
        first.add_row(row.seat, str(w.total), str(w.count), _percent(w.rate), _interval(w))

    games = plural(study.games, "game")
    title = Text(f"{study.game}: {games}, master seed {study.seed}", style="bold")
    return Group(title, wins, length, first)


# -- a person at the table ---------------------------------------------------------------


def pick_action(state: State, seat: int, legal: Sequence[Action], answer: str) -> Action:
    """The action a person means by ``answer``: a number from 1, or an action's text.

    Text may be any unique part of a legal action's text (``stop`` for ``Stop discarding``).
    Raises ``ValueError`` (``IllegalAction`` for an action the rules refuse, with their
    reason) when the answer names no legal action.
    """
    answer = answer.strip()
    if not answer:
        raise ValueError(f"type a number from 1 to {len(legal)} or an action's text")
    if answer.isdigit():
        number = int(answer)
        if not 1 <= number <= len(legal):
            raise ValueError(f"{number} is not a choice: choose from 1 to {len(legal)}")
        return legal[number - 1]
    try:
        action = state.game.parse_action(answer)
    except UnknownAction:
        return _by_part(legal, answer)
    if action in legal:
        return action
    state.clone().apply_action(action, seat=seat)  # raises IllegalAction with the reason
    return action


def _by_part(legal: Sequence[Action], answer: str) -> Action:
    key = normalize_text(answer)
    matches = [action for action in legal if key in normalize_text(action.text)]
    if len(matches) == 1:
        return matches[0]
    if matches:
        listed = "; ".join(action.text for action in matches)
        raise ValueError(f"{answer!r} fits more than one action: {listed}")
    raise UnknownAction(f"{answer!r} is not an action of this game")


HELP = """Commands at the prompt:
  N or text    take choice N, or the one action whose text holds the text
  more         every choice (a screen shows as many as fit)
  look N       choice N in full, and what your view says of the names in it
  look NAME    what your view says of NAME (a card, unit, character, place...)
  board        the whole board and your own holdings
  log          every event you have seen, a page at a time
  ? or help    this list
  q            leave the game (play --resume LOG goes on from its --log)"""

HELP_ANSWERS = ("?", "help", "h")
YES_ANSWERS = ("y", "yes", "")
UNDO_ANSWERS = ("undo", "u", "n", "no")
LOOKS = 5
"""The most places ``look`` shows a name at."""
CATCH_UP = 6
"""The events a resumed game shows again, to say where it stands."""
SCREEN_EVENTS = 5
"""The most past events a decision's screen shows (the last ones; ``log`` shows all)."""
SCREEN_LINES = 24
"""A decision's screen fits this many lines (or the terminal's height, if less)."""


def _mentions(
    value: object, key: str, path: tuple[str, ...]
) -> Iterable[tuple[str, object | None]]:
    """Where the view names ``key`` (a normalized name): ``(where, what it says there)``.

    A mapping with a field equal to the name (a card, a unit) is shown whole; a mapping
    entry named by it shows its value; a bare mention in a list says only where it stands
    (``None``).
    """
    where = " > ".join(label(part) for part in path) or "the view"
    if isinstance(value, Mapping):
        if any(isinstance(item, str) and normalize_text(item) == key for item in value.values()):
            yield where, value
            return
        for name, item in value.items():
            if normalize_text(str(name)) == key:
                yield f"{where} > {label(str(name))}", item
            else:
                yield from _mentions(item, key, (*path, str(name)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            if isinstance(item, str) and normalize_text(item) == key:
                yield where, None
            elif not is_scalar(item):
                yield from _mentions(item, key, (*path, str(index + 1)))


def _names_in(text: str) -> list[str]:
    """The names an action's text may hold: the whole text, what follows its verb
    (``Play: Sea Beggars`` gives ``Sea Beggars``) and the items of a list in it."""
    names = [text]
    _, colon, rest = text.partition(": ")
    if colon:
        names.append(rest)
        for part in rest.replace(" & ", ", ").split(", "):
            names.extend(piece.strip() for piece in part.split(" -> ") if piece.strip())
    seen: dict[str, str] = {}
    for name in names:
        seen.setdefault(normalize_text(name), name)
    return list(seen.values())


def render_look(view: JsonDict, names: Sequence[str]) -> RenderableType | None:
    """What ``view`` says of each of ``names`` (``None`` if it names none of them)."""
    found: list[RenderableType] = []
    for name in names:
        for where, what in list(_mentions(view, normalize_text(name), ()))[:LOOKS]:
            heading = Text.assemble((name, "bold"), (f"  (in {where})", "dim"))
            body = None if what is None else render_value(what)
            found.append(heading if body is None else Group(heading, body))
    return Group(*found) if found else None


Lines = list[list[Segment]]


def _title(text: str) -> Rule:
    return Rule(Text(text, style="bold"))


def choice_notes(view: JsonDict, legal: Sequence[Action]) -> list[str | None]:
    """The game's note after each choice (``choice_note`` of its layout), if it has any."""
    note = cast(ChoiceNote | None, game_hook(LAYOUTS, str(view.get("game", "")), "choice_note"))
    if note is None:
        return []
    return [note(view, action.text) for action in legal]


class Screen:
    """What people at this terminal see: each seat's events since it last looked.

    ``observers`` are the seats whose eyes the screen has; with none, it shows what a
    spectator sees (the public events) as the game goes.

    A decision's screen fits the terminal (at most ``SCREEN_LINES`` lines): a title line,
    the last few events the seat has not seen (``SCREEN_EVENTS`` at most, fewer if the
    board needs the room), the board in the game's layout, the choices in columns (as many
    rows as fit; ``more`` lists them all) and the prompt.
    """

    def __init__(
        self, console: Console, seat_names: Sequence[str], observers: Sequence[int]
    ) -> None:
        self.console = console
        self.seat_names = tuple(seat_names)
        self.observers = tuple(observers)
        seats: list[int | None] = list(observers) if observers else [None]
        self._seen: dict[int | None, int] = dict.fromkeys(seats, 0)
        self.state: State | None = None
        self.board_file: Path | None = None
        """Where the board of the deciding seat's view is drawn (SVG) at each of its
        decisions, for a browser beside the terminal (``play --log`` sets it)."""

    def observe(self, state: State, player: int, action: Action) -> None:
        """A runner's ``on_step``: keep the state; a spectator sees the news at once."""
        self.state = state
        if not self.observers:
            self.show_news(state, None)

    def catch_up(self, state: State, keep: int = CATCH_UP) -> None:
        """A resumed game: each observer is shown again only its last ``keep`` events."""
        self.state = state
        for seat in self._seen:
            start = len(state.events)
            shown = 0
            while start > 0 and shown < keep:
                start -= 1
                shown += state.events[start].redact(seat) is not None
            self._seen[seat] = start

    def _news(self, state: State, seat: int | None) -> list[JsonDict]:
        """The events ``seat`` may see that it has not seen yet, now seen; at a terminal,
        runs of one same entry told once (a transcript keeps every line, as the log does)."""
        entries = state.visible_events(seat, self._seen[seat])
        self._seen[seat] = len(state.events)
        return group_events(entries) if self.console.is_terminal else entries

    def show_news(self, state: State, seat: int | None) -> None:
        """Print the events ``seat`` may see that it has not seen yet."""
        entries = self._news(state, seat)
        if entries:
            self.console.print(render_events(entries))

    def finish(self) -> None:
        """Print what every observer has not seen yet (the end of the game)."""
        if self.state is None:
            return
        for seat in self._seen:
            if len(self._seen) > 1 and seat is not None:
                self.console.rule(Text(f"{self.seat_names[seat]} sees"))
            self.show_news(self.state, seat)

    # -- a decision's screen -----------------------------------------------------------

    @property
    def lines(self) -> int:
        """The lines a decision's screen may take."""
        return min(SCREEN_LINES, self.console.height)

    def _render(self, renderable: RenderableType) -> Lines:
        return self.console.render_lines(renderable, self.console.options, pad=False)

    def _emit(self, lines: Lines) -> None:
        segments = [piece for line in lines for piece in (*line, Segment.line())]
        self.console.print(Segments(segments), end="")

    def _recent(self, entries: Sequence[JsonDict], room: int) -> Lines:
        """The last of ``entries`` that fit in ``room`` lines (``SCREEN_EVENTS`` at most),
        after a line counting the earlier ones when some are left out. Output that is not
        a terminal (a transcript) gets them all."""
        if not self.console.is_terminal:
            return self._render(render_events(entries)) if entries else []
        rendered = [self._render(render_events([entry])) for entry in entries[-SCREEN_EVENTS:]]
        if len(entries) <= SCREEN_EVENTS and sum(map(len, rendered)) <= room:
            return [line for lines in rendered for line in lines]
        kept: Lines = []
        count = 0
        for lines in reversed(rendered):
            if len(kept) + len(lines) > room - 1:
                break
            kept = [*lines, *kept]
            count += 1
        if room < 1:
            return []
        note = f"  ({plural(len(entries) - count, 'earlier event')}: log shows them)"
        return [*self._render(Text(note, style="dim")), *kept]

    def _choices(self, legal: Sequence[Action], notes: Sequence[str | None], room: int) -> Lines:
        """The choices in at most ``room`` lines (one of them then saying how many more)."""
        width = self.console.width
        grid, shown = render_choices(legal, width, notes)
        lines = self._render(grid)
        if len(lines) <= room:
            return lines
        rows = max(1, room - 1)
        grid, shown = render_choices(legal, width, notes, rows=rows)
        more = Text(
            f"  ... {plural(len(legal) - shown, 'more choice')}: more lists them all "
            f"(or type its number or text)",
            style="dim",
        )
        return [*self._render(grid), *self._render(more)]

    def show_decision(
        self, state: State, seat: int, legal: Sequence[Action], *, news: bool = True
    ) -> None:
        """News, the seat's view and its legal actions, before it decides, in one screen."""
        self.state = state
        name = self.seat_names[seat]
        view = state.view(seat)
        self.draw_board(view)
        title = self._render(_title(f"{name} to decide"))
        board = self._render(render_view(view, name))
        room = self.lines - len(title) - len(board) - 1  # the prompt's line
        choices = self._choices(legal, choice_notes(view, legal), room)
        entries = self._news(state, seat) if news else []
        recent = self._recent(entries, room - len(choices))
        self._emit([*title, *recent, *board, *choices])

    def draw_board(self, view: JsonDict) -> None:
        """Write ``view``'s board as SVG to ``board_file`` (whole, or not at all: a browser
        reloading it never reads half a drawing)."""
        draw = board_renderer(str(view.get("game", "")))
        if self.board_file is None or draw is None:
            return
        partial = self.board_file.with_name(self.board_file.name + ".part")
        partial.write_text(draw(view), encoding="utf-8")
        partial.replace(self.board_file)

    def show_forced(self, state: State, seat: int, action: Action) -> None:
        """News, and the seat's one legal action, taken for it."""
        self.state = state
        self._emit(self._render(_title(self.seat_names[seat])))
        self._emit(self._recent(self._news(state, seat), self.lines - 3))
        self.console.print(Text(f"Only one choice: {action.text} (taken for you)", style="cyan"))

    def show_plan(self, seat: int, plan: LinePlan) -> None:
        """The board as a line's actions would leave it, before the person confirms."""
        name = self.seat_names[seat]
        self._emit(self._render(_title(f"{name}: {plan.summary}")))
        self.console.print(render_view(plan.preview, name))

    def ask(self, seat: int, count: int) -> str:
        """One answer from the person in ``seat``; ``QuitGame`` on q or end of input."""
        return self.ask_for(f"{self.seat_names[seat]}, your choice (1-{count}, ? for help): ")

    def ask_for(self, prompt: str) -> str:
        """One answer to ``prompt``; ``QuitGame`` on q or end of input."""
        answer = self._input(prompt)
        if answer.strip().lower() in QUIT_ANSWERS:
            raise QuitGame
        return answer

    def _input(self, prompt: str) -> str:
        try:
            return self.console.input(Text(prompt, style="bold"))
        except EOFError:
            self.console.print()
            raise QuitGame from None

    def refuse(self, reason: str) -> None:
        """Tell the person why an answer was refused, in one line."""
        line = " ".join(f"Not accepted: {reason}".split())
        self.console.print(Text(line, style="red"), soft_wrap=True)

    def say(self, line: str) -> None:
        """One line of news from the terminal itself (not the rules)."""
        self.console.print(Text(line, style="cyan"), soft_wrap=True)

    # -- commands ----------------------------------------------------------------------

    def command(self, state: State, seat: int, legal: Sequence[Action], answer: str) -> bool:
        """Carry out ``answer`` if it is a command (help, more, look, board, log); whether
        it was."""
        word, _, rest = answer.strip().partition(" ")
        word = word.lower()
        rest = rest.strip()
        if word in HELP_ANSWERS and not rest:
            self.console.print(Text(HELP))
        elif word == "more" and not rest:
            notes = choice_notes(state.view(seat), legal)
            self.page(render_actions(legal, notes))
        elif word == "board" and not rest:
            view = state.view(seat)
            self.console.print(render_view(view, self.seat_names[seat], whole=True))
            self.console.print(
                render_choices(legal, self.console.width, choice_notes(view, legal))[0]
            )
        elif word == "log" and not rest:
            self.page(render_events(state.visible_events(seat), numbered_from=1))
        elif word == "look":
            self.look(state.view(seat), legal, rest)
        else:
            return False
        return True

    def look(self, view: JsonDict, legal: Sequence[Action], what: str) -> None:
        """``look N`` or ``look NAME``: an action in full, and what the view says of it."""
        if not what:
            self.refuse("look needs a choice's number or a name, e.g. look 1")
            return
        if what.isdigit():
            number = int(what)
            if not 1 <= number <= len(legal):
                self.refuse(f"{number} is not a choice: choose from 1 to {len(legal)}")
                return
            text = legal[number - 1].text
            self.console.print(Text.assemble((f"{number}. ", "bold cyan"), text), soft_wrap=True)
            names = _names_in(text)
        else:
            key = normalize_text(what)
            for number, action in enumerate(legal, start=1):
                if key in normalize_text(action.text):
                    self.console.print(Text.assemble((f"{number}. ", "bold cyan"), action.text))
            names = [what]
        found = render_look(view, names)
        if found is None:
            self.console.print(Text(f"Your view says nothing more of {names[-1]}.", style="dim"))
        else:
            self.console.print(found)

    def page(self, text: Text) -> None:
        """``text`` a screenful at a time at a terminal (Enter for more, q to stop)."""
        lines = text.split()
        size = max(self.console.height - 2, 5)
        if not self.console.is_terminal or len(lines) <= size:
            self.console.print(text)
            return
        for start in range(0, len(lines), size):
            for line in lines[start : start + size]:
                self.console.print(line, soft_wrap=True)
            if start + size < len(lines):
                more = self._input(
                    f"-- {start + size} of {len(lines)} lines: Enter for more, q to stop -- "
                )
                if more.strip().lower() in QUIT_ANSWERS:
                    return


def board_path(log: Path) -> Path:
    """The board drawn beside a game log: ``game.jsonl`` gives ``game.board.svg``."""
    return log.with_suffix(".board.svg")


class SteadyBot:
    """A bot whose generator is seeded afresh before each of its decisions from the
    game's seed, its seat and the number of actions played so far.

    So a game played at the terminal goes on the same way whether or not it was stopped
    and resumed (``play --resume``): after the same actions, a bot draws the same numbers.
    (A bot that kept one generator for the whole game would start it again on resuming.)
    """

    def __init__(self, bot: Bot, rng: random.Random, seed: int, seat: int) -> None:
        self.bot = bot
        self.rng = rng
        self.seed = seed
        self.seat = seat
        self.name = bot.name

    def choose(self, state: State, seat: int) -> Action:
        self.rng.seed(f"{self.seed}/seat/{self.seat}/step/{len(state.history)}")
        return self.bot.choose(state, seat)


class HumanPlayer:
    """A seat played by a person at the terminal (a ``Bot`` that asks)."""

    name = "human"

    def __init__(self, screen: Screen) -> None:
        self.screen = screen
        self._planned: dict[int, list[str]] = {}
        """Actions a seat asked for in one line and confirmed, not yet taken."""

    def choose(self, state: State, seat: int) -> Action:
        """Show the seat's view, ask until the answer names a legal action.

        A decision with one legal action is taken at once, with a line saying so. That
        tells the other seats nothing: at this terminal they are bots in this process, which
        see only the state and the actions applied to it, never when an answer came, and
        the action applied is the one the person would have had to choose; other people
        sharing the terminal already see each seat's view at its decisions. (At a table
        where the others watch the clock, an instant answer would tell them that the seat
        had no choice, and so something of its hand: there it must not be done.)

        A line standing for several actions (the game's ``plan_line``) is drawn as the
        board it would leave and taken only once the person confirms it; its actions are
        then given one by one as the rules ask for them.
        """
        legal = state.legal_actions()
        planned = self._next_planned(state, seat, legal)
        if planned is not None:
            return planned
        if len(legal) == 1:
            self.screen.show_forced(state, seat, legal[0])
            return legal[0]
        self.screen.show_decision(state, seat, legal)
        while True:
            answer = self.screen.ask(seat, len(legal))
            if not _is_action_text(state, answer):
                if self.screen.command(state, seat, legal, answer):
                    continue
                try:
                    plan = _plan(state.view(seat), answer)
                except ValueError as error:
                    self.screen.refuse(str(error))
                    continue
                if plan is not None:
                    if self._confirm(seat, plan):
                        self._planned[seat] = list(plan.actions)
                        chosen = self._next_planned(state, seat, legal)
                        if chosen is not None:
                            return chosen
                    self.screen.show_decision(state, seat, legal, news=False)
                    continue
            try:
                return pick_action(state, seat, legal, answer)
            except ValueError as error:
                self.screen.refuse(f"{error} (? lists the commands)")

    def _confirm(self, seat: int, plan: LinePlan) -> bool:
        """Show what ``plan`` would make and ask: yes (or Enter) takes it, undo drops it."""
        self.screen.show_plan(seat, plan)
        prompt = f"{self.screen.seat_names[seat]}, Enter or yes to make it, undo to choose again: "
        while True:
            answer = self.screen.ask_for(prompt).strip().lower()
            if answer in YES_ANSWERS:
                return True
            if answer in UNDO_ANSWERS:
                self.screen.say("Undone: nothing was placed.")
                return False
            self.screen.refuse(f"{answer!r}: answer yes (or Enter) or undo")

    def _next_planned(self, state: State, seat: int, legal: Sequence[Action]) -> Action | None:
        """The next action of the seat's confirmed line, if the rules offer it now."""
        planned = self._planned.get(seat)
        if not planned:
            return None
        action = state.game.parse_action(planned.pop(0))
        if action in legal:
            return action
        self._planned.pop(seat)
        self.screen.refuse(f"{action.text} is no longer a choice: choose again")
        return None


def _plan(view: JsonDict, answer: str) -> LinePlan | None:
    """The game's plan for a line standing for several actions, or ``None``."""
    planner = cast(LinePlanner | None, game_hook(LAYOUTS, str(view.get("game", "")), "plan_line"))
    return None if planner is None else planner(view, answer)


def _is_action_text(state: State, answer: str) -> bool:
    """Whether ``answer`` is the whole text of an action (then never a command)."""
    try:
        state.game.parse_action(answer)
    except UnknownAction:
        return False
    return True
