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
    if isinstance(before, Mapping) and isinstance(after, Mapping):
        _diff_mappings(before, after, path, out)
        return
    if _is_list(before) and _is_list(after):
        _diff_lists(before, after, path, out)  # type: ignore[arg-type]
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


def _is_list(value: object) -> bool:
    return isinstance(value, list | tuple)


def _diff_lists(
    before: Sequence[object], after: Sequence[object], path: str, out: list[Operation]
) -> None:
    """A list: the items both have at its start and at its end are kept, the ones between
    compared one by one, then those left over removed (highest index first) or the new
    ones added where they go. A list grown at its end (the event log) gets ``add``s for
    its new items; a board's pieces, one changed or put in or taken out, an operation each."""
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
    shared = min(old, new)
    for index in range(start, shared):
        if not _same(before[index], after[index]):
            _diff(before[index], after[index], f"{path}/{index}", out)
    out.extend(
        {"op": "remove", "path": f"{path}/{index}"} for index in range(old - 1, shared - 1, -1)
    )
    out.extend(
        {"op": "add", "path": f"{path}/{index}", "value": after[index]}
        for index in range(shared, new)
    )


def _same(old: object, new: object) -> bool:
    """Whether two JSON values are equal (the same object, most often: one comparison)."""
    return old is new or old == new
