"""What each Endeavour does when it succeeds or fails [List of Endeavours] [Notes on Some
Endeavours]. Each ``_e_<slug>`` receives whether the Endeavour succeeded and its total
Action Points; the Tower's Endeavours are in ``tower``."""

from __future__ import annotations

from typing import Any

from stratagem.games.henry_viii.encoding import HENRY_TARGET, TITLE
from stratagem.games.henry_viii.pack import val
from stratagem.games.henry_viii.places import ARRESTED, ASSIGNED, COURT, MISSION, PLAY, SUIT, TRAVEL
from stratagem.games.henry_viii.tower import Tower

DEATH_ROLL = "3. Death Segment"
RETURN_SEGMENT, RETURN_AMNESTY = 0, 1
"""Why a traveller Beyond the Realm is asked whether to come home: Segment B, or an
Amnesty [B. Characters may Return] [Amnesty]."""
SHARED_NAMES = frozenset({"Act of Attainder", "Fee'd Men", "Trial"})
"""Endeavours whose names the rulebook also gives a Support card or an example heading."""


def endeavour_rule(name: str) -> str:
    """The section an Endeavour's events cite: its entry, by its full path when its name
    alone is shared [List of Endeavours]."""
    return f"List of Endeavours: {name}" if name in SHARED_NAMES else name


