"""Request and response bodies of the web table's API (validated by pydantic; published in
the OpenAPI schema at ``/openapi.json``)."""

from __future__ import annotations

import math
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from stratagem.server.pace import RANGES, OnTimeout, Pace, PaceName, pace_problem

MAX_SEED = 2**63 - 1
MAX_OPTIONS = 64
"""Options one request may name (no game has half as many)."""
MAX_OPTION_NAME = 64
MAX_OPTION_TEXT = 200
"""Characters of one text option, or of one item of a list option."""
MAX_OPTION_ITEMS = 64
"""Items of one list option (an army per seat is the longest list a game takes)."""
RESERVED_OPTIONS = ("strict",)
"""Names that ``stratagem.core.load`` takes for itself, so never an option's."""

OptionText = Annotated[str, Field(max_length=MAX_OPTION_TEXT)]
OptionValue = (
    bool
    | int
    | float
    | OptionText
    | Annotated[list[OptionText], Field(max_length=MAX_OPTION_ITEMS)]
    | None
)
"""What an option may be given as from the web: a scalar, a list of names, or ``None``."""


def _refuse(reason: str) -> PydanticCustomError:
    """A validation error whose message is exactly ``reason`` (no "Value error, " before
    it, and no braces in ``reason`` taken for a template's fields)."""
    return PydanticCustomError("invalid_input", "{reason}", {"reason": reason})


def control_character(text: str) -> str | None:
    """Why ``text`` cannot be stored, or ``None``: a lone surrogate (JSON's ``"\\ud800"``
    decodes to one), which no database, log or UTF-8 answer can hold, or a control
    character (U+0000-U+001F, U+007F-U+009F), which PostgreSQL refuses (NUL) or no
    name, option, action or chat line needs."""
    for index, char in enumerate(text):
        if unicodedata.category(char) == "Cs":
            return (
                f"the text holds a lone surrogate (U+{ord(char):04X} at character {index}), "
                "which is not valid Unicode"
            )
        if unicodedata.category(char) == "Cc":
            return (
                f"the text holds a control character (U+{ord(char):04X} at character {index}), "
                "which this table does not take"
            )
    return None


def _check_text(text: str, what: str = "") -> None:
    """Refuse a text that cannot be stored (``control_character``): it must stop here,
    named, rather than fail deep inside as a server error."""
    reason = None if text.isprintable() else control_character(text)  # printable: no Cc, Cs
    if reason is not None:
        raise _refuse(f"{what}{': ' if what else ''}{reason}")


BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
"""Bidirectional embeddings, overrides and isolates: in a chat line they turn the text
after them (another line's words, a link) around."""
INVISIBLE_FILLERS = frozenset("\u115f\u1160\u3164\uffa0")
"""Hangul fillers: letters by category, but nothing shows."""


def chat_problem(text: str) -> str | None:
    """Why ``text`` is no chat line, or ``None``: it holds a bidirectional control, or
    nothing anyone can see (only blanks and invisible format characters such as U+200B
    or U+FEFF)."""
    for index, char in enumerate(text):
        if char in BIDI_CONTROLS:
            return (
                f"a chat line may not hold a bidirectional override or isolate "
                f"(U+{ord(char):04X} at character {index}): it would turn the text around"
            )
    blank = not text.split()  # only blanks: the table says it needs some text
    visible = blank or any(
        not char.isspace()
        and unicodedata.category(char) not in ("Cf", "Zs", "Zl", "Zp")
        and char not in INVISIBLE_FILLERS
        for char in text
    )
    if not visible:
        return "a chat line needs something to see; this one holds only invisible characters"
    return None


def _check_option(key: str, value: object) -> None:
    """One option as the web may give it: a scalar, a short text, a short list of short
    texts, or ``None``; anything else is refused, named, before a game is built."""
    what = f"option {key!r}"
    if isinstance(value, str):
        _check_text(value, what)
        if len(value) > MAX_OPTION_TEXT:
            raise _refuse(f"{what}: a text of at most {MAX_OPTION_TEXT} characters")
    elif isinstance(value, list):
        if len(value) > MAX_OPTION_ITEMS:
            raise _refuse(f"{what}: a list of at most {MAX_OPTION_ITEMS} items, not {len(value)}")
        for index, item in enumerate(value):
            if not isinstance(item, str):
                raise _refuse(f"{what}: a list of texts; item {index} is not a text")
            _check_text(item, f"{what}, item {index}")
            if len(item) > MAX_OPTION_TEXT:
                raise _refuse(f"{what}, item {index}: at most {MAX_OPTION_TEXT} characters")
    elif isinstance(value, float) and not math.isfinite(value):
        raise _refuse(f"{what}: a finite number")
    elif isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_SEED:
        raise _refuse(f"{what}: a whole number between -{MAX_SEED} and {MAX_SEED}")
    elif value is not None and not isinstance(value, bool | int | float):
        raise _refuse(f"{what}: true/false, a number, a text, a list of texts or null")


