"""Shared helpers for the Eighty Years War rule tests (``test_rules_*.py``).

Everything goes through the public API: ``stratagem.load``, ``apply_action`` with the text
of the action (a chance draw is forced by applying ``Draw: <card>``), ``legal_actions``,
``view``, ``visible_events``, ``to_json`` and ``game.state_from_json``. Where forcing a long
sequence is impractical (turn 15, an almost empty deck), a position is built by writing a
``to_json`` document and loading it; the loader checks the document's consistency.

The card list below is copied verbatim from the rulebook [Eighty Years War Card List], so
that the tests state the printed facts independently of the engine's data pack.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pytest

import stratagem
from stratagem import CHANCE, IllegalAction, State

GAME = stratagem.load("eighty_years_war")
DUTCH = 0
SPANISH = 1
SEATS = ("Dutch", "Spanish")
MELDS = ("military", "political")

CARD_LIST = """
Great Merchant Cities D 4 E A
Imperial Authority S 4 E A
Calvinist Iconoclasm D 4 P I
Reduction of Breda S 7 M III V
William of Orange D 8 P I+ L
King Phillip II S 9 E I+ L
Duke of Alba S 7 E I L
Brutal Oppression B 4 P A
Council of Blood B 5 P I V
Sea Beggars D 6 M A
Maritime Provinces D 5 E A
Privateers B 4 M A
Merchant Magnates B 4 E A
Political Rivals B 3 P A
Factionalism B 5 P A
Guerilla Campaign D 3 M A
Spontaneous Revolt D 7 E A
Flood Terrain D 4 M A
Spanish Armies S 4 M A
Siege Warfare B 5 M A
Rebel Unity D 6 P A
Sea Battle D 7 M A
Starvation B 4 M A
Occupation B 3 E A
Southern Aristocracy S 5 P A
Bribery S 5 P A
Don Juan of Austria S 6 M II L
Duke of Parma S 9 E II L
Able General B 6 M A L
Diplomacy B 4 P A
Maurice of Nassau D 9 E II+ L
Ambrogio Spinola S 9 M III L
Relieving Force B 5 M A
Union of Utrecht D 8 P II V
Union of Arras S 8 P II V
Spanish Armada Fiasco D 7 E II V
Demoralized B 3 E A
Assassination B 4 P A
English Allies D 4 E A
Twelve Years Truce D 8 P III V
Rivers & Marshes D 5 M A
De Facto Independence D 4 P A
Spanish Court Meddling D 4 P A
French Intervention D 5 E A
Battle of the Downs D 8 M III V
Ruinous Expense D 4 E A
Spanish Empire S 7 E A
Habsburg Dynasty S 7 E A
Devout Catholicism S 4 P A
Foreign Rule D 4 P A
Spanish Inquisition B 3 P A
Heavy Taxation B 4 P A
Sack Captured Cities B 3 P A
Naval Blockade B 3 E A
Military Might S 5 M A
Standing Army D 6 M II+
Protracted Siege B 5 M A
Frederick Henry D 7 M III L
Colonial Trade Routes B 3 E II+
Heavy Handed Rule S 3 E A
Holy Roman Empire S 6 E A
Protestant German Aid D 3 E A
Pivotal Area S 7 M A
Heresy S 4 P A
Stadtholder B 3 E A L
Major Fortress B 5 M A
Reformation D 5 P A
Counter Reformation S 5 P A
Nobility in Opposition B 4 E A L
Treason B 3 E A
French Huguenots D 3 M A
Rebel Army D 3 M A
Refugees to the North D 4 E A
Mercenaries S 5 M A
New World Bullion S 5 E A
Mutinies D 5 E A
Bankruptcy D 4 E A
Pacification of Ghent D 5 E II V
Reconquest S 7 M II+
Treaty of Nonsuch B 2 E II V
Act of Abjuration B 2 E II V
Golden Age D 8 P II+
States General Republic D 4 E A
Dutch East Indies Company D 4 P II+
Thirty Years War B 5 M III
Inundations B 4 M A
Italian Troops S 4 M A
Fanaticism D 5 E A
Siege Batteries B 3 M A
Militia Garrisons D 3 M A
Blockade Bridges S 5 M A
Cavalry Sweeps S 4 M A
Heavy Cannons B 4 M A
Strategic Redoubt D 6 E A
Take Town by Surprise B 6 M A
North Eastern Theatre S 7 E A
Raids and Incursions B 3 M A
Strategic Diversions B 8 E A
Mining and Sapping B 4 M A
Water Communication D 4 E A
"""

# CARD LIST NOTATION: the stages a stage code allows.
STAGES_OF_CODE: dict[str, frozenset[int]] = {
    "I": frozenset({1}),
    "II": frozenset({2}),
    "III": frozenset({3}),
    "I+": frozenset({1, 2}),
    "II+": frozenset({2, 3}),
    "A": frozenset({1, 2, 3}),
}
# Rulings R2: the stage at whose beginning a card joins the deck.
ENTRY_STAGE = {"A": 1, "I": 1, "I+": 1, "II": 2, "II+": 2, "III": 3}

# The hands most tests deal: one usable card of each kind for each side.
DUTCH_HAND = [
    "Great Merchant Cities",
    "Sea Beggars",
    "Maritime Provinces",
    "Privateers",
    "Guerilla Campaign",
    "Spontaneous Revolt",
    "Rebel Unity",
]
SPANISH_HAND = [
    "Imperial Authority",
    "Spanish Armies",
    "Southern Aristocracy",
    "Bribery",
    "Spanish Empire",
    "Habsburg Dynasty",
    "Devout Catholicism",
    "Military Might",
]


@dataclass(frozen=True)
class Card:
    """One row of the printed card list."""

    index: int
    name: str
    use: str
    value: int
    meld: str
    stage: str
    notes: str | None

    @property
    def leader(self) -> bool:
        return self.notes == "L"

    @property
    def event(self) -> bool:
        return self.notes == "V"

    @property
    def entry_stage(self) -> int:
        return ENTRY_STAGE[self.stage]

    def usable_by(self, seat: int) -> bool:
        """D = Dutch only, S = Spanish only, B = both."""
        return self.use == "B" or self.use == "DS"[seat]

    def fits(self, meld: str) -> bool:
        """M = military only, P = political only, E = either."""
        return self.meld == "E" or self.meld == meld[0].upper()

    def in_stage(self, stage: int) -> bool:
        return stage in STAGES_OF_CODE[self.stage]

    def worth(self, seat: int, meld: str, stage: int) -> int:
        """The card's value alone in a meld of ``seat`` (0 when unusable)."""
        usable = self.usable_by(seat) and self.fits(meld) and self.in_stage(stage)
        return self.value if usable else 0


