"""Variants side by side: the same seeded games under each set of settings, compared.

Game ``i`` of every variant is played with ``seed_for(master seed, i)``, so the variants
meet the same seeds and, as far as their rules let them, the same deals; each variant is
then compared with the first seed by seed (``questions.paired``). Every variant is checked
(its options, and its pack settings validated as the pack is) before any game is played.

A variant is written ``NAME: SETTING; SETTING`` (``printed:`` has no setting); a sweep
``KEY=6..9`` (or ``KEY=6,7,9``) is one variant per value, named by the value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from stratagem.core import JsonDict, OptionError
from stratagem.sim.backends import GameRecord, Job, ProgressCallback, run_jobs
from stratagem.sim.provenance import provenance
from stratagem.sim.questions import (
    Answers,
    Difference,
    Estimate,
    answers_over,
    differences,
    estimates,
    raw_answers,
)
from stratagem.sim.runner import resolve_seats, seed_for
from stratagem.sim.settings import (
    GameSetup,
    Setting,
    SettingError,
    make_setup,
    parse_setting,
    parse_settings,
    plain_options,
    printed_value,
)
from stratagem.sim.verdicts import Verdict, bot_note, summary, verdicts


@dataclass(frozen=True, slots=True)
class Variant:
    """A named set of settings (on top of the settings every variant shares)."""

    name: str
    settings: tuple[Setting, ...]
    value: float | None = None
    """The swept value, for a sweep's variants."""


def parse_variant(text: str) -> Variant:
    """``NAME: SETTING; SETTING`` as a ``Variant``."""
    name, sep, rest = text.partition(":")
    if not sep or not name.strip():
        raise SettingError(f"variant {text!r}: expected 'NAME: SETTING; SETTING' ('printed:')")
    return Variant(name.strip(), parse_settings([rest]))


def sweep_variants(text: str) -> list[Variant]:
    """``KEY=LOW..HIGH`` (whole numbers) or ``KEY=A,B,C``: one variant per value."""
    key, sep, values = text.partition("=")
    if not sep or not values.strip():
        raise SettingError(f"sweep {text!r}: expected KEY=LOW..HIGH or KEY=A,B,C")
    low, dots, high = values.partition("..")
    if dots:
        try:
            start, stop = int(low), int(high)
        except ValueError:
            raise SettingError(f"sweep {text!r}: a range is two whole numbers, 6..9") from None
        if stop < start:
            raise SettingError(f"sweep {text!r}: the range ends before it starts")
        words = [str(v) for v in range(start, stop + 1)]
    else:
        words = [word.strip() for word in values.split(",") if word.strip()]
    if len(words) < 2:
        raise SettingError(f"sweep {text!r}: a sweep needs at least two values")
    variants = []
    for word in words:
        setting = parse_setting(f"{key.strip()}={word}")
        value = setting.value
        number = (
            float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
        )
        variants.append(
            Variant(
                f"{setting.path[-1] if setting.path else setting.key}={word}", (setting,), number
            )
        )
    return variants


def with_printed_value(
    game_name: str, options: Mapping[str, Any], sweep: str, variants: Sequence[Variant]
) -> list[Variant]:
    """``variants`` with the swept key's printed value given to each variant that leaves
    that key alone (``printed:``), so that a sweep's figures place it among the others."""
    key = sweep.partition("=")[0].strip()
    swept = parse_setting(f"{key}=0")
    value = printed_value(game_name, options, key)
    if not isinstance(value, int | float) or isinstance(value, bool):
        return list(variants)
    return [
        replace(variant, value=float(value))
        if variant.value is None
        and all((s.key, s.path) != (swept.key, swept.path) for s in variant.settings)
        else variant
        for variant in variants
    ]


@dataclass(frozen=True, slots=True)
class VariantRun:
    """One variant's games."""

    variant: Variant
    setup: GameSetup
    records: tuple[GameRecord, ...]
    interrupted: bool


@dataclass(frozen=True, slots=True)
class Comparison:
    """Every variant's games, answers, estimates and paired differences with the first."""

    game: str
    options: dict[str, Any]
    shared: tuple[Setting, ...]
    seed: int
    planned: int
    seat_names: tuple[str, ...]
    seat_bots: tuple[str, ...]
    runs: tuple[VariantRun, ...]
    answers: tuple[Answers, ...]
    estimates: tuple[tuple[Estimate, ...], ...]
    differences: tuple[tuple[Difference, ...], ...]
    """For each variant after the first, against the first."""
    sweep: str | None
    variants: int
    """Variants asked for (an interrupted comparison may have played fewer)."""

    @property
    def order(self) -> list[int]:
        """The runs' indices in the order to list and plot them: a sweep's by value (a
        variant with no value last), others as given."""
        if self.sweep is None:
            return list(range(len(self.runs)))
        values = [run.variant.value for run in self.runs]
        return sorted(range(len(self.runs)), key=lambda i: (values[i] is None, values[i] or 0.0, i))

    @property
    def interrupted(self) -> bool:
        """Whether a run was cut short (the figures are over the games finished)."""
        return any(run.interrupted for run in self.runs) or len(self.runs) < self.variants


