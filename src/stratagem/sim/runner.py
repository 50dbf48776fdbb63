"""The match runner: one game between bots, reproduced exactly by its seed.

A match is fully determined by (game, options, seed, bot names): chance outcomes are drawn
with ``state.sample_chance`` from a ``random.Random`` derived from the seed, and every bot
gets its own ``random.Random`` derived from the seed and its seat, so that one bot's use of
randomness never shifts another's or the deck's. Derived seeds come from strings
(``"<seed>/chance"``), which ``random.Random`` hashes with SHA-512: they are the same on
every machine and Python run, whatever ``PYTHONHASHSEED`` is.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from stratagem.bots import Bot, bot_names, make_bot, parse_bot_spec
from stratagem.core import CHANCE, Action, Game, JsonDict, OptionError, State
from stratagem.sim.stats import Outcome

StepCallback = Callable[[State, int, Action], None]
"""Called after each applied action with the state, who acted (a seat or ``CHANCE``) and
the action."""

DEFAULT_BOT = "random"


def seed_for(master_seed: int, index: int) -> int:
    """The seed of game ``index`` of a study with ``master_seed`` (63 bits, deterministic)."""
    return random.Random(f"{master_seed}/{index}").getrandbits(63)


def chance_rng(seed: int) -> random.Random:
    """The generator that draws a match's chance outcomes."""
    return random.Random(f"{seed}/chance")


def bot_rng(seed: int, seat: int) -> random.Random:
    """The generator of the bot in ``seat`` of the match with ``seed``."""
    return random.Random(f"{seed}/seat/{seat}")


def make_bots(game: Game, names: Sequence[str], seed: int) -> list[Bot]:
    """One bot per seat, by name, each with its own generator derived from ``seed``."""
    return [make_bot(name, game, bot_rng(seed, seat)) for seat, name in enumerate(names)]


def resolve_seats(
    game: Game,
    seat_bots: Mapping[str, str],
    *,
    extra: Sequence[str] = (),
    default: str = DEFAULT_BOT,
) -> list[str]:
    """The bot name of every seat, in seat order, from ``{seat name: bot name}``.

    Seat names are matched without regard to case; seats not given get ``default``. Bot
    names must be bots of ``game`` or one of ``extra`` (``"human"`` for the CLI). Raises
    ``OptionError`` naming the unknown seat or bot and the valid choices.
    """
    names = [default] * game.num_players
    given: set[int] = set()
    known = [*bot_names(game.name), *extra]
    for seat_name, bot in seat_bots.items():
        try:
            seat = game.seat_index(seat_name)
        except ValueError as error:
            raise OptionError(str(error)) from None
        if seat in given:
            raise OptionError(f"seat {game.seat_names[seat]} is given twice")
        bot_name = check_bot(game, bot, known)
        given.add(seat)
        names[seat] = bot_name
    if default not in known:
        raise OptionError(f"no bot named {default!r} for {game.name}")
    return names


def check_bot(game: Game, spec: str, known: Sequence[str] | None = None) -> str:
    """``spec`` (``random``, ``ismcts:iterations=500``) folded to lower case, once checked.

    The bot must be one of ``known`` (default: the bots of ``game``) and its options valid;
    raises ``OptionError`` naming the bot and the choices.
    """
    if known is None:
        known = bot_names(game.name)
    bot_name = spec.strip().lower()
    base, options = parse_bot_spec(bot_name)
    if base not in known:
        raise OptionError(f"no bot named {spec!r} for {game.name}; choose from: {', '.join(known)}")
    if base in bot_names(game.name):
        make_bot(bot_name, game, random.Random(0))  # checks the options
    elif options:
        raise OptionError(f"{base!r} takes no options (given: {', '.join(options)})")
    return bot_name


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One finished match: everything needed to report it or play it again."""

    game: str
    options: JsonDict
    seed: int
    bots: tuple[str, ...]
    returns: tuple[float, ...]
    result: JsonDict
    winners: tuple[int, ...]
    length: int
    """Every applied action, chance outcomes included."""
    decisions: int
    """Actions taken by seats."""
    turns: int | None
    """``view(None)["turn"]`` at the end, for games whose view has a turn."""
    first_player: int | None
    history: tuple[str, ...]
    public: JsonDict = field(default_factory=dict)
    """Each seat's public numbers at the end (``public_numbers``)."""

    def outcome(self) -> Outcome:
        """The statistics' record of this match."""
        return Outcome(
            winners=self.winners,
            first_player=self.first_player,
            length=self.length,
            decisions=self.decisions,
            turns=self.turns,
        )


def play_match(
    game: Game, bots: Sequence[Bot], seed: int, *, on_step: StepCallback | None = None
) -> MatchResult:
    """Play one game to its end: chance drawn from ``seed``, each seat by its bot.

    Bots are asked ``bots[seat].choose(state, seat)`` and their action is applied for that
    seat, so a bot that returns an illegal action raises ``IllegalAction``. Exceptions a bot
    raises (a person quitting, say) propagate. ``on_step`` sees every applied action.
    """
    if len(bots) != game.num_players:
        raise ValueError(f"{game.name} has {game.num_players} seats, not {len(bots)}")
    rng = chance_rng(seed)
    state = game.new_initial_state()
    decisions = 0
    first_player: int | None = None
    while not state.is_terminal():
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
            state.apply_action(action)
        else:
            action = bots[player].choose(state, player)
            state.apply_action(action, seat=player)
            decisions += 1
            if first_player is None:
                first_player = player
        if on_step is not None:
            on_step(state, player, action)
    return _match_result(state, seed, [bot.name for bot in bots], decisions, first_player)


def _match_result(
    state: State, seed: int, bots: Sequence[str], decisions: int, first_player: int | None
) -> MatchResult:
    """The ``MatchResult`` of a finished ``state``."""
    game = state.game
    result = state.result()
    view = state.view(None)
    turn = view.get("turn")
    return MatchResult(
        game=game.name,
        options=dict(game.options),
        seed=seed,
        bots=tuple(bots),
        returns=tuple(state.returns()),
        result=result,
        winners=tuple(game.seat_index(name) for name in result["winners"]),
        length=len(state.history),
        decisions=decisions,
        turns=turn if isinstance(turn, int) and not isinstance(turn, bool) else None,
        first_player=first_player,
        history=tuple(action.text for action in state.history),
        public=public_numbers(view, game.seat_names),
    )


def public_numbers(view: JsonDict, seat_names: Sequence[str]) -> JsonDict:
    """The public view's numbers kept seat by seat (1750's ``gold``, Eighty Years War's
    ``provinces``), as ``{key: {seat: number}}``: what every seat could see at the end."""
    found: JsonDict = {}
    for key, value in view.items():
        if (
            isinstance(value, dict)
            and value
            and set(value) <= set(seat_names)
            and all(isinstance(v, int | float) and not isinstance(v, bool) for v in value.values())
        ):
            found[str(key)] = dict(value)
    return found
