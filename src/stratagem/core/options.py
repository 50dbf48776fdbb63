"""Game options, validated with pydantic before a game is built."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, ValidationError

from stratagem.core.errors import OptionError


class GameOptions(BaseModel):
    """Options every game takes. Games subclass this to add their own.

    ``players`` is checked against the game's range by the registry; ``data`` points at a
    user's own data pack folder (the same file names as the shipped pack).
    """

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: int
    data: Path | None = None


def validate_options(model: type[GameOptions], game: str, values: dict[str, object]) -> GameOptions:
    """``values`` checked against ``model``; every problem is named in one ``OptionError``."""
    try:
        return model.model_validate(values)
    except ValidationError as error:
        known = ", ".join(model.model_fields)
        problems = []
        for item in error.errors():
            where = ".".join(str(part) for part in item["loc"]) or "options"
            problems.append(f"option {where!r}: {item['msg']}")
        raise OptionError(f"{game}: " + "; ".join(problems) + f" (options: {known})") from None
