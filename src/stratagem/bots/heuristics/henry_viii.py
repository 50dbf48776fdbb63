"""The Henry VIII heuristic bot: it pursues Influence at court.

It reads only its own view and the legal actions (through ``henry_viii_table``, which
reads the few public parts of the view it needs from the state). In its Player Turn it
scores each Endeavour it may play (marrying its women to Henry, pushing its heirs up the
line, taking offices and titles, henchmen, and striking at the leading faction with arrests, trials,
suits and spies) against keeping the card for a Support, and discards the card whose
Support is worth least when nothing is worth playing. Targets: its own characters for
what helps (its woman of highest Baby Value as the bride, King Henry as the groom; the
best Succession card; an office taken from the leader or a vacant one), the leader's most
influential characters for what harms (King Henry himself when it leads and an Accident
would end the game). Supports: it helps its own and its
friends' Endeavours against the leader and hinders what harms it or helps the leader.
``rank`` orders every legal action by the same judgement, its choice first
(``bots.base.Ranker``): a search races the best of them.
``reshape`` deals the cards a seat cannot see within what the other factions showed this
Turn (``bots.base.WorldShaper``, ``henry_viii_worlds``), for a search that asks for it
(``ismcts:worlds=model``; not its default, DECISIONS "Henry VIII worlds").

``EVALUATOR`` (for searches that stop at the end of a Turn) gives each faction's chance
of winning (How to Win): a softmax of the factions' Influence with temperature
``TEMPERATURE`` + ``TEMPERATURE_PER_TURN`` x the Turns Henry is expected to live after
this one (from the Turn Record track), times the chance that the Line of Succession is
not empty when he dies (log-odds ``NO_HEIR``), all fitted by likelihood to heuristic games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any, cast

from stratagem.bots.heuristics import TurnEvaluator, softmax
from stratagem.bots.heuristics.henry_viii_table import Table
from stratagem.bots.heuristics.henry_viii_worlds import (
    Choice,
    Window,
    deal_within,
    shown_this_turn,
    unseen_cards,
    window_passes,
)
from stratagem.core import Action, Game, State
from stratagem.games.henry_viii.game import HenryVIII
from stratagem.games.henry_viii.pack import val
from stratagem.games.henry_viii.state import HenryVIIIState

HARMFUL = {
    "Arrest Warrant": 6,
    "Investigation": 4,
    "Trial": 8,
    "Execution": 8,
    "Act of Attainder": 8,
    "Rack": 3,
    "Accident": 3,
    "Influenza": 3,
    "Take Oath": 4,
    "Persuasion": 6,
    "Befriend a Tudor": 6,
    "Law Suit": 4,
    "Quails": 3,
    "Fee'd Men": 4,
    "Act of Bastardy": 5,
    "Diplomatic Mission": 1,
    "Travel Beyond the Realm": 1,
}
"""Endeavours that hurt their target's faction, and how much the bot likes them."""

HELPFUL = {
    "Assume Office": 7,
    "Ennoblement": 6,
    "Act of Succession": 8,
    "My Lord's Man": 5,
    "License of Release": 6,
    "Summons to Court": 4,
    "Marriage": 9,
}
"""Endeavours that help their target's faction, and how much the bot likes them."""

SUPPORT_VALUE = {
    "Royal Command": 5,
    "Obstruction": 5,
    "Henry's Ear": 2,
    "Parliamentary Petition": 3,
    "Captaincy": 2,
    "Lady of the Bedchamber": 2,
}


def _card(text: str) -> tuple[str, str]:
    """(Endeavour, Support) halves named in an action's text."""
    body = text.split(": ", 1)[1]
    endeavour, support = body.split(" | ", 1)
    return endeavour, support.split(" #")[0]


TIMELY = frozenset(
    {
        "New Year's Gift",
        "Captaincy",
        "Evidence of Adultery",
        "Evidence of Heresy",
        "Evidence-Parading Royal Descent",
        "Henry's Will",
    }
)
"""Supports whose use hangs on the target or the table at the time [Rulings R12]."""
WORTH_PLAYING = 2.0
"""The least score of an Endeavour the bot plays rather than discard."""
KEEP = 0.3
"""What a point of a card's Support value (``SUPPORT_VALUE``, 1 if unlisted) takes off
its Endeavour's score: the Support given up by playing it."""
OFFICE_POWER = 4.0
"""The bot's score for an office's free Endeavour."""
TIE = 0.05
"""Half the step between two scores (they are tenths)."""


