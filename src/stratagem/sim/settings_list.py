"""Every key a designer may set (``stratagem settings GAME``), and "did you mean" for a
key that is not one.

A game's settable keys are its options (``advanced``, ``turns_per_player``) and every value
of its data pack (``pack.rules.logistics.spanish_hand``), each listed with its printed
value (an option's default), its type and the range its model allows (``> 0``,
``0 to 6``, one of ``I, II, III``). The range is read from the pydantic model that
validates the option or the pack file; a pack file's model is the one among the pack
module's models whose fields are the file's tables. The rulebook index
(``sections.toml``) is no rule and is not listed.
"""

from __future__ import annotations

import difflib
import importlib
import inspect
import re
import tomllib
import types
import typing
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import annotated_types
from pydantic import BaseModel
from pydantic.fields import FieldInfo

from stratagem.core import load, options_model
from stratagem.core.datapack import Assumed, PackModel

PACK = "pack"
"""The first word of a setting that addresses a data pack value."""

NOT_LISTED = frozenset({"sections"})
"""Pack files that hold no rule (the rulebook's section index)."""

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


@dataclass(frozen=True, slots=True)
class SettingRow:
    """One settable key: its printed value, type and allowed range."""

    key: str
    value: str
    type: str
    allowed: str
    assumed: bool = False


