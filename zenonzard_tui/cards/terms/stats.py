"""The vocabulary terms for BP and DP: how they are computed, snapshot "all" effects, counts, protections and auras (ZR 10.2, ZR 10.3, ZR 10.5-10.7, ZR 10.10).

Most of this cluster is parameters of existing terms and the effects runtime's computation:
- `modify` takes `original_bp`/`original_dp` ("original value" changes) and `set_bp`/`set_dp`
  ("becomes N"); `engine/effects.py` `_stat` computes BP and DP by ZR 10.6;
- a one-shot `modify` with `per` counts once as it resolves, a continuous one recounts (ZR 10.10);
- a continuous `modify` with `grant` gives keywords (Liaveau, Vangeiss: `effects.keywords`);
- `no_stack` on a continuous bonus adds it once (ZR 10.7);
- a one-shot "all" effect changes only the minions there as it resolves (ZR 10.5), and chooses
  nothing, so "cannot be selected" does not stop it (ZR 10.2).
The entries here: the step `protect` (a granted protection, ZR 10.2), the filter `not_class` and
the conditions on life and Forces.
"""

from __future__ import annotations

from zenonzard_tui.cards.model import Selector, Step
from zenonzard_tui.cards.terms.base import DURATIONS, FilterWords, condition, selector_filter, step
from zenonzard_tui.cards.terms.steps import BY, BY_VALUES
from zenonzard_tui.cards.words import Clause, WordsContext


@step(
    "protect",
    schema={"target": "target", "by": BY_VALUES, "until": "duration"},
    needs_target=True,
    question="protect which?",
    polarity=0,
)
class Protect:
    """ZR 10.2: the chosen minions cannot be chosen by the opponent's effects of kind `by`
    (`until`, or while they stay on the field, ZR 10.3 (e)). It is a modifier of the minions on
    the field as it resolves: a minion that arrives later is not covered (Holy Fly, Schwein)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        by = BY[step.param("by")]
        until = step.param("until")
        tail = f" {DURATIONS[until].words}" if until is not None else ""
        return Clause(who.subj, f"cannot be chosen by {by}{tail}", f"not be chosen by {by}{tail}")


@condition("life_at_least", schema=int)
class LifeAtLeast:
    """Liaveau: you have N or more life."""

    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        return f"you have {value} or more life"


@condition("life_at_most", schema=int)
class LifeAtMost:
    """Goliath Boareater: you have N or less life."""

    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        return f"you have {value} or less life"


@condition("forces_destroyed", schema=("all", "none"))
class ForcesDestroyed:
    """Fearsome Pheasant: all your Forces are destroyed ("all"), or none is ("none")."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        if value == "all":
            return "all your Forces are destroyed"
        return "none of your Forces is destroyed"


@selector_filter("not_class", schema=str)
class NotClass:
    """Gorgon Shamanka: minions that do not have this class."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords((f"non-{value}",))


@selector_filter("not_class_any", schema=str)
class NotClassAny:
    """Cards with none of the classes written with "/" ("Dragon/Dragonewt": the Lords of PC02,
    whose attacks only Dragons and Dragonewts can block; `cannot_be_blocked` writes that)."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords((", ".join(f"non-{c.strip()}" for c in value.split("/")),))
