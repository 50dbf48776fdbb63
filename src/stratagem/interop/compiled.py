"""A layout's writer compiled to one Python function (``compile_layout``).

``Layout.write`` walks the slices' fields one call per value: most of an encoding's cost
is those calls, not the stores. ``compile_layout`` writes the same walk out as Python
source, once per loaded game: every slice's path, every record's keys and every plain
number, word, count and angle inline, with its offset and scale as constants; a field
with more to do (``Parsed``) is still called. The floats are stored through a
``memoryview`` of the tensor (a store costs half a numpy item assignment, an addition a
third), with the same float32 roundings: a count's step is its scale rounded to float32
first, as numpy adds a Python float to a float32. Anything
out of the ordinary (a value of the wrong type, a word outside a vocabulary, too many
rows) goes to the field's own ``write``, and a ``LayoutError`` from the compiled walk is
raised again by the plain walk, which names the slice and the path. The two write the
same floats (``tests/interop/test_training.py`` checks them over random play).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping

import numpy as np

from stratagem.interop.layout import (
    SCALARS,
    Angle,
    Counts,
    Each,
    Field,
    Layout,
    LayoutError,
    Number,
    OneOf,
    Record,
    Rows,
    Vector,
)

Writer = Callable[[Mapping[str, object], Vector], None]
Updater = Callable[[Mapping[str, object], Vector, list[object]], None]


class _Source:
    """The function's lines, its constants and fresh names."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.names: dict[str, object] = {
            "SCALARS": SCALARS,
            "LayoutError": LayoutError,
            "sin": math.sin,
            "cos": math.cos,
        }
        self.count = 0

    def name(self, prefix: str) -> str:
        self.count += 1
        return f"{prefix}{self.count}"

    def constant(self, value: object, prefix: str = "K") -> str:
        key = self.name(prefix)
        self.names[key] = value
        return key

    def line(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)


class _At:
    """An offset: names of offsets known only while writing, plus a constant (kept
    apart so that constants add up here, not at every write)."""

    def __init__(self, names: tuple[str, ...] = (), constant: int = 0) -> None:
        self.names, self.constant = names, constant

    def __add__(self, other: int | str) -> _At:
        if isinstance(other, int):
            return _At(self.names, self.constant + other)
        return _At((*self.names, other), self.constant)

    def __str__(self) -> str:
        parts = [*self.names, str(self.constant)] if self.constant else list(self.names)
        return " + ".join(parts) or "0"


def _number(src: _Source, field: Number, var: str, at: _At, depth: int) -> None:
    whole, start = src.constant(field, "F"), at
    src.line(depth, f"if {var}.__class__ in SCALARS:")
    if field.nullable:
        src.line(depth + 1, f"m[{at}] = 1.0")
        at += 1
    # the tensor starts at zeros: a 0 (most numbers of a view) needs no store
    if field.soft:
        scaled = src.name("t")
        src.line(depth + 1, f"if {var}:")
        src.line(depth + 2, f"{scaled} = {var} * {field.scale!r}")
        src.line(depth + 2, f"m[{at}] = {scaled} / (1.0 + abs({scaled}))")
    else:
        src.line(depth + 1, f"if {var}:")
        src.line(depth + 2, f"m[{at}] = {var} * {field.scale!r}")
    src.line(depth, "else:")
    src.line(depth + 1, f"{whole}.write({var}, out, {start})")


def _counts(src: _Source, field: Counts, var: str, at: _At, depth: int) -> None:
    """A multiset: each word found in the vocabulary added in place; anything else (a
    ``"<word> x<n>"`` text, a word outside it) written or refused by ``Counts.write``."""
    whole, index = src.constant(field, "F"), src.constant(field.index, "I")
    word, count, spot = src.name("w"), src.name("c"), src.name("p")
    step = float(np.float32(field.scale))
    src.line(depth, f"if {var}.__class__ is list:")
    src.line(depth + 1, f"for {word} in {var}:")
    src.line(depth + 2, f"{spot} = {index}.get({word})")
    src.line(depth + 2, f"if {spot} is None:")
    src.line(depth + 3, f"{whole}.write([{word}], out, {at})")
    src.line(depth + 2, "else:")
    src.line(depth + 3, f"m[{at + spot}] += {step!r}")
    src.line(depth, f"elif {var}.__class__ is dict:")
    src.line(depth + 1, f"for {word}, {count} in {var}.items():")
    src.line(depth + 2, f"{spot} = {index}.get({word})")
    src.line(depth + 2, f"if {spot} is None or {count}.__class__ not in (int, float):")
    src.line(depth + 3, f"{whole}.write({{{word}: {count}}}, out, {at})")
    src.line(depth + 2, "else:")
    src.line(depth + 3, f"m[{at + spot}] += {count} * {field.scale!r}")
    src.line(depth, "else:")
    src.line(depth + 1, f"{whole}.write({var}, out, {at})")


