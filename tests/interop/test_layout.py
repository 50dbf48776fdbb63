"""Observation layouts: every view of random play fits its game's layout, worlds a seat
cannot tell apart give equal tensors, views that differ give different tensors."""

from __future__ import annotations

import json
import random

import pytest

import stratagem

np = pytest.importorskip("numpy")

from stratagem.interop.incremental import Incremental  # noqa: E402
from stratagem.interop.layout import (  # noqa: E402
    Counts,
    Each,
    Layout,
    LayoutError,
    Number,
    OneOf,
    Record,
    Rows,
    Slice,
)
from stratagem.interop.layouts import layout_of  # noqa: E402
from stratagem.sim.runner import chance_rng  # noqa: E402

GAMES = [info.name for info in stratagem.available_games()]
OPTIONS: dict[str, dict[str, object]] = {
    "britain_vs_france": {"advanced": True, "expanded_conflict": True},
    "henry_viii": {"players": 6},
    "sixteen_thirty_something": {"players": 4},
    "tercios": {"duration": 2},
}


def _positions(name: str, seed: int) -> list[stratagem.State]:
    """Every position of one random game (chance drawn with the lab's generator)."""
    game = stratagem.load(name, **OPTIONS.get(name, {}))  # type: ignore[arg-type]
    state, chance, moves = game.new_initial_state(), chance_rng(seed), random.Random(seed)
    positions = [state.clone()]
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(chance))
        else:
            state.apply_action(moves.choice(state.legal_actions()))
        positions.append(state.clone())
    return positions


def _read(layout: Layout, view: dict[str, object]) -> str:
    """The parts of ``view`` the layout declares it reads (everything not unread)."""
    kept = {key: value for key, value in view.items() if key not in layout.unread}
    you = kept.get("you")
    if isinstance(you, dict):
        kept["you"] = {k: v for k, v in you.items() if f"you.{k}" not in layout.unread}
    return json.dumps(kept, sort_keys=True)


@pytest.mark.parametrize("name", GAMES)
def test_every_view_of_random_play_fits_the_layout(name: str) -> None:
    positions = _positions(name, 1)
    game = positions[0].game
    layout = layout_of(game)
    assert len(layout.labels()) == layout.size
    assert layout.describe()[-1].stop == layout.size
    for state in positions:
        for seat in [*range(game.num_players), None]:
            view = state.view(seat)
            assert layout.uncovered(view) == []
            assert layout.encode(view).shape == (layout.size,)


