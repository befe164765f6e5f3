"""The effect vocabulary's runtime: for each term of the vocabulary (`zenonzard_tui.cards.terms`,
its schema and words), how it works in a game, registered under the same name. `base` has the
entry types; the families have the vocabulary's names. `problems()` is the completeness check: a
vocabulary entry without its runtime, a runtime without its vocabulary, or a half that lacks a
piece, fails the registry test (tests/test_terms.py), not a game."""

from __future__ import annotations

import importlib

from zenonzard_tui.cards import terms as vocabulary
from zenonzard_tui.engine.terms.base import (
    CONDITION_RUNS,
    DURATION_RUNS,
    FILTER_RUNS,
    STEP_RUNS,
    TRIGGER_RUNS,
    ConditionRun,
    DurationRun,
    FilterRun,
    StepRun,
    TriggerRun,
    run_condition,
    run_duration,
    run_filter,
    run_step,
    run_trigger,
)

__all__ = [
    "CONDITION_RUNS",
    "DURATION_RUNS",
    "FILTER_RUNS",
    "STEP_RUNS",
    "TRIGGER_RUNS",
    "ConditionRun",
    "DurationRun",
    "FilterRun",
    "StepRun",
    "TriggerRun",
    "load",
    "problems",
    "run_condition",
    "run_duration",
    "run_filter",
    "run_step",
    "run_trigger",
]


def load() -> None:
    """Import every family of the vocabulary and of its runtime, so that both are complete."""
    vocabulary.load()
    for family in vocabulary.FAMILIES:  # the vocabulary's families, by the same names
        importlib.import_module(f"zenonzard_tui.engine.terms.{family}")


def _pairs(kind: str, words: dict, runs: dict) -> list[str]:
    out = [f"{kind} {n!r}: no runtime (the engine registers none)" for n in words if n not in runs]
    out += [f"{kind} {n!r}: a runtime without vocabulary (no schema, no words)" for n in runs
            if n not in words]  # fmt: skip
    return out


def step_problems(term: vocabulary.StepTerm, run: StepRun | None) -> list[str]:
    """What is missing from a step, in either half."""
    from zenonzard_tui.engine import effects

    where = f"step {term.name!r}"
    out = vocabulary.step_problems(term)
    if run is None:
        return [*out, f"{where}: no runtime (the engine registers none)"]
    for query, change in run.changes.items():
        if query not in effects.FOLDED:
            out.append(f"{where}: changes {query!r}, which the effects runtime does not fold")
        elif not callable(change):
            out.append(f"{where}: its change of {query!r} is not a function")
    if run.changes and not (term.continuous or term.also_continuous):
        out.append(f"{where}: a one-shot step changes no query")
    applied = run.query is not None and callable(getattr(effects, run.query, None))
    if (term.continuous or term.also_continuous) and not applied:
        out.append(f"{where}: no query of the effects runtime applies it")
    if term.continuous:
        if run.resolve is not None:
            out.append(f"{where}: a continuous step does not resolve once")
    elif not callable(run.resolve):
        out.append(f"{where}: no runtime (resolve)")
    return out


def filter_problems(term: vocabulary.FilterTerm, run: FilterRun | None) -> list[str]:
    out = vocabulary.filter_problems(term)
    if run is None or not callable(run.matches):
        out.append(f"selector filter {term.name!r}: no runtime (matches)")
    return out


def condition_problems(term: vocabulary.ConditionTerm, run: ConditionRun | None) -> list[str]:
    where = f"condition {term.name!r}"
    out = vocabulary.condition_problems(term)
    if term.companion is not None:
        if run is not None:
            out.append(f"{where}: a companion holds through {term.companion!r}, not alone")
    elif run is None or not callable(run.holds):
        out.append(f"{where}: no runtime (holds)")
    return out


def trigger_problems(term: vocabulary.TriggerTerm, run: TriggerRun | None) -> list[str]:
    from zenonzard_tui.engine import effects

    where = f"trigger {term.name!r}"
    out = vocabulary.trigger_problems(term)
    if run is None:
        return [*out, f"{where}: no runtime (the engine registers none)"]
    if not callable(getattr(effects, run.raised_by, None)):
        out.append(f"{where}: no runtime: the effects runtime has no {run.raised_by!r}")
    if run.raised_by == "queue_watchers" and not callable(term.watch_words):
        out.append(f"{where}: a whenever trigger needs the words of what it watches")
    return out


def duration_problems(term: vocabulary.DurationTerm, run: DurationRun | None) -> list[str]:
    from zenonzard_tui.engine.game import Game

    where = f"duration {term.name!r}"
    out = vocabulary.duration_problems(term)
    if run is None or not callable(getattr(Game, run.ends_in, None)):
        out.append(f"{where}: no runtime: the game has no task {getattr(run, 'ends_in', None)!r}")
    return out


def problems() -> list[str]:
    """Every incomplete entry of the registry, in either half, as lines; [] when all are
    complete."""
    load()
    v = vocabulary
    out = _pairs("step", v.STEPS, STEP_RUNS)
    out += _pairs("selector filter", v.FILTERS, FILTER_RUNS)
    companions = {n: t for n, t in v.CONDITIONS.items() if t.companion is None}
    out += _pairs("condition", companions, CONDITION_RUNS)
    out += _pairs("trigger", v.TRIGGERS, TRIGGER_RUNS)
    out += _pairs("duration", v.DURATIONS, DURATION_RUNS)
    for s in v.STEPS.values():
        out += step_problems(s, STEP_RUNS.get(s.name))
    for f in v.FILTERS.values():
        out += filter_problems(f, FILTER_RUNS.get(f.name))
    for c in v.CONDITIONS.values():
        out += condition_problems(c, CONDITION_RUNS.get(c.name))
    for t in v.TRIGGERS.values():
        out += trigger_problems(t, TRIGGER_RUNS.get(t.name))
    for d in v.DURATIONS.values():
        out += duration_problems(d, DURATION_RUNS.get(d.name))
    from zenonzard_tui.cards.terms.boost import BOOST_CONDITIONS

    for name, b in BOOST_CONDITIONS.items():  # ZR 17.1: a Boost condition is a selector filter
        if name not in v.FILTERS or name not in FILTER_RUNS:
            out.append(
                f"Boost condition {name!r}: no selector filter of that name (schema, runtime)"
            )
        if not callable(b.words):
            out.append(f"Boost condition {name!r}: no words")
    from zenonzard_tui.engine import effects

    for query in effects.FOLDED:
        if not any(query in run.changes for run in STEP_RUNS.values()):
            out.append(f"the folded query {query!r}: no step changes it")
    return sorted(set(out), key=out.index)
