"""Structured observation tensors: a per-game layout of named slices, read from a view.

A game declares its layout (``stratagem.interop.layouts``) as a list of slices, each a
path into ``view(seat)`` and a *field* saying how the value found there is written into
floats. The layout is fixed for a loaded game (its vocabularies come from the game's
own action table and seats), so every view of the game gives a tensor of the same shape:

- ``Number(top)``: a number or true/false divided by ``top``, its printed most (the
  cards of the deck, the provinces, the table's width; 1 for true/false), so that it lies
  in 0..1, or -1..1 with ``signed=True`` (``None`` or missing is 0);
  ``Number(top, nullable=True)`` adds a first entry 1 when a value is there, so that
  "none" and 0 differ. A number with no printed most (victory points, gold, influence) is
  ``Number(top, soft=True)``: ``x / (1 + |x|)`` of ``x = value / top``, which lies
  inside -1..1 whatever the value (``top`` is then a typical size, written as 0.5).
- ``Angle()``: an angle in degrees as its sine and cosine (Tercios' facing), so that 359
  and 1 degrees lie close.
- ``OneOf(words)``: a one-hot over a closed vocabulary (``None`` or missing: all zeros).
- ``Counts(words, top)``: a multiset over a vocabulary, each count divided by ``top``
  (the most copies of one word there can be): a list of words (each counts 1), a
  mapping word -> count, or words written ``"<word> x<n>"``.
- ``Each(keys, field)``: a mapping keyed by a closed set (the seats, the countries), one
  ``field`` per key in the declared order.
- ``Record({key: field})``: a mapping with fixed keys, one field per key.
- ``Rows(count, field)``: a list of up to ``count`` items, each a ``field`` with a first
  entry 1 for an item that is there.
- ``Parsed(parse, field)``: a text the view packs several facts into, read by ``parse``
  and written by ``field``.

Every entry has finite bounds (``Layout.low``, ``Layout.high``: -1, 0 or 1), which hold
as long as the ``top`` of each number is its most (``tests/interop`` checks them over
random play of every game). Nothing is hashed: a word outside its vocabulary, a list
longer than its rows or a value of the wrong type raises ``LayoutError`` naming the
slice and the value, instead of landing on another entry. ``Layout.labels()`` names
every entry of the tensor (``you.hand[Sea Beggars]``) and ``Layout.describe()`` lists
the slices with their offsets.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

Vector = npt.NDArray[np.float32]


class LayoutError(ValueError):
    """A view holds something its game's layout has no entry for."""

    def __init__(self, problem: str, path: tuple[str, ...] = ()) -> None:
        self.problem, self.path = problem, path
        super().__init__(f"{'.'.join(path)}: {problem}" if path else problem)

    def inside(self, key: str) -> LayoutError:
        """The same problem, one level further out (``key`` before the path so far)."""
        return LayoutError(self.problem, (key, *self.path))


class Field(ABC):
    """How one value of a view is written into ``size`` floats.

    Views are JSON documents (dicts, lists, texts, numbers, true/false, null); fields
    check for ``dict`` and ``list`` exactly, which keeps the writing fast.
    """

    size: int

    def bounds(self) -> tuple[list[float], list[float]]:
        """The least and the most of each of the ``size`` entries (0 and 1 unless the
        field says otherwise)."""
        return [0.0] * self.size, [1.0] * self.size

    @abstractmethod
    def write(self, value: object, out: Vector, at: int) -> None:
        """Write ``value`` (not ``None``) into ``out[at:at + size]`` (zeros there already)."""

    @abstractmethod
    def labels(self) -> list[str]:
        """A suffix naming each of the ``size`` entries."""


SCALARS = (int, float, bool)
"""The classes a ``Number`` takes."""


