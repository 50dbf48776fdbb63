"""The Army: the points system and every constraint, each violation naming its rule."""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from stratagem.cli import app
from stratagem.games.tercios.army import (
    ArmyError,
    ArmySpec,
    army_points,
    read_army_file,
    shipped_armies,
)
from stratagem.games.tercios.pack import load_pack
from stratagem.games.tercios.validation import check_army

PACK = load_pack()
Doc = dict[str, Any]


def _doc(name: str = "spanish_1000") -> Doc:
    return tomllib.loads(shipped_armies()[name].read_text(encoding="utf-8"))


def _violations(doc: Doc) -> list[str]:
    return [str(v) for v in check_army(PACK, ArmySpec.model_validate(doc))]


def _broken(change: Callable[[Doc], None], name: str = "spanish_1000") -> list[str]:
    doc = copy.deepcopy(_doc(name))
    change(doc)
    return _violations(doc)


def test_shipped_armies_are_valid_two_per_size() -> None:
    """Every shipped army is valid and within its battle size [The Army] [Battle Sizes]."""
    sizes: dict[str, int] = {}
    for path in shipped_armies().values():
        army = read_army_file(path)
        assert check_army(PACK, army) == [], path
        assert army_points(PACK, army) <= PACK.rules.sizes[army.size]
        sizes[army.size] = sizes.get(army.size, 0) + 1
    assert sizes["Small"] >= 2 and sizes["Medium"] >= 2 and sizes["Large"] >= 2


def test_points_are_cards_options_and_commanders() -> None:
    # Spanish 500: C-C rank 2 (25), Ibarra rank 1 (10), Coloma rank 0 (5); two Tercios
    # (140 + Swordsmen 5, 140 + Halberds 5), Cuirassiers 80, Light Artillery 60 + Veteran 5.
    """An army's points are its cards, options and commanders [The Army] [Unit Profiles]
    [Command]."""
    army = read_army_file(shipped_armies()["spanish_500"])
    assert army_points(PACK, army) == 25 + 10 + 5 + 145 + 145 + 80 + 65


def test_elite_costs_fifteen_and_five_for_discipline() -> None:
    """Elite costs fifteen and five for discipline [Standard Army Base]."""
    doc = _doc()
    before = army_points(PACK, ArmySpec.model_validate(doc))
    doc["regiment"][0]["units"][1]["elite"] = True
    doc["regiment"][0]["units"][1]["elite_discipline"] = True
    assert army_points(PACK, ArmySpec.model_validate(doc)) == before + 20


def _rules(found: list[str]) -> str:
    return "\n".join(found)


def test_points_over_the_battle_size() -> None:
    """Points over the battle size [Battle Sizes]."""

    def change(doc: Doc) -> None:
        doc["size"] = "Small"

    assert "exceed the Small battle's 500 [The Army: Battle Sizes]" in _rules(_broken(change))


def test_unknown_battle_size() -> None:
    """Unknown battle size [Battle Sizes]."""

    def change(doc: Doc) -> None:
        doc["size"] = "Gigantic"

    assert "is not a battle size" in _rules(_broken(change))


def test_standard_base_needs_an_infantry_regiment() -> None:
    """Standard base needs an infantry regiment [Standard Army Base]."""

    def change(doc: Doc) -> None:
        doc["regiment"] = [r for r in doc["regiment"] if r["kind"] != "infantry"]

    found = _rules(_broken(change))
    assert "0 infantry regiments; the Standard base allows 1 to 4" in found
    assert "[The Army: Standard Army Base]" in found


def test_battle_group_army_base_needs_two_battle_groups() -> None:
    """The Standard army of 1000 points taken as a Battle Group base lacks its two battle
    groups, and nothing else is wrong with it [Battle Group Army Base]."""

    def change(doc: Doc) -> None:
        doc["base"] = "Battle Group"

    assert _broken(change) == [
        "army: 0 battle groups; the Battle Group base allows 2 to 6 "
        "[The Army: Battle Group Army Base]"
    ]


def test_too_many_batteries() -> None:
    """Too many batteries [Standard Army Base]."""

    def change(doc: Doc) -> None:
        battery = next(r for r in doc["regiment"] if r["kind"] == "battery")
        doc["regiment"] += [battery, battery]

    assert "3 artillery batteries; the Standard base allows 0 to 2" in _rules(_broken(change))


