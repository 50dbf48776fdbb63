"""The Eighty Years War heuristic bot: sensible play a person finds a fair opponent.

It reads only its own view. Its three decisions:

- a wrong-stage card is always replaced (it can never be used again this stage);
- in the Strategy Phase it discards, one by one, the card whose loss costs its best
  melds least, while that loss is below what a fresh card is worth on average (the mean
  usable value of the cards it has not seen), up to the limit of 4;
- in the Action Phase it splits its hand to maximise the expected Province Tokens won,
  modelling each of the other side's meld totals as a normal variable whose mean comes
  from the cards it has not seen; with several usable Events it shows the one that
  maximises the same expectation.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping
from itertools import product
from typing import Any, cast

from stratagem.bots.heuristics import TurnEvaluator, normal_cdf
from stratagem.bots.heuristics.eighty_years_war_response import Split, best_response
from stratagem.bots.heuristics.eighty_years_war_worlds import keep_deal, place_hand, place_melds
from stratagem.core import Action, Game, State
from stratagem.games.eighty_years_war.encoding import (
    KEEP,
    MELD_MILITARY,
    MELD_POLITICAL,
    REPLACE,
    SHOW,
    STOP,
)
from stratagem.games.eighty_years_war.game import EightyYearsWar
from stratagem.games.eighty_years_war.info import DUTCH, SEATS
from stratagem.games.eighty_years_war.melds import event_candidates, score_melds
from stratagem.games.eighty_years_war.pack import MILITARY, POLITICAL, STAGE_NAMES
from stratagem.games.eighty_years_war.places import NO_EVENT, UNDECIDED
from stratagem.games.eighty_years_war.state import EightyYearsWarState

SPREAD = 5.0
"""Standard deviation assumed for each of the other side's meld totals."""
CACHE_SIZE = 4096
"""Most plans and hand splits remembered (the memory is emptied when full)."""
PLANNED = frozenset({STOP, MELD_MILITARY, MELD_POLITICAL, SHOW})
"""The kinds of action that open the legal steps of a side's hidden plan: its discards
(``Stop discarding`` is always among them) [Strategy Phase] and its melds [Action Phase]."""