class Number(Field):
    """A number or true/false divided by ``top`` (see the module docstring)."""

    def __init__(
        self, top: float = 1, *, signed: bool = False, nullable: bool = False, soft: bool = False
    ) -> None:
        if top <= 0:
            raise ValueError(f"a number's top must be above 0, not {top}")
        self.top = top
        self.scale = 1.0 / top
        self.signed = signed
        self.nullable = nullable
        self.soft = soft
        self.size = 2 if nullable else 1

    def bounds(self) -> tuple[list[float], list[float]]:
        low = -1.0 if self.signed else 0.0
        return ([0.0, low], [1.0, 1.0]) if self.nullable else ([low], [1.0])

    def write(self, value: object, out: Vector, at: int) -> None:
        if value.__class__ not in SCALARS:
            raise LayoutError(f"expected a number, got {value!r}")
        if self.nullable:
            out[at] = 1.0
            at += 1
        scaled = value * self.scale
        out[at] = scaled / (1.0 + abs(scaled)) if self.soft else scaled

    def labels(self) -> list[str]:
        return ["?", ""] if self.nullable else [""]


def plain(field: Field) -> float | None:
    """The scale of a plain ``Number`` (one float its container writes itself, with no
    call: most entries of a view are numbers); ``None`` for any other field."""
    if isinstance(field, Number) and not field.nullable and not field.soft:
        return field.scale
    return None


class Angle(Field):
    """An angle in degrees as its sine and cosine (see the module docstring)."""

    size = 2

    def bounds(self) -> tuple[list[float], list[float]]:
        return [-1.0, -1.0], [1.0, 1.0]

    def write(self, value: object, out: Vector, at: int) -> None:
        if value.__class__ not in SCALARS:
            raise LayoutError(f"expected an angle, got {value!r}")
        radians = math.radians(value)
        out[at] = math.sin(radians)
        out[at + 1] = math.cos(radians)

    def labels(self) -> list[str]:
        return [".sin", ".cos"]


class _Vocabulary(Field):
    def __init__(self, words: Iterable[str]) -> None:
        self.words = tuple(words)
        self.index = {word: position for position, word in enumerate(self.words)}
        if len(self.index) != len(self.words):
            raise ValueError(f"a vocabulary repeats a word: {self.words!r}")
        self.size = len(self.words)

    def unknown(self, word: object) -> LayoutError:
        """The error for a word outside the vocabulary."""
        return LayoutError(f"{word!r} is not in this slice's vocabulary")

    def labels(self) -> list[str]:
        return [f"[{word}]" for word in self.words]


class OneOf(_Vocabulary):
    """A one-hot over ``words``."""

    def write(self, value: object, out: Vector, at: int) -> None:
        position = self.index.get(value) if value.__class__ is str else None
        if position is None:
            raise self.unknown(value)
        out[at + position] = 1.0


class Counts(_Vocabulary):
    """A multiset over ``words``, each count divided by ``top`` (see the module
    docstring)."""

    def __init__(self, words: Iterable[str], top: float = 1) -> None:
        super().__init__(words)
        if top <= 0:
            raise ValueError(f"a count's top must be above 0, not {top}")
        self.top = top
        self.scale = 1.0 / top

    def write(self, value: object, out: Vector, at: int) -> None:
        index, scale = self.index, self.scale
        if value.__class__ is dict:
            for word, count in value.items():
                position = index.get(word)
                if position is None:
                    raise self.unknown(word)
                if count.__class__ not in (int, float):
                    raise LayoutError(f"expected a count for {word!r}, got {count!r}")
                out[at + position] += count * scale
            return
        if value.__class__ is not list:
            raise LayoutError(f"expected a list or a mapping, got {value!r}")
        for item in value:
            position = index.get(item)
            if position is not None:
                out[at + position] += scale
                continue
            word, count = _copies(item)
            position = index.get(word) if word.__class__ is str else None
            if position is None:
                raise self.unknown(item)
            out[at + position] += count * scale


def _copies(item: object) -> tuple[object, int]:
    """``("Quebec", 2)`` for ``"Quebec x2"``; ``(item, 1)`` otherwise."""
    if isinstance(item, str):
        word, sep, count = item.rpartition(" x")
        if sep and count.isdigit():
            return word, int(count)
    return item, 1


