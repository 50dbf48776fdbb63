"""Request and response bodies of the web table's API (validated by pydantic; published in
the OpenAPI schema at ``/openapi.json``)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

MAX_SEED = 2**63 - 1
OptionValue = bool | int | float | str | list[str] | None
"""What an option may be given as from the web: a scalar, a list of names, or ``None``."""


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CatalogEntry(BaseModel):
    """A game the table can host."""

    name: str
    title: str
    min_players: int
    max_players: int
    seats: dict[str, list[str]] = Field(description="Seat names for each player count.")
    controllers: list[str] = Field(description="'human' and the bots that can play it.")
    options: dict[str, Any] = Field(description="The game's own options with their defaults.")


class CreateGame(_Body):
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
        description="Per seat, in order: 'human' or a bot's name (default: all human).",
        examples=[["human", "heuristic"]],
    )
    seed: int | None = Field(default=None, ge=0, le=MAX_SEED)


class SeatLink(BaseModel):
    """A seat of a new game; a human seat's link carries its secret token (shown once)."""

    seat: str
    controller: str
    link: str | None


class CreatedGame(BaseModel):
    """The answer to ``CreateGame``."""

    id: str
    game: str
    title: str
    spectator_link: str
    seats: list[SeatLink]


class ActionRequest(_Body):
    """One action by its canonical text, optionally tied to the version the seat saw."""

    action: str = Field(min_length=1, max_length=300, examples=["Stop discarding"])
    version: int | None = Field(
        default=None, ge=0, description="Refuse the action if the game has moved on since."
    )


class Problem(BaseModel):
    """Why a request was refused."""

    detail: str
