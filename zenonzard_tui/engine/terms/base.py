"""The registry of the effect vocabulary: one entry per term, holding its schema, its words and
its runtime (the spirit of Forge's ApiType: a new term touches one entry).

The entries live in the modules of this package, one per family (`steps`, ...); this module holds
only the entry types and the registry dicts they register into, and imports neither the card pool
nor the game, so that the card loader (schema), the renderer (words) and the effects runtime can all
read the same entries. `load()` in the package imports every family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from zenonzard_tui.cards.model import Step
    from zenonzard_tui.cards.words import Clause, WordsContext
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game

StepWords = Callable[["Step", "WordsContext"], "Clause"]
StepResolve = Callable[["Game", "Ctx", "Step", tuple], bool]


@dataclass(frozen=True, slots=True)
class StepTerm:
    """A step (`do`): its parameters, its words and how it resolves.

    `schema` maps each parameter to its type or a tuple of allowed values ("target": a selector or
    a reference; "signed": any whole number; "keywords": a list of keywords; "selector": a selector).
    A one-shot step has `resolve(game, ctx, step, targets) -> done`; a continuous one (`continuous`:
    only in a passive effect) names the query of the effects runtime that applies it (`query`)."""

    name: str
    schema: Mapping[str, Any]
    words: StepWords
    resolve: StepResolve | None = None
    query: str | None = None
    required: frozenset[str] = frozenset()
    continuous: bool = False
    needs_target: bool = False


STEPS: dict[str, StepTerm] = {}


def step(name: str, *, schema: Mapping[str, Any], required: tuple[str, ...] = (),
         continuous: bool = False, needs_target: bool = False) -> Callable[[type], type]:  # fmt: skip
    """Register the step `name` from a class with a static `words` and a static `resolve` (a
    one-shot step) or a `query` name (a continuous step)."""

    def register(cls: type) -> type:
        if name in STEPS:
            raise ValueError(f"the step {name!r} is registered twice")
        STEPS[name] = StepTerm(
            name=name,
            schema=dict(schema),
            words=cls.words,  # type: ignore[attr-defined]
            resolve=getattr(cls, "resolve", None),
            query=getattr(cls, "query", None),
            required=frozenset(required),
            continuous=continuous,
            needs_target=needs_target,
        )
        return cls

    return register
