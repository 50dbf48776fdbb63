"""Endeavours: who or what each may be played on, and the Action Point modifiers
[Endeavours] [Resolving the Endeavour] [List of Endeavours] [Notes on Some Endeavours].

An Endeavour chooses its targets in steps: a character (or King Henry), a faction, then
for some an office, a title, a Succession card or a husband. The card may be played only
when its first step has a candidate, and every later step is sure to have one.
"""

from __future__ import annotations

from typing import Any

from stratagem.games.henry_viii.encoding import (
    FACTION,
    HENRY_TARGET,
    OFFICE,
    SUCCESSION,
    TARGET,
    TITLE,
)
from stratagem.games.henry_viii.marriage import Marriage
from stratagem.games.henry_viii.pack import val
from stratagem.games.henry_viii.places import ARRESTED, IMPRISONED

STEPS: dict[str, tuple[int, ...]] = {
    "Assume Office": (TARGET, OFFICE),
    "Ennoblement": (TARGET, TITLE),
    "Act of Succession": (TARGET, SUCCESSION),
    "Marriage": (TARGET, TARGET),
}
"""Endeavours with more than one step; the others take one step by their target kind
[Assume Office] [Ennoblement] [Act of Succession] [Marriage]."""


def slug(name: str) -> str:
    """``Fee'd Men`` -> ``feed_men``: the suffix of an Endeavour's effect method."""
    return "".join(ch if ch.isalnum() else "_" for ch in name.lower().replace("'", "")).strip("_")


SPARED_ABROAD = (
    "Arrest Warrant",
    "Assume Office",
    "Persuasion",
    "Take Oath",
    "Diplomatic Mission",
    "Travel Beyond the Realm",
)
"""Cards that cannot be played on a character abroad: those abroad are unaffected by
Arrest, Assume Office and Persuasion (Attainder and Trial fall only on those in the
Tower); a failed Oath is an arrest; and one abroad cannot be sent abroad again [Travel
Beyond the Realm] [Diplomatic Mission] [Rulings R31]."""


