"""The runtime of the vocabulary family `stats` (its terms' schema and words:
`zenonzard_tui.cards.terms.stats`): `protect` (ZR 10.2), the conditions on life and Forces and the
filter `not_class`; BP and DP themselves are computed by `engine/effects.py` (ZR 10.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zenonzard_tui.cards.model import CardDef, Step
from zenonzard_tui.engine.state import Mod, Slot
from zenonzard_tui.engine.terms.base import (
    run_condition,
    run_filter,
    run_step,
)

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game


@run_step("protect")
class Protect:
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


@run_condition("life_at_least")
class LifeAtLeast:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return bool(game.players[controller].life >= value)


@run_condition("life_at_most")
class LifeAtMost:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return bool(game.players[controller].life <= value)


@run_condition("forces_destroyed")
class ForcesDestroyed:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        forces = game.players[controller].forces
        if value == "all":
            return all(f.destroyed for f in forces)
        return not any(f.destroyed for f in forces)


@run_filter("not_class")
class NotClass:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return value not in card.classes


@run_filter("not_class_any")
class NotClassAny:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return not any(c.strip() in card.classes for c in value.split("/"))
