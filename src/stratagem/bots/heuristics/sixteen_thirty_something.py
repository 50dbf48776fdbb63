"""The Sixteen Thirty Something heuristic bot: a financier who knows its own Victory Point
Counters and reads the table.

It reads only its own view and the legal actions (the parts of the view it reads built
from the state as it asks for them: ``sixteen_thirty_something_table``). Its rules of
thumb (the Duffer's Guide):

- influence goes where it holds counters: it lays those countries' cards (opening and
  votes) up to what their Status can score, and keeps other cards in hand;
- it calls votes and plays Special Cards that raise the Status of its countries: wars its
  countries should win (the exact odds of the dice), Increase Status, Military Leaders
  and Improvements for its attackers, Unrest and the Assassin against the leaders of
  countries it does not hold;
- it votes for wars its countries should win and against wars on them; where it has no
  stake, it votes with the side most likely to win, to stay out of the descendant;
- it trades its useless Influence Cards for those of its countries (stating the value of
  a 3, leaving lower values vague), and accepts an offer only when it gains cards it can
  score with; when nobody offers, it asks once more, adding Open cards to its request;
- it discards and removes its least useful cards first.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from stratagem.bots.heuristics import TurnEvaluator, softmax
from stratagem.bots.heuristics.sixteen_thirty_something_table import Table
from stratagem.core import Action, Game, State
from stratagem.games.sixteen_thirty_something.encoding import (
    ACCEPT,
    ASK,
    ASSASSINATE,
    ASSASSINATE_OPEN,
    CALL,
    CAST,
    DECLINE,
    DISCARD,
    DONE_ASKING,
    DONE_LAYING,
    DONE_OFFERING,
    ISSUE_CHANGE,
    ISSUE_REARM,
    ISSUE_WAR,
    LAY,
    LAY_OPEN,
    MAKE_OFFER,
    NO_OFFER,
    NO_SPECIAL,
    NO_TRADE,
    OFFER,
    OFFER_STATED,
    PLAY,
    PROPOSE,
    REMOVE,
    REMOVE_OPEN,
    REVISE,
    TARGET,
)
from stratagem.games.sixteen_thirty_something.flow import DIE_FACES
from stratagem.games.sixteen_thirty_something.game import SixteenThirtySomething
from stratagem.games.sixteen_thirty_something.influence import counter_points
from stratagem.games.sixteen_thirty_something.pack import (
    ARMY,
    ASSASSIN,
    IMPROVEMENT,
    LEADER,
    STATUS,
    UNREST,
    VOTE,
)
from stratagem.games.sixteen_thirty_something.state import SixteenThirtySomethingState
from stratagem.games.sixteen_thirty_something.war import DIFFERENCE_WAYS

View = Mapping[str, Any]
FACTIONS = {"red": 0, "blue": 1, "neutral": -1}
STATE_VALUE_FROM = 3
"""Offering a card of this value or more, the bot states its value (to tempt the trader)."""


def win_chance(attack: int, defend: int) -> tuple[float, float]:
    """Resolving a War: (P(attacker wins), P(defender wins)) with these modifiers."""
    total = 36.0 * 36.0
    win = lose = 0.0
    for a, wa in enumerate(DIFFERENCE_WAYS):
        for d, wd in enumerate(DIFFERENCE_WAYS):
            if attack + a > defend + d:
                win += wa * wd
            elif attack + a < defend + d:
                lose += wa * wd
    return win / total, lose / total


class SixteenThirtySomethingHeuristic:
    """The ``heuristic`` bot of Sixteen Thirty Something."""

    name = "heuristic"

    def __init__(self, game: Game, rng: random.Random) -> None:
        if not isinstance(game, SixteenThirtySomething):
            raise TypeError("SixteenThirtySomethingHeuristic plays only sixteen_thirty_something")
        self.game = game
        self.book = game.book
        self.enc = game.enc
        self.rng = rng

    # -- reading the view ------------------------------------------------------------------

    def _mine(self, view: View) -> dict[str, int]:
        """My counters per country."""
        held: dict[str, int] = {}
        for name in view["you"]["victory_point_counters"]:
            held[name] = held.get(name, 0) + 1
        return held

    def _votes(self, view: View, seat: str, country: str) -> int:
        pile = view["displays"][seat].get(country)
        return int(pile["votes"]) if pile else 0

    def _modifier(self, view: View, country: str, *, defending: bool) -> int:
        c = view["countries"][country]
        value = c["ability"] + 2 * c.get("leaders", 0) - (1 if c["army"] == 0 else 0)
        value -= 1 if c.get("unrest") else 0
        if defending and country in ("England", "Sweden") and c["status"] <= 1:
            value += 1
        return int(value)

    def _war_value(self, view: View, attacker: str, target: str, mine: dict[str, int]) -> float:
        """Expected Status points gained by my countries if this war is fought."""
        win, lose = win_chance(
            self._modifier(view, attacker, defending=False),
            self._modifier(view, target, defending=True),
        )
        value = mine.get(attacker, 0) * (win - lose) + mine.get(target, 0) * (lose - win)
        if view["countries"][target]["status"] == 0:
            value -= mine.get(attacker, 0) * win
        return value

    def _card_worth(self, view: View, kind: int, mine: dict[str, int]) -> float:
        """How much a card in hand is worth to me (for discards, trades)."""
        book = self.book
        country = book.kind_country[kind]
        if country >= 0:
            name = book.countries[country]
            return book.kind_value[kind] * (3.0 if name in mine else 0.5)
        if book.kind_special[kind] >= 0:
            return 1.5
        return 2.0 * book.kind_value[kind]

    # -- the decision ----------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = Table(cast(SixteenThirtySomethingState, state), seat)
        me = view["seat"]
        mine = self._mine(view)
        kinds = {self.enc.kind[action.id] for action in legal}
        if kinds & {LAY, LAY_OPEN, DONE_LAYING}:
            return self._lay(view, legal, mine)
        if kinds & {REMOVE, REMOVE_OPEN}:
            return self._remove(view, me, legal, mine)
        if kinds & {PROPOSE, ASK, DONE_ASKING, NO_TRADE, OFFER, DONE_OFFERING, MAKE_OFFER}:
            return self._trade(view, me, legal, mine)
        if kinds & {ACCEPT, DECLINE, REVISE}:
            return self._accept(view, legal, mine)
        if kinds & {PLAY, NO_SPECIAL}:
            return self._special(view, me, legal, mine)
        if kinds & {TARGET, ASSASSINATE, ASSASSINATE_OPEN}:
            return self._target(view, me, legal, mine)
        if CALL in kinds:
            return self._call(view, me, legal, mine)
        if kinds & {ISSUE_WAR, ISSUE_CHANGE, ISSUE_REARM}:
            return self._issue(view, legal, mine)
        if CAST in kinds:
            return self._cast(view, me, legal, mine)
        if DISCARD in kinds:
            return min(legal, key=lambda a: self._card_worth(view, self.enc.a[a.id], mine))
        return legal[0]

    # -- influence ---------------------------------------------------------------------------

    def _lay(self, view: View, legal: list[Action], mine: dict[str, int]) -> Action:
        """Lay cards of my countries (highest first) while they add to my score or my
        say in the vote; otherwise stop."""
        me = view["seat"]
        vote = view.get("vote")
        best: tuple[float, Action] | None = None
        for action in legal:
            kind = self.enc.kind[action.id]
            if kind == DONE_LAYING:
                continue
            card = self.enc.a[action.id]
            country_index = self.book.kind_country[card]
            if country_index < 0:
                country_index = self.enc.c[action.id]
            country = self.book.countries[country_index]
            have = self._votes(view, me, country)
            status = view["countries"][country]["status"]
            value = self.book.kind_value[card]
            if country in mine:
                score = value + (2.0 if have < status + 2 else 0.0)
            elif vote is None:
                score = 0.5 * value  # the opening must place three cards
            else:
                score = -1.0
            if best is None or score > best[0]:
                best = (score, action)
        done = [a for a in legal if self.enc.kind[a.id] == DONE_LAYING]
        if best is None or (best[0] <= 0 and done):
            return done[0] if done else legal[0]
        return best[1]

    def _remove(self, view: View, me: str, legal: list[Action], mine: dict[str, int]) -> Action:
        def cost(action: Action) -> float:
            card = self.enc.a[action.id]
            country_index = self.book.kind_country[card]
            if country_index < 0:
                country_index = self.enc.c[action.id]
            name = self.book.countries[country_index]
            return self.book.kind_value[card] * (3.0 if name in mine else 1.0)

        return min(legal, key=cost)

    # -- trading -----------------------------------------------------------------------------

    def _wanted(self, view: View, me: str, mine: dict[str, int]) -> list[str]:
        """My countries where my influence is below their Status, neediest first."""
        gaps = [
            (view["countries"][c]["status"] - self._votes(view, me, c), c)
            for c in mine
            if view["displays"][me].get(c, {}).get("state") != "descendant"
        ]
        return [c for gap, c in sorted(gaps, reverse=True) if gap > 0]

    def _spare(self, view: View, mine: dict[str, int]) -> list[int]:
        """Influence Cards of countries I do not hold, least useful last."""
        hand = view["you"]["hand"]
        index = {name: k for k, name in enumerate(self.book.kind_names)}
        spare = []
        for name, count in hand.items():
            kind = index[name]
            country = self.book.kind_country[kind]
            if country >= 0 and self.book.countries[country] not in mine:
                spare.extend([kind] * count)
        return spare

    def _trade(self, view: View, me: str, legal: list[Action], mine: dict[str, int]) -> Action:
        enc = self.enc
        by_kind: dict[tuple[int, int], Action] = {(enc.kind[a.id], enc.a[a.id]): a for a in legal}
        wanted = self._wanted(view, me, mine)
        spare = self._spare(view, mine)
        trade = view.get("trade", {})
        if (PROPOSE, -1) in by_kind:
            go = bool(wanted and spare)
            return by_kind[(PROPOSE, -1)] if go else by_kind[(NO_TRADE, -1)]
        if any(k == ASK for k, _ in by_kind):
            asked = trade.get("asks_for", [])
            if trade.get("revisions") and "Open" not in asked:
                wanted = [*wanted, "Open"]
            for country in wanted:
                if country not in asked:
                    return by_kind[(ASK, self.book.type_names.index(country))]
            if (DONE_ASKING, -1) in by_kind:
                return by_kind[(DONE_ASKING, -1)]
            return by_kind[(ASK, self.book.type_names.index(wanted[0] if wanted else "Open"))]
        mine_offered = len(view["you"].get("your_offer", []))
        trader = trade.get("trader")
        if trader != me:
            asked = set(trade.get("asks_for", []))
            giveable = [k for k in spare if self.book.type_names[self.book.kind_type[k]] in asked]
            if (MAKE_OFFER, -1) in by_kind:
                return by_kind[(MAKE_OFFER if giveable else NO_OFFER, -1)]
            spare = giveable
        offered = view["you"].get("your_offer", [])
        for kind in sorted(spare, key=lambda k: self.book.kind_value[k]):
            name = self.book.kind_names[kind]
            fresh = offered.count(name) < spare.count(kind)
            if (OFFER, kind) in by_kind and fresh and mine_offered < 2:
                # a high card is worth announcing; a low one is better left vague
                stated = self.book.kind_value[kind] >= STATE_VALUE_FROM
                return by_kind[(OFFER_STATED if stated else OFFER, kind)]
        if (DONE_OFFERING, -1) in by_kind:
            return by_kind[(DONE_OFFERING, -1)]
        return legal[0]

    def _accept(self, view: View, legal: list[Action], mine: dict[str, int]) -> Action:
        offers = view["trade"]["offers"]
        given = len(view["you"].get("your_offer", []))
        best: tuple[float, Action] | None = None
        for action in legal:
            if self.enc.kind[action.id] != ACCEPT:
                continue
            partner = self.game.seat_names[self.enc.a[action.id]]
            types = offers.get(partner, [])
            gain = sum(4.0 if t in mine else (2.0 if t == "Open" else 0.3) for t in types)
            score = gain - 0.5 * given
            if best is None or score > best[0]:
                best = (score, action)
        if best is not None and best[0] > 0:
            return best[1]
        revise = [a for a in legal if self.enc.kind[a.id] == REVISE]
        if revise and not offers and view["trade"]["revisions"] == 0:
            return revise[0]  # nobody offered: ask again, widened to Open cards
        return next(a for a in legal if self.enc.kind[a.id] == DECLINE)

    # -- Special Cards ---------------------------------------------------------------------

    def _best_vote(self, view: View, me: str, mine: dict[str, int]) -> float:
        """The value of the best vote I could call now."""
        best = 0.0
        for country in mine:
            faction = FACTIONS[view["countries"][country]["faction"]]
            if faction < 0 or view["countries"][country]["army"] < 1:
                continue
            for target, facts in view["countries"].items():
                if FACTIONS[facts["faction"]] == 1 - faction:
                    best = max(best, self._war_value(view, country, target, mine))
        return best

    def _special(self, view: View, me: str, legal: list[Action], mine: dict[str, int]) -> Action:
        values: dict[int, float] = {VOTE: 0.0}
        values[VOTE] = 1.0 if self._best_vote(view, me, mine) > 0.3 else 0.0
        scoring = [
            c
            for c in mine
            if self._votes(view, me, c) > view["countries"][c]["status"]
            and view["countries"][c]["status"] < 7
        ]
        values[STATUS] = 1.0 if scoring else 0.0
        armed = [c for c in mine if FACTIONS[view["countries"][c]["faction"]] >= 0]
        values[LEADER] = 0.8 if armed else 0.0
        values[IMPROVEMENT] = 0.7 if mine else 0.0
        values[ARMY] = 0.5 if any(view["countries"][c]["army"] < 2 for c in mine) else 0.0
        values[UNREST] = 0.6 if self._unrest_target(view, me, mine) else 0.0
        values[ASSASSIN] = 0.6 if self._assassin_value(view, me, mine) else 0.0
        best: tuple[float, Action] | None = None
        for action in legal:
            if self.enc.kind[action.id] == PLAY:
                value = values.get(self.enc.a[action.id], 0.0)
                if value > 0.4 and (best is None or value > best[0]):
                    best = (value, action)
        if best is not None:
            return best[1]
        return next(a for a in legal if self.enc.kind[a.id] == NO_SPECIAL)

    def _unrest_target(self, view: View, me: str, mine: dict[str, int]) -> str | None:
        """A country I hold no counter for where another player leads and I do not."""
        best: tuple[int, str] | None = None
        for country, facts in view["countries"].items():
            if country in mine:
                continue
            votes = {seat: self._votes(view, seat, country) for seat in view["displays"]}
            top = max(votes.values())
            if top and votes[me] < top:
                weight = top * facts["status"]
                if best is None or weight > best[0]:
                    best = (weight, country)
        return None if best is None else best[1]

    def _assassin_value(self, view: View, me: str, mine: dict[str, int]) -> bool:
        return any(
            seat != me and country not in mine
            for seat, piles in view["displays"].items()
            for country in piles
        )

    def _target(self, view: View, me: str, legal: list[Action], mine: dict[str, int]) -> Action:
        enc = self.enc
        book = self.book

        def value(action: Action) -> float:
            kind = enc.kind[action.id]
            if kind in (ASSASSINATE, ASSASSINATE_OPEN):
                victim = self.game.seat_names[enc.b[action.id]]
                card = enc.a[action.id]
                country_index = book.kind_country[card]
                if country_index < 0:
                    country_index = enc.c[action.id]
                country = book.countries[country_index]
                if victim == me:
                    return -10.0
                status = float(view["countries"][country]["status"])
                return book.kind_value[card] * status * (0.2 if country in mine else 1.0)
            special, country = enc.a[action.id], book.countries[enc.b[action.id]]
            facts = view["countries"][country]
            held = mine.get(country, 0)
            if special == UNREST:
                return 1.0 if country == self._unrest_target(view, me, mine) else -held
            if special == STATUS:
                return held * (2.0 if self._votes(view, me, country) > facts["status"] else 1.0)
            if special in (LEADER, IMPROVEMENT):
                return held * (2.0 if facts["faction"] != "neutral" else 1.0)
            return held * (2.0 if facts["army"] == 0 else 1.0)

        return max(legal, key=value)

    # -- votes -------------------------------------------------------------------------------

    def _call(self, view: View, me: str, legal: list[Action], mine: dict[str, int]) -> Action:
        hand = view["you"]["hand"]

        def value(action: Action) -> float:
            country = self.book.countries[self.enc.a[action.id]]
            in_hand = sum(int(n) for name, n in hand.items() if name.startswith(country + " "))
            score: float = 2.0 * mine.get(country, 0) + 0.3 * in_hand
            faction = FACTIONS[view["countries"][country]["faction"]]
            if faction >= 0 and country in mine and view["countries"][country]["army"] > 0:
                wars = [
                    self._war_value(view, country, t, mine)
                    for t, f in view["countries"].items()
                    if FACTIONS[f["faction"]] == 1 - faction
                ]
                score += 3.0 * max(wars, default=0.0)
            pile = view["displays"][me].get(country)
            if pile and pile["state"] == "descendant":
                score -= 1.0
            return score

        return max(legal, key=value)

    def _issue(self, view: View, legal: list[Action], mine: dict[str, int]) -> Action:
        vote = view["vote"]
        country = vote["country"]
        best: tuple[float, Action] | None = None
        for action in legal:
            kind = self.enc.kind[action.id]
            if kind == ISSUE_WAR:
                target = self.book.countries[self.enc.a[action.id]]
                score = self._war_value(view, country, target, mine)
            elif kind == ISSUE_REARM:
                score = 0.5 if country in mine else 0.0
            else:
                score = 0.01
            if best is None or score > best[0]:
                best = (score, action)
        assert best is not None
        return best[1]

    def _cast(self, view: View, me: str, legal: list[Action], mine: dict[str, int]) -> Action:
        vote = view["vote"]
        country = vote["country"]
        issue: str = vote.get("issue", "")
        red = legal[0]  # red / war
        blue = legal[1]  # blue / peace
        caller = vote["caller"]
        if " go to war with " in issue:
            target = issue.split(" go to war with ")[1].rstrip("?")
            value = self._war_value(view, country, target, mine)
            if abs(value) > 0.05:
                return red if value > 0 else blue
        elif "re-arm" in issue and country in mine:
            return red
        elif "join red or blue" in issue and country in mine:
            return red if self._side_strength(view, 1) <= self._side_strength(view, 0) else blue
        # no stake: vote with the likely winner, the caller's side (it called the vote)
        if caller == me:
            return blue if "change sides" in issue else red
        caller_votes = self._votes(view, caller, country)
        mine_votes = self._votes(view, me, country)
        if caller_votes >= mine_votes:
            return red if "change sides" not in issue else blue
        return blue

    def _side_strength(self, view: View, faction: int) -> int:
        """Military strength of a faction: the sum of its countries' abilities."""
        return sum(
            int(facts["ability"])
            for facts in view["countries"].values()
            if FACTIONS[facts["faction"]] == faction
        )


