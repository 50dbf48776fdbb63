"""The data-pack loader: a broken pack fails at load with the file, the entry and the reason."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import stratagem
from stratagem import DataPackError
from stratagem.core.datapack import Assumed, load_pack_file
from stratagem.games.eighty_years_war.pack import DATA_DIR, RulesFile


def _pack(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(DATA_DIR, folder)
    return folder


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_copied_pack_loads_like_the_shipped_one(tmp_path: Path) -> None:
    game = stratagem.load("eighty_years_war", data=str(_pack(tmp_path)))
    assert game.new_initial_state().view(None)["deck"] == 80


def test_a_bad_card_value_names_file_entry_and_reason(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    _edit(
        folder / "cards.toml",
        'name = "Sea Beggars"\nuse = "D"\nvalue = 6',
        'name = "Sea Beggars"\nuse = "D"\nvalue = -6',
    )
    with pytest.raises(DataPackError) as error:
        stratagem.load("eighty_years_war", data=str(folder))
    message = str(error.value)
    assert "cards.toml" in message
    assert "card[9] 'Sea Beggars' -> value" in message
    assert "greater than or equal to 0" in message


def test_an_unknown_side_letter_is_refused(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    _edit(folder / "cards.toml", 'use = "S"', 'use = "X"')
    with pytest.raises(DataPackError, match=r"card\[1\] 'Imperial Authority' -> use"):
        stratagem.load("eighty_years_war", data=str(folder))


def test_a_duplicated_card_name_is_refused(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    _edit(folder / "cards.toml", 'name = "Imperial Authority"', 'name = "Great Merchant Cities"')
    with pytest.raises(DataPackError, match="appears twice"):
        stratagem.load("eighty_years_war", data=str(folder))


def test_an_assumed_value_must_say_so_and_why(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    _edit(
        folder / "rules.toml",
        '"I+" = { value = 1, assumed = true, reason',
        '"I+" = { value = 1, reason',
    )
    with pytest.raises(DataPackError, match=r"rules\.toml: stage_entry -> I\+"):
        stratagem.load("eighty_years_war", data=str(folder))


def test_provinces_that_do_not_add_up_are_refused(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    _edit(folder / "rules.toml", "dutch = 7", "dutch = 8")
    with pytest.raises(DataPackError, match="do not add up to 17"):
        stratagem.load("eighty_years_war", data=str(folder))


def test_broken_toml_is_refused_with_the_file(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    (folder / "rules.toml").write_text("[provinces\n", encoding="utf-8")
    with pytest.raises(DataPackError, match=r"rules\.toml: not valid TOML"):
        stratagem.load("eighty_years_war", data=str(folder))


def test_a_missing_file_or_folder_is_refused(tmp_path: Path) -> None:
    folder = _pack(tmp_path)
    (folder / "cards.toml").unlink()
    with pytest.raises(DataPackError, match=r"cards\.toml: cannot read"):
        stratagem.load("eighty_years_war", data=str(folder))
    with pytest.raises(DataPackError, match="does not exist"):
        stratagem.load("eighty_years_war", data=str(tmp_path / "nowhere"))


def test_every_assumed_value_is_listed_in_rulings() -> None:
    """The pack's assumed values are the ones RULINGS.md lists (R2 and R6), each with a reason."""
    rules = load_pack_file(DATA_DIR / "rules.toml", RulesFile)
    assumed = {
        f"stage_entry.{code}": entry
        for code, entry in rules.stage_entry.items()
        if isinstance(entry, Assumed)
    }
    assumed["strategy.discards_face_up"] = rules.strategy.discards_face_up
    assert sorted(assumed) == ["stage_entry.I+", "stage_entry.II+", "strategy.discards_face_up"]
    rulings = (DATA_DIR.parent / "RULINGS.md").read_text(encoding="utf-8")
    for key, entry in assumed.items():
        assert entry.assumed and len(entry.reason) > 20
        assert key.split(".")[-1] in rulings
