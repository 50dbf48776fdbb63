"""Carrying out a checked action (``carry_out``), one small function per kind."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from stratagem.games.britain_vs_france.battle import lose_unit, pair, roll_die, start_battle
from stratagem.games.britain_vs_france.board import free_copy, take_colony
from stratagem.games.britain_vs_france.cards import (
    SRC_COLONY,
    arrive,
    choose,
    colony_draw,
    open_window,
    pass_response,
    play_card,
    queue,
    roll_bonus,
)
from stratagem.games.britain_vs_france.effects import THEATERS
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
    JOIN,
    LEAVE_UNTAKEN,
    LEFT_END,
    MOVE,
    PAIR,
    PASS,
    PASS_TURN,
    PLACE,
    PLACE_FIRST,
    PLAY,
    RANSOM,
    REFUSE_RANSOM,
    ROLL_OFF,
    SKIP_ATTEMPT,
    TAKE_CONTROL,
    TARGET_CARD,
    TARGET_LOCATION,
    TARGET_UNIT,
)
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.places import (
    BATTLES,
    DIE_BATTLE,
    DIE_COLONY,
    DRAW,
    MOVEMENT,
    NO_DIE,
    PHASE_NAMES,
    POLITICAL,
    POOL,
    REVENUE,
    SETUP_CHOICE,
    SETUP_CONTROL,
    SUPPLY,
    hand,
    mat,
)
from stratagem.games.britain_vs_france.politics import (
    attempt,
    boost,
    counter,
    political_result,
    skip_attempt,
)

RULE_CARDS = "Historic Event Cards Overview"

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S


def carry_out(s: S, kind: int, a: int, b: int) -> None:
    """Carry out the action ``(kind, a, b)`` (already checked to be legal)."""
    _HANDLERS[kind](s, a, b)


def _enter(s: S, phase: int) -> None:
    s.phase = phase
    s.sub = 0


# -- chance -------------------------------------------------------------------------------


def _roll_off(s: S, winner: int, _: int) -> None:
    """The highest roller chooses: first marker or first turn [Setup: F)] [Rulings B10]."""
    s.placer = winner
    s.phase = SETUP_CHOICE
    s.log(f"{SEATS[winner]} wins the roll-off.", "Setup: F)", {"winner": SEATS[winner]})


def _draw_colony(s: S, colony: int, _: int) -> None:
    """A colony drawn at set-up goes at the end of its theater's line; one a card places
    later goes at the right-hand end until its player chooses the end
    [Setup: E): 1.] [Setup: E): 2.]."""
    book = s.book
    theater = book.colony_theater[colony]
    s.unused.remove(colony)
    s.line[theater].append(colony)
    if s.draws:
        s.new_colony = [colony, colony_draw(s.draws.pop(0))[1]]
        rule = "Setup: E): 2."
        text = f"A new colony is drawn for {THEATERS[theater]}: {book.colony_names[colony]}."
    else:
        rule = "Setup: E)"
        text = f"{book.colony_names[colony]} is drawn and placed in {THEATERS[theater]}."
    s.log(text, rule, {"colony": book.colony_names[colony]})


def _colony_end(s: S, colony: int, end: int) -> None:
    """The player placing a new colony puts it at either end of its theater's line, never
    between two colonies [Setup: E): 2.]."""
    book = s.book
    theater = book.colony_theater[colony]
    seat = s.new_colony[1]
    s.new_colony = []
    line = s.line[theater]
    if end == LEFT_END:
        line.remove(colony)
        line.insert(0, colony)
    side = "left" if end == LEFT_END else "right"
    s.log(
        f"{SEATS[seat]} places {book.colony_names[colony]} at the {side}-hand end of "
        f"{THEATERS[theater]}.",
        "Setup: E): 2.",
        {"colony": book.colony_names[colony], "end": side},
    )


def _draw_event(s: S, kind: int, _: int) -> None:
    """A historic event drawn into a hand, unseen by the other side [Setup: H)]
    [1) Draw from Historic Events Draw Deck] [4) Purchases: B)]."""
    seat = s.draws.pop(0)
    book = s.book
    card = next(c for c, place in enumerate(s.eloc) if place == POOL and book.events[c] == kind)
    s.eloc[card] = hand(seat)
    if s.draw_from_deck:
        s.draw_deck -= 1
        where, rule = "the start-of-turn draw deck", "1) Draw from Historic Events Draw Deck"
    else:
        where, rule = "the purchase deck", PHASE_NAMES[s.phase] if s.phase >= DRAW else "Setup: H)"
    name = book.event_types[kind].name
    s.log(
        f"{SEATS[seat]} draws {name} from {where}.",
        rule,
        {"seat": SEATS[seat], "card": name},
        private_to=seat,
        public_text=f"{SEATS[seat]} draws a historic event from {where}.",
        public_data={"seat": SEATS[seat]},
    )


def _draw_secret(s: S, index: int, _: int) -> None:
    """Each side draws a secret objective, kept hidden [Setup: I)] [Rulings B12]."""
    seat = 0 if s.secret[0] == -1 else 1
    s.secret[seat] = index
    name = s.book.secrets[index].name
    s.log(
        f"{SEATS[seat]} draws the secret objective {name}.",
        "Setup: I)",
        {"seat": SEATS[seat], "secret": name},
        private_to=seat,
        public_text=f"{SEATS[seat]} draws a secret objective.",
        public_data={"seat": SEATS[seat]},
    )


def _die(s: S, face: int, _: int) -> None:
    purpose = s.die_for
    s.die_for = NO_DIE
    if purpose == DIE_BATTLE:
        roll_die(s, face)
    elif purpose == DIE_COLONY:
        _colony_roll_result(s, face)
    else:
        political_result(s, face)


# -- set-up -------------------------------------------------------------------------------


def _first_choice(s: S, choice: int, _: int) -> None:
    """The roll-off's winner places the first marker or takes the first turn; who does not
    take the first turn places first [Setup: F)] [Starting the Game]."""
    winner = s.placer
    first_placer = winner if choice == PLACE_FIRST else 1 - winner
    s.first = 1 - first_placer
    s.placer = first_placer
    what = "place the first control marker" if choice == PLACE_FIRST else "take the first turn"
    s.log(f"{SEATS[winner]} chooses to {what}.", "Setup: F)", {"seat": SEATS[winner]})
    s.phase = SETUP_CONTROL


def _control(s: S, colony: int, _: int) -> None:
    """A control marker on a colony of the placer's choice, with its export [Setup: F)]."""
    take_colony(s, s.placer, colony, "Setup: F)", literal_battle=False)
    s.placed += 1
    s.placer = 1 - s.placer


