"""Changes to characters: court cards moving, arrest and release, death and its
consequences (titles to heirs, offices vacated, the line shuffled up), offices and titles
[Characters] [The Tower: Arrest and Imprisonment] [Offices] [Titles]."""

from __future__ import annotations

from stratagem.games.henry_viii.base import HenryBase
from stratagem.games.henry_viii.pack import RANKS
from stratagem.games.henry_viii.places import (
    ARRESTED,
    ASSIGNED,
    COURT,
    DEAD,
    DECK,
    DISCARD_PILE,
    PLAY,
    REMOVED,
    SUIT,
    VACANT,
)

VISCOUNT = RANKS.index("Viscount") + 1
"""The rank of a Viscount (Baron 1 ... Duke 5), the one Title a commoner may be awarded
[Ennoblement] [Titles]."""


class People(HenryBase):
    """Moving cards and changing characters."""

    __slots__ = ()

    # -- court cards ----------------------------------------------------------------------

    def move_card(self, card: int, place: int) -> None:
        """Take ``card`` from where it is and put it at ``place`` (keeping the lists)."""
        old = self.cloc[card]
        if old == DECK:
            self.deck.remove(card)
        elif old == DISCARD_PILE:
            self.discard.remove(card)
        elif 0 <= old < self.players:
            self.hands[old].remove(card)
        self.cloc[card] = place
        if place == DECK:
            self.deck.append(card)
        elif place == DISCARD_PILE:
            self.discard.append(card)
        elif 0 <= place < self.players:
            hand = self.hands[place]
            hand.append(card)
            hand.sort()

    def card_endeavour(self, card: int) -> str:
        """The name of a card's Endeavour half."""
        return self.book.endeavours[self.book.card_endeavour[card]].name

    def card_support(self, card: int) -> str:
        """The name of a card's Support half."""
        return self.book.supports[self.book.card_support[card]].name

    def assigned_to(self, c: int, endeavour: str | None = None) -> list[int]:
        """Cards assigned to character ``c`` (of one Endeavour, if named)."""
        mark = ASSIGNED + c
        if mark not in self.cloc:
            return []
        return [
            card
            for card, place in enumerate(self.cloc)
            if place == mark and (endeavour is None or self.card_endeavour(card) == endeavour)
        ]

    def discard_assigned(self, c: int, endeavour: str | None = None) -> None:
        """Assigned cards leave the character for the discard pile."""
        for card in self.assigned_to(c, endeavour):
            self.move_card(card, DISCARD_PILE)

    def lords_men(self, seat: int) -> list[int]:
        """A faction's characters bearing a My Lord's Man card, at court: one in the Tower
        has lost it [My Lord's Man Card]."""
        return [
            c
            for c in self.members(seat)
            if self.at_court(c) and self.assigned_to(c, "My Lord's Man")
        ]

    def end_law_suits(self) -> None:
        """All Law Suit cards go, and the factions are free again [C. Remove all Law Suit
        and Investigation Cards]."""
        for card, place in enumerate(self.cloc):
            if place >= SUIT:
                self.move_card(card, DISCARD_PILE)
        self.law_suit = [False] * self.players

    def clear_investigation(self, c: int) -> None:
        """The character is no longer under Investigation."""
        self.investigated[c] = False
        self.discard_assigned(c, "Investigation")

    def discard_play(self) -> None:
        """Every card on the table goes to the discard pile: played cards are lost [A Court
        Card] [Assigned Cards] [Rulings R36]."""
        for card, place in enumerate(self.cloc):
            if place == PLAY:
                self.move_card(card, DISCARD_PILE)

    # -- the Tower ------------------------------------------------------------------------

    def arrest(self, c: int, rule: str) -> None:
        """To the Tower under arrest: offices lost, My Lord's Man lost, Investigation ended
        [Arrest Warrant] [The Tower: Arrest and Imprisonment] [My Lord's Man Card] [Rulings
        R24]."""
        self.where[c] = ARRESTED
        self.clear_investigation(c)
        self.discard_assigned(c, "My Lord's Man")
        lost = self.vacate_offices(c)
        lost_text = f"; {', '.join(lost)} fall vacant" if lost else ""
        self._log(
            f"{self.name(c)} is arrested and sent to the Tower{lost_text}.",
            rule,
            {"character": self.name(c), "offices_lost": lost},
        )

    def release(self, c: int, rule: str) -> None:
        """Out of the Tower, back to court [Amnesty] [License of Release] [List of
        Endeavours: Trial]."""
        self.where[c] = COURT
        self.rack[c] = 0
        self._log(f"{self.name(c)} is released from the Tower.", rule, {"character": self.name(c)})

    # -- offices and titles -----------------------------------------------------------------

    def vacate_offices(self, c: int) -> list[str]:
        """All of ``c``'s offices return to Vacant Offices; their names [Offices]."""
        lost = []
        for office in self.offices_of(c):
            self.office_holder[office] = VACANT
            lost.append(self.book.office_names[office])
        return lost

    def give_office(self, c: int, office: int, rule: str) -> None:
        """``c`` takes an office (a holder loses it); any number may be held [Offices]
        [Assume Office]."""
        previous = self.holder(office)
        self.office_holder[office] = c
        was = f" from {self.name(previous)}" if previous >= 0 else ""
        self._log(
            f"{self.name(c)} takes the office of {self.book.office_names[office]}{was}.",
            rule,
            {"character": self.name(c), "office": self.book.office_names[office]},
        )

    def give_title(self, c: int, title: int, rule: str, *, inherits: bool = False) -> None:
        """``c`` takes a title (by award, or by inheritance); any inferior title he held
        returns to the box, since one holds a single title [Titles] [Ennoblement] [Nobles,
        Royals and Commoners]."""
        old = self.title_of(c)
        if old >= 0:
            self.title_holder[old] = VACANT
        self.title_holder[title] = c
        name = self.book.title_names[title]
        lost = f" and gives up {self.book.title_names[old]}" if old >= 0 else ""
        text = f"inherits the title {name}" if inherits else f"becomes {name}"
        self._log(
            f"{self.name(c)} {text}{lost}.",
            rule,
            {"character": self.name(c), "title": name},
        )

    def titles_for(self, c: int) -> list[int]:
        """Titles in the box that ``c`` may be awarded: a male, not a Tudor Heir, with no
        religious office, rising at most two ranks; a commoner only to Viscount, straight
        over Baron [Titles] [Ennoblement] [Rulings R6]."""
        if self.female(c) or self.tudor(c) or self.religious_office(c):
            return []
        rank = self.rank(c)
        ranks = self.book.title_rank
        if self.commoner(c):
            return [
                t
                for t, holder in enumerate(self.title_holder)
                if holder == VACANT and ranks[t] == VISCOUNT
            ]
        return [
            t
            for t, holder in enumerate(self.title_holder)
            if holder == VACANT and rank < ranks[t] <= rank + 2
        ]

    def offices_for(self, c: int) -> list[int]:
        """Offices ``c`` may assume: males only, no Tudor Heir or minor; commoners only where
        marked; religious offices to commoners without a title [Offices] [Religious Offices]
        [Principal Secretary] [Secretary] [Speaker of the House]."""
        if self.female(c) or self.tudor(c) or self.minor(c):
            return []
        mine = self.offices_of(c)
        result = []
        for o, office in enumerate(self.book.offices):
            if self.office_holder[o] == REMOVED or o in mine:
                continue
            if office.commoners_only and not self.commoner(c):
                continue
            if office.religious and self.title_of(c) >= 0:
                continue
            result.append(o)
        return result

    # -- death ----------------------------------------------------------------------------

    def kill(self, c: int, rule: str, *, attainted: bool = False) -> None:
        """A character dies: titles pass to the heir (unless attainted: lost forever),
        offices fall vacant, assigned cards go, the line shuffles up, a queen leaves Henry
        a widower, and is a previous Queen from then on [Heirs and Succession] [The Queen
        and Marriage] [Rulings R41]."""
        self.where[c] = DEAD
        self.investigated[c] = False
        for card in self.assigned_to(c):
            self.move_card(card, DISCARD_PILE)
        self.vacate_offices(c)
        self._pass_title(c, rule, attainted=attainted)
        if c in self.line:
            self.line_remove(c)
        spouse = self.spouse[c]
        if spouse >= 0:
            self.spouse[spouse] = -1
            self.spouse[c] = -1
        if c == self.queen:
            self.former_queen[c] = True
            self.queen = -1
            self._log("Henry is a widower.", "Loss of the Queen", {"queen": self.name(c)})

    def _pass_title(self, c: int, rule: str, *, attainted: bool) -> None:
        """The title passes at once to the next heir on the cards if he is in play, any
        inferior title of his returning to the box (one who already holds an equal or
        higher title keeps his own); otherwise the title goes to the box. An attainted
        man's is lost forever [Nobles, Royals and Commoners] [Titles] [Act of Attainder (or
        Attainder Trial Result)] [Rulings R40]."""
        title = self.title_of(c)
        if title < 0:
            return
        name = self.book.title_names[title]
        if attainted:
            self.title_holder[title] = REMOVED
            self._log(
                f"The title {name} is lost forever.",
                "Act of Attainder (or Attainder Trial Result)",
                {"title": name},
            )
            return
        rank = self.book.people[c].heir_rank
        for heir, person in enumerate(self.book.people):
            next_in_line = person.heir_of == title and person.heir_rank == rank + 1
            if next_in_line and self.alive(heir) and self.rank(heir) < self.book.title_rank[title]:
                self.give_title(heir, title, "Nobles, Royals and Commoners", inherits=True)
                return
        self.title_holder[title] = VACANT
        self._log(f"The title {name} returns to the box.", rule, {"title": name})

    def line_remove(self, c: int) -> None:
        """Someone leaves the Line: everyone below shuffles up one place [Heirs and
        Succession]."""
        self.line.remove(c)
