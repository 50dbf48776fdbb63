"""What each seat may know (``view``) and the worlds consistent with it (``resample``).

Hidden: the other factions' hands (only their sizes show), the characters dealt face
down to other factions until their Turn of entry (only how many), and the deck's order.
Public: everything at court, in the Tower and abroad, offices, titles, the line, Henry's
state, the discard pile (face up) [Rulings R36] and the Endeavour in play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from stratagem.core import CHANCE, TERMINAL, JsonDict
from stratagem.games.henry_viii.court_view import court_of
from stratagem.games.henry_viii.effects import religion_code
from stratagem.games.henry_viii.encoding import HENRY_TARGET
from stratagem.games.henry_viii.pack import val
from stratagem.games.henry_viii.places import (
    ASSIGNED,
    COURT,
    HIDDEN,
    PLACE_NAMES,
    SUIT,
)
from stratagem.games.henry_viii.rounds import CONTENTMENT_WINDOW

if TYPE_CHECKING:
    from stratagem.games.henry_viii.state import HenryVIIIState


def describe_card(state: HenryVIIIState, card: int) -> str:
    """A court card's two halves in words."""
    book = state.book
    endeavour = book.endeavours[book.card_endeavour[card]]
    support = book.supports[book.card_support[card]]
    marks = "".join(
        mark for mark, on in ((" (Spy)", endeavour.spy), (" (Assigned)", endeavour.assigned)) if on
    )
    values = "/".join(f"{v:+d}" for v in val(support.values))
    if support.kind == "captain":
        values = "+Captain's Ability"
    difficulty = "6/8/10" if endeavour.name == "Trial" else str(val(endeavour.difficulty))
    return (
        f"Endeavour {endeavour.name}{marks}, Difficulty {difficulty} | "
        f"Support {support.name} {values}"
    )


@dataclass(frozen=True)
class _Holdings:
    """What the characters hold, found in one pass each for a whole view (a character's
    line would otherwise search the offices, titles, line and cards once per character):
    the same answers as ``offices_of``, ``title_of``, ``line_position`` and
    ``assigned_to(c, "My Lord's Man")``."""

    offices: dict[int, list[int]]
    title: dict[int, int]
    succession: dict[int, int]
    lords_men: frozenset[int]

    @classmethod
    def of(cls, state: HenryVIIIState) -> _Holdings:
        offices: dict[int, list[int]] = {}
        for o, holder in enumerate(state.office_holder):
            offices.setdefault(holder, []).append(o)
        title: dict[int, int] = {}
        for t, holder in enumerate(state.title_holder):
            title.setdefault(holder, t)
        hole = state.line_hole(state.line)
        succession: dict[int, int] = {}
        for position, c in enumerate(state.line):
            succession.setdefault(c, position + 1 + hole)
        lords_men = frozenset(
            place - ASSIGNED
            for card, place in enumerate(state.cloc)
            if ASSIGNED <= place < SUIT and state.card_endeavour(card) == "My Lord's Man"
        )
        return cls(offices, title, succession, lords_men)


def _character(state: HenryVIIIState, c: int, influence: int, holds: _Holdings) -> str:
    """A character on one line: ``Influence 8 · Ability 4 · Guile 4 · Religion C1 ·
    Title: Duke of Norfolk · Office: Lord High Treasurer · ...`` (see ``read_characters``)."""
    person = state.person(c)
    book = state.book
    parts = [
        state.seat_name(state.owner[c]),
        f"Influence {influence}",
        f"Ability {person.ability}",
        f"Guile {person.guile}",
        f"Religion {religion_code(state.religion_of[c])}",
    ]
    title = holds.title.get(c, -1)
    if title >= 0:
        parts.append(f"Title: {book.title_names[title]}")
    parts.extend(f"Office: {book.office_names[o]}" for o in holds.offices.get(c, ()))
    succession = holds.succession.get(c)
    if succession is not None:
        parts.append(f"Succession {succession}")
    if state.where[c] != COURT:
        parts.append(PLACE_NAMES[state.where[c]])
    notes = [
        note
        for note, on in (
            ("Queen", c == state.queen),
            ("woman", person.female),
            ("minor", state.minor(c)),
            ("heir", person.heir_credibility is not None),
            ("Tudor", person.tudor),
            ("foreign", person.foreign),
            ("under Investigation", state.investigated[c]),
            ("My Lord's Man", c in holds.lords_men),
            ("bastard", state.bastard[c]),
        )
        if on
    ]
    if notes:
        parts.append("Notes: " + ", ".join(notes))
    if person.female:
        parts.append(f"Baby Value {person.baby}")
    if person.heir_credibility is not None:
        parts.append(f"Heir Credibility {person.heir_credibility}")
    if state.spouse[c] >= 0:
        parts.append(f"Married to {book.people[state.spouse[c]].name}")
    if state.rack[c]:
        parts.append(f"Rack {state.rack[c]}")
    return " · ".join(parts)


