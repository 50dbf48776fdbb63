"""What each seat may know (``view``) and the worlds consistent with it (``resample``).

Hidden: the other side's hand and melds (even their sizes) [Action Phase], the order and
contents of the deck, and the cards the other side discarded face down [Rulings R6]
[Rulings R11].
Public: provinces, counts of cards held, face-up discards, Events removed from play, the
cards not yet shuffled in, the last reveal, and whose decision it is. A seat also sees,
after a reveal, which of its own cards went face down there and why (it placed them).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from stratagem.core import CHANCE, TERMINAL, JsonDict
from stratagem.games.eighty_years_war.info import DUTCH, SEATS, SPANISH
from stratagem.games.eighty_years_war.melds import score_melds
from stratagem.games.eighty_years_war.pack import MELD_NAMES, MILITARY, POLITICAL, STAGE_NAMES
from stratagem.games.eighty_years_war.places import (
    ACTION,
    DECK,
    DISCARD_PILE,
    HAND,
    MELD,
    NO_EVENT,
    OVER,
    PHASE_NAMES,
    RESERVE,
    STRATEGY_DISCARD,
    STRATEGY_DRAW,
    UNDECIDED,
)

if TYPE_CHECKING:
    from stratagem.games.eighty_years_war.state import EightyYearsWarState


KEPT_DEAL_TRIES = 30
"""Deals drawn, at most, to find a hand whose owner would have discarded as many as it did."""

_USE = {"D": "Dutch only", "S": "Spanish only", "B": "both sides"}
_MELD = {"M": "military meld", "P": "political meld", "E": "either meld"}
_STAGE = {
    "I": "Stage I",
    "II": "Stage II",
    "III": "Stage III",
    "I+": "Stages I-II",
    "II+": "Stages II-III",
    "A": "all stages",
}
_NOTES = {"L": " · Leader", "V": " · Event", None: ""}


def describe_card(state: EightyYearsWarState, card: int, seat: int) -> str:
    """A card's printed columns in words, and whether ``seat`` can use it this stage."""
    entry = state.book.entries[card]
    usable = state.book.usable_by[seat][card] and state.book.stage_ok[state.stage()][card]
    return (
        f"{entry.value} · {_USE[entry.use]} · {_MELD[entry.meld]} · {_STAGE[entry.stage]}"
        f"{_NOTES[entry.notes]}{'' if usable else ' · unusable by you now'}"
    )


def _melds_revealed(state: EightyYearsWarState, seat: int, turn: int) -> list[list[int]]:
    """The cards ``seat`` placed in each meld in ``turn``, read from its own placements
    in the event log (the melds themselves are emptied at the End Phase)."""
    events = state.events
    start = len(events)
    while start > 0:
        start -= 1
        event = events[start]
        if event.rule == "Turn Sequence" and event.data.get("turn") == turn:
            break
    melds: list[list[int]] = [[], []]
    index = state.book.number
    for event in events[start + 1 :]:
        if event.rule == "Turn Sequence":
            break
        if event.rule == "Action Phase" and event.private_to == seat and "meld" in event.data:
            meld = MILITARY if event.data["meld"] == MELD_NAMES[MILITARY] else POLITICAL
            melds[meld].append(index[event.data["card"]])
    return melds


def _reasons(state: EightyYearsWarState, seat: int, reveal: JsonDict) -> list[tuple[int, str]]:
    """Every card of ``seat``'s melds that scored 0 at ``reveal``, with why, meld by meld
    (see ``face_down_reasons``)."""
    book = state.book
    turn = int(reveal["turn"])
    stage = book.stage_of_turn(turn)
    melds = _melds_revealed(state, seat, turn)
    event = reveal.get("events", {}).get(SEATS[seat])
    shown = None if event is None else book.number[event]
    scored = score_melds(book, seat, stage, (melds[MILITARY], melds[POLITICAL]), shown)
    reasons: list[tuple[int, str]] = []
    for meld in (MILITARY, POLITICAL):
        for card in scored.unusable[meld]:
            if not book.usable_by[seat][card]:
                why = "the other side's card"
            elif not book.meld_ok[meld][card]:
                why = f"a {MELD_NAMES[1 - meld]} card in the {MELD_NAMES[meld]} meld"
            elif not book.stage_ok[stage][card]:
                why = f"not usable in Stage {STAGE_NAMES[stage - 1]}"
            elif book.leader[card]:
                why = f"a second Leader in the {MELD_NAMES[meld]} meld (the higher counts)"
            else:
                why = "a second Event (one counts a turn: the one shown)"
            reasons.append((card, why))
    return reasons


