"""The Sixteen Thirty Something actions: their kinds, their canonical texts and the fixed
numbering (``ActionTable``) that reinforcement-learning adapters use.

Every action is ``(kind, a, b)``: a kind from the list below and up to two arguments (a
card kind, a country, a seat, a Special Card, a die result). The texts:

- chance: ``Counter: <country>``, ``Draw: <card>``, ``First player: <seat>``,
  ``Dice difference: <0-5>``, ``Random end: the game ends`` / ``... goes on``;
- influence: ``Lay: <card>``, ``Lay: Open 1 on <country>``, ``Done laying``,
  ``Remove: <card>``, ``Remove: Open 1 from <country>``;
- trading: ``Propose a trade`` / ``No trade``, ``Ask for: <card type>``, ``Done asking``,
  ``Offer: <card>`` (its type shown) or ``Offer, stating its value: <card>``,
  ``Done offering``, ``Make an offer`` / ``Make no offer``, ``Accept the offer of
  <seat>``, ``Decline every offer``, ``Change what is asked for and offered``;
- Special Cards: ``Play: <special>``, ``Play no more Special Cards``,
  ``<special>: <country>``, ``Assassinate: <card> of <seat>``,
  ``Assassinate: Open 1 (<country>) of <seat>``;
- the vote: ``Vote in: <country>``, ``Issue: war on <country>``, ``Issue: change sides``,
  ``Issue: re-arm``, ``Vote red``, ``Vote blue``, ``Vote war``, ``Vote peace``;
- the hand limit: ``Discard: <card>``.
"""

from __future__ import annotations

from dataclasses import dataclass

from stratagem.core import Action, ActionTable
from stratagem.games.sixteen_thirty_something.pack import (
    ARMY,
    IMPROVEMENT,
    LEADER,
    SPECIAL_NAMES,
    STATUS,
    UNREST,
    Book,
)

(
    COUNTER,
    DRAW,
    FIRST,
    DICE,
    END_ROLL,
    LAY,
    LAY_OPEN,
    DONE_LAYING,
    REMOVE,
    REMOVE_OPEN,
    ASK,
    DONE_ASKING,
    NO_TRADE,
    OFFER,
    DONE_OFFERING,
    ACCEPT,
    DECLINE,
    PLAY,
    NO_SPECIAL,
    TARGET,
    ASSASSINATE,
    ASSASSINATE_OPEN,
    CALL,
    ISSUE_WAR,
    ISSUE_CHANGE,
    ISSUE_REARM,
    CAST,
    DISCARD,
    PROPOSE,
    MAKE_OFFER,
    NO_OFFER,
    REVISE,
    OFFER_STATED,
) = range(33)

CHANCE_KINDS = frozenset({COUNTER, DRAW, FIRST, DICE, END_ROLL})

TARGETED = (IMPROVEMENT, ARMY, STATUS, LEADER, UNREST)
"""Special Cards played on a country."""

RED, BLUE = 0, 1
"""Casting Votes: the two sides of a Voting Counter (red is also war, blue peace)."""

CAST_TEXTS = ("Vote red", "Vote blue", "Vote war", "Vote peace")
"""``CAST`` actions: ``a`` is the side (red/war = 0, blue/peace = 1), ``b`` 0 for a
faction vote and 1 for a war or re-arm vote."""

DICE_FACES = 6


@dataclass(frozen=True, slots=True)
class Encoding:
    """The action table and, for each action id, its kind and arguments."""

    table: ActionTable
    kind: tuple[int, ...]
    a: tuple[int, ...]
    b: tuple[int, ...]
    c: tuple[int, ...]
    index: dict[tuple[int, int, int, int], Action]

    def get(self, kind: int, a: int = -1, b: int = -1, c: int = -1) -> Action:
        """The action ``(kind, a, b, c)``."""
        return self.index[(kind, a, b, c)]


def build_encoding(book: Book, seats: tuple[str, ...]) -> Encoding:
    """Every action of a game with this pack and these seats, numbered once."""
    rows: list[tuple[str, int, int, int, int]] = []

    def add(text: str, kind: int, a: int = -1, b: int = -1, c: int = -1) -> None:
        rows.append((text, kind, a, b, c))

    countries = book.countries
    names = book.kind_names
    named = [k for kinds in book.named_kinds for k in kinds]
    for c, country in enumerate(countries):
        add(f"Counter: {country}", COUNTER, c)
    for k, name in enumerate(names):
        add(f"Draw: {name}", DRAW, k)
    for s, seat in enumerate(seats):
        add(f"First player: {seat}", FIRST, s)
    for d in range(DICE_FACES):
        add(f"Dice difference: {d}", DICE, d)
    add("Random end: the game goes on", END_ROLL, 0)
    add("Random end: the game ends", END_ROLL, 1)
    for k in named:
        add(f"Lay: {names[k]}", LAY, k)
    for k in book.open_kinds:
        for c, country in enumerate(countries):
            add(f"Lay: {names[k]} on {country}", LAY_OPEN, k, -1, c)
    add("Done laying", DONE_LAYING)
    for k in named:
        add(f"Remove: {names[k]}", REMOVE, k)
    for k in book.open_kinds:
        for c, country in enumerate(countries):
            add(f"Remove: {names[k]} from {country}", REMOVE_OPEN, k, -1, c)
    for t, name in enumerate(book.type_names):
        add(f"Ask for: {name}", ASK, t)
    add("Propose a trade", PROPOSE)
    add("No trade", NO_TRADE)
    add("Done asking", DONE_ASKING)
    for k, name in enumerate(names):
        add(f"Offer: {name}", OFFER, k)
    add("Done offering", DONE_OFFERING)
    add("Make an offer", MAKE_OFFER)
    add("Make no offer", NO_OFFER)
    for s, seat in enumerate(seats):
        add(f"Accept the offer of {seat}", ACCEPT, s)
    add("Decline every offer", DECLINE)
    for sp, name in enumerate(SPECIAL_NAMES):
        add(f"Play: {name}", PLAY, sp)
    add("Play no more Special Cards", NO_SPECIAL)
    for sp in TARGETED:
        for c, country in enumerate(countries):
            add(f"{SPECIAL_NAMES[sp]}: {country}", TARGET, sp, c)
    for s, seat in enumerate(seats):
        for k in named:
            add(f"Assassinate: {names[k]} of {seat}", ASSASSINATE, k, s)
        for k in book.open_kinds:
            for c, country in enumerate(countries):
                add(f"Assassinate: {names[k]} ({country}) of {seat}", ASSASSINATE_OPEN, k, s, c)
    for c, country in enumerate(countries):
        add(f"Vote in: {country}", CALL, c)
    for c, country in enumerate(countries):
        add(f"Issue: war on {country}", ISSUE_WAR, c)
    add("Issue: change sides", ISSUE_CHANGE)
    add("Issue: re-arm", ISSUE_REARM)
    for number, text in enumerate(CAST_TEXTS):
        add(text, CAST, number % 2, number // 2)
    for k, name in enumerate(names):
        add(f"Discard: {name}", DISCARD, k)
    add("Change what is asked for and offered", REVISE)
    for k, name in enumerate(names):
        if k not in book.special_kinds:
            add(f"Offer, stating its value: {name}", OFFER_STATED, k)
    table = ActionTable(row[0] for row in rows)
    return Encoding(
        table=table,
        kind=tuple(row[1] for row in rows),
        a=tuple(row[2] for row in rows),
        b=tuple(row[3] for row in rows),
        c=tuple(row[4] for row in rows),
        index={row[1:]: table[i] for i, row in enumerate(rows)},
    )
