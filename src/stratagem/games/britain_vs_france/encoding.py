"""The kinds of 1750 actions, their canonical texts and the fixed action table.

Every action is ``(kind, a, b)``: a kind below and up to two small integer arguments (a
colony, a battle card, an event card type, a number). ``ActionBook`` builds the texts once
per loaded game, so that the id of each action is a fixed encoding.
"""

from __future__ import annotations

from collections.abc import Iterator

from stratagem.core import Action, ActionTable
from stratagem.games.britain_vs_france.effects import THEATERS
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.pack import Book

(
    ROLL_OFF,
    DRAW_COLONY,
    DRAW_EVENT,
    DRAW_SECRET,
    DIE,
    FIRST_CHOICE,
    CONTROL,
    PLAY,
    PASS,
    TARGET_LOCATION,
    TARGET_UNIT,
    TARGET_CARD,
    COLONY_ROLL,
    END_LEADER,
    ATTEMPT,
    SKIP_ATTEMPT,
    BOOST,
    COUNTER,
    BUY,
    BUY_EVENT,
    END_PURCHASES,
    RANSOM,
    ACCEPT_RANSOM,
    REFUSE_RANSOM,
    MOVE,
    END_MOVEMENT,
    FIGHT,
    PAIR,
    JOIN,
    DESTROY,
    PLACE,
    END_PLACEMENT,
    EXCHANGE,
    PASS_TURN,
    COLONY_END,
    TAKE_CONTROL,
    LEAVE_UNTAKEN,
) = range(37)

CHANCE_KINDS = frozenset({ROLL_OFF, DRAW_COLONY, DRAW_EVENT, DRAW_SECRET, DIE})

PLACE_FIRST, TURN_FIRST = 0, 1
LEFT_END, RIGHT_END = 0, 1


def play_text(name: str, label: str, options: int) -> str:
    """``Play: Minorca: gain 1 gold`` for an "OR" card, ``Play: Lagos`` otherwise."""
    return f"Play: {name}" if options == 1 else f"Play: {name}: {label}"


def _entries(book: Book, ransom_max: int) -> Iterator[tuple[int, int, int, str]]:
    locations = book.locations
    units = book.unit_labels
    for seat, name in enumerate(SEATS):
        yield ROLL_OFF, seat, 0, f"Roll-off: {name} wins"
    for colony, name in enumerate(book.colony_names):
        yield DRAW_COLONY, colony, 0, f"Draw colony: {name}"
    for kind, card in enumerate(book.event_types):
        yield DRAW_EVENT, kind, 0, f"Draw historic event: {card.name}"
    for index, secret in enumerate(book.secrets):
        yield DRAW_SECRET, index, 0, f"Draw secret objective: {secret.name}"
    for face in range(1, 7):
        yield DIE, face, 0, f"Roll: {face}"
    yield FIRST_CHOICE, PLACE_FIRST, 0, "Place the first control marker"
    yield FIRST_CHOICE, TURN_FIRST, 0, "Take the first game turn"
    for colony, name in enumerate(book.colony_names):
        yield CONTROL, colony, 0, f"Control: {name}"
    for kind, card in enumerate(book.event_types):
        for number, option in enumerate(card.option):
            yield PLAY, kind, number, play_text(card.name, option.label, len(card.option))
    yield PASS, 0, 0, "Pass"
    yield PASS_TURN, 0, 0, "Pass for the rest of this turn"
    for location, name in enumerate(locations):
        yield TARGET_LOCATION, location, 0, f"Target location: {name}"
    for unit, label in enumerate(units):
        yield TARGET_UNIT, unit, 0, f"Target unit: {label}"
    for kind, card in enumerate(book.event_types):
        yield TARGET_CARD, kind, 0, f"Target card: {card.name}"
    for colony, name in enumerate(book.colony_names):
        yield COLONY_ROLL, colony, 0, f"Colony roll: {name}"
    yield END_LEADER, 0, 0, "End leader actions"
    for index, label in enumerate(book.political_labels):
        yield ATTEMPT, index, 0, f"Attempt: {label}"
    yield SKIP_ATTEMPT, 0, 0, "Skip the political objective attempt"
    boost_max = max(book.boost_max, book.counter_max)
    for gold in range(boost_max + 1):
        yield BOOST, gold, 0, f"Boost the roll with {gold} gold"
        yield COUNTER, gold, 0, f"Counter-diplomacy with {gold} gold"
    for kind, label in enumerate(book.battle_labels):
        yield BUY, kind, 0, f"Buy: {label}"
    yield BUY_EVENT, 0, 0, "Buy a historic event"
    yield END_PURCHASES, 0, 0, "End purchases"
    for unit, label in enumerate(units):
        if book.is_leader[book.units[unit]]:
            for gold in range(1, ransom_max + 1):
                yield RANSOM, unit, gold, f"Offer a ransom: {label} for {gold} gold"
    leaders = [u for u in range(len(units)) if book.is_leader[book.units[u]]]
    for mine in leaders:
        for theirs in leaders:
            if mine != theirs:
                text = f"Offer an exchange: {units[mine]} for {units[theirs]}"
                yield EXCHANGE, mine, theirs, text
    yield ACCEPT_RANSOM, 0, 0, "Accept the ransom"
    yield REFUSE_RANSOM, 0, 0, "Refuse the ransom"
    for unit, label in enumerate(units):
        for location, name in enumerate(locations):
            yield MOVE, unit, location, f"Move: {label} to {name}"
    yield END_MOVEMENT, 0, 0, "End movement"
    for location, name in enumerate(locations):
        yield FIGHT, location, 0, f"Fight the battle at: {name}"
    for unit, label in enumerate(units):
        for other, other_label in enumerate(units):
            if unit != other:
                yield PAIR, unit, other, f"Pair: {label} against {other_label}"
                yield JOIN, unit, other, f"Join: {label} to the pairing of {other_label}"
    for unit, label in enumerate(units):
        yield DESTROY, unit, 0, f"Destroy: {label}"
    for unit, label in enumerate(units):
        for location, name in enumerate(locations):
            yield PLACE, unit, location, f"Place: {label} at {name}"
    yield END_PLACEMENT, 0, 0, "End placement"
    for colony, name in enumerate(book.colony_names):
        theater = THEATERS[book.colony_theater[colony]]
        for end, side in ((LEFT_END, "left"), (RIGHT_END, "right")):
            yield COLONY_END, colony, end, f"Place {name} at the {side}-hand end of {theater}"
    for colony, name in enumerate(book.colony_names):
        yield TAKE_CONTROL, colony, 0, f"Take control of: {name}"
        yield LEAVE_UNTAKEN, colony, 0, f"Leave untaken: {name}"


class ActionBook:
    """The action table and the look-ups between actions and ``(kind, a, b)``."""

    __slots__ = ("a", "b", "by_key", "kind", "table")

    def __init__(self, book: Book) -> None:
        entries = list(_entries(book, book.ransom_max))
        self.table = ActionTable(text for _, _, _, text in entries)
        self.kind: tuple[int, ...] = tuple(entry[0] for entry in entries)
        self.a: tuple[int, ...] = tuple(entry[1] for entry in entries)
        self.b: tuple[int, ...] = tuple(entry[2] for entry in entries)
        actions = self.table.all
        self.by_key: dict[tuple[int, int, int], Action] = {
            (kind, a, b): actions[index] for index, (kind, a, b, _) in enumerate(entries)
        }

    def get(self, kind: int, a: int = 0, b: int = 0) -> Action:
        """The action ``(kind, a, b)``."""
        return self.by_key[(kind, a, b)]