class RequestBody(BaseModel):
    """A request body: unknown fields are refused and nothing is coerced (``"2"`` is no
    number), since the body is somebody else's JSON."""

    model_config = ConfigDict(extra="forbid", strict=True)


class CatalogEntry(BaseModel):
    """A game the table can host."""

    name: str
    title: str
    min_players: int
    max_players: int
    seats: dict[str, list[str]] = Field(description="Seat names for each player count.")
    controllers: list[str] = Field(description="'human' and the bots that can play it.")
    options: dict[str, Any] = Field(description="The game's own options with their defaults.")
    option_schema: dict[str, Any] = Field(
        default_factory=dict,
        description="Each option's JSON schema (type, choices, range, description), from "
        "the game's options model.",
    )


class CreateGame(RequestBody):
    """A new game: which, how many players, options, and who plays each seat."""

    game: str = Field(min_length=1, max_length=64, examples=["eighty_years_war"])
    players: int | None = Field(default=None, ge=1, le=16)
    options: dict[str, OptionValue] = Field(
        default_factory=dict,
        description="The game's own options (see the catalog); leave one out for its default.",
        examples=[{"armies": ["spanish_500", "swedish_500"], "duration": 2}],
    )
    seats: list[str] | None = Field(
        default=None,
        max_length=16,
        description=(
            "Per seat, in order: 'human', 'open' (for a person to take later) or a bot's "
            "name (default: all human); signed in, 'me' (your own seat, kept by your "
            "account) or '@name' (an open seat kept for that player, who joins it)."
        ),
        examples=[["human", "heuristic"]],
    )
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)
    public: bool = Field(
        default=False, description="List the game in the lobby while it has open seats."
    )
    hand_over_after: int = Field(
        default=600,
        ge=60,
        le=7 * 86400,
        description="Seconds a person may keep the others waiting before the creator may "
        "hand the seat to a bot.",
    )
    rated: bool = Field(
        default=True,
        description="Count the game in its players' ratings (when every seat has an account "
        "at its end).",
    )

    pace: PaceName | None = Field(
        default=None,
        description="A timed game: 'live' (1 to 60 minutes a move), 'fast' (1 to 48 hours) "
        "or 'slow' (1 to 14 days); leave it out for an untimed game.",
    )
    per_move: int | None = Field(
        default=None,
        description="A timed game's seconds a move, within its pace's range (default: live "
        "5 minutes, fast 12 hours, slow 3 days).",
    )
    on_timeout: OnTimeout | None = Field(
        default=None,
        description="What a timed game's seat out of time gets: 'remind' (a reminder, the "
        "game waits; the default), 'bot' (the heuristic bot plays the seat on) or 'lose' "
        "(with two seats the other side wins; with more the bot plays on, lost on time).",
    )

    @model_validator(mode="after")
    def _valid_pace(self) -> CreateGame:
        if self.pace is None:
            given = [n for n in ("per_move", "on_timeout") if getattr(self, n) is not None]
            if given:
                raise _refuse(f"{' and '.join(given)}: only for a timed game; choose a pace too")
            return self
        if self.per_move is not None:
            problem = pace_problem(self.pace, self.per_move)
            if problem is not None:
                raise _refuse(problem)
        return self

    def timed(self) -> Pace | None:
        """The game's pace (``None``: untimed), defaults filled in."""
        if self.pace is None:
            return None
        per_move = RANGES[self.pace][2] if self.per_move is None else self.per_move
        return Pace(self.pace, per_move, self.on_timeout or "remind")

    @field_validator("game", mode="before")
    @classmethod
    def _valid_game(cls, value: object) -> object:
        if isinstance(value, str):
            _check_text(value)
        return value

    @field_validator("seats", mode="before")
    @classmethod
    def _valid_seats(cls, value: object) -> object:
        if isinstance(value, list):
            for index, item in enumerate(value):
                if isinstance(item, str):
                    _check_text(item, f"seat {index}")
        return value

    @field_validator("options", mode="before")
    @classmethod
    def _valid_options(cls, value: object) -> object:
        """Sizes, Unicode and shapes of the options, checked before anything else looks at
        them: a 2-million-item list is refused at once, by its length."""
        if not isinstance(value, dict):
            return value
        if len(value) > MAX_OPTIONS:
            raise _refuse(f"at most {MAX_OPTIONS} options, not {len(value)}")
        for key, item in value.items():
            if not isinstance(key, str):
                raise _refuse(f"option names are texts, not {type(key).__name__}")
            _check_text(key, "an option's name")
            if len(key) > MAX_OPTION_NAME:
                raise _refuse(f"an option's name has at most {MAX_OPTION_NAME} characters")
            if key in RESERVED_OPTIONS:
                raise _refuse(f"{key!r} is no game's option")
            _check_option(key, item)
        return value


