"""Settings: a game option or one value of a data pack, changed for a study or a variant.

A SETTING is ``KEY=VALUE``. A plain key is a game option (``advanced=true``,
``turns_per_player=3``). A key starting ``pack.`` addresses a value of the game's data pack
by its file, its entry and its field: ``pack.rules.logistics.spanish_hand=7`` is the field
``spanish_hand`` of the table ``[logistics]`` in ``rules.toml``;
``pack.cards."Sea Beggars".value=8`` is the field ``value`` of the entry named
``Sea Beggars`` in ``cards.toml`` (an entry of a list of tables is found by its ``name``, or
by its position written ``[3]``). A value is read as TOML (``7``, ``true``, ``"text"``,
``[1, 2]``); a bare word that is no TOML value is taken as text. Setting a value the pack
marks ``assumed`` replaces the value and keeps the mark and its reason.

A pack setting changes the pack's raw data, which is then written as a whole pack in a
folder of its own and loaded with the game's option ``data=``, so it is validated exactly as
the shipped pack is: a value the pack's models refuse is refused with the file, the entry
and the reason, before any game is played. Every process that plays a variant's games
builds the variant's pack from the settings (``GameSetup.load``; the same folder is reused
on one machine), so the settings travel to pool and Ray workers, never a folder path.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import tomli_w

from stratagem.core import DataPackError, Game, OptionError, load
from stratagem.sim.settings_list import (
    PACK,
    did_you_mean,
    option_names,
    pack_folder,
    pack_keys_ending,
)

_SEGMENT = re.compile(r'\s*(?:"((?:[^"\\]|\\.)*)"|\'([^\']*)\'|([^."\']+))\s*(?:\.|$)')


class SettingError(OptionError):
    """A setting that cannot be applied: its text, what is wrong and where."""


@dataclass(frozen=True, slots=True)
class Setting:
    """One parsed setting: a game option (``path`` empty) or a pack value."""

    text: str
    """As the user wrote it (for headers and results)."""
    key: str
    """The option's name, or the pack file's name without ``.toml``."""
    path: tuple[str, ...]
    """Entry and field within the pack file; empty for a game option."""
    value: Any

    @property
    def is_pack(self) -> bool:
        """Whether it changes the data pack (else it is a game option)."""
        return bool(self.path)

    def to_json(self) -> list[Any]:
        """``[text, key, path, value]``, JSON-safe (to send to a worker)."""
        return [self.text, self.key, list(self.path), self.value]


def parse_value(text: str) -> Any:
    """``text`` as a TOML value, or as text when it is none (``Dutch`` -> ``"Dutch"``)."""
    try:
        return tomllib.loads(f"v = {text.strip()}")["v"]
    except tomllib.TOMLDecodeError:
        return text.strip()


def _segments(text: str, key: str) -> list[str]:
    parts: list[str] = []
    position = 0
    while position < len(key):
        match = _SEGMENT.match(key, position)
        if match is None or match.end() == position:
            raise SettingError(f'setting {text!r}: cannot read the key {key!r} (a.b."c d".e)')
        parts.append(next(group for group in match.groups() if group is not None))
        position = match.end()
    return parts


def parse_setting(text: str) -> Setting:
    """``KEY=VALUE`` as a ``Setting``; ``SettingError`` if it has no ``=`` or no key."""
    key, sep, value = text.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise SettingError(
            f"setting {text!r}: expected KEY=VALUE (an option, advanced=true, or a pack "
            "value, pack.rules.logistics.spanish_hand=7)"
        )
    parts = _segments(text, key.strip())
    if parts[0] != PACK:
        if len(parts) != 1:
            raise SettingError(
                f"setting {text!r}: {key.strip()!r} is no game option (a pack value starts "
                "with pack.FILE.ENTRY.FIELD)"
            )
        return Setting(text.strip(), parts[0], (), parse_value(value))
    if len(parts) < 3:
        raise SettingError(
            f"setting {text!r}: a pack value is pack.FILE.ENTRY.FIELD or pack.FILE.FIELD"
        )
    return Setting(text.strip(), parts[1], tuple(parts[2:]), parse_value(value))


def parse_settings(texts: Sequence[str]) -> tuple[Setting, ...]:
    """Every setting of ``texts``; ``;`` separates several in one text."""
    found = [parse_setting(part) for text in texts for part in text.split(";") if part.strip()]
    seen: set[tuple[str, tuple[str, ...]]] = set()
    for setting in found:
        where = (setting.key, setting.path)
        if where in seen:
            raise SettingError(f"setting {setting.text!r}: that value is set twice")
        seen.add(where)
    return tuple(found)


def option_values(settings: Sequence[Setting]) -> dict[str, Any]:
    """The game options the settings give."""
    return {s.key: s.value for s in settings if not s.is_pack}


def _entry(node: Any, name: str) -> Any:
    """The child ``name`` of ``node``: a key, a ``[i]`` position, or a list item's name."""
    if isinstance(node, dict) and name in node:
        return node[name]
    lists = [node] if isinstance(node, list) else []
    if isinstance(node, dict):
        lists = [value for value in node.values() if isinstance(value, list)]
    index = re.fullmatch(r"\[(\d+)\]", name)
    for items in lists:
        if index is not None and int(index.group(1)) < len(items):
            return items[int(index.group(1))]
        for item in items:
            if isinstance(item, dict) and str(item.get("name", "")).casefold() == name.casefold():
                return item
    raise KeyError(name)