class HenryVIIIHeuristic:
    """The ``heuristic`` bot of Henry VIII."""

    name = "heuristic"
    shapes_by_default = False
    """A search reshapes its worlds by this bot only when asked (``worlds=model``): so
    reshaped, its search scored 28.9% against 34.8%, paired over 251 games (DECISIONS, "Henry
    VIII worlds")."""

    def __init__(self, game: Game, rng: random.Random) -> None:
        if not isinstance(game, HenryVIII):
            raise TypeError("HenryVIIIHeuristic plays only henry_viii")
        self.game = game
        self.rng = rng
        self._shown_key: tuple[object, ...] | None = None
        self._shown: dict[int, frozenset[int]] = {}
        """The hands each other faction may hold at the position of ``_shown_key``."""

    # -- what the bot knows ------------------------------------------------------------

    def _read(self, table: Table) -> None:
        self.me: str = table.me
        self.people: dict[str, dict[str, Any]] = table.people
        self.owner: dict[str, str] = {
            name: entry["faction"] for name, entry in table.people.items()
        }
        influence = table.influence
        others = {seat: value for seat, value in influence.items() if seat != self.me}
        self.leader = max(others, key=lambda seat: (others[seat], seat))
        self.leading = influence[self.me] >= max(others.values())
        self.henry_free = table.henry_free

    def _value(self, name: str) -> float:
        entry = self.people.get(name, {})
        return float(entry.get("influence", 0)) + 0.1 * float(entry.get("guile", 0))

    def _stance(self, view: Table) -> int:
        """+1: the Endeavour in play should succeed; -1: it should fail; 0: indifferent."""
        play = view.in_play()
        if not play:
            return 0
        return self._stance_on(play["endeavour"], play["by"], play["targets"], self.leader)

    def _stance_on(
        self, endeavour: str, by: str, targets: Sequence[str], leader: str | None
    ) -> int:
        """The stance on an Endeavour played by ``by`` on ``targets``, the faction
        ``leader`` leading (``None``: the stance whoever leads, or 0 if that matters)."""
        target_owner = self.owner.get(targets[0], targets[0]) if targets else None
        if endeavour in HARMFUL:
            if target_owner == self.me:
                return -1
            if by == self.me or (leader is not None and target_owner == leader):
                return 1
            return 0
        if endeavour in HELPFUL:
            if self.me in (target_owner, by):
                return 1
            if leader is not None and leader in (target_owner, by):
                return -1
            return 0
        if by == self.me:
            return 1
        return -1 if leader is not None and by == leader else 0

    # -- the decision ----------------------------------------------------------------------

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        table, texts = self._asked(state, seat, legal)
        return legal[texts.index(self._pick(table, texts))]

    def rank(self, state: State, seat: int) -> list[Action]:
        """Every legal action, best first (``bots.base.Ranker``): what ``choose`` picks,
        then the rest as the bot scores the question asked: an Endeavour by its score (a
        discard by the Support it gives up), a target by how much the bot wants it there;
        the other questions keep the engine's order after the pick."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal
        table, texts = self._asked(state, seat, legal)
        pick = self._pick(table, texts)
        rest = [text for text in texts if text != pick]
        if table.question == "player":
            rest.sort(key=self._turn_score, reverse=True)
        elif table.question == "target":
            rest.sort(key=self._target_key(table, texts), reverse=True)
        return [legal[texts.index(text)] for text in (pick, *rest)]

    def _asked(self, state: State, seat: int, legal: list[Action]) -> tuple[Table, list[str]]:
        """The seat's table, read into the bot, and the legal actions' texts."""
        table = Table(cast(HenryVIIIState, state), seat)
        self._read(table)
        return table, [action.text for action in legal]

    def _pick(self, table: Table, texts: list[str]) -> str:
        """The text of the action the bot takes, by the question asked."""
        question = table.question
        if question == "player":
            return self._player_turn(texts)
        if question == "support":
            return self._support(table, texts)
        if question == "target":
            return max(texts, key=self._target_key(table, texts))
        if "Modifier: +1" in texts or "Modifier: -1" in texts or "Modifier: -2" in texts:
            return self._modifier(table, texts)
        if question == "captain":
            return self._captain(table, texts)
        if "Yes" in texts:
            return "Yes"
        return texts[0]

    def _player_turn(self, texts: list[str]) -> str:
        best, best_score = "", 0.0
        for text in texts:
            if not text.startswith(("Endeavour: ", "Office power: ")):
                continue
            score = self._turn_score(text)
            if score > best_score:
                best, best_score = text, score
        if best and best_score >= WORTH_PLAYING:
            return best
        discards = [t for t in texts if t.startswith("Discard: ")]
        if not discards:
            return best or "Pass"
        return max(discards, key=self._turn_score)  # the Support worth least

    def _turn_score(self, text: str) -> float:
        """How much the bot likes an action of its Player Turn: an Endeavour's score less
        the Support given up with its card, an office's free Endeavour 4; a discard less
        the more its Support is worth."""
        if text.startswith("Endeavour: "):
            endeavour, support = _card(text)
            return self._endeavour_score(endeavour) - KEEP * SUPPORT_VALUE.get(support, 1)
        if text.startswith("Office power: "):
            return OFFICE_POWER
        if text.startswith("Discard: "):
            return -float(SUPPORT_VALUE.get(_card(text)[1], 1))
        return -10.0

    def _endeavour_score(self, endeavour: str) -> float:
        mine = [p for p, s in self.owner.items() if s == self.me]
        if endeavour == "Marriage":
            women = [p for p in mine if "woman" in self.people[p].get("notes", [])]
            return HELPFUL["Marriage"] if self.henry_free and women else 0.0
        if endeavour == "Act of Succession":
            heirs = [p for p in mine if "heir" in self.people[p].get("notes", [])]
            return HELPFUL[endeavour] if heirs else 0.0
        if endeavour in HELPFUL:
            return float(HELPFUL[endeavour])
        if endeavour in HARMFUL:
            return float(HARMFUL[endeavour])
        return 1.0

    def _target_key(self, view: Table, texts: list[str]) -> Callable[[str], Any]:
        """How much the bot wants each target of the Endeavour in play (the most wanted is
        its choice; the first of equals)."""
        play = view.in_play() or {}
        endeavour = play.get("endeavour", "")
        chosen = play.get("targets", [])
        henry = "Target: King Henry"
        if endeavour == "Marriage" and chosen:
            return lambda t: (t == henry, self._own_key(t))
        if endeavour == "Marriage":
            return self._bride_key
        if texts[0].startswith("Office: "):
            offices = view.offices()
            return lambda t: self._office_worth(offices, self._named(t))
        if texts[0].startswith(("Title: ", "Succession: ")):
            order = {text: -i for i, text in enumerate(texts)}
            return order.__getitem__  # the highest title, the best Succession card
        if endeavour == "Diplomatic Mission":
            # the Queen bears Henry heirs only at court: sent only with no one else to send
            return lambda t: (not self._is_queen(t), self._own_key(t))
        if endeavour in HELPFUL:
            return self._own_key
        if endeavour in ("Accident", "Influenza") and self.leading and henry in texts:
            return lambda t: (t == henry, self._rival_key(t))
        return self._rival_key

    def _is_queen(self, text: str) -> bool:
        return "Queen" in self.people.get(self._named(text), {}).get("notes", [])

    def _bride_key(self, text: str) -> tuple[bool, int]:
        """Its own women first, the more likely to bear Henry an heir (the higher Baby
        Value) the better."""
        name = self._named(text)
        baby = int(self.people.get(name, {}).get("baby_value", 0))
        return (self.owner.get(name) == self.me, baby)

    def _office_worth(self, offices: dict[str, str], office: str) -> int:
        """Taking an office from the leader is best, a vacant one next, its own never."""
        holder = offices[office]
        owner = self.owner.get(holder)
        if owner == self.me:
            return -1
        if owner == self.leader:
            return 3
        return 2 if holder == "vacant" else 1

    def _named(self, text: str) -> str:
        return text.split(": ", 1)[1]

    def _own_key(self, text: str) -> tuple[bool, bool, float]:
        """Its own characters first, the most valuable first; then another faction's than
        the leader's, the least valuable first."""
        name = self._named(text)
        owner = self.owner.get(name)
        value = self._value(name)
        if owner == self.me:
            return (True, True, value)
        return (False, owner != self.leader, -value)

    def _rival_key(self, text: str) -> tuple[int, float]:
        """The leader's most valuable characters first, then another faction's; its own
        last."""
        name = self._named(text)
        owner = self.owner.get(name, name)
        if owner == self.me:
            return (-1, 0.0)
        return (2 if owner == self.leader else 1, self._value(name))

    def _support(self, view: Table, texts: list[str]) -> str:
        stance = self._stance(view)
        if stance == 0 or view.in_play() is None:
            return "Pass"
        for text in texts:
            if text.startswith("Support: ") and _would_support(_card(text)[1], stance):
                return text
        return "Pass"

    def _modifier(self, view: Table, texts: list[str]) -> str:
        values = [int(t.split(": ")[1]) for t in texts]
        if view.question == "president":
            accused = (view.in_play() or {}).get("targets", [""])[0]
            want = -1 if self.owner.get(accused) == self.me else 1
        else:
            want = 1 if self._stance(view) >= 0 else -1
        best = max(values, key=lambda v: v * want)
        return texts[values.index(best)]

    def _captain(self, view: Table, texts: list[str]) -> str:
        play = view.in_play() or {}
        ours = play.get("by") == self.me or play.get("endeavour") == "Pilgrimage of Grace"

        def ability(text: str) -> int:
            return int(self.people.get(self._named(text), {}).get("ability", 0))

        if ours:
            mine = [t for t in texts if self.owner.get(self._named(t)) == self.me] or texts
            return max(mine, key=ability)
        return min(texts, key=ability)

    # -- the worlds a search imagines --------------------------------------------------

    def reshape(self, world: State, seat: int, rng: random.Random) -> None:
        """Deal the court cards ``seat`` cannot see again in ``world``, each other faction
        only a hand this bot could hold after what it showed this Turn
        (``bots.base.WorldShaper``; ``henry_viii_worlds``): after it played an Endeavour,
        no playable card it likes more; after a discard (unsued), no playable card worth
        playing; after a pass in a Supports window (the open one, or one closed this Turn)
        while it wanted the Endeavour to succeed or fail, no Support it would have played
        there. What was playable then is judged by what is playable now (a Turn's arrests
        can change it); Marriage and the Act of Succession are left free, their worth then
        not being known, and so is a stance that hung on who led then. The hands allowed
        are worked out once a position; only the redealt world is read and changed."""
        court = cast(HenryVIIIState, world)
        deal_within(court, seat, self.allowed_hands(court, seat), rng)

    def allowed_hands(self, court: HenryVIIIState, seat: int) -> dict[int, frozenset[int]]:
        """The cards ``seat`` cannot see that each other faction may hold after what it
        showed this Turn, for the factions it rules some out for (``reshape``); worked out
        once a position."""
        pool = unseen_cards(court, seat)
        key = (seat, len(court.history), len(court.events), tuple(pool))
        if self._shown_key != key:
            self._shown_key = key
            self._shown = self._shown_hands(court, seat, pool)
        return self._shown

    def _shown_hands(
        self, court: HenryVIIIState, seat: int, pool: list[int]
    ) -> dict[int, frozenset[int]]:
        shown = shown_this_turn(court, seat)
        passed = window_passes(court)
        allowed: dict[int, frozenset[int]] = {}
        for other in range(court.players):
            if other == seat:
                continue
            table = Table(court, other)
            self._read(table)
            ceiling = self._ceiling(court, other, shown.choices.get(other, []))
            ruled_out = set()
            if ceiling is not None:
                ruled_out = {card for card in pool if self._above(court, other, card, ceiling)}
            stance = self._stance(table) if other in passed else 0
            if stance:
                ruled_out.update(
                    card
                    for card in pool
                    if court.support_ok(card, other)
                    and _would_support(court.card_support(card), stance)
                )
            for window in shown.windows:
                stance = self._stance_on(window.endeavour, window.by, window.targets, None)
                if stance:
                    ruled_out.update(
                        card for card in pool if self._passed_on(court, card, window, stance)
                    )
            if ruled_out:
                allowed[other] = frozenset(pool) - ruled_out
        return allowed

    def _passed_on(self, court: HenryVIIIState, card: int, window: Window, stance: int) -> bool:
        """Whether the bot, holding ``card`` with this stance in a window now closed,
        would have played its Support there (those whose use hung on the target or the
        table then aside: not known now)."""
        support = court.card_support(card)
        return (
            support not in TIMELY
            and court.support_lists(card, window.endeavour)
            and _would_support(support, stance)
        )

    def _ceiling(self, court: HenryVIIIState, other: int, choices: list[Choice]) -> float | None:
        """More than the bot can like any playable card ``other`` still holds, after its
        Player Turns this Turn (``None``: no bound, or a choice this bot would not make):
        an Endeavour played was liked at least as much as every other, and its card's
        Support cost it ``KEEP`` at least; an office's free Endeavour is worth 4; a discard
        means none was worth 2 (unless a Law Suit forced it)."""
        ceiling = math.inf
        for kind, name in choices:
            if kind == "power":
                ceiling = min(ceiling, OFFICE_POWER + TIE)
            elif kind == "discards" and not court.law_suit_on(other):
                ceiling = min(ceiling, WORTH_PLAYING - TIE)
            elif kind == "plays":
                worth = HELPFUL.get(name, HARMFUL.get(name))
                if worth is None:
                    return None
                ceiling = min(ceiling, worth - KEEP + TIE)
        return None if ceiling == math.inf else ceiling

    def _above(self, court: HenryVIIIState, other: int, card: int, ceiling: float) -> bool:
        """Whether ``other`` would have played ``card``'s Endeavour over a choice worth
        ``ceiling``: playable now and liked more (Marriage and the Act of Succession,
        whose worth hangs on the faction's women and heirs then, never)."""
        endeavour = court.card_endeavour(card)
        if endeavour in ("Marriage", "Act of Succession"):
            return False
        cost = KEEP * SUPPORT_VALUE.get(court.card_support(card), 1)
        liked = self._endeavour_score(endeavour) - cost > ceiling
        return liked and court.endeavour_playable(endeavour, other, card=card)


