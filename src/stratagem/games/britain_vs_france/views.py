"""What each seat may know (``view``) and the worlds consistent with it (``resample``).

Hidden: the other side's historic events in hand, its secret objective, and which cards
lie in the two face-down decks (nobody knows those). Public: the board, gold, exports,
purchases waiting on the mats, prisoners, political objectives, cards in play and
discarded, how many cards each hand holds, and the starting cards (each side's two are
known from the box, so which of them a hand still holds is public too).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING

from stratagem.core import CHANCE, TERMINAL, JsonDict
from stratagem.games.britain_vs_france.battle import score, sides
from stratagem.games.britain_vs_france.board import on_table, prisoners
from stratagem.games.britain_vs_france.cards import current_window
from stratagem.games.britain_vs_france.effects import EXPORTS, STEP_WINDOWS, THEATERS, Effect
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.places import (
    BATTLE_STAGE_NAMES,
    DISCARD,
    OVER,
    PHASE_NAMES,
    POOL,
    hand,
    in_play,
    mat,
    prison,
)
from stratagem.games.britain_vs_france.scoring import revenue, score_lines
from stratagem.games.britain_vs_france.targets import purchase_deck

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.pack import EventCard
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S


def _who(s: S) -> str | None:
    player = s.current_player()
    if player == TERMINAL:
        return None
    return "chance" if player == CHANCE else SEATS[player]


Placed = dict[int, list[list[int]]]
"""Location -> [Britain's battle cards there, France's, nobody's], each in card order."""

NOBODY = 2
"""The index of the cards nobody owns in a ``Placed`` entry."""
_NONE_HERE: list[list[int]] = [[], [], []]
"""A ``Placed`` entry of a location with no card (read, never written)."""


def _placed(s: S) -> Placed:
    """Every battle card by where it is and whose it is, in one pass (a view reads the
    board, the prisons and the mats from it)."""
    owners = s.uown
    placed: Placed = {}
    for unit, place in enumerate(s.uloc):
        owned = placed.get(place)
        if owned is None:
            owned = placed[place] = [[], [], []]
        owner = owners[unit]
        owned[owner if owner >= 0 else NOBODY].append(unit)
    return placed


def _labels(s: S, units: list[int]) -> list[str]:
    labels = s.book.unit_labels
    return [labels[unit] for unit in units]


def _units_by_side(s: S, placed: Placed, location: int) -> JsonDict:
    owned = placed.get(location, _NONE_HERE)
    return {SEATS[seat]: _labels(s, owned[seat]) for seat in (0, 1)}


def _cards_at(s: S, placed: Placed, place: int) -> list[str]:
    """The labels of every card at a prison or a mat, whoever owns it, in card order."""
    owned = placed.get(place, _NONE_HERE)
    return _labels(s, sorted(unit for side in owned for unit in side))


def _board(s: S, placed: Placed) -> JsonDict:
    """Each theater's colonies in line order, one line each: export, control, units."""
    book = s.book
    theaters: JsonDict = {}
    for theater, line in enumerate(s.line):
        colonies: JsonDict = {}
        for colony in line:
            owner = s.control[colony]
            text = f"{EXPORTS[book.colony_export[colony]]}, "
            text += SEATS[owner] if owner >= 0 else "uncontrolled"
            owned = placed.get(colony, _NONE_HERE)
            for seat in (0, 1):
                if owned[seat]:
                    text += f"; {SEATS[seat]}: {', '.join(_labels(s, owned[seat]))}"
            colonies[book.colony_names[colony]] = text
        theaters[THEATERS[theater]] = colonies
    return theaters


def read_colony_line(text: str) -> JsonDict:
    """The inverse of a ``theaters`` entry: ``{"export", "control", "units": {side: [...]}}``
    (for bots and board drawings, which read views only)."""
    head, *sides = text.split("; ")
    export, control = head.split(", ", 1)
    units: JsonDict = {side: [] for side in SEATS}
    for part in sides:
        side, labels = part.split(": ", 1)
        units[side] = labels.split(", ")
    return {
        "export": export,
        "control": None if control == "uncontrolled" else control,
        "units": units,
    }


def _objectives(s: S) -> JsonDict:
    labels = s.book.political_labels
    held: JsonDict = {
        SEATS[seat]: [labels[po] for po, owner in enumerate(s.po_control) if owner == seat]
        for seat in (0, 1)
    }
    held["open"] = s.po_control.count(-1)
    return held


def _events_at(s: S, place: int) -> list[str]:
    book = s.book
    return [book.event_types[book.events[c]].name for c, at in enumerate(s.eloc) if at == place]


def _battle(s: S) -> JsonDict | None:
    if s.bat_loc < 0:
        return None
    labels = s.book.unit_labels
    pairings = []
    for pairing in s.pairs:
        attackers, defenders = sides(pairing)
        pairings.append(
            {
                "attackers": [labels[u] for u in attackers],
                "defenders": [labels[u] for u in defenders],
                "scores": {labels[u]: score(s, u) for u in pairing[1:] if u >= 0 and s.dice[u]},
            }
        )
    return {
        "location": s.book.locations[s.bat_loc],
        "attacker": SEATS[s.active],
        "stage": BATTLE_STAGE_NAMES[s.bat_stage],
        "pairings": pairings,
        "card modifiers": {SEATS[seat]: s.bat_mod[seat] for seat in (0, 1)},
    }


def _attempt(s: S) -> JsonDict | None:
    if s.po < 0:
        return None
    book = s.book
    return {
        "objective": book.political_labels[s.po],
        "difficulty": book.difficulty[book.political[s.po]],
        "gold boost": s.po_boost,
        "card modifiers": s.po_mod,
        "counter-diplomacy": s.po_counter,
    }


def card_text(card: EventCard) -> str:
    """A card's options in words, for the hand of its holder (the game keeps each card's
    text, ``BritainVsFrance.card_texts``)."""
    parts = []
    for option in card.option:
        effects = "; ".join(effect_text(effect) for effect in option.effects)
        head = f"[{option.label}] " if option.label else ""
        when = ", ".join(w.replace("_", " ") for w in option.windows)
        if set(option.windows) == set(STEP_WINDOWS):
            when = "any step"
        turn = {"own_turn": " (your turn)", "opponent_turn": " (their turn)", "any": ""}
        parts.append(f"{head}{effects} - when: {when}{turn[option.during]}")
    stays = " Stays in play." if card.stays_in_play else ""
    return " OR ".join(parts) + stays


def effect_text(effect: Effect) -> str:
    """One effect primitive in words."""
    data = effect.model_dump()
    op = str(data.pop("op"))
    if op == "modify_roll":
        whose = "your" if data["target"] == "self" else "the opponent's"
        return f"{data['amount']:+d} to {whose} {data['roll']} roll"
    if op in ("gold", "export"):
        who = "you" if data["who"] == "self" else "the opponent"
        what = "gold" if op == "gold" else data["export"]
        return f"{who} {'gain' if data['amount'] > 0 else 'lose'} {abs(data['amount'])} {what}"
    if op == "score":
        condition = dict(data["condition"])
        kind = str(condition.pop("kind")).replace("_", " ")
        need = ", ".join(f"{key.replace('_', ' ')} {value}" for key, value in condition.items())
        return f"{data['points']} point(s) at the end" + (f" ({kind}: {need})" if need else "")
    details = ", ".join(f"{key} {value}" for key, value in data.items())
    return op.replace("_", " ") + (f" ({details})" if details else "")


def build_view(s: S, seat: int | None) -> JsonDict:
    """Everything ``seat`` may know now; ``None`` is a spectator."""
    book = s.book
    window = current_window(s)
    placed = _placed(s)
    points = [score_lines(s, x) for x in (0, 1)]
    view: JsonDict = {
        "game": "britain_vs_france",
        "seat": None if seat is None else SEATS[seat],
        "turn": min(s.turn, 2 * s._g.turns_per_player),
        "turns": 2 * s._g.turns_per_player,
        "active": SEATS[s.active],
        "step": PHASE_NAMES[s.phase],
        "to_move": _who(s),
        "window": window,
        "theaters": _board(s, placed),
        "control": {
            SEATS[x]: [book.colony_names[c] for c in on_table(s) if s.control[c] == x]
            for x in (0, 1)
        },
        "high_seas": _units_by_side(s, placed, book.high_seas),
        "gold": {SEATS[x]: s.gold[x] for x in (0, 1)},
        "exports": {
            SEATS[x]: {EXPORTS[e]: n for e, n in enumerate(s.exports[x]) if n} for x in (0, 1)
        },
        "revenue_next": {SEATS[x]: sum(revenue(s, x)) for x in (0, 1)},
        "political_objectives": _objectives(s),
        "prisoners": {SEATS[x]: _cards_at(s, placed, prison(x)) for x in (0, 1)},
        "purchases": {SEATS[x]: _cards_at(s, placed, mat(x)) for x in (0, 1)},
        "in_play": {SEATS[x]: _events_at(s, in_play(x)) for x in (0, 1)},
        "discard": _events_at(s, DISCARD),
        "hand_sizes": {SEATS[x]: s.eloc.count(hand(x)) for x in (0, 1)},
        "draw_deck": s.draw_deck,
        "purchase_deck": purchase_deck(s),
        "unused_colonies": len(s.unused),
        "battle": _battle(s),
        "political_attempt": _attempt(s),
        "points_now_without_secret_objectives": {
            SEATS[x]: sum(points[x].values()) - points[x]["secret objective"] for x in (0, 1)
        },
    }
    if s.response:
        _, kind, _, owner = s.response
        view["answering"] = f"{SEATS[owner]}'s {book.event_types[kind].name}"
    if s.new_colony:
        view["new_colony"] = book.colony_names[s.new_colony[0]]
    if s.taking:
        view["taking"] = book.colony_names[s.taking[0]]
    if s.ransom_unit >= 0:
        price = f"{s.ransom_gold} gold" if s.ransom_swap < 0 else book.unit_labels[s.ransom_swap]
        view["ransom_offer"] = f"{book.unit_labels[s.ransom_unit]} for {price}"
    if seat is not None:
        view["you"] = _private(s, seat, sum(points[seat].values()))
    if s.phase == OVER:
        view["result"] = s.result()
    return view


def _private(s: S, seat: int, points_now: int) -> JsonDict:
    book = s.book
    mine = hand(seat)
    counts = Counter(book.events[c] for c, at in enumerate(s.eloc) if at == mine)
    kinds = sorted(counts)
    secret = s.secret[seat]
    return {
        "hand": [
            book.event_types[k].name + (f" x{counts[k]}" if counts[k] > 1 else "") for k in kinds
        ],
        "cards": {book.event_types[k].name: s._g.card_texts[k] for k in kinds},
        "secret_objective": None if secret < 0 else book.secrets[secret].name,
        "prisoners_taken": prisoners(s, seat),
        "points_now": points_now,
    }


def resample(s: S, seat: int, rng: random.Random) -> S:
    """A clone in which the other side's historic events in hand, both face-down decks and
    the other side's secret objective are dealt again from what ``seat`` has not seen.
    History and events are copied unchanged: they hold the truth and are never shown."""
    other = 1 - seat
    clone = s.clone()
    historic = s.book.historic_events
    held = [c for c in range(historic) if s.eloc[c] == hand(other)]
    # sorted first, so that the redeal depends on the view and the generator alone
    unseen = sorted(held + [c for c in range(historic) if s.eloc[c] == POOL])
    rng.shuffle(unseen)
    for index, card in enumerate(unseen):
        clone.eloc[card] = hand(other) if index < len(held) else POOL
    if s.secret[other] >= 0 and s.phase != OVER:  # scored, so revealed, at the end
        known = {s.secret[seat]}
        choices = [i for i in range(len(s.book.secrets)) if i not in known]
        clone.secret[other] = choices[int(rng.random() * len(choices))]
    clone._legal = None
    return clone