class Endeavours(Marriage):
    """Targets and modifiers of Endeavours."""

    __slots__ = ()

    def steps(self, endeavour: str) -> tuple[int, ...]:
        """The kinds of choice an Endeavour needs, in order."""
        if endeavour in STEPS:
            return STEPS[endeavour]
        target = self.book.endeavours[self.book.endeavour_index(endeavour)].target
        return {"character": (TARGET,), "person": (TARGET,), "faction": (FACTION,)}.get(target, ())

    # -- candidates ----------------------------------------------------------------------

    def candidates(
        self, endeavour: str, step: int, seat: int, chosen: list[int], victim: int = -1
    ) -> list[int]:
        """Who or what ``seat`` may choose at ``step`` of ``endeavour``: a character of any
        faction, the player's own too [Important: You Can Play an Endeavour on Any
        Faction]; King Henry for an Accident or Influenza [Accident] [Influenza]."""
        if step == 0 and self.steps(endeavour)[0] == FACTION:
            return self._factions(endeavour, seat, victim)
        if step == 0:
            people = [c for c in range(len(self.where)) if self._target_ok(endeavour, c, seat)]
            if victim >= 0:
                people = [c for c in people if self.owner[c] == victim]
            if endeavour in ("Accident", "Influenza") and not self.henry_dead and victim < 0:
                people.append(HENRY_TARGET)
            return people
        first = chosen[0]
        if endeavour == "Assume Office":
            return self.offices_for(first)
        if endeavour == "Ennoblement":
            return self.titles_for(first)
        if endeavour == "Act of Succession":
            return self.positions_for(first)
        return self.grooms()

    def _factions(self, endeavour: str, seat: int, victim: int, card: int = -1) -> list[int]:
        """The factions a card against a faction may hit, the player's own included: one
        holding cards (the player's own besides ``card``, the court card about to be
        played); for a Law Suit one not sued already and not shielded by a Chancellor at
        court [Important: You Can Play an Endeavour on Any Faction] [Law Suit] [Chancellor]
        [Quails] [List of Endeavours: Fee'd Men] [Rulings R29] [Rulings R31]."""
        seats = [s for s in range(self.players) if victim < 0 or s == victim]
        if endeavour == "Law Suit":
            exempt = self.office_works(self.office_named("Chancellor"))
            return [s for s in seats if s != exempt and not self.law_suit[s]]
        return [s for s in seats if any(c != card for c in self.hands[s])]

    def grooms(self) -> list[int]:
        """Who a bride may marry: King Henry if he is free, or an unmarried adult man at
        court or abroad with no religious office [Marriage] [Rulings R21]."""
        men = [
            c
            for c in range(len(self.where))
            if (self.at_court(c) or self.abroad(c))
            and not self.female(c)
            and not self.minor(c)
            and self.spouse[c] < 0
            and not self.religious_office(c)
        ]
        if self.queen < 0 and not self.henry_dead:
            men.insert(0, HENRY_TARGET)
        return men

    def _target_ok(self, endeavour: str, c: int, seat: int) -> bool:
        """Whether ``c`` may be the target: an Accident or Influenza strikes anyone living
        in play, wherever he is; the Tower's cards fall on those in the Tower (none on a
        minor, a Tudor Heir or a foreign wife who may not die so), Summons on those
        abroad; the rest on characters at court or abroad as each card allows, save that
        those abroad are spared Arrest, Assume Office and Persuasion (and Attainder and
        Trial, played only in the Tower) [List of Endeavours: Act of Attainder] [Execution]
        [List of Endeavours: Trial] [Rack] [License of Release] [Summons to Court] [Act of
        Bastardy] [Act of Succession] [Investigation] [Befriend a Tudor] [Persuasion]
        [Diplomatic Mission] [Travel Beyond the Realm] [My Lord's Man] [Take Oath] [Minors]
        [Rulings R31] [Rulings R41]."""
        where = self.where[c]
        if endeavour in ("Accident", "Influenza"):
            return self.alive(c)
        if endeavour == "Act of Attainder":
            return self.in_tower(c) and self._killable(c)
        if endeavour == "Execution":
            return where == IMPRISONED and self._killable(c)
        if endeavour in ("Trial",):
            return where == ARRESTED
        if endeavour == "Rack":
            return where == ARRESTED and not self.foreign(c) and not self.minor(c)
        if endeavour == "License of Release":
            return self.in_tower(c)
        if endeavour == "Summons to Court":
            return self.abroad(c)
        if endeavour == "Act of Bastardy":
            queen = c == self.queen or self.former_queen[c]
            return queen and any(self.mother[h] == c for h in self.line)
        if self.abroad(c):
            return endeavour not in SPARED_ABROAD and self._target_at_court(endeavour, c, seat)
        return self.at_court(c) and self._target_at_court(endeavour, c, seat)

    def _killable(self, c: int) -> bool:
        """Neither a minor, a Tudor Heir nor a foreign wife: one an Act of Attainder or an
        Execution may fall on [List of Endeavours: Act of Attainder] [Execution] [Minors]."""
        return not self.minor(c) and not self.tudor(c) and not self.foreign(c)

    def _target_at_court(self, endeavour: str, c: int, seat: int) -> bool:
        """Whether a character out of the Tower may be the target of a card played on
        those at court [Act of Succession] [Arrest Warrant] [Investigation] [Assume Office]
        [Ennoblement] [Befriend a Tudor] [Persuasion] [Diplomatic Mission] [Travel Beyond
        the Realm] [My Lord's Man] [Take Oath] [Marriage] [Rulings R31] [Rulings R43]."""
        if endeavour == "Act of Succession":
            return self.heir(c) and bool(self.positions_for(c))
        if endeavour == "Arrest Warrant":
            return True
        if endeavour == "Investigation":
            return not self.investigated[c]
        if endeavour == "Assume Office":
            return bool(self.offices_for(c))
        if endeavour == "Ennoblement":
            return bool(self.titles_for(c))
        if endeavour == "Befriend a Tudor":
            return self.tudor(c) and self.owner[c] != seat
        if endeavour == "Persuasion":
            return not self.tudor(c) and self.owner[c] != seat
        if endeavour == "Diplomatic Mission":
            return True
        if endeavour == "Travel Beyond the Realm":
            return not self.tudor(c)
        if endeavour == "My Lord's Man":
            adult_male = not self.female(c) and not self.minor(c)
            return adult_male and not self.assigned_to(c, "My Lord's Man")
        if endeavour == "Take Oath":
            return self.supremacy
        if endeavour == "Marriage":
            free = self.female(c) and not self.minor(c) and self.spouse[c] < 0
            return free and c != self.queen and bool(self.grooms())
        return False

    def endeavour_playable(
        self, endeavour: str, seat: int, victim: int = -1, card: int = -1
    ) -> bool:
        """Whether ``seat`` may play this Endeavour now (its first step has a candidate),
        from the court card ``card`` in its hand if one is given; an Annulment only by the
        senior bishop's faction after the Act of Supremacy [Annulment] [Religious Offices]
        [Rulings R22]."""
        if endeavour == "Annulment":
            bishop = self.senior_bishop()
            return (
                self.supremacy
                and self.queen >= 0
                and bishop >= 0
                and self.at_court(bishop)
                and self.owner[bishop] == seat
            )
        if endeavour in ("Pilgrimage of Grace", "War/Uprising") and victim >= 0:
            return False
        steps = self.steps(endeavour)
        if not steps:
            return victim < 0
        if steps[0] == FACTION:
            return bool(self._factions(endeavour, seat, victim, card))
        if endeavour in ("Accident", "Influenza") and not self.henry_dead and victim < 0:
            return True
        return any(
            self._target_ok(endeavour, c, seat)
            for c in range(len(self.where))
            if victim < 0 or self.owner[c] == victim
        )

    # -- Action Points ------------------------------------------------------------------

    def ap_modifiers(self, play: dict[str, Any]) -> list[tuple[str, int]]:
        """Every Action Point modifier of the Endeavour in play, labelled: the card's own,
        each Support's value, a Captain's Ability less the Captaincy's cost, each My Lord's
        Man's Ability minus 2, and Henry's Contentment for the Queen's faction. In a War
        each Captain's roll is the Endeavour of the faction that played his Captaincy: his
        Ability, the other Supports, and that faction's My Lord's Men and Contentment
        [Resolving the Endeavour] [During the marriage] [My Lord's Man Card] [Captaincy]
        [Duplicity] [Scandal] [Henry's Ear] [Henry's Will] [Evidence of Conspiracy] [List of
        Support Cards: Fee'd Men] [List of Support Cards: Treachery] [Rulings R5] [Rulings R12]
        [Rulings R13]."""
        endeavour = play["name"]
        entry = self.book.endeavours[self.book.endeavour_index(endeavour)]
        targets: list[int] = play["targets"]
        target = targets[0] if targets and entry.target in ("character", "person") else -1
        mods: list[tuple[str, int]] = []
        for key in val(entry.modifiers):
            mods.extend(self._modifier(key, play, target))
        player = play["seat"]
        for seat, support, value, captain, _card in play["supports"]:
            name = self.book.supports[support].name
            if self.book.supports[support].death_roll and endeavour in ("Accident", "Influenza"):
                continue
            if captain >= 0 and captain != play.get("captain", captain):
                continue
            if captain >= 0:
                player = seat
                ability = self.person(captain).ability
                cost = val(self.book.rules.war.captaincy_cost)
                mods.append((f"Captaincy: {self.name(captain)}'s Ability", ability))
                mods.append(("Captaincy's Action Point cost", -cost))
            elif value:
                mods.append((f"{name} ({self.seat_name(seat)})", value))
        less = self.book.rules.my_lords_man.ability_less
        for man in self.lords_men(player):
            mods.append((f"My Lord's Man {self.name(man)}", self.person(man).ability - less))
        if self.queen >= 0 and self.owner[self.queen] == player:
            mods.append(("the Queen: Henry's Contentment", self.contentment))
        return mods

    def _modifier(self, key: str, play: dict[str, Any], t: int) -> list[tuple[str, int]]:
        """One of an Endeavour card's own modifiers: the target's Ability, Guile or
        Religion, a holder's Guile, Contentment on the Queen, Heir Credibility, the Rack,
        the Trial President, the bride's Guile less the groom's (Henry's counted 2), the
        senior bishop's religion [Endeavours] [A Court Card] [Endeavours and the Queen]
        [Trial Card] [Assume Office] [Marriage] [Annulment Card] [Rulings R21] [Rulings
        R22]."""
        person = self.person(t) if t >= 0 else None
        if key == "-target_ability" and person:
            return [(f"{person.name}'s Ability", -person.ability)]
        if key == "+target_guile" and person:
            return [(f"{person.name}'s Guile", person.guile)]
        if key == "-target_guile" and person:
            return [(f"{person.name}'s Guile", -person.guile)]
        if key == "-holder_guile" and len(play["targets"]) > 1:
            holder = self.holder(play["targets"][1])
            if holder >= 0 and holder != t:
                return [(f"holder {self.name(holder)}'s Guile", -self.person(holder).guile)]
        if key == "-contentment_on_queen":
            on_queen = t == self.queen or (play["name"] == "Annulment" and self.queen >= 0)
            if on_queen and t != HENRY_TARGET:
                return [("the Queen: minus Contentment", -self.contentment)]
        if key in ("+heir_credibility", "-heir_credibility") and person and self.heir(t):
            sign = 1 if key[0] == "+" else -1
            return [
                (
                    f"Heir's Credibility {sign:+d} x {self.credibility(t)}",
                    sign * self.credibility(t),
                )
            ]
        if key == "+rack" and t >= 0 and self.rack[t]:
            return [("Rack", self.rack[t])]
        if key == "+president" and play.get("president", 0):
            return [("Trial President", int(play["president"]))]
        if key == "+bride_guile_less_groom_guile" and person and len(play["targets"]) > 1:
            groom = play["targets"][1]
            his = self.book.rules.henry.guile if groom == HENRY_TARGET else self.person(groom).guile
            return [(f"{person.name}'s Guile less the groom's", person.guile - his)]
        if key == "+bishop_protestant":
            bishop = self.senior_bishop()
            if bishop >= 0:
                return [(f"{self.name(bishop)}'s religion", self.religion_of[bishop] - 2)]
        if key == "+guile_less_religious_difference" and person:
            reld = self.religion_difference(t)
            return [(f"{person.name}'s Guile less RelD", person.guile - reld)]
        return []

    def difficulty(self, endeavour: str) -> int:
        """The printed (or assumed) Difficulty; Trial's lowest level [Resolving the
        Endeavour] [List of Endeavours: Trial]."""
        if endeavour == "Trial":
            return self.book.rules.trial.imprisoned
        entry = self.book.endeavours[self.book.endeavour_index(endeavour)]
        return int(val(entry.difficulty))

    # -- supports ---------------------------------------------------------------------------

    def support_ok(self, card: int, seat: int) -> bool:
        """Whether ``seat`` may play ``card`` as a Support in the open window: only with the
        Endeavours it lists, and as each card allows [The Player Turn: Playing an
        Endeavour] [Evidence of Adultery] [Evidence of Heresy] [Evidence-Parading Royal
        Descent] [Henry's Will] [New Year's Gift] [Captaincy] [Rulings R12]."""
        window = self.window
        if window is None:
            return False
        index = self.book.card_support[card]
        support = self.book.supports[index]
        if window["kind"] == 1:
            return support.contentment
        play = self.play
        if play is None or play.get("void"):
            return False
        endeavour: str = play["name"]
        name = support.name
        if not self.support_lists(card, endeavour):
            return False
        if endeavour == "Pilgrimage of Grace":
            return bool(self.captains(seat))
        targets: list[int] = play["targets"]
        target = targets[0] if targets and self.steps(endeavour)[:1] == (TARGET,) else -1
        if name == "New Year's Gift":
            return self.rounds_done >= self.book.rules.cards.min_rounds_for_new_years_gift
        if name == "Captaincy":
            taken = any(entry[3] >= 0 and entry[0] == seat for entry in play["supports"])
            return not taken and bool(self.captains(seat))
        if name == "Evidence of Adultery":
            return target >= 0 and target == self.queen
        if name == "Evidence of Heresy":
            return target >= 0 and self.religion_of[target] != self.religion
        if name == "Evidence-Parading Royal Descent":
            return target >= 0 and self.heir(target)
        if name == "Henry's Will":
            return target >= 0 and not (
                self.female(target) or self.minor(target) or self.tudor(target)
            )
        return True

    def support_lists(self, card: int, endeavour: str) -> bool:
        """Whether ``card``'s Support may be played with ``endeavour`` at all: it lists it
        (or any), Royal Command and Obstruction never with a War, and only a Captaincy
        against the Pilgrimage of Grace [A Court Card] [Captaincy] [The Rebellion]
        [Rulings R12]."""
        index = self.book.card_support[card]
        name = self.book.supports[index].name
        if endeavour == "Pilgrimage of Grace":
            return name == "Captaincy"
        if name in ("Royal Command", "Obstruction") and endeavour == "War/Uprising":
            return False
        return self.book.support_any[index] or endeavour in self.book.support_with[index]

    def captains(self, seat: int) -> list[int]:
        """Who ``seat`` may send as Captain: for a War any adult man at court not already
        a Captain in it; against the Pilgrimage one of its own loyal men [War Card] [The
        Rebellion]."""
        play = self.play
        if play is None:
            return []
        men = [
            c
            for c in range(len(self.where))
            if self.at_court(c) and not self.female(c) and not self.minor(c)
        ]
        used = {entry[3] for entry in play["supports"]}
        if play["name"] == "Pilgrimage of Grace":
            rebels: list[int] = play.get("rebels", [])
            return [c for c in men if self.owner[c] == seat and c not in rebels and c not in used]
        return [c for c in men if c not in used]

    def law_suit_on(self, seat: int) -> bool:
        """A Law Suit lies on the faction: it may play no more Endeavours this Turn [Law
        Suit]."""
        return self.law_suit[seat]
