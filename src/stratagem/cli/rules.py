"""``stratagem rules GAME [SECTION]``: every rule of a game found by its rulebook section.

Without a section: the game's table of sections in the rulebook's order, indented by
nesting, each with the functions that cite it and the tests named after it; a section that
gives rules but has no code or no test says so in red. With a section: its functions with
file and line, and its tests with file and name.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.padding import Padding
from rich.text import Text

from stratagem.cli.common import fail
from stratagem.core import StratagemError
from stratagem.core.registry import game_info
from stratagem.core.rule_index import NamedTest, RuleIndex, build_index
from stratagem.core.rulebook import SLUG_MIN, Section, slug

SHOWN_TESTS = 4
"""Tests named per section in the whole listing (the section's own page lists them all)."""
MISSING = "bold red"
Line = tuple[int, Text]
"""A line of output: how far it is indented (its wrapped rest too), and its text."""


def _where(path: Path) -> str:
    """``path`` relative to the working folder when it is under it, else as it is."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive (Windows)
        return str(path)


def _test_name(test: NamedTest) -> str:
    return f"{_where(test.file)}::{test.name}"


def _cited(section: Section) -> str:
    """How to cite ``section``: its own citation, or its path for a bare label (``A)``)."""
    return section.full if len(slug(section.name)) < SLUG_MIN else section.citation


def _summary(index: RuleIndex) -> Text:
    """``14 sections, 13 with rules: 13 implemented, 12 with a test``."""
    ruled = [section for section in index.rulebook.sections if section.rules]
    done = sum(1 for section in ruled if index.functions(section))
    tested = sum(1 for section in ruled if index.tests_of(section))
    line = Text(f"{len(index.rulebook.sections)} sections, {len(ruled)} with rules: ")
    line.append(f"{done} implemented", style="green" if done == len(ruled) else MISSING)
    if index.tests is None:
        return line
    line.append(", ")
    line.append(f"{tested} with a test", style="green" if tested == len(ruled) else "yellow")
    return line


def _section_lines(index: RuleIndex, section: Section) -> list[Line]:
    """One section of the whole listing: its name, then its code and tests (or what lacks)."""
    pad = 2 * section.depth
    head = Text(section.name, style="bold")
    cited = _cited(section)
    if cited != section.name:
        head.append(f"  [{cited}]", style="dim")
    lines = [(pad, head)]
    if not section.rules:
        lines.append(
            (pad + 4, Text(f"no rules to apply: {section.note or 'no note'}", style="dim"))
        )
        return lines
    functions = index.functions(section)
    code = Text("code: ")
    if functions:
        code.append(", ".join(site.where for site in functions), style="cyan")
    else:
        code.append("no implementation", style=MISSING)
    lines.append((pad + 4, code))
    if index.tests is not None:
        tests = index.tests_of(section)
        named = Text("tests: ")
        if tests:
            named.append(", ".join(test.name for test in tests[:SHOWN_TESTS]), style="green")
            if len(tests) > SHOWN_TESTS:
                named.append(f" and {len(tests) - SHOWN_TESTS} more", style="green")
        else:
            named.append("no test", style=MISSING)
        lines.append((pad + 4, named))
    return lines


def listing(index: RuleIndex, title: str) -> list[Line]:
    """The whole table of ``index``'s game, section by section."""
    lines = [(0, Text(f"{title}: the rules by section", style="bold")), (0, _summary(index))]
    if index.tests is None:
        lines.append((0, _no_tests()))
    for section in index.rulebook.sections:
        lines.extend(_section_lines(index, section))
    return lines


def _no_tests() -> Text:
    return Text(
        "No tests/ folder beside this installation (it is not a checkout of the repository): "
        "tests are not listed.",
        style="yellow",
    )


def section_page(index: RuleIndex, section: Section) -> list[Line]:
    """One section: where it sits, its functions with file:line and its tests."""
    lines = [(0, Text(section.full, style="bold"))]
    lines.append((0, Text(f"cited as [{_cited(section)}]", style="dim")))
    children = [other.name for other in index.rulebook.sections if other.path[:-1] == section.path]
    if children:
        lines.append((0, Text("sections within: " + ", ".join(children))))
    if not section.rules:
        lines.append((0, Text(f"no rules to apply: {section.note or 'no note'}", style="dim")))
    functions = index.functions(section)
    lines.append((0, Text(f"Implemented by ({len(functions)}):", style="bold")))
    for site in functions:
        line = Text(site.where, style="cyan")
        line.append(f"  {_where(site.file)}:{site.line}")
        lines.append((2, line))
    if not functions and section.rules:
        lines.append((2, Text("no implementation", style=MISSING)))
    if index.tests is None:
        lines.append((0, _no_tests()))
        return lines
    tests = index.tests_of(section)
    lines.append((0, Text(f"Tests ({len(tests)}):", style="bold")))
    lines.extend((2, Text(_test_name(test), style="green")) for test in tests)
    if not tests and section.rules:
        lines.append((2, Text("no test", style=MISSING)))
    return lines


def _pick(index: RuleIndex, query: str) -> Section:
    """The section ``query`` names, or a ``StratagemError`` saying why none is picked."""
    found = index.rulebook.find(query)
    if len(found) == 1:
        return found[0]
    game = index.rulebook.game
    if not found:
        raise StratagemError(
            f"no section of {game} matches {query!r}; `stratagem rules {game}` lists them"
        )
    names = "; ".join(section.full for section in found[:10])
    more = f" and {len(found) - 10} more" if len(found) > 10 else ""
    raise StratagemError(f"{query!r} matches {len(found)} sections of {game}: {names}{more}")


def rules(
    game: Annotated[str, typer.Argument(metavar="GAME", help="A game: see `stratagem games`.")],
    section: Annotated[
        str | None,
        typer.Argument(
            metavar="SECTION",
            help="A section, as cited (any case) or by a part of its name that only it has.",
        ),
    ] = None,
) -> None:
    """List a game's rulebook sections with the code and tests of each, or one section."""
    console = Console(highlight=False)
    try:
        title = game_info(game).title
        index = build_index(game)
        lines = (
            listing(index, title) if section is None else section_page(index, _pick(index, section))
        )
    except StratagemError as error:
        fail(str(error))
    for indent, text in lines:
        console.print(Padding(text, (0, 0, 0, indent), expand=False))
