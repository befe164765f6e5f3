"""The runtime half of the registry of the effect vocabulary: for each term of the vocabulary
(`zenonzard_tui.cards.terms`: schema and words), how it works in a game, registered under the same
name (the spirit of Forge's ApiType: a new term touches one entry, in its two halves).

The entries live in the modules of this package, one per family, named as the vocabulary's; this
module holds only the entry types and the registry dicts they register into, and imports neither
the card pool nor the game. `load()` in the package imports every family; `problems()` there
checks that every vocabulary entry has its runtime and every runtime its vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from zenonzard_tui.cards.terms.base import add
from zenonzard_tui.frozen import picklable

if TYPE_CHECKING:
    from zenonzard_tui.cards.model import CardDef, Step
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game
    from zenonzard_tui.engine.state import Slot

StepResolve = Callable[["Game", "Ctx", "Step", tuple], bool]
# does a condition hold: (game, the effect's controller, `it`, `done`, its value, the condition)
ConditionHolds = Callable[["GameCore", int, tuple, bool, Any, tuple], bool]
# does a card match a filter: (its value, the card, its slot in play or None, game, seat)
FilterMatches = Callable[[Any, "CardDef", "Slot | None", "GameCore | None", "int | None"], bool]


# how a continuous step changes one of the folded queries (effects.FOLDED: BP, DP, can block,
# cost): (game, its sources at work, the card asked about (a Slot; a CardDef in a hand for a
# cost), the card's seat or None, the value so far, the other card the question is about (the
# attacker, for can block) or None) -> the value
Change = Callable[["GameCore", list, Any, "int | None", Any, Any], Any]
# the value of the "cost" fold: (the basic cost's change, "basic" or "all" once something makes
# the basic cost or the whole cost 0, else None) (ZR 12.1)
CostChange = tuple[int, str | None]


@dataclass(frozen=True, slots=True)
class StepRun:
    """How a step works: a one-shot step has `resolve(game, ctx, step, targets) -> done`; a
    continuous one names the query of the effects runtime that applies it (`query`), and says
    how it changes each query the effects runtime folds (`changes`: query -> `Change`; one
    function, `effects.fold`, asks every step that changes a query)."""

    name: str
    resolve: StepResolve | None = None
    query: str | None = None
    changes: Mapping[str, Change] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class FilterRun:
    """The test a card passes for a selector filter."""

    name: str
    matches: FilterMatches


@dataclass(frozen=True, slots=True)
class ConditionRun:
    """Whether a condition holds; `used(game, ctx)`, for a condition that counts the times its
    effect resolved (once_per_turn): called when the effect begins to resolve, its condition
    holding."""

    name: str
    holds: ConditionHolds
    used: Callable[[GameCore, Ctx], None] | None = None


@dataclass(frozen=True, slots=True)
class TriggerRun:
    """The engine function that queues a trigger (`raised_by`)."""

    name: str
    raised_by: str


@dataclass(frozen=True, slots=True)
class DurationRun:
    """The game task at which a modifier with a duration ends."""

    name: str
    ends_in: str


STEP_RUNS: Final[dict[str, StepRun]] = {}
FILTER_RUNS: Final[dict[str, FilterRun]] = {}
CONDITION_RUNS: Final[dict[str, ConditionRun]] = {}
TRIGGER_RUNS: Final[dict[str, TriggerRun]] = {}
DURATION_RUNS: Final[dict[str, DurationRun]] = {}


def run_step(name: str) -> Callable[[type], type]:
    """Register how the step `name` works, from a class with a static `resolve` (a one-shot step)
    and/or a `query` name (a continuous step)."""

    def register(cls: type) -> type:
        resolve, query = getattr(cls, "resolve", None), getattr(cls, "query", None)
        add(STEP_RUNS, StepRun(name, resolve, query, dict(getattr(cls, "changes", {}))))
        return cls

    return register


def run_filter(name: str) -> Callable[[type], type]:
    """Register the test of the selector filter `name`, from a class with a static `matches`."""

    def register(cls: type) -> type:
        add(FILTER_RUNS, FilterRun(name, cls.matches))  # type: ignore[attr-defined]
        return cls

    return register


def run_condition(name: str) -> Callable[[type], type]:
    """Register whether the condition `name` holds, from a class with a static `holds`."""

    def register(cls: type) -> type:
        used = getattr(cls, "used", None)
        add(CONDITION_RUNS, ConditionRun(name, cls.holds, used))  # type: ignore[attr-defined]
        return cls

    return register


def run_trigger(name: str, raised_by: str) -> None:
    """Register the engine function that queues the trigger `name`."""
    add(TRIGGER_RUNS, TriggerRun(name, raised_by))


def run_duration(name: str, ends_in: str) -> None:
    """Register the game task at which the duration `name` ends."""
    add(DURATION_RUNS, DurationRun(name, ends_in))


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(StepRun, FilterRun, ConditionRun, TriggerRun, DurationRun)