# -- cards --------------------------------------------------------------------------------


def _play(s: S, kind: int, number: int) -> None:
    play_card(s, s.to_move, kind, number)


def _pass(s: S, _: int, __: int) -> None:
    if s.response:
        pass_response(s)
    else:
        s.passed[s.to_move] = 1


def _pass_turn(s: S, _: int, __: int) -> None:
    s.passed[s.to_move] = 1
    s.quiet[s.to_move] = 1
    s.log(f"{SEATS[s.to_move]} will play no card for the rest of this turn.", RULE_CARDS)


def _target(s: S, target: int, _: int) -> None:
    choose(s, target)


def _target_card(s: S, kind: int, _: int) -> None:
    choose(s, -1 - kind)


# -- 2) Leader Actions / Colony Rules -------------------------------------------------------


def _colony_roll(s: S, colony: int, _: int) -> None:
    """A roll at a colony, at most one per colony a turn [2) Leader Actions / Colony Rules]."""
    s.rolling = colony
    s.colony_mod = 0
    s.rolled.append(colony)
    roll = s.book.colony_roll[colony]
    assert roll is not None
    s.log(
        f"{SEATS[s.active]} rolls for {s.book.colony_names[colony]} (succeeds on "
        f"{roll.target} or more).",
        "2) Leader Actions / Colony Rules",
        {"colony": s.book.colony_names[colony]},
    )
    open_window(s, "colony_roll")
    s.die_for = DIE_COLONY


