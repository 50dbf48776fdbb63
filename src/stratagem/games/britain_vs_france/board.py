"""The board: where things are, what is one space away, and control and exports changing
hands [Setup: E)] [Setup: F)] [5) Movement] [6) Battles]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.britain_vs_france.effects import EXPORTS
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.places import OUT, SUPPLY, prison

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S


def on_table(s: S) -> list[int]:
    """The colonies on the table, theater by theater, each line in order."""
    return [colony for line in s.line for colony in line]


def units_at(s: S, location: int, seat: int) -> list[int]:
    """``seat``'s units (cards that roll a die) at ``location``."""
    book = s.book
    is_unit = book.is_unit
    types = book.units
    return [
        unit
        for unit, place in enumerate(s.uloc)
        if place == location and s.uown[unit] == seat and is_unit[types[unit]]
    ]


def cards_at(s: S, location: int, seat: int) -> list[int]:
    """Every battle deck card of ``seat`` at ``location`` (units and non-units)."""
    return [unit for unit, place in enumerate(s.uloc) if place == location and s.uown[unit] == seat]


def has_units(s: S, location: int, seat: int) -> bool:
    """Whether ``seat`` has a unit (a card that rolls) at ``location``."""
    book = s.book
    for unit, place in enumerate(s.uloc):
        if place == location and s.uown[unit] == seat and book.is_unit[book.units[unit]]:
            return True
    return False


def adjacent(s: S, location: int) -> list[int]:
    """The colonies touching this one in its theater's line, and the High Seas; from the
    High Seas, every colony on the table [Setup: E): 2.] [Setup: E): 3.] [5) Movement]."""
    high_seas = s.book.high_seas
    if location == high_seas:
        return on_table(s)
    line = s.line[s.book.colony_theater[location]]
    index = line.index(location)
    near = [line[i] for i in (index - 1, index + 1) if 0 <= i < len(line)]
    return [*near, high_seas]


def battle_locations(s: S) -> list[int]:
    """Every location where both sides have units [6) Battles] [Rulings B18]."""
    book = s.book
    seen: list[set[int]] = [set(), set()]
    for unit, place in enumerate(s.uloc):
        owner = s.uown[unit]
        if place >= 0 and owner >= 0 and book.is_unit[book.units[unit]]:
            seen[owner].add(place)
    return sorted(seen[0] & seen[1])


def gain_export(s: S, seat: int, export: int, rule: str) -> bool:
    """An export card from the supply to ``seat``'s side, if one is left [Rulings B11]."""
    if s.supply[export] <= 0:
        s.log(
            f"No {EXPORTS[export]} export card is left in the supply for {SEATS[seat]}.",
            rule,
            {"seat": SEATS[seat], "export": EXPORTS[export]},
        )
        return False
    s.supply[export] -= 1
    s.exports[seat][export] += 1
    return True


def lose_export(s: S, seat: int, export: int) -> bool:
    """One of ``seat``'s export cards of that kind back to the supply, if it has one."""
    if s.exports[seat][export] <= 0:
        return False
    s.exports[seat][export] -= 1
    s.supply[export] += 1
    return True


def transfer_export(s: S, to: int, export: int) -> bool:
    """The other side loses one export card of that kind and ``to`` gains it."""
    if s.exports[1 - to][export] <= 0:
        return False
    s.exports[1 - to][export] -= 1
    s.exports[to][export] += 1
    return True


def offer_colony(s: S, seat: int, colony: int, *, battle: bool) -> None:
    """``seat`` may now take control of ``colony``: the decision ``Take control of:`` or
    ``Leave untaken:`` waits for it [5) Movement] [6) Battles] [Rulings B17] [Rulings B21]."""
    s.taking = [colony, seat, int(battle)]


