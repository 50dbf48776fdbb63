"""The 1750: Britain vs. France heuristic bot: sensible play a person finds a fair opponent.

It reads only what its seat sees, the public table (the board, gold, exports, the battle;
through ``britain_vs_france_table``, which reads them from the state without building the
whole view), and the game's public card data, and decides each kind of choice by a short rule:

- set-up: take the first turn; control colonies whose export it lacks, then any;
- cards: play every card offered (a window offers only cards that would do something),
  cancel every card the opponent plays, aim at the strongest enemy unit or the colony
  that helps most;
- colony rolls: all of them; political objectives: the easiest one it does not hold,
  boosted with 1 gold when gold is plentiful; Counter-Diplomacy with 1 gold when it can;
- purchases: cheap units first (more dice win pairings), then the best modifier per
  gold, an event with a single gold left;
- movement: take undefended colonies, attack where it has the numbers, never leave one
  of its colonies empty while enemies are one space away;
- battles: pair its best unit against their best, add extras to the closest pairing,
  lose its cheapest unit; placement: empty colonies of its own first, then the High Seas;
- a new colony: at the end of its theater beside a colony of its own.
"""

from __future__ import annotations

import random
from typing import Any, cast

from stratagem.bots.heuristics import TurnEvaluator, normal_cdf
from stratagem.bots.heuristics.britain_vs_france_table import Table
from stratagem.core import Action, Game, State
from stratagem.games.britain_vs_france import encoding
from stratagem.games.britain_vs_france.effects import EXPORTS
from stratagem.games.britain_vs_france.game import BritainVsFrance
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.state import BritainVsFranceState


