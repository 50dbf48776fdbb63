"""What the seat to move may do, and the outcomes of each chance node.

The checks mirror ``flow.advance``: a target being chosen, a cancel being answered, an open
window, a ransom offer, then the step's own decisions. Copies of one battle card in one
place are interchangeable, so only the first of them is offered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import Action
from stratagem.games.britain_vs_france.battle import loss_candidates, pairing_options
from stratagem.games.britain_vs_france.board import (
    adjacent,
    battle_locations,
    colony_candidates,
    free_copies,
    may_buy_type,
    on_table,
    theater_to_fill,
)
from stratagem.games.britain_vs_france.cards import (
    COLONY_DRAW,
    colony_draw,
    head_effect,
    playable_options,
)
from stratagem.games.britain_vs_france.effects import MoveUnit, Window
from stratagem.games.britain_vs_france.encoding import (
    ACCEPT_RANSOM,
    ATTEMPT,
    BOOST,
    BUY,
    BUY_EVENT,
    COLONY_END,
    COLONY_ROLL,
    CONTROL,
    COUNTER,
    DESTROY,
    DIE,
    DRAW_COLONY,
    DRAW_EVENT,
    DRAW_SECRET,
    END_LEADER,
    END_MOVEMENT,
    END_PLACEMENT,
    END_PURCHASES,
    EXCHANGE,
    FIGHT,
    FIRST_CHOICE,
    LEAVE_UNTAKEN,
    LEFT_END,
    MOVE,
    PASS,
    PASS_TURN,
    PLACE,
    PLACE_FIRST,
    PLAY,
    RANSOM,
    REFUSE_RANSOM,
    RIGHT_END,
    ROLL_OFF,
    SKIP_ATTEMPT,
    TAKE_CONTROL,
    TARGET_CARD,
    TARGET_LOCATION,
    TARGET_UNIT,
    TURN_FIRST,
)
from stratagem.games.britain_vs_france.places import (
    BAT_CHOOSE,
    BAT_LOSSES,
    BATTLES,
    LEADER,
    MOVEMENT,
    NO_DIE,
    PO_BOOST,
    PO_COUNTER,
    PO_SELECT,
    POLITICAL,
    POOL,
    PURCHASES,
    SETUP_CHOICE,
    SETUP_COLONIES,
    SETUP_CONTROL,
    SETUP_ROLL_OFF,
    mat,
    prison,
)
from stratagem.games.britain_vs_france.places import (
    PLACE as PLACE_STEP,
)
from stratagem.games.britain_vs_france.targets import (
    TARGET_SECOND,
    card_targets,
    location_targets,
    purchase_deck,
    unit_targets,
)

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S

Key = tuple[int, int, int]


def _one_per_type(s: S, units: list[int]) -> dict[tuple[int, int], int]:
    """(type, place) -> first such unit."""
    found: dict[tuple[int, int], int] = {}
    types = s.book.units
    for unit in units:
        found.setdefault((types[unit], s.uloc[unit]), unit)
    return found


# -- step predicates ----------------------------------------------------------------------


def rollable_colonies(s: S) -> list[int]:
    """Colonies of the active player with a roll not yet made this turn, with one of its
    leaders there when the roll needs one [2) Leader Actions / Colony Rules]
    [Rulings B14]."""
    book = s.book
    seat = s.active
    found = []
    for colony in on_table(s):
        roll = book.colony_roll[colony]
        if roll is None or s.control[colony] != seat or colony in s.rolled:
            continue
        if roll.needs_leader and not any(
            s.uloc[u] == colony and s.uown[u] == seat and book.is_leader[book.units[u]]
            for u in range(len(s.uloc))
        ):
            continue
        found.append(colony)
    return found


def attemptable(s: S) -> list[int]:
    """Any objective the active player does not control [3) Political Objective Attempt]
    [Rulings B15]."""
    return [po for po, owner in enumerate(s.po_control) if owner != s.active]


def counter_allowed(s: S) -> bool:
    """The objective is the defender's and they have gold to spend [Counter-Diplomacy]."""
    return (
        s._g.counter_diplomacy
        and s.po_control[s.po] == 1 - s.active
        and s.gold[1 - s.active] > 0
        and s.book.counter_max > 0
    )


