"""The effect vocabulary as one registry, its vocabulary half: each step, trigger, condition,
selector filter and duration is one entry holding its schema (checked by the card loader) and its
words (written by the renderer). `base` has the entry types; the families are one module per kind
of rule. The engine registers each entry's runtime under the same name (`zenonzard_tui.engine.terms`,
with the test that no entry lacks either half). docs/cards.md explains every term. Adding a term
touches one entry: its vocabulary here, its runtime in the engine's family of the same name.

Nothing here imports `zenonzard_tui.engine`."""

from __future__ import annotations

import importlib
from typing import Final

from zenonzard_tui.cards.terms.base import (
    CONDITIONS,
    DURATIONS,
    FILTERS,
    MARKS,
    STEPS,
    TRIGGERS,
    ConditionTerm,
    DurationTerm,
    FilterTerm,
    FilterWords,
    MarkTerm,
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
    "FAMILIES",
    "FILTERS",
    "MARKS",
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
    "step_question",
    "trigger",
]

# the BASIC families, then the terms of the AWAKEN and BEYOND cards (one module per kind of rule);
# the engine's runtime families have the same names
FAMILIES: Final = (
    "arrive",
    "battle",
    "boost",
    "conditions",
    "costs",
    "damage",
    "hand",
    "selectors",
    "stats",
    "steps",
    "triggers",
)
SCHEMA_KINDS: Final = (
    "target",
    "signed",
    "keywords",
    "selector",
    "duration",
    "names",
    "colors",
    "condition",
    "selectors",
    "effect",
)  # not types
_loaded = False


def load() -> None:
    """Import every family of terms, so that the vocabulary is complete."""
    global _loaded
    for family in ("marks", *FAMILIES):  # (marks: vocabulary only, read by the engine)
        importlib.import_module(f"zenonzard_tui.cards.terms.{family}")

    _loaded = True


def loaded() -> bool:
    """Has `load()` finished (every family registered)?"""
    return _loaded


def step_question(purpose: str) -> str:
    """What a step's choice of `purpose` asks: its targets, or whether to do a "may" step (the
    purpose is the step's name: "destroy which?", "draw?"), or a later choice a step makes
    (recolor_mana's "color": "which color?"). KeyError: no step makes that choice."""
    term = STEPS.get(purpose)
    if term is not None and term.question:
        return term.question
    for term in STEPS.values():
        if purpose in term.asks:
            return term.asks[purpose]
    raise KeyError(f"no step asks a choice {purpose!r}")


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
    """What is missing from a step's vocabulary: its schema, its words."""
    where = f"step {term.name!r}"
    out = _schema_problems(where, term.schema)
    if not callable(term.words):
        out.append(f"{where}: no words")
    if term.continuous and term.also_continuous:
        out.append(f"{where}: continuous only and also one-shot at once")
    if term.needs_target and "target" not in term.schema:
        out.append(f"{where}: needs a target its schema does not take")
    for key in term.required:
        if key not in term.schema:
            out.append(f"{where}: requires {key!r}, which its schema does not take")
    for name in term.marks:
        if name not in MARKS:
            out.append(f"{where}: gives the mark {name!r}, which is not a mark")
    if not term.continuous:
        if not term.question:
            out.append(f"{where}: no question (what a player choosing for it is asked)")
        if "target" in term.schema and term.polarity is None:
            out.append(f"{where}: no polarity (what it does to its targets, for the AI)")
    return out


def filter_problems(term: FilterTerm) -> list[str]:
    where = f"selector filter {term.name!r}"
    out = _kind_problems(where, term.schema)
    if not callable(term.words):
        out.append(f"{where}: no words")
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
    return out


def trigger_problems(term: TriggerTerm) -> list[str]:
    where = f"trigger {term.name!r}"
    out = []
    if not isinstance(term.label, str) or (not term.label and term.name != "cast"):
        out.append(f"{where}: no words (label)")
    if term.watch_words is not None:
        if not callable(term.watch_words):
            out.append(f"{where}: the words of what it watches are not a function")
        if not term.cause:
            out.append(f"{where}: no cause words (how the log names the event that raised it)")
    return out


def duration_problems(term: DurationTerm) -> list[str]:
    return [] if term.words else [f"duration {term.name!r}: no words"]


def problems() -> list[str]:
    """Every incomplete vocabulary entry, as lines; [] when all are complete."""
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
    for m in MARKS.values():
        out += mark_problems(m)
    return out


def mark_problems(term: MarkTerm) -> list[str]:
    where = f"mark {term.name!r}"
    out = [] if term.tag and term.short else [f"{where}: no tag words"]
    if not term.rule.startswith("ZR "):
        out.append(f"{where}: no rule")
    return out
