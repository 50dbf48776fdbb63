"""The Henry VIII state: its fields, the step machinery and the questions the rules ask.

The turn is driven by a stack of tasks (``tasks``): each is ``[name, *ints]`` and runs
``_t_<name>``. A task either does its work or stops the machine at a node (``node``):
``[player, handler, *ints]``, a seat's decision or a chance event, whose options come
from ``_o_<handler>`` (decisions) or ``_c_<handler>`` (chance) and whose answer goes to
``_h_<handler>``. Options are computed from the state, never stored, so that a
resampled state is consistent with itself.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from stratagem.core import CHANCE, TERMINAL, Action, CachedLegalState, IllegalAction
from stratagem.games.henry_viii.encoding import DICE, DIE, DRAW, LOSE, PICK, PICK_OFFICE
from stratagem.games.henry_viii.pack import RANKS, Book, Person, val
from stratagem.games.henry_viii.places import (
    ABROAD,
    COURT,
    DEAD,
    DECK,
    LIVING,
    MISSION,
    OUT,
    REMOVED,
    TOWER,
)

if TYPE_CHECKING:
    from stratagem.games.henry_viii.court_view import Court
    from stratagem.games.henry_viii.game import HenryVIII

TWO_DICE = {total: (6 - abs(total - 7)) / 36 for total in range(2, 13)}
"""2d: the chance of each total."""


def copy_play(play: dict[str, Any] | None) -> dict[str, Any] | None:
    """A copy of an endeavour in play (its lists copied, its scalars shared)."""
    if play is None:
        return None
    return {key: value.copy() if isinstance(value, list) else value for key, value in play.items()}


class HenryBase(CachedLegalState):
    """Fields and shared questions of a Henry VIII position."""

    __slots__ = (
        "_court",
        "_drawn",
        "_g",
        "bastard",
        "book",
        "born",
        "cloc",
        "contentment",
        "deal_seat",
        "deck",
        "discard",
        "end",
        "first_vacant",
        "former_queen",
        "hands",
        "henry_dead",
        "investigated",
        "last_queen",
        "law_suit",
        "line",
        "mother",
        "node",
        "office_holder",
        "order",
        "over",
        "owner",
        "penalized",
        "play",
        "players",
        "pos",
        "powers_used",
        "queen",
        "rack",
        "religion",
        "religion_of",
        "rounds_done",
        "spouse",
        "stage",
        "supremacy",
        "tasks",
        "title_holder",
        "turn",
        "where",
        "window",
        "winner_seats",
    )

    _g: HenryVIII
    book: Book
    players: int
    turn: int
    stage: str
    religion: int
    contentment: int
    queen: int
    last_queen: int
    supremacy: bool
    henry_dead: bool
    over: bool
    end: str
    winner_seats: list[int]
    where: list[int]
    owner: list[int]
    spouse: list[int]
    mother: list[int]
    born: list[int]
    religion_of: list[int]
    bastard: list[bool]
    investigated: list[bool]
    former_queen: list[bool]
    first_vacant: bool
    rack: list[int]
    office_holder: list[int]
    title_holder: list[int]
    line: list[int]
    cloc: list[int]
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    law_suit: list[bool]
    powers_used: list[bool]
    penalized: int
    order: list[int]
    pos: int
    rounds_done: int
    deal_seat: int
    tasks: list[list[Any]]
    node: list[Any] | None
    play: dict[str, Any] | None
    window: dict[str, Any] | None
    _legal: list[Action] | None
    _court: Court | None
    """The view's part its characters' places give, kept while they stay (``court_of``)."""
    _drawn: tuple[list[Any], int] | None
    """The chance node ``sample_chance`` last drew at and the id it drew (so that applying
    that outcome does not work out the node's outcomes again)."""

    # -- the engine contract -------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        assert self.node is not None
        return int(self.node[0])

    def _compute_legal(self) -> list[Action]:
        node = self.node
        if self.over or node is None or node[0] == CHANCE:
            return []
        table = self._g.actions
        options: list[int] = getattr(self, "_o_" + node[1])(*node[2:])
        return [table[option] for option in options]

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        node = self.node
        if self.over or node is None or node[0] != CHANCE:
            return []
        table = self._g.actions
        return [(table[option], p) for option, p in self._outcomes(node)]

    def sample_chance(self, rng: random.Random) -> Action:
        """One chance outcome drawn with its probability, as ``State.sample_chance`` draws
        it (the same weights, the same draw), from the outcomes' ids."""
        node = self.node
        if self.over or node is None or node[0] != CHANCE:
            raise IllegalAction("this is not a chance node")
        outcomes = self._outcomes(node)
        if not outcomes:
            raise IllegalAction("this is not a chance node")
        weights = [probability for _, probability in outcomes]
        drawn: int = rng.choices([option for option, _ in outcomes], weights)[0]
        self._drawn = (node, drawn)
        return self._g.actions[drawn]

    def chance_event(self) -> tuple[int, ...]:
        """The roll's kind and whom it is for (whose death roll, which seat's draw): the
        handler's name, as a checksum, and its arguments."""
        node = self.node
        if self.over or node is None or node[0] != CHANCE:
            return ()
        return (zlib.crc32(node[1].encode()), *node[2:])

    def _outcomes(self, node: list[Any]) -> list[tuple[int, float]]:
        """A chance node's outcomes by the handler's prefix: ``d1_``, ``d2_``, ``pick_``,
        ``office_``, ``draw``, ``lose`` or ``deal``."""
        game = self._g
        handler: str = node[1]
        if handler.startswith("d1_"):
            return [(game.aid(DIE, value), 1 / 6) for value in range(1, 7)]
        if handler.startswith("d2_"):
            return [(game.aid(DICE, total), p) for total, p in TWO_DICE.items()]
        if handler.startswith("pick_"):
            people: list[int] = getattr(self, "_cands_" + handler[5:])(*node[2:])
            return game.uniform(PICK, people)
        if handler.startswith("office_"):
            offices = self.offices_of_seat(node[2])
            return game.uniform(PICK_OFFICE, offices)
        if handler == "draw":
            return game.uniform(DRAW, sorted(self.deck))
        if handler == "lose":
            hand = self.hands[node[2]]
            return game.uniform(LOSE, hand)
        people = self._deal_pool(node[2])
        return game.uniform(0, people)

    def _is_chance_outcome(self, action: Action) -> bool:
        node = self.node
        if self.over or node is None or node[0] != CHANCE:
            return False
        drawn = self._drawn
        if drawn is not None and drawn[0] is node and drawn[1] == action.id:
            return True
        return any(option == action.id for option, _ in self._outcomes(node))

    def _apply(self, action: Action) -> None:
        node = self.node
        assert node is not None
        self.node = None
        self._legal = None
        self._drawn = None
        getattr(self, "_h_" + node[1])(action.id, *node[2:])
        self._advance()

    def _advance(self) -> None:
        """Run tasks until a seat or chance must act, or the game is over."""
        self._legal = None
        while self.node is None and not self.over:
            task = self.tasks.pop()
            getattr(self, "_t_" + task[0])(*task[1:])

    # -- the machinery -------------------------------------------------------------------

    def push(self, *tasks: list[Any]) -> None:
        """Schedule tasks to run in the order given (before anything already waiting)."""
        self.tasks.extend(reversed(tasks))

    def ask(self, seat: int, handler: str, *args: int) -> None:
        """Stop for ``seat``'s decision, answered by ``_h_<handler>``."""
        self.node = [seat, handler, *args]

    def roll(self, handler: str, *args: int) -> None:
        """Stop for a chance event (its kind given by the handler's prefix)."""
        self.node = [CHANCE, handler, *args]

    def _deal_pool(self, pool: int) -> list[int]:
        raise NotImplementedError

    _log = CachedLegalState.log

    # -- questions about characters ------------------------------------------------------

    def person(self, c: int) -> Person:
        """The card of character ``c``."""
        return self.book.people[c]

    def name(self, c: int) -> str:
        """A character's name."""
        return self.book.people[c].name

    def seat_name(self, seat: int) -> str:
        """A faction's seat name."""
        return self._g.seat_names[seat]

    def alive(self, c: int) -> bool:
        """In play and living (at court, in the Tower or abroad)."""
        return self.where[c] in LIVING

    def at_court(self, c: int) -> bool:
        """At court: neither in the Tower, abroad, dead nor face down."""
        return self.where[c] == COURT

    def in_tower(self, c: int) -> bool:
        """Arrested or imprisoned: 'in the Tower' [The Tower: Arrest and Imprisonment]."""
        return self.where[c] in TOWER

    def abroad(self, c: int) -> bool:
        """Beyond the Realm or on a Diplomatic Mission [Travel Beyond the Realm] [Diplomatic
        Mission]."""
        return self.where[c] in ABROAD

    def female(self, c: int) -> bool:
        """Women [Women]."""
        return self.book.people[c].female

    def tudor(self, c: int) -> bool:
        """A Tudor Heir: Mary Tudor and Henry's children born in play [Heirs and
        Succession]."""
        return self.book.people[c].tudor

    def heir(self, c: int) -> bool:
        """An Heir: one with an Heir Credibility [Heirs and Succession]."""
        return self.book.people[c].heir_credibility is not None

    def credibility(self, c: int) -> int:
        """Heir Credibility, positive for Henry's children, negative for others; 0 for one
        who is not an heir [Heirs and Succession]."""
        return self.book.people[c].heir_credibility or 0

    def minor(self, c: int) -> bool:
        """A Tudor Heir is a minor for three Turns after birth, others until the Turn on
        their card [Minors] [Rulings R38]."""
        person = self.book.people[c]
        if person.born_card:
            return self.turn < self.born[c] + self.book.rules.birth.majority_after
        return self.turn < person.minor_until

    def foreign(self, c: int) -> bool:
        """A foreign wife: a flag of the character card [A Character Card] [Rulings R3]."""
        return self.book.people[c].foreign

    def title_of(self, c: int) -> int:
        """The title character ``c`` holds, or -1."""
        try:
            return self.title_holder.index(c)
        except ValueError:
            return -1

    def rank(self, c: int) -> int:
        """Rank of the title held: 1 Baron ... 5 Duke; 0 for none [Titles]."""
        title = self.title_of(c)
        return 0 if title < 0 else self.book.title_rank[title]

    def offices_of(self, c: int) -> list[int]:
        """The offices character ``c`` holds."""
        if c not in self.office_holder:
            return []
        return [o for o, holder in enumerate(self.office_holder) if holder == c]

    def offices_of_seat(self, seat: int) -> list[int]:
        """The offices held by a faction's characters."""
        return [o for o, h in enumerate(self.office_holder) if h >= 0 and self.owner[h] == seat]

    def religious_office(self, c: int) -> bool:
        """Holds a religious office: Cardinal, archbishop or bishop [Religious Offices]."""
        return any(self.book.offices[o].religious for o in self.offices_of(c))

    def noble(self, c: int) -> bool:
        """Nobles: males with a title, or who could inherit one [Nobles, Royals and
        Commoners]."""
        person = self.book.people[c]
        return not person.female and (person.heir_of >= 0 or self.title_of(c) >= 0)

    def royal(self, c: int) -> bool:
        """Royals: the Queen (and former queens) and the Tudors [Nobles, Royals and
        Commoners]."""
        return self.tudor(c) or c == self.queen or self.former_queen[c]

    def commoner(self, c: int) -> bool:
        """Everyone who is neither noble nor royal [Nobles, Royals and Commoners]."""
        return not self.noble(c) and not self.royal(c)

    def holder(self, office: int) -> int:
        """The living holder of an office, or -1 (vacant or removed)."""
        holder = self.office_holder[office]
        return holder if holder >= 0 else -1

    def office_works(self, office: int) -> int:
        """The seat that may use an office's power now, or -1: its holder must be at court
        or on a Diplomatic Mission, since an Officer Beyond the Realm (Travel) cannot use
        his powers, and the Tower takes his offices [Travel Beyond the Realm] [Rulings
        R31]."""
        holder = self.holder(office)
        if holder < 0 or self.where[holder] not in (COURT, MISSION):
            return -1
        return self.owner[holder]

    def office_named(self, name: str) -> int:
        """The index of the office called ``name``."""
        return self.book.office_index(name)

    def senior_bishop(self) -> int:
        """The holder of the senior religious office (never the Cardinal), or -1 [Religious
        Offices] [Rulings R22]."""
        best = -1
        best_rank = 99
        for o, office in enumerate(self.book.offices):
            seniority = val(office.seniority)
            if office.religious and seniority and self.holder(o) >= 0 and seniority < best_rank:
                best, best_rank = self.holder(o), seniority
        return best

    def religion_difference(self, c: int) -> int:
        """RelD between a character and Henry [Resolving the Endeavour] [Ability, Guile and
        Religion]."""
        return abs(self.religion_of[c] - self.religion)

    def influence(self, c: int) -> int:
        """A character's Influence: the card, +1 an office, the title, the Succession card
        and the Queen card; nothing while in the Tower, abroad or dead [Characters] [An
        Office Card] [Rulings R33]."""
        if not self.at_court(c):
            return 0
        return _worth(self)(c, len(self.offices_of(c)), self.title_of(c))

    def influences(self) -> list[int]:
        """Every character's Influence (``influence``), each office and title looked up
        once for all of them rather than once a character, the pack's bonuses once."""
        offices = [0] * len(self.where)
        for holder in self.office_holder:
            if holder >= 0:
                offices[holder] += 1
        titles = [-1] * len(self.where)
        for title, holder in enumerate(self.title_holder):
            if holder >= 0 and titles[holder] < 0:
                titles[holder] = title
        worth = _worth(self)
        return [
            worth(c, offices[c], titles[c]) if place == COURT else 0
            for c, place in enumerate(self.where)
        ]

    def faction_influences(self) -> list[int]:
        """Each faction's total Influence, the sum of its members' ``influence``
        [Characters]: counted in one pass over the characters, the offices, the titles
        (a character's first only, as ``title_of``) and the line, for all the factions."""
        table = self._g.influence
        where, owner, players = self.where, self.owner, self.players
        totals = [0] * players
        for place, seat, card in zip(where, owner, table.cards, strict=True):
            if place == COURT and 0 <= seat < players:
                totals[seat] += card
        for holder in self.office_holder:
            if holder >= 0 and where[holder] == COURT and 0 <= owner[holder] < players:
                totals[owner[holder]] += table.office
        titled: set[int] = set()
        for title, holder in enumerate(self.title_holder):
            if holder >= 0 and holder not in titled:
                titled.add(holder)
                if where[holder] == COURT and 0 <= owner[holder] < players:
                    totals[owner[holder]] += table.titles[title]
        hole = self.line_hole(self.line)
        counted: set[int] = set()
        for position, c in enumerate(self.line):
            if c not in counted:
                counted.add(c)
                if where[c] == COURT and 0 <= owner[c] < players:
                    totals[owner[c]] += table.succession[position + hole]
        queen = self.queen
        if queen >= 0 and where[queen] == COURT and 0 <= owner[queen] < players:
            totals[owner[queen]] += table.queen
        return totals

    def faction_influence(self, seat: int) -> int:
        """A faction's total Influence [Characters]."""
        return self.faction_influences()[seat]

    def members(self, seat: int) -> list[int]:
        """A faction's face-up living characters."""
        return [c for c, s in enumerate(self.owner) if s == seat and self.where[c] in LIVING]

    def line_position(self, c: int) -> int:
        """Succession card number of ``c`` (1 is the best): the line is kept closed up, save
        that Succession 1 stays empty while a woman heads it [Heirs and Succession] [Rulings
        R17]."""
        return self.line.index(c) + 1 + self.line_hole(self.line)

    def line_hole(self, line: list[int]) -> int:
        """1 while Succession 1 is unassigned above ``line``'s head: a woman heads it, or an
        Act of Succession gave a man an occupied card below it; else 0 [Rulings R17]."""
        return 1 if line and (self.first_vacant or self.female(line[0])) else 0

    def succession_cards(self) -> int:
        """How many Succession cards there are."""
        return int(val(self.book.rules.succession.cards))

    def living_son(self, mother: int | None = None) -> bool:
        """Henry has a living son (a male Tudor Heir), by ``mother`` if given [A. Determine
        if the Act of Supremacy is passed]."""
        for c, person in enumerate(self.book.people):
            son = person.born_card and not person.female and self.alive(c)
            if son and (mother is None or self.mother[c] == mother):
                return True
        return False

    def male_heir_in_line(self) -> bool:
        """Some man or boy, Tudor or not, stands in the Line of Succession."""
        return any(not self.female(c) for c in self.line)

    def henry_death_number(self) -> int:
        """The Turn Record track's number for Henry's death this Turn [D. Check for Henry's
        Death] [Rulings R16]."""
        track: list[int] = val(self.book.rules.turns.henry_death)
        return track[min(self.turn, len(track)) - 1]

    def dead(self, c: int) -> bool:
        """Dead."""
        return self.where[c] == DEAD

    def in_game(self, c: int) -> bool:
        """Dealt into this game (face down or up, alive or dead)."""
        return self.where[c] != OUT

    def removed_office(self, office: int) -> bool:
        """The office has left play."""
        return self.office_holder[office] == REMOVED

    def deck_cards(self) -> int:
        """Cards in the deck."""
        return sum(1 for place in self.cloc if place == DECK)


class InfluenceTable:
    """What adds to a character's Influence, read from the pack once per loaded game: the
    card, each office, the title's rank, each Succession card and the Queen card
    [Characters] [An Office Card] [Titles] [Rulings R33]."""

    __slots__ = ("cards", "office", "queen", "succession", "titles")

    def __init__(self, book: Book) -> None:
        rules = book.rules.influence
        self.cards: tuple[int, ...] = tuple(person.influence for person in book.people)
        self.office: int = rules.office
        bonus = val(rules.titles)
        self.titles = tuple(bonus[RANKS[rank - 1]] for rank in book.title_rank)
        table: list[int] = val(rules.succession)
        self.succession: tuple[int, ...] = tuple(table)
        self.queen: int = val(rules.queen)


def _worth(state: HenryBase) -> Callable[[int, int, int], int]:
    """The Influence of a character at court in this position, ``worth(c, offices,
    title)`` for ``c`` holding ``offices`` offices and title ``title`` (-1: none): the
    loaded game's ``InfluenceTable`` with the position's line and Queen."""
    table = state._g.influence
    cards, office, titles, queen_card = table.cards, table.office, table.titles, table.queen
    succession = {c: table.succession[state.line_position(c) - 1] for c in state.line}
    queen = state.queen

    def worth(c: int, offices: int, title: int) -> int:
        total = cards[c] + office * offices + succession.get(c, 0)
        if title >= 0:
            total += titles[title]
        if c == queen:
            total += queen_card
        return total

    return worth
