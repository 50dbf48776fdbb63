"""The lab's answers in words: is a game balanced between its seats, does acting first
matter, and how far those answers depend on the bots that played.

A verdict compares a share of the games with a single winner against the even share of a
seat (1/N) with a margin of ``MATERIAL`` (5 points) either way:

- **No** (or **Yes** for the first player) when the share's 95% Wilson interval lies wholly
  beyond the margin: the difference is both real and material;
- **Yes** (or **No**) when the interval lies wholly within the margin;
- **Not clear yet** otherwise: more games would tell.

Shares count the games with a single winner (a draw or a shared win favours no seat); when
every game has a single winner, that is every game.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from stratagem.core import JsonDict
from stratagem.sim.backends import GameRecord
from stratagem.sim.stats import wilson_interval

MATERIAL = 0.05
"""How far from the even share a seat's share must be to matter (5 points either way)."""

Answer = Literal["Yes", "No", "Not clear yet", "Not known"]

BALANCED = "Balanced?"
FIRST = "Does acting first matter?"


@dataclass(frozen=True, slots=True)
class Verdict:
    """A question answered in one sentence."""

    question: str
    answer: Answer
    because: str
    favours: str = ""
    """Who the answer favours: the seat ahead of a "No, not balanced", "more" or "less"
    for acting first; a verdict holds with other bots only if this holds too."""

    @property
    def text(self) -> str:
        """The sentence: "Balanced? No: the Spanish win 81% (79-83%) ..."."""
        return f"{self.question} {self.answer}: {self.because}"

    def to_json(self) -> JsonDict:
        """Question, answer and sentence, for ``results.json``."""
        return {"question": self.question, "answer": self.answer, "text": self.text}


def _share(count: int, total: int) -> tuple[float, float, float]:
    low, high = wilson_interval(count, total)
    return count / total, low, high


def share_text(count: int, total: int) -> str:
    """``81% (79-83%)``: a share and its 95% interval, in whole percents."""
    share, low, high = _share(count, total)
    return f"{share:.0%} ({low * 100:.0f}-{high * 100:.0f}%)"


def _where(share: float, low: float, high: float, even: float) -> str:
    """ "beyond", "within" or "unclear": the interval against even +/- MATERIAL."""
    if low > even + MATERIAL or high < even - MATERIAL:
        return "beyond"
    if low >= even - MATERIAL and high <= even + MATERIAL:
        return "within"
    return "unclear"


def wins(name: str, verb: str = "win") -> str:
    """A seat as the subject of ``verb``: "the Spanish win", "Britain wins"."""
    if name.endswith(("sh", "ch", "ese")):
        return f"the {name} {verb}"
    return f"{name} {verb}s"


def _single_winner(records: Sequence[GameRecord]) -> list[GameRecord]:
    return [record for record in records if len(record.winners) == 1]


def _of_games(decided: int, total: int) -> str:
    return "" if decided == total else f" of the {decided} games with a single winner"


def seat_verdict(records: Sequence[GameRecord], seat_names: Sequence[str]) -> Verdict:
    """Whether every seat wins about its even share of the games."""
    decided = _single_winner(records)
    seats = len(seat_names)
    even = 1 / seats
    if not decided:
        return Verdict(BALANCED, "Not known", "no game had a single winner.")
    total = len(decided)
    counts = [sum(1 for r in decided if r.winners[0] == seat) for seat in range(seats)]
    places = [_where(*_share(count, total), even) for count in counts]
    of = _of_games(total, len(records))
    even_text = f"an even share of {even:.0%}"
    if "beyond" in places:
        far = [seat for seat in range(seats) if places[seat] == "beyond"]
        seat = max(far, key=lambda s: (round(abs(counts[s] / total - even), 9), counts[s]))
        return Verdict(
            BALANCED,
            "No",
            f"{wins(seat_names[seat])} {share_text(counts[seat], total)}{of}, against {even_text}.",
            seat_names[seat] if counts[seat] / total > even else f"not {seat_names[seat]}",
        )
    every = ", ".join(
        f"{name} {share_text(count, total)}" for name, count in zip(seat_names, counts, strict=True)
    )
    if all(place == "within" for place in places):
        return Verdict(
            BALANCED,
            "Yes",
            f"every seat wins within {MATERIAL * 100:.0f} points of {even_text}{of} ({every}).",
        )
    return Verdict(
        BALANCED,
        "Not clear yet",
        f"{every}{of}; {total} games cannot tell these from {even_text} give or take "
        f"{MATERIAL * 100:.0f} points: play more games.",
    )


