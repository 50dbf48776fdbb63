"""Rulebook-first audit: Court Cards (Spy cards and Fee'd Men, New Year's Gift), Trial
results and the Act of Attainder as a Support (public API only)."""

from __future__ import annotations

from .helpers import Table, asked, outcome_texts
from .rulebook_play import (
    answer,
    endeavour,
    legal,
    resolution,
    started,
    to_tower,
)

SPY_HANDS = {
    0: ["Fee'd Men | Henry's Ear"],
    1: ["Influenza | Bad Health", "Amnesty | Act of Attainder"],
}


def feed_men(first_loss: str, second_loss: str) -> Table:
    """Faction 1's Fee'd Men on Faction 2, which loses ``first_loss`` then ``second_loss``;
    stops at the first decision after the losses begin."""
    table = started(hands=SPY_HANDS)
    endeavour(table, 0, "Fee'd Men | Henry's Ear", "Target faction: Faction 2", die=6)
    losses = [first_loss, second_loss]
    while asked(table.state) == "chance: a court card is lost at random":
        wanted = next(
            (f"Lose: {c}" for c in losses if f"Lose: {c}" in outcome_texts(table.state)), None
        )
        table.state.apply_action(wanted or outcome_texts(table.state)[0])
        if wanted:
            losses.remove(wanted.removeprefix("Lose: "))
    return table


def test_spy_cards_and_feed_men_a_lost_spy_card_may_be_played() -> None:
    """Spy Cards and Fee'd Men: a Spy card lost to Fee'd Men may at once be played against its owner
    (a choice)."""
    table = feed_men("Influenza | Bad Health", "Amnesty | Act of Attainder")
    assert table.state.current_player() == 0
    assert sorted(legal(table)) == ["No", "Yes"]


def test_spy_cards_and_feed_men_the_victim_is_of_the_losing_faction() -> None:
    """List of Endeavours: Fee'd Men: the victim of the Spy card is picked from the losing
    Faction."""
    table = feed_men("Influenza | Bad Health", "Amnesty | Act of Attainder")
    table.state.apply_action("Yes")
    victims = [o.removeprefix("Target: ") for o in legal(table) if o.startswith("Target: ")]
    assert victims and all(table.seat_of(v) == 1 for v in victims)


def test_spy_cards_and_feed_men_no_offer_without_a_spy_card() -> None:
    """Spy Cards and Fee'd Men: only a card bearing the Spy symbol can be turned on its owner."""
    table = feed_men("Amnesty | Act of Attainder", "Act of Succession | Obstruction")
    table.settle()
    assert "Spy card" not in asked(table.state)


def test_new_years_gift_ends_the_turn_at_once() -> None:
    """List of Support Cards: New Year's Gift, after two Rounds, ends the Turn immediately."""
    table = started(hands={1: ["Rack | New Year's Gift"], 2: ["Diplomatic Mission | Bad Health"]})
    while table.state.view(None)["round"] < 3:
        table.state.apply_action(
            next(
                o
                for o in legal(table)
                if o.startswith("Discard") and "New Year" not in o and "Diplomatic" not in o
            )
        )
        table.settle()
    endeavour(table, 2, "Diplomatic Mission | Bad Health", "Target: Thomas More", until_support=1)
    assert "Support: Rack | New Year's Gift" in legal(table)
    table.state.apply_action("Support: Rack | New Year's Gift")
    table.settle(until=lambda s: s.view(None)["stage"] != "Player Rounds")
    assert table.state.view(None)["stage"] != "Player Rounds"
    assert not table.state.view(None)["abroad"]


def test_act_of_attainder_support_with_an_execution() -> None:
    """Act of Attainder: played as a Support on an Execution, it attaints; the defector joins its
    player's Faction."""
    table = started(hands={0: ["Execution | Scandal"], 1: ["Amnesty | Act of Attainder"]})
    to_tower(table, "John Fisher", imprisoned=True)
    victim_seat = table.seat_of("John Fisher")
    endeavour(
        table,
        0,
        "Execution | Scandal",
        "Target: John Fisher",
        "Support: Amnesty | Act of Attainder",
        die=6,
    )
    table.settle(until=lambda s: asked(s) == "chance: the defector after an attainder")
    pick = outcome_texts(table.state)[0].removeprefix("Pick: ")
    assert table.seat_of(pick) == victim_seat
    table.state.apply_action(f"Pick: {pick}")
    assert table.seat_of(pick) == 1


