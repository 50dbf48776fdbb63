"""The Tercios pack marks truly what the rulebook prints [The Army: Unit Profiles] [The
Battle] [Rulings R99]: a value is unmarked if and only if the rulebook prints it.

``printed_pack.toml`` (beside this file) holds the values the rulebook prints, read off
``tercios.txt``, in the pack's own shape: the unit cards (their printed values, weapons,
rules and points, and each option's cost and effects) and the numbers and tables of the
rules. A unit's card prints a value when its row gives it, or when an option's text says
what the card has ("loses the pikes", "loses Light"); an option prints the rule or weapon
it is named after ("Halberds", "Mercenaries"). The cards' kind and family (how the engine
groups them) and the notes on the rules named but never defined are not values.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from stratagem.games.tercios.pack import DATA_DIR

PRINTED = Path(__file__).with_name("printed_pack.toml")
RULINGS = DATA_DIR.parent / "RULINGS.md"
NOT_VALUES = {"name", "kind", "family", "unapplied_rules"}
IN_ORDER = {"field_roll"}  # a die's faces: one value, in order
Leaf = tuple[tuple[str, ...], Any, str | None]


def _pack() -> dict[str, Any]:
    """The shipped pack in the shape of ``printed_pack.toml``: cards and options by name."""
    profiles = tomllib.loads((DATA_DIR / "profiles.toml").read_text(encoding="utf-8"))
    rules = tomllib.loads((DATA_DIR / "rules.toml").read_text(encoding="utf-8"))
    cards = {}
    for card in profiles["profile"]:
        options = {option["name"]: option for option in card.get("option", [])}
        cards[card["name"]] = {**card, "option": options}
    return {"profile": cards, "rules": rules}


def leaves(doc: Any, path: tuple[str, ...] = ()) -> Iterator[Leaf]:
    """Each value of ``doc`` with its path and, when it is marked assumed, its reason. A
    list of names is a value per name (an empty one, a value of its own); a list of
    numbers is one value."""
    if isinstance(doc, dict) and doc.get("assumed") is True:
        for inner, value, _ in leaves(doc["value"], path):
            yield inner, value, str(doc["reason"])
        return
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key not in NOT_VALUES:
                yield from leaves(value, (*path, str(key)))
        return
    names = isinstance(doc, list) and doc and all(isinstance(v, str | dict) for v in doc)
    if names and path[-1] not in IN_ORDER:
        for item in doc:
            name = item["value"] if isinstance(item, dict) else item
            yield from leaves(item if isinstance(item, dict) else True, (*path, str(name)))
        return
    yield path, doc, None


def test_unit_profiles_and_the_rules_numbers_are_unmarked_if_and_only_if_printed() -> None:
    """Every unmarked value of the pack is printed, with the same value, and every printed
    value is in the pack, unmarked."""
    printed = {path: value for path, value, _ in leaves(tomllib.loads(PRINTED.read_text("utf-8")))}
    pack = list(leaves(_pack()))
    unmarked = {path: value for path, value, reason in pack if reason is None}
    assumed = {path for path, _, reason in pack if reason is not None}
    not_printed = sorted(path for path in unmarked if path not in printed)
    assert not_printed == [], "unmarked in the pack but not printed"
    differ = sorted(
        path for path in unmarked if path in printed and unmarked[path] != printed[path]
    )
    assert differ == [], "the pack's value is not the printed one"
    marked = sorted(path for path in printed if path in assumed)
    assert marked == [], "printed but marked assumed in the pack"
    missing = sorted(path for path in printed if path not in unmarked)
    assert missing == [], "printed but not in the pack"


def test_unit_profiles_every_assumed_value_is_listed_in_the_rulings() -> None:
    """RULINGS.md (Assumed values) lists each assumed value with its reason."""
    rulings = " ".join(RULINGS.read_text(encoding="utf-8").split())
    unlisted = sorted(
        path
        for path, _, reason in leaves(_pack())
        if reason is not None and " ".join(reason.split()) not in rulings
    )
    assert unlisted == []
