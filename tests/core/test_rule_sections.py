"""Every rule findable by its section: each game's table of sections (data/sections.toml),
the citations its code carries (docstrings in brackets, event rules) and its events at play
all name a section of that table or a ruling of its RULINGS.md, and every section that
gives rules has code that implements it."""

from __future__ import annotations

from pathlib import Path

import pytest

import stratagem
from stratagem.core import DataPackError, game_info, rule_index
from stratagem.core.rule_index import NamedTest, bracket_citations, build_index
from stratagem.core.rulebook import load_sections
from stratagem.testing.conformance import random_playout

GAMES = [info.name for info in stratagem.available_games()]
GOLDEN = Path(__file__).parents[1] / "golden"
SEEDS = (1, 2, 3)


@pytest.mark.parametrize("game", GAMES)
def test_every_docstring_and_event_citation_names_a_section(game: str) -> None:
    """Each bracket citation of a docstring and each event rule written in the code names a
    section of the game's table (or a ruling of its RULINGS.md)."""
    index = build_index(game)
    bad = [
        f"{site.where} ({site.file.name}:{site.line}, {site.kind}): [{site.citation}]"
        for site in index.unresolved()
    ]
    assert not bad, f"{game}: citations that name no section of sections.toml:\n" + "\n".join(bad)


def _unknown_rules(game: str, rules: list[str]) -> list[str]:
    rulebook = load_sections(game)
    return sorted({rule for rule in rules if rulebook.resolve(rule) is None})


@pytest.mark.parametrize("game", GAMES)
def test_every_golden_event_rule_names_a_section(game: str) -> None:
    """The rule tag of every event of the game's golden log names a section."""
    lines = (GOLDEN / f"{game}.txt").read_text(encoding="utf-8").splitlines()
    rules = [line[1 : line.index("] ")] for line in lines if line.startswith("[")]
    assert rules, f"{game}: no event in the golden log"
    assert not _unknown_rules(game, rules), _unknown_rules(game, rules)


@pytest.mark.parametrize("game", GAMES)
def test_every_event_rule_at_play_names_a_section(game: str) -> None:
    """The events of a few seeded random games, with the fewest and the most players, each
    cite a section of the game's table."""
    info = game_info(game)
    rules: list[str] = []
    for players in sorted({info.min_players, info.max_players}):
        for seed in SEEDS:
            state = random_playout(stratagem.load(game, players), seed)
            rules.extend(event.rule for event in state.events)
    assert not _unknown_rules(game, rules), _unknown_rules(game, rules)


@pytest.mark.parametrize("game", GAMES)
def test_every_section_with_rules_is_implemented(game: str) -> None:
    """No section marked as giving rules (``rules = true``, the default) lacks a function
    that cites it."""
    index = build_index(game)
    missing = [
        section.full
        for section in index.rulebook.sections
        if section.rules and not index.functions(section)
    ]
    assert not missing, f"{game}: sections with rules that no code cites: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_table_of_sections_is_well_formed(game: str) -> None:
    """The table loads, its citations are unique and each resolves to its own section."""
    rulebook = load_sections(game)
    assert rulebook.sections
    for section in rulebook.sections:
        assert rulebook.resolve(section.citation) == section
        assert rulebook.resolve(section.full.upper()) == section


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "sections.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_broken_table_unknown_within_names_file_and_entry(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        '[[section]]\nname = "Combat"\n\n[[section]]\nname = "Charges"\nwithin = "Battle"\n',
    )
    with pytest.raises(DataPackError) as error:
        load_sections("eighty_years_war", path)
    assert str(error.value) == (
        f"{path}: section[1] 'Charges' -> within: 'Battle' names no section earlier in the table"
    )


def test_broken_table_duplicate_path_names_file_and_entry(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        '[[section]]\nname = "Combat"\n\n[[section]]\nname = "COMBAT"\n',
    )
    with pytest.raises(
        DataPackError, match=r"section\[1\] 'COMBAT': the section 'COMBAT' is listed twice"
    ):
        load_sections("eighty_years_war", path)