class Effects(Tower):
    """The effects of Endeavours."""

    __slots__ = ()

    @property
    def _p(self) -> dict[str, Any]:
        assert self.play is not None
        return self.play

    def _target(self) -> int:
        return int(self._p["targets"][0])

    def _failed(self, what: str) -> None:
        self._log(f"{self._p['name']} fails: {what}.", endeavour_rule(self._p["name"]), {})

    def _assign_card(self, c: int) -> None:
        card = self._p["card"]
        if card >= 0 and self.cloc[card] == PLAY:
            self.cloc[card] = ASSIGNED + c

    # -- death rolls ------------------------------------------------------------------------

    def _health(self) -> int:
        """Good and Bad Health on an immediate Death Roll: Bad Health adds its size to the
        roll, Good Health subtracts [Bad Health] [Good Health] [Rulings R13]."""
        total = 0
        for _seat, support, value, _captain, _card in self._p["supports"]:
            entry = self.book.supports[support]
            if entry.death_roll:
                good = val(self.book.rules.death.good_health)
                total += abs(value) if entry.name == "Bad Health" else good
        return total

    def _e_accident(self, success: bool, total: int) -> None:
        """The target (or Henry) rolls at once as for the Death Segment [Accident] [Rulings
        R14]."""
        if not success:
            self._failed("nobody is hurt")
            return
        self.roll("d2_death", self._target(), self._health(), 0)

    def _e_influenza(self, success: bool, total: int) -> None:
        """An immediate Death Roll, adding 2 [Influenza]."""
        if not success:
            self._failed("the fever passes")
            return
        self.roll("d2_death", self._target(), self._health() + 2, 0)

    def _e_plague(self, success: bool, total: int) -> None:
        """Every character rolls; those abroad are spared [Plague]."""
        if not success:
            self._failed("the plague spares London")
            return
        for c in range(len(self.where)):
            if self.at_court(c) or self.in_tower(c):
                self.push(["death_roll", c, 0, 0])

    def _t_death_roll(self, c: int, extra: int, segment: int) -> None:
        if self.alive(c):
            self.roll("d2_death", c, extra, segment)

    def _h_d2_death(self, action_id: int, c: int, extra: int, segment: int) -> None:
        """A Death Roll: dies if 2d + the Turn (+ modifiers) >= the Death Roll; Henry dies
        if 2d (+ modifiers) >= this Turn's number on the Turn Record track [3. Death
        Segment] [D. Check for Henry's Death] [Rulings R14]."""
        roll = self._g.arg_of[action_id]
        rule = DEATH_ROLL if segment else endeavour_rule(self._p["name"])
        plus = f" {extra:+d}" if extra else ""
        if c == HENRY_TARGET:
            need = self.henry_death_number()
            total = roll + extra
            if total >= need:
                self.henry_dead = True
                self._log(
                    f"King Henry is struck down (2d {roll}{plus} >= {need}): "
                    "this is the last Turn.",
                    rule,
                    {"roll": roll, "need": need},
                )
            else:
                self._log(f"King Henry survives (2d {roll}{plus} < {need}).", rule, {"roll": roll})
            return
        need = self.person(c).death_roll
        total = roll + self.turn + extra
        plus = f" {extra:+d}" if extra else ""
        data = {"character": self.name(c), "roll": roll, "total": total, "death_roll": need}
        if total >= need:
            self._log(
                f"{self.name(c)} dies: 2d {roll} + Turn {self.turn}{plus} = {total} >= {need}.",
                rule,
                data,
            )
            self.kill(c, rule)
        elif not segment:
            self._log(f"{self.name(c)} survives: {total} < {need}.", rule, data)

    # -- the King's theology ----------------------------------------------------------------

    def _theology(self, step: int, success: bool) -> None:
        """Henry's religion moves one step (C0 to P4); every faction loses a card for each
        point of RelD of its most influential character [Act of Six Articles] [King's Book]
        [Bishop's Book] [The Ten Articles] [Rulings R30]."""
        if not success:
            self._failed("Henry's theology is unmoved")
            return
        self.religion = max(0, min(4, self.religion + step))
        self._log(
            f"The King's religion is now {religion_code(self.religion)}.",
            endeavour_rule(self._p["name"]),
            {"religion": self.religion},
        )
        for seat in range(self.players):
            members = [c for c in self.members(seat) if self.at_court(c)]
            if not members:
                continue
            top = max(members, key=lambda c: (self.influence(c), -c))
            loss = self.religion_difference(top)
            if loss:
                self.after_play(["lose_cards", seat, loss, -1])

    def _e_act_of_six_articles(self, success: bool, total: int) -> None:
        """Henry's theology one step Catholic [Act of Six Articles]."""
        self._theology(-1, success)

    def _e_kings_book(self, success: bool, total: int) -> None:
        """Henry's theology one step Catholic [King's Book]."""
        self._theology(-1, success)

    def _e_bishops_book(self, success: bool, total: int) -> None:
        """Henry's theology one step Protestant [Bishop's Book]."""
        self._theology(1, success)

    def _e_the_ten_articles(self, success: bool, total: int) -> None:
        """Henry's theology one step Protestant [The Ten Articles]."""
        self._theology(1, success)

    # -- marriage and heirs ------------------------------------------------------------------

    def _e_marriage(self, success: bool, total: int) -> None:
        """Two characters marry, or a woman marries King Henry [Marriage]."""
        bride, groom = self._p["targets"]
        if not success:
            self._failed(f"{self.name(bride)} does not marry")
            return
        if groom == HENRY_TARGET:
            self.marry_henry(bride)
        else:
            self.marry(bride, groom)

    def _e_annulment(self, success: bool, total: int) -> None:
        """Annulment by the senior bishop; failing, one of his faction is investigated
        [Annulment] [Annulment Card] [Rulings R22]."""
        if success:
            self.annul()
            self.contentment = self.book.rules.contentment.unmarried
            return
        self._failed("the marriage stands")
        self.push(["implicate", self._p["seat"], -1])

    def _e_act_of_succession(self, success: bool, total: int) -> None:
        """The heir takes the Succession card chosen [Act of Succession] [Act of Succession
        Card] [Rulings R17]."""
        c, position = self._p["targets"]
        if not success:
            self._failed(f"{self.name(c)} is not named in the line")
            return
        self.line_insert(c, position)
        self._log(
            f"{self.name(c)} takes Succession {self.line_position(c)}.",
            "Act of Succession Card",
            {"heir": self.name(c), "succession": self.line_position(c)},
        )

    def _e_act_of_bastardy(self, success: bool, total: int) -> None:
        """The chosen Queen's living children lose their Succession cards; later children
        are not affected [Act of Bastardy] [Rulings R41]."""
        queen = self._target()
        if not success:
            self._failed("Parliament will not bastardise")
            return
        for c in [h for h in self.line if self.mother[h] == queen]:
            self.line.remove(c)
            self.bastard[c] = True
            self._log(
                f"{self.name(c)} is declared a bastard.",
                "Act of Bastardy",
                {"character": self.name(c)},
            )

    def _e_befriend_a_tudor(self, success: bool, total: int) -> None:
        """A Tudor Heir moves to the playing faction [Befriend a Tudor] [Rulings R35]."""
        c = self._target()
        if success:
            self.change_faction(c, self._p["seat"], "Befriend a Tudor")
        else:
            self._failed(f"{self.name(c)} stays")

    def _e_persuasion(self, success: bool, total: int) -> None:
        """A character joins the playing faction [Persuasion] [Rulings R35]."""
        c = self._target()
        if success:
            self.change_faction(c, self._p["seat"], "Persuasion")
        else:
            self._failed(f"{self.name(c)} is not persuaded")

    # -- offices, titles, henchmen --------------------------------------------------------------

    def _e_assume_office(self, success: bool, total: int) -> None:
        """The character takes the office, from its holder if it had one [Assume Office]."""
        c, office = self._p["targets"]
        if success:
            self.give_office(c, office, "Assume Office")
        else:
            self._failed(f"{self.name(c)} does not get the office")

    def _e_ennoblement(self, success: bool, total: int) -> None:
        """The character takes a title from the box; an inferior title is lost
        [Ennoblement]."""
        c, title = self._p["targets"]
        if success:
            self.give_title(c, title, "Ennoblement")
        else:
            self._failed(f"{self.name(c)} is not ennobled")

    def _e_my_lords_man(self, success: bool, total: int) -> None:
        """The card is assigned: the character is My Lord's Man of his faction [My Lord's
        Man] [My Lord's Man Card] [Assigned Cards]."""
        c = self._target()
        if success:
            self._assign_card(c)
            self._log(
                f"{self.name(c)} becomes My Lord's Man of {self.seat_name(self.owner[c])}.",
                "My Lord's Man Card",
                {"character": self.name(c)},
            )
        else:
            self._failed(f"{self.name(c)} is nobody's man")

    def _e_war_uprising(self, success: bool, total: int) -> None:
        """A victorious Captain receives a Title; a defeated one's faction loses a card;
        each Captain in turn [War/Uprising] [War Card] [Rulings R12]."""
        captain = self._p["captain"]
        if success:
            self._log(f"{self.name(captain)} wins glory in the War.", "War Card", {})
            if self.titles_for(captain):
                self.ask(self._p["seat"], "war_title", captain)
            return
        self._log(
            f"{self.name(captain)} is defeated: his faction loses a court card.", "War Card", {}
        )
        self.after_play(["lose_cards", self.owner[captain], 1, -1])

    def _o_war_title(self, captain: int) -> list[int]:
        return [self._g.aid(TITLE, t) for t in self.titles_for(captain)]

    def _h_war_title(self, action_id: int, captain: int) -> None:
        """The victor's title, chosen by the faction playing the War [War Card]."""
        self.give_title(captain, self._g.arg_of[action_id], "War Card")

    def _e_pilgrimage_of_grace(self, success: bool, total: int) -> None:
        """Resolved by ``_t_rebellion`` (never called) [Pilgrimage of Grace]."""

    # -- the Tower's doors ---------------------------------------------------------------------

    def _e_arrest_warrant(self, success: bool, total: int) -> None:
        """The character goes to the Tower under arrest, losing his offices [Arrest
        Warrant]."""
        c = self._target()
        if success:
            self.arrest(c, "Arrest Warrant")
        else:
            self._failed(f"{self.name(c)} stays free")

    def _e_take_oath(self, success: bool, total: int) -> None:
        """A character who will not swear the Oath goes under arrest [Take Oath] [Take Oath
        Card]."""
        c = self._target()
        if success:
            self._log(f"{self.name(c)} takes the Oath of Supremacy.", "Take Oath", {})
        else:
            self._log(f"{self.name(c)} refuses the Oath.", "Take Oath", {})
            self.arrest(c, "Take Oath")

    def _e_investigation(self, success: bool, total: int) -> None:
        """The card is assigned: an Arrest Warrant may follow [Investigation] [Rulings R24]."""
        c = self._target()
        if success:
            self.investigated[c] = True
            self._assign_card(c)
            self._log(f"{self.name(c)} is placed under Investigation.", "Investigation", {})
        else:
            self._failed(f"nothing is found against {self.name(c)}")

    def _e_license_of_release(self, success: bool, total: int) -> None:
        """One character, arrested or imprisoned, leaves the Tower [License of Release]."""
        c = self._target()
        if success:
            self.release(c, "License of Release")
        else:
            self._failed(f"{self.name(c)} stays in the Tower")

    def _e_amnesty(self, success: bool, total: int) -> None:
        """The arrested (not the imprisoned) go free; each traveller Beyond the Realm may
        come home, his faction deciding once the Endeavour is over [Amnesty] [Rulings
        R31]."""
        if not success:
            self._failed("no amnesty")
            return
        for c in range(len(self.where)):
            if self.where[c] == ARRESTED:
                self.release(c, "Amnesty")
        travellers = [c for c in range(len(self.where)) if self.where[c] == TRAVEL]
        self.after_play(*(["return_offer", c, RETURN_AMNESTY] for c in travellers))

    # -- abroad -----------------------------------------------------------------------------------

    def come_home(self, c: int, rule: str) -> None:
        """A character comes back to court; back from a Diplomatic Mission, his faction's hand
        changes by his Ability minus 2 court cards (a loss when negative) [Diplomatic Mission]
        [Summons to Court]."""
        mission = self.where[c] == MISSION
        self.where[c] = COURT
        self.discard_assigned(c, "Diplomatic Mission")
        self.discard_assigned(c, "Travel Beyond the Realm")
        self._log(f"{self.name(c)} returns to court.", rule, {"character": self.name(c)})
        if mission:
            cards = self.person(c).ability - self.book.rules.mission.ability_less
            seat = self.owner[c]
            if cards > 0:
                self.after_play(["draw_cards", seat, cards])
            elif cards < 0:
                self.after_play(["lose_cards", seat, -cards, -1])

    def _e_diplomatic_mission(self, success: bool, total: int) -> None:
        """The character leaves on a Mission and counts no Influence till summoned home
        [Diplomatic Mission] [Rulings R31]."""
        c = self._target()
        if success:
            self.where[c] = MISSION
            self.discard_assigned(c, "My Lord's Man")
            self._assign_card(c)
            self._log(f"{self.name(c)} leaves on a Diplomatic Mission.", "Diplomatic Mission", {})
        else:
            self._failed(f"{self.name(c)} stays at court")

    def _e_travel_beyond_the_realm(self, success: bool, total: int) -> None:
        """The character goes abroad, safe from the Tower's Endeavours, counting no
        Influence [Travel Beyond the Realm] [Rulings R31]."""
        c = self._target()
        if success:
            self.where[c] = TRAVEL
            self.investigated[c] = False
            self.discard_assigned(c, "Investigation")
            self.discard_assigned(c, "My Lord's Man")
            self._assign_card(c)
            self._log(f"{self.name(c)} travels Beyond the Realm.", "Travel Beyond the Realm", {})
        else:
            self._failed(f"{self.name(c)} stays at court")

    def _e_summons_to_court(self, success: bool, total: int) -> None:
        """The character returns at once from abroad [Summons to Court] [Rulings R2]."""
        c = self._target()
        if success:
            self.come_home(c, "Summons to Court")
        else:
            self._failed(f"{self.name(c)} stays abroad")

    # -- factions' cards ------------------------------------------------------------------------

    def _e_law_suit(self, success: bool, total: int) -> None:
        """The faction may play no more Endeavours this Turn, Supports still [Law Suit]."""
        seat = self._target()
        if not success:
            self._failed(f"{self.seat_name(seat)} wins the case")
            return
        self.law_suit[seat] = True
        card = self._p["card"]
        if card >= 0 and self.cloc[card] == PLAY:
            self.cloc[card] = SUIT + seat
        self._log(
            f"{self.seat_name(seat)} is embroiled in a Law Suit: no more Endeavours this Turn.",
            "Law Suit",
            {"seat": self.seat_name(seat)},
        )

    def _e_quails(self, success: bool, total: int) -> None:
        """Henry demands gifts: the faction loses two cards at random [Quails]."""
        seat = self._target()
        if success:
            self._log(f"Henry demands gifts of {self.seat_name(seat)}.", "Quails", {})
            self.after_play(["lose_cards", seat, 2, -1])
        else:
            self._failed("Henry is content")

    def _e_feed_men(self, success: bool, total: int) -> None:
        """The victim loses two cards; a Spy card among them may be played against its
        former owner at once [List of Endeavours: Fee'd Men] [Spy Cards and Fee'd Men]
        [Rulings R29]."""
        seat = self._target()
        if success:
            self._log(
                f"Fee'd Men spy on {self.seat_name(seat)}.", "List of Endeavours: Fee'd Men", {}
            )
            self.after_play(["lose_cards", seat, 2, self._p["seat"]])
        else:
            self._failed("the servants are loyal")

    def after_play(self, *tasks: list[Any]) -> None:
        """Schedule tasks to run once the Endeavour in play is finished."""
        for index in range(len(self.tasks) - 1, -1, -1):
            if self.tasks[index][0] == "finish_play":
                self.tasks[index:index] = list(reversed(tasks))
                return
        self.push(*tasks)


def religion_code(religion: int) -> str:
    """C0, C1, 2, P3, P4."""
    return ("C0", "C1", "2", "P3", "P4")[religion]
