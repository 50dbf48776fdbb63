"""The Tercios board in a real browser, at positions of seeded games (a random one and a
heuristic one, whose charges crowd units into melees: start, middle, end and the
busiest met) and at crowded tables made up from them: readable text (12 px or more at
1,280 px, nothing clipped, no two texts overlapping wherever units cluster), the seat's
own order cards drawn, nothing the seat may not see (its board is the same in every world
it cannot tell apart), every key of the view drawn or listed in UNDRAWN."""

from __future__ import annotations

import copy
import math
import random
from functools import cache
from xml.etree import ElementTree

import pytest
from playwright.sync_api import Page

import stratagem
from stratagem.bots import make_bot
from stratagem.core import CHANCE, JsonDict
from stratagem.games.tercios.state import TerciosState
from stratagem.render import tercios as board
from stratagem.testing.browser import needs_chromium

from .boardcheck import board_problems, save_board, show_board

pytestmark = needs_chromium

SVG = "{http://www.w3.org/2000/svg}"
GAME = stratagem.load("tercios")
SEATS = (0, 1, None)


def _play(seed: int, heuristic: bool) -> list[TerciosState]:
    """The states of one seeded game where a seat is to decide, and its last."""
    rng = random.Random(seed)
    bots = [make_bot("heuristic", GAME, random.Random(seed + side)) for side in (0, 1)]
    state = GAME.new_initial_state()
    assert isinstance(state, TerciosState)
    states = []
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        states.append(state.clone())
        choice = bots[player].choose(state, player) if heuristic else None
        state.apply_action(choice or rng.choice(state.legal_actions()))
    return [*states, state]


def _busy(state: TerciosState) -> float:
    """How crowded the table is: pairs of live units within 8 inches of each other."""
    units = [u for u in state.view(None)["units"] if u["alive"]]
    return sum(
        1
        for i, a in enumerate(units)
        for b in units[i + 1 :]
        if math.hypot(a["x"] - b["x"], a["y"] - b["y"]) < 8
    )


@cache
def positions() -> dict[str, TerciosState]:
    """Named positions of a random and a heuristic game."""
    chosen: dict[str, TerciosState] = {}
    for kind, seed, heuristic in (("random", 7, False), ("heuristic", 3, True)):
        states = _play(seed, heuristic)
        for label, at in (("start", 0.0), ("early", 0.25), ("middle", 0.5), ("late", 0.8)):
            chosen[f"{label}-{kind}"] = states[int(at * (len(states) - 1))]
        chosen[f"end-{kind}"] = states[-1]
        chosen[f"busiest-{kind}"] = max(states, key=_busy)
    melee = next(s for s in _play(5, True) if s.view(None)["waiting_for"] in ("melee", "charge"))
    chosen["melee-heuristic"] = melee
    chosen["scenery-chosen"] = _buying_scenery()
    return chosen


