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
    from zenonzard_tui.cards.model import CardDef, Selector, Step
    from zenonzard_tui.cards.words import Clause, WordsContext
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game
    from zenonzard_tui.engine.state import Slot

StepWords = Callable[["Step", "WordsContext"], "Clause"]
StepResolve = Callable[["Game", "Ctx", "Step", tuple], bool]
# a condition's words: (its value, the whole condition, the words context) -> "you do"
ConditionWords = Callable[[Any, tuple, "WordsContext"], str]
# does a condition hold: (game, the effect's controller, `it`, `done`, its value, the condition)
ConditionHolds = Callable[["GameCore", int, tuple, bool, Any, tuple], bool]
# does a card match a filter: (its value, the card, its slot in play or None, game, seat)
FilterMatches = Callable[[Any, "CardDef", "Slot | None", "GameCore | None", "int | None"], bool]


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
    rest: bool = False  # the effect's later steps belong to this step (gain_trigger)


STEPS: dict[str, StepTerm] = {}


def step(name: str, *, schema: Mapping[str, Any], required: tuple[str, ...] = (),
         continuous: bool = False, needs_target: bool = False,
         rest: bool = False) -> Callable[[type], type]:  # fmt: skip
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
            rest=rest,
        )
        return cls

    return register


@dataclass(frozen=True, slots=True)
class FilterWords:
    """What a selector filter adds to the noun phrase: "undestroyed" (an adjective), "400 BP or
    less" (a quality after "with") or ' named "X"' (after the noun)."""

    adjectives: tuple[str, ...] = ()
    quality: str | None = None
    after: str = ""


@dataclass(frozen=True, slots=True)
class FilterTerm:
    """A selector filter: its value's type, its words and the test a card passes.

    `words(selector, value)` gives the filter's part of the noun phrase (`shapes_noun`: the
    filter also chooses the noun, "Token Minion", "Base Minion card"; see `words.noun`)."""

    name: str
    schema: Any
    words: Callable[[Selector, Any], FilterWords]
    matches: FilterMatches
    shapes_noun: bool = False


@dataclass(frozen=True, slots=True)
class ConditionTerm:
    """A condition (`if`): its value's type, its words and whether it holds. A `companion` is a
    term that only completes another one (at_least goes with mana_color): that one holds and
    writes both."""

    name: str
    schema: Any
    words: ConditionWords | None
    holds: ConditionHolds | None
    companion: str | None = None


@dataclass(frozen=True, slots=True)
class TriggerTerm:
    """A trigger (`when`): the label written before the effect, and the engine function that
    queues it (`raised_by`). A "whenever" trigger (`watch_words`) reacts to the events of the
    cards its `watch` selector names and writes "whenever ..." from that selector. A card's own
    trigger written under another label has a `lead` ("[Passive] Whenever this minion wins a
    battle, ...")."""

    name: str
    label: str
    raised_by: str
    watch_words: Callable[[Selector], str] | None = None
    lead: str = ""


@dataclass(frozen=True, slots=True)
class DurationTerm:
    """A duration (`until`): its words and the game task at which a modifier with it ends."""

    name: str
    words: str
    ends_in: str


FILTERS: dict[str, FilterTerm] = {}
CONDITIONS: dict[str, ConditionTerm] = {}
TRIGGERS: dict[str, TriggerTerm] = {}
DURATIONS: dict[str, DurationTerm] = {}


def _add(registry: dict[str, Any], term: Any) -> None:
    if term.name in registry:
        raise ValueError(f"the term {term.name!r} is registered twice")
    registry[term.name] = term


def selector_filter(name: str, *, schema: Any, shapes_noun: bool = False) -> Callable[[type], type]:
    """Register a selector filter from a class with static `words` and `matches`."""

    def register(cls: type) -> type:
        _add(FILTERS, FilterTerm(name, schema, cls.words, cls.matches, shapes_noun))  # type: ignore[attr-defined]
        return cls

    return register


def condition(name: str, *, schema: Any, companion: str | None = None) -> Callable[[type], type]:
    """Register a condition from a class with static `words` and `holds` (none for a
    companion)."""

    def register(cls: type) -> type:
        words = getattr(cls, "words", None)
        holds = getattr(cls, "holds", None)
        _add(CONDITIONS, ConditionTerm(name, schema, words, holds, companion))
        return cls

    return register


def trigger(name: str, label: str, raised_by: str,
            watch_words: Callable[[Selector], str] | None = None, lead: str = "") -> None:  # fmt: skip
    """Register a trigger."""
    _add(TRIGGERS, TriggerTerm(name, label, raised_by, watch_words, lead))


def duration(name: str, words: str, ends_in: str) -> None:
    """Register a duration."""
    _add(DURATIONS, DurationTerm(name, words, ends_in))
