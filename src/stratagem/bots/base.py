"""The bot interface: a bot takes ``(state, seat)`` and returns one of the legal actions.

A bot may read only what its seat may know: ``state.view(seat)``, ``state.legal_actions()``
(which the seat to move is entitled to see) and ``state.resample_hidden(seat, rng)``. It must
never read another seat's hand or the deck from the state itself. A heuristic that needs
only a few parts of a view may read them from the state through a table module beside it
(``heuristics/<game>_table.py``), which reads just what the view shows the seat and is
pinned part by part against ``view(seat)`` by a test (a search reads a heuristic at every
move of every rollout, and a whole view costs most of that).
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Iterator, Mapping
from typing import Protocol, cast, runtime_checkable

from stratagem.bots.levels import level, level_names
from stratagem.bots.mistakes import Erring, mistakes_option
from stratagem.core import Action, Game, OptionError, State


class Bot(Protocol):
    """Anything that picks an action for a seat."""

    name: str

    def choose(self, state: State, seat: int) -> Action:
        """One of ``state.legal_actions()`` for ``seat``, who is to move."""
        ...


@runtime_checkable
class Ranker(Protocol):
    """A bot that can also order all of a seat's legal actions by its own judgement (the
    search then races the best of them rather than a random few)."""

    def rank(self, state: State, seat: int) -> list[Action]:
        """Every one of ``state.legal_actions()``, best first; the first is what ``choose``
        would return."""
        ...


@runtime_checkable
class WorldShaper(Protocol):
    """A bot that can remake, in a world redealt for a search, the hidden choices the
    other seats have already made there as it would have made them (a search that models
    the other seats by this bot then imagines them consistently, before and after its
    root)."""

    shapes_by_default: bool
    """Whether a search reshapes its worlds by this bot unless told (``ismcts``'s
    ``worlds``): where it was measured to gain."""

    def reshape(self, world: State, seat: int, rng: random.Random) -> None:
        """Change ``world``, a ``resample_hidden(seat, ...)`` of the real state, in place:
        only what ``seat`` cannot see, from ``world`` and ``rng`` alone."""
        ...


def draw_world(state: State, seat: int, rng: random.Random, shaper: WorldShaper | None) -> State:
    """A world consistent with what ``seat`` sees: the game's redeal, reshaped by
    ``shaper`` where one is given (``ismcts``'s ``worlds``)."""
    world = state.resample_hidden(seat, rng)
    if shaper is not None:
        shaper.reshape(world, seat, rng)
    return world


@runtime_checkable
class Planner(Protocol):
    """A bot that can take a decision which is one step of a hidden plan settled against
    the other seats' hidden plans at a reveal (Eighty Years War's discards and melds) over
    the worlds a search drew: as a best response to the other seats played as this bot
    would play them, or (Eighty Years War's discards) by its own rule from the seat's view,
    the same in every world (a search that models them by this bot then answers the whole
    plan at once rather than one step at a time)."""

    def planned(self, legal: list[Action]) -> bool:
        """Whether a decision among ``legal`` (the seat to move's) is such a step."""
        ...

    def respond(self, legal: list[Action], worlds: Iterator[State], seat: int) -> Action:
        """One of ``legal``: the step of the plan worth most in ``worlds``, each a
        ``resample_hidden(seat, ...)`` of the real state (only they are read). ``worlds``
        yields at least one and at most as many as the search can afford; the planner takes
        only those it needs (one for a step its own rule takes from the seat's view, or
        that follows the plan it made at an earlier step)."""
        ...


BotFactory = Callable[[Game, random.Random], Bot]
ConfigurableFactory = Callable[[Game, random.Random, Mapping[str, str]], Bot]
"""A bot factory that also takes the options of a bot spec (``ismcts:iterations=500``) as
text; it validates them and raises ``OptionError`` for bad ones."""

_BOTS: dict[str, BotFactory] = {}
_CONFIGURABLE: dict[str, ConfigurableFactory] = {}
_HEURISTICS: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """A bot that plays every game (``random``, ...)."""
    _BOTS[name] = factory


def register_configurable_bot(name: str, factory: ConfigurableFactory) -> None:
    """A bot that plays every game and takes options (``ismcts:iterations=500``)."""
    _CONFIGURABLE[name] = factory


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=500,c=0.5"`` as ``("ismcts", {"iterations": "500", "c": "0.5"})``.

    The name is folded to lower case; options are ``KEY=VALUE`` separated by commas.
    Raises ``OptionError`` for an option without ``=`` or given twice.
    """
    name, _, rest = spec.strip().partition(":")
    options: dict[str, str] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not key or not value.strip():
            raise OptionError(
                f"bot {spec!r}: options are KEY=VALUE (e.g. iterations=500), not {item!r}"
            )
        if key in options:
            raise OptionError(f"bot {spec!r}: option {key!r} is given twice")
        options[key] = value.strip()
    return name.strip().lower(), options


def register_heuristic(game: str, factory: BotFactory) -> None:
    """The ``heuristic`` bot of one game (overrides the one found by discovery)."""
    _HEURISTICS[game] = factory


HEURISTICS_PACKAGE = "stratagem.bots.heuristics"
"""A game's heuristic is the ``HEURISTIC`` factory of the module named after the game here;
the module may also hold an ``EVALUATOR`` factory (see ``Evaluator``)."""


def _heuristic(game: str) -> BotFactory | None:
    """The heuristic of ``game``: registered, or found in ``HEURISTICS_PACKAGE``, or none."""
    factory = _HEURISTICS.get(game)
    if factory is not None:
        return factory
    name = f"{HEURISTICS_PACKAGE}.{game}"
    if not game.isidentifier() or importlib.util.find_spec(name) is None:
        return None
    factory = cast(BotFactory, importlib.import_module(name).HEURISTIC)
    _HEURISTICS[game] = factory
    return factory


class Evaluator(Protocol):
    """A game's estimate of how a position will end, for searches that stop early.

    Both are asked only about worlds redealt from a seat's view (``resample_hidden``: by
    ``ismcts`` and ``analysis``), never about the game itself; they read what everyone may
    see, and Sixteen Thirty Something's ``values`` reads the world's Victory Point Counters
    too (in such a world, the searching seat's own and a guess at the others': DECISIONS,
    "An evaluator reads the world it is given").
    """

    def horizon(self, state: State) -> int:
        """A public count that grows as the game goes on (the turn): a search's rollout
        stops once it has grown by the rollout's horizon."""
        ...

    @property
    def round_turns(self) -> int:
        """How much ``horizon`` grows in one round of play, in which every seat has had its
        turn: a search's rollouts play one round by default, so that the other seats
        answer what it tried before the position is judged."""
        ...

    @property
    def rollout_cap(self) -> int | None:
        """Most actions a search's rollout plays before it is judged, where the game names
        one (the search's ``max_rollout`` when not given; ``None``: no cap)."""
        ...

    def values(self, state: State) -> list[float]:
        """Each seat's expected return from here, in the range of ``returns()``."""
        ...


