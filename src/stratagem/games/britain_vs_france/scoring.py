"""Revenue [8) Collect Revenue], and the victory points, the advanced rules and the three
tiebreakers [Ending the Game]."""

from __future__ import annotations

from typing import TYPE_CHECKING

from stratagem.core import JsonDict
from stratagem.games.britain_vs_france.board import on_table, prisoners
from stratagem.games.britain_vs_france.cards import income_bonus, ongoing
from stratagem.games.britain_vs_france.effects import THEATERS, Condition, Score
from stratagem.games.britain_vs_france.info import SEATS
from stratagem.games.britain_vs_france.places import OVER

if TYPE_CHECKING:
    from stratagem.games.britain_vs_france.state import BritainVsFranceState as S

REVENUE = "8) Collect Revenue"


def export_sets(counts: list[int], size: int) -> int:
    """The most sets of ``size`` different exports the cards make (each card once)."""
    sets = 0
    while sum(min(count, sets + 1) for count in counts) >= size * (sets + 1):
        sets += 1
    return sets


def revenue(s: S, seat: int) -> tuple[int, int, int]:
    """(base, sets, other income) of ``seat``: 3 gold, 1 per set of 3 different exports,
    and what Plantations and cards in play add [8) Collect Revenue] [Rulings B23]."""
    book = s.book
    economy = book.rules.economy
    sets = export_sets(s.exports[seat], economy.set_size) * economy.set_gold
    extra = income_bonus(s, seat)
    for unit, place in enumerate(s.uloc):
        if 0 <= place < book.high_seas and s.uown[unit] == seat and s.control[place] == seat:
            extra += book.income[book.units[unit]]
    return economy.revenue, sets, extra


def collect_revenue(s: S, seat: int) -> None:
    """The gold goes to ``seat``'s treasury, for next turn [8) Collect Revenue]."""
    base, sets, extra = revenue(s, seat)
    s.gold[seat] += base + sets + extra
    s.log(
        f"{SEATS[seat]} collects {base + sets + extra} gold ({base} + {sets} for export sets"
        + (f" + {extra} from cards" if extra else "")
        + f"); treasury {s.gold[seat]}.",
        REVENUE,
        {"seat": SEATS[seat], "gold": base + sets + extra, "sets": sets},
    )


def colonies_by_theater(s: S, seat: int) -> list[int]:
    """How many colonies ``seat`` controls in each theater (in THEATERS order)."""
    counts = [0, 0, 0, 0]
    for colony in on_table(s):
        if s.control[colony] == seat:
            counts[s.book.colony_theater[colony]] += 1
    return counts


def holds(s: S, seat: int, condition: Condition) -> bool:
    """Whether ``seat`` meets a scoring condition now."""
    kind = condition.kind
    if kind == "always":
        return True
    at_least = getattr(condition, "at_least", 0)
    theaters = colonies_by_theater(s, seat)
    if kind == "colonies_in_theater":
        return theaters[THEATERS.index(getattr(condition, "theater", ""))] >= at_least
    counts = {
        "colonies": sum(theaters),
        "theaters": sum(1 for n in theaters if n),
        "prisoners": prisoners(s, seat),
        "objectives": s.po_control.count(seat),
        "export_kinds": sum(1 for n in s.exports[seat] if n),
        "exports": sum(s.exports[seat]),
        "gold": s.gold[seat],
        "high_seas_units": sum(
            1 for u, place in enumerate(s.uloc) if place == s.book.high_seas and s.uown[u] == seat
        ),
    }
    return counts[kind] >= at_least


def score_lines(s: S, seat: int) -> dict[str, int]:
    """Each part of ``seat``'s victory points [Ending the Game] [Rulings B26]: colonies
    [Setup: F): 1.],
    the secret objective [Rulings B27], cards in play, and the advanced rules in use
    [Regional Dominance] [Trade Mastery] [Powerful Friends]."""
    game = s._g
    book = s.book
    scoring = book.rules.scoring
    theaters = colonies_by_theater(s, seat)
    lines = {"colonies": sum(theaters) * scoring.colony}
    secret = 0
    if s.secret[seat] >= 0:
        for effect in book.secrets[s.secret[seat]].effects:
            secret += effect.points if holds(s, seat, effect.condition) else 0
    lines["secret objective"] = secret
    lines["cards in play"] = sum(
        effect.points
        for effect in ongoing(s, seat)
        if isinstance(effect, Score) and holds(s, seat, effect.condition)
    )
    if game.regional_dominance:
        lines["Regional Dominance"] = scoring.regional_dominance * sum(
            1 for theater, line in enumerate(s.line) if line and theaters[theater] == len(line)
        )
    if game.trade_mastery:
        kinds = sum(1 for n in s.exports[seat] if n)
        lines["Trade Mastery"] = scoring.trade_mastery * (kinds >= scoring.trade_mastery_kinds)
    if game.powerful_friends:
        held = s.po_control.count(seat)
        lines["Powerful Friends"] = scoring.powerful_friends * (
            held >= scoring.powerful_friends_objectives
        )
    return lines


def _details(s: S, points: list[int]) -> JsonDict:
    details: JsonDict = {}
    for seat, name in enumerate(SEATS):
        for theater, count in zip(THEATERS, colonies_by_theater(s, seat), strict=True):
            details[f"{name} colonies in {theater}"] = count
        details[f"{name} points"] = points[seat]
        details[f"{name} prisoners"] = prisoners(s, seat)
        details[f"{name} objectives"] = s.po_control.count(seat)
        details[f"{name} exports"] = sum(s.exports[seat])
    return details


def game_result(s: S) -> JsonDict:
    """Most victory points wins; ties go to prisoners, then political objectives, then
    export cards [Ending the Game] [Winning the Game]."""
    lines = [score_lines(s, seat) for seat in (0, 1)]
    points = [sum(line.values()) for line in lines]
    scores = {SEATS[seat]: points[seat] for seat in (0, 1)}
    details = _details(s, points)
    if s.phase != OVER:
        return {"winners": [], "scores": scores, "reason": "the game is not over"}
    ladder = [
        ("victory points", points),
        ("prisoners (first tiebreaker)", [prisoners(s, seat) for seat in (0, 1)]),
        ("political objectives (second tiebreaker)", [s.po_control.count(x) for x in (0, 1)]),
        ("export cards (third tiebreaker)", [sum(s.exports[seat]) for seat in (0, 1)]),
    ]
    for what, values in ladder:
        if values[0] != values[1]:
            winner = 0 if values[0] > values[1] else 1
            details["decided by"] = what
            return {
                "winners": [SEATS[winner]],
                "scores": scores,
                "reason": f"{SEATS[winner]} wins on {what}, {values[winner]} to "
                f"{values[1 - winner]} ({points[0]}-{points[1]} in victory points)",
                "details": details,
                "breakdown": {SEATS[seat]: lines[seat] for seat in (0, 1)},
            }
    details["decided by"] = "a draw"
    return {
        "winners": [],
        "scores": scores,
        "reason": f"a draw: {points[0]} victory points each and every tiebreaker equal",
        "details": details,
        "breakdown": {SEATS[seat]: lines[seat] for seat in (0, 1)},
    }