class EightyYearsWarHeuristic:
    """The ``heuristic`` bot of Eighty Years War."""

    name = "heuristic"
    shapes_by_default = True
    """A search reshapes its worlds by this bot unless told not to (``worlds=redeal``):
    with its melds answered at once it gained 4.9 points a game (DECISIONS, "Eighty Years
    War's melds answered at once")."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        if not isinstance(game, EightyYearsWar):
            raise TypeError("EightyYearsWarHeuristic plays only eighty_years_war")
        self.game = game
        self.book = game.book
        self.rng = rng
        self._plans: dict[tuple[Any, ...], dict[int, int]] = {}
        self._splits: dict[tuple[Any, ...], dict[Split, tuple[int, int]]] = {}
        self._responses: dict[tuple[Any, ...], tuple[Split, int | None]] = {}
        """The melds and Event answered at the first step of a turn's melds (``respond``)."""
        self._evaluator: EightyYearsWarEvaluator | None = None
        """Judges the Province Tokens a search's melds win (``respond``), made when first
        needed."""
        book = self.book
        self._shares = [
            [
                [
                    (
                        worth[c] * (0.5 if both else 1.0) if book.meld_ok[MILITARY][c] else 0.0,
                        worth[c] * (0.5 if both else 1.0) if book.meld_ok[POLITICAL][c] else 0.0,
                    )
                    for c, both in enumerate(a and b for a, b in zip(*book.meld_ok, strict=True))
                ]
                for worth in by_stage
            ]
            for by_stage in book.worth
        ]
        """``_shares[seat][stage][card]``: the card's expected military and political worth."""

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
        if SHOW in kinds:
            return self._show(view, seat, legal)
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

    # -- Strategy Phase ----------------------------------------------------------------

    def _best_total(self, cards: list[int], seat: int, stage: int) -> int:
        return max(sum(totals) for totals in self.split_totals(cards, seat, stage).values())

    def _strategy(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        hand = self._cards(view["you"]["hand"])
        stage = self._stage(view)
        unseen = self._unseen(view)
        worths = self.book.worth[seat][stage]
        fresh = sum(worths[c] for c in unseen) / max(1, len(unseen))
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

    def split_totals(
        self, cards: list[int], seat: int, stage: int, placed: Mapping[int, int] | None = None
    ) -> dict[Split, tuple[int, int]]:
        """The meld totals of every sensible split of ``cards``, keeping the cards already
        ``placed`` (card: meld) where they are.

        Cards usable only in one meld go there; unusable cards fill whichever meld would
        otherwise be empty; cards usable in either are tried both ways. Remembered (the same
        hands come back again and again in a search).
        """
        fixed = tuple(sorted(placed.items())) if placed else ()
        key = (seat, stage, fixed, *cards)
        known = self._splits.get(key)
        if known is not None:
            return known
        if len(self._splits) > CACHE_SIZE:
            self._splits.clear()
        splits = self._splits[key] = self._enumerate_splits(cards, seat, stage, placed or {})
        return splits

    def _enumerate_splits(
        self, cards: list[int], seat: int, stage: int, placed: Mapping[int, int]
    ) -> dict[Split, tuple[int, int]]:
        book = self.book
        fixed: list[list[int]] = [[], []]
        either: list[int] = []
        filler: list[int] = []
        for card in cards:
            if card in placed:
                fixed[placed[card]].append(card)
            elif not (book.usable_by[seat][card] and book.stage_ok[stage][card]):
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
                movable = [card for card in melds[1 - meld] if card not in placed]
                if not melds[meld] and len(melds[1 - meld]) > 1 and movable:
                    cheapest = min(movable, key=lambda c: (book.values[c], c))
                    melds[1 - meld].remove(cheapest)
                    melds[meld].append(cheapest)
            split = (tuple(sorted(melds[0])), tuple(sorted(melds[1])))
            splits[split] = score_melds(book, seat, stage, split).totals
        return splits

    def _expected_opponent(self, view: dict[str, Any], seat: int) -> tuple[float, float]:
        """Mean military and political totals of the other side, from the unseen cards."""
        held = view["cards_held"][SEATS[1 - seat]]
        return self.expected_totals(self._unseen(view), held, seat, self._stage(view))

    def expected_totals(
        self, unseen: list[int], held: int, seat: int, stage: int
    ) -> tuple[float, float]:
        """Mean military and political totals of the other side holding ``held`` of the
        ``unseen`` cards."""
        shares = self._shares[1 - seat][stage]
        military = sum(shares[card][MILITARY] for card in unseen)
        political = sum(shares[card][POLITICAL] for card in unseen)
        scale = held / max(1, len(unseen))
        return military * scale, political * scale

    def _expected_provinces(self, total: int, mean: float) -> float:
        rules = self.book.rules.action

        def at_least(margin: int) -> float:  # P(total - other >= margin)
            return normal_cdf((total - margin + 0.5 - mean) / SPREAD)

        def at_most(margin: int) -> float:  # P(total - other <= -margin)
            return 1.0 - normal_cdf((total + margin - 0.5 - mean) / SPREAD)

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
        key = (seat, view["turn"], tuple(cards))
        plan = self._plans.get(key)
        if plan is not None and all(plan.get(card) == meld for card, meld in placed.items()):
            return plan  # still the best split of those that keep the cards placed so far
        means = self._expected_opponent(view, seat)
        best = self._best_split(cards, seat, self._stage(view), means, placed)
        plan = {}
        if best is not None:
            plan = {card: meld for meld in (0, 1) for card in best[meld]}
        if len(self._plans) > CACHE_SIZE:
            self._plans.clear()
        self._plans[key] = plan
        return plan

    def _best_split(
        self,
        cards: list[int],
        seat: int,
        stage: int,
        means: tuple[float, float],
        placed: dict[int, int],
    ) -> Split | None:
        """The split of ``cards`` expected to take most Provinces (then the higher total)
        against the other side's mean totals ``means``, among those that keep the
        ``placed`` cards where they are."""
        best: tuple[float, int, Split] | None = None
        for split, totals in self.split_totals(cards, seat, stage).items():
            if any(placed.get(card, meld) != meld for meld in (0, 1) for card in split[meld]):
                continue
            value = sum(self._expected_provinces(totals[m], means[m]) for m in (0, 1))
            candidate = (value, sum(totals), split)
            if best is None or candidate[:2] > best[:2]:
                best = candidate
        return None if best is None else best[2]

    def _show(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        """Of several usable Events (Rulings R9), show the one whose melds are expected to
        take most Provinces: the highest-valued Event is not always it (a lower one in the
        closer meld can swing that meld)."""
        you = view["you"]
        melds = (self._cards(you["melds"]["military"]), self._cards(you["melds"]["political"]))
        events = [self.game.card_of[action.id] for action in legal]
        means = self._expected_opponent(view, seat)
        stage = self._stage(view)
        return self.game.show_action[self.best_event(seat, stage, means, melds, events)]

    def best_event(
        self,
        seat: int,
        stage: int,
        means: tuple[float, float],
        melds: Split | tuple[list[int], list[int]],
        events: list[int],
    ) -> int:
        """Of ``events`` in ``melds``, the one whose melds are expected to take most
        Provinces against the other side's mean totals ``means`` (the first of the best)."""

        def worth(event: int) -> float:
            totals = score_melds(self.book, seat, stage, melds, event).totals
            return sum(self._expected_provinces(totals[m], means[m]) for m in (0, 1))

        return max(events, key=worth)

    # -- the worlds a search imagines ------------------------------------------------

    def reshape(self, world: State, seat: int, rng: random.Random) -> None:
        """Deal the other side's cards in ``world`` as this heuristic would have kept them,
        and split its melds as it would have split them (``bots.base.WorldShaper``).

        A redeal for ``seat`` (Decisions, "Eighty Years War redeal") deals the cards
        ``seat`` cannot see at random: the other side's face-down discards as any others,
        and the Either cards of its melds to either meld. A search that plays the other
        side as this heuristic (``ismcts``'s opponent model) then faces a hand and melds
        the heuristic would not have had (Decisions, "Eighty Years War worlds"). Here its
        cards are dealt as ``eighty_years_war_worlds.keep_deal`` says, its melds split as
        this heuristic splits a hand, from its own view of ``world``, and the Event it
        would show chosen again. Only the redealt world is read and changed.
        """
        board = cast(EightyYearsWarState, world)
        other = 1 - seat
        melded = bool(board.melds[other][0] or board.melds[other][1])
        held = keep_deal(board, other, rng)
        if held is None:
            return
        if not melded:
            place_hand(board, other, held)
            return
        place_melds(board, other, (held, []))
        self.resplit(board, other)

    def resplit(self, board: EightyYearsWarState, side: int) -> None:
        """Split the cards of ``side``'s melds in ``board`` as this heuristic splits a hand
        (from what ``side`` sees of ``board``: the same unseen cards as its view's), and
        choose again the Event it shows."""
        melds = board.melds[side]
        made = self._melds_of(board, side, sorted([*melds[0], *melds[1]]))
        if made is None:
            return
        split, shown = made
        place_melds(board, side, (list(split[0]), list(split[1])))
        if board.shown[side] != UNDECIDED:
            board.shown[side] = NO_EVENT if shown is None else shown

    def planned_totals(self, board: EightyYearsWarState, side: int) -> tuple[int, int]:
        """The military and political totals of the melds this heuristic would build for
        ``side`` from every card it holds in ``board`` (hand and melds), with the Event it
        would show; ``board`` is left as it is."""
        melds = board.melds[side]
        made = self._melds_of(board, side, sorted([*board.hands[side], *melds[0], *melds[1]]))
        if made is None:
            return (0, 0)
        return score_melds(self.book, side, board.stage(), *made).totals

    def _melds_of(
        self, board: EightyYearsWarState, side: int, cards: list[int]
    ) -> tuple[Split, int | None] | None:
        """The split of ``cards`` this heuristic would make for ``side`` in ``board`` and
        the Event it would show (``None``: no choice to make); ``None`` if it has none."""
        stage = board.stage()
        means = self._means_seen_by(board, side)
        split = self._best_split(cards, side, stage, means, {})
        if split is None:
            return None
        events = event_candidates(self.book, side, stage, split)
        shown = self.best_event(side, stage, means, split, events) if len(events) > 1 else None
        return split, shown

    def _means_seen_by(self, board: EightyYearsWarState, side: int) -> tuple[float, float]:
        """The other side's mean meld totals as ``side`` reckons them in ``board``: from
        the cards it has not seen there, as ``_expected_opponent`` from its view."""
        melds = board.melds[side]
        stage = board.stage()
        other = 1 - side
        face_down = board.face_down
        seen = {*board.hands[side], *melds[0], *melds[1], *board.removed}
        seen.update(card for card in board.discard if face_down.get(card, side) == side)
        enters = self.book.enters
        unseen = [
            card for card in range(self.book.size) if enters[card] <= stage and card not in seen
        ]
        held = len(board.hands[other]) + len(board.melds[other][0]) + len(board.melds[other][1])
        return self.expected_totals(unseen, held, side, stage)

    # -- a search's melds ----------------------------------------------------------------

    def planned(self, legal: list[Action]) -> bool:
        """Whether ``legal`` are a step of the side's hidden plan (``bots.base.Planner``):
        a discard or stopping [Strategy Phase], placing a card or choosing the Event to
        show [Action Phase]."""
        return self.game.kind_of[legal[0].id] in PLANNED

    def respond(self, legal: list[Action], worlds: Iterator[State], seat: int) -> Action:
        """The step of the plan that best answers the other side's in ``worlds``
        (``bots.base.Planner``): a discard as this heuristic makes it (from the seat's
        view, the same in every world: one world read), the melds as
        ``eighty_years_war_response`` says, in every world at the turn's first step; the
        later steps of the turn follow that answer (one world read, for what the seat
        knows), unless a card was placed elsewhere."""
        game = self.game
        kind = game.kind_of[legal[0].id]
        first = cast(EightyYearsWarState, next(worlds))
        if kind == STOP:
            return self._strategy(first.view(seat), seat, legal)
        split, event = self._response(first, worlds, seat)
        if kind == SHOW:
            return legal[0] if event is None else game.show_action[event]
        card = game.card_of[legal[0].id]
        return game.meld_action[MILITARY if card in split[MILITARY] else POLITICAL][card]

    def _response(
        self, first: EightyYearsWarState, worlds: Iterator[State], seat: int
    ) -> tuple[Split, int | None]:
        """The melds and Event that best answer the other side's in ``first`` and the rest
        of ``worlds``, or the answer already made at an earlier step of this turn's melds,
        if the cards placed since follow it. Remembered by what the seat knows of
        ``first``: the turn, the Province Tokens, its cards, the cards removed from play and
        the discards it has seen."""
        melds = first.melds[seat]
        placed = {card: meld for meld in (MILITARY, POLITICAL) for card in melds[meld]}
        key = (
            seat,
            first.turn,
            tuple(first.provinces),
            tuple(sorted([*first.hands[seat], *placed])),
            tuple(sorted(first.removed)),
            tuple(sorted(c for c in first.discard if first.face_down.get(c, seat) == seat)),
        )
        known = self._responses.get(key)
        if known is not None and all(card in known[0][meld] for card, meld in placed.items()):
            return known
        if self._evaluator is None:
            self._evaluator = EightyYearsWarEvaluator(self.game)
        boards = [first, *(cast(EightyYearsWarState, world) for world in worlds)]
        answer = best_response(self, self._evaluator, boards, seat)
        if len(self._responses) > CACHE_SIZE:
            self._responses.clear()
        self._responses[key] = answer
        return answer

    def _meld(self, view: dict[str, Any], seat: int, legal: list[Action]) -> Action:
        plan = self._plan(view, seat)
        card = self.game.card_of[legal[0].id]
        wanted = self.game.meld_action[plan.get(card, MILITARY)][card]
        return wanted if wanted in legal else legal[0]


HEURISTIC = EightyYearsWarHeuristic
"""This game's ``heuristic`` bot (found by ``stratagem.bots.base``)."""


DRIFT = -0.19
"""Mean change of the Dutch province count per turn (heuristic against heuristic: the
Spanish fill 8 cards to the Dutch 7)."""
TURN_SPREAD = 1.16
"""Standard deviation of that change per turn (the same 60 games, 900 turns)."""


class EightyYearsWarEvaluator(TurnEvaluator):
    """Expected returns from the provinces held and the turns left (VICTORY).

    The Dutch count at the end is modelled as a normal variable: today's count plus
    ``DRIFT`` per turn left, spread ``TURN_SPREAD`` per turn; the Dutch win at 8 or more,
    the Spanish at 11 or more (the Dutch at 17 - 11 or fewer), anything between is a tie.
    """

    game_type = EightyYearsWar

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        rules = cast(EightyYearsWar, game).book.rules
        self.turns = rules.victory.turns
        self.dutch_needs = rules.victory.dutch_victory
        self.dutch_loses_at = rules.provinces.total - rules.victory.spanish_victory

    def estimate(self, state: State) -> list[float]:
        board = cast(EightyYearsWarState, state)
        return self.odds(board.provinces[DUTCH], self.turns - board.turn + 1)

    def odds(self, dutch: int, left: int) -> list[float]:
        """Each side's expected return with ``dutch`` Province Tokens held by the Dutch and
        ``left`` turns still to play (none left: the game's result by VICTORY)."""
        if left <= 0:
            win = float(dutch >= self.dutch_needs)
            loss = float(dutch <= self.dutch_loses_at)
            return [win - loss, loss - win]
        expected = dutch + DRIFT * left
        spread = TURN_SPREAD * math.sqrt(left)
        win = 1.0 - normal_cdf((self.dutch_needs - 0.5 - expected) / spread)
        loss = normal_cdf((self.dutch_loses_at + 0.5 - expected) / spread)
        return [win - loss, loss - win]


EVALUATOR = EightyYearsWarEvaluator
"""This game's position evaluator (for searches that stop early)."""
