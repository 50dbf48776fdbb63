"""Bad input gets a clear error and changes nothing: illegal actions, acting out of turn,
broken data packs and bad state documents."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import stratagem
from stratagem import DataPackError, OptionError, StateFormatError, UnknownAction
from stratagem.games.sixteen_thirty_something import phases

from .helpers import MARTIN, TIM, game, position, refuse

PACK = Path(stratagem.__file__).parent / "games" / "sixteen_thirty_something" / "data"


def test_unknown_text_out_of_turn_and_chance() -> None:
    state = position(phase=phases.SPECIALS, hands={TIM: ["Vote", "Spain 1"]})
    with pytest.raises(UnknownAction):
        state.apply_action("Invade Muscovy")
    assert "Player 1's turn" in refuse(state, "Play no more Special Cards", seat=MARTIN)
    assert "decided by chance" in refuse(state, "Dice difference: 3")
    assert "belongs to" in refuse(state, "Vote red")
    assert "no Vote" not in refuse(state, "Play: Unrest")
    assert "no Unrest in your hand" in refuse(state, "Play: Unrest")


def test_laying_refusals() -> None:
    state = position(
        phase=phases.VOTE_LAY,
        hands={TIM: ["France 2", "Spain 1", "Open 1"]},
        piles={TIM: {"Spain": (True, ["Spain 3"])}},
        vote={
            "by_card": False,
            "country": "Spain",
            "issue": -1,
            "target": None,
            "voters": [],
            "votes": [-1] * 5,
            "winner": -1,
        },
    )
    assert "only its cards" in refuse(state, "Lay: France 2")
    assert "descendant" in refuse(state, "Lay: Spain 1")
    assert "no England 3 in your hand" in refuse(state, "Lay: England 3")


def test_players_and_options() -> None:
    """Three to six players, and no option the game does not take; a clear error otherwise
    [Introduction]."""
    with pytest.raises(OptionError, match="3 to 6 players"):
        stratagem.load("sixteen_thirty_something", players=7)
    with pytest.raises(OptionError):
        stratagem.load("sixteen_thirty_something", players=4, turns=3)
    assert game(6).seat_names == tuple(f"Player {n}" for n in range(1, 7))


def _pack_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "pack"
    shutil.copytree(PACK, folder)
    return folder


def test_broken_pack_names_file_entry_and_reason(tmp_path: Path) -> None:
    """A broken pack names its file, entry and reason: a negative Status, a deck that is not
    the printed 110 Player Cards, an unprinted value not marked assumed [Components] [The
    Player Cards] [Initial Set-up Table]."""
    folder = _pack_copy(tmp_path)
    path = folder / "countries.toml"
    path.write_text(path.read_text().replace("status = 3", "status = -3", 1))
    with pytest.raises(DataPackError, match=r"countries.toml.*France.*negative"):
        stratagem.load("sixteen_thirty_something", players=4, data=folder)
    folder = _pack_copy(tmp_path / "b")
    path = folder / "cards.toml"
    path.write_text(
        path.read_text().replace("value = [1, 1, 1], assumed", "value = [1, 1], assumed")
    )
    with pytest.raises(DataPackError, match="109, not the printed 110"):
        stratagem.load("sixteen_thirty_something", players=4, data=folder)
    folder = _pack_copy(tmp_path / "c")
    path = folder / "cards.toml"
    text = path.read_text().replace(
        "copies = { value = 5, assumed = true, reason", "copies = { value = 5, reason", 1
    )
    path.write_text(text)
    with pytest.raises(DataPackError, match=r"cards.toml.*special.*Vote.*assumed"):
        stratagem.load("sixteen_thirty_something", players=4, data=folder)


def test_a_users_pack_is_used(tmp_path: Path) -> None:
    folder = _pack_copy(tmp_path)
    path = folder / "countries.toml"
    lines = path.read_text().splitlines()
    poland = lines.index('name = "Poland"')
    lines[poland + 1] = "status = 4"
    text = "\n".join(lines)
    path.write_text(text)
    custom = stratagem.load("sixteen_thirty_something", players=4, data=folder)
    assert custom.new_initial_state().view(None)["countries"]["Poland"]["status"] == 4


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["hands"][0].update({"Spain 1": 9}), "Spain 1 cards, not 3"),
        (lambda s: s["countries"]["Spain"].update(status=9), "Status is outside 0-7"),
        (
            lambda s: s["piles"][0].extend(
                [
                    {"country": "Spain", "descendant": False, "cards": ["Spain 1"]},
                    {"country": "Spain", "descendant": True, "cards": ["Spain 2"]},
                ]
            ),
            "two piles of Spain",
        ),
        (
            lambda s: s["piles"][0].append(
                {"country": "Spain", "descendant": False, "cards": ["Open 1"]}
            ),
            "with a named card",
        ),
        (lambda s: s["hands"][0].update({"Spanish Armada": 1}), "unknown card 'Spanish Armada'"),
        (lambda s: s.pop("vp"), "vp"),
    ],
)
def test_bad_documents_are_refused(change: object, message: str) -> None:
    doc = position().to_json()
    change(doc["state"])  # type: ignore[operator]
    with pytest.raises(StateFormatError, match=message):
        game(5).state_from_json(doc)
