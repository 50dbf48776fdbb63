"""What each seat and spectator is sent of a table's current version.

A seat's payload is cut from its ``Sight`` of the current state and its readable log,
each computed once per version and shared by every connection of that seat; the table's
own facts (moves, open seats, the public table log, who resigned, the end) are computed
once per version for all. Payloads are serialized once per version, seat and start, and
the same text goes to every connection that needs it.

A connection is sent its seat's whole payload once (its ``document``), then only the
changes: the RFC 6902 patch from the document it has to the current one (``update``),
made once per seat and version it is sent from, and shared by the connections of that
seat that have the same one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import JsonDict
from stratagem.server import seating
from stratagem.server.pace import clock_of
from stratagem.server.patches import diff
from stratagem.server.payloads import Sight, build_payload, dumps, revealed_hands, sight_of
from stratagem.server.ratings import may_be_rated

if TYPE_CHECKING:
    from stratagem.server.connections import Connection
    from stratagem.server.table import Table


class Views:
    """The caches of what ``table``'s seats see now."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.epoch = 0
        """Counts the states connections are told of (a chat line is not one)."""
        self.reset()

    def reset(self) -> None:
        """The state was replaced: every cache starts again."""
        self._logs: dict[int | None, list[JsonDict]] = {}
        self._raw = len(self.table.state.events)
        """How many of the state's events the kept logs have taken in."""
        self._sights: dict[int | None, Sight] = {}
        self._texts: dict[tuple[int | None, int], str] = {}
        self._documents: dict[int | None, JsonDict] = {}
        self._patches: dict[tuple[int | None, int], str] = {}
        self._open_hands: list[JsonDict] | None = None
        self._facts: JsonDict | None = None
        self.epoch += 1

    def extend(self) -> None:
        """The state moved on from the cached one by appending: logs grow, the rest is new."""
        state = self.table.state
        for seat, events in self._logs.items():
            events.extend(state.visible_events(seat, self._raw))
        self._raw = len(state.events)
        self._sights.clear()
        self._texts.clear()
        self._documents.clear()
        self._patches.clear()
        self._open_hands = None
        self._facts = None
        self.epoch += 1

    def events(self, seat: int | None) -> list[JsonDict]:
        """The log as ``seat`` may read it now (kept and extended, not rebuilt)."""
        events = self._logs.get(seat)
        if events is None:
            events = self._logs[seat] = self.table.state.visible_events(seat)
        return events

    def sight(self, seat: int | None) -> Sight:
        """What ``seat`` may know now (computed once per version)."""
        sight = self._sights.get(seat)
        if sight is None:
            table = self.table
            sight = self._sights[seat] = sight_of(
                table.record.game, table.state, seat, table=table.record.id, over=table.finished
            )
        return sight

    def payload(self, seat: int | None, events_start: int = 0) -> JsonDict:
        """The current payload for ``seat`` (``None``: a spectator)."""
        table = self.table
        payload = build_payload(
            table.info,
            self.sight(seat),
            self.events(seat),
            version=table.version,
            events_start=events_start,
            can_take_back=seat is not None and table.takeback_blocker(seat) is None,
            seed=table.record.seed if table.finished else None,
        )
        if self._facts is None:
            self._facts = self._table_facts()
        payload.update(self._facts)
        return payload

    def document(self, seat: int | None) -> JsonDict:
        """The whole payload for ``seat`` (its whole log), made once per version: what a
        connection of that seat holds once it is sent."""
        document = self._documents.get(seat)
        if document is None:
            document = self._documents[seat] = self.payload(seat)
        return document

    def message(self, seat: int | None, events_start: int = 0) -> str:
        """``payload`` as the JSON text sent, made once per version, seat and start."""
        key = (seat, events_start)
        text = self._texts.get(key)
        if text is None:
            payload = self.document(seat) if events_start == 0 else self.payload(seat, events_start)
            text = self._texts[key] = dumps(payload)
        return text

    def update(self, connection: Connection) -> str:
        """What ``connection`` is sent now to hold its seat's current payload: the patch
        from the payload it holds (``{"type": "patch", "from": <its version>, "version":
        <the new one>, "ops": [...]}``), or the whole payload when it holds none (a new
        connection, one that sees as another seat now, or one that asked for it) or the
        patch would be no shorter."""
        seat = connection.seat
        document = self.document(seat)
        base = connection.holds
        text = None
        if base is not None:
            key = (seat, connection.sent_version)
            text = self._patches.get(key)
            if text is None:
                patch = {
                    "type": "patch",
                    "from": base["version"],
                    "version": document["version"],
                    "ops": diff(base, document),
                }
                text = self._patches[key] = dumps(patch)
            behind = connection.sent_version < self.epoch - 1
            if behind and len(text) >= len(self.message(seat)):
                text = None  # too far behind: the whole payload is no longer
        connection.holds = document
        connection.sent_version = self.epoch
        return self.message(seat) if text is None else text

    def _table_facts(self) -> JsonDict:
        """What every seat may know of the table itself (computed once per version): who
        has moved how often, the open seats, the public log of changes at the table and
        take-backs, who resigned, whether it counts for ratings if it ends with its seats
        as they are, whether it is over (by resignation too), each seat's hand and secrets
        once it is over, its rematch, how long absent seats are waited for, and a timed
        game's clock (who is to act and when the log grew: public)."""
        table = self.table
        names = table.game.seat_names
        moves = dict.fromkeys(names, 0)
        for entry in table.standing:
            if entry.seat >= 0:
                moves[names[entry.seat]] += 1
        lines = table.table_log
        facts: JsonDict = {
            "moves": moves,
            "open_seats": [names[seat] for seat in table.open_seats],
            "rematch": seating.rematch_of(table.entries),
            "hand_over_after": table.record.hand_over_after,
            "waiting_since": round(table.changed_at),
            "table_log": list(lines),  # a copy: a payload sent is never changed after
            "resigned": [line["seat"] for line in lines if line["what"] == "resigned"],
            "rated": may_be_rated(table.record),
        }
        pace = table.record.pace
        if pace is not None:
            facts["clock"] = clock_of(pace, table.turn, names)
        if table.finished:
            facts["finished"] = True
            facts["to_move"] = None
            facts["legal"] = []
            facts["result"] = table.result()
            facts["revealed"] = self._revealed_hands()
        return facts

    def _revealed_hands(self) -> list[JsonDict]:
        """Each seat's hand and secrets at the end: once the game is over, every hand and
        secret is open to all."""
        if self._open_hands is None:
            self._open_hands = revealed_hands(self.table.state)
        return self._open_hands