@pytest.mark.parametrize("name", GAMES)
def test_worlds_the_seat_cannot_tell_apart_give_equal_tensors(name: str) -> None:
    positions = _positions(name, 2)
    layout = layout_of(positions[0].game)
    rng = random.Random(3)
    for state in positions[:: max(1, len(positions) // 40)]:
        seat = state.current_player()
        if seat < 0:
            continue
        mine = layout.encode(state.view(seat))
        world = state.resample_hidden(seat, rng)
        assert np.array_equal(mine, layout.encode(world.view(seat)))


@pytest.mark.parametrize("name", GAMES)
def test_views_that_differ_give_different_tensors(name: str) -> None:
    """Over a random game, two views of a seat whose read parts differ never share a
    tensor, and equal read parts always give the same tensor."""
    positions = _positions(name, 4)
    layout = layout_of(positions[0].game)
    by_tensor: dict[bytes, str] = {}
    by_view: dict[str, bytes] = {}
    for state in positions:
        view = state.view(0)
        tensor, read = layout.encode(view).tobytes(), _read(layout, view)
        assert by_tensor.setdefault(tensor, read) == read
        assert by_view.setdefault(read, tensor) == tensor
    assert len(by_tensor) > 10


def test_a_word_outside_the_vocabulary_is_refused_with_its_place() -> None:
    layout = Layout(
        [
            Slice("phase", OneOf(("Strategy", "Action"))),
            Slice("sides", Each(("Dutch", "Spanish"), Record({"hand": Counts(("a", "b"))}))),
        ],
        {},
    )
    with pytest.raises(LayoutError, match=r"^phase: 'Logistics' is not in"):
        layout.encode({"phase": "Logistics"})
    with pytest.raises(LayoutError, match=r"^sides\.Spanish\.hand: 'c' is not in"):
        layout.encode({"sides": {"Spanish": {"hand": ["a", "c"]}}})
    with pytest.raises(LayoutError, match=r"^sides: unexpected key 'French'"):
        layout.encode({"sides": {"French": {}}})


def test_slices_write_where_their_labels_say() -> None:
    layout = Layout(
        [
            Slice("turn", Number()),
            Slice("last", Number(nullable=True)),
            Slice("you.hand", Counts(("Quebec", "Havana"))),
            Slice("units", Rows(2, Record({"x": Number()}))),
        ],
        {},
    )
    tensor = layout.encode(
        {"turn": 3, "last": 0, "you": {"hand": ["Havana", "Quebec x2"]}, "units": [{"x": 1.5}]}
    )
    named = dict(zip(layout.labels(), tensor.tolist(), strict=True))
    assert named == {
        "turn": 3.0,
        "last?": 1.0,
        "last": 0.0,
        "you.hand[Quebec]": 2.0,
        "you.hand[Havana]": 1.0,
        "units[0]?": 1.0,
        "units[0].x": 1.5,
        "units[1]?": 0.0,
        "units[1].x": 0.0,
    }
    assert layout.encode({"last": None})[1] == 0.0  # none differs from 0
    with pytest.raises(LayoutError, match="3 items, the layout has 2 rows"):
        layout.encode({"units": [{}, {}, {}]})


def test_numbers_in_a_record_or_a_mapping_are_written_and_checked_in_place() -> None:
    """A plain number inside a Record or an Each is written without a call of its own,
    and is still refused, with its place, when it is not a number."""
    layout = Layout(
        [
            Slice("units", Rows(1, Record({"x": Number(), "last": Number(nullable=True)}))),
            Slice("points", Each(("Dutch", "Spanish"), Number())),
        ],
        {},
    )
    tensor = layout.encode({"units": [{"x": True, "last": 0}], "points": {"Spanish": 4.5}})
    assert dict(zip(layout.labels(), tensor.tolist(), strict=True)) == {
        "units[0]?": 1.0,
        "units[0].x": 1.0,
        "units[0].last?": 1.0,
        "units[0].last": 0.0,
        "points.Dutch": 0.0,
        "points.Spanish": 4.5,
    }
    with pytest.raises(LayoutError, match=r"^units\.\[0\]\.x: expected a number, got 'far'"):
        layout.encode({"units": [{"x": "far"}]})
    with pytest.raises(LayoutError, match=r"^points\.Dutch: expected a number, got \[1\]"):
        layout.encode({"points": {"Dutch": [1]}})


def test_a_run_of_views_is_written_again_only_where_it_changed() -> None:
    """``Incremental``: each view's tensor is the one ``encode`` gives, whether a slice,
    a row or a key kept its value, changed, went missing or came back; a list kept from
    the last view and altered since is written again (it is the very object seen); a
    refused view leaves the next one whole."""
    layout = Layout(
        [
            Slice("turn", Number(10)),
            Slice("you.hand", Counts(("a", "b"), 4)),
            Slice("units", Rows(3, Record({"x": Number(10), "side": OneOf(("red", "blue"))}))),
            Slice("points", Each(("Dutch", "Spanish"), Counts(("a", "b"), 4))),
        ],
        {},
    )
    run = Incremental(layout)
    hand = ["a"]
    views: list[dict[str, object]] = [
        {"turn": 1, "you": {"hand": hand}, "units": [{"x": 1, "side": "red"}]},
        {"turn": 1, "you": {"hand": hand}, "units": [{"x": 1, "side": "red"}, {"x": 2}]},
        {"turn": 2, "you": {"hand": ["b", "b"]}, "units": [{"x": 3, "side": "blue"}]},
        {"you": {"hand": ["b", "b"]}, "units": None, "points": {"Dutch": ["a"]}},
        {"turn": 2.0, "you": {"hand": {"b": 2}}, "units": [None, {"x": 3, "side": "blue"}]},
        {"points": {"Spanish": ["b", "b"], "Dutch": ["a"]}},
        {"points": {"Spanish": ["b", "b"], "Dutch": None}},
    ]
    for view in views:
        assert np.array_equal(run.encode(view), layout.encode(view))
    hand.append("b")
    view = {"turn": 1, "you": {"hand": hand}, "units": [{"x": 1, "side": "red"}]}
    first = Incremental(layout)
    first.encode(view)
    hand.append("b")
    assert np.array_equal(first.encode(view), layout.encode(view))
    with pytest.raises(LayoutError, match=r"^units: 4 items, the layout has 3 rows"):
        run.encode({"units": [{}, {}, {}, {}]})
    assert np.array_equal(run.encode(views[5]), layout.encode(views[5]))
    with pytest.raises(LayoutError, match=r"^points: unexpected key 'French'"):
        run.encode({"points": {"Dutch": ["a"], "French": ["b"]}})
    assert np.array_equal(run.encode(views[0]), layout.encode(views[0]))
