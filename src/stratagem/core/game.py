"""``Game`` and ``State``: the engine contract every game implements (see ARCHITECTURE.md).

Modelled on OpenSpiel's game interface. A ``State`` is a state machine driven by
``apply_action``; chance is a player (``CHANCE``) whose outcomes are listed with exact
probabilities, so a game is reproduced by (game, options, seed, actions) and a test can
force any draw or roll by applying the outcome it wants.

``apply_action`` is a template: it resolves text, checks the seat and legality, and only
then calls the game's ``_apply``. A refused action raises ``IllegalAction`` with the reason
from the game's ``_why_illegal`` and leaves the state exactly as it was.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from stratagem.core.actions import Action, ActionTable
from stratagem.core.errors import IllegalAction, StateFormatError, UnknownAction
from stratagem.core.events import Event, JsonDict

CHANCE: Final = -1
"""``current_player()`` at a chance node."""

TERMINAL: Final = -4
"""``current_player()`` once the game is over."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    """What the registry knows of a game before loading it."""

    name: str
    title: str
    min_players: int
    max_players: int


class Game(ABC):
    """A loaded game: its options, data pack, seats and action encoding."""

    info: ClassVar[GameInfo]

    def __init__(
        self, options: Mapping[str, Any], seat_names: Sequence[str], actions: ActionTable
    ) -> None:
        self.options: dict[str, Any] = dict(options)
        self.seat_names: tuple[str, ...] = tuple(seat_names)
        self.num_players: int = len(self.seat_names)
        self.actions: ActionTable = actions

    @property
    def name(self) -> str:
        """The registry name."""
        return self.info.name

    @property
    def action_space_size(self) -> int:
        """Number of distinct actions: ids run from 0 to this minus one."""
        return len(self.actions)

    def parse_action(self, text: str) -> Action:
        """The action named by ``text``; raises ``UnknownAction``."""
        return self.actions.parse(text)

    def seat_index(self, name: str) -> int:
        """The seat index of a seat name (case-insensitive); ``ValueError`` if none."""
        for index, seat_name in enumerate(self.seat_names):
            if seat_name.casefold() == name.strip().casefold():
                return index
        raise ValueError(
            f"{name!r} is not a seat of {self.name}; seats: {', '.join(self.seat_names)}"
        )

    def player_name(self, player: int) -> str:
        """A seat's name, or ``chance``/``terminal`` for those pseudo-players."""
        if player == CHANCE:
            return "chance"
        if player == TERMINAL:
            return "terminal"
        return self.seat_names[player]

    @abstractmethod
    def new_initial_state(self) -> State:
        """The state before the first action."""

    def state_from_json(self, doc: Mapping[str, Any]) -> State:
        """Rebuild a state written by ``State.to_json`` (hidden information included)."""
        if doc.get("game") != self.name:
            raise StateFormatError(
                f"this document is a {doc.get('game')!r} state, not {self.name!r}"
            )
        if doc.get("players") != self.num_players:
            raise StateFormatError(
                f"this document has {doc.get('players')!r} players; the game has {self.num_players}"
            )
        try:
            history = [self.parse_action(text) for text in doc["history"]]
            events = [Event.from_json(entry) for entry in doc["events"]]
            state = self._state_from_doc(doc["state"])
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, IndexError) as error:
            raise StateFormatError(f"malformed {self.name} state: {error!r}") from error
        state.history = history
        state.events = events
        return state

    @abstractmethod
    def _state_from_doc(self, doc: Mapping[str, Any]) -> State:
        """The game-specific inverse of ``State._state_doc``."""