def _colony_roll_result(s: S, face: int) -> None:
    """The colony's benefit at once when the roll succeeds [2) Leader Actions / Colony Rules]."""
    colony = s.rolling
    roll = s.book.colony_roll[colony]
    assert roll is not None
    total = face + s.colony_mod + roll_bonus(s, s.active, "colony")
    success = total >= roll.target
    s.log(
        f"The roll for {s.book.colony_names[colony]} is {face} (score {total}): "
        + ("success." if success else "no benefit."),
        "2) Leader Actions / Colony Rules",
        {"roll": face, "score": total, "success": success},
    )
    if success:
        queue(s, s.active, SRC_COLONY, colony, 0)


def _end_leader(s: S, _: int, __: int) -> None:
    _enter(s, POLITICAL)


# -- 4) Purchases -------------------------------------------------------------------------


def _buy(s: S, kind: int, _: int) -> None:
    """A battle deck card at its cost, onto the player mat [4) Purchases: A)]."""
    seat = s.active
    unit = free_copy(s, kind)
    assert unit is not None
    s.gold[seat] -= s.book.cost[kind]
    s.uloc[unit] = mat(seat)
    s.uown[unit] = seat
    s.log(
        f"{SEATS[seat]} buys {s.book.unit_labels[unit]} for {s.book.cost[kind]} gold.",
        "4) Purchases",
        {"card": s.book.unit_labels[unit]},
    )


def _buy_event(s: S, _: int, __: int) -> None:
    """A historic event for 1 gold, into the hand [4) Purchases: B)]."""
    s.gold[s.active] -= s.book.rules.economy.event_price
    s.draws = [s.active]
    s.draw_from_deck = 0


def _end_purchases(s: S, _: int, __: int) -> None:
    """Gold not spent is lost as the step ends [4) Purchases]."""
    lost = s.gold[s.active]
    s.gold[s.active] = 0
    if lost:
        s.log(f"{SEATS[s.active]}'s {lost} unspent gold is lost.", "4) Purchases", {"lost": lost})
    _enter(s, MOVEMENT)


def _ransom(s: S, unit: int, gold: int) -> None:
    """An offer of gold for a leader in the other side's prison [Ransoms] [Rulings B25]."""
    s.ransom_unit = unit
    s.ransom_gold = gold
    s.ransom_used = 1
    s.log(f"{SEATS[s.active]} offers {gold} gold to ransom {s.book.unit_labels[unit]}.", "Ransoms")


def _exchange(s: S, unit: int, theirs: int) -> None:
    """An offer to exchange prisoners [Ransoms] [Rulings B25]."""
    s.ransom_unit = unit
    s.ransom_swap = theirs
    s.ransom_used = 1
    labels = s.book.unit_labels
    s.log(f"{SEATS[s.active]} offers to exchange {labels[theirs]} for {labels[unit]}.", "Ransoms")


def _answer_ransom(s: S, accept: int) -> None:
    """The other side accepts (the leaders go back to their battle decks) or refuses
    [Ransoms] [Rulings B25]."""
    unit = s.ransom_unit
    gold = s.ransom_gold
    swap = s.ransom_swap
    s.ransom_unit = -1
    s.ransom_gold = 0
    s.ransom_swap = -1
    other = 1 - s.active
    if not accept:
        s.log(f"{SEATS[other]} refuses the ransom.", "Ransoms")
        return
    s.gold[s.active] -= gold
    s.gold[other] += gold
    released = [unit] if swap < 0 else [unit, swap]
    for leader in released:
        s.uloc[leader] = SUPPLY
        s.uown[leader] = -1
    names = " and ".join(s.book.unit_labels[leader] for leader in released)
    s.log(f"{SEATS[other]} accepts: {names} return to their battle decks.", "Ransoms")


# -- 5) Movement, 6) Battles, 7) Place Purchases --------------------------------------------