EvaluatorFactory = Callable[[Game], Evaluator]


def make_evaluator(game: Game) -> Evaluator | None:
    """The ``EVALUATOR`` of ``game``'s heuristic module, or ``None`` where it has none."""
    name = f"{HEURISTICS_PACKAGE}.{game.name}"
    if not game.name.isidentifier() or importlib.util.find_spec(name) is None:
        return None
    module = importlib.import_module(name)
    factory = cast(EvaluatorFactory | None, getattr(module, "EVALUATOR", None))
    return None if factory is None else factory(game)


def bot_names(game: str) -> list[str]:
    """The bots that can play ``game``: its levels (weakest first, where it has a
    heuristic to build them on), then every bot by name."""
    names = sorted([*_BOTS, *_CONFIGURABLE])
    if _heuristic(game) is None:
        return names
    return [*level_names(), *sorted([*names, "heuristic"])]


def make_bot(spec: str, game: Game, rng: random.Random) -> Bot:
    """A bot by name (or spec with options, ``ismcts:seconds=1``) for ``game``; a level's
    name (``hard``, ``bots.levels``) plays the level's spec, with any options given laid
    over the level's own (``hard:iterations=200``); the bot is named as asked.

    ``rng`` is the bot's own seeded source of randomness. Unknown bots and bad options
    raise ``OptionError``.
    """
    name, options = parse_bot_spec(spec)
    found = level(name)
    if found is not None and _heuristic(game.name) is not None:
        base, own = parse_bot_spec(found.spec)
        merged = {**own, **options}
        given = ",".join(f"{key}={value}" for key, value in merged.items())
        try:
            bot = make_bot(f"{base}:{given}" if given else base, game, rng)
        except OptionError as error:
            raise OptionError(f"level {name!r} (bot {found.spec!r}): {error}") from None
        asked = ",".join(f"{key}={value}" for key, value in options.items())
        bot.name = f"{name}:{asked}" if asked else name
        return bot
    configurable = _CONFIGURABLE.get(name)
    if configurable is not None:
        return configurable(game, rng, options)
    if name == "heuristic":
        factory = _heuristic(game.name)
        if factory is None:
            raise OptionError(
                f"{game.name} has no heuristic bot; bots: {', '.join(bot_names(game.name))}"
            )
        if options:
            chance = mistakes_option(options)
            return Erring(factory(game, random.Random(rng.getrandbits(64))), chance, rng)
        return factory(game, rng)
    if options:
        raise OptionError(f"bot {name!r} takes no options (given: {', '.join(options)})")
    factory = _BOTS.get(name)
    if factory is None:
        raise OptionError(
            f"no bot named {name!r}; bots for {game.name}: {', '.join(bot_names(game.name))}"
        )
    return factory(game, rng)