def _would_support(support: str, stance: int) -> bool:
    """Whether the bot plays a Support of this name for its stance (the first such card in
    its hand): what speeds a wanted Endeavour, or slows an unwanted one."""
    if support in ("Henry's Ear", "Parliamentary Petition"):
        return True
    if stance > 0:
        helps = ("Evidence", "Treachery", "Henry's Will", "Fee'd Men", "Lady", "Captaincy")
        return support == "Royal Command" or support.startswith(helps)
    return support in ("Obstruction", "Scandal", "Duplicity", "Revulsion", "Bad Health")


HEURISTIC = HenryVIIIHeuristic
"""This game's ``heuristic`` bot (found by ``stratagem.bots.base``)."""


TEMPERATURE = 3.75
"""Influence worth a factor e in the odds of winning with one Turn left (a softmax of the
factions' Influence); ``TEMPERATURE_PER_TURN`` more for each further Turn expected."""
TEMPERATURE_PER_TURN = 1.72
NO_HEIR = (-4.53, 5.25, 0.51)
"""The log-odds that everyone loses (no one in the Line of Succession when Henry dies):
a base, plus this much while the Line is empty, plus this much per further Turn expected.
All five constants fitted by likelihood to 300 five-player heuristic games (991 Turn
starts from Turn 2): 1.43 per position against 1.61 for even chances."""