_NUMBERS = {
    "Influence": "influence",
    "Ability": "ability",
    "Guile": "guile",
    "Succession": "succession",
    "Baby Value": "baby_value",
    "Heir Credibility": "heir_credibility",
    "Rack": "rack",
}
"""The numbers of a character's line, by the words before the number (looked up at once:
bots read every character of every view)."""


def read_characters(view: Mapping[str, Any]) -> list[JsonDict]:
    """The face-up characters of a view, as dicts (``name``, ``faction``, ``influence``,
    ``ability``, ``guile``, ``religion``, ``where``, and where they apply ``title``,
    ``offices``, ``succession``, ``notes``, ``baby_value``, ``heir_credibility``,
    ``married_to``, ``rack``)."""
    result = []
    for name, line in view["characters"].items():
        faction, *tokens = str(line).split(" · ")
        entry: JsonDict = {"name": name, "faction": faction, "where": "at court"}
        for token in tokens:
            words, _, last = token.rpartition(" ")
            number = _NUMBERS.get(words)
            if number is not None:
                entry[number] = int(last)
            elif token.startswith("Religion "):
                entry["religion"] = token.removeprefix("Religion ")
            elif token.startswith("Title: "):
                entry["title"] = token.removeprefix("Title: ")
            elif token.startswith("Office: "):
                entry.setdefault("offices", []).append(token.removeprefix("Office: "))
            elif token.startswith("Notes: "):
                entry["notes"] = token.removeprefix("Notes: ").split(", ")
            elif token.startswith("Married to "):
                entry["married_to"] = token.removeprefix("Married to ")
            else:
                entry["where"] = token
        result.append(entry)
    return result


def _in_play(state: HenryVIIIState) -> JsonDict | None:
    play = state.play
    if play is None:
        return None
    kinds = state.steps(play["name"])
    targets = [state.describe_target(k, t) for k, t in zip(kinds, play["targets"], strict=False)]
    supports: list[Any] = []
    for seat, support, value, captain, _card in play["supports"]:
        name = state.book.supports[support].name
        text = f"{name} ({state.seat_name(seat)})"
        supports.append(
            f"{text}: Captain {state.name(captain)}" if captain >= 0 else f"{text} {value:+d}"
        )
    doc: JsonDict = {
        "endeavour": play["name"],
        "by": state.seat_name(play["seat"]),
        "targets": targets,
        "supports": supports,
    }
    if play["auto"]:
        doc["automatic"] = "success" if play["auto"] > 0 else "failure"
    if play["void"]:
        doc["voided"] = True
    if play["rebels"]:
        doc["rebels"] = [state.name(c) for c in play["rebels"]]
    return doc


def _supports_window(state: HenryVIIIState) -> JsonDict | None:
    """The Supports window going round the table (public: every Support is played face
    up), or ``None`` when none is open."""
    window = state.window
    if window is None or window["passes"] >= state.players:
        return None
    contentment = window["kind"] == CONTENTMENT_WINDOW
    play = state.play
    doc: JsonDict = {
        "for": "Henry's Matrimonial Contentment"
        if contentment or play is None
        else str(play["name"]),
        "from": state.seat_name(window["start"]),
        "to_answer": state.seat_name((window["start"] + window["i"]) % state.players),
        "passes_in_a_row": window["passes"],
    }
    if contentment:
        doc["modifier_so_far"] = window["sum"]
    return doc


CHANCE_QUESTIONS = {
    "deal": "a character is dealt",
    "draw": "a court card is drawn",
    "lose": "a court card is lost at random",
    "d2_henry": "Henry's death roll",
    "d2_birth": "the birth of an heir",
    "d1_sex": "the heir's sex",
    "d1_childbirth": "the Queen in childbirth",
    "d1_contentment": "Henry's Matrimonial Contentment",
    "d1_ap": "the Endeavour's die",
    "d1_marriage_tie": "which spouse changes faction",
    "pick_defector": "the defector after an attainder",
    "pick_implicated": "who is implicated",
    "office_lost": "the office lost",
}


def chance_question(state: HenryVIIIState, node: list[Any]) -> str:
    """What chance is deciding, in words (public: everyone sees the dice rolled)."""
    handler = node[1]
    if handler == "d2_death":
        who = "King Henry" if node[2] == HENRY_TARGET else state.name(node[2])
        return f"a death roll for {who}"
    if handler == "d1_rebel":
        return f"the rebellion roll of {state.name(node[2])}"
    if handler == "d1_captain":
        return (
            "the nominal Captain's roll" if node[2] < 0 else f"Captain {state.name(node[2])}'s roll"
        )
    return CHANCE_QUESTIONS.get(str(handler), str(handler))