class SeatLink(BaseModel):
    """A seat of a new game; a human seat's link carries its secret token (shown once)."""

    seat: str
    controller: str
    link: str | None
    player: str | None = Field(
        default=None, description="The account the seat is bound to (its own, or invited)."
    )


class CreatedGame(BaseModel):
    """The answer to ``CreateGame``."""

    id: str
    game: str
    title: str
    spectator_link: str
    creator_link: str = Field(
        description="The creator's secret link (new seat links, absent seats to bots)."
    )
    seats: list[SeatLink]


class JoinedSeat(BaseModel):
    """A seat taken, or given a new link: the link carries the seat's secret token."""

    seat: str
    link: str


class Hint(BaseModel):
    """The bot's suggestion for the asking seat's decision, from its view alone."""

    action: str
    level: str
    """The level of the bot that suggests it (``bots.levels``)."""


class RematchRequest(RequestBody):
    """How the seats sit in a rematch: as they did, or each person and bot moved one
    seat along (with two seats, the sides swapped)."""

    sides: Literal["kept", "swapped"] = Field(
        default="kept",
        description="'kept': everyone plays the same seat again; 'swapped': whoever played "
        "seat n plays seat n+1 (the last plays the first): two sides change places.",
    )


class Rematch(BaseModel):
    """A rematch: the new game's id and page (each person opens it with their own
    secret: the same token as in the old game)."""

    id: str
    spectator_link: str


class ChatRequest(RequestBody):
    """A line for the game's chat, from the seat of the token sent (none: a spectator)."""

    text: str = Field(min_length=1, max_length=500)

    @field_validator("text", mode="before")
    @classmethod
    def _valid_text(cls, value: object) -> object:
        if isinstance(value, str):
            _check_text(value)
            problem = chat_problem(value)
            if problem is not None:
                raise _refuse(problem)
        return value


class OpenSeat(BaseModel):
    """A seat of a listed game."""

    seat: int
    name: str
    controller: str = Field(description="'open', 'human' or a bot's name.")
    since: str | None = Field(description="When it was filled (ISO 8601), if it is.")
    player: str | None = Field(
        default=None,
        description="The name of the account playing the seat, or invited to it while open.",
    )
    rating: int | None = Field(
        default=None,
        description="That player's rating in this game (1500 for a new player).",
    )


class OpenGame(BaseModel):
    """A public game waiting for people to take its open seats."""

    id: str
    game: str
    title: str
    options: dict[str, Any]
    created_at: str
    seats: list[OpenSeat]


class SeatAtGlance(BaseModel):
    """A seat of a game at a glance: its name and who plays it."""

    name: str
    controller: str = Field(description="'open', 'human' or a bot's name.")
    player: str | None = Field(default=None, description="Its account's name, if it has one.")


class Summary(BaseModel):
    """What anybody may know of a game at a glance (for a list of one's games)."""

    id: str
    game: str
    title: str
    version: int
    to_move: str | None
    finished: bool
    open_seats: list[str]
    rematch: str | None
    result: dict[str, Any] | None
    seats: list[SeatAtGlance]
    waiting_since: float | None = Field(
        description="Since when (seconds since 1970, UTC) the game has waited for the seat "
        "to move; none once it is over."
    )
    clock: dict[str, Any] | None = Field(
        default=None,
        description="A timed game's pace and when the time of the seat to act is up, as "
        "its payloads carry it; none for an untimed game.",
    )


class ActionRequest(RequestBody):
    """One action by its canonical text, optionally tied to the version the seat saw."""

    action: str = Field(min_length=1, max_length=300, examples=["Stop discarding"])
    version: int | None = Field(
        default=None, ge=0, description="Refuse the action if the game has moved on since."
    )

    @field_validator("action", mode="before")
    @classmethod
    def _valid_action(cls, value: object) -> object:
        if isinstance(value, str):
            _check_text(value)
        return value


class Acknowledged(BaseModel):
    """A change was made: the version the game's log has now. The new state itself comes
    once, on the seat's websocket (or from ``GET /api/games/{id}``), not in this answer."""

    version: int


class Problem(BaseModel):
    """Why a request was refused."""

    detail: str
