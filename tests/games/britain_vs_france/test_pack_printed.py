"""[Contents] [Setup] [Historically Accurate Colonies] [6) Battles] The data pack marks
truly what the rulebook prints: every value written plainly is printed with that value,
and every printed value is written plainly (never marked assumed).

``PRINTED`` below is the list of values the rulebook prints, extracted by hand from
``britain_vs_france_1750.txt``. Fields a pack entry leaves out take the rulebook's general
rule (a unit moves, is placed at its own colonies, has no special text) and are not listed.
An entry marked ``assumed`` as a whole is an invented card: nothing of it may be printed.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import stratagem.games.britain_vs_france as package

DATA = Path(package.__file__).parent / "data"

BOTH = ("Britain", "France")

# -- Historically Accurate Colonies: name -> (theater, historical owner) --------------------
_COLONIES = {
    ("North America", "Britain"): (
        "Annapolis Royal",
        "Boston",
        "Charles Town",
        "Halifax",
        "Rupert's Land",
        "Virginia",
    ),
    ("Caribbean", "Britain"): ("Barbados", "Jamaica", "St. Kitts"),
    ("Africa", "Britain"): ("Anamabou", "Dixcove", "James Island / Fort Gambia"),
    ("India", "Britain"): ("Ft William, Bengal", "Bombay", "Madras"),
    ("North America", "France"): (
        "Lake Champlain / Lake George area",
        "Louisbourg",
        "Louisiana",
        "Montreal",
        "Ohio River Valley",
        "Quebec",
    ),
    ("Caribbean", "France"): ("Guadeloupe", "Martinique", "St. Domingue"),
    ("Africa", "France"): ("Gorée", "Ile de France", "St. Louis, Senegal"),
    ("India", "France"): ("Chandernagore", "Mahé", "Pondicherry"),
}
PRINTED_COLONIES = {
    name: {"name": name, "theater": theater, "historical": side}
    for (theater, side), names in _COLONIES.items()
    for name in names
}

# -- battle deck cards the examples and notes print: (name, side) -> printed fields --------
SIEGE_GUNS = {"name": "Siege Guns", "unit": False, "moves": "with_leader"}  # Movement NOTE; capture
PLANTATIONS = {"name": "Plantations", "unit": False}  # capture: a non-unit card
PRINTED_BATTLE_CARDS: dict[tuple[str, str], dict[str, Any]] = {
    ("Robert Clive", "Britain"): {
        "name": "Robert Clive",
        "side": "Britain",
        "unit": True,
        "modifier": 2,
    },
    ("Armand de Vignerot du Plessis", "France"): {
        "name": "Armand de Vignerot du Plessis",
        "side": "France",
        "unit": True,
        "leader": True,
        "modifier": 1,
    },
    ("Fortress", "France"): {"name": "Fortress", "side": "France", "unit": True, "modifier": 2},
    ("Local Allies", "Britain"): {"name": "Local Allies", "side": "Britain", "unit": True},
    ("Local Allies", "France"): {"name": "Local Allies", "unit": True},
    ("German Mercenary", "Britain"): {"name": "German Mercenary", "side": "Britain", "unit": True},
    ("Privateers", "France"): {"name": "Privateers", "side": "France", "unit": True},
    ("Siege Guns", "Britain"): SIEGE_GUNS,
    ("Siege Guns", "France"): SIEGE_GUNS,
    ("Plantations", "Britain"): PLANTATIONS,
    ("Plantations", "France"): PLANTATIONS,
}

# -- Contents: political objectives and their counts ----------------------------------------
PRINTED_POLITICAL = {
    name: {"name": name, "copies": copies}
    for name, copies in (
        ("British Forces Released from Europe", 4),
        ("French Forces Released from Europe", 4),
        ("Spanish Expeditionary Forces", 2),
    )
}

# -- the numbers of the rules (rules.toml), section by section -------------------------------
PRINTED_RULES: dict[str, Any] = {
    "components": {
        "colonies": 30,
        "events": 69,
        "political_objectives": 10,
        "secret_objectives": 12,
        "battle_deck": {"Britain": 21, "France": 21, "Spain": 2, "Dutch": 2},
        "exports": {
            "Silk": 8,
            "Fish": 9,
            "Furs": 9,
            "Indigo": 8,
            "Sugar": 10,
            "Precious Metals": 8,
            "Ivory": 4,
            "Spices": 4,
            "Timber": 1,
        },
    },
    "setup": {
        "draw_deck": 10,
        "colonies_per_theater": 3,
        "expanded_colonies_per_theater": 4,
        "control_markers_each": 3,
        "start_gold": 3,
        "hand_events": 3,
        "secret_objectives_each": 1,
    },
    "turns": {"turns_per_player": 5, "draw_cards_per_extra_turn": 2},
    "economy": {
        "event_price": 1,
        "revenue": 3,
        "set_size": 3,
        "set_gold": 1,
        "boost_max": 2,
        "counter_max": 2,
    },
    "scoring": {
        "colony": 1,
        "regional_dominance": 1,
        "trade_mastery_kinds": 6,
        "trade_mastery": 1,
        "powerful_friends_objectives": 3,
        "powerful_friends": 1,
        "natural_failure": 1,
    },
}

IDENTITY = frozenset({"assumed", "reason"})


def _load(name: str) -> dict[str, Any]:
    with (DATA / name).open("rb") as handle:
        return tomllib.load(handle)


def _marked(item: Any) -> bool:
    return isinstance(item, dict) and item.get("assumed") is True


def _plain(entry: dict[str, Any]) -> dict[str, Any]:
    """The fields an entry writes plainly (``{}`` for an entry assumed as a whole)."""
    if entry.get("assumed") is True:
        return {}
    return {key: item for key, item in entry.items() if key not in IDENTITY and not _marked(item)}


def _bare(item: Any) -> Any:
    return item["value"] if _marked(item) else item


def _mismatches(plain: dict[str, Any], printed: dict[str, Any], where: str) -> list[str]:
    problems = [
        f"{where}: {key} = {item!r} is written plainly but the rulebook prints "
        + (repr(printed[key]) if key in printed else "no such value")
        for key, item in plain.items()
        if key not in printed or printed[key] != item
    ]
    problems += [
        f"{where}: {key} is printed ({item!r}) but not written plainly"
        for key, item in printed.items()
        if key not in plain
    ]
    return problems


def test_contents_battle_deck_cards_marked_truly() -> None:
    problems: list[str] = []
    seen = set()
    for entry in _load("battle_deck.toml")["card"]:
        key = (entry["name"], _bare(entry["side"]))
        seen.add(key)
        problems += _mismatches(_plain(entry), PRINTED_BATTLE_CARDS.get(key, {}), f"{key}")
    problems += [
        f"{key}: printed but missing from the pack"
        for key in PRINTED_BATTLE_CARDS
        if key not in seen
    ]
    assert not problems, "\n".join(problems)


def test_historically_accurate_colonies_marked_truly() -> None:
    problems: list[str] = []
    entries = _load("colonies.toml")["colony"]
    for entry in entries:
        problems += _mismatches(
            _plain(entry), PRINTED_COLONIES.get(entry["name"], {}), entry["name"]
        )
    assert {entry["name"] for entry in entries} == set(PRINTED_COLONIES)
    assert not problems, "\n".join(problems)


def test_contents_events_objectives_and_starting_cards_marked_truly() -> None:
    """No historic event, starting card or secret objective text is printed: each is
    assumed as a whole; of the political objectives only names and counts are printed."""
    events = _load("events.toml")
    objectives = _load("objectives.toml")
    problems = [
        f"{entry['name']}: a {kind} card is not printed but is not marked assumed"
        for kind in ("event", "starting")
        for entry in events[kind]
        if entry.get("assumed") is not True
    ]
    problems += [
        f"{entry['name']}: not printed but not marked assumed"
        for entry in objectives["secret"]
        if entry.get("assumed") is not True
    ]
    for entry in objectives["political"]:
        printed = PRINTED_POLITICAL.get(entry["name"], {})
        problems += _mismatches(_plain(entry), printed, entry["name"])
    assert not problems, "\n".join(problems)


def test_rules_numbers_marked_truly() -> None:
    rules = _load("rules.toml")
    problems: list[str] = []
    for section, values in rules.items():
        problems += _mismatches(_plain(values), PRINTED_RULES.get(section, {}), section)
    problems += [
        f"{section}: printed but missing" for section in PRINTED_RULES if section not in rules
    ]
    assert not problems, "\n".join(problems)
