"""The Sixteen Thirty Something board in a real browser, at positions of seeded random
games of 4 and 6 players (start, middle, end, and the fullest hands and displays met):
readable text (12 px or more at 1,280 px, nothing clipped or overlapping), the seat's own
hand and Victory Point Counters drawn, nothing of another seat's, every border of the
Adjacent Countries Table drawn, every view key drawn or listed in UNDRAWN."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from xml.etree import ElementTree

import pytest
from playwright.sync_api import Page

import stratagem
from stratagem.core import Game, State
from stratagem.core.errors import DataPackError
from stratagem.render import sixteen_thirty_something as board
from stratagem.render.maps import load_map
from stratagem.testing.browser import needs_chromium

from .boardcheck import board_problems, save_board, show_board

pytestmark = needs_chromium

SVG = "{http://www.w3.org/2000/svg}"
GAMES = {players: stratagem.load("sixteen_thirty_something", players=players) for players in (4, 6)}
SETTING_UP = ("Taking", "Dealing", "Who goes first")


def _play(game: Game, seed: int) -> list[State]:
    """Every state of one random game, from the first to the last."""
    rng = random.Random(seed)
    state = game.new_initial_state()
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
    """How crowded a position is: cards in hands and piles on display."""
    view = state.view(None)
    piles = sum(len(p) for p in view["displays"].values())
    return int(max(view["cards_in_hand"].values())) + 2 * piles


@cache
def positions() -> dict[str, State]:
    """Named positions: start, middle and end of a 4- and a 6-player game, and the
    busiest met."""
    chosen: dict[str, State] = {}
    for players, seed in ((4, 5), (6, 9)):
        states = _play(GAMES[players], seed)
        played = [s for s in states if not str(s.view(None)["phase"]).startswith(SETTING_UP)]
        for label, at in (("start", 0.0), ("early", 0.2), ("middle", 0.5), ("late", 0.8)):
            chosen[f"{label}-{players}"] = played[int(at * (len(played) - 1))]
        chosen[f"end-{players}"] = states[-1]
        chosen[f"busiest-{players}"] = max(played, key=_busy)
    return chosen


def _texts(svg: str) -> str:
    root = ElementTree.fromstring(svg)
    return " ".join(node.text or "" for node in root.iter(f"{SVG}text"))


def _seats(state: State) -> list[int | None]:
    return [*range(len(state.view(None)["cards_in_hand"])), None]


@pytest.mark.parametrize("name", sorted(positions()))
def test_every_board_is_readable_and_shows_what_its_seat_may_know(
    board_page: Page, name: str
) -> None:
    state = positions()[name]
    for seat in _seats(state):
        view = state.view(seat)
        svg = board.board_svg(view)
        show_board(board_page, svg)
        assert board_problems(board_page) == [], (name, seat)
        assert set(view) <= board.DRAWN | set(board.UNDRAWN)
        if seat is None:
            assert "Your hand" not in svg
            continue
        you = view["you"]
        assert set(you) <= board.DRAWN_PRIVATE | set(board.UNDRAWN)
        texts = _texts(svg)
        for card in you["hand"]:
            assert card in texts
        for country in you["victory_point_counters"]:
            assert country in texts
        _nothing_hidden(state, seat, svg)


def _nothing_hidden(state: State, seat: int, svg: str) -> None:
    """Another seat's Influence Cards in hand appear nowhere unless also public (on a
    display, in the discard pile) or in the seat's own hand; its score breakdown (which
    tells its counters) appears nowhere."""
    public = board.board_svg(state.view(None))
    own = set(state.view(seat)["you"]["hand"])
    for other in range(len(state.view(None)["cards_in_hand"])):
        if other == seat:
            continue
        theirs = state.view(other)["you"]
        for card in theirs["hand"]:
            if card not in own and card not in board.SPECIALS and card not in public:
                assert card not in svg, card
        total = theirs["points_if_scored_now"]["total"]
        assert f"scored now they would give {total} points" not in svg or (
            total == state.view(seat)["you"]["points_if_scored_now"]["total"]
        )


def test_the_map_draws_every_border_and_explains_the_factions() -> None:
    svg = board.board_svg(positions()["middle-4"].view(0))
    paths = svg.count('stroke="#8c7a52" stroke-width="3"')
    assert paths == len(board.borders()) + 2  # the legend's solid and dashed samples
    printed = [pair for pair in board.borders() if pair[2]]
    assert len(printed) == 7 and len(board.borders()) == 17
    texts = _texts(svg)
    for words in ("Red faction", "Blue faction", "Neutral: no faction yet", "silent"):
        assert words in texts


def test_the_heading_names_who_is_to_act() -> None:
    for state in positions().values():
        view = state.view(None)
        texts = _texts(board.board_svg(view))
        mover = view["to_move"]
        if mover not in (None, "chance"):
            assert f"{mover} to act" in texts


def test_screenshots_of_the_start_middle_and_end(board_page: Page) -> None:
    for moment in ("start", "middle", "end"):
        state = positions()[f"{moment}-4"]
        for seat in _seats(state):
            show_board(board_page, board.board_svg(state.view(seat)))
            slug = "spectator" if seat is None else f"player-{seat + 1}"
            path = save_board(board_page, f"sixteen_thirty_something-{slug}-{moment}")
            assert path.exists()


def test_the_map_of_europe_draws_each_country_in_its_place_with_its_counters() -> None:
    """Each country's outline from the pack's drawing data (map.toml), filled in its
    faction's colours, and on it a card of its Status, Army Size, Military Ability and
    every player's votes there (arrows for ascendant and descendant piles)."""
    europe = board.europe()
    assert europe.drawing is True
    view = positions()["busiest-6"].view(None)
    svg = board.board_svg(view)
    root = ElementTree.fromstring(svg)
    places = europe.places()
    assert set(places) == set(view["countries"])
    for name, facts in view["countries"].items():
        outline = board.path_data(places[name].shapes)
        assert f'd="{outline}" fill="{board.FILL[facts["faction"]]}"' in svg, name
        (card,) = [
            g
            for g in root.iter(f"{SVG}g")
            if g.attrib.get("data-name") == name and g.attrib.get("class") == "item country"
        ]
        words = " ".join(node.text or "" for node in card.iter(f"{SVG}text"))
        assert f"Status {facts['status']}" in words and f"Army {facts['army']}" in words
        assert f"Ability {facts['ability']}" in words
        for seat, piles in view["displays"].items():
            if name in piles:
                arrow = "▼" if piles[name]["state"] == "descendant" else "▲"
                number = seat.removeprefix("Player ")
                assert f"P{number} {piles[name]['votes']}{arrow}" in words, (name, seat)


def test_a_broken_map_file_is_refused_with_the_file_and_the_entry(tmp_path: Path) -> None:
    broken = tmp_path / "map.toml"
    text = board.MAP_FILE.read_text(encoding="utf-8").replace("drawing = true", "drawing = 1")
    broken.write_text(text.replace("card = [50, 225]", 'card = "west"'), encoding="utf-8")
    with pytest.raises(DataPackError, match=r"map\.toml: place\[0\] 'England' -> card"):
        load_map(broken)
