"""What an analysis finds: each of the seat's decisions judged, and the turning points.

Everything here is plain data that turns into JSON and back (``to_json``/``from_json``), so
an analysis can be stored with its game and shown again without being computed again.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from stratagem.core import JsonDict

SAMPLES = 16
ITERATIONS = 100


@dataclass(frozen=True, slots=True)
class Settings:
    """How hard an analysis looks (the same settings give the same analysis)."""

    samples: int = SAMPLES
    """Worlds drawn from the seat's view to judge each decision (paired)."""
    iterations: int = ITERATIONS
    """The strongest bot's budget at each decision (the ``hard`` level on iterations, so
    that its choice depends on the seed and the seat's information alone)."""
    rounds: int = 1
    """Rounds a playout plays before the game's evaluator scores it."""
    seed: int = 0

    def __post_init__(self) -> None:
        for name in ("samples", "iterations", "rounds"):
            if getattr(self, name) < 1:
                raise ValueError(f"{name} must be 1 or more, not {getattr(self, name)}")


@dataclass(frozen=True, slots=True)
class Decision:
    """One of the seat's decisions: what it played, what the strongest bot would have
    played, and each seat's chance after each (from the seat's view)."""

    step: int
    """The step of the log at which the seat acted (from 1)."""
    turn: int | None
    """The turn, where the game's view shows one."""
    played: str
    best: str
    chances: tuple[float, ...]
    """Each seat's chance after the action played."""
    best_chances: tuple[float, ...]
    """Each seat's chance after the strongest bot's choice (the same when it agrees)."""

    def loss(self, seat: int) -> float:
        """How much better the seat's chance would have been with the strongest bot's
        choice (negative when the estimate favours what was played)."""
        return self.best_chances[seat] - self.chances[seat]


@dataclass(frozen=True, slots=True)
class TurningPoint:
    """A decision after which the seat's chance had moved the most since its previous one
    (the other seats' moves and chance in between, and its own move)."""

    index: int
    """The decision's place in ``Analysis.decisions``."""
    step: int
    swing: float
    """The seat's chance after this decision less its chance after the one before."""


@dataclass(frozen=True, slots=True)
class Analysis:
    """A finished game judged for one seat, from what that seat could see."""

    game: str
    seat: int
    seats: tuple[str, ...]
    settings: Settings
    decisions: tuple[Decision, ...]
    turning_points: tuple[TurningPoint, ...] = field(default=())

    @property
    def seat_name(self) -> str:
        return self.seats[self.seat]

    def to_json(self) -> JsonDict:
        return asdict(self)

    @classmethod
    def from_json(cls, doc: JsonDict) -> Analysis:
        decisions = tuple(
            Decision(
                step=item["step"],
                turn=item["turn"],
                played=item["played"],
                best=item["best"],
                chances=tuple(item["chances"]),
                best_chances=tuple(item["best_chances"]),
            )
            for item in doc["decisions"]
        )
        points: list[Any] = doc["turning_points"]
        return cls(
            game=doc["game"],
            seat=doc["seat"],
            seats=tuple(doc["seats"]),
            settings=Settings(**doc["settings"]),
            decisions=decisions,
            turning_points=tuple(TurningPoint(**point) for point in points),
        )