LISTED = 12
"""The most choices an error lists; more are left to ``stratagem settings GAME``."""


def _choices(node: Any, wrong: str) -> str:
    """What ``node`` holds that ``wrong`` may have meant: the close ones, or all of a few."""
    names: list[str] = []
    if isinstance(node, dict):
        names = [str(key) for key in node if not isinstance(node[key], list)]
        names += [
            str(item["name"])
            for value in node.values()
            if isinstance(value, list)
            for item in value
            if isinstance(item, dict) and "name" in item
        ]
    close = did_you_mean(wrong, names)
    if close:
        return close
    if len(names) <= LISTED:
        return f" (there: {', '.join(names) or 'none'})"
    return f" ({len(names)} there: `stratagem settings GAME` lists them)"


def apply_to_raw(raw: dict[str, Any], setting: Setting) -> None:
    """Set ``setting``'s value in a pack file's raw data (its entry and field must exist)."""
    where = f"{setting.key}.toml"
    node: Any = raw
    for depth, name in enumerate(setting.path[:-1]):
        try:
            node = _entry(node, name)
        except KeyError:
            entry = " -> ".join(setting.path[: depth + 1])
            raise SettingError(
                f"setting {setting.text!r}: {where} has no entry {entry!r}{_choices(node, name)}"
            ) from None
    field = setting.path[-1]
    if not isinstance(node, dict) or field not in node:
        entry = " -> ".join(setting.path[:-1]) or "(top level)"
        raise SettingError(
            f"setting {setting.text!r}: {where}: {entry} has no field {field!r}"
            f"{_choices(node, field)}"
        )
    current = node[field]
    if isinstance(current, dict) and current.get("assumed") is True and "value" in current:
        current["value"] = setting.value
    else:
        node[field] = setting.value


def printed_value(game_name: str, options: Mapping[str, Any], key: str) -> Any:
    """The value ``key`` (a setting's key, ``pack.rules.economy.revenue`` or an option's
    name) has when nothing changes it: the pack's value (an assumed value's ``value``)
    or the option's default; ``None`` when there is no such value."""
    setting = parse_setting(f"{key}=0")
    if not setting.is_pack:
        return load(game_name, **options).options.get(setting.key)
    path = pack_folder(game_name, options.get("data")) / f"{setting.key}.toml"
    if not path.is_file():
        return None
    node: Any = tomllib.loads(path.read_text(encoding="utf-8"))
    try:
        for name in setting.path:
            node = _entry(node, name)
    except KeyError:
        return None
    if isinstance(node, dict) and node.get("assumed") is True:
        return node.get("value")
    return node


VARIANT_PACKS = "stratagem-variant-packs"
"""The folder (in the system's temporary folder) where variant packs are built, each in a
folder named by the hash of the source pack's files and the settings: built once, shared
by every process of the machine (a worker that is killed leaves nothing half-made)."""


def _fingerprint(source: Path, settings: Sequence[Setting]) -> str:
    digest = hashlib.sha256()
    for path in sorted(source.rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(source)).encode())
            digest.update(path.read_bytes())
    digest.update(json.dumps([s.to_json() for s in settings], sort_keys=True).encode())
    return digest.hexdigest()[:24]


