"""Updates as changes: the RFC 6902 JSON Patch that turns one payload into the next.

A connection that has its seat's payload of one version is sent the patch from that
payload to the current one instead of the whole payload. The patch is computed from
those two documents alone (the seat's own previous payload and its own current one,
never another seat's), so it holds nothing the seat may not know: every value in it is
taken from the current payload, and where it points says only where the two differ.

The diff is made for speed over a few kilobytes of JSON per seat and version: equal
subtrees are skipped with one C-level comparison (the log's events are the same objects
from one version to the next), a dictionary is compared key by key (and keeps its keys'
order), a list that grew at its end gets ``add`` operations for its new items, a list
keeps the items it shares at its start and at its end and has those between compared
item by item, removed or added (a board's pieces: only those that changed are sent), and
anything else is replaced. It looks for no moves or copies; the patch is valid RFC 6902
for any pair of JSON documents, and applied in order it makes ``after`` with its keys in
the same order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from stratagem.core import JsonDict

Operation = JsonDict
"""One RFC 6902 operation: ``{"op": ..., "path": ..., "value"?: ...}``."""


def pointer(path: str, key: object) -> str:
    """``path`` extended by ``key``, escaped as RFC 6901 says (``~`` -> ``~0``, ``/`` -> ``~1``)."""
    text = str(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return f"{path}/{text}"


def diff(before: object, after: object) -> list[Operation]:
    """The operations that turn ``before`` into ``after`` (JSON values; ``[]`` if equal)."""
    operations: list[Operation] = []
    if before is not after:
        _diff(before, after, "", operations)
    return operations


def _diff(before: object, after: object, path: str, out: list[Operation]) -> None:
    """Append to ``out`` the operations from ``before`` to ``after`` (nothing if equal)."""
    if isinstance(before, dict) and isinstance(after, dict):
        _diff_mappings(before, after, path, out)
        return
    if isinstance(before, list | tuple) and isinstance(after, list | tuple):
        _diff_lists(before, after, path, out)
        return
    if before != after:
        out.append({"op": "replace", "path": path, "value": after})


def _diff_mappings(
    before: Mapping[object, object],
    after: Mapping[object, object],
    path: str,
    out: list[Operation],
) -> None:
    """An object, its keys kept in ``after``'s order: an applier adds a new key after the
    others, so the keys from the first one out of place on are removed and added again
    in order (a key that only changed keeps its place: ``replace``)."""
    for key in before:
        if key not in after:
            out.append({"op": "remove", "path": pointer(path, key)})
    kept = [key for key in before if key in after]
    keys = list(after)
    placed = 0
    while placed < len(kept) and keys[placed] == kept[placed]:
        placed += 1
    for key in keys[:placed]:
        old, value = before[key], after[key]
        if old is not value and old != value:
            _diff(old, value, pointer(path, key), out)
    out.extend(
        {"op": "remove", "path": pointer(path, key)} for key in keys[placed:] if key in before
    )
    out.extend(
        {"op": "add", "path": pointer(path, key), "value": after[key]} for key in keys[placed:]
    )


def _diff_lists(
    before: Sequence[object], after: Sequence[object], path: str, out: list[Operation]
) -> None:
    """A list: a list grown at its end (the event log) gets ``add``s for its new items;
    otherwise the items it keeps at its start and end are passed over, and between them
    the items found once on each side (a board's pieces) are kept where they are, each
    run of items between two kept ones replaced item by item, the ones left over removed
    or the new ones added (``_runs``)."""
    common = min(len(before), len(after))
    if common < len(after) and after[:common] == before[:common]:
        # it grew at its end (the event log, most often): only the new items
        out.extend(
            {"op": "add", "path": f"{path}/{index}", "value": after[index]}
            for index in range(common, len(after))
        )
        return
    if common == 0:
        out.append({"op": "replace", "path": path, "value": after})
        return
    start = 0
    while start < common and _same(before[start], after[start]):
        start += 1
    end = 0  # items kept at the end (not counting those kept at the start)
    while end < common - start and _same(before[-1 - end], after[-1 - end]):
        end += 1
    old, new = len(before) - end, len(after) - end
    kept = _kept(before, after, start, old, new) if old - start > 1 < new - start else []
    at, to = start, start
    for was, now in [*kept, (old, new)]:
        if was > at or now > to:
            _run(before, after, (at, was), (to, now), path=path, out=out)
        at, to = was + 1, now + 1


def _kept(
    before: Sequence[object], after: Sequence[object], start: int, old: int, new: int
) -> list[tuple[int, int]]:
    """The items of ``before[start:old]`` kept in ``after[start:new]``, as (index before,
    index after), both rising: those found once on each side, in ``after``'s order, each
    after the last one kept in ``before`` too (none when an item cannot be hashed)."""
    try:
        once: dict[object, int | None] = {}
        for index in range(start, old):
            item = before[index]
            once[item] = None if item in once else index
        counted: dict[object, int] = {}
        for index in range(start, new):
            item = after[index]
            counted[item] = counted.get(item, 0) + 1
    except TypeError:  # a dictionary or a list among them: compared item by item
        return []
    kept: list[tuple[int, int]] = []
    last = start - 1
    for index in range(start, new):
        item = after[index]
        was = once.get(item)
        if was is not None and was > last and counted[item] == 1:
            kept.append((was, index))
            last = was
    return kept


def _run(
    before: Sequence[object],
    after: Sequence[object],
    old: tuple[int, int],
    new: tuple[int, int],
    *,
    path: str,
    out: list[Operation],
) -> None:
    """``before[old[0]:old[1]]`` made ``after[new[0]:new[1]]``, the list being
    ``after[:new[0]] + before[old[0]:]`` now: the items both have compared one by one,
    then those left over removed or the new ones added."""
    (first, stop), (to, end) = old, new
    shared = min(stop - first, end - to)
    for offset in range(shared):
        was, now = before[first + offset], after[to + offset]
        if not _same(was, now):
            _diff(was, now, f"{path}/{to + offset}", out)
    out.extend(
        {"op": "remove", "path": f"{path}/{to + shared}"} for _ in range(stop - first - shared)
    )
    out.extend(
        {"op": "add", "path": f"{path}/{index}", "value": after[index]}
        for index in range(to + shared, end)
    )


def _same(old: object, new: object) -> bool:
    """Whether two JSON values are equal (the same object, most often: one comparison)."""
    return old is new or old == new
