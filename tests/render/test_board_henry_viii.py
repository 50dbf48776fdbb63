"""The Henry VIII board at a dozen positions of seeded random games (five and eight
factions), for every seat and a spectator: readable in chromium at 1,280 px (no text under
12 px, clipped or overlapping), the seat's own court cards and face-down characters drawn
with their details, nothing of another faction's hand or face-down characters drawn, and
every key of the view drawn or listed in ``UNDRAWN``."""

from __future__ import annotations

import functools
import json
import random
import re
import xml.etree.ElementTree as ET

import pytest
from playwright.sync_api import Page

import stratagem
from stratagem import CHANCE, State
from stratagem.render.henry_viii import DRAWN, DRAWN_YOURS, UNDRAWN, board_svg
from stratagem.testing.browser import needs_chromium

from .boardcheck import board_problems, details, save_board, show_board

pytestmark = needs_chromium

SVG = "{http://www.w3.org/2000/svg}"
GAMES = ((5, 3), (8, 5))
"""(players, seed) of the games looked at."""
SHOTS = GAMES[0]


@functools.cache
def _game(players: int, seed: int) -> tuple[State, ...]:
    """Every decision point of one seeded random game, and its end."""
    rng = random.Random(seed)
    state = stratagem.load("henry_viii", players=players).new_initial_state()
    seen: list[State] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        seen.append(state.clone())
        state.apply_action(rng.choice(state.legal_actions()))
    return (*seen, state)


def _crowd(state: State) -> int:
    """How much the spectator's board holds: characters away, discards and Supports."""
    view = state.view(None)
    away = len(view["dead"]) + len(view["abroad"]) + sum(map(len, view["tower"].values()))
    supports = len((view["in_play"] or {}).get("supports", []))
    return away + len(view["discard_pile"]) // 4 + 3 * supports


