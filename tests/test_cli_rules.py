"""``stratagem rules GAME [SECTION]``: every rule findable by its rulebook section, driven
through typer's CliRunner (and the listing's own lines, to see what is printed in red)."""

from __future__ import annotations

import inspect
import os
from pathlib import Path

import pytest
from rich.text import Text
from typer.testing import CliRunner, Result

from stratagem.cli import app
from stratagem.cli.rules import MISSING, listing, section_page
from stratagem.core import rule_index
from stratagem.core.rule_index import RuleIndex, build_index
from stratagem.core.rulebook import load_sections
from stratagem.games.eighty_years_war.state import EightyYearsWarState

GAME = "eighty_years_war"
ENV = {"COLUMNS": "300"}  # no wrapping, so lines can be matched whole


def invoke(*args: str) -> Result:
    return CliRunner().invoke(app, ["rules", *args], env=ENV)


def _red(lines: list[tuple[int, Text]]) -> list[str]:
    """Every piece of the lines printed in the style of what is missing."""
    found: list[str] = []
    for _, text in lines:
        if text.style == MISSING:
            found.append(text.plain)
        found.extend(
            text.plain[span.start : span.end] for span in text.spans if span.style == MISSING
        )
    return found


def test_rules_lists_every_section_in_order_with_its_code_and_tests() -> None:
    result = invoke(GAME)
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    heads = [lines.index(section.name) for section in load_sections(GAME).sections]
    assert heads == sorted(heads)
    logistics = lines[lines.index("LOGISTICS PHASE") : lines.index("STRATEGY PHASE")]
    assert any(
        "code: " in line and "state:EightyYearsWarState._start_filling" in line
        for line in logistics
    )
    assert any(
        "tests: " in line and "test_logistics_dutch_fill_to_7_first_then_spanish_fill_to_8" in line
        for line in logistics
    )
    assert "no rules to apply: a pointer to further reading" in result.stdout


def test_rules_section_gives_each_function_with_file_and_line_and_each_test() -> None:
    result = invoke(GAME, "logistics phase")
    assert result.exit_code == 0, result.output
    function = EightyYearsWarState._start_filling
    file = os.path.relpath(inspect.getsourcefile(function) or "")
    line = inspect.getsourcelines(function)[1]
    assert f"state:EightyYearsWarState._start_filling  {file}:{line}" in result.stdout
    test_file = os.path.relpath(Path(__file__).parent / "games" / GAME / "test_rules_logistics.py")
    assert f"{test_file}::test_logistics_dutch_fill_to_7_first_then_spanish_fill_to_8" in (
        result.stdout
    )


def test_rules_section_by_a_part_of_its_name_only_it_has() -> None:
    result = invoke("britain_vs_france", "regional")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Ending the Game: Regional Dominance\n")
    assert "scoring:score_lines" in result.stdout


def test_rules_red_for_a_section_with_no_code_and_no_test(tmp_path: Path) -> None:
    """A table in which LINKS gives rules: nothing cites it, no test is named after it; both
    are said in red, in the listing and on its page, and nothing else is red."""
    shipped = Path(rule_index.game_dir(GAME)) / "data" / "sections.toml"
    table = tmp_path / "sections.toml"
    table.write_text(
        shipped.read_text(encoding="utf-8").replace("rules = false\n", ""), encoding="utf-8"
    )
    rulebook = load_sections(GAME, table)
    index = build_index(GAME, rulebook=rulebook)
    assert _red(listing(index, "Eighty Years War")) == [
        "13 implemented",
        "no implementation",
        "no test",
    ]
    links = rulebook.resolve("Links")
    assert links is not None
    assert _red(section_page(index, links)) == ["no implementation", "no test"]
    charged = rulebook.resolve("Logistics Phase")
    assert charged is not None
    assert _red(section_page(index, charged)) == []


def test_rules_without_a_tests_folder_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rule_index, "tests_root", lambda folder: None)
    result = invoke(GAME, "Victory")
    assert result.exit_code == 0, result.output
    assert "No tests/ folder beside this installation" in result.stdout
    assert "test_victory" not in result.stdout
    index = build_index(GAME)
    bare = RuleIndex(index.rulebook, index.sites, None)
    assert not any("tests:" in text.plain for _, text in listing(bare, "Eighty Years War"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chess",), "Error: no game named 'chess'; available games: britain_vs_france"),
        ((GAME, "Sieges"), "Error: no section of eighty_years_war matches 'Sieges'"),
        (
            ("britain_vs_france", "A)"),
            "Error: 'A)' matches 2 sections of britain_vs_france: Setup: A); "
            "Starting the Game: 4) Purchases: A)",
        ),
    ],
)
def test_rules_unknown_game_or_section_is_a_clear_error(
    args: tuple[str, ...], message: str
) -> None:
    result = invoke(*args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert "Traceback" not in result.output
