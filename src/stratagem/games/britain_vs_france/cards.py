"""The card-effect interpreter and the response windows [Historic Event Cards Overview].

A card played goes to the discard pile (or stays in play), then the opponent, if it holds
any card, is asked in the ``response`` window whether it cancels; then its effects are
queued and resolved one by one. An effect that needs a target stops for its player's
choice (``Target ...`` actions); one with no target left does nothing. A window asks every seat
holding any card, whatever it holds, the active player first: being asked tells only the
public hand size.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.britain_vs_france.board import (
    deck_type,
    destroy_unit,
    free_copy,
    gain_export,
    has_units,
    lose_export,
    offer_colony,
    take_colony,
)
from stratagem.games.britain_vs_france.effects import (
    EXPORTS,
    THEATERS,
    WINDOWS,
    AddColony,
    Cancel,
    CaptureLeader,
    DestroyCard,
    DestroyUnit,
    DrawEvents,
    Effect,
    Export,
    Gold,
    Income,
    ModifyRoll,
    MoveUnit,
    PlaceUnit,
    RemoveControl,
    RollBonus,
    TakeControl,
    Window,
    needs_choice,
)
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.places import (
    BAT_DICE,
    DISCARD,
    GONE,
    OUT,
    hand,
    in_play,
)
from stratagem.games.britain_vs_france.targets import (
    TARGET_FIRST,
    TARGET_NONE,
    TARGET_SECOND,
    card_targets,
    location_targets,
    purchase_deck,
    unit_targets,
)

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S

RULE = "Historic Event Cards Overview"
SRC_EVENT, SRC_COLONY, SRC_RAID = range(3)
COLONY_DRAW = 10
"""``draws`` entries from this value up draw a colony for the player who placed it: see
``colony_draw``."""


def colony_draw(entry: int) -> tuple[int, int]:
    """The theater and the placing seat of a ``draws`` entry from ``COLONY_DRAW`` up."""
    seat, theater = divmod(entry - COLONY_DRAW, len(THEATERS))
    return theater, seat


def usable(s: S, seat: int, effect: Effect) -> bool:
    """Whether ``effect`` of ``seat`` would do something now."""
    other = 1 - seat
    if isinstance(effect, ModifyRoll):
        attempt = s.po if effect.roll == "political" else s.rolling
        if effect.roll == "battle":
            return s.bat_loc >= 0
        return attempt >= 0 and (seat == s.active) == (effect.target == "self")
    if isinstance(effect, Gold):
        who = seat if effect.who == "self" else other
        return effect.amount > 0 or s.gold[who] > 0
    if isinstance(effect, Export):
        who = seat if effect.who == "self" else other
        export = EXPORTS.index(effect.export)
        return s.supply[export] > 0 if effect.amount > 0 else s.exports[who][export] > 0
    if isinstance(effect, PlaceUnit):
        kind = deck_type(s, effect.card, seat)
        if kind is None or free_copy(s, kind) is None:
            return False
        if effect.where in ("high_seas", "here"):
            return True
        if effect.where == "battle":
            return s.bat_loc >= 0
        return bool(location_targets(s, seat, effect))
    if isinstance(effect, DrawEvents):
        return purchase_deck(s) > 0
    if isinstance(effect, Cancel):
        return bool(s.response) and s.response[3] != seat
    if isinstance(effect, AddColony):
        theater = THEATERS.index(effect.theater)
        return any(s.book.colony_theater[c] == theater for c in s.unused)
    if isinstance(effect, TakeControl | RemoveControl):
        return bool(location_targets(s, seat, effect))
    if isinstance(effect, DestroyUnit | CaptureLeader | MoveUnit):
        return bool(unit_targets(s, seat, effect))
    if isinstance(effect, DestroyCard):
        return bool(unit_targets(s, seat, effect) or card_targets(s, seat, effect))
    return True  # ongoing effects: always something to put in play


# -- windows ------------------------------------------------------------------------------


def current_window(s: S) -> Window | None:
    """The window open now (``response`` while a card is being answered), if any."""
    if s.response:
        return "response"
    return WINDOWS[s.window] if s.window >= 0 else None


def playable_options(s: S, seat: int, window: Window | None = None) -> list[tuple[int, int]]:
    """``(card type, option)`` of ``seat``'s hand playable in the window, one per type."""
    window = window or current_window(s)
    if window is None:
        return []
    book = s.book
    place = hand(seat)
    events = book.events
    kinds = {events[card] for card, at in enumerate(s.eloc) if at == place}
    kinds &= book.window_types[window]
    found: list[tuple[int, int]] = []
    for kind in sorted(kinds):
        for number, option in enumerate(book.event_types[kind].option):
            if window not in option.windows:
                continue
            if option.during == "own_turn" and seat != s.active:
                continue
            if option.during == "opponent_turn" and seat == s.active:
                continue
            if any(usable(s, seat, effect) for effect in option.effects):
                found.append((kind, number))
    return found


