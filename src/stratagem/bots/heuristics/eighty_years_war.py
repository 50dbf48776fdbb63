"""The Eighty Years War heuristic bot: sensible play a person finds a fair opponent.

It reads only its own view. Its three decisions:

- a wrong-stage card is always replaced (it can never be used again this stage);
- in the Strategy Phase it discards, one by one, the card whose loss costs its best
  melds least, while that loss is below what a fresh card is worth on average (the mean
  usable value of the cards it has not seen), up to the limit of 4;
- in the Action Phase it splits its hand to maximise the expected Province Tokens won,
  modelling each of the other side's meld totals as a normal variable whose mean comes
  from the cards it has not seen.
"""

from __future__ import annotations

import math
import random
from itertools import product
from typing import Any

from stratagem.core import Action, Game, State
from stratagem.games.eighty_years_war.encoding import KEEP, REPLACE, STOP
from stratagem.games.eighty_years_war.game import EightyYearsWar
from stratagem.games.eighty_years_war.info import SEATS
from stratagem.games.eighty_years_war.melds import score_melds
from stratagem.games.eighty_years_war.pack import MILITARY, POLITICAL, STAGE_NAMES

Split = tuple[tuple[int, ...], tuple[int, ...]]

SPREAD = 5.0
"""Standard deviation assumed for each of the other side's meld totals."""


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