class BritainVsFranceHeuristic:
    """The ``heuristic`` bot of 1750: Britain vs. France."""

    name = "heuristic"

    def __init__(self, game: Game, rng: random.Random) -> None:
        if not isinstance(game, BritainVsFrance):
            raise TypeError("BritainVsFranceHeuristic plays only britain_vs_france")
        self.game = game
        self.book = game.book
        self.codes = game.codes
        self.rng = rng
        self.unit_by_label = {label: i for i, label in enumerate(self.book.unit_labels)}

    # -- what the bot knows ------------------------------------------------------------

    @staticmethod
    def _board(view: Table) -> dict[str, dict[str, Any]]:
        """Location name -> {control, export, units: {side: [labels]}, theater}, read once
        per position (every action's scorer asks for it)."""
        return view.board()

    def _strength(self, labels: list[str]) -> float:
        """Expected best score of a group of units (more dice and bigger modifiers)."""
        book = self.book
        units = [
            book.modifier[book.units[self.unit_by_label[label]]]
            for label in labels
            if self._is_unit(label)
        ]
        if not units:
            return 0.0
        return 3.5 + max(units) + 0.8 * (len(units) - 1)

    def _is_unit(self, label: str) -> bool:
        return self.book.is_unit[self.book.units[self.unit_by_label[label]]]

    # -- the decision ------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = Table(cast(BritainVsFranceState, state))
        scores = [self._score(view, seat, action) for action in legal]
        return legal[scores.index(max(scores))]  # ties: the first, so choices are repeatable

    def _score(self, view: Table, seat: int, action: Action) -> float:
        codes = self.codes
        kind = codes.kind[action.id]
        a = codes.a[action.id]
        b = codes.b[action.id]
        scorer = _SCORERS.get(kind)
        if scorer is None:
            return 0.0
        return scorer(self, view, seat, a, b)

    # -- scorers, one per kind of action -------------------------------------------------

    def _first_choice(self, view: Table, seat: int, a: int, b: int) -> float:
        return 1.0 if a == encoding.TURN_FIRST else 0.0

    def _control(self, view: Table, seat: int, a: int, b: int) -> float:
        export = EXPORTS[self.book.colony_export[a]]
        return 2.0 if export not in view.exports(seat) else 1.0

    def _play(self, view: Table, seat: int, a: int, b: int) -> float:
        return 5.0 - b  # any offered card helps; the first option of an "OR" card

    def _target_unit(self, view: Table, seat: int, a: int, b: int) -> float:
        book = self.book
        kind = book.units[a]
        mine = a in self._own_units(view, seat)
        value = book.modifier[kind] + book.cost[kind] + (3 if book.is_leader[kind] else 0)
        return -value if mine else value

    def _own_units(self, view: Table, seat: int) -> set[int]:
        board = self._board(view)
        return {
            self.unit_by_label[label]
            for place in board.values()
            for label in place["units"][SEATS[seat]]
        }

    def _target_location(self, view: Table, seat: int, a: int, b: int) -> float:
        board = self._board(view)
        place = board[self.book.locations[a]]
        return self._colony_value(view, seat, place)

    def _colony_value(self, view: Table, seat: int, place: dict[str, Any]) -> float:
        if place.get("export") is None:
            return 0.5
        lacking = place["export"] not in view.exports(seat)
        return 2.0 + (1.0 if lacking else 0.0)

    def _colony_roll(self, view: Table, seat: int, a: int, b: int) -> float:
        return 1.0

    def _attempt(self, view: Table, seat: int, a: int, b: int) -> float:
        book = self.book
        difficulty = book.difficulty[book.political[a]]
        helps_me = book.po_units_for[book.political[a]] in (seat, 2)
        return 10.0 - difficulty + (1.0 if helps_me else 0.0)

    def _boost(self, view: Table, seat: int, a: int, b: int) -> float:
        gold = view.gold(seat)
        wanted = 1 if gold >= 5 else 0
        return -abs(a - wanted)

    def _counter(self, view: Table, seat: int, a: int, b: int) -> float:
        return -abs(a - 1)

    def _buy(self, view: Table, seat: int, a: int, b: int) -> float:
        book = self.book
        if not book.is_unit[a]:
            return 0.2
        cost = max(1, book.cost[a])
        movable = 0.0 if book.moves[a] == "no" else 0.3
        return (1.0 + 0.25 * book.modifier[a]) / cost + movable

    def _colony_end(self, view: Table, seat: int, a: int, b: int) -> float:
        """A new colony beside one of its own colonies, so its units are one space away."""
        book = self.book
        names = view.colonies(book.colony_theater[a])
        others = [name for name in names if name != book.colony_names[a]]
        beside = others[0] if b == encoding.LEFT_END else others[-1]
        return 1.0 if self._board(view)[beside]["control"] == SEATS[seat] else 0.0

    def _buy_event(self, view: Table, seat: int, a: int, b: int) -> float:
        return 0.1 if view.gold(seat) == 1 else 0.05

    def _end(self, view: Table, seat: int, a: int, b: int) -> float:
        return 0.0

    def _take_control(self, view: Table, seat: int, a: int, b: int) -> float:
        """A colony is worth a point and its export to its holder: take it."""
        return 1.0

    def _move(self, view: Table, seat: int, a: int, b: int) -> float:
        board = self._board(view)
        me, them = SEATS[seat], SEATS[1 - seat]
        label = self.book.unit_labels[a]
        origin = next(name for name, place in board.items() if label in place["units"][me])
        dest = board[self.book.locations[b]]
        score = 0.0
        if dest.get("export") is not None and dest["control"] != me:
            enemies = dest["units"][them]
            if not enemies:
                score += 10.0 + self._colony_value(view, seat, dest)
            else:
                ours = [*dest["units"][me], label]
                score += 4.0 if self._strength(ours) > self._strength(enemies) + 0.5 else -4.0
        elif dest.get("export") is None:
            score += 0.5 if board[origin]["control"] == me else 0.2
        else:
            score -= 0.5
        source = board[origin]
        if source["control"] == me and len(source["units"][me]) == 1:
            score -= 3.0
        return score

    def _fight(self, view: Table, seat: int, a: int, b: int) -> float:
        return 0.0 if a == self.book.high_seas else 1.0

    def _pair(self, view: Table, seat: int, a: int, b: int) -> float:
        book = self.book
        return book.modifier[book.units[a]] + book.modifier[book.units[b]]

    def _join(self, view: Table, seat: int, a: int, b: int) -> float:
        battle = view.battle()
        key = self.book.unit_labels[b]
        for pairing in battle.get("pairings", []):
            if key in pairing["defenders"]:
                mine_attacking = battle["attacker"] == SEATS[seat]
                ours = pairing["attackers"] if mine_attacking else pairing["defenders"]
                theirs = pairing["defenders"] if mine_attacking else pairing["attackers"]
                return self._strength(theirs) - self._strength(ours)
        return 0.0

    def _destroy(self, view: Table, seat: int, a: int, b: int) -> float:
        book = self.book
        kind = book.units[a]
        return -(book.cost[kind] + book.modifier[kind] + (3 if book.is_leader[kind] else 0))

    def _place(self, view: Table, seat: int, a: int, b: int) -> float:
        board = self._board(view)
        me = SEATS[seat]
        place = board[self.book.locations[b]]
        if not self._is_unit(self.book.unit_labels[a]):
            return 1.0 + len(place["units"][me])
        if place.get("export") is None:
            return 1.0
        return 2.0 if not place["units"][me] else 0.5

    def _ransom(self, view: Table, seat: int, a: int, b: int) -> float:
        return -1.0  # never pays

    def _accept(self, view: Table, seat: int, a: int, b: int) -> float:
        return 1.0