def run_compare(
    game_name: str,
    seat_bots: Mapping[str, str],
    n: int,
    seed: int,
    variants: Sequence[Variant],
    *,
    options: Mapping[str, Any] | None = None,
    shared: Sequence[Setting] = (),
    progress: ProgressCallback | None = None,
    workers: int = 1,
    ray: str | bool = False,
    sweep: str | None = None,
) -> Comparison:
    """Play the same ``n`` seeded games under each variant (``shared`` settings in all)
    and compare them. Every variant is checked before the first game; Ctrl-C stops the
    runs and the comparison is made over the games finished."""
    if n < 1:
        raise OptionError(f"a comparison needs at least 1 game, not {n}")
    if len(variants) < 1:
        raise OptionError("give at least one --variant (or a --sweep)")
    names = [v.name for v in variants]
    for name in names:
        if names.count(name) > 1:
            raise OptionError(f"two variants are named {name!r}")
    setups = [make_setup(game_name, options or {}, [*shared, *v.settings]) for v in variants]
    if sweep is not None:
        variants = with_printed_value(game_name, options or {}, sweep, variants)
    game = setups[0].load()
    bots = tuple(resolve_seats(game, seat_bots))
    jobs = [Job(index, seed_for(seed, index), bots) for index in range(n)]
    runs: list[VariantRun] = []
    total = n * len(variants)
    for number, (variant, setup) in enumerate(zip(variants, setups, strict=True)):
        done = number * n

        def step(finished: int, _all: int, done: int = done) -> None:
            if progress is not None:
                progress(done + finished, total)

        batch = run_jobs(setup, jobs, workers=workers, ray=ray, progress=step)
        runs.append(VariantRun(variant, setup, batch.records, batch.interrupted))
        if batch.interrupted:
            break
    return compare_runs(
        game.name,
        runs,
        options=plain_options(game, setups[0]),
        shared=tuple(shared),
        seed=seed,
        planned=n,
        seat_names=game.seat_names,
        bots=bots,
        sweep=sweep,
        variants=len(variants),
    )


def compare_runs(
    game: str,
    runs: Sequence[VariantRun],
    *,
    options: dict[str, Any],
    shared: tuple[Setting, ...],
    seed: int,
    planned: int,
    seat_names: Sequence[str],
    bots: Sequence[str],
    sweep: str | None = None,
    variants: int | None = None,
) -> Comparison:
    """The comparison of finished runs (the first is the base)."""
    raws = [raw_answers(run.records, seat_names) for run in runs]
    seeds = [[record.seed for record in run.records] for run in runs]
    table = answers_over(raws, seeds)
    return Comparison(
        game=game,
        options=options,
        shared=shared,
        seed=seed,
        planned=planned,
        seat_names=tuple(seat_names),
        seat_bots=tuple(bots),
        runs=tuple(runs),
        answers=tuple(table),
        estimates=tuple(tuple(estimates(a)) for a in table),
        differences=tuple(tuple(differences(table[0], a)) for a in table[1:]),
        sweep=sweep,
        variants=len(runs) if variants is None else variants,
    )


def _number(value: float) -> float | None:
    """``value`` for JSON (``None`` for not-a-number: nothing known)."""
    return None if math.isnan(value) else value


def variant_verdicts(comparison: Comparison) -> list[tuple[str, tuple[Verdict, ...]]]:
    """Each variant's name and verdicts (balanced? acting first?)."""
    return [
        (run.variant.name, verdicts(run.records, comparison.seat_names)) for run in comparison.runs
    ]


def comparison_doc(comparison: Comparison, check: Sequence[str] = ()) -> JsonDict:
    """The comparison as JSON-safe data: provenance, parameters, the verdicts in words,
    every variant's games; ``check`` is what ``--check-bots`` found."""
    found = variant_verdicts(comparison)
    return {
        "provenance": provenance(),
        "game": comparison.game,
        "options": comparison.options,
        "settings": [s.text for s in comparison.shared],
        "seed": comparison.seed,
        "seats": dict(zip(comparison.seat_names, comparison.seat_bots, strict=True)),
        "planned": comparison.planned,
        "sweep": comparison.sweep,
        "summary": summary([(name, pair[0]) for name, pair in found]),
        "bots_note": bot_note(dict(zip(comparison.seat_names, comparison.seat_bots, strict=True))),
        "check_bots": list(check),
        "interval": "rates: Wilson 95%; means: Student t 95%; paired differences: mean of "
        "per-seed differences, Student t 95% (normal approximation)",
        "variants": [
            {
                "name": run.variant.name,
                "settings": [s.text for s in run.variant.settings],
                "finished": len(run.records),
                "interrupted": run.interrupted,
                "verdicts": [verdict.to_json() for verdict in found[index][1]],
                "differences": []
                if index == 0
                else [
                    {
                        "question": d.question.label,
                        "pairs": d.pairs,
                        "mean": _number(d.mean),
                        "low": _number(d.low),
                        "high": _number(d.high),
                        "verdict": d.verdict(),
                    }
                    for d in comparison.differences[index - 1]
                ],
                "games": [record.to_json() for record in run.records],
            }
            for index, run in enumerate(comparison.runs)
        ],
    }
