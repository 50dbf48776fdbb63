"""The ``stratagem`` command as one package: every registered command is offered, and no
command module imports another command module (nor the app that assembles them)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from typer.testing import CliRunner

import stratagem.cli
from stratagem.cli import app
from stratagem.cli.app import COMMANDS, GROUPS

PACKAGE = Path(stratagem.cli.__file__).parent
SHARED = {
    "stratagem.cli.common",
    "stratagem.cli.screen",
    "stratagem.cli.terminal",
    "stratagem.cli.lab.options",
    "stratagem.cli.lab.running",
}
"""What a command module may import from the package: what the commands share."""


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return "stratagem." + ".".join(part for part in parts if part != "__init__")


def _imports_from_the_package(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("stratagem.cli"):
            found.add(node.module or "")
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names if alias.name.startswith("stratagem.cli")}
    return found


def test_help_lists_every_registered_command_in_order() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    listed = re.findall(r"^│ (\w+) ", result.output, flags=re.MULTILINE)
    assert listed == [command.name for command in COMMANDS] + [name for name, _ in GROUPS]


def test_command_modules_import_only_what_the_commands_share() -> None:
    modules = {
        _module(path): path
        for path in PACKAGE.rglob("*.py")
        if _module(path) not in {"stratagem.cli", "stratagem.cli.app"}
    }
    assert "stratagem.cli.lab.simulate" in modules
    for name, path in modules.items():
        assert _imports_from_the_package(path) <= SHARED, name