def test_broken_table_bad_type_names_file_and_entry(tmp_path: Path) -> None:
    path = _write(tmp_path, '[[section]]\nname = "Combat"\nrules = "yes"\n')
    with pytest.raises(DataPackError) as error:
        load_sections("eighty_years_war", path)
    assert str(error.value).startswith(f"{path}: section[0] 'Combat' -> rules: ")


def test_unknown_game_names_the_games() -> None:
    with pytest.raises(DataPackError, match="no game named 'chess'; games with rules: "):
        load_sections("chess")


def test_citation_forms(tmp_path: Path) -> None:
    """Whole paths, unique tails and bare names resolve, case and spaces ignored; a name
    two sections share needs its path; rulings resolve only when RULINGS.md numbers them."""
    path = _write(
        tmp_path,
        '[[section]]\nname = "COMBAT"\n\n[[section]]\nname = "Charges"\nwithin = "Combat"\n\n'
        '[[section]]\nname = "Shooting"\n\n[[section]]\nname = "Rout Test"\nwithin = "Shooting"\n\n'
        '[[section]]\nname = "Rout Test"\nwithin = "combat"\n',
    )
    rulebook = load_sections("eighty_years_war", path)
    assert rulebook.resolve("combat:charges") == rulebook.sections[1]
    assert rulebook.resolve("  Charges ") == rulebook.sections[1]
    assert rulebook.resolve("Rout Test") is None
    assert rulebook.resolve("Combat: Rout  Test") == rulebook.sections[4]
    assert rulebook.sections[4].citation == "COMBAT: Rout Test"
    assert rulebook.resolve("Combat: Shooting") is None
    assert rulebook.ruling("Rulings R9") == "R9"
    assert rulebook.ruling("Rulings R999") is None


def test_bracket_citations_skip_code_and_subscripts() -> None:
    text = "Moves [Combat: Charges] a `list[int]` or dict[str, int] [Rulings\n    R6]; `[x]`."
    assert bracket_citations(text) == ["Combat: Charges", "Rulings R6"]


def test_index_reads_event_rules_through_names_and_docstrings_without_importing(
    tmp_path: Path,
) -> None:
    """A rule given as a string, a module constant, a name imported from another module of
    the package, or a name assigned in the logging function is found; a parameter is not.
    The modules would fail if imported."""
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / "__init__.py").write_text('"""A game [Setup]."""\nraise RuntimeError\n')
    (folder / "rules.py").write_text('RULE = "Combat"\nraise RuntimeError\n')
    (folder / "flow.py").write_text(
        "from stratagem.games.game.rules import RULE as FIGHT\n"
        "def a(s):\n"
        '    """Moves `[x]` and list[int] [Combat: Charges]."""\n'
        '    s.log("text", "Setup")\n'
        "    s.log(text='t', rule=FIGHT)\n"
        "def b(s, rule):\n"
        '    where, kind = "here", ("Victory" if s else "Defeat")\n'
        '    s.log("t", kind)\n'
        '    s.log("t", rule)\n'
    )
    found = sorted(
        (site.where, site.citation, site.kind) for site in rule_index.scan_package(folder)
    )
    assert found == [
        ("flow:a", "Combat", "event"),
        ("flow:a", "Combat: Charges", "docstring"),
        ("flow:a", "Setup", "event"),
        ("flow:b", "Defeat", "event"),
        ("flow:b", "Victory", "event"),
        ("game", "Setup", "docstring"),
    ]


def test_index_tests_named_after_a_section_by_whole_words() -> None:
    """``test_setup_a_to_i`` is named after Setup and Setup: A) (a bare label takes its
    parent's slug), not after 4) Purchases: A); a docstring's bracket names a section too."""
    rulebook = load_sections("britain_vs_france")
    named = rule_index.sections_of_test(rulebook, NamedTest(Path("t.py"), "test_setup_a_to_i", ""))
    assert [section.full for section in named] == ["Setup", "Setup: A)"]
    cited = rule_index.sections_of_test(
        rulebook, NamedTest(Path("t.py"), "test_something", "Checks [4) Purchases: A)].")
    )
    assert [section.full for section in cited] == ["Starting the Game: 4) Purchases: A)"]