def _positions() -> list[tuple[str, State]]:
    """Start, quarter, middle, late, end, the most crowded position and an Endeavour in
    play of each game."""
    chosen = []
    for players, seed in GAMES:
        states = _game(players, seed)
        last = len(states) - 1
        for label, index in (("start", 0), ("quarter", last // 4), ("middle", last // 2)):
            chosen.append((f"{players}-{label}", states[index]))
        chosen.append((f"{players}-late", states[3 * last // 4]))
        chosen.append((f"{players}-end", states[last]))
        chosen.append((f"{players}-crowded", max(states, key=_crowd)))
        playing = (s for s in states if (s.view(None)["in_play"] or {}).get("supports"))
        chosen.append((f"{players}-in-play", next(playing)))
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
    """What ``seat`` alone knows: its court cards and its face-down characters."""
    you = state.view(seat)["you"]
    down = list(you["face_down"])
    return [*you["hand"], *down, *(text.split(" (", 1)[0] for text in down)]


def _seats(state: State) -> list[int | None]:
    return [*range(len(state.view(None)["factions"])), None]


@pytest.mark.parametrize(("label", "state"), POSITIONS, ids=[label for label, _ in POSITIONS])
def test_the_board_is_readable_and_shows_what_the_seat_may_know(
    board_page: Page, label: str, state: State
) -> None:
    seats = _seats(state)
    for seat in seats:
        view = state.view(seat)
        svg = board_svg(view)
        show_board(board_page, svg)
        assert board_problems(board_page) == [], (label, seat)
        words, names = _strings(svg)
        assert set(view) <= DRAWN | set(UNDRAWN)
        for character in view["characters"]:
            assert character in names
        others = [other for other in seats if other is not None and other != seat]
        if seat is not None:
            assert set(view["you"]) <= DRAWN_YOURS | set(UNDRAWN)
            assert f"Your hand ({view['seat']})" in words
            assert svg.count('class="card"') == len(view["you"]["hand"])
            for card in view["you"]["hand"]:
                assert card in names, (label, seat, card)
            for text in view["you"]["face_down"]:
                assert text in words and text.split(" (", 1)[0] in names, (label, seat, text)
        else:
            assert "Your hand" not in words and 'class="card"' not in svg
        shown = json.dumps(view)
        for other in others:
            for secret in _private(state, other):
                assert secret in shown or secret not in words, (label, seat, secret)


def test_every_named_thing_has_its_details_and_the_heading_agrees_with_the_view() -> None:
    for _, state in POSITIONS:
        for seat in _seats(state)[-2:]:
            view = state.view(seat)
            svg = board_svg(view)
            for name, detail in details(svg):
                assert detail.startswith(name) and len(detail) > len(name) + 10
            (status,) = re.findall(r'class="to-move">([^<]*)<', svg)
            to_move = view["to_move"]
            if to_move is None:
                assert status == "The game is over"
            elif to_move != "chance":
                assert to_move in status
                assert ("Your move" in status) == (to_move == view["seat"])


def test_a_seat_to_play_is_told_which_cards_it_may_play_now() -> None:
    state = next(
        s
        for s in _game(*GAMES[0])
        if str(s.view(None)["asked"]).endswith(
            "play an Endeavour, use an office's power or discard"
        )
    )
    seat = state.current_player()
    view = state.view(seat)
    svg = board_svg(view)
    for card in view["you"]["hand"]:
        (detail,) = (text for name, text in details(svg) if name == card)
        assert "Your turn" in detail or "Law Suit" in detail or "Act of Supremacy" in detail
    other = state.view((seat + 1) % len(view["factions"]))
    for card in other["you"]["hand"]:
        (detail,) = (text for name, text in details(board_svg(other)) if name == card)
        assert "Not now" in detail or "Supports round" in detail or "cannot join" in detail


def test_screenshots_at_the_start_middle_and_end(board_page: Page) -> None:
    states = _game(*SHOTS)
    moments = {"start": states[0], "middle": states[len(states) // 2], "end": states[-1]}
    for moment, state in moments.items():
        for seat in _seats(state):
            view = state.view(seat)
            name = "spectator" if seat is None else view["seat"].lower().replace(" ", "-")
            show_board(board_page, board_svg(view))
            path = save_board(board_page, f"henry_viii-{name}-{moment}")
            assert path.stat().st_size > 0


def _group_words(group: ET.Element) -> str:
    return " ".join(node.text or "" for node in group.iter(f"{SVG}text"))


def test_the_court_is_drawn_as_tracks_and_boards_with_the_characters_on_them() -> None:
    """King Henry's Matrimonial Contentment and The King's Religion as tracks with his
    marker on the view's space; each heir on their numbered space of the Line of
    Succession; the Tower's prisoners in its cells; every office and title a slot with
    its holder; the hand and the discard pile drawn as cards with a title band."""
    seen_heirs = seen_tower = 0
    for _, state in POSITIONS:
        view = state.view(0)
        root = ET.fromstring(board_svg(view))
        groups = list(root.iter(f"{SVG}g"))
        henry = view["henry"]
        contentment = f"{henry['contentment']:+d}".replace("+0", "0")
        for track, space in (("Contentment", contentment), ("Religion", henry["religion"])):
            (group,) = [g for g in groups if track in (g.findtext(f"{SVG}title") or "")[:40]]
            marked = [
                text.text for text in group.iter(f"{SVG}text") if text.attrib.get("fill") == "#fff"
            ]
            assert marked == [space], (track, marked)
        for entry in view["line_of_succession"]:
            number, heir = entry.removeprefix("Succession ").split(": ", 1)
            name = heir.split(" (", 1)[0]
            (group,) = [
                g
                for g in groups
                if g.attrib.get("data-name") == name
                and "Line of Succession" in (g.findtext(f"{SVG}title") or "")
            ]
            assert f"Succession {number}" in _group_words(group)
            seen_heirs += 1
        for cell in ("arrested", "imprisoned"):
            (group,) = [
                g
                for g in groups
                if (g.findtext(f"{SVG}title") or "").startswith(f"The Tower: {cell}:")
            ]
            for prisoner in view["tower"][cell]:
                assert prisoner in _group_words(group)
                seen_tower += 1
        for board in ("offices", "titles"):
            for slot, holder in view[board].items():
                (group,) = [
                    g
                    for g in groups
                    if g.attrib.get("data-name") == slot
                    and next(g.iter(f"{SVG}path"), None) is not None
                ]
                assert holder in _group_words(group), (slot, holder)
        cards = [
            g
            for g in groups
            if g.attrib.get("class") == "item card-item"
            and g.find(f".//{SVG}rect[@class='woman']") is None  # the marriage track's
        ]
        assert len(cards) == len(view["you"]["hand"]) + len(view["discard_pile"])
        for card in cards:
            assert next(card.iter(f"{SVG}path"), None) is not None  # the title band
    assert seen_heirs and seen_tower


def test_the_queen_and_marriage_are_drawn_as_a_track_of_the_women_of_the_court() -> None:
    """[The Queen and Marriage] The marriage track holds the Queen first, named so, then
    every other woman of the court in the view, each a card with her faction and Baby
    Value (whom she married, when she did)."""
    married = 0
    for _, state in POSITIONS:
        view = state.view(None)
        svg = board_svg(view)
        root = ET.fromstring(svg)
        assert "Marriage: the Queen and the women of the court" in _strings(svg)[0]
        cards = [g for g in root.iter(f"{SVG}g") if "card-item" in g.attrib.get("class", "")]
        on_track = [g for g in cards if g.find(f".//{SVG}rect[@class='woman']") is not None]
        women = [g.attrib["data-name"] for g in on_track if g.attrib.get("data-name")]
        expected = [
            name
            for name, line in view["characters"].items()
            if "woman" in line.split("Notes: ", 1)[-1].split(" · ", 1)[0].split(", ")
        ]
        queen = view["henry"]["queen"]
        assert sorted(women) == sorted(expected)
        assert women[0] == queen or queen is None
        for group in cards:
            name = group.attrib.get("data-name", "")
            if name not in expected:
                continue
            words = "".join(_group_words(group).split())
            line = view["characters"][name]
            baby = next(part for part in line.split(" · ") if part.startswith("Baby Value"))
            assert "".join(baby.split()) in words, (name, words)
            assert line.split(" · ", 1)[0].replace(" ", "") in words
            assert words.startswith("Queen:" if name == queen else "".join(name.split()))
            if "Married to " in line:
                married += 1
                spouse = line.split("Married to ", 1)[1].split(" · ", 1)[0]
                assert f"Marriedto{''.join(spouse.split())}" in words
    assert married, "no woman of the positions looked at was married"