def rack_then_try_more(rack_die: int, trial_die: int, ear: bool) -> Table:
    """Thomas More (arrested) is Racked to a confession (+2), then tried by Faction 1 with
    the President's +1 and, if ``ear``, Henry's Ear +1 from Faction 4."""
    hands = {0: ["Rack | New Year's Gift", "Trial | Captaincy"], 3: ["Marriage | Henry's Ear"]}
    table = started(hands=hands)
    to_tower(table, "Thomas More")
    endeavour(table, 0, "Rack | New Year's Gift", "Target: Thomas More", die=rack_die)
    table.settle()
    endeavour(
        table,
        0,
        "Trial | Captaincy",
        "Target: Thomas More",
        until=lambda s: "play a Support" in asked(s),
    )
    if ear:
        answer(table, "Support: Marriage | Henry's Ear", until=lambda s: "modifier" in asked(s))
        table.state.apply_action("Modifier: +1")
    answer(table, until=lambda s: "Trial President" in asked(s))
    table.state.apply_action("Modifier: +1")
    answer(table)
    table.state.apply_action(f"Die: {trial_die}")
    return table


def test_trial_8_executes_without_attainder() -> None:
    """List of Endeavours: Trial: 8 or 9 Action Points execute the accused, without attainder."""
    table = rack_then_try_more(3, 5, ear=False)
    assert resolution(table)["total"] == 8
    table.settle()
    assert "Thomas More" in table.state.view(None)["dead"]
    assert not any("attainted" in e.text for e in table.state.events)


def test_trial_10_executes_and_attaints() -> None:
    """List of Endeavours: Trial: 10 Action Points execute and attaint the accused."""
    table = rack_then_try_more(3, 6, ear=True)
    assert resolution(table)["total"] == 10
    table.settle(until=lambda s: "defector" in asked(s))
    assert any("attainted" in e.text for e in table.state.events)


def test_trial_a_tudor_heir_is_imprisoned_instead_of_executed() -> None:
    """List of Endeavours: Trial: a Tudor Heir (or minor) convicted is imprisoned, never
    executed."""
    table = started(hands={0: ["Trial | Captaincy", "Arrest Warrant | Royal Command"]})
    to_tower(table, "Mary Tudor")
    endeavour(
        table,
        0,
        "Trial | Captaincy",
        "Target: Mary Tudor",
        "Support: Arrest Warrant | Royal Command",
    )
    table.settle()
    view = table.state.view(None)
    assert "Mary Tudor" in view["tower"]["imprisoned"] and "Mary Tudor" not in view["dead"]


def test_the_queen_and_marriage_an_imprisoned_queen_stays_queen() -> None:
    """The Queen and Marriage: a woman imprisoned stays Queen; only death or Annulment ends the
    marriage."""
    table = started(hands={0: ["Trial | Captaincy", "Arrest Warrant | Royal Command"]})
    to_tower(table, "Catherine of Aragon")
    endeavour(
        table,
        0,
        "Trial | Captaincy",
        "Target: Catherine of Aragon",
        "Support: Arrest Warrant | Royal Command",
    )
    table.settle()
    assert "Catherine of Aragon" in table.state.view(None)["tower"]["imprisoned"]
    assert table.state.view(None)["henry"]["queen"] == "Catherine of Aragon"


def test_investigation_lasts_until_the_character_is_arrested() -> None:
    """List of Endeavours: Investigation: the card stays on the character until he is arrested."""
    table = started(hands={1: ["Investigation | Scandal", "Arrest Warrant | Act of Attainder"]})
    endeavour(table, 1, "Investigation | Scandal", "Target: Thomas Boleyn", die=6)
    table.settle()
    assert "under Investigation" in table.state.view(None)["characters"]["Thomas Boleyn"]
    endeavour(table, 1, "Arrest Warrant | Act of Attainder", "Target: Thomas Boleyn", die=6)
    table.settle()
    assert "Thomas Boleyn" in table.state.view(None)["tower"]["arrested"]
    assert "under Investigation" not in table.state.view(None)["characters"]["Thomas Boleyn"]
