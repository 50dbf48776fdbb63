"""Player order, each faction's Endeavour (or discard), the Supports played around the
table until all pass, and the resolution [2. Player Rounds] [Determine Player Order]
[Conducting a Round] [Resolving the Endeavour] [Court Cards] [Spy Cards and Fee'd Men]."""

from __future__ import annotations

from stratagem.games.henry_viii.effects import Effects
from stratagem.games.henry_viii.encoding import (
    CAPTAIN,
    DISCARD,
    ENDEAVOUR,
    FACTION,
    HENRY,
    HENRY_TARGET,
    MODIFIER,
    NO,
    OFFICE,
    PASS,
    POWER,
    SUCCESSION,
    SUPPORT,
    TARGET,
    TITLE,
    YES,
)
from stratagem.games.henry_viii.endeavours import slug
from stratagem.games.henry_viii.pack import val
from stratagem.games.henry_viii.places import DISCARD_PILE, PLAY

RESOLVE = "Resolving the Endeavour"
CONTENTMENT_WINDOW = 1
ENDEAVOUR_WINDOW = 0


class Rounds(Effects):
    """Rounds of Endeavours and Supports."""

    __slots__ = ()

    def _t_rounds(self) -> None:
        """The Queen's faction first, then clockwise; with no Queen, the faction with least
        Influence (the lowest seat on a tie) [Determine Player Order] [Rulings R34]."""
        self.stage = "Player Rounds"
        if self.queen >= 0:
            first = self.owner[self.queen]
        else:
            influence = self.faction_influences()
            first = min(range(self.players), key=lambda s: (influence[s], s))
        self.order = [(first + i) % self.players for i in range(self.players)]
        self.pos = 0
        self.rounds_done = 0
        self._log(
            f"Player order: {', '.join(self.seat_name(s) for s in self.order)}.",
            "Determine Player Order",
            {"order": [self.seat_name(s) for s in self.order]},
        )
        self.push(["player_turn"])

    def _t_player_turn(self) -> None:
        """The next faction with an Endeavour to play plays: one holding a court card, or
        an office's free Endeavour it may still use; rounds end when no faction has either
        [Conducting a Round] [Completing the Rounds] [Rulings R10]."""
        for _ in range(self.players + 1):
            if self.pos >= self.players:
                self.pos = 0
                self.rounds_done += 1
            seat = self.order[self.pos]
            if self.hands[seat] or self._powers_to_play(seat):
                self.ask(seat, "player")
                return
            self.pos += 1
        self._log(
            "No faction has an Endeavour left to play: the Rounds end.", "Completing the Rounds", {}
        )

    def _powers_to_play(self, seat: int) -> list[int]:
        """The offices' free Endeavours ``seat`` may still play this Turn (none while a Law
        Suit binds it) [Law Suit] [Rulings R32]."""
        return [] if self.law_suit_on(seat) else self.free_powers(seat)

    def _t_after_turn(self) -> None:
        self.pos += 1
        self.push(["player_turn"])

    def free_powers(self, seat: int) -> list[int]:
        """Offices whose free Endeavour ``seat`` may still use this Turn, one each a Turn,
        the holder at court [List of Offices] [President of the Council] [Lord Keeper of
        the Great Seal] [Principal Secretary] [Secretary] [Rulings R32]."""
        powers = []
        for o, office in enumerate(self.book.offices):
            free = office.free_endeavour
            usable = free and not self.powers_used[o] and self.office_works(o) == seat
            if usable and free and self.endeavour_playable(free, seat):
                powers.append(o)
        return powers

    def _o_player(self) -> list[int]:
        """An Endeavour, an office's free one, or a discard; a sued faction only discards;
        a faction with no court card may use an office's power or pass, which gives up its
        powers for the Turn [The Player Turn: Playing an Endeavour] [Law Suit] [Lord
        Keeper of the Great Seal] [Rulings R10]."""
        assert self.node is not None
        seat = self.node[0]
        game = self._g
        sued = self.law_suit_on(seat)
        options = []
        if not sued:
            playable: dict[str, bool] = {}
            for card in self.hands[seat]:
                name = self.card_endeavour(card)
                if name not in playable:
                    playable[name] = self.endeavour_playable(name, seat, card=card)
                if playable[name]:
                    options.append(game.aid(ENDEAVOUR, card))
            options.extend(game.aid(POWER, o) for o in self.free_powers(seat))
        options.extend(game.aid(DISCARD, card) for card in self.hands[seat])
        if not self.hands[seat]:
            options.append(game.aid(PASS, 0))
        return options

    def _h_player(self, action_id: int) -> None:
        """The faction plays its Endeavour or discards a court card [The Player Turn:
        Playing an Endeavour] [A Court Card]."""
        assert self.node is None
        game = self._g
        kind = game.kind_of[action_id]
        arg = game.arg_of[action_id]
        seat = self.order[self.pos]
        self.push(["after_turn"])
        if kind == PASS:
            for office in self.free_powers(seat):
                self.powers_used[office] = True
            self._log(
                f"{self.seat_name(seat)} passes, giving up its offices' powers this Turn.",
                "Completing the Rounds",
                {"seat": self.seat_name(seat)},
            )
        elif kind == DISCARD:
            self.move_card(arg, DISCARD_PILE)
            self._log(
                f"{self.seat_name(seat)} discards {self.book.card_names[arg]}.",
                "The Player Turn: Playing an Endeavour",
                {"seat": self.seat_name(seat), "card": self.book.card_names[arg]},
            )
        elif kind == POWER:
            self.powers_used[arg] = True
            free = self.book.offices[arg].free_endeavour
            assert free is not None
            self.start_play(seat, -1, free, power=arg)
        else:
            self.start_play(seat, arg, self.card_endeavour(arg))

    # -- an Endeavour in play ---------------------------------------------------------------

    def start_play(
        self, seat: int, card: int, endeavour: str, *, power: int = -1, victim: int = -1
    ) -> None:
        """An Endeavour goes on the table: targets, Supports, resolution [The Player Turn:
        Playing an Endeavour] [Endeavours]."""
        if card >= 0:
            self.move_card(card, PLAY)
        self.play = {
            "name": endeavour,
            "seat": seat,
            "card": card,
            "power": power,
            "victim": victim,
            "targets": [],
            "supports": [],
            "auto": 0,
            "void": False,
            "attainders": [],
            "president": 0,
            "rebels": [],
            "won": False,
            "captain": -1,
        }
        self.push(
            ["target", 0], ["announce"], ["window", ENDEAVOUR_WINDOW], ["resolve"], ["finish_play"]
        )

    def _t_target(self, step: int) -> None:
        assert self.play is not None
        if step < len(self.steps(self.play["name"])):
            self.push(["target", step + 1])
            self.ask(self.play["seat"], "target", step)

    def _o_target(self, step: int) -> list[int]:
        assert self.play is not None
        play = self.play
        game = self._g
        kind = self.steps(play["name"])[step]
        found = self.candidates(play["name"], step, play["seat"], play["targets"], play["victim"])
        if kind == TARGET:
            return [game.aid(HENRY, 0) if c == HENRY_TARGET else game.aid(TARGET, c) for c in found]
        if kind == SUCCESSION:  # Succession card n is the action "Succession: n" (arg n - 1)
            return [game.aid(kind, position - 1) for position in found]
        return [game.aid(kind, entity) for entity in found]

    def _h_target(self, action_id: int, step: int) -> None:
        assert self.play is not None
        game = self._g
        arg = game.arg_of[action_id]
        if game.kind_of[action_id] == SUCCESSION:
            arg += 1
        self.play["targets"] = [*self.play["targets"], arg]

    def describe_target(self, kind: int, entity: int) -> str:
        """A chosen target in words."""
        if kind == TARGET:
            return "King Henry" if entity == HENRY_TARGET else self.name(entity)
        if kind == FACTION:
            return self.seat_name(entity)
        if kind == OFFICE:
            return self.book.office_names[entity]
        if kind == TITLE:
            return self.book.title_names[entity]
        return f"Succession {entity}"

    def _t_announce(self) -> None:
        """The Endeavour played is told to all, with its targets [The Player Turn: Playing
        an Endeavour]."""
        assert self.play is not None
        play = self.play
        kinds = self.steps(play["name"])
        words = [self.describe_target(k, t) for k, t in zip(kinds, play["targets"], strict=True)]
        how = f" (by the {self.book.office_names[play['power']]})" if play["power"] >= 0 else ""
        on = f" on {', '.join(words)}" if words else ""
        self._log(
            f"{self.seat_name(play['seat'])} plays {play['name']}{how}{on}.",
            "The Player Turn: Playing an Endeavour",
            {"seat": self.seat_name(play["seat"]), "endeavour": play["name"], "targets": words},
        )
        if play["name"] == "Pilgrimage of Grace":
            self.push(["rebels"])

    # -- Supports around the table ------------------------------------------------------------

    def _t_window(self, kind: int) -> None:
        """Supports are played around the table from the Endeavour's player (for the
        Contentment roll, from the first in player order) until every faction passes [The
        Player Turn: Playing an Endeavour] [Rulings R11]."""
        if kind == ENDEAVOUR_WINDOW:
            assert self.play is not None
            start = self.play["seat"]
        else:
            start = self.owner[self.queen] if self.queen >= 0 else 0
        self.window = {"kind": kind, "start": start, "i": 0, "passes": 0, "sum": 0}
        self.push(["window_step"])

    def _t_window_step(self) -> None:
        """Every faction is offered the window in turn, whether or not it holds a Support
        it may play, so being asked reveals nothing; only one with no court card and no
        office power to use, both public, is passed over [Rulings R11]."""
        window = self.window
        assert window is not None
        while window["passes"] < self.players:
            seat = (window["start"] + window["i"]) % self.players
            if self.hands[seat] or self._support_options(seat):
                self.push(["window_step"])
                self.ask(seat, "support")
                return
            window["passes"] += 1
            window["i"] += 1
        if window["kind"] == ENDEAVOUR_WINDOW:
            self.window = None

    def _support_options(self, seat: int) -> list[int]:
        """The Supports ``seat`` may play now, and the Chamberlain's void and the Speaker's
        Petition [A Court Card] [Chamberlain of the Household] [Speaker of the House]
        [Rulings R32]."""
        game = self._g
        options = [
            game.aid(SUPPORT, card) for card in self.hands[seat] if self.support_ok(card, seat)
        ]
        window = self.window
        play = self.play
        if window is not None and window["kind"] == ENDEAVOUR_WINDOW and play and not play["void"]:
            for o, office in enumerate(self.book.offices):
                free = office.free_support
                if not free or self.powers_used[o] or self.office_works(o) != seat:
                    continue
                petition = self.book.supports[self.book.support_index("Parliamentary Petition")]
                if free == "Void" or play["name"] in val(petition.with_):
                    options.append(game.aid(POWER, o))
        return options

    def _o_support(self) -> list[int]:
        assert self.node is not None
        return [*self._support_options(self.node[0]), self._g.aid(PASS, 0)]

    def _h_support(self, action_id: int) -> None:
        """A Support played, or a pass; a card is one or the other, never both [The Player
        Turn: Playing an Endeavour] [Court Cards]."""
        window = self.window
        assert window is not None
        game = self._g
        kind = game.kind_of[action_id]
        seat = (window["start"] + window["i"]) % self.players
        if kind == PASS:
            window["passes"] += 1
            window["i"] += 1
            return
        window["passes"] = 0
        if kind == POWER:
            self._office_support(seat, game.arg_of[action_id])
            return
        card = game.arg_of[action_id]
        contentment = window["kind"] == CONTENTMENT_WINDOW
        self.move_card(card, DISCARD_PILE if contentment else PLAY)
        support = self.book.supports[self.book.card_support[card]]
        self._log(
            f"{self.seat_name(seat)} plays {support.name} in support.",
            "Resolving the Endeavour",
            {"seat": self.seat_name(seat), "support": support.name},
        )
        if contentment:
            window["sum"] += val(support.values)[0]
            return
        self._card_support(seat, card)

    def _office_support(self, seat: int, office: int) -> None:
        """The Chamberlain voids the Endeavour; the Speaker brings a Parliamentary Petition
        [Chamberlain of the Household] [Speaker of the House] [Parliamentary Petition]."""
        assert self.play is not None and self.window is not None
        self.powers_used[office] = True
        name = self.book.office_names[office]
        if self.book.offices[office].free_support == "Void":
            self.play["void"] = True
            self.window["passes"] = self.players
            self._log(f"The {name} voids the play of {self.play['name']}.", name, {})
            return
        self._log(f"The {name} brings a Parliamentary Petition.", name, {})
        self.ask(seat, "modifier", self.book.support_index("Parliamentary Petition"), -1)

    def _card_support(self, seat: int, card: int) -> None:
        """A Support card's effect: Royal Command and Obstruction decide the Endeavour and
        cancel each other, New Year's Gift ends the Turn, an Act of Attainder waits for the
        execution, a Captaincy names a Captain, others add their value [Royal Command]
        [Obstruction] [New Year's Gift] [List of Support Cards: Act of Attainder]
        [Captaincy] [List of Support Cards] [Rulings R39]."""
        play = self.play
        assert play is not None
        index = self.book.card_support[card]
        support = self.book.supports[index]
        name = support.name
        if name in ("Royal Command", "Obstruction"):
            value = 1 if name == "Royal Command" else -1
            play["auto"] = 0 if play["auto"] == -value else value
            play["supports"] = []
            play["attainders"] = []
            self._log(
                "Royal Command and Obstruction cancel each other."
                if play["auto"] == 0
                else f"{name}: the Endeavour {'succeeds' if value > 0 else 'fails'} automatically.",
                name,
                {},
            )
        elif name == "New Year's Gift":
            self.new_years_gift()
        elif name == "Act of Attainder":
            play["attainders"] = [*play["attainders"], seat]
        elif support.kind == "captain":
            self.ask(seat, "captain", card)
        elif support.kind == "choice":
            self.ask(seat, "modifier", index, card)
        else:
            play["supports"] = [*play["supports"], [seat, index, val(support.values)[0], -1, card]]

    def _o_modifier(self, support: int, card: int) -> list[int]:
        """The values a Support with a choice may take [Bad Health] [Henry's Ear]
        [Parliamentary Petition] [Rulings R13]."""
        values: list[int] = val(self.book.supports[support].values)
        return [self._g.aid(MODIFIER, value) for value in values]

    def _h_modifier(self, action_id: int, support: int, card: int) -> None:
        assert self.play is not None and self.window is not None
        seat = (self.window["start"] + self.window["i"]) % self.players
        value = self._g.arg_of[action_id]
        self.play["supports"] = [*self.play["supports"], [seat, support, value, -1, card]]

    def _o_captain(self, card: int) -> list[int]:
        assert self.node is not None
        return [self._g.aid(CAPTAIN, c) for c in self.captains(self.node[0])]

    def _h_captain(self, action_id: int, card: int) -> None:
        """The Captain named by the Captaincy's player [Captaincy] [War Card]."""
        assert self.play is not None and self.window is not None
        seat = (self.window["start"] + self.window["i"]) % self.players
        captain = self._g.arg_of[action_id]
        index = self.book.card_support[card]
        self.play["supports"] = [*self.play["supports"], [seat, index, 0, captain, card]]
        self._log(
            f"{self.name(captain)} takes the Captaincy.",
            "War Card",
            {"captain": self.name(captain)},
        )

    def new_years_gift(self) -> None:
        """The Turn ends at once; any Endeavour in play is aborted [New Year's Gift]
        [Rulings R39]."""
        self._log("New Year's Gift: the Turn ends at once.", "New Year's Gift", {})
        self.discard_play()
        self.play = None
        self.window = None
        while self.tasks and self.tasks[-1][0] != "death_segment":
            self.tasks.pop()

    # -- resolution -------------------------------------------------------------------------------

    def _t_resolve(self) -> None:
        """1d + modifiers + Supports + My Lord's Man + the Queen's Contentment against the
        Difficulty, or automatic by Royal Command or Obstruction [Resolving the Endeavour];
        a War without a Captaincy has no effect [War/Uprising]; an Arrest Warrant needs an
        Investigation or Evidence [Arrest Warrant] [Rulings R23]; a Trial's President
        votes [Trial Card]."""
        play = self.play
        assert play is not None
        name = play["name"]
        if play["void"]:
            return
        if name == "Pilgrimage of Grace":
            self.push(["rebellion"])
            return
        if name == "War/Uprising" and not any(entry[3] >= 0 for entry in play["supports"]):
            self._log("No Captaincy is played: the War has no effect.", "War Card", {})
            return
        if name == "Arrest Warrant" and play["auto"] <= 0:
            target = play["targets"][0]
            evidence = any(
                self.book.supports[entry[1]].name.startswith("Evidence")
                for entry in play["supports"]
            )
            if not (self.investigated[target] or evidence):
                self._log(
                    f"{self.name(target)} is not under Investigation and no Evidence is "
                    "played: the Arrest Warrant fails.",
                    "Arrest Warrant",
                    {},
                )
                return
        self.push(["roll_ap"])
        if name == "Trial" and play["auto"] == 0:
            target = play["targets"][0]
            office = self.president_office(target)
            seat = self.office_works(office)
            if seat >= 0 and self.holder(office) != target:
                self.ask(seat, "president")

    def _t_roll_ap(self) -> None:
        play = self.play
        assert play is not None
        if play["name"] == "War/Uprising" and play["captain"] < 0:
            captains = [entry[3] for entry in play["supports"] if entry[3] >= 0]
            self.push(*(["war_roll", captain] for captain in captains))
            return
        if play["auto"]:
            success = play["auto"] > 0
            level = {
                "Trial": self.book.rules.trial.executed,
                "Rack": self.book.rules.rack.confesses,
            }
            total = level.get(play["name"], self.difficulty(play["name"])) if success else -99
            self._log(
                f"{play['name']} {'succeeds' if success else 'fails'} automatically.", RESOLVE, {}
            )
            self.effect(success, total)
            return
        self.roll("d1_ap")

    def _t_war_roll(self, captain: int) -> None:
        """Each Captain conducts his own Endeavour against the War's Difficulty [Captaincy]
        [War/Uprising] [Rulings R12]."""
        assert self.play is not None
        self.play["captain"] = captain
        self.roll("d1_ap")

    def _h_d1_ap(self, action_id: int) -> None:
        """Success when the Action Points reach the Difficulty [Resolving the Endeavour]."""
        play = self.play
        assert play is not None
        die = self._g.arg_of[action_id]
        mods = self.ap_modifiers(play)
        total = die + sum(value for _, value in mods)
        need = self.difficulty(play["name"])
        success = total >= need
        parts = "".join(f", {label} {value:+d}" for label, value in mods)
        self._log(
            f"{play['name']}: die {die}{parts}: {total} Action Point{'' if total == 1 else 's'} "
            f"against {need}: "
            f"{'success' if success else 'failure'}.",
            RESOLVE,
            {
                "endeavour": play["name"],
                "roll": die,
                "total": total,
                "difficulty": need,
                "success": success,
                "modifiers": [[label, value] for label, value in mods],
            },
        )
        self.effect(success, total)

    def effect(self, success: bool, total: int) -> None:
        """Carry out the Endeavour's effect."""
        assert self.play is not None
        getattr(self, "_e_" + slug(self.play["name"]))(success, total)

    def _t_finish_play(self) -> None:
        self.discard_play()
        self.play = None

    # -- Spy cards and Fee'd Men ------------------------------------------------------------------

    def _t_spy_offer(self, by: int, victim: int, card: int) -> None:
        """A Spy card lost to Fee'd Men may be played at once against its former owner [Spy
        Cards and Fee'd Men] [Rulings R29]."""
        if self.cloc[card] == DISCARD_PILE and self.endeavour_playable(
            self.card_endeavour(card), by, victim
        ):
            self.ask(by, "spy", by, victim, card)

    def _o_spy(self, by: int, victim: int, card: int) -> list[int]:
        return [self._g.aid(YES, 0), self._g.aid(NO, 0)]

    def _h_spy(self, action_id: int, by: int, victim: int, card: int) -> None:
        """The Spy card is played as a normal Endeavour [Spy Cards and Fee'd Men]."""
        if self._g.kind_of[action_id] == YES:
            self.start_play(by, card, self.card_endeavour(card), victim=victim)
