"""The data pack's marks are true: a value is unmarked if and only if the rulebook prints
it, with that value [Components] [A Character Card] ["At Start" Characters who have Titles
or Offices] [List of Endeavours] [List of Support Cards] [List of Offices].

The printed values are kept as data in ``fixtures/printed_values.toml``, read from the
rulebook section by section; the pack's files are walked the same way the loader reads
them (an inline table with ``assumed = true`` is an assumed value).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

from stratagem.games.henry_viii.pack import DATA_DIR

PRINTED = Path(__file__).parent / "fixtures" / "printed_values.toml"
IDENTITY = frozenset({"name", "sex", "kind", "target", "endeavour"})
"""Fields naming an entry or its kind rather than carrying a value (characters, cards)."""


def _assumed(value: Any) -> bool:
    return isinstance(value, dict) and value.get("assumed") is True


def _fields(entry: dict[str, Any], skip: frozenset[str]) -> dict[str, Any]:
    return {key: value for key, value in entry.items() if key not in skip}


def pack_values() -> dict[str, tuple[Any, bool]]:
    """Every value of the pack by ``file/entry/field``: (its value, whether assumed)."""
    found: dict[str, tuple[Any, bool]] = {}

    def add(path: str, value: Any) -> None:
        assumed = _assumed(value)
        found[path] = (value["value"] if assumed else value, assumed)

    data = {
        name: tomllib.loads((DATA_DIR / name).read_text("utf-8"))
        for name in ("characters.toml", "court.toml", "rules.toml")
    }
    for entry in data["characters.toml"]["character"]:
        for key, value in _fields(entry, IDENTITY).items():
            add(f"characters.toml/character[{entry['name']}]/{key}", value)
    for kind in ("endeavour", "support"):
        for entry in data["court.toml"][kind]:
            for key, value in _fields(entry, IDENTITY).items():
                add(f"court.toml/{kind}[{entry['name']}]/{key}", value)
    for index, entry in enumerate(data["court.toml"]["card"]):
        for key, value in _fields(entry, IDENTITY).items():
            add(f"court.toml/card[{index}]/{key}", value)
    for section, body in data["rules.toml"].items():
        if isinstance(body, dict):
            for key, value in body.items():
                add(f"rules.toml/{section}/{key}", value)
            continue
        for index, entry in enumerate(body):
            for key, value in _fields(entry, frozenset({"power"})).items():
                add(f"rules.toml/{section}[{index}]/{key}", value)
    return found


def test_every_unmarked_value_is_printed_with_that_value() -> None:
    """A value the pack leaves unmarked is one the rulebook prints, and equal to it."""
    printed = tomllib.loads(PRINTED.read_text("utf-8"))
    wrong = {
        path: value
        for path, (value, assumed) in pack_values().items()
        if not assumed and printed.get(path, object()) != value
    }
    assert wrong == {}


def test_every_printed_value_is_unmarked() -> None:
    """A value the rulebook prints is in the pack, unmarked and with the printed value."""
    printed = tomllib.loads(PRINTED.read_text("utf-8"))
    pack = pack_values()
    wrong = {
        path: pack.get(path) for path, value in printed.items() if pack.get(path) != (value, False)
    }
    assert wrong == {}
