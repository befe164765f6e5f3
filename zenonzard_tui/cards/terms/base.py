"""The vocabulary half of the registry of the effect vocabulary: one entry per term, holding its
schema (checked by the card loader) and its words (written by the renderer).

The runtime half of each entry (how a step resolves, whether a condition holds, ...) is registered
by the engine under the same name (`zenonzard_tui.engine.terms`); `engine.terms.problems()` checks
that every entry has both halves. This package imports nothing of `zenonzard_tui.engine`, so the
card loader and the renderer never load the game. `load()` in the package imports every family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final

from zenonzard_tui.frozen import picklable

if TYPE_CHECKING:
    from zenonzard_tui.cards.model import Selector, Step
    from zenonzard_tui.cards.words import Clause, WordsContext

StepWords = Callable[["Step", "WordsContext"], "Clause"]
# what a step does to the cards it chooses, for the AI: +1 helps them, -1 hurts them, 0 neither
# (an int), or a function of the step when its parameters decide (modify: +300 BP or -300 BP)
Polarity = int | Callable[["Step"], int]
# a condition's words: (its value, the whole condition, the words context) -> "you do"
ConditionWords = Callable[[Any, tuple, "WordsContext"], str]


@dataclass(frozen=True, slots=True)
class StepTerm:
    """A step (`do`): its parameters and its words.

    `schema` maps each parameter to its type or a tuple of allowed values ("target": a selector or
    a reference; "signed": any whole number; "keywords": a list of keywords; "selector": a selector;
    "condition": a condition table, as `if`; "selectors": a list of selector tables;
    "effect": an effect table, as in `effects`).
    A `continuous` step is only in a passive effect; an `also_continuous` one is one-shot in an
    effect and continuous in a passive one (modify, cannot).

    A continuous step that restricts the minions it applies to names the `marks` it gives them
    (cannot_block: "no_block"; `cannot`: one per action it forbids).

    A one-shot step also says what a player is asked when it chooses (`question`: its targets,
    "destroy which?", or for a "may" step without targets whether to do it, "draw?"; `asks`: the
    questions of the choices it makes later, by purpose: recolor_mana's "color") and, when it
    takes a target, its `polarity` for the AI (`Polarity`)."""

    name: str
    schema: Mapping[str, Any]
    words: StepWords
    required: frozenset[str] = frozenset()
    continuous: bool = False
    also_continuous: bool = False
    needs_target: bool = False
    rest: bool = False  # the effect's later steps belong to this step (gain_trigger)
    question: str = ""
    asks: Mapping[str, str] = field(default_factory=dict)
    polarity: Polarity | None = None
    marks: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class FilterWords:
    """What a selector filter adds to the noun phrase: "undestroyed" (an adjective), "400 BP or
    less" (a quality after "with") or ' named "X"' (after the noun)."""

    adjectives: tuple[str, ...] = ()
    quality: str | None = None
    after: str = ""
    the_one: bool = False  # the filter names a single card: "the blocking minion" (ZR 8.4)


@dataclass(frozen=True, slots=True)
class FilterTerm:
    """A selector filter: its value's type and its words.

    `words(selector, value)` gives the filter's part of the noun phrase (`shapes_noun`: the
    filter also chooses the noun, "Token Minion", "Base Minion card"; see `words.noun`)."""

    name: str
    schema: Any
    words: Callable[[Selector, Any], FilterWords]
    shapes_noun: bool = False


@dataclass(frozen=True, slots=True)
class ConditionTerm:
    """A condition (`if`): its value's type and its words. A `companion` is a term that only
    completes another one (at_least goes with mana_color): that one holds and writes both. A
    `plain` condition's words open the clause without "if" ("once per turn")."""

    name: str
    schema: Any
    words: ConditionWords | None
    companion: str | None = None
    plain: bool = False


@dataclass(frozen=True, slots=True)
class TriggerTerm:
    """A trigger (`when`): the label written before the effect. A "whenever" trigger
    (`watch_words`) reacts to the events of the cards its `watch` selector names and writes
    "whenever ..." from that selector, and its `cause` is how the log names the event that raised
    it ("{s}'s {n} was destroyed": `s` the seat, `n` the card). A card's own trigger written under
    another label has a `lead` ("[Passive] Whenever this minion wins a battle, ..."). `rule`: the
    rule the log cites when its effect begins (with ZR 6.5); `mana`: its effects work on the card
    as mana (ZR 10.1: [When Placed], [When Retreating]). `own_label`: the label when the trigger
    watches only the card itself (`watch = { this = true }`), where the card's words put it under
    another timing: Fiery's <Boost Ability> is "[When Attacking] Whenever this minion is
    blocked", not "[Passive]"."""

    name: str
    label: str
    watch_words: Callable[[Selector], str] | None = None
    lead: str = ""
    cause: str = ""
    rule: str = ""
    mana: bool = False
    own_label: str = ""


@dataclass(frozen=True, slots=True)
class DurationTerm:
    """A duration (`until`): its words."""

    name: str
    words: str


@dataclass(frozen=True, slots=True)
class MarkTerm:
    """A mark on a card in play: something an effect made it unable to do or always do (the key
    of an observation's `StateView`). `words` and `rule`: how the card panel explains it, where
    the mark itself says it ("cannot attack", ZR 13.4; "" when the step or rule that makes it
    writes its own words); `log`: how the log says a one-shot effect put it on a minion, when
    that differs from `words`; `tag` and `short`: the chip's word tags; `forbids`: the action
    it forbids (ZR 13.4: "attack", "block", "move")."""

    name: str
    tag: str
    short: str
    rule: str
    words: str = ""
    log: str = ""
    forbids: str = ""


STEPS: Final[dict[str, StepTerm]] = {}
FILTERS: Final[dict[str, FilterTerm]] = {}
CONDITIONS: Final[dict[str, ConditionTerm]] = {}
TRIGGERS: Final[dict[str, TriggerTerm]] = {}
DURATIONS: Final[dict[str, DurationTerm]] = {}
MARKS: Final[dict[str, MarkTerm]] = {}  # in the order a card's tags are shown


def add(registry: dict[str, Any], term: Any) -> None:
    """Register `term` under its name (in either half of the registry): once only."""
    if term.name in registry:
        raise ValueError(f"the term {term.name!r} is registered twice")
    registry[term.name] = term


def step(name: str, *, schema: Mapping[str, Any], required: tuple[str, ...] = (),
         continuous: bool = False, also_continuous: bool = False, needs_target: bool = False,
         rest: bool = False, question: str = "", asks: Mapping[str, str] | None = None,
         polarity: int | None = None, marks: tuple[str, ...] = ()) -> Callable[[type], type]:  # fmt: skip
    """Register the step `name` from a class with a static `words` (and a static `polarity`
    when the step's parameters decide it)."""

    def register(cls: type) -> type:
        add(STEPS, StepTerm(
            name=name,
            schema=dict(schema),
            words=cls.words,  # type: ignore[attr-defined]
            required=frozenset(required),
            continuous=continuous,
            also_continuous=also_continuous,
            needs_target=needs_target,
            rest=rest,
            question=question,
            asks=dict(asks or {}),
            polarity=getattr(cls, "polarity", polarity),
            marks=marks,
        ))  # fmt: skip
        return cls

    return register


def selector_filter(name: str, *, schema: Any, shapes_noun: bool = False) -> Callable[[type], type]:
    """Register a selector filter from a class with a static `words`."""

    def register(cls: type) -> type:
        add(FILTERS, FilterTerm(name, schema, cls.words, shapes_noun))  # type: ignore[attr-defined]
        return cls

    return register


def condition(name: str, *, schema: Any, companion: str | None = None,
              plain: bool = False) -> Callable[[type], type]:  # fmt: skip
    """Register a condition from a class with a static `words` (none for a companion)."""

    def register(cls: type) -> type:
        words = getattr(cls, "words", None)
        add(CONDITIONS, ConditionTerm(name, schema, words, companion, plain))
        return cls

    return register


def trigger(name: str, label: str, watch_words: Callable[[Selector], str] | None = None, *,
            lead: str = "", cause: str = "", rule: str = "", mana: bool = False,
            own_label: str = "") -> None:  # fmt: skip
    """Register a trigger."""
    add(TRIGGERS, TriggerTerm(name, label, watch_words, lead, cause, rule, mana, own_label))


def mark(name: str, tag: str, short: str, rule: str, *, words: str = "", log: str = "",
         forbids: str = "") -> None:  # fmt: skip
    """Register a mark."""
    add(MARKS, MarkTerm(name, tag, short, rule, words, log, forbids))


def duration(name: str, words: str) -> None:
    """Register a duration."""
    add(DURATIONS, DurationTerm(name, words))


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(StepTerm, FilterWords, FilterTerm, ConditionTerm, TriggerTerm, DurationTerm, MarkTerm)
