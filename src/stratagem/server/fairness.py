"""Fair chance at the web table: nobody seated can know the deck in advance.

* A game with a person seated gets its seed from ``secrets`` on the server (``new_seed``);
  a seed chosen by the caller is refused (``check_seed_choice``). A game of bots alone may
  be given a seed, so that it can be played again.
* When the game is created, every seat is shown ``commitment(game_id, seed)``: the SHA-256
  of ``stratagem-seed:<game id>:<seed>``. The seed itself is never shown while the game
  runs.
* Chance outcome number ``seq`` of the table's log (take-backs counted) is
  ``state.sample_chance(table_chance_rng(seed, seq))`` (``stratagem.sim.fairness``).
* Once the game is over, the seed is published and the game can be exported
  (``table_log_lines``) as a game log that ``stratagem replay`` replays, checking the
  commitment and every chance outcome against the seed.

The commitment and the chance generator live in ``stratagem.sim.fairness`` so that the game
log can check deals without importing the server.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from stratagem.core import JsonDict
from stratagem.server.errors import Invalid
from stratagem.server.storage import Entry, GameRecord, SeatRecord
from stratagem.sim.fairness import commitment, commitment_preimage
from stratagem.sim.gamelog import table_log_text

__all__ = [
    "PEOPLE",
    "SEED_BITS",
    "check_seed_choice",
    "commitment",
    "commitment_preimage",
    "game_seed",
    "new_seed",
    "table_log_lines",
]

PEOPLE = ("human", "open")
"""Controllers of seats a person plays or will play (``seating.HUMAN`` and ``OPEN``)."""
SEED_BITS = 63
"""A seed's size: it fits the database's signed 64-bit column."""


def new_seed() -> int:
    """A fresh secret seed of ``SEED_BITS`` bits from ``secrets``."""
    return secrets.randbits(SEED_BITS)


def check_seed_choice(
    seed: int | None, controllers: Sequence[str], seat_names: Sequence[str] | None = None
) -> None:
    """Refuse (``Invalid``) a seed chosen by the caller when a person is seated.

    ``controllers`` are the seats' controllers in seat order (``human`` or a bot's name);
    ``seat_names``, when given, name the people's seats in the reason. No seed, or a seed
    for a game of bots alone, is accepted.
    """
    if seed is None:
        return
    people = [index for index, controller in enumerate(controllers) if controller in PEOPLE]
    if not people:
        return
    named = [
        seat_names[index] if seat_names is not None and index < len(seat_names) else str(index)
        for index in people
    ]
    seats = ", ".join(named)
    raise Invalid(
        f"a seed can be chosen only for a game of bots alone, and a person plays "
        f"{'seat' if len(people) == 1 else 'seats'} {seats}: whoever chose the seed "
        "would know every draw in advance. Leave the seed out: the server draws one in "
        "secret, shows every seat its SHA-256 commitment at the start and the seed itself "
        "once the game is over."
    )


def game_seed(
    seed: int | None, controllers: Sequence[str], seat_names: Sequence[str] | None = None
) -> int:
    """The seed a new game gets: the caller's (bots alone; ``check_seed_choice`` refuses
    it otherwise), or a fresh secret one."""
    check_seed_choice(seed, controllers, seat_names)
    return new_seed() if seed is None else seed


def _number(seat: SeatRecord) -> int:
    return seat.seat


def table_log_lines(
    record: GameRecord,
    entries: Sequence[Entry],
    result: JsonDict,
    *,
    committed: str | None = None,
) -> str:
    """The text of a game log of a finished game, for ``stratagem replay`` to check.

    ``record`` gives the game, its options, seed, seats (names and controllers) and id;
    ``entries`` are its whole log, take-backs included; ``result`` is the finished game's
    ``state.result()``. ``committed`` is the commitment shown at creation (default:
    the one computed from the record's id and seed). The text holds the seed, so call this
    only once the game is over. Format: version 2 of ``stratagem.sim.gamelog`` (a header
    with ``"chance": "table"``, ``"table"`` and ``"commitment"``, then one line per entry
    with its ``seq``, take-backs as ``"undo": true`` lines, then the result).
    """
    return table_log_text(
        game=record.game,
        options=record.options,
        seed=record.seed,
        seats=[(seat.name, seat.controller) for seat in sorted(record.seats, key=_number)],
        table=record.id,
        commitment=commitment(record.id, record.seed) if committed is None else committed,
        entries=entries,
        result=result,
    )