def _angle(src: _Source, field: Angle, var: str, at: _At, depth: int) -> None:
    """An angle's sine and cosine, in radians as ``math.radians`` gives them."""
    whole, radians = src.constant(field, "F"), src.name("a")
    src.line(depth, f"if {var}.__class__ in SCALARS:")
    src.line(depth + 1, f"{radians} = {var} * {math.pi / 180.0!r}")
    src.line(depth + 1, f"m[{at}] = sin({radians})")
    src.line(depth + 1, f"m[{at + 1}] = cos({radians})")
    src.line(depth, "else:")
    src.line(depth + 1, f"{whole}.write({var}, out, {at})")


def _one_of(src: _Source, field: OneOf, var: str, at: _At, depth: int) -> None:
    whole, index, spot = src.constant(field, "F"), src.constant(field.index, "I"), src.name("p")
    src.line(depth, f"{spot} = {index}.get({var}) if {var}.__class__ is str else None")
    src.line(depth, f"if {spot} is None:")
    src.line(depth + 1, f"{whole}.write({var}, out, {at})")
    src.line(depth, "else:")
    src.line(depth + 1, f"m[{at + spot}] = 1.0")


def _record(src: _Source, field: Record, var: str, at: _At, depth: int) -> None:
    whole, get = src.constant(field, "F"), src.name("g")
    src.line(depth, f"if {var}.__class__ is dict:")
    src.line(depth + 1, f"{get} = {var}.get")
    offset = 0
    for key, item in field.fields.items():
        value = src.name("x")
        src.line(depth + 1, f"{value} = {get}({key!r})")
        src.line(depth + 1, f"if {value} is not None:")
        _field(src, item, value, at + offset, depth + 2)
        offset += item.size
    src.line(depth, "else:")
    src.line(depth + 1, f"{whole}.write({var}, out, {at})")


def _each(src: _Source, field: Each, var: str, at: _At, depth: int) -> None:
    whole = src.constant(field, "F")
    offsets = src.constant(
        {key: position * field.field.size for position, key in enumerate(field.keys)}, "O"
    )
    key, value, where = src.name("k"), src.name("x"), src.name("o")
    src.line(depth, f"if {var}.__class__ is dict:")
    src.line(depth + 1, f"for {key}, {value} in {var}.items():")
    src.line(depth + 2, f"{where} = {offsets}.get({key})")
    src.line(depth + 2, f"if {where} is None:")
    src.line(depth + 3, f"{whole}.write({var}, out, {at})")
    src.line(depth + 2, f"if {value} is not None:")
    _field(src, field.field, value, at + where, depth + 3)
    src.line(depth, "else:")
    src.line(depth + 1, f"{whole}.write({var}, out, {at})")


def _rows(src: _Source, field: Rows, var: str, at: _At, depth: int) -> None:
    whole = src.constant(field, "F")
    row, value, start = src.name("r"), src.name("x"), src.name("s")
    step = 1 + field.field.size
    src.line(depth, f"if {var}.__class__ is list and len({var}) <= {field.count}:")
    src.line(depth + 1, f"for {row}, {value} in enumerate({var}):")
    src.line(depth + 2, f"{start} = {at + 0} + {row} * {step}")
    src.line(depth + 2, f"m[{start}] = 1.0")
    src.line(depth + 2, f"if {value} is not None:")
    _field(src, field.field, value, _At((start,), 1), depth + 3)
    src.line(depth, "else:")
    src.line(depth + 1, f"{whole}.write({var}, out, {at})")


def _field(src: _Source, field: Field, var: str, at: _At, depth: int) -> None:
    """Lines writing ``var`` (not ``None``) by ``field`` at offset ``at``."""
    if isinstance(field, Number):
        _number(src, field, var, at, depth)
    elif isinstance(field, Angle):
        _angle(src, field, var, at, depth)
    elif isinstance(field, Counts):
        _counts(src, field, var, at, depth)
    elif isinstance(field, OneOf):
        _one_of(src, field, var, at, depth)
    elif isinstance(field, Record):
        _record(src, field, var, at, depth)
    elif isinstance(field, Each):
        _each(src, field, var, at, depth)
    elif isinstance(field, Rows):
        _rows(src, field, var, at, depth)
    else:
        src.line(depth, f"{src.constant(field, 'F')}.write({var}, out, {at})")