class Each(Field):
    """One ``field`` per key of a mapping keyed by a closed set."""

    def __init__(self, keys: Iterable[str], field: Field) -> None:
        self.keys = tuple(keys)
        self.field = field
        self.size = len(self.keys) * field.size
        self._offsets = {key: position * field.size for position, key in enumerate(self.keys)}
        self._scale = plain(field)

    def bounds(self) -> tuple[list[float], list[float]]:
        low, high = self.field.bounds()
        return low * len(self.keys), high * len(self.keys)

    def write(self, value: object, out: Vector, at: int) -> None:
        if value.__class__ is not dict:
            raise LayoutError(f"expected a mapping, got {value!r}")
        offsets, field, scale = self._offsets, self.field, self._scale
        for key, item in value.items():
            offset = offsets.get(key)
            if offset is None:
                raise LayoutError(f"unexpected key {key!r}")
            if scale is not None and item.__class__ in SCALARS:
                out[at + offset] = item * scale
            elif item is not None:
                try:
                    field.write(item, out, at + offset)
                except LayoutError as error:
                    raise error.inside(key) from None

    def labels(self) -> list[str]:
        return [f".{key}{label}" for key in self.keys for label in self.field.labels()]


class Record(Field):
    """A mapping with fixed keys, one field per key (other keys are not read)."""

    def __init__(self, fields: Mapping[str, Field]) -> None:
        self.fields = dict(fields)
        self.size = sum(item.size for item in self.fields.values())
        self._plan: list[tuple[str, Field, int, float | None]] = []
        at = 0
        for key, item in self.fields.items():
            self._plan.append((key, item, at, plain(item)))
            at += item.size

    def bounds(self) -> tuple[list[float], list[float]]:
        low: list[float] = []
        high: list[float] = []
        for item in self.fields.values():
            lows, highs = item.bounds()
            low += lows
            high += highs
        return low, high

    def write(self, value: object, out: Vector, at: int) -> None:
        if value.__class__ is not dict:
            raise LayoutError(f"expected a mapping, got {value!r}")
        get = value.get
        for key, field, offset, scale in self._plan:
            item = get(key)
            if scale is not None and item.__class__ in SCALARS:
                out[at + offset] = item * scale
            elif item is not None:
                try:
                    field.write(item, out, at + offset)
                except LayoutError as error:
                    raise error.inside(key) from None

    def labels(self) -> list[str]:
        return [f".{key}{label}" for key, item in self.fields.items() for label in item.labels()]


class Rows(Field):
    """A list of up to ``count`` items, each with a presence entry then its ``field``."""

    def __init__(self, count: int, field: Field) -> None:
        self.count = count
        self.field = field
        self.size = count * (1 + field.size)

    def bounds(self) -> tuple[list[float], list[float]]:
        low, high = self.field.bounds()
        return [0.0, *low] * self.count, [1.0, *high] * self.count

    def write(self, value: object, out: Vector, at: int) -> None:
        if value.__class__ is not list:
            raise LayoutError(f"expected a list, got {value!r}")
        if len(value) > self.count:
            raise LayoutError(f"{len(value)} items, the layout has {self.count} rows")
        step, field = 1 + self.field.size, self.field
        for row, item in enumerate(value):
            start = at + row * step
            out[start] = 1.0
            if item is not None:
                try:
                    field.write(item, out, start + 1)
                except LayoutError as error:
                    raise error.inside(f"[{row}]") from None

    def labels(self) -> list[str]:
        inner = ["?", *self.field.labels()]
        return [f"[{row}]{label}" for row in range(self.count) for label in inner]


class Parsed(Field):
    """A value rewritten by ``parse`` (a text the view packs several facts into), then
    written by ``field``."""

    def __init__(self, parse: Callable[[object], object], field: Field) -> None:
        self.parse = parse
        self.field = field
        self.size = field.size

    def bounds(self) -> tuple[list[float], list[float]]:
        return self.field.bounds()

    def write(self, value: object, out: Vector, at: int) -> None:
        try:
            parsed = self.parse(value)
        except (ValueError, TypeError, AttributeError) as error:
            raise LayoutError(f"cannot read {value!r} ({error})") from None
        self.field.write(parsed, out, at)

    def labels(self) -> list[str]:
        return self.field.labels()


