"""Who plays each seat of one table, and what each link may see and do there.

``Seats.take`` is the one place a seat changes hands (a person joins, a link is replaced, a
person resigns or is handed over to a bot, the record is read again): it re-checks every
open connection's credential at once, so no connection receives a version its link no
longer entitles it to.

A link sees as its seat while a person plays it. Once a bot plays the seat (its person
resigned, or was handed over), the link still opens the game, as a spectator (and still
takes the seat in a rematch); a replaced link opens nothing.
"""

from __future__ import annotations

import dataclasses

from stratagem.bots import Bot, bot_names, make_bot
from stratagem.core import Game
from stratagem.server import seating
from stratagem.server.connections import ENDED, Connections
from stratagem.server.errors import Conflict, Forbidden, NotFound
from stratagem.server.fairness import commitment
from stratagem.server.payloads import TableInfo
from stratagem.server.seating import HUMAN, OPEN
from stratagem.server.storage import GameRecord, SeatRecord
from stratagem.server.tokens import seat_of_hash, seat_of_token, token_hash
from stratagem.sim import bot_rng


class Seats:
    """The seats of one table: their record, their bots, and their links."""

    def __init__(self, game: Game, record: GameRecord, connections: Connections) -> None:
        self.game = game
        self.connections = connections
        self.bots: dict[int, Bot] = {}
        self.take(record)

    def take(self, record: GameRecord) -> None:
        """Take in who plays each seat (at first, and after every change at the table),
        and re-check every open connection's link against it."""
        self.record = record
        self.info = TableInfo(
            id=record.id,
            game=record.game,
            title=self.game.info.title,
            seats=tuple((seat.name, seat.controller, seat.player) for seat in record.seats),
            commitment=commitment(record.id, record.seed),
        )
        kept = self.bots
        self.bots = {
            seat.seat: kept.get(seat.seat)
            or make_bot(seat.controller, self.game, bot_rng(record.seed, seat.seat))
            for seat in record.seats
            if seat.controller not in (HUMAN, OPEN)
        }
        self.connections.reauthorise(self.sight_of, self._told)

    def replace(self, seats: tuple[SeatRecord, ...]) -> None:
        """``seats`` stored anew (the others unchanged; none: a change at the table that
        moves no seat, after which the links are checked all the same)."""
        replaced = {seat.seat: seat for seat in seats}
        self.take(
            dataclasses.replace(
                self.record,
                seats=tuple(replaced.get(seat.seat, seat) for seat in self.record.seats),
            )
        )

    @property
    def open_seats(self) -> list[int]:
        """The seats waiting for a person (the game starts once there are none)."""
        return [seat.seat for seat in self.record.seats if seat.controller == OPEN]

    # -- links ------------------------------------------------------------------------------

    def _link(self, credential: str) -> int:
        """The seat whose link is ``credential`` (a token's hash), whoever plays it now."""
        seat = seat_of_hash(credential, ((s.seat, s.token_hash) for s in self.record.seats))
        if seat is None:
            raise Forbidden(f"this link's token matches no seat of game {self.record.id}")
        return seat

    def sight_of(self, credential: str) -> int | None:
        """Whom the link ``credential`` sees as: its seat while a person plays it, a
        spectator once a bot does; a link that matches no seat is refused."""
        seat = self._link(credential)
        return seat if self.record.seats[seat].controller == HUMAN else None

    def seat_for(self, token: str | None) -> int | None:
        """Whom ``token`` sees as (``None``: a spectator); a wrong token is refused."""
        if token is None or token == "":
            return None
        return self.sight_of(token_hash(token))

    def link_seat(self, token: str) -> int:
        """The seat of ``token``'s link, whoever plays it now (a rematch gives it back)."""
        return self._link(token_hash(token))

    def require_seat(self, token: str | None) -> int:
        """The seat ``token``'s person plays; spectators, wrong tokens and links whose
        seat a bot now plays are refused."""
        if not token:
            raise Forbidden("only a seat's own link may act: this request carries no token")
        seat = self.link_seat(token)
        record = self.record.seats[seat]
        if record.controller != HUMAN:
            raise Conflict(
                f"seat {record.name} is played by the {record.controller} bot now: "
                "this link only watches"
            )
        return seat

    def require_creator(self, token: str | None) -> None:
        """Refuse anyone but the game's creator."""
        stored = self.record.creator_hash
        if not token or stored is None or seat_of_token(token, [(0, stored)]) is None:
            raise Forbidden("only the game's creator (with the creator's link) may do this")

    def _told(self, before: int | None, after: int | None) -> str:
        """What a connection is told when its link changes sight from ``before`` to
        ``after`` (``None``: a spectator's; ``ENDED``: the link has ended)."""
        names = self.game.seat_names
        if after == ENDED:
            whose = "" if before is None else f"{names[before]} was given a new link: "
            return f"{whose}the link this page was opened with has ended"
        if after is not None:
            return f"this link plays {names[after]}"
        if before is None:
            return "this link watches as a spectator"
        controller = self.record.seats[before].controller
        return (
            f"{names[before]} is played by the {controller} bot now: "
            "this link watches as a spectator"
        )

    # -- the seats' changes ----------------------------------------------------------------

    def named(self, seat: int) -> SeatRecord:
        """The record of seat number ``seat``; refused if there is none."""
        if not 0 <= seat < len(self.record.seats):
            names = ", ".join(f"{i} ({n})" for i, n in enumerate(self.game.seat_names))
            raise NotFound(f"this game has seats {names}, not {seat}")
        return self.record.seats[seat]

    def stand_in(self, seat: SeatRecord) -> SeatRecord:
        """``seat`` played by a bot from now on; its person's link watches as a
        spectator (and takes the seat back in a rematch)."""
        bot = seating.stand_in(bot_names(self.game.name))
        return dataclasses.replace(seat, controller=bot)