def holds_cards(s: S, seat: int) -> bool:
    """Whether ``seat`` holds any card at all (public: hand sizes are open)."""
    place = hand(seat)
    return any(at == place for at in s.eloc)


def open_window(s: S, window: Window) -> None:
    """Open ``window`` if either seat (not passing for the turn) holds any card: whether a
    card could be played there is not asked, so opening tells nothing hidden
    [Historic Event Cards Overview] (RULINGS.md, "Response windows")."""
    if any(not s.quiet[seat] and holds_cards(s, seat) for seat in (0, 1)):
        s.window = WINDOWS.index(window)
        s.passed = [0, 0]


def window_seat(s: S) -> int | None:
    """Who is asked next in the open window: the active player first, then the other,
    each if it holds any card (playable or not); ``None`` once both have passed (or hold
    nothing) since the last card played
    [Historic Event Cards Overview]."""
    for seat in (s.active, 1 - s.active):
        if not s.passed[seat] and not s.quiet[seat] and holds_cards(s, seat):
            return seat
    return None


# -- playing a card -----------------------------------------------------------------------


def play_card(s: S, seat: int, kind: int, number: int) -> None:
    """A card from ``seat``'s hand is played, then it may be cancelled
    [Historic Event Cards Overview] [Rulings B24]."""
    book = s.book
    card_type = book.event_types[kind]
    place = hand(seat)
    card = next(c for c, at in enumerate(s.eloc) if at == place and book.events[c] == kind)
    s.eloc[card] = in_play(seat) if card_type.stays_in_play else DISCARD
    label = card_type.option[number].label
    text = card_type.name + (f" ({label})" if len(card_type.option) > 1 else "")
    stays = " It remains in play." if card_type.stays_in_play else ""
    s.log(f"{SEATS[seat]} plays {text}.{stays}", RULE, {"seat": SEATS[seat], "card": text})
    s.passed = [0, 0]
    cancels = any(isinstance(effect, Cancel) for effect in card_type.option[number].effects)
    if cancels:
        cancel_response(s, seat)
        return
    s.response = [card, kind, number, seat]
    if not holds_cards(s, 1 - seat):
        s.response = []
        queue(s, seat, SRC_EVENT, kind, number)


def cancel_response(s: S, seat: int) -> None:
    """The card being answered is cancelled: it goes to the discard pile, unresolved
    [Historic Event Cards Overview] [Rulings B24]."""
    card, kind, _, owner = s.response
    s.eloc[card] = DISCARD
    s.response = []
    name = s.book.event_types[kind].name
    s.log(
        f"{SEATS[seat]} cancels {SEATS[owner]}'s {name}.",
        RULE,
        {"seat": SEATS[seat], "cancelled": name},
    )


def pass_response(s: S) -> None:
    """No cancel: the answered card resolves [Historic Event Cards Overview]."""
    _, kind, number, owner = s.response
    s.response = []
    queue(s, owner, SRC_EVENT, kind, number)


def queue(s: S, seat: int, source: int, kind: int, number: int) -> None:
    """Queue every one-shot effect of a card option (or colony roll, or raid)."""
    count = len(effects_of(s, source, kind, number))
    s.effects.extend([seat, source, kind, number, index] for index in range(count))