@dataclass(frozen=True)
class Slice:
    """A named part of the tensor: the value at ``path`` in the view, written by ``field``."""

    name: str
    field: Field
    path: tuple[str, ...] = ()

    def keys(self) -> tuple[str, ...]:
        """The view keys leading to the value (the dotted name unless given)."""
        return self.path or tuple(self.name.split("."))


@dataclass(frozen=True)
class SliceInfo:
    """Where a slice lies in the tensor."""

    name: str
    start: int
    stop: int


class Layout:
    """A game's observation layout: its slices, in order, and what the view leaves out."""

    def __init__(self, slices: Sequence[Slice], unread: Mapping[str, str]) -> None:
        names = [item.name for item in slices]
        if len(set(names)) != len(names):
            raise ValueError(f"two slices share a name: {names!r}")
        self.slices: tuple[Slice, ...] = tuple(slices)
        self.unread: dict[str, str] = dict(unread)
        """View keys the layout does not read, each with the reason (what restates them)."""
        self.size: int = sum(item.field.size for item in slices)
        low: list[float] = []
        high: list[float] = []
        for item in slices:
            lows, highs = item.field.bounds()
            low += lows
            high += highs
        self.low: Vector = np.array(low, dtype=np.float32)
        """The least of each entry (finite: -1 or 0)."""
        self.high: Vector = np.array(high, dtype=np.float32)
        """The most of each entry (finite: 1)."""
        self.fast: Callable[[Mapping[str, object], Vector], None] | None = None
        """The compiled writer (``stratagem.interop.compiled``), once made."""
        self.updater: Callable[[Mapping[str, object], Vector, list[object]], None] | None = None
        """The compiled writer of a run of views (``compile_updater``), once made."""
        self._where: list[tuple[Slice, int]] = []
        self._plan: list[tuple[tuple[str, ...], Field, int, str]] = []
        at = 0
        for item in slices:
            self._where.append((item, at))
            self._plan.append((item.keys(), item.field, at, item.name))
            at += item.field.size

    def encode(self, view: Mapping[str, object]) -> Vector:
        """The tensor of one view."""
        out = np.zeros(self.size, dtype=np.float32)
        self.write(view, out)
        return out

    def write(self, view: Mapping[str, object], out: Vector) -> None:
        """Write the tensor of ``view`` into ``out`` (which is zeroed first): by the
        compiled writer when ``stratagem.interop.compiled`` has made one."""
        fast = self.fast
        if fast is not None:
            fast(view, out)
        else:
            self.write_plainly(view, out)

    def write_plainly(self, view: Mapping[str, object], out: Vector) -> None:
        """``write`` by the fields' own ``write``, one call per value."""
        out.fill(0.0)
        for keys, field, at, name in self._plan:
            value: object = view
            for key in keys:
                value = value.get(key) if value.__class__ is dict else None
            if value is not None:
                try:
                    field.write(value, out, at)
                except LayoutError as error:
                    raise error.inside(name) from None

    def describe(self) -> list[SliceInfo]:
        """Every slice with its offsets, in order."""
        return [SliceInfo(item.name, at, at + item.field.size) for item, at in self._where]

    def labels(self) -> list[str]:
        """A name for every entry of the tensor."""
        return [f"{item.name}{label}" for item in self.slices for label in item.field.labels()]

    def uncovered(self, view: Mapping[str, object]) -> list[str]:
        """Keys of ``view`` (and of its ``you`` part) that no slice reads and that are not
        listed as unread: a layout that forgot part of the view."""
        read = {item.keys()[: 2 if item.keys()[0] == "you" else 1] for item in self.slices}
        missing = []
        for key, value in view.items():
            if key == "you" and isinstance(value, Mapping):
                missing += [
                    f"you.{sub}"
                    for sub in value
                    if ("you", sub) not in read and f"you.{sub}" not in self.unread
                ]
            elif (key,) not in read and key not in self.unread:
                missing.append(key)
        return missing


def words(items: Iterable[str]) -> tuple[str, ...]:
    """A vocabulary from ``items``: each once, in first-seen order."""
    return tuple(dict.fromkeys(items))
