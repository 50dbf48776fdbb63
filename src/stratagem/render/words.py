"""Views in words, shared by the terminal (rich) and the generic board drawing (SVG)."""

from __future__ import annotations

PRIVATE_KEY = "you"
"""The entry of a view that holds the seat's own, private holdings."""


def label(key: str) -> str:
    """A view key as a heading: ``cards_held`` -> ``Cards held``."""
    words = key.replace("_", " ").strip()
    return words[:1].upper() + words[1:]


def scalar_text(value: object) -> str:
    """A JSON scalar in words."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def is_scalar(value: object) -> bool:
    """Whether ``value`` is a JSON scalar (``None``, text, a number or a truth value)."""
    return value is None or isinstance(value, str | int | float | bool)