_SCORERS = {
    encoding.FIRST_CHOICE: BritainVsFranceHeuristic._first_choice,
    encoding.CONTROL: BritainVsFranceHeuristic._control,
    encoding.PLAY: BritainVsFranceHeuristic._play,
    encoding.TARGET_UNIT: BritainVsFranceHeuristic._target_unit,
    encoding.TARGET_LOCATION: BritainVsFranceHeuristic._target_location,
    encoding.TARGET_CARD: BritainVsFranceHeuristic._colony_roll,
    encoding.COLONY_ROLL: BritainVsFranceHeuristic._colony_roll,
    encoding.ATTEMPT: BritainVsFranceHeuristic._attempt,
    encoding.BOOST: BritainVsFranceHeuristic._boost,
    encoding.COUNTER: BritainVsFranceHeuristic._counter,
    encoding.BUY: BritainVsFranceHeuristic._buy,
    encoding.BUY_EVENT: BritainVsFranceHeuristic._buy_event,
    encoding.MOVE: BritainVsFranceHeuristic._move,
    encoding.FIGHT: BritainVsFranceHeuristic._fight,
    encoding.PAIR: BritainVsFranceHeuristic._pair,
    encoding.JOIN: BritainVsFranceHeuristic._join,
    encoding.DESTROY: BritainVsFranceHeuristic._destroy,
    encoding.PLACE: BritainVsFranceHeuristic._place,
    encoding.RANSOM: BritainVsFranceHeuristic._ransom,
    encoding.EXCHANGE: BritainVsFranceHeuristic._ransom,
    encoding.ACCEPT_RANSOM: BritainVsFranceHeuristic._accept,
    encoding.COLONY_END: BritainVsFranceHeuristic._colony_end,
    encoding.TAKE_CONTROL: BritainVsFranceHeuristic._take_control,
}

HEURISTIC = BritainVsFranceHeuristic


TURN_SPREAD = 3.2
"""Standard deviation of one turn's change in the Britain-minus-France victory points
(heuristic against heuristic, 40 games). The final difference spreads hardly more (3.9):
points follow control, which swings back and forth, so the spread does not grow with the
turns left."""


class BritainVsFranceEvaluator(TurnEvaluator):
    """Expected returns from the public victory points now (Ending the Game: most points
    win; the secret objectives, hidden from the other seat, are left out).

    Britain's lead at the end is modelled as a normal variable centred on today's lead,
    spread ``TURN_SPREAD`` while any turn is left.
    """

    game_type = BritainVsFrance
    round_turns = 2
    """A turn is one side's (Sequence of Play: the sides take turns, 5 each): a round is
    a turn of each side, so a rollout sees the other side answer."""

    def estimate(self, state: State) -> list[float]:
        # the public points only: the secret objectives' points are hidden from the other seat
        points = list(state.view(None)["points_now_without_secret_objectives"].values())
        lead = normal_cdf((points[0] - points[1]) / TURN_SPREAD)
        return [2.0 * lead - 1.0, 1.0 - 2.0 * lead]


EVALUATOR = BritainVsFranceEvaluator
"""This game's position evaluator (for searches that stop early)."""
