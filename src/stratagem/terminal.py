"""Rendering for people at the terminal (rich), generic over games.

A person at the terminal sees only what their seat may know: ``state.view(seat)`` and
``state.visible_events(seat, start)``, never the state itself. Views are JSON-safe dicts;
they are drawn as nested grids, and a view's ``you`` entry (the seat's own hand and
private holdings) gets a panel of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import cast

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from stratagem.core import Action, GameInfo, JsonDict, State, UnknownAction
from stratagem.core.actions import normalize_text
from stratagem.render import game_hook
from stratagem.render.words import PRIVATE_KEY, is_scalar, label, scalar_text
from stratagem.sim.details import CategoricalDetail, NumericDetail
from stratagem.sim.stats import Proportion, Spread, Study

TITLE_KEYS = ("game", "seat")
"""View entries shown in panel titles rather than in the table."""

QUIT_ANSWERS = ("q", "quit", "exit")


class QuitGame(Exception):
    """The person at the terminal asked to leave the game."""


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


def game_layout(game: str) -> ViewLayout | None:
    """The terminal layout of ``game``, or ``None`` for the generic one."""
    return cast(ViewLayout | None, game_hook(LAYOUTS, game, "terminal_view"))


def render_view(view: JsonDict, seat_name: str | None) -> RenderableType:
    """A seat's view: the table (what it may see) and its own holdings, in the game's own
    layout where it has one."""
    layout = game_layout(str(view.get("game", "")))
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


def render_actions(actions: Sequence[Action]) -> Text:
    """The legal actions, numbered from 1."""
    text = Text()
    for number, action in enumerate(actions, start=1):
        text.append(f"{number:>3}. ", style="bold cyan")
        text.append(action.text + "\n")
    text.rstrip()
    return text


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


def render_games(games: Iterable[tuple[GameInfo, Sequence[str], Mapping[str, str]]]) -> Table:
    """The games Stratagem knows: player counts, bots and options (``--option``)."""
    table = Table(title="Games")
    table.add_column("Game", style="bold", no_wrap=True)
    table.add_column("Title")
    table.add_column("Players", justify="right")
    table.add_column("Bots")
    table.add_column("Options (--option KEY=VALUE)")
    for info, bots, options in games:
        players = (
            str(info.min_players)
            if info.min_players == info.max_players
            else f"{info.min_players}-{info.max_players}"
        )
        described = "\n".join(f"{name}: {kind}" for name, kind in options.items())
        table.add_row(info.name, info.title, players, ", ".join(bots), described)
    return table


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

    title = Text(f"{study.game}: {study.games} games, master seed {study.seed}", style="bold")
    return Group(title, wins, length, first)


def render_details(
    categorical: Sequence[CategoricalDetail], numeric: Sequence[NumericDetail]
) -> Group:
    """The game's own questions (``result()["details"]``): the share of games with each
    value of a categorical quantity (95% Wilson interval), mean and median of a numeric one."""
    parts: list[RenderableType] = []
    if categorical:
        shares = Table(title="The game's own questions: shares")
        for heading in ("Question", "Answer", "Games", "Share", "95% CI"):
            shares.add_column(
                heading, justify="left" if heading in ("Question", "Answer") else "right"
            )
        for detail in categorical:
            for index, (word, p) in enumerate(detail.shares):
                question = label(detail.key) if index == 0 else ""
                shares.add_row(question, word, str(p.count), _percent(p.rate), _interval(p))
        parts.append(shares)
    if numeric:
        numbers = Table(title="The game's own questions: numbers")
        for heading in ("Quantity", "Games", "Mean", "Median"):
            numbers.add_column(heading, justify="left" if heading == "Quantity" else "right")
        for number in numeric:
            mean, median = number.spread.mean, number.spread.median
            numbers.add_row(label(number.key), str(number.games), f"{mean:.3g}", f"{median:g}")
        parts.append(numbers)
    return Group(*parts)


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


class Screen:
    """What people at this terminal see: each seat's events since it last looked.

    ``observers`` are the seats whose eyes the screen has; with none, it shows what a
    spectator sees (the public events) as the game goes.
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

    def observe(self, state: State, player: int, action: Action) -> None:
        """A runner's ``on_step``: keep the state; a spectator sees the news at once."""
        self.state = state
        if not self.observers:
            self.show_news(state, None)

    def show_news(self, state: State, seat: int | None) -> None:
        """Print the events ``seat`` may see that it has not seen yet."""
        start = self._seen[seat]
        entries = state.visible_events(seat, start)
        self._seen[seat] = len(state.events)
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

    def show_decision(self, state: State, seat: int, legal: Sequence[Action]) -> None:
        """News, the seat's view and its legal actions, before it decides."""
        self.state = state
        name = self.seat_names[seat]
        self.console.rule(Text(f"{name} to decide", style="bold"))
        self.show_news(state, seat)
        self.console.print(render_view(state.view(seat), name))
        self.console.print(render_actions(legal))

    def ask(self, seat: int, count: int) -> str:
        """One answer from the person in ``seat``; ``QuitGame`` on q or end of input."""
        prompt = f"{self.seat_names[seat]}, your choice (1-{count}, an action's text, q to quit): "
        try:
            answer = self.console.input(Text(prompt, style="bold"))
        except EOFError:
            self.console.print()
            raise QuitGame from None
        if answer.strip().lower() in QUIT_ANSWERS:
            raise QuitGame
        return answer

    def refuse(self, reason: str) -> None:
        """Tell the person why an answer was refused."""
        self.console.print(Text(f"Not accepted: {reason}", style="red"), soft_wrap=True)


class HumanPlayer:
    """A seat played by a person at the terminal (a ``Bot`` that asks)."""

    name = "human"

    def __init__(self, screen: Screen) -> None:
        self.screen = screen

    def choose(self, state: State, seat: int) -> Action:
        """Show the seat's view, ask until the answer names a legal action."""
        legal = state.legal_actions()
        self.screen.show_decision(state, seat, legal)
        while True:
            answer = self.screen.ask(seat, len(legal))
            try:
                return pick_action(state, seat, legal, answer)
            except ValueError as error:
                self.screen.refuse(str(error))