def compile_layout(layout: Layout) -> Writer:
    """``layout``'s writer as one compiled function (module docstring)."""
    src = _Source()
    slow = src.constant(layout.write_plainly, "SLOW")
    src.line(0, "def write(view, out):")
    src.line(1, "out.fill(0.0)")
    src.line(1, "m = memoryview(out)")
    src.line(1, "try:")
    at = 0
    for item in layout.slices:
        value = src.name("v")
        keys = item.keys()
        src.line(2, f"{value} = view.get({keys[0]!r}) if view.__class__ is dict else None")
        for key in keys[1:]:
            src.line(2, f"{value} = {value}.get({key!r}) if {value}.__class__ is dict else None")
        src.line(2, f"if {value} is not None:")
        _field(src, item.field, value, _At((), at), 3)
        at += item.field.size
    src.line(2, "pass")
    src.line(1, "except LayoutError:")
    src.line(2, f"{slow}(view, out)")
    src.line(2, "raise")
    namespace = dict(src.names)
    exec(compile("\n".join(src.lines), "<layout writer>", "exec"), namespace)
    writer: Writer = namespace["write"]  # type: ignore[assignment]
    return writer


UNSEEN = object()
"""A slice's last value before any (equal to no view's value)."""
ABSENT = object()
"""A row of a ``Rows`` slice that the last view did not have."""


def _changed(value: str, old: str) -> str:
    """The test that ``value`` must be written again over ``old``: another type, unequal,
    or a list or mapping that is the very object kept (it may have been altered)."""
    return (
        f"{value}.__class__ is not {old}.__class__ or {value} != {old} "
        f"or ({value} is {old} and {value}.__class__ in BOXES)"
    )


def _rows_again(src: _Source, field: Rows, var: str, *, index: int, at: int, blank: str) -> None:
    """A ``Rows`` slice written again row by row (``seen[index]`` holds each row's last
    value, ``ABSENT`` for a row the view did not have): only its changed rows are zeroed
    and written. Anything else than a list of at most ``count`` rows is zeroed, and
    written (or refused) by the field itself."""
    row, item, step = src.name("r"), src.name("x"), 1 + field.field.size
    kept = _slice_changed(src, var, index=index, parts=field.count)
    src.line(3, f"if {var}.__class__ is list and len({var}) <= {field.count}:")
    src.line(4, f"for {row} in range({field.count}):")
    src.line(5, f"{item} = {var}[{row}] if {row} < len({var}) else ABSENT")
    _part_again(src, field.field, item, kept=kept, part=row, start=(at, step), blank=blank)
    _whole_again(src, field, var, kept=kept, at=at, blank=blank, parts=field.count)


def _each_again(src: _Source, field: Each, var: str, *, index: int, at: int, blank: str) -> None:
    """An ``Each`` slice written again key by key (``seen[index]`` holds each key's last
    value, ``ABSENT`` for a key the view did not have): only its changed keys are zeroed
    and written; a mapping with another key is refused by the field itself, as is
    anything else than a mapping."""
    keys = src.constant(field.keys, "K")
    spot, key, item, found = src.name("j"), src.name("q"), src.name("x"), src.name("n")
    kept = _slice_changed(src, var, index=index, parts=len(field.keys))
    src.line(3, f"if {var}.__class__ is dict:")
    src.line(4, f"{found} = 0")
    src.line(4, f"for {spot}, {key} in enumerate({keys}):")
    src.line(5, f"{item} = {var}.get({key}, ABSENT)")
    src.line(5, f"if {item} is not ABSENT:")
    src.line(6, f"{found} += 1")
    _part_again(src, field.field, item, kept=kept, part=spot, start=(at, None), blank=blank)
    src.line(4, f"if {found} != len({var}):")
    src.line(5, f"{src.constant(field, 'F')}.write({var}, out, {at})")
    _whole_again(src, field, var, kept=kept, at=at, blank=blank, parts=len(field.keys))


def _slice_changed(src: _Source, var: str, *, index: int, parts: int) -> str:
    """The test opening a slice written part by part: ``seen[index]`` holds each part's
    last value, then the whole slice's; nothing to do when the whole is unchanged. The
    name of that list."""
    kept, old = src.name("k"), src.name("o")
    src.line(2, f"{kept} = seen[{index}]")
    src.line(2, f"{old} = {kept}[{parts}]")
    src.line(2, f"if {_changed(var, old)}:")
    src.line(3, f"{kept}[{parts}] = UNSEEN")
    return kept


def _part_again(
    src: _Source,
    field: Field,
    item: str,
    *,
    kept: str,
    part: str,
    start: tuple[int, int | None],
    blank: str,
) -> None:
    """Lines (inside the loop over a slice's rows or keys) writing ``item``, part number
    ``part`` of the slice, again if it is not the part's value kept in ``kept``: a row
    (``start`` is the slice's offset and the row's step) has a presence entry first, a
    key's value (``start`` is the slice's offset and ``None``) has none."""
    at, step = start
    size = field.size + (0 if step is None else 1)
    old, where = src.name("o"), src.name("s")
    src.line(5, f"{old} = {kept}[{part}]")
    src.line(5, f"if {_changed(item, old)}:")
    src.line(6, f"{kept}[{part}] = UNSEEN")
    src.line(6, f"{where} = {at} + {part} * {size}")
    src.line(6, f"m[{where}:{where} + {size}] = {blank}[{where}:{where} + {size}]")
    if step is None:
        src.line(6, f"if {item} is not ABSENT and {item} is not None:")
        _field(src, field, item, _At((where,)), 7)
    else:
        src.line(6, f"if {item} is not ABSENT:")
        src.line(7, f"m[{where}] = 1.0")
        src.line(7, f"if {item} is not None:")
        _field(src, field, item, _At((where,), 1), 8)
    src.line(6, f"{kept}[{part}] = {item}")