def _parse_card_list(text: str) -> tuple[Card, ...]:
    cards = []
    for index, line in enumerate(text.strip().splitlines()):
        words = line.split()
        notes = words.pop() if words[-1] in ("L", "V") else None
        stage = words.pop()
        meld = words.pop()
        value = int(words.pop())
        use = words.pop()
        cards.append(Card(index, " ".join(words), use, value, meld, stage, notes))
    return tuple(cards)


CARDS = _parse_card_list(CARD_LIST)
BY_NAME = {card.name: card for card in CARDS}


def names_where(predicate: Callable[[Card], bool]) -> list[str]:
    """Names of the printed cards that satisfy ``predicate``, in card-list order."""
    return [card.name for card in CARDS if predicate(card)]


def in_card_order(names: Iterable[str]) -> list[str]:
    return sorted(names, key=lambda name: BY_NAME[name].index)


def stage_of_turn(turn: int) -> int:
    """[Stages] Three stages of 5 turns each."""
    return (turn - 1) // 5 + 1


# -- reading a state (public API) ----------------------------------------------------------


def snapshot(state: State) -> str:
    """The full state as canonical JSON, for "left unchanged" comparisons."""
    return json.dumps(state.to_json(), sort_keys=True)


def doc_state(state: State) -> dict[str, Any]:
    """The game-specific part of ``to_json`` (read-only inspection)."""
    return copy.deepcopy(state.to_json()["state"])


def hand(state: State, seat: int) -> list[str]:
    return list(state.view(seat)["you"]["hand"])


def phase(state: State) -> str:
    return str(state.view(None)["phase"])


def turn(state: State) -> int:
    return int(state.view(None)["turn"])


def to_move(state: State) -> str | None:
    return state.view(None)["to_move"]


def chance_names(state: State) -> list[str]:
    return [action.text.removeprefix("Draw: ") for action, _ in state.chance_outcomes()]


def legal_texts(state: State) -> list[str]:
    return [action.text for action in state.legal_actions()]