class HenryVIIIEvaluator(TurnEvaluator):
    """Each faction's chance of winning (How to Win): a softmax of the factions' Influence
    whose temperature grows with the Turns Henry is expected to live, times the chance
    that someone is in the Line of Succession when he dies; exact at the end.

    The Turns expected come from the Turn Record track (D. Check for Henry's Death: 2d
    against the Turn's number from Turn 2; the game ends with the Turn he dies). While the
    Henry Segment runs the roll counts as still to come; once Henry is dead this is the
    last Turn. The Pilgrimage of Grace's overthrow is left out (it never happened in the
    fitting games).
    """

    game_type = HenryVIII

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        turns = cast(HenryVIII, game).book.rules.turns
        track: list[int] = val(turns.henry_death)
        two_dice = [a + b for a in range(1, 7) for b in range(1, 7)]
        # self.expected[t]: Turns still to end, counting Turn t, with Turn t's roll to come
        self.expected = [1.0] * (len(track) + 2)
        for turn in range(len(track), 0, -1):
            need = track[turn - 1]
            dies = 0.0 if turn < turns.first_death_check else _share(two_dice, need)
            self.expected[turn] = 1.0 + (1.0 - dies) * self.expected[turn + 1]

    def turns_left(self, state: HenryVIIIState) -> float:
        """The Turns expected to end before the game does, counting this one."""
        if state.henry_dead:
            return 1.0
        turn = min(state.turn, len(self.expected) - 1)
        if state.stage in ("Setup", "Henry Segment"):
            return self.expected[turn]
        return 1.0 + self.expected[min(turn + 1, len(self.expected) - 1)]

    def estimate(self, state: State) -> list[float]:
        court = cast(HenryVIIIState, state)
        further = self.turns_left(court) - 1.0
        empty = not court.line and court.stage != "Setup"
        base, if_empty, per_turn = NO_HEIR
        nobody = 1.0 / (1.0 + math.exp(-(base + if_empty * empty + per_turn * further)))
        influence = [float(total) for total in court.faction_influences()]
        chances = softmax(influence, TEMPERATURE + TEMPERATURE_PER_TURN * further)
        return [(1.0 - nobody) * chance for chance in chances]


def _share(rolls: list[int], need: int) -> float:
    """The share of ``rolls`` at least ``need``."""
    return sum(1 for roll in rolls if roll >= need) / len(rolls)


EVALUATOR = HenryVIIIEvaluator
"""This game's position evaluator (for searches that stop early)."""