_REVEALED: dict[tuple[int, int], tuple[JsonDict, list[tuple[int, str]]]] = {}
"""``_reasons`` of recent reveals, by (the reveal's ``id``, seat), each kept with its
reveal (so an ``id`` reused by a later object is not mistaken for it): a reveal and the
placements before it are history, the same in every clone that holds that reveal."""
REVEALED_KEPT = 256
"""Reveals remembered at most (the oldest forgotten first)."""


def _reasons_of_reveal(
    state: EightyYearsWarState, seat: int, reveal: JsonDict
) -> list[tuple[int, str]]:
    """``_reasons`` for the last reveal, worked out from the log once per reveal and seat."""
    key = (id(reveal), seat)
    known = _REVEALED.get(key)
    if known is not None and known[0] is reveal:
        return known[1]
    reasons = _reasons(state, seat, reveal)
    if len(_REVEALED) >= REVEALED_KEPT:
        _REVEALED.pop(next(iter(_REVEALED), key), None)  # safe if another thread got there
    _REVEALED[key] = (reveal, reasons)
    return reasons


def face_down_reasons(state: EightyYearsWarState, seat: int) -> dict[str, str]:
    """``seat``'s own cards that went face down at the last reveal, each with why it
    scored 0 there [Action Phase] [Rulings R8] [Rulings R9], in the words the card list
    uses: the other side's card, a card of the other meld, of another stage, a second
    Leader in its meld or a second Event of the turn. A card is told while it lies face
    down in the discard pile (not once the pile is shuffled into a new deck: no longer the
    seat's to know)."""
    reveal = state.last_reveal
    face_down = state.face_down
    if reveal is None or seat not in face_down.values():
        return {}  # nothing of the seat's lies face down: no reasons to find
    names = state.book.names
    return {
        names[card]: why
        for card, why in _reasons_of_reveal(state, seat, reveal)
        if face_down.get(card) == seat
    }


def _to_move(state: EightyYearsWarState) -> str | None:
    player = state.current_player()
    if player == TERMINAL:
        return None
    if player == CHANCE:
        return "chance"
    return SEATS[player]


def build_view(state: EightyYearsWarState, seat: int | None) -> JsonDict:
    """Everything ``seat`` may know now; ``None`` is a spectator."""
    book = state.book
    names = book.names
    face_down = state.face_down
    face_up = sorted(card for card in state.discard if card not in face_down)
    mine_down = sorted(card for card, owner in face_down.items() if owner == seat)
    view: JsonDict = {
        "game": "eighty_years_war",
        "seat": None if seat is None else SEATS[seat],
        "turn": min(state.turn, state._g.last_turn),
        "turns": state._g.last_turn,
        "stage": STAGE_NAMES[state.stage() - 1],
        "phase": PHASE_NAMES[state.phase],
        "to_move": _to_move(state),
        "provinces": {SEATS[s]: state.provinces[s] for s in (0, 1)},
        "cards_held": {
            SEATS[s]: len(state.hands[s]) + len(state.melds[s][0]) + len(state.melds[s][1])
            for s in (0, 1)
        },
        "deck": len(state.deck),
        "not_yet_in_deck": state.loc.count(RESERVE),
        "discard": {
            "face_up": [names[card] for card in face_up],
            "face_down": len(face_down) - len(mine_down),
            "yours_face_down": [names[card] for card in mine_down],
        },
        "removed_from_play": [names[card] for card in sorted(state.removed)],
        "last_reveal": state.last_reveal,
        "discarded_this_turn": {SEATS[s]: state.turn_discards[s] for s in (0, 1)},
    }
    if state.phase == STRATEGY_DISCARD:
        view["strategy_discards"] = {
            "seat": SEATS[state.seat],
            "count": state.turn_discards[state.seat],
        }
    if seat is not None:
        own_pending = state.pending is not None and state.seat == seat
        view["you"] = {
            "hand": [names[card] for card in state.hands[seat]],
            "melds": {
                MELD_NAMES[meld]: [names[card] for card in sorted(state.melds[seat][meld])]
                for meld in (0, 1)
            },
            "wrong_stage_card": names[state.pending]
            if own_pending and state.pending is not None
            else None,
            "cards": {
                names[card]: describe_card(state, card, seat)
                for card in sorted(
                    [*state.hands[seat], *state.melds[seat][0], *state.melds[seat][1]]
                )
            },
            "last_reveal_face_down": face_down_reasons(state, seat),
        }
    if state.phase == OVER:
        view["result"] = state.result()
    return view


