"""Set-up (A to I) and the eight steps of the turn, as a loop that runs the automatic
parts until a seat or chance must act [Setup] [Starting the Game].

Each step opens its response window first; the loop then asks for the
step's decisions. Interruptions come before the step itself, in this order: cards being
drawn, a target being chosen, a cancel being answered, effects being resolved, an open
window, a die being rolled, a ransom being answered.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import CHANCE, TERMINAL
from stratagem.games.britain_vs_france.battle import battle_step
from stratagem.games.britain_vs_france.board import battle_locations, theater_to_fill
from stratagem.games.britain_vs_france.cards import (
    COLONY_DRAW,
    colony_draw,
    open_window,
    resolve_next,
    window_seat,
)
from stratagem.games.britain_vs_france.effects import THEATERS, Window
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.legal import (
    attemptable,
    counter_allowed,
    movable_units,
    placeable,
    rollable_colonies,
)
from stratagem.games.britain_vs_france.places import (
    BATTLES,
    DIE_POLITICAL,
    DRAW,
    LEADER,
    MOVEMENT,
    NO_DIE,
    OVER,
    PLACE,
    PO_BOOST,
    PO_COUNTER,
    PO_ROLL,
    PO_SELECT,
    PO_WINDOW,
    POLITICAL,
    PURCHASES,
    REVENUE,
    SETUP_CHOICE,
    SETUP_COLONIES,
    SETUP_CONTROL,
    SETUP_HANDS,
    SETUP_ROLL_OFF,
    SETUP_SECRETS,
    TURN_END,
    hand,
)
from stratagem.games.britain_vs_france.scoring import collect_revenue, game_result
from stratagem.games.britain_vs_france.targets import purchase_deck

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S


def begin_setup(s: S) -> None:
    """The draw deck of 10, 2 more for each extra turn, and the purchase deck [Setup: A)]
    [Alternate Game Length] [Rulings B2]; 5 turns each [Winning the Game]."""
    game = s._g
    s.log(
        f"Setup A: {s.draw_deck} historic events are set aside face down as the start-of-turn "
        f"draw deck; the rest form the purchase deck. {game.turns_per_player} turns each.",
        "Setup: A)",
        {"draw_deck": s.draw_deck, "turns_per_player": game.turns_per_player},
    )
    s.log(
        f"Setup E: {game.per_theater} colonies are drawn for each theater.",
        "Setup: E)",
        {"per_theater": game.per_theater},
    )


def advance(s: S) -> None:
    """Run the automatic steps until a seat or chance must act, and set who that is."""
    while True:
        if s.draws:
            if _drawable(s):
                s.to_move = CHANCE
                return
            s.draws.pop(0)
            continue
        if s.new_colony:
            s.to_move = s.new_colony[1]
            return
        if s.taking:
            s.to_move = s.taking[1]
            return
        if s.choosing:
            s.to_move = s.effects[0][0]
            return
        if s.response:
            s.to_move = 1 - s.response[3]
            return
        if s.effects:
            resolve_next(s)
            continue
        if s.window >= 0:
            seat = window_seat(s)
            if seat is not None:
                s.to_move = seat
                return
            s.window = -1
            continue
        if s.die_for != NO_DIE:
            s.to_move = CHANCE
            return
        if s.ransom_unit >= 0:
            s.to_move = 1 - s.active
            return
        if _STEPS[s.phase](s):
            return


def _drawable(s: S) -> bool:
    entry = s.draws[0]
    if entry >= COLONY_DRAW:
        theater = colony_draw(entry)[0]
        return any(s.book.colony_theater[c] == theater for c in s.unused)
    if s.draw_from_deck:
        return s.draw_deck > 0
    if purchase_deck(s) > 0:
        return True
    s.log("The purchase deck is empty: no card is drawn.", "4) Purchases", {})
    return False


# -- set-up -------------------------------------------------------------------------------


def _colonies(s: S) -> bool:
    """Colonies are drawn until each theater has its 3 (or 4), then the roll-off
    [Setup: E): 2.] [Setup: F)]."""
    if theater_to_fill(s) is not None:
        s.to_move = CHANCE
        return True
    s.log(
        "Setup F: the colonies are placed; the players roll off.",
        "Setup: F)",
        {"colonies": {THEATERS[t]: [s.book.colony_names[c] for c in s.line[t]] for t in range(4)}},
    )
    s.phase = SETUP_ROLL_OFF
    return False


def _chance(s: S) -> bool:
    s.to_move = CHANCE
    return True


def _choice(s: S) -> bool:
    s.to_move = s.placer
    return True


def _control(s: S) -> bool:
    """The players alternate control markers, 3 each [Setup: F)]; then 3 gold each
    [Setup: G)] and the hands: 2 starting cards and 3 events drawn [Setup: H)]."""
    markers = s.book.rules.setup.control_markers_each
    if s.placed < 2 * markers:
        s.to_move = s.placer
        return True
    setup = s.book.rules.setup
    s.gold = [setup.start_gold, setup.start_gold]
    s.log(f"Setup G: each player places {setup.start_gold} gold in their treasury.", "Setup: G)")
    book = s.book
    for card, kind in enumerate(book.events):
        side = book.event_types[kind].side
        if card >= book.historic_events and side is not None:
            s.eloc[card] = hand(SEATS.index(side))
    s.log(
        f"Setup H: both hands get their side's 2 starting cards and "
        f"{setup.hand_events} drawn historic events.",
        "Setup: H)",
    )
    s.draws = [0] * setup.hand_events + [1] * setup.hand_events
    s.draw_from_deck = 0
    s.phase = SETUP_HANDS
    return False


def _hands(s: S) -> bool:
    s.phase = SETUP_SECRETS
    return False


def _secrets(s: S) -> bool:
    if -1 in s.secret:
        s.to_move = CHANCE
        return True
    s.log(
        f"{SEATS[s.first]} was second to place control markers, so plays the first game turn.",
        "Starting the Game",
        {"first": SEATS[s.first]},
    )
    _begin_turn(s, s.first)
    return False


# -- the turn -----------------------------------------------------------------------------


def _begin_turn(s: S, seat: int) -> None:
    s.active = seat
    s.phase = DRAW
    s.sub = 0
    s.rolled = []
    s.ransom_used = 0
    s.quiet = [0, 0]
    s.moved = [-1] * len(s.moved)
    s.log(
        f"Turn {s.turn} of {2 * s._g.turns_per_player}: {SEATS[seat]}'s turn.",
        "Starting the Game",
        {"turn": s.turn, "seat": SEATS[seat]},
    )


def _enter(s: S, phase: int) -> bool:
    s.phase = phase
    s.sub = 0
    return False


def _draw(s: S) -> bool:
    """One historic event from the start-of-turn draw deck
    [1) Draw from Historic Events Draw Deck] [Rulings B13]."""
    if s.sub == 0:
        s.sub = 1
        if s.draw_deck > 0:
            s.draws = [s.active]
            s.draw_from_deck = 1
        else:
            s.log("The start-of-turn draw deck is empty.", "1) Draw from Historic Events Draw Deck")
        return False
    if s.sub == 1:
        s.sub = 2
        s.draw_from_deck = 0
        open_window(s, "turn_start")
        return False
    return _enter(s, LEADER)


def _window_first(s: S, window: Window) -> bool:
    """On entering a step (``sub`` 0): open its window of cards and wait for it, once."""
    if s.sub != 0:
        return False
    s.sub = 1
    open_window(s, window)
    return True


def _leader(s: S) -> bool:
    """Colony rolls, at most one per colony a turn [2) Leader Actions / Colony Rules]."""
    if _window_first(s, "leader_actions"):
        return False
    if s.rolling >= 0:
        s.rolling = -1
        s.colony_mod = 0
    if rollable_colonies(s):
        s.to_move = s.active
        return True
    return _enter(s, POLITICAL)


def _political(s: S) -> bool:
    """Select, boost with gold and cards, roll [3) Political Objective Attempt]."""
    stage = s.po_stage
    if stage == PO_SELECT:
        if attemptable(s):
            s.to_move = s.active
            return True
        return _enter(s, PURCHASES)
    if stage == PO_BOOST:
        s.to_move = s.active
        return True
    if stage == PO_WINDOW:
        s.po_stage = PO_COUNTER
        open_window(s, "political_roll")
        return False
    if stage == PO_COUNTER:
        if counter_allowed(s):
            s.to_move = 1 - s.active
            return True
        s.po_stage = PO_ROLL
        return False
    s.die_for = DIE_POLITICAL
    return False


def _purchases(s: S) -> bool:
    """The active player buys [4) Purchases]."""
    if _window_first(s, "purchases"):
        return False
    s.to_move = s.active
    return True


def _movement(s: S) -> bool:
    """The active player moves units [5) Movement]."""
    if _window_first(s, "movement"):
        return False
    if movable_units(s):
        s.to_move = s.active
        return True
    return _enter(s, BATTLES)


def _battles(s: S) -> bool:
    """Battles, one location at a time, until no location holds units of both sides: every
    battle is fought, in the order the attacker chooses [6) Battles] [Rulings B18]."""
    if battle_step(s):
        return True
    if s.bat_loc < 0 and s.phase == BATTLES and not battle_locations(s):
        return _enter(s, PLACE)
    return False


def _place(s: S) -> bool:
    """The active player places its purchases [7) Place Purchases]."""
    if _window_first(s, "place_purchases"):
        return False
    if placeable(s):
        s.to_move = s.active
        return True
    return _enter(s, REVENUE)


def _revenue(s: S) -> bool:
    """The active player collects its gold [8) Collect Revenue]."""
    if _window_first(s, "revenue"):
        return False
    collect_revenue(s, s.active)
    return _enter(s, TURN_END)


def _turn_end(s: S) -> bool:
    """The turn ends (a last window); then the other player's turn, or the game's end
    after 10 player turns [Starting the Game] [Ending the Game]."""
    if _window_first(s, "turn_end"):
        return False
    if s.turn >= 2 * s._g.turns_per_player:
        s.phase = OVER
        result = game_result(s)
        s.log(str(result["reason"]) + ".", "Ending the Game", result)
        return False
    s.turn += 1
    _begin_turn(s, 1 - s.active)
    return False


def _over(s: S) -> bool:
    s.to_move = TERMINAL
    return True


_STEPS = {
    SETUP_COLONIES: _colonies,
    SETUP_ROLL_OFF: _chance,
    SETUP_CHOICE: _choice,
    SETUP_CONTROL: _control,
    SETUP_HANDS: _hands,
    SETUP_SECRETS: _secrets,
    DRAW: _draw,
    LEADER: _leader,
    POLITICAL: _political,
    PURCHASES: _purchases,
    MOVEMENT: _movement,
    BATTLES: _battles,
    PLACE: _place,
    REVENUE: _revenue,
    TURN_END: _turn_end,
    OVER: _over,
}
