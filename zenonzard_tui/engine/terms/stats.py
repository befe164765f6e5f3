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

from typing import TYPE_CHECKING, Any

from zenonzard_tui.cards.model import CardDef, Selector, Step
from zenonzard_tui.cards.words import Clause, WordsContext
from zenonzard_tui.engine.state import Mod, Slot
from zenonzard_tui.engine.terms.base import DURATIONS, FilterWords, condition, selector_filter, step
from zenonzard_tui.engine.terms.steps import BY, BY_VALUES

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game


@step(
    "protect",
    schema={"target": "target", "by": BY_VALUES, "until": "duration"},
    needs_target=True,
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

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        mod = Mod(0, 0, (), step.param("until"), protect=step.param("by"))
        hit = False
        for o in targets:
            if o[0] != "c":
                continue
            found = game.find_slot(o[1])
            if found is None or found[1] != "field":
                continue
            slot = found[2]
            slot.mods = (*slot.mods, mod)
            game.log.add("protect", found[0], slot.name, step.param("by"), step.param("until"))
            hit = True
        return hit


@condition("life_at_least", schema=int)
class LifeAtLeast:
    """Liaveau: you have N or more life."""

    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        return f"you have {value} or more life"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return bool(game.players[controller].life >= value)


@condition("life_at_most", schema=int)
class LifeAtMost:
    """Goliath Boareater: you have N or less life."""

    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        return f"you have {value} or less life"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return bool(game.players[controller].life <= value)


@condition("forces_destroyed", schema=("all", "none"))
class ForcesDestroyed:
    """Fearsome Pheasant: all your Forces are destroyed ("all"), or none is ("none")."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        if value == "all":
            return "all your Forces are destroyed"
        return "none of your Forces is destroyed"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        forces = game.players[controller].forces
        if value == "all":
            return all(f.destroyed for f in forces)
        return not any(f.destroyed for f in forces)


@selector_filter("not_class", schema=str)
class NotClass:
    """Gorgon Shamanka: minions that do not have this class."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords((f"non-{value}",))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return value not in card.classes