def resample(state: EightyYearsWarState, seat: int, rng: random.Random) -> EightyYearsWarState:
    """A clone in which every card ``seat`` cannot see is dealt again at random.

    The unseen pool is the other side's hand and melds, the deck and the other side's
    face-down discards; each of those places keeps its size, except that the sizes of the
    other side's two melds are secret [Action Phase]: their cards are dealt together and
    split as ``_split_melds`` says. Once the other side has made this turn's Strategy Phase
    discards (their number is public), its cards are dealt as ``_kept_deal`` says: a hand
    it chose to keep, not a uniform one. If the other side is deciding on a wrong-stage
    card (which is public: it is their decision), the redeal gives them a wrong-stage card
    to decide on. History and events are copied unchanged: they hold the truth and are
    never shown to ``seat``. The redeal is a function of ``view(seat)`` and ``rng`` alone
    (the pool is sorted before the shuffle), so a search seeded alike plays alike in every
    world its seat cannot tell apart.
    """
    other = 1 - seat
    clone = state.clone()
    book = state.book
    down = [card for card in state.discard if state.face_down.get(card) == other]
    pool = [
        *state.hands[other],
        *state.melds[other][0],
        *state.melds[other][1],
        *state.deck,
        *down,
    ]
    pool.sort()  # the redeal depends on the view and ``rng`` only, not on where cards were
    rng.shuffle(pool)
    hand_size = len(state.hands[other])
    in_play = hand_size + len(state.melds[other][0]) + len(state.melds[other][1])
    held: list[int] = []
    discarded: list[int] = []
    if _discards_made(state, other) and in_play + state.turn_discards[other] <= len(pool):
        held, discarded, pool = _kept_deal(state, other, pool, in_play, rng)
    else:
        if state.pending is not None and state.seat == other:
            stage_ok = book.stage_ok[state.stage()]
            wrong = [card for card in pool if not stage_ok[card]]
            pending = wrong[int(rng.random() * len(wrong))]
            pool.remove(pending)
            held.append(pending)
            clone.pending = pending
        cut = in_play - len(held)
        held.extend(pool[:cut])
        pool = pool[cut:]
    hand = held[:hand_size]
    melds = _split_melds(state, other, held[hand_size:], rng)
    pool = discarded + pool  # this turn's discards first into the face-down places
    new_down = pool[: len(down)]
    deck = pool[len(down) :]
    clone.hands[other] = sorted(hand)
    for card in hand:
        clone.loc[card] = HAND + other
    for meld in (0, 1):
        clone.melds[other][meld] = melds[meld]
        for card in melds[meld]:
            clone.loc[card] = MELD + 2 * other + meld
    replacement = dict(zip(down, new_down, strict=True))
    clone.discard = [replacement.get(card, card) for card in state.discard]
    clone.face_down = {
        replacement.get(card, card): owner for card, owner in state.face_down.items()
    }
    for card in new_down:
        clone.loc[card] = DISCARD_PILE
    clone.deck = deck
    for card in deck:
        clone.loc[card] = DECK
    if state.shown[other] != UNDECIDED:  # its choice of Event is secret: the redealt melds' own
        event = score_melds(book, other, state.stage(), (melds[0], melds[1])).event
        clone.shown[other] = NO_EVENT if event is None else event
    clone._legal = None
    return clone