def last_meld(state: State, seat: int, meld: str) -> dict[str, Any]:
    """One meld of the last reveal, as every seat sees it."""
    reveal = state.view(None)["last_reveal"]
    assert reveal is not None, "no reveal yet"
    return dict(reveal["melds"][SEATS[seat]][meld])


def outcome(state: State, meld: str) -> dict[str, Any]:
    reveal = state.view(None)["last_reveal"]
    assert reveal is not None, "no reveal yet"
    (found,) = [entry for entry in reveal["outcomes"] if entry["meld"] == meld]
    return dict(found)


def provinces(state: State) -> tuple[int, int]:
    held = state.view(None)["provinces"]
    return held["Dutch"], held["Spanish"]


# -- acting ------------------------------------------------------------------------------


def draw(state: State, *cards: str) -> None:
    """Force the given draws, in order, at consecutive chance nodes."""
    for card in cards:
        assert state.is_chance_node(), f"expected a draw for {card}, but {to_move(state)} acts"
        state.apply_action(f"Draw: {card}")


def deal(state: State, dutch: Sequence[str], spanish: Sequence[str]) -> None:
    """LOGISTICS PHASE with forced draws: the Dutch hand, then the Spanish (no wrong-stage
    card may be among them unless the test keeps it itself)."""
    draw(state, *dutch)
    draw(state, *spanish)


def refuse(state: State, action: str, *, seat: int | None = None) -> str:
    """Apply ``action``, expect ``IllegalAction``, check nothing changed; the message."""
    before = snapshot(state)
    legal_before = legal_texts(state)
    with pytest.raises(IllegalAction) as caught:
        state.apply_action(action, seat=seat)
    assert snapshot(state) == before, f"{action!r} was refused but changed the state"
    assert legal_texts(state) == legal_before
    message = str(caught.value)
    assert message, "a refusal must say why"
    return message


def skip_strategy(state: State) -> None:
    """[Strategy Phase] Both sides discard nothing."""
    for seat in (DUTCH, SPANISH):
        assert state.current_player() == seat
        state.apply_action("Stop discarding")


def place(state: State, seat: int, military: Iterable[str], shows: str | None = None) -> None:
    """[Action Phase] ``seat`` splits its whole hand, ``military`` to the military meld and
    the rest to the political meld, placing the cards in card-list order [Rulings R7]; then
    it reveals, showing the Event ``shows`` when it must choose one [Rulings R9]."""
    military = set(military)
    held = set(hand(state, seat))
    assert military <= held, f"{sorted(military - held)} not in the {SEATS[seat]} hand"
    while state.current_player() == seat and hand(state, seat):
        card = hand(state, seat)[0]
        meld = "military" if card in military else "political"
        state.apply_action(f"Meld {meld}: {card}")
    if state.current_player() == seat:
        state.apply_action("Reveal melds" if shows is None else f"Show event: {shows}")


def play_melds(
    state: State,
    dutch_military: Iterable[str],
    spanish_military: Iterable[str],
    shows: tuple[str | None, str | None] = (None, None),
) -> None:
    """[Action Phase] The Dutch split, then the Spanish; the reveal follows."""
    assert phase(state) == "Action Phase"
    place(state, DUTCH, dutch_military, shows[DUTCH])
    place(state, SPANISH, spanish_military, shows[SPANISH])


def play_randomly(
    state: State, rng: random.Random, until: Callable[[State], bool] | None = None
) -> None:
    """Random legal play (and random draws) until ``until`` holds or the game ends."""
    while not state.is_terminal() and not (until is not None and until(state)):
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


# -- positions built from to_json documents ------------------------------------------------


def _phase_codes() -> dict[str, int]:
    """The phase numbers ``to_json`` writes, learnt by playing one turn with forced draws."""
    state = GAME.new_initial_state()
    codes = {"logistics": doc_state(state)["phase"]}
    stage_one = names_where(lambda card: card.entry_stage == 1)
    deal(state, stage_one[:7], stage_one[7:15])
    codes["strategy"] = doc_state(state)["phase"]
    state.apply_action(f"Discard: {hand(state, DUTCH)[0]}")
    state.apply_action("Stop discarding")
    codes["strategy_draw"] = doc_state(state)["phase"]
    draw(state, stage_one[15])
    state.apply_action("Stop discarding")
    codes["action"] = doc_state(state)["phase"]
    return codes


PHASE_CODES = _phase_codes()


