"""The Eighty Years War board at a dozen positions of seeded random games, for both sides
and a spectator: readable in chromium at 1,280 px (no text under 12 px, clipped or
overlapping), the seat's own cards drawn with their details, nothing of the other side's
hand or melds drawn, and every key of the view drawn or listed in ``UNDRAWN``."""

from __future__ import annotations

import functools
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import Page

import stratagem
from stratagem import State
from stratagem.render.eighty_years_war import DRAWN, DRAWN_YOURS, UNDRAWN, board_svg
from stratagem.testing.browser import needs_chromium

from .boardcheck import board_problems, details, save_board, show_board

pytestmark = needs_chromium

SEATS = (0, 1, None)
SEEDS = (1, 7)
SHOT_SEED = SEEDS[0]


@functools.cache
def _game(seed: int) -> tuple[State, ...]:
    """Every decision point of one seeded random game, and its end."""
    rng = random.Random(seed)
    state = stratagem.load("eighty_years_war").new_initial_state()
    seen: list[State] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return (*seen, state)


def _crowded(states: tuple[State, ...]) -> State:
    """The position with the most cards to draw for the Dutch seat."""

    def cards(state: State) -> int:
        view = state.view(0)
        you = view["you"]
        mine = len(you["hand"]) + sum(len(meld) for meld in you["melds"].values())
        return mine + len(view["discard"]["face_up"]) + len(view["discard"]["yours_face_down"])

    return max(states, key=cards)


def _deciding_wrong_stage(state: State) -> bool:
    """Whether a side must keep or replace a card of the wrong Stage (Rulings R4)."""
    return any(state.view(seat)["you"]["wrong_stage_card"] for seat in (0, 1))


def _positions() -> list[tuple[str, State]]:
    """Start, quarters, middle, end, the most crowded position and the first wrong-stage
    decision of each seed's game."""
    chosen = []
    for seed in SEEDS:
        states = _game(seed)
        last = len(states) - 1
        for label, index in (("start", 0), ("quarter", last // 4), ("middle", last // 2)):
            chosen.append((f"{seed}-{label}", states[index]))
        chosen.append((f"{seed}-late", states[3 * last // 4]))
        chosen.append((f"{seed}-end", states[last]))
        chosen.append((f"{seed}-crowded", _crowded(states)))
        chosen.append((f"{seed}-wrong-stage", next(filter(_deciding_wrong_stage, states))))
    return chosen


POSITIONS = _positions()


def _strings(svg: str) -> tuple[str, set[str]]:
    """All the board's words (texts and attribute values, unescaped) and its names."""
    root = ET.fromstring(svg)
    words: list[str] = []
    names: set[str] = set()
    for node in root.iter():
        words.append(node.text or "")
        words.extend(node.attrib.values())
        if "data-name" in node.attrib:
            names.add(node.attrib["data-name"])
    return " ".join(words), names


def _private(state: State, seat: int) -> list[str]:
    """What ``seat`` alone knows: its hand, melds and face-down discards."""
    view = state.view(seat)
    you = view["you"]
    melds = [card for meld in you["melds"].values() for card in meld]
    return [*you["hand"], *melds, *view["discard"]["yours_face_down"]]


@pytest.mark.parametrize(("label", "state"), POSITIONS, ids=[label for label, _ in POSITIONS])
def test_the_board_is_readable_and_shows_what_the_seat_may_know(
    board_page: Page, label: str, state: State
) -> None:
    for seat in SEATS:
        view = state.view(seat)
        svg = board_svg(view)
        show_board(board_page, svg)
        assert board_problems(board_page) == [], (label, seat)
        words, names = _strings(svg)
        assert set(view) <= DRAWN | set(UNDRAWN)
        if seat is None:
            assert "Your hand" not in words and 'class="card"' not in svg
            secrets = [card for other in (0, 1) for card in _private(state, other)]
        else:
            assert set(view["you"]) <= DRAWN_YOURS | set(UNDRAWN)
            assert f"Your hand ({view['seat']})" in words
            assert svg.count('class="card"') == len(view["you"]["cards"])
            for card in _private(state, seat):
                assert card in names, (label, seat, card)
            secrets = _private(state, 1 - seat)
        shown = json.dumps(view)
        for card in secrets:
            assert card in shown or card not in words, (label, seat, card)


def test_every_named_thing_has_its_details_and_the_heading_agrees_with_the_view() -> None:
    for _, state in POSITIONS:
        for seat in SEATS:
            view = state.view(seat)
            svg = board_svg(view)
            for name, detail in details(svg):
                assert detail.startswith(name + ": value ")
            (status,) = re.findall(r'class="to-move">([^<]*)<', svg)
            to_move = view["to_move"]
            if to_move is None:
                assert status == "The game is over"
            elif to_move in ("Dutch", "Spanish"):
                assert to_move in status


def test_the_seats_own_cards_say_whether_it_can_use_them() -> None:
    state = next(s for _, s in POSITIONS if s.view(0)["you"]["cards"])
    svg = board_svg(state.view(0))
    for card, about in state.view(0)["you"]["cards"].items():
        (detail,) = (text for name, text in details(svg) if name == card)
        assert ("you cannot use it" in detail) == ("unusable by you now" in about)


def test_screenshots_at_the_start_middle_and_end(board_page: Page) -> None:
    states = _game(SHOT_SEED)
    moments = {"start": states[0], "middle": states[len(states) // 2], "end": states[-1]}
    for moment, state in moments.items():
        for seat in SEATS:
            name = "spectator" if seat is None else state.view(seat)["seat"].lower()
            show_board(board_page, board_svg(state.view(seat)))
            path = save_board(board_page, f"eighty_years_war-{name}-{moment}")
            assert path.stat().st_size > 0
