"""The Henry VIII action table: every decision and chance outcome, in a fixed order.

Decisions: ``Endeavour: <card>``, ``Support: <card>``, ``Discard: <card>``, ``Office
power: <office>``, ``Target: <character>``, ``Target: King Henry``, ``Target faction:
<seat>``, ``Captain: <character>``, ``Office: <office>``, ``Title: <title>``,
``Succession: <n>``, ``Modifier: <+n>``, ``Pass``, ``Yes``, ``No``.
Chance: ``Deal character: <character>``, ``Draw: <card>``, ``Lose: <card>``, ``Die: <n>``
(one die), ``Dice: <n>`` (two dice), ``Pick: <character>`` and ``Pick office: <office>``
(random choices the rules call for).
"""

from __future__ import annotations

from collections.abc import Sequence

from stratagem.games.henry_viii.pack import Book

(
    DEAL,
    DRAW,
    LOSE,
    DIE,
    DICE,
    PICK,
    PICK_OFFICE,
    ENDEAVOUR,
    SUPPORT,
    DISCARD,
    POWER,
    TARGET,
    HENRY,
    FACTION,
    CAPTAIN,
    OFFICE,
    TITLE,
    SUCCESSION,
    MODIFIER,
    PASS,
    YES,
    NO,
) = range(22)

MODIFIERS = (1, -1, 2, -2)
"""The values a player may choose for a support with a choice of modifier."""

HENRY_TARGET = -2
"""The target index that stands for King Henry himself."""


def action_texts(book: Book, seats: Sequence[str]) -> tuple[list[str], list[int], list[int]]:
    """Every action's text, kind and argument (the entity it names), in id order."""
    texts: list[str] = []
    kinds: list[int] = []
    args: list[int] = []

    def add(kind: int, entries: Sequence[str], prefix: str) -> None:
        for index, name in enumerate(entries):
            texts.append(f"{prefix}{name}")
            kinds.append(kind)
            args.append(index)

    people = [person.name for person in book.people]
    roster = [person.name for person in book.people if not person.born_card]
    cards = book.card_names
    offices = book.office_names
    add(DEAL, roster, "Deal character: ")
    add(DRAW, cards, "Draw: ")
    add(LOSE, cards, "Lose: ")
    for value in range(1, 7):
        texts.append(f"Die: {value}")
        kinds.append(DIE)
        args.append(value)
    for value in range(2, 13):
        texts.append(f"Dice: {value}")
        kinds.append(DICE)
        args.append(value)
    add(PICK, people, "Pick: ")
    add(PICK_OFFICE, offices, "Pick office: ")
    add(ENDEAVOUR, cards, "Endeavour: ")
    add(SUPPORT, cards, "Support: ")
    add(DISCARD, cards, "Discard: ")
    add(POWER, offices, "Office power: ")
    add(TARGET, people, "Target: ")
    texts.append("Target: King Henry")
    kinds.append(HENRY)
    args.append(HENRY_TARGET)
    add(FACTION, seats, "Target faction: ")
    add(CAPTAIN, people, "Captain: ")
    add(OFFICE, offices, "Office: ")
    add(TITLE, book.title_names, "Title: ")
    add(SUCCESSION, [str(n) for n in range(1, 11)], "Succession: ")
    for value in MODIFIERS:
        texts.append(f"Modifier: {value:+d}")
        kinds.append(MODIFIER)
        args.append(value)
    for kind, text in ((PASS, "Pass"), (YES, "Yes"), (NO, "No")):
        texts.append(text)
        kinds.append(kind)
        args.append(0)
    return texts, kinds, args
