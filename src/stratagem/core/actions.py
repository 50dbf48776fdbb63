"""Actions: small immutable values with a canonical text that ``apply_action`` accepts back.

An ``Action`` is a named tuple ``(id, text)``. Tuples compare and hash in C, which keeps
``legal_actions``/``apply_action`` lean; every game interns its actions once, in an
``ActionTable``, so the same decision is always the same object. The ``id`` is the fixed
discrete encoding used by reinforcement-learning adapters.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from stratagem.core.errors import UnknownAction


class Action(NamedTuple):
    """One atomic decision (or chance outcome) of a game."""

    id: int
    text: str

    def __str__(self) -> str:
        return self.text


def normalize_text(text: str) -> str:
    """Fold case and runs of white space, so that people need not type exactly."""
    return " ".join(text.split()).casefold()


class ActionTable:
    """Every action a game can ever take, numbered in a fixed order."""

    __slots__ = ("_actions", "_by_text")

    def __init__(self, texts: Iterable[str]) -> None:
        self._actions: tuple[Action, ...] = tuple(
            Action(index, text) for index, text in enumerate(texts)
        )
        self._by_text: dict[str, Action] = {}
        for action in self._actions:
            key = normalize_text(action.text)
            if key in self._by_text:
                raise ValueError(f"two actions share the text {action.text!r}")
            self._by_text[key] = action

    def __len__(self) -> int:
        return len(self._actions)

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    @property
    def all(self) -> Sequence[Action]:
        """All actions in id order."""
        return self._actions

    def parse(self, text: str) -> Action:
        """The action whose canonical text is ``text`` (case and spacing are forgiven)."""
        action = self._by_text.get(normalize_text(text))
        if action is None:
            raise UnknownAction(f"{text!r} is not an action of this game")
        return action

    def check(self, action: Action) -> Action:
        """``action`` itself if it belongs to this table, else ``UnknownAction``."""
        if 0 <= action.id < len(self._actions):
            known = self._actions[action.id]
            if known is action or known == action:
                return known
        raise UnknownAction(f"{action!r} is not an action of this game")
