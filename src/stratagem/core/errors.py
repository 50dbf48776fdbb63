"""The errors Stratagem raises: one class for each kind of mistake, so that a person or a
client learns exactly what was wrong."""

from __future__ import annotations


class StratagemError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(StratagemError, ValueError):
    """A well-formed action that the rules do not allow now; the state is left untouched."""


class UnknownAction(IllegalAction):
    """Text or an action value that names no action of this game at all."""


class OptionError(StratagemError, ValueError):
    """A game was loaded with an option it does not have or a value outside its range."""


class DataPackError(StratagemError, ValueError):
    """A data pack is missing, unreadable or invalid; the message names file, entry and reason."""


class StateFormatError(StratagemError, ValueError):
    """A serialized state (see ``State.to_json``) that cannot be a state of this game."""