def test_one_elite_unit_at_most() -> None:
    """One elite unit at most [Standard Army Base]."""

    def change(doc: Doc) -> None:
        for unit in doc["regiment"][0]["units"][:2]:
            unit["elite"] = True

    assert "2 elite units; the Standard base allows 0 to 1" in _rules(_broken(change))


def test_elite_type_and_extra_discipline() -> None:
    """Elite type and extra discipline [Standard Army Base]."""

    def change(doc: Doc) -> None:
        doc["regiment"][2]["units"][0]["elite"] = True  # arquebusiers on horseback
        doc["regiment"][0]["units"][1]["elite_discipline"] = True

    found = _rules(_broken(change))
    assert "cannot be the Elite unit" in found
    assert "the additional point of discipline is for the Elite unit only" in found


def test_cavalry_base_constraints() -> None:
    """Cavalry base constraints [Cavalry Army Base]."""

    def change(doc: Doc) -> None:
        doc["base"] = "Cavalry"

    found = _rules(_broken(change))
    assert "not of one type" in found
    assert "are not more than the 2 regiments of other types" in found
    assert "must have a Horse team" in found
    assert "[The Army: Cavalry Army Base]" in found


def test_commander_in_chief_rank_range() -> None:
    """Commander in chief rank range [Command] [Standard Army Base]."""

    def change(doc: Doc) -> None:
        doc["commander_in_chief"].update(rank=1, virtues=[], traits=["Presence"])

    assert "rank 1; a Commander-in-Chief has rank 2 to 5" in _rules(_broken(change))


def test_no_one_outranks_the_commander_in_chief() -> None:
    """No one outranks the commander in chief [Command]."""

    def change(doc: Doc) -> None:
        doc["regiment"][0]["commander"]["rank"] = 4

    assert "outranks the Commander-in-Chief" in _rules(_broken(change))


def test_at_most_one_equals_the_commander_in_chief() -> None:
    """At most one equals the commander in chief [Command]."""

    def change(doc: Doc) -> None:
        doc["regiment"][1]["commander"]["rank"] = 3
        doc["regiment"][2]["commander"]["rank"] = 3

    found = _rules(_broken(change))
    assert "2 commanders have the Commander-in-Chief's rank; at most one may" in found


def test_virtues_and_traits_by_rank() -> None:
    """Virtues and traits by rank [Command] [Virtues] [Common Traits]."""

    def change(doc: Doc) -> None:
        doc["regiment"][1]["commander"].update(virtues=["Will"], traits=["Impetus", "Cautious"])

    found = _rules(_broken(change))
    assert "1 virtues; rank 1 allows 0" in found
    assert "2 traits; rank 1 allows 1" in found


def test_unknown_virtue_trait_and_repeated_virtue() -> None:
    def change(doc: Doc) -> None:
        doc["commander_in_chief"].update(rank=4, virtues=["Loyalty", "Loyalty"])
        doc["regiment"][1]["commander"]["traits"] = ["Luck"]
        doc["regiment"][2]["commander"]["traits"] = ["Fast"]

    found = _rules(_broken(change))
    assert "the same virtue is chosen twice" in found
    assert "'Luck' is not a trait to choose" in found
    assert "'Fast' is not a trait to choose" in found


def test_traits_are_unique_per_side() -> None:
    """Traits are unique per side [Optional Traits]."""

    def change(doc: Doc) -> None:
        doc["regiment"][1]["commander"]["traits"] = ["Presence"]

    found = _rules(_broken(change))
    assert "the trait 'Presence' is chosen by 2 commanders" in found
    assert "a trait exists once per side" in found


def test_regiments_need_commanders_and_batteries_have_none() -> None:
    """Regiments need commanders and batteries have none [The Army]."""

    def change(doc: Doc) -> None:
        del doc["regiment"][0]["commander"]
        doc["regiment"][3]["commander"] = {"name": "Gunner", "rank": 0}

    found = _rules(_broken(change))
    assert "a regiment must have its own commander" in found
    assert "a battery has no commander" in found


