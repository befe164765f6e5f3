"""The effect vocabulary as one registry: each step, trigger, condition, selector filter and
duration is one entry holding its schema (checked by the card loader), its words (written by the
renderer) and its runtime (run by the effects runtime). `base` has the entry types; the families
are `steps`, `conditions`, `selectors` and `triggers` (with the durations). docs/cards.md explains
every term. Adding a term touches one entry."""

from __future__ import annotations

from zenonzard_tui.engine.terms.base import (
    CONDITIONS,
    DURATIONS,
    FILTERS,
    STEPS,
    TRIGGERS,
    ConditionTerm,
    DurationTerm,
    FilterTerm,
    FilterWords,
    StepTerm,
    TriggerTerm,
    condition,
    duration,
    selector_filter,
    step,
    trigger,
)

__all__ = [
    "CONDITIONS",
    "DURATIONS",
    "FILTERS",
    "STEPS",
    "TRIGGERS",
    "ConditionTerm",
    "DurationTerm",
    "FilterTerm",
    "FilterWords",
    "StepTerm",
    "TriggerTerm",
    "condition",
    "duration",
    "load",
    "loaded",
    "problems",
    "selector_filter",
    "step",
    "trigger",
]

SCHEMA_KINDS = (
    "target",
    "signed",
    "keywords",
    "selector",
    "duration",
    "names",
    "colors",
)  # not types
_loaded = False


def load() -> None:
    """Import every family of terms, so that the registry is complete."""
    global _loaded
    # the BASIC families, then the terms of the AWAKEN and BEYOND cards (one module per kind of rule)
    from zenonzard_tui.engine.terms import (  # noqa: F401
        arrive,
        battle,
        conditions,
        costs,
        damage,
        hand,
        selectors,
        stats,
        steps,
        triggers,
    )

    _loaded = True


def loaded() -> bool:
    """Has `load()` finished (every family registered)?"""
    return _loaded


def _schema_problems(where: str, schema: object) -> list[str]:
    if not isinstance(schema, dict):
        return [f"{where}: the schema is not a table"]
    out = []
    for key, kind in schema.items():
        out += _kind_problems(f"{where}.{key}", kind)
    return out


def _kind_problems(where: str, kind: object) -> list[str]:
    if kind in (int, bool, str) or (isinstance(kind, tuple) and kind) or kind in SCHEMA_KINDS:
        return []
    return [f"{where}: {kind!r} is not a type, a tuple of values or a known kind"]


def step_problems(term: StepTerm) -> list[str]:
    """What is missing from a step entry: its schema, its words, its runtime."""
    from zenonzard_tui.engine import effects

    where = f"step {term.name!r}"
    out = _schema_problems(where, term.schema)
    if not callable(term.words):
        out.append(f"{where}: no words")
    if term.continuous:
        if term.resolve is not None:
            out.append(f"{where}: a continuous step does not resolve once")
        if term.query is None or not callable(getattr(effects, term.query, None)):
            out.append(f"{where}: no query of the effects runtime applies it")
    elif not callable(term.resolve):
        out.append(f"{where}: no runtime (resolve)")
    if term.needs_target and "target" not in term.schema:
        out.append(f"{where}: needs a target its schema does not take")
    for key in term.required:
        if key not in term.schema:
            out.append(f"{where}: requires {key!r}, which its schema does not take")
    return out


def filter_problems(term: FilterTerm) -> list[str]:
    where = f"selector filter {term.name!r}"
    out = _kind_problems(where, term.schema)
    if not callable(term.words):
        out.append(f"{where}: no words")
    if not callable(term.matches):
        out.append(f"{where}: no runtime (matches)")
    return out


def condition_problems(term: ConditionTerm) -> list[str]:
    where = f"condition {term.name!r}"
    out = _kind_problems(where, term.schema)
    if term.companion is not None:
        if term.companion not in CONDITIONS:
            out.append(f"{where}: goes with {term.companion!r}, which is not a condition")
        return out
    if not callable(term.words):
        out.append(f"{where}: no words")
    if not callable(term.holds):
        out.append(f"{where}: no runtime (holds)")
    return out


def trigger_problems(term: TriggerTerm) -> list[str]:
    from zenonzard_tui.engine import effects

    where = f"trigger {term.name!r}"
    out = []
    if not isinstance(term.label, str) or (not term.label and term.name != "cast"):
        out.append(f"{where}: no words (label)")
    if not callable(getattr(effects, term.raised_by, None)):
        out.append(f"{where}: no runtime: the effects runtime has no {term.raised_by!r}")
    if term.raised_by == "queue_watchers" and not callable(term.watch_words):
        out.append(f"{where}: a whenever trigger needs the words of what it watches")
    return out


def duration_problems(term: DurationTerm) -> list[str]:
    from zenonzard_tui.engine.game import Game

    where = f"duration {term.name!r}"
    out = []
    if not term.words:
        out.append(f"{where}: no words")
    if not callable(getattr(Game, term.ends_in, None)):
        out.append(f"{where}: no runtime: the game has no task {term.ends_in!r}")
    return out


def problems() -> list[str]:
    """Every incomplete entry of the registry, as lines; [] when all are complete."""
    load()
    out: list[str] = []
    for s in STEPS.values():
        out += step_problems(s)
    for f in FILTERS.values():
        out += filter_problems(f)
    for c in CONDITIONS.values():
        out += condition_problems(c)
    for t in TRIGGERS.values():
        out += trigger_problems(t)
    for d in DURATIONS.values():
        out += duration_problems(d)
    return out