def move_options(s: S) -> list[Key]:
    """One space per unit per turn; Siege Guns only along with a leader [5) Movement]
    [Rulings B17]."""
    book = s.book
    seat = s.active
    mine = [u for u, place in enumerate(s.uloc) if place >= 0 and s.uown[u] == seat]
    found: list[Key] = []
    for unit in _one_per_type(s, [u for u in mine if s.moved[u] == -1]).values():
        moves = book.moves[book.units[unit]]
        if moves == "yes":
            found.extend((MOVE, unit, dest) for dest in adjacent(s, s.uloc[unit]))
        elif moves == "with_leader":
            origin = s.uloc[unit]
            dests = sorted(
                {s.uloc[u] for u in mine if s.moved[u] == origin and book.is_leader[book.units[u]]}
            )
            found.extend((MOVE, unit, dest) for dest in dests)
    return found


def movable_units(s: S) -> bool:
    """Whether the active player has a unit that may still move."""
    return bool(move_options(s))


def place_options(s: S) -> list[Key]:
    """Units at a colony you control or the High Seas (Local Allies also at a colony
    nobody controls); non-unit cards at a colony you control [7) Place Purchases]
    [Setup: F): 3.]
    [Rulings B22]."""
    book = s.book
    seat = s.active
    waiting = [u for u, place in enumerate(s.uloc) if place == mat(seat)]
    own = [c for c in on_table(s) if s.control[c] == seat]
    found: list[Key] = []
    for unit in _one_per_type(s, waiting).values():
        kind = book.units[unit]
        places = list(own)
        if book.is_unit[kind]:
            if book.placement[kind] == "open_colony":
                places = [c for c in on_table(s) if s.control[c] in (-1, seat)]
            places.append(book.high_seas)
        found.extend((PLACE, unit, place) for place in places)
    return found


def placeable(s: S) -> bool:
    """Whether the active player has a purchase it may place now."""
    return bool(place_options(s))


def step_plays(s: S, window: Window) -> list[Key]:
    """The active player's cards playable in this step's window, offered between the
    step's decisions: a card may be played at any time, and one just bought at once
    [Historic Event Cards Overview] [4) Purchases: B)] (RULINGS.md, "Response windows")."""
    return [(PLAY, kind, number) for kind, number in playable_options(s, s.active, window)]


def purchase_options(s: S) -> list[Key]:
    """Battle deck cards at their cost [4) Purchases: A)], historic events at 1 gold
    [4) Purchases: B)], ransoms [Ransoms] [Rulings B16]; and, between purchases, any card
    of the hand playable in Purchases, a card just bought included: it is available for
    use at once [4) Purchases: B)] [Rulings B16]."""
    book = s.book
    seat = s.active
    gold = s.gold[seat]
    free = free_copies(s)
    found = step_plays(s, "purchases")
    found += [
        (BUY, kind, 0)
        for kind in sorted(free)
        if book.cost[kind] <= gold and may_buy_type(s, kind, seat)
    ]
    if gold >= book.rules.economy.event_price and purchase_deck(s) > 0:
        found.append((BUY_EVENT, 0, 0))
    if s._g.ransoms and not s.ransom_used:
        held = prison(1 - seat)
        for unit, place in enumerate(s.uloc):
            if place == held and s.uown[unit] == seat:
                found.extend(
                    (RANSOM, unit, price) for price in range(1, min(gold, book.ransom_max) + 1)
                )
                found.extend(
                    (EXCHANGE, unit, theirs)
                    for theirs, at in enumerate(s.uloc)
                    if at == prison(seat)
                )
    found.append((END_PURCHASES, 0, 0))
    return found


# -- the legal actions --------------------------------------------------------------------


def _targets(s: S) -> list[Key]:
    seat, effect = head_effect(s)
    keys: list[Key] = [(TARGET_LOCATION, loc, 0) for loc in location_targets(s, seat, effect)]
    if not (isinstance(effect, MoveUnit) and s.choosing == TARGET_SECOND):
        keys.extend((TARGET_UNIT, u, 0) for u in unit_targets(s, seat, effect))
    keys.extend((TARGET_CARD, kind, 0) for kind in card_targets(s, seat, effect))
    return keys


def _keys(s: S) -> list[Key]:
    seat = s.to_move
    if s.new_colony:
        colony = s.new_colony[0]
        return [(COLONY_END, colony, LEFT_END), (COLONY_END, colony, RIGHT_END)]
    if s.taking:
        colony = s.taking[0]
        return [(TAKE_CONTROL, colony, 0), (LEAVE_UNTAKEN, colony, 0)]
    if s.choosing:
        return _targets(s)
    if s.response or s.window >= 0:
        plays: list[Key] = [(PLAY, kind, number) for kind, number in playable_options(s, seat)]
        passes: list[Key] = [(PASS, 0, 0)] if s.response else [(PASS, 0, 0), (PASS_TURN, 0, 0)]
        return plays + passes
    if s.ransom_unit >= 0:
        return [(ACCEPT_RANSOM, 0, 0), (REFUSE_RANSOM, 0, 0)]
    return _STEP_KEYS[s.phase](s)