def first_player_verdict(records: Sequence[GameRecord], seat_names: Sequence[str]) -> Verdict:
    """Whether the seat that takes the first decision wins more (or less) than its even
    share; when one seat always acts first, this is that seat's share again, and it says so."""
    decided = [r for r in _single_winner(records) if r.first_player is not None]
    even = 1 / len(seat_names)
    if not decided:
        return Verdict(FIRST, "Not known", "no game with a single winner told who acted first.")
    total = len(decided)
    won = sum(1 for r in decided if r.winners[0] == r.first_player)
    share, low, high = _share(won, total)
    place = _where(share, low, high, even)
    firsts = {r.first_player for r in decided}
    if len(firsts) == 1:
        seat = seat_names[next(iter(firsts)) or 0]
        return Verdict(
            FIRST,
            "Not known",
            f"{wins(seat, 'act')} first in every game, so acting first cannot be told apart "
            f"from playing the {seat} seat (see {BALANCED}).",
        )
    text = f"whoever acts first wins {share_text(won, total)}{_of_games(total, len(records))}"
    even_text = f"an even share of {even:.0%}"
    if place == "beyond":
        way = "more" if share > even else "less"
        return Verdict(FIRST, "Yes", f"{text}, materially {way} than {even_text}.", way)
    if place == "within":
        return Verdict(FIRST, "No", f"{text}, within {MATERIAL * 100:.0f} points of {even_text}.")
    return Verdict(
        FIRST,
        "Not clear yet",
        f"{text}; {total} games cannot tell it from {even_text} give or take "
        f"{MATERIAL * 100:.0f} points: play more games.",
    )


def verdicts(records: Sequence[GameRecord], seat_names: Sequence[str]) -> tuple[Verdict, ...]:
    """The seat balance and the first player's verdicts."""
    return seat_verdict(records, seat_names), first_player_verdict(records, seat_names)


def bot_note(seat_bots: Mapping[str, str]) -> str:
    """Why every answer holds only for the bots that played."""
    lineup = ", ".join(f"{seat}: {bot}" for seat, bot in seat_bots.items())
    return (
        f"These answers are about games played by these bots ({lineup}): a bot that plays "
        "one side better or worse than the other moves the win rates as much as a rule "
        "does. `stratagem compare ... --check-bots BOT` plays the same comparison again "
        "with another pairing and says whether each verdict holds."
    )


def lineup_text(seat_names: Sequence[str], bots: Sequence[str]) -> str:
    """``Dutch: random, Spanish: random``."""
    return ", ".join(f"{seat}: {bot}" for seat, bot in zip(seat_names, bots, strict=True))


def summary(named: Sequence[tuple[str, Verdict]]) -> str:
    """Which variants are balanced, in one sentence ("Balanced: none of 2 variants")."""
    balanced = [name for name, verdict in named if verdict.answer == "Yes"]
    unclear = [name for name, verdict in named if verdict.answer == "Not clear yet"]
    text = f"Balanced: {', '.join(balanced) or 'none'} of {len(named)} variants"
    if unclear:
        text += f"; not clear yet: {', '.join(unclear)}"
    return text + "."


def imbalance(records: Sequence[GameRecord], seats: int) -> float:
    """How far the seat furthest from its even share is from it (games with a single
    winner); infinite with no such game."""
    decided = _single_winner(records)
    if not decided:
        return float("inf")
    shares = [sum(1 for r in decided if r.winners[0] == s) / len(decided) for s in range(seats)]
    return max(abs(share - 1 / seats) for share in shares)


def nearest_even(
    named: Sequence[tuple[str, Sequence[GameRecord]]], seat_names: Sequence[str]
) -> str:
    """Which variant comes nearest to even, in one sentence with its verdict."""
    name, records = min(named, key=lambda pair: imbalance(pair[1], len(seat_names)))
    verdict = seat_verdict(records, seat_names)
    return f"Nearest to even: {name}. {verdict.text}"


def check_lines(
    names: Sequence[str],
    main: Sequence[Sequence[GameRecord]],
    other: Sequence[Sequence[GameRecord]],
    seat_names: Sequence[str],
    other_bots: Sequence[str],
) -> list[str]:
    """For each variant and verdict, whether it holds when ``other_bots`` play."""
    lineup = lineup_text(seat_names, other_bots)
    lines = []
    for name, first, second in zip(names, main, other, strict=True):
        for a, b in zip(verdicts(first, seat_names), verdicts(second, seat_names), strict=True):
            lines.append(holds_text(name, a, b, lineup))
    return lines


def holds_text(name: str, first: Verdict, second: Verdict, lineup: str) -> str:
    """Whether ``first`` (the main bots) holds with the other pairing's ``second``."""
    if (first.answer, first.favours) == (second.answer, second.favours):
        return f"{name}: the verdict holds with {lineup} ({second.text})"
    if first.answer == second.answer:
        return (
            f"{name}: the verdict changes with {lineup}: {first.question} {first.answer} with "
            f"both, but it favours {first.favours} with the main bots and {second.favours} "
            f"with these ({second.because})"
        )
    return (
        f"{name}: the verdict changes with {lineup}: {first.question} {first.answer} with "
        f"the main bots, {second.answer} with these ({second.because})"
    )
