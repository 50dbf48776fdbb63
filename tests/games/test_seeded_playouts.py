"""Seeded random games pinned by a digest of their whole record: every action taken (chance
outcomes too), every event and the final state (``State.to_json``). A change meant to make
an engine faster and leave play alone keeps every digest; a change of the rules changes
some on purpose, and the digests are written again with it (the golden event logs show
what changed)."""

from __future__ import annotations

import hashlib
import json

import pytest

import stratagem
from stratagem.testing.conformance import random_playout

PINNED: list[tuple[str, dict[str, object], int, str]] = [
    (
        "britain_vs_france",
        {},
        1,
        "55bbd006d73ad3ce78fe932389918a3bd16ee5212d4f867def3665bd223292c7",
    ),
    (
        "britain_vs_france",
        {},
        2,
        "e58966c256ab79bf1bc7e384dec67d0c02a8616598047c97e0b9385bca5acb25",
    ),
    (
        "eighty_years_war",
        {},
        1,
        "b63130afecd006b95d1ee72e829cff1126e556f431dfe7ad628dc7ed0208dfca",
    ),
    (
        "eighty_years_war",
        {},
        2,
        "b2eee331c20853894c485a1441cd1e1e526184d2979e2677a20db157a082ee53",
    ),
    ("henry_viii", {}, 1, "021e0f1f960bc8d186d7c52fa505c9066c0a1b79754d0dd2fc6d7a819424e910"),
    ("henry_viii", {}, 2, "33eae0fda458bd54ef98cdc7cccd1367e1316a0c113ac896c1832630aa039185"),
    (
        "sixteen_thirty_something",
        {},
        1,
        "81c30bc712258cf2a6a67fddf9bfeecead8b7823174d5680a9d3a7f22bc19925",
    ),
    (
        "sixteen_thirty_something",
        {},
        2,
        "ff8a74b843994ee9a34e9a0a693a3b3b168d7cac2ea10f25a63651e661af2ee0",
    ),
    (
        "tercios",
        {"duration": 2},
        1,
        "935c645e799e57d152954c83a3d3cd5b4b66647aa0439105247331f8cd6e20a2",
    ),
    (
        "tercios",
        {"duration": 2},
        2,
        "9296a977c8541124fbf20a40f28359b6a46fe3966c87c50ed73094ec3ac3a971",
    ),
    (
        "tercios",
        {"duration": 2},
        3,
        "d874648b4adbbff13ca0e71a7621a98cd4aa2b12fb52e9587f256948e44099d1",
    ),
    ("tercios", {}, 1, "693578ae53c5450bde7009f634fd3416c97aa24475c1401ae31a52c9050610cd"),
]


def record_digest(name: str, options: dict[str, object], seed: int) -> str:
    """SHA-256 of the whole record (``to_json``, keys sorted) of a seeded random game."""
    state = random_playout(stratagem.load(name, **options), seed)
    text = json.dumps(state.to_json(), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


@pytest.mark.parametrize(("name", "options", "seed", "digest"), PINNED)
def test_a_seeded_random_game_plays_as_pinned(
    name: str, options: dict[str, object], seed: int, digest: str
) -> None:
    assert record_digest(name, options, seed) == digest