class EightyYearsWarHeuristic:
    """The ``heuristic`` bot of Eighty Years War."""

    name = "heuristic"

    def __init__(self, game: Game, rng: random.Random) -> None:
        if not isinstance(game, EightyYearsWar):
            raise TypeError("EightyYearsWarHeuristic plays only eighty_years_war")
        self.game = game
        self.book = game.book
        self.rng = rng
        self._plans: dict[tuple[Any, ...], dict[int, int]] = {}

    # -- the decision ------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        view = state.view(seat)
        kinds = {self.game.kind_of[action.id] for action in legal}
        if kinds & {KEEP, REPLACE}:
            return next(a for a in legal if self.game.kind_of[a.id] == REPLACE)
        if STOP in kinds:
            return self._strategy(view, seat, legal)
        return self._meld(view, seat, legal)

    # -- what the bot knows ------------------------------------------------------------

    def _cards(self, names: list[str]) -> list[int]:
        index = self.game.card_index
        return [index[name] for name in names]

    def _stage(self, view: dict[str, Any]) -> int:
        return STAGE_NAMES.index(view["stage"]) + 1

    def _unseen(self, view: dict[str, Any]) -> list[int]:
        """Cards in play that this seat has not seen: the deck and the other side's cards."""
        you = view["you"]
        seen = set(self._cards(you["hand"]))
        for meld in you["melds"].values():
            seen.update(self._cards(meld))
        seen.update(self._cards(view["discard"]["face_up"]))
        seen.update(self._cards(view["discard"]["yours_face_down"]))
        seen.update(self._cards(view["removed_from_play"]))
        stage = self._stage(view)
        return [c for c in range(self.book.size) if self.book.enters[c] <= stage and c not in seen]

    def _worth(self, card: int, seat: int, stage: int) -> float:
        book = self.book
        if book.usable_by[seat][card] and book.stage_ok[stage][card]:
            return float(book.values[card])
        return 0.0

    # -- Strategy Phase ----------------------------------------------------------------

    def _best_total(self, cards: list[int], seat: int, stage: int) -> int:
        return max(sum(totals) for totals in self._split_totals(cards, seat, stage).values())

    def _strategy(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        hand = self._cards(view["you"]["hand"])
        stage = self._stage(view)
        unseen = self._unseen(view)
        fresh = sum(self._worth(c, seat, stage) for c in unseen) / max(1, len(unseen))
        full = self._best_total(hand, seat, stage)
        losses = {
            card: full - self._best_total([c for c in hand if c != card], seat, stage)
            for card in hand
        }
        card = min(hand, key=lambda c: (losses[c], self.book.values[c], c))
        discard = self.game.discard_action[card]
        if losses[card] < fresh and discard in legal:
            return discard
        return self.game.stop_action

    # -- Action Phase ------------------------------------------------------------------

    def _split_totals(
        self, cards: list[int], seat: int, stage: int
    ) -> dict[Split, tuple[int, int]]:
        """The meld totals of every sensible split of ``cards``.

        Cards usable only in one meld go there; unusable cards fill whichever meld would
        otherwise be empty; cards usable in either are tried both ways.
        """
        book = self.book
        fixed: list[list[int]] = [[], []]
        either: list[int] = []
        filler: list[int] = []
        for card in cards:
            if not (book.usable_by[seat][card] and book.stage_ok[stage][card]):
                filler.append(card)
            elif book.meld_ok[MILITARY][card] and book.meld_ok[POLITICAL][card]:
                either.append(card)
            else:
                fixed[MILITARY if book.meld_ok[MILITARY][card] else POLITICAL].append(card)
        splits: dict[Split, tuple[int, int]] = {}
        for choice in product((MILITARY, POLITICAL), repeat=len(either)):
            melds = [fixed[0].copy(), fixed[1].copy()]
            for card, meld in zip(either, choice, strict=True):
                melds[meld].append(card)
            rest = filler.copy()
            for meld in (MILITARY, POLITICAL):
                if not melds[meld] and rest:
                    melds[meld].append(rest.pop())
            melds[MILITARY].extend(rest)
            for meld in (MILITARY, POLITICAL):
                if not melds[meld] and len(melds[1 - meld]) > 1:
                    cheapest = min(melds[1 - meld], key=lambda c: (book.values[c], c))
                    melds[1 - meld].remove(cheapest)
                    melds[meld].append(cheapest)
            split = (tuple(sorted(melds[0])), tuple(sorted(melds[1])))
            splits[split] = score_melds(book, seat, stage, split).totals
        return splits

    def _expected_opponent(self, view: dict[str, Any], seat: int) -> tuple[float, float]:
        """Mean military and political totals of the other side, from the unseen cards."""
        other = 1 - seat
        stage = self._stage(view)
        unseen = self._unseen(view)
        book = self.book
        means = [0.0, 0.0]
        for card in unseen:
            worth = self._worth(card, other, stage)
            if not worth:
                continue
            military, political = book.meld_ok[MILITARY][card], book.meld_ok[POLITICAL][card]
            share = 0.5 if military and political else 1.0
            means[MILITARY] += worth * share if military else 0.0
            means[POLITICAL] += worth * share if political else 0.0
        held = view["cards_held"][SEATS[other]]
        scale = held / max(1, len(unseen))
        return means[MILITARY] * scale, means[POLITICAL] * scale

    def _expected_provinces(self, total: int, mean: float) -> float:
        rules = self.book.rules.action

        def at_least(margin: int) -> float:  # P(total - other >= margin)
            return _normal_cdf((total - margin + 0.5 - mean) / SPREAD)

        def at_most(margin: int) -> float:  # P(total - other <= -margin)
            return 1.0 - _normal_cdf((total + margin - 0.5 - mean) / SPREAD)

        big, win = rules.big_win_by, rules.win_by
        return (
            rules.big_win_provinces * at_least(big)
            + rules.win_provinces * (at_least(win) - at_least(big))
            - rules.win_provinces * (at_most(win) - at_most(big))
            - rules.big_win_provinces * at_most(big)
        )

    def _plan(self, view: dict[str, Any], seat: int) -> dict[int, int]:
        you = view["you"]
        placed = {
            card: meld
            for meld, name in enumerate(("military", "political"))
            for card in self._cards(you["melds"][name])
        }
        cards = sorted([*self._cards(you["hand"]), *placed])
        key = (seat, view["turn"], tuple(cards), tuple(sorted(placed.items())))
        plan = self._plans.get(key)
        if plan is not None:
            return plan
        stage = self._stage(view)
        means = self._expected_opponent(view, seat)
        best: tuple[float, int, Split] | None = None
        for split, totals in self._split_totals(cards, seat, stage).items():
            if any(placed.get(card, meld) != meld for meld in (0, 1) for card in split[meld]):
                continue
            value = sum(self._expected_provinces(totals[m], means[m]) for m in (0, 1))
            candidate = (value, sum(totals), split)
            if best is None or candidate[:2] > best[:2]:
                best = candidate
        plan = {}
        if best is not None:
            plan = {card: meld for meld in (0, 1) for card in best[2][meld]}
        if len(self._plans) > 4096:
            self._plans.clear()
        self._plans[key] = plan
        return plan

    def _meld(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        plan = self._plan(view, seat)
        card = self.game.card_of[legal[0].id]
        wanted = self.game.meld_action[plan.get(card, MILITARY)][card]
        return wanted if wanted in legal else legal[0]


HEURISTIC = EightyYearsWarHeuristic
"""This game's ``heuristic`` bot (found by ``stratagem.bots.base``)."""
