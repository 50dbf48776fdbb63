"""The heuristic bot's aims, each on a constructed position: it marries its women to
Henry, pushes its heirs up the line, takes offices, supports a friend's Endeavour against
the leader and hinders the leader's own."""

from __future__ import annotations

import random
from typing import Any

import stratagem
from stratagem.bots.base import Bot, Ranker, make_bot
from stratagem.games.henry_viii.views import read_characters

from .helpers import Table, asked

FILLERS = ["Bishop's Book | Good Health", "Take Oath | Revulsion", "Amnesty | Act of Attainder"]
"""Cards worth little to play (and that help no one), to fill a hand."""

LEADER = ["Thomas Howard", "Charles Brandon", "Thomas Grey"]
"""Two Dukes and a Marquess: the faction dealt them leads in Influence."""


def _bot(table: Table) -> Bot:
    return make_bot("heuristic", table.game, random.Random(0))


def _decide(table: Table, bot: Bot) -> str:
    """The bot's choice for the seat to act now, applied; its text returned."""
    state = table.state
    action = bot.choose(state, state.current_player())
    state.apply_action(action, seat=state.current_player())
    table.settle()
    return action.text


def _henry_free(doc: dict[str, Any]) -> None:
    doc["queen"] = -1


def _my_turn(character: str, card: str) -> tuple[Table, Bot]:
    """Faction 1's Player Turn, with ``character`` and ``card`` (and fillers) dealt to it
    and the leading nobles to Faction 2; the bot that plays it."""
    table = Table(5, factions={0: [character], 1: LEADER}, hands={0: [card, *FILLERS]})
    table.to_player_turn(0)
    return table, _bot(table)


def test_it_marries_its_woman_to_henry() -> None:
    """Henry unmarried, a Marriage in hand: the bot plays it, with its own woman as the
    bride and King Henry as the groom."""
    table, bot = _my_turn("Anne Boleyn", "Marriage | Scandal")
    table.edit(_henry_free)
    assert _decide(table, bot) == "Endeavour: Marriage | Scandal"
    assert _decide(table, bot) == "Target: Anne Boleyn"
    assert _decide(table, bot) == "Target: King Henry"


def test_it_pushes_its_heir_to_the_head_of_the_line() -> None:
    """An Act of Succession in hand and an heir at court: the bot names its own heir to
    Succession 1."""
    table, bot = _my_turn("Henry Courtenay", "Act of Succession | Fee'd Men")
    assert _decide(table, bot) == "Endeavour: Act of Succession | Fee'd Men"
    assert _decide(table, bot) == "Target: Henry Courtenay"
    assert _decide(table, bot) == "Succession: 1"


def test_it_takes_an_office_for_its_own_man() -> None:
    """An Assume Office in hand: the bot plays it for one of its own characters, on an
    office that is vacant or the leader's, never its own faction's."""
    table, bot = _my_turn("Thomas Cromwell", "Assume Office | Scandal")
    assert _decide(table, bot) == "Endeavour: Assume Office | Scandal"
    man = _decide(table, bot).removeprefix("Target: ")
    assert table.seat_of(man) == 0
    office = _decide(table, bot).removeprefix("Office: ")
    holder = table.state.view(None)["offices"][office]
    assert holder == "vacant" or table.seat_of(holder) == 1


def _endeavour_by_faction_2(card: str, target: str, supports: list[str]) -> Table:
    """Faction 2 plays ``card`` on ``target``; Faction 3 holds the leading nobles; every
    seat passes until Faction 1 (holding ``supports``) is asked."""
    table = Table(
        5,
        factions={2: LEADER, 1: ["Thomas Cromwell"]},
        hands={1: [card], 0: [*supports, *FILLERS]},
    )
    table.to_player_turn(1)
    table.act(f"Endeavour: {card}", f"Target: {target}")
    while table.state.current_player() != 0:
        assert "play a Support or pass" in asked(table.state)
        table.act("Pass")
    return table


def test_it_supports_a_friends_endeavour_against_the_leader() -> None:
    """Faction 2 tries to arrest the leader's Duke: the bot adds its Evidence."""
    table = _endeavour_by_faction_2(
        "Arrest Warrant | Duplicity", "Thomas Howard", ["Trial | Evidence of Conspiracy"]
    )
    assert _decide(table, _bot(table)) == "Support: Trial | Evidence of Conspiracy"