def _setup_choice(s: S) -> list[Key]:
    return [(FIRST_CHOICE, PLACE_FIRST, 0), (FIRST_CHOICE, TURN_FIRST, 0)]


def _setup_control(s: S) -> list[Key]:
    free = [c for c in on_table(s) if s.control[c] == -1]
    if s._g.historical:
        side = ("Britain", "France")[s.placer]
        own = [c for c in free if s.book.colonies[c].historical == side]
        free = own or free
    return [(CONTROL, c, 0) for c in free]


def _leader(s: S) -> list[Key]:
    rolls: list[Key] = [(COLONY_ROLL, c, 0) for c in rollable_colonies(s)]
    return [*step_plays(s, "leader_actions"), *rolls, (END_LEADER, 0, 0)]


def _political(s: S) -> list[Key]:
    if s.po_stage == PO_SELECT:
        return [(ATTEMPT, po, 0) for po in attemptable(s)] + [(SKIP_ATTEMPT, 0, 0)]
    if s.po_stage == PO_BOOST:
        most = min(s.book.boost_max, s.gold[s.active])
        return [(BOOST, gold, 0) for gold in range(most + 1)]
    if s.po_stage == PO_COUNTER:
        most = min(s.book.counter_max, s.gold[1 - s.active])
        return [(COUNTER, gold, 0) for gold in range(most + 1)]
    return []


def _battles(s: S) -> list[Key]:
    if s.bat_loc < 0 or s.bat_stage == BAT_CHOOSE:
        return [(FIGHT, loc, 0) for loc in battle_locations(s)]
    if s.bat_stage == BAT_LOSSES:
        return [(DESTROY, u, 0) for u in _one_per_type(s, loss_candidates(s)).values()]
    return pairing_options(s)


def _movement(s: S) -> list[Key]:
    return [*step_plays(s, "movement"), *move_options(s), (END_MOVEMENT, 0, 0)]


def _place(s: S) -> list[Key]:
    return [*step_plays(s, "place_purchases"), *place_options(s), (END_PLACEMENT, 0, 0)]


_STEP_KEYS = {
    SETUP_CHOICE: _setup_choice,
    SETUP_CONTROL: _setup_control,
    LEADER: _leader,
    POLITICAL: _political,
    PURCHASES: purchase_options,
    MOVEMENT: _movement,
    BATTLES: _battles,
    PLACE_STEP: _place,
}


def legal_actions(s: S) -> list[Action]:
    """The legal actions of the seat to move."""
    get = s._g.codes.by_key
    return [get[key] for key in _keys(s)]


# -- chance -------------------------------------------------------------------------------


def _uniform(actions: list[Action]) -> list[tuple[Action, float]]:
    probability = 1.0 / len(actions)
    return [(action, probability) for action in actions]


def chance_outcomes(s: S) -> list[tuple[Action, float]]:
    """A card drawn (each unseen card equally likely), a colony drawn, a die, the roll-off."""
    codes = s._g.codes
    if s.draws:
        entry = s.draws[0]
        if entry >= COLONY_DRAW:
            theater = colony_draw(entry)[0]
            colonies = [c for c in s.unused if s.book.colony_theater[c] == theater]
            return _uniform([codes.get(DRAW_COLONY, c) for c in colonies])
        counts: dict[int, int] = {}
        for card, place in enumerate(s.eloc):
            if place == POOL:
                kind = s.book.events[card]
                counts[kind] = counts.get(kind, 0) + 1
        total = sum(counts.values())
        return [(codes.get(DRAW_EVENT, kind), n / total) for kind, n in sorted(counts.items())]
    if s.die_for != NO_DIE:
        return _uniform([codes.get(DIE, face) for face in range(1, 7)])
    if s.phase == SETUP_COLONIES:
        filling = theater_to_fill(s)
        assert filling is not None
        return _uniform([codes.get(DRAW_COLONY, c) for c in colony_candidates(s, filling)])
    if s.phase == SETUP_ROLL_OFF:
        return _uniform([codes.get(ROLL_OFF, seat) for seat in (0, 1)])
    drawn = set(s.secret)
    secrets = [i for i in range(len(s.book.secrets)) if i not in drawn]
    return _uniform([codes.get(DRAW_SECRET, i) for i in secrets])