HEURISTIC = SixteenThirtySomethingHeuristic


TEMPERATURE = (-1.961, 3.186)
"""Victory points worth a factor e in the odds of winning: a base, plus this much per
scoring still to come (this turn's counted)."""
RATE_WEIGHT = 0.612
"""How much of a seat's points this turn (its counters' countries, as the displays and
Status stand) it is expected to score again at each scoring to come. The three constants
fitted by likelihood to 2,000 four-player heuristic games, 17,332 turn starts (held out:
0.853 nats a position against 0.928 for the Victory Points alone and 1.386 for even
chances; ``benchmarks/fit_sixteen_thirty_something_evaluator.py``)."""


class SixteenThirtySomethingEvaluator(TurnEvaluator):
    """Each seat's chance of winning: a softmax of its Victory Points plus the points its
    counters would score this turn times ``RATE_WEIGHT`` and the scorings still to come
    (from the Turn Track's random end [Checking for a random end to the game]), with a
    temperature that grows with them; exact at the end.

    A seat's counters are secret [Scoring Points]: this reads the counters of the world it
    is given, which in a search is a world redealt from the searching seat's view (its own
    counters true, the others' a guess), never the game itself (DECISIONS, "An evaluator
    reads the world it is given")."""

    game_type = SixteenThirtySomething

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        book = cast(SixteenThirtySomething, game).book
        last = book.rules.turns.max
        self.book = book
        self.scorings = [1.0] * (last + 2)
        """Scorings still to come at the start of each turn, that turn's counted."""
        for turn in range(last - 1, 0, -1):
            ends = min(DIE_FACES, book.random_end_number(turn) or 0) / DIE_FACES
            self.scorings[turn] = 1.0 + (1.0 - ends) * self.scorings[turn + 1]
        self.scorings[0] = self.scorings[1]

    def estimate(self, state: State) -> list[float]:
        world = cast(SixteenThirtySomethingState, state)
        to_come = self.scorings[min(max(world.turn, 0), len(self.scorings) - 1)]
        status, piles, book = world.status, world.piles, self.book
        scores = [
            points
            + RATE_WEIGHT
            * to_come
            * sum(counter_points(book, status[c], piles[seat][c]) for c in world.counters[seat])
            for seat, points in enumerate(world.vp)
        ]
        base, per_scoring = TEMPERATURE
        return softmax(scores, base + per_scoring * to_come)


EVALUATOR = SixteenThirtySomethingEvaluator
"""This game's position evaluator (for searches that stop early)."""
