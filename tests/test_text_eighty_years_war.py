"""Eighty Years War at an 80x24 terminal: the game's own layout of a seat's view.

Seeded random games are played to the end; at every decision (start, middle, end, and the
crowded Spanish hand of eight with both melds filling up) each seat's view is drawn at 80
columns. The layout must stay within ``LAYOUT_LINES`` lines, so that a meld decision's
whole screen (the ``to decide`` rule, the layout, its two choices and the prompt) leaves
at least ``EVENT_LINES`` lines of 24 for the last events. What it shows is checked against
the engine: the hand once, each melded card's count or reason for 0 as ``score_melds``
scores it, the running totals, the province track, the deck and discards, the last reveal.
"""

from __future__ import annotations

import io
import random
import re
from collections import defaultdict
from typing import Any

import pytest
from rich.console import Console

import stratagem
from stratagem.cli.terminal import render_actions, render_view
from stratagem.core import CHANCE, TERMINAL
from stratagem.games.eighty_years_war.melds import score_melds
from stratagem.games.eighty_years_war.pack import MELD_NAMES
from stratagem.games.eighty_years_war.places import ACTION
from stratagem.games.eighty_years_war.state import EightyYearsWarState
from stratagem.render.text.eighty_years_war import FACE_DOWN_WHY, short_why, with_split

WIDTH = 80
WHY_WORDS = {
    "other": "the other side's card",
    "wrong": "a ",
    "stage": "not usable in Stage ",
    "2nd": "a second ",
}
"""The start of the view's reason for each short reason on screen."""
LAYOUT_LINES = 15
"""The layout's height at most: 2 lines of table, a header and 8 cards, 3 of the reveal."""
MELD_CHOICES = 2
EVENT_LINES = 24 - (1 + LAYOUT_LINES + MELD_CHOICES + 1)
SEEDS = (1, 2)
OTHER_SEAT_EVERY = 8
"""The seat not deciding is drawn at every eighth decision (to keep the test quick)."""
SEATS = ("Dutch", "Spanish")


def _lines(renderable: Any) -> list[str]:
    console = Console(width=WIDTH, file=io.StringIO(), color_system=None, record=True)
    console.print(renderable)
    return console.export_text().splitlines()


def _rows(lines: list[str]) -> dict[str, str]:
    """The card table's rows by card name: the cell after the ``In`` column onwards."""
    rows: dict[str, str] = {}
    pattern = re.compile(
        r"^(?P<name>.+?) +(?P<value>\d+) (?:both|Dutch|Spain) +\S+ +\S+ +(?:Leader +|Event +)?"
        r"(?P<where>H\d+|Mil|Pol) +(?P<note>.+?)\s*$"
    )
    for line in lines:
        match = pattern.match(line)
        if match:
            where = "hand" if match["where"].startswith("H") else match["where"].lower()
            rows[match["name"]] = f"{where} {match['note']}"
    return rows


def _expected_note(state: EightyYearsWarState, seat: int, meld: int, card: int) -> str:
    """What the layout should say of a melded card, from the engine's own scoring."""
    book = state.book
    stage = state.stage()
    scored = score_melds(book, seat, stage, (state.melds[seat][0], state.melds[seat][1]))
    if card in scored.usable[meld]:
        return f"+{book.values[card]}"
    if not book.usable_by[seat][card]:
        return "0: other side"
    if not book.stage_ok[stage][card]:
        return "0: stage "
    if not book.meld_ok[meld][card]:
        return f"0: {MELD_NAMES[1 - meld]} card"
    return "0: 2nd Leader" if book.leader[card] else "0: 2nd Event"


def _check(state: EightyYearsWarState, seat: int, seen: dict[str, int]) -> list[str]:
    """Draw ``seat``'s view and check it against the engine; the lines drawn."""
    view = state.view(seat)
    lines = _lines(render_view(view, SEATS[seat]))
    assert max(len(line) for line in lines) <= WIDTH, "\n".join(lines)
    assert len(lines) <= LAYOUT_LINES, "\n".join(lines)
    screen = "\n".join(lines)
    dutch, spanish = view["provinces"]["Dutch"], view["provinces"]["Spanish"]
    assert f"Turn {view['turn']}/15 · Stage {view['stage']} · {view['phase']}" in lines[0]
    assert lines[0].endswith(
        f"Dutch {dutch} "
        + "█" * lines[0].count("█")
        + "░" * lines[0].count("░")
        + f" {spanish} Spanish"
    )
    assert lines[0].count("█") + lines[0].count("░") == max(17, dutch + spanish)
    assert lines[1].startswith(f"Deck {view['deck']} · discards ")
    other = SEATS[1 - seat]
    assert f"{other} hold {view['cards_held'][other]}" in lines[1]
    rows = _rows(lines)
    you = view["you"]
    held = [*you["hand"], *you["melds"]["military"], *you["melds"]["political"]]
    assert sorted(rows) == sorted(held), screen
    for name in held:  # the hand once, not twice
        assert sum(1 for line in lines if line.startswith(f"{name} ")) == 1, name
    for meld in (0, 1):
        for card in state.melds[seat][meld]:
            name = state.book.names[card]
            where, _, note = rows[name].partition(" ")
            assert where == MELD_NAMES[meld][:3]
            assert note.startswith(_expected_note(state, seat, meld, card)), (name, note)
            seen[note.split(" ")[0] if note.startswith("+") else note] += 1
    for name in you["hand"]:
        assert rows[name].startswith("hand ")
    if any(state.melds[seat]):
        stage = state.stage()
        scored = score_melds(state.book, seat, stage, (state.melds[seat][0], state.melds[seat][1]))
        military, political = scored.totals
        assert f"So far: Military {military} (" in screen
        assert f"Political {political} (" in screen
        assert f"{len(you['hand'])} to place" in screen
        seen["split"] += 1
    elif view["last_reveal"]:
        _check_reveal(view, lines, seen)
    return lines