def effects_of(s: S, source: int, kind: int, number: int) -> list[Effect]:
    """The one-shot effects of a card option, a colony's roll or a card's raid."""
    book = s.book
    if source == SRC_COLONY:
        roll = book.colony_roll[kind]
        return [] if roll is None else list(roll.effects)
    if source == SRC_RAID:
        return list(book.raid[kind])
    card = book.event_types[kind]
    if card.stays_in_play:
        return []
    return list(card.option[number].effects)


def head_effect(s: S) -> tuple[int, Effect]:
    """The player and the effect at the head of the queue."""
    seat, source, kind, number, index = s.effects[0]
    return seat, effects_of(s, source, kind, number)[index]


def resolve_next(s: S) -> None:
    """Resolve the effect at the head of the queue, or stop for its player's target."""
    seat, effect = head_effect(s)
    if not usable(s, seat, effect):
        s.log(f"{type(effect).__name__} of {SEATS[seat]}: no target, nothing happens.", RULE)
        s.effects.pop(0)
        return
    if needs_choice(effect):
        s.choosing = TARGET_FIRST
        return
    s.effects.pop(0)
    apply_effect(s, seat, effect, None)


def choose(s: S, target: int) -> None:
    """The chooser's target for the effect at the head of the queue (an event card type
    in play is written ``-1 - type``)."""
    seat, effect = head_effect(s)
    if isinstance(effect, MoveUnit) and s.choosing == TARGET_FIRST:
        s.moving_unit = target
        s.choosing = TARGET_SECOND
        return
    s.choosing = TARGET_NONE
    s.effects.pop(0)
    apply_effect(s, seat, effect, target)
    s.moving_unit = -1


def apply_effect(s: S, seat: int, effect: Effect, target: int | None) -> None:
    """Carry out one effect primitive (``target``: the location, unit or card chosen); a
    card's own rules come before the rulebook's [Starting the Game]."""
    other = 1 - seat
    if isinstance(effect, ModifyRoll):
        _modify_roll(s, seat, effect)
    elif isinstance(effect, Gold):
        who = seat if effect.who == "self" else other
        change = max(effect.amount, -s.gold[who])
        s.gold[who] += change
        s.log(f"{SEATS[who]} {'gains' if change >= 0 else 'loses'} {abs(change)} gold.", RULE)
    elif isinstance(effect, Export):
        who = seat if effect.who == "self" else other
        export = EXPORTS.index(effect.export)
        for _ in range(abs(effect.amount)):
            if effect.amount > 0:
                gain_export(s, who, export, RULE)
            else:
                lose_export(s, who, export)
        verb = "gains" if effect.amount > 0 else "loses"
        s.log(f"{SEATS[who]} {verb} {abs(effect.amount)} {effect.export} export.", RULE)
    elif isinstance(effect, PlaceUnit):
        _place_unit(s, seat, effect, target)
    elif isinstance(effect, DestroyUnit | CaptureLeader) and target is not None:
        destroy_unit(s, target, RULE)
        drop_from_battle(s, target)
    elif isinstance(effect, TakeControl) and target is not None:
        take_colony(s, seat, target, RULE, literal_battle=False)
    elif isinstance(effect, RemoveControl) and target is not None:
        s.control[target] = -1
        lose_export(s, other, s.book.colony_export[target])
        name = s.book.colony_names[target]
        s.log(f"{SEATS[other]} loses control of {name} and its export.", RULE)
    elif isinstance(effect, DrawEvents):
        s.draws.extend([seat] * effect.count)
    elif isinstance(effect, DestroyCard) and target is not None:
        _destroy_card(s, seat, target)
    elif isinstance(effect, MoveUnit) and target is not None:
        unit = s.moving_unit
        s.uloc[unit] = target
        s.log(
            f"{SEATS[seat]} moves {s.book.unit_labels[unit]} to {s.book.locations[target]}.", RULE
        )
        arrive(s, seat, unit, target)
    elif isinstance(effect, AddColony):
        s.draws.append(COLONY_DRAW + len(THEATERS) * seat + THEATERS.index(effect.theater))


