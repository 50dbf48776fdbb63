"""Group commit: many games' appends share a transaction, and a lost race refuses only
the append that lost it."""

from __future__ import annotations

import asyncio

import pytest

from stratagem.server.storage import Append, Entry, GameRecord, SeatRecord, StorageError, Store
from stratagem.server.writer import Writer


def _record(game_id: str) -> GameRecord:
    seats = (SeatRecord(0, "Dutch", "human", None), SeatRecord(1, "Spanish", "human", None))
    return GameRecord(game_id, "eighty_years_war", {"players": 2}, 1, seats)


def test_appends_arriving_together_share_a_commit_and_a_lost_race_refuses_only_its_own(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    for index in range(20):
        store.create_game(_record(f"g{index}"))
    store.append("g7", Entry(0, "act", 0, "first"), finished=False)
    commits: list[int] = []
    write = store.append_many

    def counted(appends: list[Append]) -> None:
        commits.append(len(appends))
        write(appends)

    monkeypatch.setattr(store, "append_many", counted)
    writer = Writer(store)

    async def play() -> list[BaseException | None]:
        jobs = [
            writer.append(Append(f"g{index}", (Entry(0, "act", 1, f"move {index}"),), False, True))
            for index in range(20)
        ]
        return await asyncio.gather(*jobs, return_exceptions=True)

    outcomes = asyncio.run(play())
    writer.close()
    assert [index for index, outcome in enumerate(outcomes) if outcome is not None] == [7]
    assert isinstance(outcomes[7], StorageError)
    assert len(commits) < 20 + 19  # shared transactions, then each alone after the refusal
    assert max(commits) > 1
    for index in range(20):
        expected = "first" if index == 7 else f"move {index}"
        assert [entry.action for entry in store.entries(f"g{index}")] == [expected]
    assert sorted(store.needing_driver()) == sorted(f"g{i}" for i in range(20) if i != 7)