def _check_reveal(view: dict[str, Any], lines: list[str], seen: dict[str, int]) -> None:
    """The last reveal's lines: each meld's totals and winner; why the seat's own cards
    went face down (or the general key when only the other side's did)."""
    you = view["you"]
    reveal = view["last_reveal"]
    for outcome in reveal["outcomes"]:
        line = next(x for x in lines if x.startswith(f"Turn {reveal['turn']} {outcome['meld']}:"))
        assert f"Dutch {outcome['Dutch']}" in line and f"Spanish {outcome['Spanish']}" in line
        if outcome["winner"]:
            assert f": {outcome['winner']} +{outcome['provinces']} province" in line
        else:
            assert line.endswith(": tie")
    downs = sum(reveal["melds"][side][meld]["face_down"] for side in SEATS for meld in MELD_NAMES)
    mine = you["last_reveal_face_down"]
    told = " ".join(line for line in lines if not line.startswith(("Turn ", "Deck ")))
    if mine:
        assert "Your face down: " in told and FACE_DOWN_WHY not in lines
        shown = told[told.index("Your face down: ") :]
        for name, why in mine.items():
            assert name in shown or shown.endswith("…"), (name, shown)
            assert why.startswith(WHY_WORDS[short_why(why).split(" ")[0]])
            assert f"{short_why(why)}: " in shown or shown.endswith("…")
        seen["own face down"] += 1
    else:
        assert (FACE_DOWN_WHY in lines) == bool(downs)
    seen["reveal"] += 1


def test_every_decision_fits_80_columns_and_shows_what_the_split_needs() -> None:
    """At every decision of seeded random games, for each seat: the layout fits; the
    cards show once with what each counts; the totals, track and reveal are right."""
    game = stratagem.load("eighty_years_war")
    counts: defaultdict[str, int] = defaultdict(int)
    meld_screens = decisions = 0
    for seed in SEEDS:
        rng = random.Random(seed)
        state = game.new_initial_state()
        assert isinstance(state, EightyYearsWarState)
        while state.current_player() != TERMINAL:
            player = state.current_player()
            if player == CHANCE:
                outcomes = state.chance_outcomes()
                action = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                layout = _check(state, player, counts)
                decisions += 1
                if decisions % OTHER_SEAT_EVERY == 0:
                    _check(state, 1 - player, counts)
                legal = state.legal_actions()
                if state.phase == ACTION:
                    choices = _lines(render_actions(legal))
                    assert len(choices) <= MELD_CHOICES
                    assert 1 + len(layout) + len(choices) + 1 + EVENT_LINES <= 24
                    meld_screens += 1
                action = rng.choice(legal)
            state.apply_action(action)
        for seat in (0, 1):  # the end: the result is shown
            lines = _lines(render_view(state.view(seat), SEATS[seat]))
            assert max(len(line) for line in lines) <= WIDTH
            assert len(lines) <= LAYOUT_LINES + 1
            assert state.result()["reason"] in lines
    assert meld_screens > 100
    for key in (
        "split",
        "reveal",
        "own face down",
        "0: other side",
        "0: 2nd Event",
        "0: military card",
    ):
        assert counts[key] > 0, (key, dict(counts))