def _asked(state: HenryVIIIState) -> str | None:
    node = state.node
    if state.over or node is None:
        return None
    if node[0] == CHANCE:
        return "chance: " + chance_question(state, node)
    who = state.seat_name(node[0])
    questions = {
        "player": "play an Endeavour, use an office's power or discard",
        "target": "choose the Endeavour's target",
        "support": "play a Support or pass",
        "modifier": "choose the Support's modifier",
        "captain": "choose a Captain",
        "president": "vote as Trial President",
        "spy": "play the Spy card taken by Fee'd Men against its owner?",
        "return": "bring the traveller home from Beyond the Realm?",
        "war_title": "choose the victorious Captain's Title",
    }
    return f"{who}: {questions.get(node[1], node[1])}"


def build_view(state: HenryVIIIState, seat: int | None, brief: bool = False) -> JsonDict:
    """Everything ``seat`` may know now (``None``: a spectator); ``brief``: without the
    characters' lines, the decision and the line of succession in words, the hand's card
    texts and your face-down characters' entries (``State.brief_view``)."""
    book = state.book
    player = state.current_player()
    court = court_of(state)
    placed = court.placed
    names = state._g.person_names
    factions: JsonDict = {}
    characters: JsonDict = {}
    influence = None if brief else state.influences()
    holds = None if brief else _Holdings.of(state)
    for s, members in enumerate(court.members):
        factions[state.seat_name(s)] = {
            "influence": court.influence[s],
            "court_cards": len(state.hands[s]),
            "face_down_characters": court.face_down[s],
            "law_suit": state.law_suit_on(s),
            "characters": len(members),
        }
        if holds is not None and influence is not None:
            characters.update(
                (names[c], _character(state, c, influence[c], holds)) for c in members
            )
    doc: JsonDict = {
        "game": "henry_viii",
        "seat": None if seat is None else state.seat_name(seat),
        "turn": state.turn,
        "stage": state.stage,
        "to_move": None
        if player == TERMINAL
        else ("chance" if player == CHANCE else state.seat_name(player)),
        "asked": None if brief else _asked(state),
        "henry": {
            "alive": not state.henry_dead,
            "religion": religion_code(state.religion),
            "contentment": state.contentment,
            "queen": state.name(state.queen) if state.queen >= 0 else None,
            "act_of_supremacy": state.supremacy,
            "death_number": state.henry_death_number(),
        },
        "line_of_succession": []
        if brief
        else [
            f"Succession {state.line_position(c)}: {state.name(c)} "
            f"({state.seat_name(state.owner[c])})"
            for c in state.line
        ],
        "tower": {"arrested": list(placed["arrested"]), "imprisoned": list(placed["imprisoned"])},
        "abroad": list(placed["abroad"]),
        "dead": list(placed["dead"]),
        "factions": factions,
        "characters": characters,
        "offices": dict(court.offices),
        "titles": dict(court.titles),
        "in_play": _in_play(state),
        "supports_window": _supports_window(state),
        "deck": len(state.deck),
        "discard_pile": [book.card_names[card] for card in state.discard],
        "round": state.rounds_done + 1,
    }
    if state.over:
        doc["result"] = state.result()
    if seat is not None:
        doc["you"] = {
            "hand": {
                book.card_names[card]: None if brief else describe_card(state, card)
                for card in state.hands[seat]
            },
        }
        if not brief:
            doc["you"]["face_down"] = [
                f"{state.name(c)} (enters Turn {state.person(c).entry})"
                for c in range(len(state.where))
                if state.owner[c] == seat and state.where[c] == HIDDEN
            ]
    return doc


def resample(state: HenryVIIIState, seat: int, rng: random.Random) -> HenryVIIIState:
    """A clone in which the other factions' hands and face-down characters, and the deck,
    are dealt afresh (each faction keeping its numbers)."""
    other = state.clone()
    others = [s for s in range(state.players) if s != seat]
    # sorted first, so that the redeal depends on the view and the generator alone
    pool = sorted([card for s in others for card in other.hands[s]] + list(other.deck))
    rng.shuffle(pool)
    start = 0
    for s in others:
        size = len(other.hands[s])
        hand = sorted(pool[start : start + size])
        start += size
        other.hands[s] = hand
        for card in hand:
            other.cloc[card] = s
    other.deck = pool[start:]
    for card in other.deck:
        other.cloc[card] = -1
    hidden = [
        c for c in range(len(state.where)) if state.where[c] == HIDDEN and state.owner[c] != seat
    ]
    owners = sorted(state.owner[c] for c in hidden)
    rng.shuffle(hidden)
    for c, owner in zip(hidden, owners, strict=True):
        other.owner[c] = owner
    other._legal = None
    return other