def build_pack(source: Path, settings: Sequence[Setting]) -> Path:
    """A copy of the pack in ``source`` with ``settings`` applied (built once per machine:
    made aside, then renamed into place, so a reader never sees half a pack)."""
    root = Path(tempfile.gettempdir()) / VARIANT_PACKS
    root.mkdir(exist_ok=True)
    folder = root / _fingerprint(source, settings)
    if folder.is_dir():
        return folder
    work = Path(tempfile.mkdtemp(dir=root, prefix=".building-"))
    try:
        shutil.copytree(source, work, dirs_exist_ok=True)
        for file, group in _by_file(settings).items():
            _apply_file(source, work, file, group)
        work.rename(folder)
    except OSError:
        if not folder.is_dir():
            raise
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return folder


def _apply_file(source: Path, work: Path, file: str, group: Sequence[Setting]) -> None:
    """Apply ``group`` (settings of one file) to ``work``'s copy of ``file``.toml."""
    path = work / f"{file}.toml"
    if not path.is_file():
        known = sorted(p.stem for p in source.glob("*.toml"))
        raise SettingError(
            f"setting {group[0].text!r}: the pack has no file {file}.toml "
            f"(files: {', '.join(known)})"
        )
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    for setting in group:
        apply_to_raw(raw, setting)
    try:
        path.write_text(tomli_w.dumps(raw), encoding="utf-8")
    except (TypeError, ValueError) as error:
        raise SettingError(f"setting {group[0].text!r}: {error}") from None


def _by_file(settings: Sequence[Setting]) -> dict[str, list[Setting]]:
    files: dict[str, list[Setting]] = {}
    for setting in settings:
        if setting.is_pack:
            files.setdefault(setting.key, []).append(setting)
    return files


@dataclass(frozen=True, slots=True)
class GameSetup:
    """Everything a process needs to load a variant's game: picklable, JSON inside."""

    game: str
    options: str
    """The game options (JSON), without the variant's pack folder."""
    settings: str
    """The settings (JSON list of ``Setting.to_json``)."""

    def load(self) -> Game:
        """The game, its pack built here from the settings (cached per process)."""
        return _load_setup(self.game, self.options, self.settings)


def make_setup(
    game_name: str, options: Mapping[str, Any], settings: Sequence[Setting] = ()
) -> GameSetup:
    """The setup of ``game_name`` with ``options`` and ``settings``; raises ``OptionError``
    or ``SettingError`` (file, entry, reason) when the game refuses them."""
    check_option_keys(game_name, settings)
    chosen = {**dict(options), **option_values(settings)}
    chosen = {
        key: str(value) if isinstance(value, Path) else value for key, value in chosen.items()
    }
    setup = GameSetup(
        game_name,
        json.dumps(chosen, sort_keys=True),
        json.dumps([s.to_json() for s in settings]),
    )
    setup.load()
    return setup


def check_option_keys(game_name: str, settings: Sequence[Setting]) -> None:
    """Refuse a setting whose plain key is no option of the game, pointing to the option
    or the pack value it may have meant (``spanish_hand=7``: did you mean
    ``pack.rules.logistics.spanish_hand``?)."""
    names = option_names(game_name)
    for setting in settings:
        if setting.is_pack or setting.key in names or setting.key == "data":
            continue
        pack = pack_keys_ending(game_name, setting.key)
        hint = (
            " (did you mean " + " or ".join(f"{key}={_text(setting)}" for key in pack) + "?)"
            if pack
            else did_you_mean(setting.key, names)
        )
        raise SettingError(
            f"setting {setting.text!r}: {game_name} has no option {setting.key!r}{hint}; "
            f"`stratagem settings {game_name}` lists every key"
        )


def _text(setting: Setting) -> str:
    return setting.text.partition("=")[2].strip()


@lru_cache(maxsize=8)
def _load_setup(game_name: str, options: str, settings: str) -> Game:
    values: dict[str, Any] = json.loads(options)
    pack = [
        Setting(text, key, tuple(path), value)
        for text, key, path, value in json.loads(settings)
        if path
    ]
    if pack:
        source = pack_folder(game_name, values.get("data"))
        folder = build_pack(source, pack)
        try:
            return load(game_name, **{**values, "data": folder})
        except DataPackError as error:
            text = str(error).replace(f"{folder}/", "").replace(str(folder), "the pack")
            text = text.replace("(top level): Value error, ", "").replace("Value error, ", "")
            changed = "; ".join(s.text for s in pack)
            raise SettingError(f"{text} (with {changed})") from None
    return load(game_name, **values)


def plain_options(game: Game, setup: GameSetup) -> dict[str, Any]:
    """The game's options as a report shows them: the pack folder as the user gave it."""
    options = dict(game.options)
    options["data"] = json.loads(setup.options).get("data")
    return options
