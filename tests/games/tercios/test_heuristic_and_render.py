"""The Tercios heuristic bot, the SVG board and the command line (render, play --army)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from pathlib import Path

from typer.testing import CliRunner

import stratagem
from stratagem.bots import Ranker, bot_names, make_bot
from stratagem.cli import app
from stratagem.core import CHANCE
from stratagem.render import board_renderer

from .helpers import SPANISH, deploy, load, plan

GAME = load()
ENV = {"COLUMNS": "200"}


def test_heuristic_is_registered() -> None:
    assert "heuristic" in bot_names("tercios")


def test_heuristic_plays_legally_and_sees_only_its_view() -> None:
    rng = random.Random(5)
    state = GAME.new_initial_state()
    bots = [make_bot("heuristic", GAME, random.Random(i)) for i in range(2)]
    checked = 0
    for _ in range(150):
        if state.is_terminal():
            break
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        choice = bots[player].choose(state, player)
        assert choice in state.legal_actions()
        other = state.resample_hidden(player, random.Random(checked))
        assert make_bot("heuristic", GAME, random.Random(player)).choose(other, player) == (
            make_bot("heuristic", GAME, random.Random(player)).choose(state, player)
        )
        state.apply_action(choice, seat=player)
        checked += 1
    assert checked > 50


def test_heuristic_ranks_every_legal_action_with_its_choice_first() -> None:
    """``rank`` (what a search races) orders all the legal actions by the heuristic's own
    scores; its first is ``choose``'s answer, and what the seat cannot see leaves it alone."""
    rng = random.Random(8)
    state = GAME.new_initial_state()
    ranked_positions = 0
    while ranked_positions < 12 and not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            ranker = make_bot("heuristic", GAME, random.Random(3))
            assert isinstance(ranker, Ranker)
            ranked = ranker.rank(state, player)
            assert sorted(a.id for a in ranked) == sorted(a.id for a in legal)
            assert ranked[0] == make_bot("heuristic", GAME, random.Random(3)).choose(state, player)
            other = state.resample_hidden(player, random.Random(ranked_positions))
            again = make_bot("heuristic", GAME, random.Random(3))
            assert isinstance(again, Ranker)
            assert again.rank(other, player) == ranked
            ranked_positions += 1
        state.apply_action(legal[int(rng.random() * len(legal))], seat=player)
    assert ranked_positions == 12


def test_heuristic_plans_fire_for_shot_in_range() -> None:
    state = GAME.new_initial_state()
    deploy(state)
    bot = make_bot("heuristic", GAME, random.Random(0))
    choice = bot.choose(state, SPANISH)  # the Tercio Idiáquez: no enemy within 12 inches
    assert choice.text in ("order Idiáquez: Ready!", "order Idiáquez: Run!")


def test_board_svg_draws_units_terrain_and_commanders() -> None:
    draw = board_renderer("tercios")
    assert draw is not None
    game = load("standard")
    state = game.new_initial_state()
    plan(state, {})
    svg = draw(state.view(SPANISH))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg.count("<polygon") >= len(game.troops) + len(game.terrain)
    assert "Idiáquez" in svg and "West copse" in svg and "Dm 0/5" in svg
    assert "Ready!" in svg  # own orders are shown to their side...
    assert "Yellow 1 (Swedish): Modern Battalion, infantry." in draw(state.view(None))


def test_render_command_draws_a_step_of_a_log(tmp_path: Path) -> None:
    log = tmp_path / "battle.jsonl"
    runner = CliRunner()
    played = runner.invoke(
        app,
        [
            "play",
            "tercios",
            "--army",
            "spanish_500",
            "--army",
            "swedish_500",
            "--seat",
            "Spanish=heuristic",
            "--seat",
            "Swedish=random",
            "--seed",
            "4",
            "--log",
            str(log),
        ],
        env=ENV,
    )
    assert played.exit_code == 0, played.output
    out = tmp_path / "board.svg"
    drawn = runner.invoke(app, ["render", str(log), "--step", "40", "-o", str(out)], env=ENV)
    assert drawn.exit_code == 0, drawn.output
    assert "Step 40 of" in drawn.output
    assert ET.parse(out).getroot().tag.endswith("svg")
    too_far = runner.invoke(app, ["render", str(log), "--step", "999999", "-o", str(out)], env=ENV)
    assert too_far.exit_code == 2 and "steps, not 999999" in too_far.output


def test_play_with_an_unknown_army_is_a_user_error() -> None:
    result = CliRunner().invoke(
        app, ["play", "tercios", "--army", "nowhere", "--army", "x"], env=ENV
    )
    assert result.exit_code == 2
    assert "no army 'nowhere'" in result.output


def test_mirrored_armies_are_told_apart() -> None:
    game = stratagem.load("tercios", armies=("spanish_500", "spanish_500"))
    labels = [t.label for t in game.troops]  # type: ignore[attr-defined]
    assert "Idiáquez (Spanish)" in labels and "Idiáquez (Swedish)" in labels


def test_the_tercios_table_carries_what_a_click_needs() -> None:
    view = stratagem.load("tercios").new_initial_state().view(0)
    draw = board_renderer("tercios")
    assert draw is not None
    root = ET.fromstring(draw(view))
    scale = float(root.get("data-scale") or 0)
    assert float(root.get("data-table-width") or 0) == view["table"]["width"]
    assert float(root.get("data-table-depth") or 0) == view["table"]["depth"]
    # the table's far left corner is the origin of the user coordinates (margins lie at
    # negative ones), and the viewBox holds the whole table
    left, top, width, height = (float(v) for v in (root.get("viewBox") or "").split())
    assert left <= 0 and left + width >= view["table"]["width"] * scale
    assert top <= 0 and top + height >= view["table"]["depth"] * scale
    tables = [
        node
        for node in root.iter()
        if node.tag.endswith("rect") and node.get("x") == "0" and node.get("y") == "0"
    ]
    assert float(tables[0].get("width") or 0) == round(view["table"]["width"] * scale, 1)
    groups = {node.get("data-unit"): node.get("data-side") for node in root.iter()}
    for unit in view["units"]:
        assert groups[unit["name"]] == unit["side"]
