"""Where each rule lives: the citations a game's code carries, read with ``ast`` (nothing is
imported), and the tests named after each section.

- A docstring (module, class or function) cites a section in square brackets, as the log
  prints it: ``[Combat: Charges]``, ``[Rulings R6]``. Brackets inside backticks, and
  brackets right after a letter, digit or ``_`` (``list[int]``), are not citations.
- A string constant given as an event's rule (the second argument of a ``.log(`` or
  ``._log(`` call, or its ``rule=``) cites its section for the function that logs it.
- A test (``def test_*`` in a file of ``tests/`` whose path holds the game's name) belongs
  to a section when its name holds the section's slug as whole words (``test_charges_...``
  for "Charges") or its docstring cites the section in brackets.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from stratagem.core.rulebook import Rulebook, Section, game_dir, load_sections

_BACKTICKS = re.compile(r"``.*?``|`[^`]*`", re.DOTALL)
_BRACKETS = re.compile(r"(?<![\w\[])\[([^\[\]]+)\](?!\()")
Kind = Literal["docstring", "event"]
LOGGING = frozenset({"log", "_log"})
"""The methods an event is logged through: the state's ``log``, or a rule's own ``_log``
bound to it (Henry VIII's endeavours)."""


def bracket_citations(text: str) -> list[str]:
    """The citations in square brackets of a docstring, whitespace collapsed."""
    bare = _BACKTICKS.sub(lambda match: " " * len(match.group()), text)
    return [" ".join(found.split()) for found in _BRACKETS.findall(bare)]


@dataclass(frozen=True, slots=True)
class Site:
    """A place in the code that cites a section: ``module:qualname`` at ``file``:``line``."""

    where: str
    file: Path
    line: int
    citation: str
    kind: Kind


@dataclass(frozen=True, slots=True)
class NamedTest:
    """A test function: ``file::name``."""

    file: Path
    name: str
    docstring: str


@dataclass
class RuleIndex:
    """The sections of a game with the code and the tests that go with each."""

    rulebook: Rulebook
    sites: list[Site]
    tests: list[NamedTest] | None
    """None when no ``tests/`` folder goes with the installed package."""
    implementations: dict[tuple[str, ...], list[Site]] = field(default_factory=dict)
    tested_by: dict[tuple[str, ...], list[NamedTest]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for site in self.sites:
            section = self.rulebook.resolve(site.citation)
            if section is not None:
                self.implementations.setdefault(section.path, []).append(site)
        for test in self.tests or []:
            for section in sections_of_test(self.rulebook, test):
                self.tested_by.setdefault(section.path, []).append(test)

    def unresolved(self) -> list[Site]:
        """Every citation in the code that names no section and no ruling."""
        return [site for site in self.sites if not self.rulebook.cites(site.citation)]

    def functions(self, section: Section) -> list[Site]:
        """The places citing ``section``, one per function (the first citation of each)."""
        seen: dict[str, Site] = {}
        for site in self.implementations.get(section.path, []):
            seen.setdefault(site.where, site)
        return list(seen.values())

    def tests_of(self, section: Section) -> list[NamedTest]:
        return self.tested_by.get(section.path, [])


def sections_of_test(rulebook: Rulebook, test: NamedTest) -> list[Section]:
    """The sections a test is named after or cites in its docstring."""
    words = f"_{test.name.removeprefix('test_')}_"
    found: list[Section] = []
    for citation in bracket_citations(test.docstring):
        section = rulebook.resolve(citation)
        if section is not None and section not in found:
            found.append(section)
    for section in rulebook.sections:
        if section.slug and f"_{section.slug}_" in words and section not in found:
            found.append(section)
    return found


def _constant_strings(node: ast.expr, names: dict[str, list[ast.expr]]) -> Iterator[str]:
    """The texts an event's rule argument can be: a string, a name given a string (in the
    module, by an import from the game's package or in the enclosing function), or either
    branch of ``a if test else b``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        yield node.value
    elif isinstance(node, ast.Name):
        for value in names.get(node.id, []):
            yield from _constant_strings(value, {})
    elif isinstance(node, ast.IfExp):
        yield from _constant_strings(node.body, names)
        yield from _constant_strings(node.orelse, names)


def _assigned(body: list[ast.stmt] | ast.AST) -> dict[str, list[ast.expr]]:
    """Each name assigned in ``body`` (a function's, walked whole) with the values given to
    it, tuple assignments paired item by item."""
    names: dict[str, list[ast.expr]] = {}
    nodes = body if isinstance(body, list) else list(ast.walk(body))
    for node in nodes:
        pairs: list[tuple[ast.expr, ast.expr]] = []
        if isinstance(node, ast.Assign):
            pairs = [(target, node.value) for target in node.targets]
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            pairs = [(node.target, node.value)]
        for target, value in pairs:
            if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple):
                pairs.extend(zip(target.elts, value.elts, strict=False))
            elif isinstance(target, ast.Name):
                names.setdefault(target.id, []).append(value)
    return names


class _Scanner(ast.NodeVisitor):
    """Collect the citations of one module."""

    def __init__(self, module: str, file: Path, constants: dict[str, list[ast.expr]]) -> None:
        self.module = module
        self.file = file
        self.constants = constants
        self.scope: list[str] = []
        self.local: list[dict[str, list[ast.expr]]] = []
        self.sites: list[Site] = []

    def _where(self) -> str:
        return f"{self.module}:{'.'.join(self.scope)}" if self.scope else self.module

    def _docstring(
        self, node: ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef
    ) -> None:
        text = ast.get_docstring(node, clean=True)
        if text is None:
            return
        line = 1 if isinstance(node, ast.Module) else node.lineno
        for citation in bracket_citations(text):
            self.sites.append(Site(self._where(), self.file, line, citation, "docstring"))

    def visit_Module(self, node: ast.Module) -> None:
        self._docstring(node)
        self.generic_visit(node)

    def _scoped(self, node: ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef) -> None:
        self.scope.append(node.name)
        self.local.append({} if isinstance(node, ast.ClassDef) else _assigned(node))
        self._docstring(node)
        self.generic_visit(node)
        self.local.pop()
        self.scope.pop()

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._scoped(node)

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._scoped(node)

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> None:
        self._scoped(node)

    def visit_Call(self, node: ast.Call) -> None:
        if isinstance(node.func, ast.Attribute) and node.func.attr in LOGGING:
            rules = [keyword.value for keyword in node.keywords if keyword.arg == "rule"]
            if len(node.args) >= 2:
                rules.append(node.args[1])
            names = {**self.constants, **(self.local[-1] if self.local else {})}
            for rule in rules:
                for text in _constant_strings(rule, names):
                    self.sites.append(Site(self._where(), self.file, node.lineno, text, "event"))
        self.generic_visit(node)


def _module_name(folder: Path, file: Path) -> str:
    """``combat`` for ``<game>/combat.py``; the package's own name for its ``__init__``."""
    parts = file.relative_to(folder).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts) or folder.name


def _imported(
    tree: ast.Module, package: str, modules: dict[str, dict[str, list[ast.expr]]]
) -> dict[str, list[ast.expr]]:
    """Names a module imports from its game's other modules, with their values there."""
    names: dict[str, list[ast.expr]] = {}
    for node in tree.body:
        if not isinstance(node, ast.ImportFrom) or node.module is None:
            continue
        source = node.module.removeprefix(f"{package}.") if node.level == 0 else node.module
        for alias in node.names:
            value = modules.get(source, {}).get(alias.name)
            if value is not None:
                names[alias.asname or alias.name] = value
    return names


def scan_package(folder: Path) -> list[Site]:
    """Every citation in the modules of a game's package, module by module."""
    files = sorted(folder.rglob("*.py"))
    trees = {
        file: ast.parse(file.read_text(encoding="utf-8"), filename=str(file)) for file in files
    }
    top = {_module_name(folder, file): _assigned(tree.body) for file, tree in trees.items()}
    package = f"stratagem.games.{folder.name}"
    sites: list[Site] = []
    for file, tree in trees.items():
        module = _module_name(folder, file)
        scanner = _Scanner(module, file, {**_imported(tree, package, top), **top[module]})
        scanner.visit(tree)
        sites.extend(scanner.sites)
    return sites


def tests_root(folder: Path) -> Path | None:
    """The checkout's ``tests/`` folder for a package inside ``src/``, if there is one."""
    for parent in folder.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "tests").is_dir():
            return parent / "tests"
    return None


def scan_tests(root: Path, game: str) -> list[NamedTest]:
    """Every ``test_*`` function of the files under ``root`` whose path names ``game``."""
    found: list[NamedTest] = []
    for file in sorted(root.rglob("test*.py")):
        if game not in file.relative_to(root).as_posix():
            continue
        tree = ast.parse(file.read_text(encoding="utf-8"), filename=str(file))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name.startswith(
                "test"
            ):
                docstring = ast.get_docstring(node, clean=True) or ""
                found.append(NamedTest(file, node.name, docstring))
    return found


def build_index(
    game: str, *, rulebook: Rulebook | None = None, tests: Path | None = None
) -> RuleIndex:
    """The index of ``game``: its table, the citations of its code and its tests (from the
    checkout's ``tests/``, or ``tests`` when given; none when neither exists)."""
    folder = game_dir(game)
    book = load_sections(game) if rulebook is None else rulebook
    root = tests_root(folder) if tests is None else tests
    cases = None if root is None else scan_tests(root, game)
    return RuleIndex(book, scan_package(folder), cases)