def _buying_scenery() -> TerciosState:
    """A battle whose players buy and place the scenery: the first piece to be placed."""
    rng = random.Random(3)
    state = stratagem.load("tercios", terrain="chosen").new_initial_state()
    assert isinstance(state, TerciosState)
    while not (state.view(None).get("scenery_purchase") or {}).get("to_place"):
        if state.current_player() == CHANCE:
            state.apply_action(state.sample_chance(rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _texts(svg: str) -> str:
    root = ElementTree.fromstring(svg)
    return " ".join(node.text or "" for node in root.iter(f"{SVG}text"))


def _check(page: Page, view: JsonDict) -> str:
    """Draw the view, hold it to the measure and to the view's keys; the SVG."""
    svg = board.board_svg(view)
    show_board(page, svg)
    assert board_problems(page) == []
    assert set(view) <= set(board.DRAWN) | set(board.UNDRAWN)
    for unit in view["units"]:
        assert set(unit) <= set(board.UNIT_DRAWN) | set(board.UNIT_UNDRAWN)
    for officer in view["commanders"]:
        assert set(officer) <= set(board.COMMANDER_DRAWN) | set(board.COMMANDER_UNDRAWN)
    return svg


@pytest.mark.parametrize("name", sorted(positions()))
def test_every_board_is_readable_and_shows_what_its_seat_may_know(
    board_page: Page, name: str
) -> None:
    state = positions()[name]
    for seat in SEATS:
        view = state.view(seat)
        svg = _check(board_page, view)
        texts = _texts(svg)
        for unit in view["units"]:
            assert unit["name"] in texts
            if unit["side"] == view["seat"] and unit["order"]:
                assert f"{unit['order']} (your order)" in svg  # the details
                assert unit["order"] in texts  # the label and the roster
        for element in view["terrain"]:
            assert element["name"] in texts
        if seat is not None:
            # nothing hidden: the board is the same in a world the seat cannot tell apart
            other = state.resample_hidden(seat, random.Random(1))
            assert board.board_svg(other.view(seat)) == svg


def _crowded(view: JsonDict, seed: int) -> JsonDict:
    """The view with every unit and commander thrown into one small patch of the table,
    as in a swirling melee (its geometry as the engine's placements have it)."""
    rng = random.Random(seed)
    crowd = copy.deepcopy(view)
    spread = (3.0, 5.0, 8.0)[seed % 3]
    cx = rng.uniform(spread + 2, crowd["table"]["width"] - spread - 2)
    cy = rng.uniform(spread + 2, crowd["table"]["depth"] - spread - 2)
    for unit in crowd["units"]:
        x, y = cx + rng.uniform(-spread, spread), cy + rng.uniform(-spread, spread) * 0.6
        facing = rng.uniform(0, 360)
        hx, hy = math.cos(math.radians(facing)), math.sin(math.radians(facing))
        d, w = unit["depth"] / 2, unit["width"] / 2
        unit.update(x=x, y=y, facing=facing, front=[x + hx * d, y + hy * d])
        unit["corners"] = [
            [x + hx * a + hy * b, y + hy * a - hx * b]
            for a, b in ((d, w), (-d, w), (-d, -w), (d, -w))
        ]
        unit.update(disorder=rng.random() < 0.4, activated=rng.random() < 0.5)
    for officer in crowd["commanders"]:
        officer.update(
            x=cx + rng.uniform(-spread, spread), y=cy + rng.uniform(-spread, spread) * 0.6
        )
        officer.update(attached_to=None, exhausted=rng.random() < 0.5)
    return crowd


@pytest.mark.parametrize("seed", range(6))
def test_labels_never_collide_in_a_crowd(board_page: Page, seed: int) -> None:
    view = positions()["middle-heuristic"].view(seed % 2)
    _check(board_page, _crowded(view, seed))


def test_the_heading_names_whose_decision_it_is() -> None:
    for state in positions().values():
        view = state.view(None)
        texts = _texts(board.board_svg(view))
        assert f"Turn {view['turn']} of 8" in texts
        if view.get("scenery_purchase"):
            assert f"{view['scenery_purchase']['buying']} buying" in texts
        if view["deciding"]:
            assert f"{view['deciding']} to decide" in texts
        if view["result"]:
            assert "the battle is over" in texts


def test_marks_for_disorder_activation_and_exhaustion() -> None:
    view = copy.deepcopy(positions()["start-random"].view(0))
    unit, officer = view["units"][0], view["commanders"][0]
    plain = board.board_svg(view)
    unit.update(disorder=True, activated=True)
    officer["exhausted"] = True
    view["acting"] = {"unit": view["units"][1]["name"], "commander": None}
    marked = board.board_svg(view)
    assert plain.count('fill="url(#disorder)"') + 1 == marked.count('fill="url(#disorder)"')
    assert marked.count('fill-opacity="0.55"/>') == plain.count('fill-opacity="0.55"/>') + 1
    assert "Exhausted: he cannot be activated again this turn." in marked
    assert "Now: being activated." in marked
    assert "Now: already activated this turn" in marked


def test_screenshots_of_the_start_middle_and_end(board_page: Page) -> None:
    for moment in ("start", "middle", "end"):
        state = positions()[f"{moment}-heuristic"]
        for seat in SEATS:
            show_board(board_page, board.board_svg(state.view(seat)))
            slug = "spectator" if seat is None else str(state.view(seat)["seat"])
            assert save_board(board_page, f"tercios-{slug}-{moment}").exists()
