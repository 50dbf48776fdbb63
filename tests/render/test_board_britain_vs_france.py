"""The 1750: Britain vs. France board in a real browser, at positions of seeded random
games (start, middle, end, and the fullest hands and busiest maps met): readable text
(12 px or more at 1,280 px, nothing clipped or overlapping), the seat's own hand and secret
objective drawn, nothing of the other side's, every view key drawn or listed in UNDRAWN."""

from __future__ import annotations

import random
from functools import cache
from xml.etree import ElementTree

import pytest
from playwright.sync_api import Page

import stratagem
from stratagem.core import State
from stratagem.games.britain_vs_france.effects import THEATERS
from stratagem.games.britain_vs_france.views import read_colony_line
from stratagem.render import britain_vs_france as board
from stratagem.testing.browser import needs_chromium

from .boardcheck import board_problems, save_board, show_board

pytestmark = needs_chromium

GAME = stratagem.load("britain_vs_france")
SEATS = (0, 1, None)
SVG = "{http://www.w3.org/2000/svg}"


def _play(seed: int) -> list[State]:
    """Every state of one random game, from the first to the last."""
    rng = random.Random(seed)
    state = GAME.new_initial_state()
    states = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            weights = [p for _, p in outcomes]
            state.apply_action(rng.choices([a for a, _ in outcomes], weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def _busy(state: State) -> int:
    """How crowded a position is: cards in hands and units on the board."""
    view = state.view(None)
    units = sum(len(line.split(", ")) for t in view["theaters"].values() for line in t.values())
    return int(sum(view["hand_sizes"].values())) + units


@cache
def positions() -> dict[str, State]:
    """Named positions: start, middle and end of two games, and the busiest met."""
    chosen: dict[str, State] = {}
    for seed in (3, 11):
        states = _play(seed)
        played = [s for s in states if not str(s.view(None)["step"]).startswith("Setup")]
        for label, at in (("start", 0.0), ("early", 0.25), ("middle", 0.5), ("late", 0.8)):
            chosen[f"{label}-{seed}"] = played[int(at * (len(played) - 1))]
        chosen[f"end-{seed}"] = states[-1]
        chosen[f"busiest-{seed}"] = max(played, key=_busy)
    return chosen


def _texts(svg: str) -> str:
    root = ElementTree.fromstring(svg)
    return " ".join(node.text or "" for node in root.iter(f"{SVG}text"))


def _slug(seat: int | None) -> str:
    return "spectator" if seat is None else GAME.seat_names[seat].lower()


@pytest.mark.parametrize("name", sorted(positions()))
def test_every_board_is_readable_and_shows_what_its_seat_may_know(
    board_page: Page, name: str
) -> None:
    state = positions()[name]
    for seat in SEATS:
        view = state.view(seat)
        svg = board.board_svg(view)
        show_board(board_page, svg)
        assert board_problems(board_page) == [], (name, seat)
        assert set(view) <= board.DRAWN | set(board.UNDRAWN)
        if seat is None:
            continue
        you = view["you"]
        assert set(you) <= board.DRAWN_PRIVATE | set(board.UNDRAWN)
        texts = _texts(svg)
        for entry in you["hand"]:
            assert entry.partition(" x")[0] in texts
        if you["secret_objective"]:
            assert you["secret_objective"] in texts
        _nothing_hidden(state, seat, svg)


def _nothing_hidden(state: State, seat: int, svg: str) -> None:
    """The other side's hand and secret objective appear nowhere, unless public anyway
    (a card also in the discard or in play, a card sharing a colony's name) or a name
    within one of the seat's own (War Chest in War Chest Reserves)."""
    other = state.view(1 - seat)["you"]
    public = board.board_svg(state.view(None))
    mine = state.view(seat)["you"]
    own = {e.partition(" x")[0] for e in mine["hand"]} | {mine["secret_objective"] or ""}
    for name in sorted(own, key=len, reverse=True):
        svg = svg.replace(name, "")
    for entry in [*other["hand"], other["secret_objective"]]:
        name = (entry or "").partition(" x")[0]
        if name and name not in own and name not in public:
            assert name not in svg, name


def test_the_heading_names_who_is_to_act() -> None:
    for state in positions().values():
        view = state.view(None)
        texts = _texts(board.board_svg(view))
        mover = view["to_move"]
        if mover in ("Britain", "France"):
            assert f"{mover} to act" in texts
            other = "France" if mover == "Britain" else "Britain"
            assert f"{other} to act" not in texts


def test_screenshots_of_the_start_middle_and_end(board_page: Page) -> None:
    for moment in ("start", "middle", "end"):
        state = positions()[f"{moment}-3"]
        for seat in SEATS:
            show_board(board_page, board.board_svg(state.view(seat)))
            path = save_board(board_page, f"britain_vs_france-{_slug(seat)}-{moment}")
            assert path.exists()


def test_the_world_map_marks_each_theaters_colonies_in_line_order() -> None:
    """Setup E2 and E3: on the world map (the pack's drawing data, map.toml), every
    theater's colonies are numbered in line order in their controller's colour, and the
    High Seas carry their units as pieces in their side's colour."""
    world = board.world()
    assert world.drawing is True and set(world.regions()) == set(THEATERS)
    at_sea = 0
    for state in positions().values():
        view = state.view(None)
        svg = board.board_svg(view)
        root = ElementTree.fromstring(svg)
        marks = [
            g.find(f"{SVG}title").text or ""  # type: ignore[union-attr]
            for g in root.iter(f"{SVG}g")
            if g.attrib.get("class") == "item" and "data-name" not in g.attrib
        ]
        for theater, colonies in view["theaters"].items():
            for number, (name, line) in enumerate(colonies.items(), start=1):
                control = read_colony_line(line)["control"] or "nobody"
                assert any(
                    mark.startswith(f"{number}. {name} ({theater}): controlled by {control};")
                    for mark in marks
                )
        for side, units in view["high_seas"].items():
            for unit in units:
                (piece,) = [g for g in root.iter(f"{SVG}g") if g.attrib.get("data-name") == unit]
                (rect,) = piece.iter(f"{SVG}rect")
                at_sea += 1
                assert rect.attrib["fill"] == board.COLOUR[side]
    assert at_sea > 0
