"""The Line of Succession [Heirs and Succession] [Act of Succession Card] [On the birth of
a Tudor Heir].

The line is a list of heirs in order. It is kept closed up: when someone leaves, everyone
below shuffles up one place, save that a woman can never hold Succession 1, which stays
empty while a woman heads the line (so Mary Tudor starts on Succession 2).
"""

from __future__ import annotations

from stratagem.games.henry_viii.people import People


class Succession(People):
    """The Line of Succession."""

    __slots__ = ()

    def positions_for(self, c: int) -> list[int]:
        """The Succession cards an Act of Succession may give ``c`` (1 is the best; never
        to a woman) [Act of Succession Card] [Heirs and Succession] [Rulings R17]."""
        line = [h for h in self.line if h != c]
        last = min(self.succession_cards(), len(line) + self.line_hole(line) + 1)
        first = 2 if self.female(c) else 1
        return list(range(first, last + 1))

    def line_insert(self, c: int, position: int) -> None:
        """Give ``c`` Succession card ``position``; its holder and everyone below move one
        down, and whoever falls off the last card leaves the line. An unassigned Succession
        1 stays unassigned unless ``c`` takes it [Act of Succession Card] [Rulings R17]."""
        if c in self.line:
            self.line.remove(c)
        hole = self.line_hole(self.line)
        self.first_vacant = position > 1 and (hole == 1 or (not self.line and position == 2))
        self.line.insert(max(0, position - 1 - hole), c)
        cards = self.succession_cards()
        while self.line and self.line_position(self.line[-1]) > cards:
            dropped = self.line.pop()
            self._log(
                f"{self.name(dropped)} falls off the end of the Line of Succession.",
                "Act of Succession Card",
                {"character": self.name(dropped)},
            )

    def birth_position(self, c: int) -> int:
        """Where a newborn Tudor goes: a son after Henry's Tudor sons in the line, ahead of
        everyone else; a daughter after all of Henry's Tudor children already in the line,
        whoever stands between them [E. Check for the birth of a Tudor Heir] [Heirs and
        Succession] [Rulings R17]."""
        son = not self.female(c)
        index = 0
        for place, holder in enumerate(self.line):
            person = self.book.people[holder]
            if person.tudor and (not son or not person.female):
                index = place + 1
        line = self.line[:index]
        hole = self.line_hole(line) if line else int(self.female(c))
        return index + 1 + hole
