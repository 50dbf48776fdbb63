"""Memory given back when tables unload.

A game's table holds its states, snapshots and drawings; when the supervisor unloads an
idle table, Python frees them, but glibc's allocator keeps the freed pages for the
process, so its resident size stays at its peak for ever (300 Tercios games: 826 MiB,
long after they ended). ``Trimmer`` notices that tables were unloaded and asks glibc to
return its free pages to the system (``malloc_trim``), off the event loop.

A game's rules (its ``Game``: data packs, action tables, terrain) are most of a
table's memory, and the same for every table of the same options: ``RULES`` loads them
once per game and options and every table shares them (a ``Game`` never changes once
loaded; its states hold what changes, as the simulation lab's batches rely on too).
Python's small-object allocator gives an arena back only once every object in it is
freed, so a few objects outliving each table would keep most of 300 tables' rules in
memory; loaded once, they are not there to keep.
"""

from __future__ import annotations

import asyncio
import ctypes
import ctypes.util
import gc
import json
import logging
import os
from collections import OrderedDict
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from stratagem.core import Game, load

RULES_KEPT = 32
"""Sets of rules (a game and its options) kept loaded at most, the least recently used
let go first."""
TRIM_EVERY = 10.0
"""Seconds between two looks at the number of tables loaded."""
log = logging.getLogger(__name__)


def resident_mib() -> float | None:
    """This process's resident size in MiB (``None`` where ``/proc`` does not say)."""
    try:
        with open("/proc/self/statm") as statm:
            pages = int(statm.read().split()[1])
    except (OSError, ValueError, IndexError):
        return None
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


@cache
def _libc_trim() -> Callable[[int], int] | None:
    """glibc's ``malloc_trim``, or ``None`` on another C library."""
    name = ctypes.util.find_library("c")
    if name is None:
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(name).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


def give_back() -> bool:
    """Collect cycles and return the allocator's free memory to the system; whether any
    was returned (``False`` as well where there is no ``malloc_trim``)."""
    gc.collect()
    trim = _libc_trim()
    return bool(trim(0)) if trim is not None else False


class Trimmer:
    """Gives memory back once tables were unloaded since the last look (``unloaded``:
    how many tables the hub has unloaded so far). It counts unloads, not the tables
    loaded at each look: tables loaded and unloaded between two looks count too."""

    def __init__(self, unloaded: Callable[[], int]) -> None:
        self.unloaded = unloaded
        self.seen = unloaded()
        self.trims = 0

    async def look(self) -> None:
        """One look: trim if tables were unloaded since the last."""
        count = self.unloaded()
        if count <= self.seen:
            return
        before = resident_mib()
        await asyncio.to_thread(give_back)
        after = resident_mib()
        if before is not None and after is not None:
            log.info(
                "%d tables unloaded: resident memory %.0f -> %.0f MiB",
                count - self.seen,
                before,
                after,
            )
        self.trims += 1
        self.seen = count

    async def run(self) -> None:
        """Look every ``TRIM_EVERY`` seconds, until cancelled."""
        while True:
            await asyncio.sleep(TRIM_EVERY)
            await self.look()


class Rules:
    """Games' rules loaded once per game and options, shared by every table that plays
    them (at most ``kept`` sets)."""

    def __init__(self, kept: int = RULES_KEPT) -> None:
        self.kept = kept
        self._loaded: OrderedDict[str, Game] = OrderedDict()

    def get(
        self,
        name: str,
        options: Mapping[str, object],
        *,
        players: int | None = None,
        strict: bool = False,
    ) -> Game:
        """``load(name, players=players, strict=strict, **options)``, loaded once (its
        ``OptionError`` raised each time: a refused set is not kept)."""
        key = json.dumps([name, players, strict, options], sort_keys=True, default=repr)
        game = self._loaded.get(key)
        if game is None:
            given: dict[str, Any] = dict(options)
            if players is not None:
                given["players"] = players
            game = load(name, strict=strict, **given)
            self._loaded[key] = game
            while len(self._loaded) > self.kept:
                self._loaded.popitem(last=False)
        else:
            self._loaded.move_to_end(key)
        return game


RULES = Rules()
"""The process's rules."""
