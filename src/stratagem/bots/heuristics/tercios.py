"""The Tercios heuristic bot: a period general's habits, read from its own view alone
(through ``tercios_table``, the few fields of the view it needs, read from the state).

- Planning: shot and guns with an enemy in reach are ordered to Fire!; horse facing a
  disordered or weary enemy near enough to charge gets Assault!, and so do foot that can
  reach a worn enemy; worn units out of danger regroup (Resist!); the rest close with the
  enemy (Ready!, or Run! when far away).
- Activation: units with Fire! orders first, then charges, then the rest, nearest to the
  enemy first; commanders inspire units about to fight, and keep near their regiments.
- Actions: shoot the most worn enemy in reach, charge the most worn (disordered, weary)
  target, otherwise advance on the nearest enemy; react with fire, counter-charge or evade;
  after breaking an enemy advance unless disordered or weary; caracole after firing when an
  enemy is near; a commander a unit passes through stands aside behind it.

``rank`` orders every legal action by the same scores (``bots.base.Ranker``): a search
races the heuristic's choice against the next best of them.

``EVALUATOR`` (for searches that stop at the end of a turn) models the first side's
victory-point lead at the end as a normal variable: today's lead plus ``MELEE_WEIGHT`` x
its advantage in (Stamina - Dm) x Melee of the troops left per turn left, spread
``TURN_SPREAD`` x the square root of the turns left; the value is P(win) - P(loss), both
constants fitted by likelihood to heuristic games.
"""

from __future__ import annotations

import math
import random
from typing import cast

from stratagem.bots.heuristics import TurnEvaluator, normal_cdf
from stratagem.bots.heuristics.tercios_table import Table, Unit
from stratagem.core import Action, Game, State
from stratagem.games.tercios.encoding import AFTER_COMBAT, CARACOLE, TURN_ANGLES, TURNS, WITHDRAW
from stratagem.games.tercios.game import Tercios
from stratagem.games.tercios.state import TerciosState
from stratagem.games.tercios.virtues import stamina

FAR = 20.0
SHOT_REACH = 12.0
CARACOLE_REACH = 10.0
"""Inches (between centres) within which an enemy could charge horse that has just fired."""


def _distance(a: Unit, b: Unit) -> float:
    return math.hypot(a["x"] - b["x"], a["y"] - b["y"])


def _worn(unit: Unit) -> float:
    """How ripe a target is: Dm against Stamina, disorder and weariness."""
    return float(unit["dm"] / max(1, unit["stamina"]) + unit["disorder"] + unit["weary"])