def _word(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def _unwrap(annotation: Any) -> Any:
    """``annotation`` without ``None`` and the ``Assumed[...]`` wrapper."""
    args = typing.get_args(annotation)
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        kept = [a for a in args if a is not type(None)]
        plain = [a for a in kept if not _is_assumed(a)]
        return _unwrap(plain[0] if plain else kept[0])
    if _is_assumed(annotation):
        return _unwrap(annotation.model_fields["value"].annotation)
    return annotation


def _is_assumed(annotation: Any) -> bool:
    return inspect.isclass(annotation) and issubclass(annotation, Assumed)


def _type_name(annotation: Any) -> str:
    plain = _unwrap(annotation)
    if typing.get_origin(plain) is typing.Literal:
        kinds = {type(a).__name__ for a in typing.get_args(plain)}
        return "/".join(sorted(kinds))
    if typing.get_origin(plain) is not None:
        return str(typing.get_origin(plain).__name__)
    return getattr(plain, "__name__", str(plain))


def _allowed(info: FieldInfo | None) -> str:
    """The range a field allows, from its constraints and its literal choices."""
    if info is None:
        return "-"
    plain = _unwrap(info.annotation)
    if typing.get_origin(plain) is typing.Literal:
        return "one of " + ", ".join(_word(a) for a in typing.get_args(plain))
    if plain is bool:
        return "true or false"
    low = high = ""
    for item in info.metadata:
        if isinstance(item, annotated_types.Gt):
            low = f"> {item.gt}"
        elif isinstance(item, annotated_types.Ge):
            low = f">= {item.ge}"
        elif isinstance(item, annotated_types.Lt):
            high = f"< {item.lt}"
        elif isinstance(item, annotated_types.Le):
            high = f"<= {item.le}"
    return ", ".join(part for part in (low, high) if part) or "any"


def option_rows(game_name: str) -> list[SettingRow]:
    """Every option of the game: its default, type and range."""
    model = options_model(game_name)
    current = load(game_name).options
    rows = []
    for name, info in model.model_fields.items():
        if name == "data":
            continue
        value = current.get(name, info.default)
        rows.append(SettingRow(name, _word(value), _type_name(info.annotation), _allowed(info)))
    return rows


def pack_folder(game_name: str, data: object) -> Path:
    """The folder of the game's pack: the user's ``data=`` folder or the shipped one."""
    if data is not None:
        return Path(str(data))
    module = importlib.import_module(f"stratagem.games.{game_name}.pack")
    folder: Path = module.DATA_DIR
    return folder


def _models(game_name: str) -> list[type[BaseModel]]:
    module = importlib.import_module(f"stratagem.games.{game_name}.pack")
    return [
        item
        for item in vars(module).values()
        if inspect.isclass(item) and issubclass(item, PackModel) and item is not PackModel
    ]


def _file_model(models: Sequence[type[BaseModel]], raw: dict[str, Any]) -> type[BaseModel] | None:
    """The model whose fields are ``raw``'s top-level keys."""
    for model in models:
        if set(model.model_fields) == set(raw):
            return model
    return None


def _field_model(info: FieldInfo | None) -> type[BaseModel] | None:
    """The model of a field's value (or of its list's items), if it has one."""
    if info is None:
        return None
    plain = _unwrap(info.annotation)
    if typing.get_origin(plain) is list:
        plain = typing.get_args(plain)[0]
    if inspect.isclass(plain) and issubclass(plain, BaseModel) and not _is_assumed(plain):
        return plain
    return None


def _segment(name: str) -> str:
    return name if _BARE.match(name) else f'"{name}"'


def _walk(
    node: Any, prefix: str, model: type[BaseModel] | None, info: FieldInfo | None
) -> Iterator[SettingRow]:
    if isinstance(node, dict) and node.get("assumed") is True and "value" in node:
        value = node["value"]
        yield SettingRow(prefix, _word(value), type(value).__name__, _allowed(info), True)
        return
    if isinstance(node, dict):
        fields = model.model_fields if model is not None else {}
        for key, child in node.items():
            child_info = fields.get(key)
            child_model = _field_model(child_info)
            if isinstance(child, list) and all(isinstance(i, dict) for i in child):
                for position, item in enumerate(child):
                    name = item.get("name")
                    label = _segment(str(name)) if isinstance(name, str) else f"[{position}]"
                    rest = {k: v for k, v in item.items() if k != "name"}  # its address
                    yield from _walk(rest, f"{prefix}.{label}", child_model, None)
            else:
                yield from _walk(child, f"{prefix}.{_segment(key)}", child_model, child_info)
        return
    if isinstance(node, list):
        shown = "[" + ", ".join(_word(v) for v in node) + "]"
        yield SettingRow(prefix, shown, "list", _allowed(info))
        return
    yield SettingRow(prefix, _word(node), type(node).__name__, _allowed(info))


def pack_rows(game_name: str, data: object = None) -> list[SettingRow]:
    """Every value of the game's pack, by its setting's key."""
    folder = pack_folder(game_name, data)
    models = _models(game_name)
    rows: list[SettingRow] = []
    for path in sorted(folder.glob("*.toml"), key=lambda p: (p.stem != "rules", p.stem)):
        if path.stem in NOT_LISTED:
            continue
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        rows.extend(_walk(raw, f"{PACK}.{path.stem}", _file_model(models, raw), None))
    return rows


def setting_rows(game_name: str) -> list[SettingRow]:
    """Options first, then the pack's values."""
    return [*option_rows(game_name), *pack_rows(game_name)]


def option_names(game_name: str) -> list[str]:
    """The game's options a setting may change."""
    return [name for name in options_model(game_name).model_fields if name != "data"]


def did_you_mean(word: str, choices: Sequence[str], shown: int = 3) -> str:
    """ " (did you mean 'a' or 'b'?)", or "" when nothing is close."""
    close = difflib.get_close_matches(word, list(choices), n=shown, cutoff=0.6)
    if not close:
        close = [c for c in choices if word.casefold() in c.casefold()][:shown]
    if not close:
        return ""
    return " (did you mean " + " or ".join(repr(c) for c in close) + "?)"


def pack_keys_ending(game_name: str, field: str) -> list[str]:
    """The pack keys whose last part is (nearly) ``field``: ``spanish_hand`` ->
    ``pack.rules.logistics.spanish_hand``."""
    keys = [row.key for row in pack_rows(game_name)]
    lasts = {key: key.rsplit(".", 1)[-1] for key in keys}
    close = set(difflib.get_close_matches(field, list(set(lasts.values())), n=3, cutoff=0.8))
    return [key for key, last in lasts.items() if last in close][:3]