def _discards_made(state: EightyYearsWarState, owner: int) -> bool:
    """Whether ``owner`` has made this turn's Strategy Phase discards and drawn for them.

    The Dutch discard and draw first, then the Spanish [Turn Sequence] [Rulings R5].
    """
    if state.phase == ACTION:
        return True
    strategy = state.phase in (STRATEGY_DISCARD, STRATEGY_DRAW)
    return owner == DUTCH and state.seat == SPANISH and strategy


def _kept_deal(
    state: EightyYearsWarState, owner: int, pool: list[int], size: int, rng: random.Random
) -> tuple[list[int], list[int], list[int]]:
    """``owner``'s ``size`` cards in play and this turn's discards, dealt as a player keeps.

    Played as the Strategy Phase is played [Strategy Phase]: a hand of ``size`` is dealt
    from the shuffled ``pool``; its owner discards the cards worth less to it than a fresh
    card is on average (the pool's mean), the least worth first, up to the limit; as many
    fresh cards replace them. The deal is drawn again (up to ``KEPT_DEAL_TRIES`` times)
    until that owner would have discarded as many as it did; the last one drawn is then kept
    whatever it gives. A uniform deal would face the search with a hand far weaker than any
    player keeps (Decisions: "Eighty Years War redeal"). Returns the cards in play, the
    discards and the rest of the pool.
    """
    book = state.book
    worth = book.worth[owner][state.stage()]
    fresh = sum([worth[card] for card in pool]) / len(pool)
    count = state.turn_discards[owner]
    most = book.rules.strategy.max_discards
    for _ in range(KEPT_DEAL_TRIES):
        weak = sum(1 for card in pool[:size] if worth[card] < fresh)
        if min(weak, most) == count:
            break
        rng.shuffle(pool)
    ranked = sorted(pool[:size], key=worth.__getitem__)  # ties stay in shuffled order
    discarded = ranked[:count]
    held = [*ranked[count:], *pool[size : size + count]]
    rng.shuffle(held)
    return held, discarded, pool[size + count :]


def _split_melds(
    state: EightyYearsWarState, owner: int, cards: list[int], rng: random.Random
) -> list[list[int]]:
    """``owner``'s redealt meld cards split between the Military and Political Melds.

    The true split is secret (even its sizes), so it is not read. A card goes where it
    counts for its owner: a Military-only card to the Military Meld, a Political-only one
    to the Political Meld; an Either card, or one its owner cannot use now, goes to either
    at random. Each meld must hold a card (ACTION PHASE): if one is left empty, the other's
    least valuable card moves into it. A uniform split would put half the one-meld cards
    where they are worth nothing, which no player does: the search would then face far
    weaker melds than real ones (Decisions: "Eighty Years War redeal").
    """
    if not cards:
        return [[], []]
    book = state.book
    counts = book.usable_by[owner]
    stage_ok = book.stage_ok[state.stage()]
    military_ok, political_ok = book.meld_ok
    melds: list[list[int]] = [[], []]
    for card in cards:
        if counts[card] and stage_ok[card] and military_ok[card] != political_ok[card]:
            melds[MILITARY if military_ok[card] else POLITICAL].append(card)
        else:
            melds[int(rng.random() * 2)].append(card)
    for empty in (MILITARY, POLITICAL):
        full = melds[1 - empty]
        if not melds[empty] and len(full) > 1:
            least = min(full, key=lambda card: (book.values[card], card))
            full.remove(least)
            melds[empty].append(least)
    return melds