class TerciosHeuristic:
    """The ``heuristic`` bot of Liber Militum: Tercios."""

    name = "heuristic"

    def __init__(self, game: Game, rng: random.Random) -> None:
        if game.name != "tercios":
            raise TypeError("TerciosHeuristic plays only tercios")
        self.game = game
        self.rng = rng

    def choose(self, state: State, seat: int) -> Action:
        """The legal action scored highest by the habits above (ties broken at random)."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        return self.rank(state, seat)[0]

    def rank(self, state: State, seat: int) -> list[Action]:
        """Every legal action, best scored first (ties in a random order)."""
        legal = state.legal_actions()
        table = Table(cast(TerciosState, state), seat)
        side = table.seat
        units = table.units
        mine = [u for u in units.values() if u["side"] == side]
        enemies = [u for u in units.values() if u["side"] != side]
        passed = table.waiting_for == "passed"
        caught = table.waiting_for == "wrong_place"
        reacting = table.waiting_for in ("charge", "approach")
        scored = [
            (
                self._passed(action.text)
                if passed
                else self._caught(action.text)
                if caught
                else self._facing(action.text, units, enemies)
                if reacting and action.text.endswith(TURNS)
                else self._score(action.text, table, mine, enemies),
                self.rng.random(),
                action,
            )
            for action in legal
        ]
        scored.sort(key=lambda item: (item[0], item[1]), reverse=True)
        return [action for _, _, action in scored]

    # -- scoring ----------------------------------------------------------------------

    def _score(self, text: str, table: Table, mine: list[Unit], enemies: list[Unit]) -> float:
        units = table.units
        if text.startswith("order "):
            return self._order(text, table, enemies)
        if text.startswith("deploy "):  # a gun deploys ready to shoot (Horse Teams)
            return 1.0 if text.endswith(" unhitched") else 0.0
        if text.endswith(" plays first"):
            return 1.0 if text.startswith(mine[0]["side"]) else 0.0
        if text.startswith("activate commander "):
            return 0.5
        if text.startswith("activate "):
            return self._activation(units.get(text[9:]), enemies)
        if text in ("react", "declare dirty war!"):
            return 1.0
        if text in ("do not react", "no dirty war", "pass"):
            return 0.0
        return self._unit_action(text, units, enemies)

    @staticmethod
    def _nearest(unit: Unit, enemies: list[Unit]) -> tuple[float, Unit | None]:
        if not enemies:
            return (math.inf, None)
        target = min(enemies, key=lambda e: _distance(unit, e))
        return (_distance(unit, target), target)

    def _order(self, text: str, table: Table, enemies: list[Unit]) -> float:
        name, _, order = text[6:].rpartition(": ")
        unit = table.units.get(name)
        if unit is None:
            return 0.0
        gap, target = self._nearest(unit, enemies)
        values = table.values(unit)
        category = unit["category"]
        shooter = values["shoot"] > 0 and category != "cavalry"
        reach = values["mvt"] * 1.5 + 3.0
        wanted = "Ready!"
        if category == "artillery":
            wanted = "Fire!"
        elif target is not None and gap <= reach and self._worth_charging(unit, values, target):
            wanted = "Assault!"
        elif shooter and gap <= SHOT_REACH:
            wanted = "Fire!"
        elif unit["dm"] >= 2 and gap > FAR:
            wanted = "Resist!"
        elif gap > SHOT_REACH:
            wanted = "Run!"
        return 1.0 if order == wanted else 0.1 if order == "Ready!" else 0.0

    @staticmethod
    def _worth_charging(unit: Unit, values: Unit, target: Unit) -> bool:
        """Foot charge anything; horse avoid fresh pike blocks (Pikes against cavalry)."""
        if unit["category"] != "cavalry":
            return bool(unit["category"] == "infantry" and values["melee"] >= 3)
        return _worn(target) >= 0.5 or "Pikes" not in target["weapons"]

    def _activation(self, unit: Unit | None, enemies: list[Unit]) -> float:
        if unit is None:
            return 0.0
        gap, _ = self._nearest(unit, enemies)
        first = {"Fire!": 3.0, "Assault!": 2.0}.get(unit.get("order") or "", 1.0)
        return first + 1.0 / (1.0 + gap)

    def _unit_action(self, text: str, units: dict[str, Unit], enemies: list[Unit]) -> float:
        name, _, verb = text.partition(": ")
        unit = units.get(name)
        if verb.startswith(("shoot ", "charge ")):
            target = units.get(verb.split(" ", 1)[1])
            bonus = 5.0 if verb.startswith("charge ") else 4.0
            return bonus + (_worn(target) if target else 0.0)
        if verb.startswith("inspire "):
            return 2.0
        if verb.startswith("advance towards "):
            target = units.get(verb[16:])
            return 2.0 + (_worn(target) if target else 0.0)
        if verb == "reorganise":
            return 3.5
        if verb == "advance" and unit is not None:
            gap, _ = self._nearest(unit, enemies)
            return 1.5 if gap > 6 else 0.2
        if verb in AFTER_COMBAT and unit is not None:
            return self._consolidate(verb, unit)
        if verb in CARACOLE + WITHDRAW and unit is not None:
            return self._caracole(verb, unit, enemies)
        if verb.startswith("join ") or verb == "authoritarian":
            return 1.0
        if verb == "end activation":
            return 0.3
        return 0.1

    @staticmethod
    def _passed(text: str) -> float:
        """A commander a unit of his passed through keeps his freedom (joining would
        exhaust him): he stands aside behind it, or stays (Movement: Overlap)."""
        if text.endswith((": stay", "(rear)")):
            return 1.0
        return 0.5 if "step aside" in text else 0.2

    def _facing(self, text: str, units: dict[str, Unit], enemies: list[Unit]) -> float:
        """A unit reacting with Ready! turns to face the nearest enemy as squarely as it can
        (Reactions: Ready!)."""
        name, _, verb = text.partition(": ")
        unit = units.get(name)
        _, enemy = self._nearest(unit, enemies) if unit is not None else (0.0, None)
        if unit is None or enemy is None:
            return 0.1
        turned = math.radians(unit["facing"] + TURN_ANGLES[TURNS.index(verb)])
        towards = math.atan2(enemy["y"] - unit["y"], enemy["x"] - unit["x"])
        return 0.6 + 0.5 * math.cos(turned - towards)

    @staticmethod
    def _caught(text: str) -> float:
        """A commander who survived an enemy's path gets out of its way (In the wrong
        place)."""
        return 1.0 if text.endswith(": move away") else 0.0

    @staticmethod
    def _consolidate(verb: str, unit: Unit) -> float:
        """After breaking its enemy a fresh, ordered unit advances to hold the ground it
        won; a disordered or weary one stays (Combat Rounds: Advance)."""
        advance = verb == AFTER_COMBAT[0]
        fit = not (unit["disorder"] or unit["weary"])
        return 1.0 if advance == fit else 0.0

    def _caracole(self, verb: str, unit: Unit, enemies: list[Unit]) -> float:
        """Horse that has fired pulls back out of an enemy's easy charge reach, and keeps
        its place otherwise (Caracole); so does an attacker still touching the enemy it
        fought, which always has one within reach (Disengagement)."""
        gap, _ = self._nearest(unit, enemies)
        back = verb in (CARACOLE[0], WITHDRAW[0])
        return 1.0 if back == (gap <= CARACOLE_REACH) else 0.0


HEURISTIC = TerciosHeuristic


MELEE_WEIGHT = 0.0163
"""Victory points a side is expected to gain on the other per turn left, per point of its
advantage in fighting strength: over its living troops on the table, Stamina not yet lost
(Stamina less Dm) times Melee."""
TURN_SPREAD = 1.70
"""Standard deviation of the victory-point lead's change per turn. Both constants fitted
by likelihood to the winners of 140 heuristic games (60 Spanish against Swedish, 40 the
other way round, 40 Imperial against Swedish; 921 turn starts): 0.697 per position
against 0.801 for the lead alone; a first-seat term came out nil (-0.05 a turn)."""


class TerciosEvaluator(TurnEvaluator):
    """Expected returns from the victory points and the armies left (The Battle: Duration).

    The first side's victory-point lead at the end is modelled as a normal variable:
    today's lead plus ``MELEE_WEIGHT`` times its fighting-strength advantage per turn left,
    spread ``TURN_SPREAD`` times the square root of the turns left; a lead of one or more
    wins, none is a draw. The turns left run to the last turn the battle can last (the
    8th, or the fixed duration).
    """

    game_type = Tercios
    rollout_cap = 15
    """A search's rollouts stop after 15 actions outside the tree: a Tercios turn runs
    to hundreds of actions, and the cut search is as strong at half the thinking
    (benchmarks/RESULTS.md, "Tercios: rollouts cut at 15 actions"; DECISIONS, "Tercios
    rollouts cut at 15 actions")."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        battle = cast(Tercios, game)
        self.last_turn = battle.duration or max(battle.pack.rules.duration)
        self.on_table = [t.index for t in battle.troops if not t.reserve]

    def estimate(self, state: State) -> list[float]:
        battle = cast(TerciosState, state)
        left = max(1, self.last_turn - battle.turn + 1)
        strength = [0.0, 0.0]
        for unit in self.on_table:
            if battle.alive[unit]:
                troop = battle.g.troops[unit]
                standing = max(0, stamina(battle, unit) - battle.dm[unit])
                strength[troop.side] += standing * troop.profile.melee
        lead = battle.vp[0] - battle.vp[1] + MELEE_WEIGHT * (strength[0] - strength[1]) * left
        spread = TURN_SPREAD * math.sqrt(left)
        win = 1.0 - normal_cdf((0.5 - lead) / spread)
        loss = normal_cdf((-0.5 - lead) / spread)
        return [win - loss, loss - win]


EVALUATOR = TerciosEvaluator
"""This game's position evaluator (for searches that stop early)."""
