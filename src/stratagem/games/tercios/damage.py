"""Damage (Dm), weariness, disorder, the Rout Test and destroyed units [Status Markers]
[Shooting: Rout Test]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.games.tercios.command import kill_commander, lose_commanders
from stratagem.games.tercios.pack import plain
from stratagem.games.tercios.values import progressed
from stratagem.games.tercios.virtues import has_rule, radius_trait, stamina

if TYPE_CHECKING:
    from stratagem.games.tercios.state import Frame, TerciosState


def weary(state: TerciosState, unit: int) -> bool:
    """Weary at as many Dm as Stamina [Weary (Usé)] (or from the first Dm with the adaptation
    option [Components: Status Markers: Adaptation]); an attached Phlegmatic commander spares it the
    effects [Phlegmatic] [Rulings R34]."""
    if state.dm[unit] == 0:
        return False
    for officer in state.g.officers:
        if state.attached[officer.index] == unit and "Phlegmatic" in officer.traits:
            return False
    return state.g.weary_at_first_dm or state.dm[unit] >= stamina(state, unit)


def take_damage(state: TerciosState, unit: int, amount: int, rule: str) -> None:
    """Add Dm [Shooting: Shooting Dice: Damage (Dm)]; a unit beyond its Stamina must take
    a Rout Test (pushed as a frame) [Shooting: Rout Test]."""
    if amount <= 0 or not state.alive[unit]:
        return
    state.dm[unit] += amount
    label = state.g.troops[unit].label
    state.log(
        f"{label} suffers {amount} Dm (now {state.dm[unit]}).",
        rule,
        {"unit": unit, "dm": state.dm[unit]},
    )
    if state.dm[unit] > stamina(state, unit):
        state.frames.append({"p": "rout", "u": unit, "stage": "start"})


def disorder(state: TerciosState, unit: int, rule: str) -> None:
    """Put a unit into Disorder [Disorder (En désordre)]."""
    if state.alive[unit] and not state.disorder[unit]:
        state.disorder[unit] = True
        state.log(f"{state.g.troops[unit].label} falls into disorder.", rule, {"unit": unit})


def destroy(state: TerciosState, unit: int, rule: str) -> None:
    """A unit leaves the battle: the enemy scores its victory points [Rulings R32] and its
    commanders may be lost [Commanders and Losses]."""
    if not state.alive[unit]:
        return
    troop = state.g.troops[unit]
    state.alive[unit] = False
    state.spent[unit] = True
    points = int(plain(state.g.pack.rules.victory_points["troop"]))
    state.vp[1 - troop.side] += points
    state.log(f"{troop.label} is destroyed.", rule, {"unit": unit, "vp": points})
    lose_commanders(state, unit)


def _selfless(state: TerciosState, unit: int) -> int:
    """The living Selfless commander attached to the unit, or -1 [Selfless]."""
    for officer in state.g.officers:
        index = officer.index
        if state.attached[index] == unit and state.o_alive[index] and "Selfless" in officer.traits:
            return index
    return -1


WEALTHY = "Command: Automatic Kingdoms Traits: Wealthy"


def _rout_dice(state: TerciosState, unit: int) -> int | None:
    """The rout test's dice: Discipline, never modified; a mercenary unit takes no test
    (it breaks: ``None``) unless a Wealthy commander of its side has it within his radius,
    and then with Discipline (-) [Shooting: Rout Test] [Wealthy] [Rulings R84]."""
    discipline = state.g.troops[unit].profile.discipline
    if not has_rule(state, unit, "Mercenaries"):
        return discipline
    label = state.g.troops[unit].label
    if not radius_trait(state, unit, "Wealthy"):
        state.log(
            f"{label}, mercenaries with no paymaster near, breaks without a rout test.",
            WEALTHY,
            {"unit": unit},
        )
        return None
    dice = progressed(state.g.pack, discipline, 0, 1)
    state.log(
        f"{label}, mercenaries, is paid to stand: rout test with Discipline (-), {dice} dice.",
        WEALTHY,
        {"unit": unit, "dice": dice},
    )
    return dice


def run_rout(state: TerciosState, frame: Frame) -> None:
    """Discipline dice, never modified, needing one 6 per Rout Point [Shooting: Rout Test];
    a unit with a Selfless commander attached may roll again once, and he dies for it
    [Selfless]. A mercenary unit breaks without a test unless a Wealthy commander pays it
    [Wealthy] [Rulings R84]."""
    unit = frame["u"]
    if not state.alive[unit]:
        state.pop(frame)
        return
    limit = stamina(state, unit)
    if frame["stage"] == "start":
        frame["points"] = state.dm[unit] - limit
        frame["stage"] = "rolled"
        dice = _rout_dice(state, unit)
        if dice is None:
            destroy(state, unit, WEALTHY)
            state.pop(frame)
            return
        state.log(
            f"{state.g.troops[unit].label} takes a rout test: {frame['points']} rout point(s).",
            "Shooting: Rout Test",
            {"unit": unit, "points": frame["points"]},
        )
        frame["discipline"] = dice
        state.roll(frame, dice, int(state.g.pack.constant("rout_target")))
        return
    sixes = frame.pop("got")
    selfless = _selfless(state, unit)
    if sixes < frame["points"] and selfless >= 0 and "selfless" not in frame:
        frame["selfless"] = selfless
        frame["stage"] = "rolled"
        state.log(
            f"{state.g.troops[unit].label} rolls its rout test again for "
            f"{state.g.officers[selfless].label}.",
            "Command: Automatic Kingdoms Traits: Selfless",
            {"unit": unit, "officer": selfless},
        )
        state.roll(frame, frame["discipline"], int(state.g.pack.constant("rout_target")))
        return
    if "selfless" in frame and state.o_alive[frame["selfless"]]:
        officer = frame["selfless"]
        kill_commander(
            state,
            officer,
            f"{state.g.officers[officer].label} gives his life to rally the unit.",
            "Command: Automatic Kingdoms Traits: Selfless",
        )
    if sixes >= frame["points"]:
        state.dm[unit] = limit
        state.log(
            f"{state.g.troops[unit].label} holds with {sixes} six(es) and is weary.",
            "Shooting: Rout Test",
            {"unit": unit, "sixes": sixes},
        )
    else:
        destroy(state, unit, "Shooting: Rout Test")
    state.pop(frame)
