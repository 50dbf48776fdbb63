"""The levels' strength as the lab measured it: ``level_ratings.toml``, one entry per game
and level, each the score of a level against another one in ``stratagem tournament`` runs,
with its 95% interval, when and by which commands.

The file is the one source of these figures: ``docs/LEVELS.md``'s table is made from it
(``doc_with_table``; ``benchmarks/level_table.py`` writes it, a test checks the doc agrees)
and the lobby shows it (``GET /api/levels``). A broken file fails at load, naming the entry
and the reason, like a data pack.
"""

from __future__ import annotations

import datetime as dt
import functools
from pathlib import Path

from pydantic import Field, field_validator, model_validator

from stratagem.bots.levels import level_names
from stratagem.core import available_games, game_info
from stratagem.core.datapack import PackModel, load_pack_file

RATINGS_FILE = Path(__file__).with_name("level_ratings.toml")
TABLE_START = (
    "<!-- level ratings: made from src/stratagem/bots/level_ratings.toml by "
    "`python benchmarks/level_table.py`; edit the file, not this table -->"
)
TABLE_END = "<!-- end of level ratings -->"


class Share(PackModel):
    """A share in per cent with its 95% Wilson interval."""

    share: float = Field(ge=0, le=100)
    low: float = Field(ge=0, le=100)
    high: float = Field(ge=0, le=100)

    @model_validator(mode="after")
    def _interval_holds_the_share(self) -> Share:
        if not self.low <= self.share <= self.high:
            raise ValueError(f"the interval {self.low}-{self.high} does not hold {self.share}")
        return self

    def words(self) -> str:
        """``63.5% (53.7-72.3)``."""
        return f"{self.share:.1f}% ({self.low:.1f}-{self.high:.1f})"


class LevelRating(PackModel):
    """How ``level`` scored against ``opponent`` in ``game`` at a table of ``players``: in
    a game of more than two seats it sat alone, in each seat in turn, against ``opponent``
    in every other seat."""

    game: str
    level: str
    opponent: str
    players: int = Field(ge=2)
    games: int = Field(gt=0)
    wins: Share
    draws: float = Field(ge=0, le=100)
    score: Share
    date: dt.date
    commands: tuple[str, ...] = Field(min_length=1)
    conditions: str = Field(min_length=1)

    @field_validator("game")
    @classmethod
    def _a_registered_game(cls, name: str) -> str:
        known = [info.name for info in available_games()]
        if name not in known:
            raise ValueError(f"no game {name!r}; the games: {', '.join(known)}")
        return name

    @field_validator("level", "opponent")
    @classmethod
    def _a_level(cls, name: str) -> str:
        if name not in level_names():
            raise ValueError(f"no level {name!r}; the levels: {', '.join(level_names())}")
        return name

    @field_validator("commands")
    @classmethod
    def _commands_are_written(cls, commands: tuple[str, ...]) -> tuple[str, ...]:
        if any(not command.strip() for command in commands):
            raise ValueError("a command is blank")
        return commands

    @model_validator(mode="after")
    def _a_table_of_the_game(self) -> LevelRating:
        if self.level == self.opponent:
            raise ValueError(f"{self.level!r} is measured against itself")
        info = game_info(self.game)
        if not info.min_players <= self.players <= info.max_players:
            raise ValueError(
                f"{self.game} is played by {info.min_players} to {info.max_players}, "
                f"not {self.players}"
            )
        return self

    @property
    def even(self) -> float:
        """The score of a level as strong as its opponent, in per cent: its share of the seats."""
        return 100 / self.players

    def words(self) -> str:
        """The rating in a sentence, as the lobby shows it (before its date)."""
        against = (
            f"against {self.opponent}"
            if self.players == 2
            else f"alone against {self.opponent} at {self.players} players (even {self.even:.1f}%)"
        )
        return f"{self.score.words()} of the points {against}, {self.games} games"


class _RatingsFile(PackModel):
    rating: tuple[LevelRating, ...]

    @model_validator(mode="after")
    def _one_rating_per_measure(self) -> _RatingsFile:
        seen: set[tuple[str, str, str, int]] = set()
        for entry in self.rating:
            key = (entry.game, entry.level, entry.opponent, entry.players)
            if key in seen:
                raise ValueError(
                    f"{entry.game}: {entry.level} against {entry.opponent} at "
                    f"{entry.players} players is rated twice"
                )
            seen.add(key)
        return self


def load_ratings(path: Path = RATINGS_FILE) -> tuple[LevelRating, ...]:
    """Every rating in ``path``, in its order (``DataPackError`` if it is broken)."""
    return load_pack_file(path, _RatingsFile).rating


@functools.cache
def ratings() -> tuple[LevelRating, ...]:
    """The ratings shipped with the project."""
    return load_ratings()


def ratings_of(game: str, level: str) -> list[LevelRating]:
    """The shipped ratings of ``level`` in ``game``."""
    return [entry for entry in ratings() if entry.game == game and entry.level == level]


def markdown_table(entries: tuple[LevelRating, ...]) -> str:
    """The ratings as ``docs/LEVELS.md`` prints them: a table, then each line's commands."""
    lines = [
        "| game | level | against | players | games | even | wins | draws | score | measured |",
        "|---|---|---|---:|---:|---:|---|---:|---|---|",
    ]
    for entry in entries:
        lines.append(
            f"| {game_info(entry.game).title} | `{entry.level}` | `{entry.opponent}` "
            f"| {entry.players} | {entry.games} | {entry.even:.1f}% | {entry.wins.words()} "
            f"| {entry.draws:.1f}% | {entry.score.words()} | {entry.date} |"
        )
    lines += ["", "How each line was measured:", ""]
    for entry in entries:
        commands = "; ".join(f"`{command}`" for command in entry.commands)
        lines.append(
            f"- {game_info(entry.game).title}, `{entry.level}` against `{entry.opponent}` "
            f"({entry.conditions}): {commands}"
        )
    return "\n".join(lines)


def doc_with_table(doc: str, entries: tuple[LevelRating, ...]) -> str:
    """``doc`` with the text between its ``TABLE_START`` and ``TABLE_END`` lines made from
    ``entries``; ``ValueError`` if it has no such place."""
    start, end = doc.find(TABLE_START), doc.find(TABLE_END)
    if start < 0 or end < start:
        raise ValueError(f"the document has no {TABLE_START!r} line followed by {TABLE_END!r}")
    head = doc[: start + len(TABLE_START)]
    return f"{head}\n\n{markdown_table(entries)}\n\n{doc[end:]}"