def test_it_stays_out_of_a_quarrel_that_does_not_touch_the_leader() -> None:
    """Faction 2 arresting a character of a faction that does not lead: the bot keeps its
    card."""
    table = _endeavour_by_faction_2(
        "Arrest Warrant | Duplicity", "Thomas Cromwell", ["Trial | Evidence of Conspiracy"]
    )
    assert _decide(table, _bot(table)) == "Pass"


def test_it_hinders_the_leader() -> None:
    """The leading faction seeks an office for its Duke: the bot plays Obstruction."""
    table = Table(
        5,
        factions={2: LEADER},
        hands={2: ["Assume Office | Scandal"], 0: ["Act of Succession | Obstruction", *FILLERS]},
    )
    table.to_player_turn(2)
    table.act("Endeavour: Assume Office | Scandal", "Target: Thomas Howard")
    table.act(table.state.legal_actions()[0].text)
    while table.state.current_player() != 0:
        table.act("Pass")
    assert _decide(table, _bot(table)) == "Support: Act of Succession | Obstruction"


def _ranked(table: Table) -> list[str]:
    """The heuristic's ranking of the seat to act's legal actions, as texts."""
    state = table.state
    bot = _bot(table)
    assert isinstance(bot, Ranker)
    return [action.text for action in bot.rank(state, state.current_player())]


def test_it_ranks_a_harmful_endeavour_s_targets_the_leader_s_first() -> None:
    """An Accident to play: the search races the targets the bot wants most (the leader's
    characters, the most influential first), not a random few; its own characters last."""
    table, bot = _my_turn("Thomas Cromwell", "Accident | Act of Attainder")
    assert _decide(table, bot) == "Endeavour: Accident | Act of Attainder"
    ranked = _ranked(table)
    named = [text.removeprefix("Target: ") for text in ranked]
    leaders = [name for name in named if name in LEADER]
    assert named[: len(leaders)] == leaders  # the leader's characters first
    people = read_characters(table.state.view(0))
    influence = {person["name"]: person["influence"] for person in people}
    assert [influence[name] for name in leaders] == sorted(
        (influence[name] for name in leaders), reverse=True
    )
    own = [name for name in named if name != "King Henry" and table.seat_of(name) == 0]
    assert "Thomas Cromwell" in own
    assert named[-len(own) :] == own  # its own, last
    assert ranked[0] == _bot(table).choose(table.state, 0).text


def test_it_ranks_its_player_turn_by_the_endeavours_worth() -> None:
    """In its Player Turn the bot ranks an Endeavour it likes (taking an office) above one
    it likes less, and either above throwing a card away."""
    table, _ = _my_turn("Thomas Cromwell", "Assume Office | Scandal")
    ranked = _ranked(table)
    assert ranked[0] == "Endeavour: Assume Office | Scandal"
    endeavours = [t for t in ranked if t.startswith("Endeavour: ")]
    discards = [t for t in ranked if t.startswith("Discard: ")]
    assert ranked.index(endeavours[-1]) < ranked.index(discards[0])


def test_rank_orders_every_legal_action_with_its_choice_first() -> None:
    """Along a seeded game, at every decision with a choice: ``rank`` orders all the legal
    actions, its first is ``choose``'s, and a world the seat cannot tell apart ranks alike."""
    game = stratagem.load("henry_viii", 5)
    rng = random.Random(5)
    state = game.new_initial_state()
    ranked_positions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.sample_chance(rng))
            continue
        player = state.current_player()
        legal = state.legal_actions()
        bot = make_bot("heuristic", game, random.Random(0))
        if len(legal) > 1:
            assert isinstance(bot, Ranker)
            ranked = bot.rank(state, player)
            assert sorted(a.id for a in ranked) == sorted(a.id for a in legal)
            assert ranked[0] == bot.choose(state, player)
            other = state.resample_hidden(player, random.Random(ranked_positions))
            assert bot.rank(other, player) == ranked
            ranked_positions += 1
        state.apply_action(bot.choose(state, player), seat=player)
    assert ranked_positions > 100