def _move(s: S, unit: int, dest: int) -> None:
    """A unit moves one space; at a colony with no opposing unit it takes control
    [5) Movement] [Rulings B17]."""
    book = s.book
    seat = s.active
    origin = s.uloc[unit]
    s.uloc[unit] = dest
    s.moved[unit] = origin
    s.log(
        f"{SEATS[seat]} moves {book.unit_labels[unit]} from {book.locations[origin]} to "
        f"{book.locations[dest]}.",
        "5) Movement",
        {"unit": book.unit_labels[unit], "to": book.locations[dest]},
    )
    arrive(s, seat, unit, dest)


def _end_movement(s: S, _: int, __: int) -> None:
    _enter(s, BATTLES)


def _fight(s: S, location: int, _: int) -> None:
    start_battle(s, location)


def _pair(s: S, unit: int, key: int) -> None:
    pair(s, PAIR, unit, key)


def _join(s: S, unit: int, key: int) -> None:
    pair(s, JOIN, unit, key)


def _destroy(s: S, unit: int, _: int) -> None:
    lose_unit(s, unit)


def _place(s: S, unit: int, location: int) -> None:
    """A purchase enters play at the location chosen [7) Place Purchases] [Rulings B22]."""
    s.uloc[unit] = location
    s.log(
        f"{SEATS[s.active]} places {s.book.unit_labels[unit]} at {s.book.locations[location]}.",
        "7) Place Purchases",
        {"unit": s.book.unit_labels[unit], "location": s.book.locations[location]},
    )


def _take_control(s: S, colony: int, _: int) -> None:
    """The mover or the winner takes the colony offered: control, export and the loser's
    non-unit cards there [5) Movement] [6) Battles] [Rulings B17] [Rulings B21]."""
    seat, battle = s.taking[1], s.taking[2] == 1
    s.taking = []
    rule = "6) Battles" if battle else "5) Movement"
    take_colony(s, seat, colony, rule, literal_battle=battle and s.control[colony] == 1 - seat)


def _leave_untaken(s: S, colony: int, _: int) -> None:
    """The colony offered stays as it is [5) Movement] [6) Battles] [Rulings B17] [Rulings B21]."""
    seat, battle = s.taking[1], s.taking[2] == 1
    s.taking = []
    s.log(
        f"{SEATS[seat]} leaves {s.book.colony_names[colony]} untaken.",
        "6) Battles" if battle else "5) Movement",
        {"seat": SEATS[seat], "colony": s.book.colony_names[colony]},
    )


def _end_placement(s: S, _: int, __: int) -> None:
    _enter(s, REVENUE)


_HANDLERS: dict[int, Callable[[S, int, int], None]] = {
    ROLL_OFF: _roll_off,
    DRAW_COLONY: _draw_colony,
    DRAW_EVENT: _draw_event,
    DRAW_SECRET: _draw_secret,
    DIE: _die,
    FIRST_CHOICE: _first_choice,
    CONTROL: _control,
    PLAY: _play,
    PASS: _pass,
    PASS_TURN: _pass_turn,
    TARGET_LOCATION: _target,
    TARGET_UNIT: _target,
    TARGET_CARD: _target_card,
    COLONY_ROLL: _colony_roll,
    END_LEADER: _end_leader,
    ATTEMPT: attempt,
    SKIP_ATTEMPT: skip_attempt,
    BOOST: boost,
    COUNTER: counter,
    BUY: _buy,
    BUY_EVENT: _buy_event,
    END_PURCHASES: _end_purchases,
    RANSOM: _ransom,
    EXCHANGE: _exchange,
    ACCEPT_RANSOM: lambda s, _a, _b: _answer_ransom(s, 1),
    REFUSE_RANSOM: lambda s, _a, _b: _answer_ransom(s, 0),
    MOVE: _move,
    END_MOVEMENT: _end_movement,
    FIGHT: _fight,
    PAIR: _pair,
    JOIN: _join,
    DESTROY: _destroy,
    PLACE: _place,
    END_PLACEMENT: _end_placement,
    COLONY_END: _colony_end,
    TAKE_CONTROL: _take_control,
    LEAVE_UNTAKEN: _leave_untaken,
}