def test_infantry_regiment_battalions_companies_and_types() -> None:
    """Infantry regiment battalions companies and types [Infantry Regiment]."""

    def change(doc: Doc) -> None:
        units = doc["regiment"][0]["units"]
        units[1]["profile"] = "Classic Battalion"
        units += [{"profile": "Musketeer Company"}, {"profile": "Musketeer Company"}]
        units += [{"profile": "Tercio"}, {"profile": "Tercio"}]

    found = _rules(_broken(change))
    assert "5 battalions; it must have 2 to 4" in found
    assert "3 companies; it must have 0 to 2" in found
    assert "different types (Classic, Tercio)" in found


def test_forlorn_hope_one_for_every_two_battalions() -> None:
    """Forlorn hope one for every two battalions [Infantry Regiment] [Forlorn Hope]."""

    def change(doc: Doc) -> None:
        doc["regiment"][0]["units"] += [{"profile": "Forlorn Hope"}, {"profile": "Forlorn Hope"}]

    found = _rules(_broken(change))
    assert "2 forlorn hope companies; 3 battalions allow 1" in found


def test_battle_group_companies() -> None:
    """Battle group companies [Battle Group]."""

    def change(doc: Doc) -> None:
        doc["regiment"].append(
            {
                "kind": "battle_group",
                "name": "Lonely",
                "commander": {"name": "Captain", "rank": 0},
                "units": [{"profile": "Musketeer Company"}],
            }
        )

    assert "1 companies; it must have 2 to 4 [The Army: Battle Group]" in _rules(_broken(change))


def test_cavalry_regiment_types_and_shooters() -> None:
    """Cavalry regiment types and shooters [Cavalry Regiment]."""

    def change(doc: Doc) -> None:
        units = doc["regiment"][2]["units"]
        units[1]["profile"] = "Cuirassiers"
        units += [{"profile": "Musketeer Company"}] * 3
        doc["regiment"][1]["units"].append({"profile": "Pikemen Company"})

    found = _rules(_broken(change))
    assert "3 companies of shooters; it must have 0 to 2" in found
    assert "3 companies of shooters outnumber its 2 cavalry units" in found
    assert "different types (Arquebusiers, Cuirassiers)" in found
    assert "a cavalry regiment cannot take company units" in found


def test_options_known_single_and_compatible() -> None:
    """Options known single and compatible [Unit Profiles] [Infantry Units] [Choosing a Side]."""

    def change(doc: Doc) -> None:
        doc["regiment"][0]["units"][1]["options"] = ["Square of pikemen", "Modern", "Gilded"]
        doc["regiment"][0]["units"][2]["options"] = ["Swordsmen", "Swordsmen"]
        doc["regiment"][0]["units"][3]["options"] = ["Brigade"]

    found = _rules(_broken(change))
    assert "'Modern' is incompatible with 'Square of pikemen'" in found
    assert "'Gilded' is not an option of the Tercio" in found
    assert "an option is taken twice" in found
    assert "'Brigade' is for Swedish armies only" in found


def test_unknown_unit_card_and_duplicate_names() -> None:
    """Unknown unit card and duplicate names [Unit Profiles]."""

    def change(doc: Doc) -> None:
        doc["regiment"][0]["units"][1]["profile"] = "Zouaves"
        doc["regiment"][0]["units"][2]["name"] = "Idiáquez"

    found = _rules(_broken(change))
    assert "no such unit card to recruit" in found
    assert "two units are named 'Idiáquez'" in found


def test_broken_file_is_named(tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\nnation = "Spanish"\n', encoding="utf-8")
    with pytest.raises(ArmyError, match=r"bad\.toml: base: Field required"):
        read_army_file(bad)


def test_cli_army_check(tmp_path: Path) -> None:
    runner = CliRunner()
    good = runner.invoke(app, ["army", "check", str(shipped_armies()["swedish_1000"])])
    assert good.exit_code == 0, good.output
    assert "990 points of 1000" in good.output and "Valid army." in good.output
    doc = _doc()
    text = shipped_armies()["spanish_1000"].read_text(encoding="utf-8")
    broken = tmp_path / "broken.toml"
    broken.write_text(text.replace('size = "Medium"', 'size = "Small"'), encoding="utf-8")
    bad = runner.invoke(app, ["army", "check", str(broken)])
    assert bad.exit_code == 1
    assert "[The Army: Battle Sizes]" in bad.output
    assert doc["size"] == "Medium"
    missing = runner.invoke(app, ["army", "check", str(tmp_path / "none.toml")])
    assert missing.exit_code == 2
