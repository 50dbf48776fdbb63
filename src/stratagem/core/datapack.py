"""The data-pack loader: TOML files validated by pydantic models.

A broken pack fails at load, never in play, with the file, the entry and the reason, for
instance ``cards.toml: card[12] 'Sea Beggars' -> value: Input should be greater than 0``.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from stratagem.core.errors import DataPackError

M = TypeVar("M", bound=BaseModel)
T = TypeVar("T")


class PackModel(BaseModel):
    """Base for data-pack models: unknown keys are errors, values are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def _entry_name(raw: Any, loc: tuple[int | str, ...]) -> str:
    """``card[12] 'Sea Beggars' -> value`` from a pydantic location inside ``raw``."""
    parts: list[str] = []
    node: Any = raw
    for key in loc:
        if isinstance(key, int) and isinstance(node, list) and 0 <= key < len(node):
            node = node[key]
            label = f"[{key}]"
            if isinstance(node, dict) and isinstance(node.get("name"), str):
                label += f" {node['name']!r}"
            if parts:
                parts[-1] += label
            else:
                parts.append(label)
            continue
        parts.append(str(key))
        node = node.get(key) if isinstance(node, dict) else None
    head, *rest = parts or ["(top level)"]
    return " -> ".join([head, *rest])


def load_pack_file(path: Path, model: type[M]) -> M:
    """Read one TOML file of a pack and validate it against ``model``."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise DataPackError(f"{path}: cannot read the data pack file ({error.strerror})") from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise DataPackError(f"{path}: not valid TOML: {error}") from None
    try:
        return model.model_validate(raw)
    except ValidationError as error:
        lines = [
            f"{path}: {_entry_name(raw, tuple(item['loc']))}: {item['msg']}"
            for item in error.errors()
        ]
        raise DataPackError("\n".join(lines)) from None


def pack_dir(default: Path, override: Path | None) -> Path:
    """The folder to read a pack from: a user's ``data=`` folder or the shipped one."""
    folder = default if override is None else Path(override)
    if not folder.is_dir():
        raise DataPackError(f"{folder}: the data pack folder does not exist")
    return folder


class Assumed(PackModel, Generic[T]):
    """A value the rulebook does not print: always marked, always with its reason."""

    value: T
    assumed: Literal[True]
    reason: str = Field(min_length=10)
