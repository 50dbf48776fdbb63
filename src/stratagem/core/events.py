"""The event log: what happened, in words, with the rulebook section that made it happen.

An event may be private to one seat (a card drawn into a hand). Then the other seats see
its ``public_text`` instead (``"Dutch draws a card"``), or nothing when that is ``None``.
``redact`` builds the entry one seat may read; the web table and the terminal both use it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

JsonDict = dict[str, Any]


class Event(NamedTuple):
    """One entry of ``State.events``."""

    text: str
    rule: str
    data: JsonDict
    private_to: int | None = None
    public_text: str | None = None
    public_data: JsonDict | None = None

    def to_json(self) -> JsonDict:
        """The whole event, private parts included (for ``State.to_json``)."""
        doc: JsonDict = {"text": self.text, "rule": self.rule, "data": self.data}
        if self.private_to is not None:
            doc["private_to"] = self.private_to
            doc["public_text"] = self.public_text
            doc["public_data"] = self.public_data
        return doc

    @classmethod
    def from_json(cls, doc: JsonDict) -> Event:
        """Inverse of ``to_json``."""
        return cls(
            text=str(doc["text"]),
            rule=str(doc["rule"]),
            data=dict(doc["data"]),
            private_to=doc.get("private_to"),
            public_text=doc.get("public_text"),
            public_data=doc.get("public_data"),
        )

    def redact(self, seat: int | None) -> JsonDict | None:
        """This event as ``seat`` may read it (``None``: a spectator), or ``None`` if unseen."""
        if self.private_to is None or self.private_to == seat:
            return {"text": self.text, "rule": self.rule, "data": self.data}
        if self.public_text is None:
            return None
        return {"text": self.public_text, "rule": self.rule, "data": self.public_data or {}}
