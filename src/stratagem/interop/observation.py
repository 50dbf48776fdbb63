"""A generic, fixed-length encoding of a seat's view for learning agents.

Views are JSON documents whose shape differs from game to game and whose lists grow and
shrink, so a fixed layout per game would need a hand-written encoder each. Instead every
view is flattened into named features and the *hashing trick* (Weinberger et al. 2009)
folds them into a vector of ``SIZE`` floats:

- a number at path ``a.b`` is the feature ``a.b`` with that value (``true`` counts 1);
- a word at ``a.b`` is the feature ``a.b=word`` with value 1;
- a list of scalars at ``a.b`` contributes ``a.b[]=item`` once per item (a multiset: the
  cards in a hand, whatever their order); a list of documents is flattened item by item
  under ``a.b[]``;
- each feature lands in bucket ``crc32(name) mod SIZE`` with a sign from another bit of
  the hash, so that collisions cancel on average instead of piling up.

The encoding reads ``view(seat)`` only, so it holds exactly what the seat may know; it is
deterministic across runs and machines (CRC-32, not Python's salted ``hash``).
"""

from __future__ import annotations

import zlib
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt

SIZE = 512
"""Length of the observation vector."""


def features(value: object, path: str = "") -> Iterator[tuple[str, float]]:
    """The named features of a JSON value (see the module docstring)."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from features(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for item in value:
            if isinstance(item, dict | list):
                yield from features(item, f"{path}[]")
            elif item is not None:
                yield f"{path}[]={item}", 1.0
    elif isinstance(value, bool):
        yield path, 1.0 if value else 0.0
    elif isinstance(value, int | float):
        yield path, float(value)
    elif isinstance(value, str):
        yield f"{path}={value}", 1.0


def encode(view: object, size: int = SIZE) -> npt.NDArray[np.float32]:
    """The hashed feature vector of ``view``."""
    vector = np.zeros(size, dtype=np.float32)
    for name, amount in features(view):
        digest = zlib.crc32(name.encode("utf-8"))
        sign = 1.0 if digest & 0x80000000 else -1.0
        vector[digest % size] += sign * amount
    return vector
