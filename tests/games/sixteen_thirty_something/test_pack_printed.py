"""[Initial Set-up Table] [Adjacent Countries Table] [Components] [Taking Victory Point
Counters] [3. Trading Cards] [Resolving a War] The data pack marks truly what the rulebook
prints: every value written plainly is printed with that value, and every printed value
is written plainly (never marked assumed).

``PRINTED`` is the list of values the rulebook prints, extracted by hand from
``sixteen_thirty_something.txt`` and keyed by where the pack holds them: a table's path,
an entry of an array of tables by its name (``country``, ``border`` by its two countries,
``by_players`` by its number of players, other arrays by position). Names that identify an
entry are not values and are not listed.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import stratagem.games.sixteen_thirty_something as package

DATA = Path(package.__file__).parent / "data"

_SETUP = {  # Initial Set-up Table (the German States' row stops after its Status)
    "Spain": (5, 2, 1),
    "England": (1, 1, 0),
    "France": (3, 2, 1),
    "Denmark": (1, 1, 0),
    "United Provinces": (2, 1, 1),
    "Sweden": (2, 1, 1),
}
_ADJACENT_ROWS = {  # Adjacent Countries Table: only the England and France rows
    "England": {
        "France": True,
        "Spain": True,
        "United Provinces": True,
        "German States": False,
        "Denmark": True,
        "Poland": False,
        "Sweden": False,
        "Hapsburg Empire": False,
    },
    "France": {
        "England": True,
        "Spain": True,
        "United Provinces": True,
        "German States": True,
        "Denmark": False,
        "Poland": False,
        "Sweden": False,
        "Hapsburg Empire": False,
    },
}

PRINTED: dict[str, Any] = {
    **{
        f"countries.toml:country[{name}].{field}": number
        for name, row in _SETUP.items()
        for field, number in zip(("status", "army", "ability"), row, strict=True)
    },
    "countries.toml:country[German States].status": 5,
    **{
        f"countries.toml:border[{'|'.join(sorted((row, other)))}].adjacent": adjacent
        for row, cells in _ADJACENT_ROWS.items()
        for other, adjacent in cells.items()
    },
    "cards.toml:total": 110,  # Components: 110 Player Cards
    "rules.toml:counters.per_country": 2,  # The Counters: two for each country
    "rules.toml:counters.by_players[3].each": 4,  # Taking Victory Point Counters
    "rules.toml:counters.by_players[4].each": 4,
    "rules.toml:counters.by_players[5].each": 3,
    "rules.toml:counters.by_players[6].each": 3,
    "rules.toml:cards.deal": 13,  # Dealing out the Player Cards
    "rules.toml:cards.opening": 3,
    "rules.toml:cards.draw": 4,  # 2. Draw New Cards
    "rules.toml:cards.hand_limit": 13,
    "rules.toml:trade.max_cards": 3,  # 3. Trading Cards
    "rules.toml:specials.per_turn": 2,  # 4. Playing Special Cards
    "rules.toml:status.min": 0,  # The Map: the Status track runs 0 to 7
    "rules.toml:status.max": 7,
    "rules.toml:combat.leader": 2,  # Resolving a War: the Combat Modifiers
    "rules.toml:combat.army_zero": -1,
    "rules.toml:combat.unrest": -1,
    "rules.toml:combat.water_defence": 1,  # Defensive Modifier for England & Sweden
    "rules.toml:combat.water_defence_countries": ["England", "Sweden"],
    "rules.toml:combat.water_defence_status": 1,
    "rules.toml:combat.adjacent_only_status": 1,  # Voting for War
    "rules.toml:turns.max": 10,  # The Turn Sequence: a maximum of ten turns
}

IDENTITY = frozenset({"name", "country", "countries", "players"})


def _marked(item: Any) -> bool:
    return isinstance(item, dict) and item.get("assumed") is True


def _entry_key(entry: dict[str, Any], position: int) -> str:
    if "countries" in entry:
        return "|".join(sorted(entry["countries"]))
    for key in ("name", "country", "players"):
        if key in entry:
            return str(entry[key])
    return str(position)


def _plain(item: Any, path: str) -> dict[str, Any]:
    """Every value written plainly, by path; marked values (and whole marked entries) and
    identifying names left out."""
    if _marked(item):
        return {}
    if isinstance(item, dict):
        found: dict[str, Any] = {}
        for key, inner in item.items():
            names = isinstance(inner, str | int) or (
                isinstance(inner, list) and all(isinstance(x, str) for x in inner)
            )
            if (key in IDENTITY and names) or key in ("assumed", "reason"):
                continue
            found.update(_plain(inner, f"{path}.{key}" if not path.endswith(":") else path + key))
        return found
    if isinstance(item, list) and item and all(isinstance(inner, dict) for inner in item):
        found = {}
        for position, inner in enumerate(item):
            found.update(_plain(inner, f"{path}[{_entry_key(inner, position)}]"))
        return found
    return {path: item}


def _pack() -> dict[str, Any]:
    found: dict[str, Any] = {}
    for name in ("countries.toml", "cards.toml", "rules.toml"):
        with (DATA / name).open("rb") as handle:
            found.update(_plain(tomllib.load(handle), f"{name}:"))
    return found


def test_every_plain_value_is_printed_with_that_value() -> None:
    plain = _pack()
    problems = [
        f"{path} = {item!r} is written plainly but the rulebook prints "
        + (repr(PRINTED[path]) if path in PRINTED else "no such value")
        for path, item in plain.items()
        if path not in PRINTED or PRINTED[path] != item
    ]
    assert not problems, "\n".join(problems)


def test_every_printed_value_is_written_plainly() -> None:
    plain = _pack()
    missing = [f"{path} ({item!r})" for path, item in PRINTED.items() if path not in plain]
    assert not missing, "printed but marked assumed or absent:\n" + "\n".join(missing)
