"""The 1750 state: its fields, the engine contract and copies.

The rules live beside it, by concern: ``flow`` (set-up and the eight steps of the turn),
``legal`` (what the seat to move may do), ``moves`` (carrying out a decision), ``cards``
(the effect interpreter and the response windows), ``battle`` (pairings, dice, losses,
capture), ``scoring`` (revenue and the end of the game). Every field is a plain int or a
list of ints, so ``clone`` copies flat lists and ``to_json`` writes the fields as they are.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Self, cast

from stratagem.core import CHANCE, Action, CachedLegalState, IllegalAction, JsonDict
from stratagem.games.britain_vs_france.effects import EXPORTS
from stratagem.games.britain_vs_france.flow import advance, begin_setup
from stratagem.games.britain_vs_france.legal import chance_outcomes, legal_actions
from stratagem.games.britain_vs_france.moves import carry_out
from stratagem.games.britain_vs_france.places import (
    BOX,
    NO_DIE,
    OVER,
    POOL,
    SETUP_COLONIES,
    SUPPLY,
)
from stratagem.games.britain_vs_france.refusals import why_illegal
from stratagem.games.britain_vs_france.scoring import game_result
from stratagem.games.britain_vs_france.views import build_view, resample

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.game import BritainVsFrance
    from stratagem.games.britain_vs_france.pack import Book

SCALARS = (
    "turn",
    "active",
    "first",
    "phase",
    "sub",
    "to_move",
    "die_for",
    "window",
    "rolling",
    "colony_mod",
    "po",
    "po_stage",
    "po_boost",
    "po_mod",
    "po_counter",
    "draw_deck",
    "draw_from_deck",
    "bat_loc",
    "bat_stage",
    "placer",
    "placed",
    "ransom_unit",
    "ransom_gold",
    "ransom_used",
    "ransom_swap",
    "moving_unit",
    "choosing",
)
"""Fields that are one int each."""

FLAT = (
    "control",
    "unused",
    "uloc",
    "uown",
    "moved",
    "eloc",
    "gold",
    "supply",
    "po_control",
    "granted",
    "secret",
    "rolled",
    "passed",
    "draws",
    "bat_mod",
    "roll_queue",
    "dice",
    "response",
    "quiet",
    "new_colony",
    "taking",
)
"""Fields that are a flat list of ints."""

NESTED = ("line", "exports", "pairs", "losses", "effects")
"""Fields that are a list of lists of ints (``pairs``: ``[key, attackers..., -1,
defenders...]``)."""


class BritainVsFranceState(CachedLegalState):
    """One position of 1750: Britain vs. France."""

    __slots__ = ("_g", "book", *SCALARS, *FLAT, *NESTED)

    _g: BritainVsFrance
    book: Book
    _legal: list[Action] | None
    turn: int
    active: int
    first: int
    phase: int
    sub: int
    to_move: int
    die_for: int
    window: int
    rolling: int
    colony_mod: int
    po: int
    po_stage: int
    po_boost: int
    po_mod: int
    po_counter: int
    draw_deck: int
    draw_from_deck: int
    bat_loc: int
    bat_stage: int
    placer: int
    placed: int
    ransom_unit: int
    ransom_gold: int
    ransom_used: int
    ransom_swap: int
    moving_unit: int
    choosing: int
    control: list[int]
    unused: list[int]
    uloc: list[int]
    uown: list[int]
    moved: list[int]
    eloc: list[int]
    gold: list[int]
    supply: list[int]
    po_control: list[int]
    granted: list[int]
    secret: list[int]
    rolled: list[int]
    passed: list[int]
    draws: list[int]
    bat_mod: list[int]
    roll_queue: list[int]
    dice: list[int]
    response: list[int]
    quiet: list[int]
    """Seats that passed for the rest of the turn (no window asks them, cancels aside)."""
    new_colony: list[int]
    taking: list[int]
    """``[colony, seat]`` while ``seat`` chooses the end of the line for a new colony."""
    line: list[list[int]]
    exports: list[list[int]]
    pairs: list[list[int]]
    losses: list[list[int]]
    effects: list[list[int]]

    # -- set-up ------------------------------------------------------------------------

    @classmethod
    def bare(cls, game: BritainVsFrance) -> Self:
        """Every card in its box: no colony drawn, no card dealt (for set-up and loading)."""
        book = game.book
        state = cls(game)
        state._g = game
        state.book = book
        state._legal = None
        for name in SCALARS:
            setattr(state, name, 0)
        for name in ("window", "rolling", "po", "bat_loc", "placer", "ransom_unit", "ransom_swap"):
            setattr(state, name, -1)
        state.moving_unit = -1
        state.choosing = 0
        state.die_for = NO_DIE
        state.phase = SETUP_COLONIES
        state.turn = 1
        state.to_move = CHANCE
        state.draw_deck = game.draw_deck_size
        colonies = len(book.colonies)
        units = len(book.units)
        state.control = [-1] * colonies
        state.unused = list(range(colonies))
        state.uloc = [SUPPLY] * units
        state.uown = [-1] * units
        state.moved = [-1] * units
        state.eloc = [
            POOL if card < book.historic_events else BOX for card in range(len(book.events))
        ]
        state.gold = [0, 0]
        state.supply = [book.rules.components.exports[e] for e in EXPORTS]
        state.po_control = [-1] * len(book.political)
        state.granted = [-1] * units
        state.secret = [-1, -1]
        state.rolled = []
        state.passed = [0, 0]
        state.draws = []
        state.bat_mod = [0, 0]
        state.roll_queue = []
        state.dice = [0] * units
        state.response = []
        state.quiet = [0, 0]
        state.new_colony = []
        state.taking = []
        state.line = [[] for _ in range(4)]
        state.exports = [[0] * 9, [0] * 9]
        state.pairs = []
        state.losses = []
        state.effects = []
        return state

    @classmethod
    def initial(cls, game: BritainVsFrance) -> Self:
        """Set-up A) to D), then the colony draws of E) begin (chance) [Setup: A)]
        [Setup: C)] [Setup: E)]."""
        state = cls.bare(game)
        begin_setup(state)
        advance(state)
        return state

    # -- the engine contract -------------------------------------------------------------

    def current_player(self) -> int:
        return self.to_move

    def _compute_legal(self) -> list[Action]:
        if self.to_move < 0:
            return []
        return legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        if self.to_move != CHANCE:
            return []
        return chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Action:
        """One outcome with its probability (a die, a colony or a card drawn)."""
        outcomes = self.chance_outcomes()
        if not outcomes:
            raise IllegalAction("this is not a chance node")
        point = rng.random()
        total = 0.0
        for action, probability in outcomes:
            total += probability
            if point < total:
                return action
        return outcomes[-1][0]

    def _why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _apply(self, action: Action) -> None:
        self._legal = None
        codes = self._g.codes
        index = action.id
        carry_out(self, codes.kind[index], codes.a[index], codes.b[index])
        advance(self)

    # -- outcome -----------------------------------------------------------------------

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0, 0.0]
        winners = self.result()["winners"]
        if not winners:
            return [0.0, 0.0]
        return [1.0, -1.0] if winners == ["Britain"] else [-1.0, 1.0]

    def result(self) -> JsonDict:
        return game_result(self)

    # -- information, copies -------------------------------------------------------------

    def view(self, seat: int | None) -> JsonDict:
        return build_view(self, seat)

    def resample_hidden(self, seat: int, rng: random.Random) -> BritainVsFranceState:
        return resample(self, seat, rng)

    def clone(self) -> Self:
        other = object.__new__(type(self))
        self._copy_base(other)
        other._g = self._g
        other.book = self.book
        other._legal = self._legal
        _copy_fields(self, other)
        return other

    def _state_doc(self) -> JsonDict:
        doc: JsonDict = {name: getattr(self, name) for name in SCALARS}
        for name in FLAT:
            doc[name] = getattr(self, name).copy()
        for name in NESTED:
            doc[name] = [item.copy() for item in getattr(self, name)]
        return doc


def _build_copier() -> Callable[[BritainVsFranceState, BritainVsFranceState], None]:
    """A function copying every field (flat lists copied, nested lists row by row),
    written out once so that ``clone`` does no attribute look-up by name."""
    body = ["def copy_fields(a, b):"]
    body += [f"    b.{name} = a.{name}" for name in SCALARS]
    body += [f"    b.{name} = a.{name}.copy()" for name in FLAT]
    body += [f"    b.{name} = [row.copy() for row in a.{name}]" for name in NESTED]
    namespace: dict[str, Any] = {}
    exec("\n".join(body), namespace)  # generated from the field names above
    return cast(
        Callable[[BritainVsFranceState, BritainVsFranceState], None], namespace["copy_fields"]
    )


_copy_fields = _build_copier()