def _crowded_view() -> dict[str, Any]:
    """A Dutch view built by hand: every reason for a 0 in the melds, the longest names,
    two-digit counts everywhere and a reveal the Spanish won by 2 Provinces."""
    cards = {
        "William of Orange": "8 · Dutch only · political meld · Stages I-II · Leader",
        "Able General": "6 · both sides · military meld · all stages · Leader",
        "Sea Beggars": "9 · Dutch only · military meld · Stages I-II · Leader",
        "Iconoclastic Fury": "5 · Dutch only · either meld · Stage I · Event",
        "Pacification of Ghent": "5 · Dutch only · political meld · Stage I · Event",
        "Dutch East Indies Company": "6 · Dutch only · either meld · Stage III · "
        "unusable by you now",
        "Spanish Armada Fiasco": "4 · Spanish only · either meld · all stages · "
        "unusable by you now",
        "Rivers & Marshes": "4 · Dutch only · military meld · all stages",
    }
    totals = {"Dutch": 10, "Spanish": 24}
    return {
        "game": "eighty_years_war",
        "seat": "Dutch",
        "turn": 15,
        "turns": 15,
        "stage": "I",
        "phase": "Action Phase",
        "to_move": "Dutch",
        "provinces": {"Dutch": 3, "Spanish": 14},
        "cards_held": {"Dutch": 8, "Spanish": 8},
        "deck": 45,
        "not_yet_in_deck": 20,
        "discard": {"face_up": ["x"] * 15, "face_down": 10, "yours_face_down": ["y"] * 12},
        "removed_from_play": ["z"] * 10,
        "last_reveal": {
            "turn": 14,
            "melds": {
                side: {meld: {"face_up": [], "face_down": 3, "total": total} for meld in MELD_NAMES}
                for side, total in totals.items()
            },
            "outcomes": [
                {"meld": meld, "Dutch": 10, "Spanish": 24, "winner": "Spanish", "provinces": 2}
                for meld in MELD_NAMES
            ],
        },
        "discarded_this_turn": {"Dutch": 4, "Spanish": 4},
        "you": {
            "hand": ["Dutch East Indies Company", "Rivers & Marshes"],
            "melds": {
                "military": [
                    "William of Orange",
                    "Able General",
                    "Sea Beggars",
                    "Iconoclastic Fury",
                    "Spanish Armada Fiasco",
                ],
                "political": ["Pacification of Ghent"],
            },
            "wrong_stage_card": None,
            "cards": cards,
        },
    }


def test_each_zero_says_why_and_a_crowded_screen_fits() -> None:
    """A card of the wrong meld, a second Leader in a meld (the higher value counts), a
    second Event (the higher value, then the earlier card, counts), the other side's card
    and a wrong-stage card each say why they count 0; the totals leave them out."""
    view = _crowded_view()
    lines = _lines(render_view(view, "Dutch"))
    assert max(len(line) for line in lines) <= WIDTH, "\n".join(lines)
    assert len(lines) <= LAYOUT_LINES
    rows = _rows(lines)
    assert rows == {
        "William of Orange": "mil 0: political card",
        "Able General": "mil 0: 2nd Leader",
        "Sea Beggars": "mil +9",
        "Iconoclastic Fury": "mil +5",
        "Spanish Armada Fiasco": "mil 0: other side",
        "Pacification of Ghent": "pol 0: 2nd Event",
        "Dutch East Indies Company": "hand 0: stage III",
        "Rivers & Marshes": "hand military only",
    }
    screen = " ".join(" ".join(lines).split())
    assert "So far: Military 14 (5 cards) · Political 0 (1 card) · 4 at 0 · 2 to place" in screen
    view["you"]["melds"] = {"military": [], "political": []}  # after the reveal
    view["you"]["hand"] = list(view["you"]["cards"])
    lines = _lines(render_view(view, "Dutch"))
    assert max(len(line) for line in lines) <= WIDTH, "\n".join(lines)
    assert len(lines) <= LAYOUT_LINES
    assert (
        "Turn 14 military: Dutch 10 (3 down) v Spanish 24 (3 down): Spanish +2 provinces" in lines
    )
    assert FACE_DOWN_WHY in lines
    assert lines[0].startswith("Turn 15/15 · Stage I · Action Phase · Dutch 3 ███░")
    assert "Deck 45 · discards 15 up 22 down · 10 removed · 20 to come · Spanish hold 8" in lines[1]


def test_a_split_can_be_drawn_before_it_is_made() -> None:
    """``with_split`` puts named hand cards into the melds of a copy of the view, so a
    one-line meld can be shown with its totals (and undone) before any card is placed."""
    view = _crowded_view()
    proposed = with_split(view, ["Rivers & Marshes"], ["Dutch East Indies Company"])
    assert view["you"]["hand"] == ["Dutch East Indies Company", "Rivers & Marshes"]
    assert proposed["you"]["hand"] == []
    rows = _rows(_lines(render_view(proposed, "Dutch")))
    assert rows["Rivers & Marshes"] == "mil +4"
    assert rows["Dutch East Indies Company"] == "pol 0: stage III"
    screen = " ".join(" ".join(_lines(render_view(proposed, "Dutch"))).split())
    assert "So far: Military 18 (6 cards) · Political 0 (2 cards) · 5 at 0 · 0 to place" in screen
    with pytest.raises(ValueError, match="Sea Beggars is not in your hand"):
        with_split(view, ["Sea Beggars"], [])