def take_colony(s: S, seat: int, colony: int, rule: str, *, literal_battle: bool) -> None:
    """Place ``seat``'s control marker and take the colony's export [Setup: F): 2.]
    [5) Movement], or capture it after a battle [6) Battles] [Rulings B21]. From the other
    side, the export changes hands if they hold one; after a battle nothing else is taken,
    otherwise it comes from the supply [Rulings B11]. The other side's non-unit cards
    there are destroyed."""
    book = s.book
    previous = s.control[colony]
    s.control[colony] = seat
    export = book.colony_export[colony]
    name = book.colony_names[colony]
    gained = False
    if previous == 1 - seat:
        gained = transfer_export(s, seat, export)
        if not gained and not literal_battle:
            gained = gain_export(s, seat, export, rule)
    else:
        gained = gain_export(s, seat, export, rule)
    took = f" and takes its {EXPORTS[export]} export" if gained else ""
    s.log(
        f"{SEATS[seat]} takes control of {name}{took}.",
        rule,
        {"seat": SEATS[seat], "colony": name, "export": EXPORTS[export] if gained else None},
    )
    if previous == 1 - seat:
        for card in cards_at(s, colony, 1 - seat):
            if not book.is_unit[book.units[card]]:
                s.uloc[card] = OUT
                s.uown[card] = -1
                s.log(
                    f"{SEATS[1 - seat]}'s {book.unit_labels[card]} at {name} is destroyed.",
                    rule,
                    {"card": book.unit_labels[card]},
                )


def destroy_unit(s: S, unit: int, rule: str) -> None:
    """A destroyed leader goes to the enemy's prison, any other card out of play
    [6) Battles] [Rulings B29]."""
    book = s.book
    owner = s.uown[unit]
    label = book.unit_labels[unit]
    s.granted[unit] = -1
    s.moved[unit] = -1
    if book.is_leader[book.units[unit]]:
        s.uloc[unit] = prison(1 - owner)
        s.log(
            f"{label} ({SEATS[owner]}) is captured and goes to the {SEATS[1 - owner]} prison.",
            rule,
            {"unit": label, "prison": SEATS[1 - owner]},
        )
    else:
        s.uloc[unit] = OUT
        s.uown[unit] = -1
        s.log(f"{label} ({SEATS[owner]}) is destroyed.", rule, {"unit": label})


def deck_type(s: S, name: str, seat: int) -> int | None:
    """The battle card type called ``name`` in ``seat``'s deck (``Local Allies``)."""
    book = s.book
    for kind, card in enumerate(book.battle_types):
        if card.name == name and book.deck_side[kind] == seat:
            return kind
    return None


def free_copy(s: S, kind: int) -> int | None:
    """The first copy of a battle card type still in the battle deck (supply)."""
    for unit, card in enumerate(s.book.units):
        if card == kind and s.uloc[unit] == SUPPLY:
            return unit
    return None


def free_copies(s: S) -> dict[int, int]:
    """Battle card type -> its first copy still in the battle deck (one pass)."""
    found: dict[int, int] = {}
    types = s.book.units
    for unit, place in enumerate(s.uloc):
        if place == SUPPLY:
            found.setdefault(types[unit], unit)
    return found


def may_buy_type(s: S, kind: int, seat: int) -> bool:
    """A side buys its own cards, and the Spanish and Dutch leaders if the players made
    them available [Setup: C)] [4) Purchases: A)] [Rulings B9]."""
    side = s.book.deck_side[kind]
    return side == seat or (side == 2 and s._g.allied_leaders)


def prisoners(s: S, seat: int) -> int:
    """The leaders in ``seat``'s prison [6) Battles] [Rulings B29]."""
    cell = prison(seat)
    return sum(1 for place in s.uloc if place == cell)


def theater_to_fill(s: S) -> int | None:
    """The first theater with fewer than its 3 (or 4) colonies [Setup: E): 2.]
    [Expanded Conflict] [Rulings B8]."""
    for theater, line in enumerate(s.line):
        if len(line) < s._g.per_theater and any(
            s.book.colony_theater[c] == theater for c in s.unused
        ):
            return theater
    return None


def colony_candidates(s: S, theater: int) -> list[int]:
    """The unused colonies of ``theater`` [Setup: E): 2.]. Under Historically Accurate
    Colonies [Historically Accurate Colonies], the theater's last colony must belong to
    the other side when all the others drawn belong to one (redrawing until one does
    comes to the same)."""
    book = s.book
    found = [c for c in s.unused if book.colony_theater[c] == theater]
    line = s.line[theater]
    if s._g.historical and s.phase == 0 and line and len(line) == s._g.per_theater - 1:
        sides = {book.colonies[c].historical for c in line}
        if len(sides) == 1:
            other = [c for c in found if book.colonies[c].historical not in sides]
            return other or found
    return found
