"""Henry's marriages, Matrimonial Contentment, the birth of Tudor Heirs, annulment and the
Loss of the Queen [The Queen and Marriage] [E. Check for the birth of a Tudor Heir] [F.
Roll for Henry's Matrimonial Contentment] [Marriage] [Annulment]."""

from __future__ import annotations

from stratagem.games.henry_viii.places import COURT, DISCARD_PILE, OUT
from stratagem.games.henry_viii.succession import Succession

BIRTH = "E. Check for the birth of a Tudor Heir"
CONTENTMENT = "F. Roll for Henry's Matrimonial Contentment"


class Marriage(Succession):
    """Marriage, heirs and Henry's contentment."""

    __slots__ = ()

    # -- marrying -----------------------------------------------------------------------

    def marry_henry(self, woman: int) -> None:
        """Marriage b.: she becomes Queen; roll at once for Contentment, then for an Heir,
        in the body's order [Marriage] [When Henry marries] [Rulings R4]."""
        self.queen = woman
        self._log(
            f"King Henry marries {self.name(woman)}: she is Queen.",
            "When Henry marries",
            {"queen": self.name(woman)},
        )
        self.push(["contentment"], ["birth"])

    def marry(self, woman: int, man: int) -> None:
        """Marriage a.: two characters marry; across factions the one of lesser Influence
        joins the other's faction, a die deciding a tie [Marriage] [Rulings R21]."""
        self.spouse[woman] = man
        self.spouse[man] = woman
        self._log(
            f"{self.name(woman)} marries {self.name(man)}.",
            "Marriage",
            {"bride": self.name(woman), "groom": self.name(man)},
        )
        if self.owner[woman] == self.owner[man]:
            return
        her, his = self.influence(woman), self.influence(man)
        if her < his:
            self.change_faction(woman, self.owner[man], "Marriage")
        elif his < her:
            self.change_faction(man, self.owner[woman], "Marriage")
        else:
            self.roll("d1_marriage_tie", woman, man)

    def _h_d1_marriage_tie(self, action_id: int, woman: int, man: int) -> None:
        """On a tie of Influence, 1-3 the bride moves, else the groom [Marriage] [Rulings
        R21]."""
        die = self._g.arg_of[action_id]
        if die <= 3:
            self.change_faction(woman, self.owner[man], "Marriage")
        else:
            self.change_faction(man, self.owner[woman], "Marriage")

    def change_faction(self, c: int, seat: int, rule: str) -> None:
        """A character moves to another faction, with its offices and title [Important:
        You Can Play an Endeavour on Any Faction]."""
        old = self.owner[c]
        self.owner[c] = seat
        self._log(
            f"{self.name(c)} leaves {self.seat_name(old)} for {self.seat_name(seat)}.",
            rule,
            {"character": self.name(c), "from": self.seat_name(old), "to": self.seat_name(seat)},
        )

    def annul(self) -> None:
        """The Queen becomes Henry's 'Dear Sister' and retires; he may remarry [Annulment]
        [The Queen and Marriage]."""
        queen = self.queen
        self.former_queen[queen] = True
        self.queen = -1
        self._log(
            f"Henry's marriage to {self.name(queen)} is annulled: she retires to her estates.",
            "Annulment",
            {"queen": self.name(queen)},
        )

    # -- F. Matrimonial Contentment --------------------------------------------------------

    def _t_contentment(self) -> None:
        """Married, Henry's Contentment is rolled after a window for Ladies of the
        Bedchamber and Revulsions; single, it is -2 [F. Roll for Henry's Matrimonial
        Contentment] [Lady of the Bedchamber] [Revulsion] [Rulings R19]."""
        if self.queen < 0:
            self.contentment = self.book.rules.contentment.unmarried
            self.last_queen = -1
            self._log(
                f"Henry has no Queen: his Contentment is {self.contentment}.",
                CONTENTMENT,
                {"contentment": self.contentment},
            )
            return
        self.push(["window", 1], ["roll_contentment"])

    def _t_roll_contentment(self) -> None:
        self.roll("d1_contentment")

    def _h_d1_contentment(self, action_id: int) -> None:
        """The roll with its modifiers: the cards played, +3 a living son by this Queen, -3
        no male heir in the line, and the old Contentment for the same Queen [F. Roll for
        Henry's Matrimonial Contentment] [Rulings R19]."""
        rules = self.book.rules.contentment
        die = self._g.arg_of[action_id]
        window = self.window or {}
        cards = int(window.get("sum", 0))
        self.window = None
        parts = [f"die {die}"]
        total = die + cards
        if cards:
            parts.append(f"cards {cards:+d}")
        if self.living_son(self.queen):
            total += rules.living_son
            parts.append(f"living son {rules.living_son:+d}")
        if not self.male_heir_in_line():
            total += rules.no_male_heir
            parts.append(f"no male heir {rules.no_male_heir:+d}")
        if self.queen == self.last_queen:
            total += self.contentment
            parts.append(f"old Contentment {self.contentment:+d}")
        self.contentment = self.contentment_for(total)
        self.last_queen = self.queen
        self._log(
            f"Henry's Matrimonial Contentment with {self.name(self.queen)}: "
            f"{' '.join(parts)} = {total}: Contentment {self.contentment:+d}.",
            CONTENTMENT,
            {"roll": die, "total": total, "contentment": self.contentment},
        )

    def contentment_for(self, total: int) -> int:
        """The Contentment table: 6+ +2, 4-5 +1, 2-3 0, 1 -1, below 1 -2 [F. Roll for
        Henry's Matrimonial Contentment]."""
        rules = self.book.rules.contentment
        for lowest, value in rules.table:
            if total >= lowest:
                return value
        return rules.below

    # -- E. Birth of a Tudor Heir ----------------------------------------------------------

    def _t_birth(self) -> None:
        """A Queen at court bears an Heir if 2d <= her Baby Value; none in the Tower [E.
        Check for the birth of a Tudor Heir] [Women] [Rulings R18]."""
        queen = self.queen
        if queen < 0 or self.where[queen] != COURT:
            return
        self.roll("d2_birth")

    def _h_d2_birth(self, action_id: int) -> None:
        """2d against the Queen's Baby Value [E. Check for the birth of a Tudor Heir]."""
        roll = self._g.arg_of[action_id]
        queen = self.queen
        baby = self.person(queen).baby
        if roll > baby:
            self._log(
                f"No heir: 2d {roll} against {self.name(queen)}'s Baby Value {baby}.",
                BIRTH,
                {"roll": roll, "baby": baby},
            )
            return
        self._log(
            f"An heir is born to {self.name(queen)} (2d {roll} <= Baby Value {baby}).",
            BIRTH,
            {"roll": roll, "baby": baby},
        )
        self.roll("d1_sex")

    def next_heir_card(self, female: bool) -> int:
        """The next unused Prince or Princess card, or -1: no card left, no heir born [E.
        Check for the birth of a Tudor Heir] [Rulings R18]."""
        for c, person in enumerate(self.book.people):
            if person.born_card and person.female == female and self.where[c] == OUT:
                return c
        return -1

    def _h_d1_sex(self, action_id: int) -> None:
        """1-4 a girl, 5-6 a boy; the child joins the Queen's faction with her religion [E.
        Check for the birth of a Tudor Heir] [On the birth of a Tudor Heir]."""
        die = self._g.arg_of[action_id]
        female = die <= self.book.rules.birth.girl_max
        child = self.next_heir_card(female)
        sex = "girl" if female else "boy"
        if child < 0:
            self._log(
                f"A {sex} (die {die}), but no Tudor Heir card is left: no more heirs.",
                BIRTH,
                {"roll": die},
            )
            return
        queen = self.queen
        self.where[child] = COURT
        self.owner[child] = self.owner[queen]
        self.mother[child] = queen
        self.born[child] = self.turn
        self.religion_of[child] = self.religion_of[queen]
        self._log(
            f"A {sex} (die {die}): {self.name(child)} joins {self.seat_name(self.owner[queen])}.",
            BIRTH,
            {"roll": die, "heir": self.name(child)},
        )
        self.push(["succession_for_newborn", child])
        self.roll("d1_childbirth")

    def _h_d1_childbirth(self, action_id: int) -> None:
        """1-2: the Queen dies in childbirth [E. Check for the birth of a Tudor Heir]."""
        die = self._g.arg_of[action_id]
        queen = self.queen
        if die <= self.book.rules.birth.queen_dies_max:
            self._log(f"{self.name(queen)} dies in childbirth (die {die}).", BIRTH, {"roll": die})
            self.kill(queen, BIRTH)
        else:
            self._log(f"{self.name(queen)} survives the birth (die {die}).", BIRTH, {"roll": die})

    def _t_succession_for_newborn(self, child: int) -> None:
        """Henry's newborn child takes a Succession card straight away [Heirs and Succession]
        [On the birth of a Tudor Heir]."""
        position = self.birth_position(child)
        if position > self.succession_cards():
            self._log(
                f"No Succession card is left for {self.name(child)}.",
                BIRTH,
                {"heir": self.name(child)},
            )
            return
        self.line_insert(child, position)
        self._log(
            f"{self.name(child)} takes Succession {self.line_position(child)}.",
            "Heirs and Succession",
            {"heir": self.name(child), "succession": self.line_position(child)},
        )

    # -- Loss of the Queen ------------------------------------------------------------------

    def queen_penalty(self, queen: int) -> None:
        """Her faction loses one office (at random) and half its hand (rounded up, at
        random), once only [Loss of the Queen] [Rulings R28]."""
        if self.penalized == queen:
            return
        self.penalized = queen
        seat = self.owner[queen]
        half = (len(self.hands[seat]) + 1) // 2
        self._log(
            f"{self.seat_name(seat)} suffers the Loss of the Queen: one office and "
            f"{half} court cards.",
            "Loss of the Queen",
            {"seat": self.seat_name(seat), "cards": half},
        )
        self.push(["lose_office", seat], ["lose_cards", seat, half, -1])

    def _t_lose_office(self, seat: int) -> None:
        if self.offices_of_seat(seat):
            self.roll("office_lost", seat)

    def _h_office_lost(self, action_id: int, seat: int) -> None:
        """The office drawn at random is lost [Loss of the Queen]."""
        office = self._g.arg_of[action_id]
        holder = self.holder(office)
        self.office_holder[office] = -1
        self._log(
            f"{self.name(holder)} loses the office of {self.book.office_names[office]}.",
            "Loss of the Queen",
            {"character": self.name(holder), "office": self.book.office_names[office]},
        )

    def _t_lose_cards(self, seat: int, count: int, feed_by: int) -> None:
        """A faction loses ``count`` court cards at random [Quails] [List of Endeavours:
        Fee'd Men] [Rulings R36]."""
        if count <= 0 or not self.hands[seat]:
            return
        self.push(["lose_cards", seat, count - 1, feed_by])
        self.roll("lose", seat, feed_by)

    def _h_lose(self, action_id: int, seat: int, feed_by: int) -> None:
        """The card drawn at random is lost; a Spy card lost to Fee'd Men may be played
        against its former owner [Spy Cards and Fee'd Men]."""
        card = self._g.arg_of[action_id]
        self.move_card(card, DISCARD_PILE)
        self._log(
            f"{self.seat_name(seat)} loses {self.book.card_names[card]}.",
            "Court Cards",
            {"seat": self.seat_name(seat), "card": self.book.card_names[card]},
        )
        if feed_by >= 0 and self.book.endeavours[self.book.card_endeavour[card]].spy:
            self.push(["spy_offer", feed_by, seat, card])
