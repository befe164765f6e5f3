"""The effect vocabulary as one registry: each step, trigger, condition and selector term is one
entry holding its schema (checked by the card loader), its words (written by the renderer) and its
runtime (run by the effects runtime). See `base` for the entry types and docs/cards.md for the
terms themselves. Adding a term touches one entry."""

from __future__ import annotations

from zenonzard_tui.engine.terms.base import STEPS, StepTerm, step

__all__ = ["STEPS", "StepTerm", "load", "problems", "step"]

SCHEMA_KINDS = ("target", "signed", "keywords", "selector")  # the kinds that are not a type


def load() -> None:
    """Import every family of terms, so that the registry is complete."""
    from zenonzard_tui.engine.terms import steps  # noqa: F401


def _schema_problems(where: str, schema: object) -> list[str]:
    if not isinstance(schema, dict):
        return [f"{where}: the schema is not a table"]
    out = []
    for key, kind in schema.items():
        if not (kind in (int, bool, str) or isinstance(kind, tuple) or kind in SCHEMA_KINDS):
            out.append(f"{where}.{key}: {kind!r} is not a type, a tuple of values or a known kind")
    return out


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


def problems() -> list[str]:
    """Every incomplete entry of the registry, as lines; [] when all are complete."""
    load()
    out: list[str] = []
    for term in STEPS.values():
        out += step_problems(term)
    return out
