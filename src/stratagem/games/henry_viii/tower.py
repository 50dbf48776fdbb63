"""The Tower and the scaffold: Trial, Rack, Execution, Act of Attainder, Royal Progress and
the Pilgrimage of Grace [Trial Card] [Rack] [The Tower: Arrest and Imprisonment] [Act of
Attainder (or Attainder Trial Result)] [Pilgrimage of Grace Card] [The Rebellion]."""

from __future__ import annotations

from stratagem.games.henry_viii.encoding import MODIFIER
from stratagem.games.henry_viii.endeavours import Endeavours
from stratagem.games.henry_viii.pack import val
from stratagem.games.henry_viii.places import IMPRISONED, OVER_STAGE

ATTAINDER = "Act of Attainder (or Attainder Trial Result)"
PILGRIMAGE = "Pilgrimage of Grace Card"
TRIAL = "List of Endeavours: Trial"
ACT_OF_ATTAINDER = "List of Endeavours: Act of Attainder"


class Tower(Endeavours):
    """Trials, executions and rebellions."""

    __slots__ = ()

    def killable(self, c: int) -> bool:
        """No execution or attainder for a minor, a Tudor Heir or a foreign Queen [Minors]
        [Trial Card] [Execution] [List of Endeavours: Act of Attainder]."""
        return not (self.minor(c) or self.tudor(c) or self.foreign(c))

    def execute(self, c: int, rule: str) -> None:
        """The character dies on the scaffold [Execution] [List of Endeavours: Trial]."""
        self._log(f"{self.name(c)} is executed.", rule, {"character": self.name(c)})
        self.kill(c, rule)

    def attaint(self, c: int, to_seat: int, rule: str) -> None:
        """Executed, the title lost forever, and a frightened member of the faction (chosen
        at random) defects to the attainting faction; attainting the Queen costs her
        faction [Act of Attainder (or Attainder Trial Result)] [Loss of the Queen] [Rulings
        R27]."""
        seat = self.owner[c]
        if c == self.queen:
            self.queen_penalty(c)
        self._log(f"{self.name(c)} is attainted and executed.", rule, {"character": self.name(c)})
        self.kill(c, ATTAINDER, attainted=True)
        if seat != to_seat and self.members(seat):
            self.roll("pick_defector", seat, to_seat)

    def _cands_defector(self, seat: int, to_seat: int) -> list[int]:
        """The defector is any living face-up member of the faction [Rulings R27]."""
        return self.members(seat)

    def _h_pick_defector(self, action_id: int, seat: int, to_seat: int) -> None:
        """The defector joins the attainting faction [Act of Attainder (or Attainder Trial
        Result)]."""
        c = self._g.arg_of[action_id]
        self._log(
            f"{self.name(c)} gets the jitters and defects.", ATTAINDER, {"character": self.name(c)}
        )
        self.change_faction(c, to_seat, ATTAINDER)

    def imprison(self, c: int, rule: str) -> None:
        """Imprisoned: only a License of Release gets one out [The Tower: Arrest and
        Imprisonment]."""
        self.where[c] = IMPRISONED
        self._log(f"{self.name(c)} is imprisoned in the Tower.", rule, {"character": self.name(c)})

    # -- Trial ------------------------------------------------------------------------------

    def president_office(self, c: int) -> int:
        """The Lord High Steward is the President when a Noble or Royal is tried, the Lord
        Privy Seal for anyone else [Lord High Steward] [Lord Privy Seal] [Nobles, Royals and
        Commoners]."""
        name = "Lord High Steward" if self.noble(c) or self.royal(c) else "Lord Privy Seal"
        return self.office_named(name)

    def _o_president(self) -> list[int]:
        """The Trial President votes +1 or -1, at his discretion [Trial Card]."""
        game = self._g
        return [game.aid(MODIFIER, 1), game.aid(MODIFIER, -1)]

    def _h_president(self, action_id: int) -> None:
        """The President's vote, +1 or -1, counts at the Trial [Trial Card]."""
        assert self.play is not None
        value = self._g.arg_of[action_id]
        self.play["president"] = value
        self._log(
            f"The Trial President votes {'for' if value > 0 else 'against'} "
            f"conviction ({value:+d}).",
            "Trial Card",
            {"president": value},
        )

    def _e_trial(self, success: bool, total: int) -> None:
        """10 executed and attainted, 8 executed, 6 imprisoned, else released; a Tudor Heir,
        minor or foreign Queen goes to prison in place of death; an adverse result costs the
        Queen's faction [List of Endeavours: Trial] [Loss of the Queen] [Rulings R25]."""
        assert self.play is not None
        c = self.play["targets"][0]
        rules = self.book.rules.trial
        if total < rules.imprisoned:
            self._log(f"{self.name(c)} is found Not Guilty.", TRIAL, {"total": total})
            self.release(c, TRIAL)
            return
        if c == self.queen:
            self.queen_penalty(c)
        if total >= rules.executed and self.killable(c):
            if total >= rules.attainted:
                self.attaint(c, self.play["seat"], TRIAL)
            else:
                self.execute(c, TRIAL)
            return
        self.imprison(c, TRIAL)

    # -- Rack -------------------------------------------------------------------------------

    def _e_rack(self, success: bool, total: int) -> None:
        """5 implicates two others of the faction, 3 confesses (+2 at Trial), 2 implicates
        self (+1), 1 or less: won't talk; the Secretary's are easier [Rack] [Secretary]
        [Rulings R26]."""
        assert self.play is not None
        c = self.play["targets"][0]
        rules = self.book.rules.rack
        easier = 0
        if self.play["power"] == self.office_named("Secretary"):
            easier = val(rules.secretary_easier)
        if total >= rules.implicates_two - easier:
            self._log(f"{self.name(c)} implicates two others.", "Rack", {"total": total})
            self.push(["implicate", self.owner[c], c], ["implicate", self.owner[c], c])
        elif total >= rules.confesses - easier:
            self.rack[c] = max(self.rack[c], rules.confess_bonus)
            self._log(
                f"{self.name(c)} confesses (+{rules.confess_bonus} at Trial).",
                "Rack",
                {"total": total},
            )
        elif total >= rules.implicates_self - easier:
            self.rack[c] = max(self.rack[c], rules.self_bonus)
            self._log(
                f"{self.name(c)} implicates himself (+{rules.self_bonus} at Trial).",
                "Rack",
                {"total": total},
            )
        else:
            self._log(f"{self.name(c)} won't talk.", "Rack", {"total": total})

    def _implicable(self, seat: int, racked: int) -> list[int]:
        return [
            c
            for c in self.members(seat)
            if c != racked and self.at_court(c) and not self.investigated[c]
        ]

    def _t_implicate(self, seat: int, racked: int) -> None:
        if self._implicable(seat, racked):
            self.roll("pick_implicated", seat, racked)

    def _cands_implicated(self, seat: int, racked: int) -> list[int]:
        return self._implicable(seat, racked)

    def _h_pick_implicated(self, action_id: int, seat: int, racked: int) -> None:
        """One implicated is placed under Investigation [Rack] [Rulings R24]."""
        c = self._g.arg_of[action_id]
        self.investigated[c] = True
        self._log(
            f"{self.name(c)} is placed under Investigation.", "Rack", {"character": self.name(c)}
        )

    # -- Execution, Attainder, Royal Progress -------------------------------------------

    def _attainders(self) -> list[int]:
        assert self.play is not None
        return list(self.play["attainders"])

    def _e_execution(self, success: bool, total: int) -> None:
        """One imprisoned character is executed; an Act of Attainder played with it
        attaints instead [Execution] [List of Support Cards: Act of Attainder]."""
        if not success:
            self._log("The execution does not go ahead.", "Execution", {})
            return
        assert self.play is not None
        c = self.play["targets"][0]
        attainders = self._attainders()
        if attainders:
            self.attaint(c, attainders[0], "Execution")
        else:
            self.execute(c, "Execution")

    def _e_act_of_attainder(self, success: bool, total: int) -> None:
        """An arrested or imprisoned character is executed and attainted [List of
        Endeavours: Act of Attainder]."""
        assert self.play is not None
        c = self.play["targets"][0]
        if success:
            self.attaint(c, self.play["seat"], ACT_OF_ATTAINDER)
        else:
            self._log(f"Parliament refuses to attaint {self.name(c)}.", ACT_OF_ATTAINDER, {})

    def _e_royal_progress(self, success: bool, total: int) -> None:
        """Everyone imprisoned (not arrested) who may be is executed; an Act of Attainder
        played with it attaints instead [Royal Progress] [List of Support Cards: Act of
        Attainder]."""
        if not success:
            self._log("Henry stays in London.", "Royal Progress", {})
            return
        attainders = self._attainders()
        doomed = [
            c for c in range(len(self.where)) if self.where[c] == IMPRISONED and self.killable(c)
        ]
        if not doomed:
            self._log("Henry goes north; no prisoner is executed.", "Royal Progress", {})
        for c in doomed:
            if attainders:
                self.attaint(c, attainders[0], "Royal Progress")
            else:
                self.execute(c, "Royal Progress")

    # -- Pilgrimage of Grace --------------------------------------------------------------

    def _t_rebels(self) -> None:
        """Every Catholic male (C0 or C1) rolls to join: 1d minus Guile against 2
        [Pilgrimage of Grace Card] [Pilgrimage of Grace] [Rulings R1]."""
        assert self.play is not None
        limit = self.book.rules.pilgrimage.rebel_religion_max
        for c in range(len(self.where)):
            man = self.at_court(c) and not self.female(c) and not self.minor(c)
            if man and self.religion_of[c] <= limit:
                self.push(["rebel_roll", c])

    def _t_rebel_roll(self, c: int) -> None:
        self.roll("d1_rebel", c)

    def _h_d1_rebel(self, action_id: int, c: int) -> None:
        """Wily Catholics stay loyal: one rebels if his die less his Guile reaches 2
        [Pilgrimage of Grace Card]."""
        assert self.play is not None
        die = self._g.arg_of[action_id]
        guile = self.person(c).guile
        total = die - guile
        joins = total >= self.book.rules.pilgrimage.difficulty
        if joins:
            self.play["rebels"] = [*self.play["rebels"], c]
        self._log(
            f"{self.name(c)} rolls {die} - Guile {guile} = {total}: "
            f"{'joins the rebellion' if joins else 'stays loyal'}.",
            PILGRIMAGE,
            {"character": self.name(c), "roll": die, "total": total, "rebel": joins},
        )

    def _t_rebellion(self) -> None:
        """Each Captaincy fights the rebels against the Difficulty of 2 (no Captaincy: a
        nominal Captain of Ability 1) [The Rebellion]."""
        assert self.play is not None
        if not self.play["rebels"]:
            self._log("Nobody rebels: the rising fizzles out.", PILGRIMAGE, {})
            return
        captains = [entry[3] for entry in self.play["supports"] if entry[3] >= 0]
        self.push(*[["captain_roll", c] for c in captains or [-1]], ["rebellion_end"])

    def _t_captain_roll(self, c: int) -> None:
        self.roll("d1_captain", c)

    def _h_d1_captain(self, action_id: int, c: int) -> None:
        """A Captain's die + his Ability - the Captaincy's cost against 2 [The Rebellion]
        [Captaincy] [Rulings R5]."""
        assert self.play is not None
        die = self._g.arg_of[action_id]
        rules = self.book.rules.pilgrimage
        ability = rules.nominal_captain_ability if c < 0 else self.person(c).ability
        cost = val(self.book.rules.war.captaincy_cost)
        total = die + ability - cost
        won = total >= rules.difficulty
        who = "The nominal Captain" if c < 0 else self.name(c)
        if won:
            self.play["won"] = True
        self._log(
            f"{who}: die {die} + Ability {ability} - cost {cost} = {total} against "
            f"{rules.difficulty}: "
            f"{'defeats the rebels' if won else 'is defeated'}.",
            "The Rebellion",
            {"roll": die, "total": total, "won": won},
        )

    def _t_rebellion_end(self) -> None:
        """One Captain's victory puts the rebels under arrest; if every Captain is defeated,
        Henry is overthrown and the faction of the senior Catholic in the line wins
        [The Rebellion] [Pilgrimage of Grace] [Rulings R37]."""
        assert self.play is not None
        if self.play.get("won"):
            for c in self.play["rebels"]:
                if self.at_court(c):
                    self.arrest(c, "The Rebellion")
            return
        limit = self.book.rules.pilgrimage.winner_religion_max
        catholic = [c for c in self.line if self.religion_of[c] <= limit]
        self.end = "Pilgrimage of Grace"
        self.winner_seats = [self.owner[catholic[0]]] if catholic else []
        text = (
            f"the senior Catholic in the line, {self.name(catholic[0])}, takes the throne"
            if catholic
            else "no Catholic is in the line: civil war breaks out and every faction loses"
        )
        self._log(f"The rebels win: Henry is overthrown; {text}.", "The Rebellion", {})
        self.finish_game()

    def finish_game(self) -> None:
        """The game is over: no more tasks or nodes."""
        self.over = True
        self.node = None
        self.tasks = []
        self.stage = OVER_STAGE