def position(
    *,
    turn: int = 1,
    phase: str = "action",
    seat: int = DUTCH,
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    melds: tuple[tuple[Sequence[str], Sequence[str]], tuple[Sequence[str], Sequence[str]]] = (
        ((), ()),
        ((), ()),
    ),
    deck: Sequence[str] | None = None,
    discard: Sequence[str] = (),
    face_down: dict[str, int] | None = None,
    removed: Sequence[str] = (),
    provinces: tuple[int, int] = (7, 10),
    to_draw: int = 0,
    pending: str | None = None,
    turn_discards: tuple[int, int] = (0, 0),
) -> State:
    """A position built as a ``to_json`` document and loaded with ``state_from_json``.

    ``phase`` is "logistics", "strategy" (discarding), "strategy_draw" or "action". The deck
    defaults to every card that has entered the game by this turn's stage [Rulings R2] and
    is placed nowhere else, in card-list order.
    """
    stage = stage_of_turn(turn)
    placed = [*hands[0], *hands[1], *discard, *removed]
    placed += [card for seat_melds in melds for meld in seat_melds for card in meld]
    if deck is None:
        deck = [c.name for c in CARDS if c.entry_stage <= stage and c.name not in placed]
    drawing = phase in ("logistics", "strategy_draw") and pending is None
    mover = CHANCE if drawing else seat
    doc = GAME.new_initial_state().to_json()
    doc["history"] = []
    doc["events"] = []
    doc["state"] = {
        "turn": turn,
        "phase": PHASE_CODES[phase],
        "seat": seat,
        "to_move": mover,
        "to_draw": to_draw,
        "pending": pending,
        "turn_discards": list(turn_discards),
        "provinces": list(provinces),
        "hands": [in_card_order(hands[0]), in_card_order(hands[1])],
        "melds": [[list(meld) for meld in seat_melds] for seat_melds in melds],
        "deck": list(deck),
        "discard": list(discard),
        "face_down": dict(face_down or {}),
        "removed": list(removed),
        "last_reveal": None,
    }
    return GAME.state_from_json(doc)


def start_of_turn(turn: int, **kwargs: Any) -> State:
    """The first draw of the Logistics Phase of ``turn``, every hand empty."""
    return position(turn=turn, phase="logistics", to_draw=7, **kwargs)


# Zero-valued fillers: a card of the other side is unusable [Action Phase], worth 0.
DUTCH_FILLERS = ("Imperial Authority", "Spanish Armies", "Southern Aristocracy", "Bribery")
SPANISH_FILLERS = ("Great Merchant Cities", "Sea Beggars", "Maritime Provinces", "Flood Terrain")


def reveal(
    *,
    dutch_military: Sequence[str] = (),
    dutch_political: Sequence[str] = (),
    spanish_military: Sequence[str] = (),
    spanish_political: Sequence[str] = (),
    turn: int = 1,
    provinces: tuple[int, int] = (7, 10),
    discard: Sequence[str] = (),
    shows: tuple[str | None, str | None] = (None, None),
) -> State:
    """ACTION PHASE of ``turn`` with the hands exactly these melds; both sides place their
    cards and reveal (showing the Events ``shows`` where they must choose, Rulings R9). An
    empty meld is given a card of the other side (worth 0), since every
    meld holds at least one card. Returns the state after the reveal and the End Phase."""
    used = {*dutch_military, *dutch_political, *spanish_military, *spanish_political}
    dutch_fill = iter(card for card in DUTCH_FILLERS if card not in used)
    spanish_fill = iter(card for card in SPANISH_FILLERS if card not in used)
    dm = list(dutch_military) or [next(dutch_fill)]
    dp = list(dutch_political) or [next(dutch_fill)]
    sm = list(spanish_military) or [next(spanish_fill)]
    sp = list(spanish_political) or [next(spanish_fill)]
    state = position(
        turn=turn,
        phase="action",
        hands=((*dm, *dp), (*sm, *sp)),
        provinces=provinces,
        discard=discard,
    )
    play_melds(state, dm, sm, shows)
    return state


_LONGEST_FIRST = sorted((card.name for card in CARDS), key=len, reverse=True)


def card_names_in(thing: Any) -> set[str]:
    """Every card name written anywhere in ``thing`` (a view, an event list, a message),
    longer names first so that "Counter Reformation" is not read as "Reformation"."""
    text = thing if isinstance(thing, str) else json.dumps(thing)
    found = set()
    for name in _LONGEST_FIRST:
        if name in text:
            found.add(name)
            text = text.replace(name, "\x00")
    return found
