"""A person at the terminal's table: the screen of a game in play (views, events, the
choices and the prompt), the answers it understands, and the bots that play beside them.

A person at the terminal sees only what their seat may know: ``state.view(seat)`` and
``state.visible_events(seat, start)``, never the state itself.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import cast

from rich.console import Console, Group, RenderableType
from rich.rule import Rule
from rich.segment import Segment, Segments
from rich.text import Text

from stratagem.bots import Bot
from stratagem.cli.terminal import (
    LAYOUTS,
    group_events,
    plural,
    render_actions,
    render_choices,
    render_events,
    render_value,
    render_view,
)
from stratagem.core import Action, JsonDict, State, UnknownAction
from stratagem.core.actions import normalize_text
from stratagem.render import board_renderer, game_hook
from stratagem.render.text import ChoiceNote, LinePlan, LinePlanner
from stratagem.render.words import is_scalar, label

QUIT_ANSWERS = ("q", "quit", "exit")


class QuitGame(Exception):
    """The person at the terminal asked to leave the game."""


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