def arrive(s: S, seat: int, unit: int, dest: int) -> None:
    """A unit moved to a colony (in Movement or by a card): Privateers raid an opponent's
    colony; a colony its side does not control may be taken with its export when it is
    either uncontrolled or without opposing units, as the mover decides [5) Movement]
    [Rulings B17]."""
    book = s.book
    kind = book.units[unit]
    if dest >= book.high_seas or not book.is_unit[kind]:
        return
    if s.control[dest] == 1 - seat and book.raid[kind]:
        queue(s, seat, SRC_RAID, kind, 0)
    open_to_take = s.control[dest] == -1 or not has_units(s, dest, 1 - seat)
    if s.control[dest] != seat and open_to_take:
        offer_colony(s, seat, dest, battle=False)


def _modify_roll(s: S, seat: int, effect: ModifyRoll) -> None:
    side = seat if effect.target == "self" else 1 - seat
    if effect.roll == "battle":
        s.bat_mod[side] += effect.amount
        text = f"{SEATS[side]}'s dice in this battle: {s.bat_mod[side]:+d} in all."
    elif effect.roll == "political":
        s.po_mod += effect.amount
        text = f"The political objective roll: {effect.amount:+d} from cards."
    else:
        s.colony_mod += effect.amount
        text = f"The colony roll: {effect.amount:+d}."
    s.log(text, RULE, {"roll": effect.roll, "amount": effect.amount})


def _place_unit(s: S, seat: int, effect: PlaceUnit, target: int | None) -> None:
    kind = deck_type(s, effect.card, seat)
    unit = None if kind is None else free_copy(s, kind)
    if unit is None:
        s.log(f"No {effect.card} is left in {SEATS[seat]}'s battle deck.", RULE)
        return
    if effect.where == "here":
        target = s.rolling
    elif effect.where == "battle":
        target = s.bat_loc
    elif effect.where == "high_seas":
        target = s.book.high_seas
    if target is None or target < 0:
        return
    s.uloc[unit] = target
    s.uown[unit] = seat
    s.log(
        f"{SEATS[seat]} brings {s.book.unit_labels[unit]} into play at {s.book.locations[target]}.",
        RULE,
        {"unit": s.book.unit_labels[unit], "location": s.book.locations[target]},
    )
    if effect.where == "battle" and s.pairs and s.bat_stage == BAT_DICE and s.sub == 0:
        _join_first_pairing(s, seat, unit)


def _join_first_pairing(s: S, seat: int, unit: int) -> None:
    pairing = s.pairs[0]
    split = pairing.index(-1)
    if seat == s.active:
        pairing.insert(split, unit)
    else:
        pairing.append(unit)


def _destroy_card(s: S, seat: int, target: int) -> None:
    """``target`` is a battle card, or ``-1 - type`` for an event card type in play."""
    book = s.book
    enemy = 1 - seat
    if target < 0:
        target = -1 - target
        place = in_play(enemy)
        card = next(c for c, at in enumerate(s.eloc) if at == place and book.events[c] == target)
        s.eloc[card] = GONE
        name = book.event_types[target].name
    else:
        s.uloc[target] = OUT
        s.uown[target] = -1
        name = book.unit_labels[target]
    s.log(f"{SEATS[seat]} destroys {SEATS[enemy]}'s {name}.", RULE, {"card": name})


def drop_from_battle(s: S, unit: int) -> None:
    """A unit leaves the battle's pairings and dice (destroyed or captured by a card)."""
    for pairing in s.pairs:
        if unit in pairing[1:]:
            del pairing[pairing.index(unit, 1)]
    if unit in s.roll_queue:
        s.roll_queue.remove(unit)


# -- ongoing effects ----------------------------------------------------------------------


def ongoing(s: S, seat: int) -> list[Effect]:
    """The effects of ``seat``'s historic events that remain in play."""
    book = s.book
    place = in_play(seat)
    found: list[Effect] = []
    for card, at in enumerate(s.eloc):
        if at == place:
            found.extend(book.event_types[book.events[card]].option[0].effects)
    return found


def income_bonus(s: S, seat: int) -> int:
    """Gold that ``seat``'s cards in play add [8) Collect Revenue]."""
    return sum(effect.amount for effect in ongoing(s, seat) if isinstance(effect, Income))


def roll_bonus(s: S, seat: int, roll: str) -> int:
    """What ``seat``'s cards in play add to each of its rolls of one kind."""
    return sum(
        effect.amount
        for effect in ongoing(s, seat)
        if isinstance(effect, RollBonus) and effect.roll == roll
    )
