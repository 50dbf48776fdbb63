"""Fair chance at the web table: the seed's commitment and the chance generator of each
log entry, shared by the server (which draws) and the game log (which checks the draws).

The table draws the chance outcome of log entry ``seq`` with ``table_chance_rng(seed,
seq)``: ``state.sample_chance(random.Random(f"{seed}/chance/{seq}"))``. ``seq`` is the
entry's number in the table's log, counting take-backs, so a chance outcome depends only
on the seed and its place in the log. When a person is seated, the seed is drawn in
secret; at creation every seat is shown ``commitment(game_id, seed)`` and, once the game
is over, the seed itself, so anyone can check every chance outcome of an exported log.

This module is below the server on purpose: the game log (``stratagem.sim.gamelog``) and
the ``stratagem replay`` command check deals with it and must not import the server.
"""

from __future__ import annotations

import hashlib
import random

COMMITMENT_LABEL = "stratagem-seed"
"""The first field of a commitment's preimage (keeps it apart from any other hash)."""


def commitment_preimage(game_id: str, seed: int) -> str:
    """The text a commitment hashes: ``stratagem-seed:<game id>:<seed in decimal>``.

    The encoding is unambiguous: the seed is written as Python writes an ``int`` (no
    leading zeros, ``-`` only for a negative number), so it never holds a ``:`` and the
    last ``:`` always separates the game id from the seed, whatever the id holds.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise TypeError(f"a seed is an int, not {type(seed).__name__}")
    return f"{COMMITMENT_LABEL}:{game_id}:{seed}"


def commitment(game_id: str, seed: int) -> str:
    """SHA-256 (64 lower-case hex digits) of the UTF-8 of ``commitment_preimage``.

    It binds both: the same seed gives another commitment in another game, so a
    commitment shown for one game cannot be passed off for another.
    """
    return hashlib.sha256(commitment_preimage(game_id, seed).encode("utf-8")).hexdigest()


def table_chance_rng(seed: int, seq: int) -> random.Random:
    """The generator that draws the chance outcome of the table's log entry ``seq``.

    Exactly the web table's scheme since its first games (``random.Random(f"{seed}/chance/
    {seq}")``), so games already stored keep their deals. Not to be confused with
    ``stratagem.sim.chance_rng``, the single generator of a whole simulated match.
    """
    return random.Random(f"{seed}/chance/{seq}")
