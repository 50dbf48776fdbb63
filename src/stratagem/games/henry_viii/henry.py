"""Setup, the Henry Segment (A to G), the Death Segment and the end of the game [Setup]
[Game Sequence] [1. Henry Segment] [3. Death Segment] [How to Win]."""

from __future__ import annotations

from stratagem.games.henry_viii.effects import RETURN_SEGMENT
from stratagem.games.henry_viii.encoding import NO, YES
from stratagem.games.henry_viii.pack import val
from stratagem.games.henry_viii.places import (
    COURT,
    DECK,
    DISCARD_PILE,
    HIDDEN,
    LIVING,
    REMOVED,
    TRAVEL,
)
from stratagem.games.henry_viii.rounds import Rounds

SETUP = "Deal initial playing hands"
STAR, AT_START, LATER = 0, 1, 2


class HenrySegment(Rounds):
    """Setup and the parts of the Turn that are not Player Rounds."""

    __slots__ = ()

    # -- Setup ------------------------------------------------------------------------------

    def used(self, c: int) -> bool:
        """A character is in play only if marked for this many players [Place cards onto
        the Board] [Deal initial playing hands] [Rulings R9]."""
        person = self.book.people[c]
        return not person.born_card and person.players <= self.players

    def _deal_pool(self, pool: int) -> list[int]:
        """The characters still to deal: 'At Start*', other 'At Start' (not Mary Tudor),
        then the later arrivals [Deal initial playing hands] [Rulings R8]."""
        result = []
        for c, person in enumerate(self.book.people):
            if not self.used(c) or self.owner[c] >= 0 or person.name == "Mary Tudor":
                continue
            kind = LATER if person.entry > 0 else (STAR if person.star else AT_START)
            if kind == pool:
                result.append(c)
        return result

    def _t_deal(self, pool: int) -> None:
        """Allocate the characters of a pool as evenly as possible, round the table [Deal
        initial playing hands] [Rulings R8]."""
        if self._deal_pool(pool):
            self.push(["deal", pool])
            self.roll("deal", pool)

    def _h_deal(self, action_id: int, pool: int) -> None:
        """A character dealt: the later arrivals face down, seen by their faction only [Deal
        initial playing hands]."""
        c = self._g.arg_of[action_id]
        seat = self.deal_seat
        self.owner[c] = seat
        self.deal_seat = (seat + 1) % self.players
        if pool == LATER:
            self.where[c] = HIDDEN
            self._log(
                f"{self.seat_name(seat)} receives {self.name(c)} face down (enters Turn "
                f"{self.person(c).entry}).",
                SETUP,
                {"seat": self.seat_name(seat), "character": self.name(c)},
                private_to=seat,
                public_text=f"{self.seat_name(seat)} receives a character face down.",
                public_data={"seat": self.seat_name(seat)},
            )
            return
        self.where[c] = COURT
        self._log(
            f"{self.seat_name(seat)} receives {self.name(c)}.",
            SETUP,
            {"seat": self.seat_name(seat), "character": self.name(c)},
        )

    def _t_setup_cards(self) -> None:
        """Mary Tudor goes with Queen Katherine; each 'At Start' character gets his title,
        office or Succession card; Catherine of Aragon is Queen [Deal initial playing hands]
        ["At Start" Characters who have Titles or Offices] [Rulings R8]."""
        book = self.book
        for c, person in enumerate(book.people):
            if not self.used(c):
                continue
            if person.name == "Mary Tudor":
                queens = [q for q, p in enumerate(book.people) if p.queen and self.owner[q] >= 0]
                self.owner[c] = self.owner[queens[0]] if queens else 0
                self.where[c] = COURT
                if queens:
                    self.mother[c] = queens[0]
                self._log(
                    f"{self.seat_name(self.owner[c])} receives {person.name}.",
                    SETUP,
                    {"character": person.name},
                )
            if self.where[c] != COURT:
                continue
            if person.title >= 0:
                self.title_holder[person.title] = c
            for office in person.offices:
                self.office_holder[office] = c
            if person.queen:
                self.queen = c
                self.last_queen = c
        for c, person in sorted(enumerate(book.people), key=lambda item: item[1].succession):
            if person.succession and self.where[c] == COURT:
                self.line_insert(c, person.succession)
        self.deal_seat = 0

    # -- the Turn ---------------------------------------------------------------------------

    def _t_turn(self) -> None:
        """Henry Segment (A to G), Player Rounds, Death Segment [Game Sequence] [1. Henry
        Segment]."""
        self.stage = "Henry Segment"
        self.powers_used = [False] * len(self.book.offices)
        self._log(f"Turn {self.turn} begins.", "Game Sequence", {"turn": self.turn})
        self.push(
            ["supremacy"],
            ["returns"],
            ["remove_cards"],
            ["henry_death"],
            ["birth"],
            ["contentment"],
            ["arrivals"],
            ["deal_hands"],
            ["rounds"],
            ["death_segment"],
            ["end_turn"],
        )

    def _t_supremacy(self) -> None:
        """From Turn 2, passed if Henry has a Queen and no living son: the Cardinal leaves
        play, Contentment -2, the King's Religion P3 [A. Determine if the Act of Supremacy is
        passed] [Religious Offices] [Rulings R20]."""
        rules = self.book.rules.supremacy
        if self.supremacy or self.turn < rules.from_turn:
            return
        if self.queen < 0 or self.living_son():
            return
        self.supremacy = True
        cardinal = self.office_named("Cardinal")
        holder = self.holder(cardinal)
        self.office_holder[cardinal] = REMOVED
        self.contentment = rules.contentment
        self.religion = rules.religion
        held = f"; {self.name(holder)} loses the Cardinal's hat" if holder >= 0 else ""
        self._log(
            f"The Act of Supremacy is passed: the Cardinal is removed from play{held}; "
            f"Contentment {self.contentment}; the King's Religion P3.",
            "A. Determine if the Act of Supremacy is passed",
            {"contentment": self.contentment, "religion": self.religion},
        )

    def _t_returns(self) -> None:
        """Each character Beyond the Realm may come home, its faction deciding [B.
        Characters may Return] [Rulings R31]."""
        for c in range(len(self.where)):
            if self.where[c] == TRAVEL:
                self.push(["return_offer", c, RETURN_SEGMENT])

    def _t_return_offer(self, c: int, why: int = RETURN_SEGMENT) -> None:
        if self.where[c] == TRAVEL:
            self.ask(self.owner[c], "return", c, why)

    def _o_return(self, c: int, why: int = RETURN_SEGMENT) -> list[int]:
        """The traveller's faction says yes or no [B. Characters may Return] [Amnesty]."""
        return [self._g.aid(YES, 0), self._g.aid(NO, 0)]

    def _h_return(self, action_id: int, c: int, why: int = RETURN_SEGMENT) -> None:
        """The faction brings the traveller home, or leaves him abroad [B. Characters may
        Return] [Amnesty]."""
        if self._g.kind_of[action_id] == YES:
            rule = "B. Characters may Return" if why == RETURN_SEGMENT else "Amnesty"
            self.come_home(c, rule)

    def _t_remove_cards(self) -> None:
        """All Law Suits and Investigations end [C. Remove all Law Suit and Investigation
        Cards] [Investigation] [Law Suit]."""
        self.end_law_suits()
        for c in range(len(self.where)):
            if self.investigated[c] or self.assigned_to(c, "Investigation"):
                self.clear_investigation(c)

    def _t_henry_death(self) -> None:
        """From Turn 2, Henry dies if 2d >= the Turn Record number [D. Check for Henry's
        Death] [Rulings R16]; in the short variant he dies on its last Turn [Rulings
        R44]."""
        last = self._g.last_turn
        if last is not None and self.turn >= last:
            self.henry_dead = True
            self._log(
                f"Short variant: King Henry dies on Turn {self.turn}; this is the last Turn.",
                "D. Check for Henry's Death",
                {"turn": self.turn, "short_variant": True},
            )
            return
        if self.turn >= self.book.rules.turns.first_death_check:
            self.roll("d2_henry")

    def _h_d2_henry(self, action_id: int) -> None:
        """Henry's death makes this Turn the last [D. Check for Henry's Death]."""
        roll = self._g.arg_of[action_id]
        need = self.henry_death_number()
        rule = "D. Check for Henry's Death"
        if roll >= need:
            self.henry_dead = True
            self._log(
                f"Henry's death roll: 2d {roll} >= {need}: King Henry dies; this is the last Turn.",
                rule,
                {"roll": roll, "need": need},
            )
        else:
            self._log(
                f"Henry's death roll: 2d {roll} < {need}: he lives.",
                rule,
                {"roll": roll, "need": need},
            )

    def _t_arrivals(self) -> None:
        """Each character whose entry Turn has come is revealed at court for its faction [G.
        Turn over new Characters and assign Court Cards]."""
        for c in range(len(self.where)):
            if self.where[c] == HIDDEN and self.person(c).entry <= self.turn:
                self.where[c] = COURT
                self._log(
                    f"{self.name(c)} arrives at court for {self.seat_name(self.owner[c])}.",
                    "G. Turn over new Characters and assign Court Cards",
                    {"character": self.name(c), "seat": self.seat_name(self.owner[c])},
                )

    def _t_deal_hands(self) -> None:
        """Leftover cards are discarded; five cards each, the Treasurer's faction one more
        [G. Turn over new Characters and assign Court Cards] [Court Cards] [Lord High
        Treasurer] [Rulings R31]."""
        rules = self.book.rules.cards
        treasurer = self.office_works(self.office_named("Lord High Treasurer"))
        for seat in range(self.players):
            for card in list(self.hands[seat]):
                self.move_card(card, DISCARD_PILE)
        self.push(
            *[
                [
                    "draw_cards",
                    seat,
                    rules.per_turn + (rules.treasurer_extra if seat == treasurer else 0),
                ]
                for seat in range(self.players)
            ]
        )

    def _t_draw_cards(self, seat: int, count: int) -> None:
        """Draw cards; the discard pile is reshuffled into the deck when it runs out [G.
        Turn over new Characters and assign Court Cards] [Rulings R36]."""
        if count <= 0:
            return
        if not self.deck:
            if not self.discard:
                self._log(
                    "The deck and discard pile are empty.",
                    "G. Turn over new Characters and assign Court Cards",
                    {},
                )
                return
            for card in list(self.discard):
                self.move_card(card, DECK)
            self._log(
                "The discard pile is reshuffled into the deck.",
                "G. Turn over new Characters and assign Court Cards",
                {},
            )
        self.push(["draw_cards", seat, count - 1])
        self.roll("draw", seat)

    def _h_draw(self, action_id: int, seat: int) -> None:
        """A court card drawn, seen by its faction only [Court Cards]."""
        card = self._g.arg_of[action_id]
        self.move_card(card, seat)
        who = self.seat_name(seat)
        name = self.book.card_names[card]
        self._log(
            f"{who} draws {name}.",
            "Court Cards",
            {"seat": who, "card": name},
            private_to=seat,
            public_text=f"{who} draws a court card.",
            public_data={"seat": who},
        )

    # -- 3. Death Segment and the end --------------------------------------------------------

    def _t_death_segment(self) -> None:
        """Every living character rolls 2d + Turn against its Death Roll; no Death Segment
        on the last Turn [3. Death Segment] [Rulings R15]."""
        self.stage = "Death Segment"
        self.window = None
        if self.henry_dead:
            self._log("There is no Death Segment on the last Turn.", "3. Death Segment", {})
            return
        self.push(
            *[["death_roll", c, 0, 1] for c in range(len(self.where)) if self.where[c] in LIVING]
        )

    def _t_end_turn(self) -> None:
        """Henry's death makes the Turn it happens in the last one: when it closes the
        faction with the most Influence wins, and an empty line is a loss for all [How to
        Win] [D. Check for Henry's Death] [Rulings R37]."""
        if not self.henry_dead:
            self.turn += 1
            track: list[int] = val(self.book.rules.turns.henry_death)
            if self.turn > len(track):
                self.henry_dead = True
            self.push(["turn"])
            return
        scores = self.faction_influences()
        if not self.line:
            self.end = "no heir"
            self.winner_seats = []
            self._log(
                "No one is left in the Line of Succession: civil war breaks out and "
                "everyone loses.",
                "How to Win",
                {},
            )
        else:
            self.end = "Henry died"
            best = max(scores)
            self.winner_seats = [seat for seat in range(self.players) if scores[seat] == best]
            names = ", ".join(self.seat_name(s) for s in self.winner_seats)
            self._log(
                f"Henry is dead. {names} "
                f"{'wins' if len(self.winner_seats) == 1 else 'share the win'} "
                f"with {best} Influence.",
                "How to Win",
                {"scores": {self.seat_name(s): scores[s] for s in range(self.players)}},
            )
        self.finish_game()