class State(ABC):
    """One position of a game, with its history and event log."""

    __slots__ = ("events", "game", "history")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.history: list[Action] = []
        self.events: list[Event] = []

    # -- who moves ---------------------------------------------------------------------

    @abstractmethod
    def current_player(self) -> int:
        """Seat index to act, or ``CHANCE``, or ``TERMINAL``."""

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.current_player() == TERMINAL

    def is_chance_node(self) -> bool:
        """Whether chance acts next."""
        return self.current_player() == CHANCE

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take; empty at chance and terminal nodes."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """Outcomes with probabilities summing to 1 at a chance node; else empty."""

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with its probability (games may override for speed)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("this is not a chance node")
        actions = [action for action, _ in outcomes]
        weights = [probability for _, probability in outcomes]
        return rng.choices(actions, weights)[0]

    def chance_event(self) -> tuple[int, ...]:
        """What this chance node is drawn for, as integers stable across processes, so
        that two lines of play that reach the same event can share its draw (a search's
        common random numbers); games may name the event itself (whose roll, which deal),
        by default it is the outcomes' ids."""
        return tuple(action.id for action, _ in self.chance_outcomes())

    # -- acting ------------------------------------------------------------------------

    def apply_action(self, action: Action | str | int, *, seat: int | None = None) -> None:
        """Apply an action (or its text, or its id, as OpenSpiel users give it) for the
        player to move.

        ``seat``, when given, is who claims to act: a seat acting out of turn, or any seat
        trying to act at a chance node, is refused. Raises ``IllegalAction`` (or its
        subclass ``UnknownAction``) and leaves the state unchanged.
        """
        game = self.game
        if isinstance(action, str):
            resolved = game.parse_action(action)
        else:
            try:
                resolved = game.actions.check(action)  # type: ignore[arg-type]
            except AttributeError:  # no ``.id``: an id (int, numpy integer) or a stray value
                resolved = self._action_of_id(action)
        player = self.current_player()
        if player == TERMINAL:
            raise IllegalAction(f"{resolved.text!r}: the game is over")
        if seat is not None and seat != player:
            raise IllegalAction(
                f"{resolved.text!r}: it is {game.player_name(player)}'s turn to act, "
                f"not {game.player_name(seat)}'s"
            )
        if player == CHANCE:
            if not self._is_chance_outcome(resolved):
                raise IllegalAction(
                    f"{resolved.text!r} is not a possible chance outcome now: "
                    f"{self._why_illegal(resolved)}"
                )
        elif not self._is_legal(resolved):
            raise IllegalAction(
                f"{resolved.text!r} is not legal now: {self._why_illegal(resolved)}"
            )
        self._apply(resolved)
        self.history.append(resolved)

    def _action_of_id(self, action_id: object) -> Action:
        """The action ``apply_action`` was given by its id; ``IllegalAction`` naming the id
        if none has it, ``UnknownAction`` for a value that is no action, text or id."""
        if isinstance(action_id, bool) or not hasattr(action_id, "__index__"):
            raise UnknownAction(
                f"{action_id!r} is not an action of this game "
                "(give an Action, its text or its integer id)"
            )
        return self.action_from_id(operator.index(action_id))

    def _is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal for the seat to move (games may make this O(1))."""
        return action in self.legal_actions()

    def _is_chance_outcome(self, action: Action) -> bool:
        """Whether ``action`` is a possible outcome at this chance node."""
        return any(outcome == action for outcome, _ in self.chance_outcomes())

    @abstractmethod
    def _why_illegal(self, action: Action) -> str:
        """In words, why ``action`` is not allowed now (only called on refusal)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a checked action."""

    # -- outcome -----------------------------------------------------------------------

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per seat: two seats +1/-1/0; more seats 1/k for each of k tied winners."""

    @abstractmethod
    def result(self) -> JsonDict:
        """The game's own outcome: ``winners``, ``scores`` and ``reason``."""

    # -- information -------------------------------------------------------------------

    @abstractmethod
    def view(self, seat: int | None) -> JsonDict:
        """JSON-safe: everything ``seat`` may know now (``None``: what everybody knows)."""

    def brief_view(self, seat: int | None) -> JsonDict:
        """``view(seat)`` less the parts that only restate it in words or work out what
        it already shows (a game may leave them out where they cost most of a view: the
        research interfaces' observation layouts read nothing else). Never more than
        ``view(seat)``; by default the view itself."""
        return self.view(seat)

    def visible_events(self, seat: int | None, start: int = 0) -> list[JsonDict]:
        """The event log from index ``start`` as ``seat`` may read it."""
        entries = (event.redact(seat) for event in self.events[start:])
        return [entry for entry in entries if entry is not None]

    def log(
        self,
        text: str,
        rule: str,
        data: JsonDict | None = None,
        *,
        private_to: int | None = None,
        public_text: str | None = None,
        public_data: JsonDict | None = None,
    ) -> None:
        """Append an event citing ``rule``, the rulebook section that made it happen
        (``private_to`` one seat, who alone reads ``text``; the others read
        ``public_text``, or nothing)."""
        self.events.append(Event(text, rule, data or {}, private_to, public_text, public_data))

    @abstractmethod
    def resample_hidden(self, seat: int, rng: random.Random) -> State:
        """A clone equally consistent with ``view(seat)``: what ``seat`` cannot see is redealt."""

    # -- copies and serialization ------------------------------------------------------

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (history and events included)."""

    def _copy_base(self, other: State) -> None:
        """Copy the core fields into ``other`` (a bare instance made by ``clone``)."""
        other.game = self.game
        other.history = self.history.copy()
        other.events = self.events.copy()

    def to_json(self) -> JsonDict:
        """The full state, hidden information included, as JSON-safe data."""
        return {
            "game": self.game.name,
            "players": self.game.num_players,
            "history": [action.text for action in self.history],
            "events": [event.to_json() for event in self.events],
            "state": self._state_doc(),
        }

    @abstractmethod
    def _state_doc(self) -> JsonDict:
        """The game-specific fields of ``to_json``."""

    # -- encoding ----------------------------------------------------------------------

    def action_id(self, action: Action | str) -> int:
        """The fixed discrete id of an action."""
        if isinstance(action, str):
            return self.game.parse_action(action).id
        return self.game.actions.check(action).id

    def action_from_id(self, action_id: int) -> Action:
        """The action with that id."""
        if not 0 <= action_id < self.game.action_space_size:
            raise IllegalAction(
                f"action id {action_id} is outside 0..{self.game.action_space_size - 1}"
            )
        return self.game.actions[action_id]

    def __str__(self) -> str:
        player = self.game.player_name(self.current_player())
        return f"<{self.game.name} state, {len(self.history)} actions, to move: {player}>"


class CachedLegalState(State):
    """A state that works out its legal actions once per position.

    The game computes the list in ``_compute_legal`` and sets
    ``_legal`` back to ``None`` whenever the position changes; ``legal_actions`` hands out
    a copy, and the legality check of ``apply_action`` reads the cached list.
    """

    __slots__ = ("_legal",)

    _legal: list[Action] | None

    def legal_actions(self) -> list[Action]:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal.copy()

    def _action_of_id(self, action_id: object) -> Action:
        """The action ``apply_action`` was given by its id; ``IllegalAction`` naming the id
        if none has it, ``UnknownAction`` for a value that is no action, text or id."""
        if isinstance(action_id, bool) or not hasattr(action_id, "__index__"):
            raise UnknownAction(
                f"{action_id!r} is not an action of this game "
                "(give an Action, its text or its integer id)"
            )
        return self.action_from_id(operator.index(action_id))

    def _is_legal(self, action: Action) -> bool:
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return action in legal

    @abstractmethod
    def _compute_legal(self) -> list[Action]:
        """The legal actions of this position, worked out afresh."""