def _whole_again(
    src: _Source, field: Field, var: str, *, kept: str, at: int, blank: str, parts: int
) -> None:
    """The end of a slice written part by part: anything else than its rows or keys is
    zeroed, and written (or refused) by the field itself, every part marked absent; the
    whole slice's value kept."""
    src.line(3, "else:")
    src.line(4, f"{kept}[:{parts}] = [UNSEEN] * {parts}")
    src.line(4, f"m[{at}:{at + field.size}] = {blank}[{at}:{at + field.size}]")
    src.line(4, f"if {var} is not None:")
    src.line(5, f"{src.constant(field, 'F')}.write({var}, out, {at})")
    src.line(4, f"{kept}[:{parts}] = [ABSENT] * {parts}")
    src.line(3, f"{kept}[{parts}] = {var}")


def unseen(layout: Layout) -> list[object]:
    """``seen`` before any view: ``UNSEEN`` for each slice; for a ``Rows`` or ``Each``
    slice (written again row by row, key by key) a list of ``UNSEEN`` for each part and
    then the whole."""
    return [_unseen_parts(item.field) for item in layout.slices]


def _unseen_parts(field: Field) -> object:
    if isinstance(field, Rows):
        return [UNSEEN] * (field.count + 1)
    if isinstance(field, Each):
        return [UNSEEN] * (len(field.keys) + 1)
    return UNSEEN


def compile_updater(layout: Layout) -> Updater:
    """``layout``'s writer for a run of one seat's views (``update(view, out, seen)``,
    ``seen`` starting as ``unseen(layout)``): each slice whose value is not the one in
    ``seen`` (of another type or unequal, or a list or mapping that is the very object
    seen) is zeroed in ``out`` and written again, and its value kept in ``seen``; the
    others keep their floats (``stratagem.interop.incremental``); a ``Rows`` slice goes
    row by row. On a ``LayoutError`` every slice is marked unseen and the fields' own
    walk raises the error naming the slice."""
    src = _Source()
    slow = src.constant(layout.write_plainly, "SLOW")
    blank = src.constant(np.zeros(layout.size, dtype=np.float32).data, "BLANK")
    src.names["UNSEEN"] = UNSEEN
    src.names["ABSENT"] = ABSENT
    src.names["fresh"] = lambda: unseen(layout)
    src.names["BOXES"] = (dict, list)
    src.line(0, "def update(view, out, seen):")
    src.line(1, "m = memoryview(out)")
    src.line(1, "try:")
    at = 0
    for index, item in enumerate(layout.slices):
        value, old = src.name("v"), src.name("o")
        keys, size = item.keys(), item.field.size
        src.line(2, f"{value} = view.get({keys[0]!r}) if view.__class__ is dict else None")
        for key in keys[1:]:
            src.line(2, f"{value} = {value}.get({key!r}) if {value}.__class__ is dict else None")
        if isinstance(item.field, Rows):
            _rows_again(src, item.field, value, index=index, at=at, blank=blank)
            at += size
            continue
        if isinstance(item.field, Each):
            _each_again(src, item.field, value, index=index, at=at, blank=blank)
            at += size
            continue
        src.line(2, f"{old} = seen[{index}]")
        src.line(2, f"if {_changed(value, old)}:")
        src.line(3, f"seen[{index}] = UNSEEN")
        if size == 1:
            src.line(3, f"m[{at}] = 0.0")
        else:
            src.line(3, f"m[{at}:{at + size}] = {blank}[{at}:{at + size}]")
        src.line(3, f"if {value} is not None:")
        _field(src, item.field, value, _At((), at), 4)
        src.line(3, f"seen[{index}] = {value}")
        at += size
    src.line(2, "pass")
    src.line(1, "except LayoutError:")
    src.line(2, "seen[:] = fresh()")
    src.line(2, f"{slow}(view, out)")
    src.line(2, "raise")
    namespace = dict(src.names)
    exec(compile("\n".join(src.lines), "<layout updater>", "exec"), namespace)
    updater: Updater = namespace["update"]  # type: ignore[assignment]
    return updater


__all__ = ["Updater", "Writer", "compile_layout", "compile_updater", "unseen"]
