"""The runtime of the vocabulary family `damage` (its terms' schema and words:
`zenonzard_tui.cards.terms.damage`): damage, restores and their lasting reductions as they resolve
(ZR 13.5-13.11); the damage events themselves are `engine/damage.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from zenonzard_tui.cards.model import CardDef, Effect, Selector, Step
from zenonzard_tui.engine.state import Lasting, Slot
from zenonzard_tui.engine.terms.base import (
    run_condition,
    run_filter,
    run_step,
    run_trigger,
)

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game


WATCH: Final = "queue_watchers"


def _count(game: Game, sel: Selector, controller: int) -> int:
    from zenonzard_tui.engine import effects as fx

    return fx.count_of(game, sel, controller)


@run_step("damage")
class Damage:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        amount = step.param("amount", 1)
        per = step.param("per")
        if per is not None:
            amount *= _count(game, per, ctx.controller)
        reduced = step.param("reduced_per")
        own_cut = _count(game, reduced, ctx.controller) if reduced is not None else 0
        src = game.effect_source(ctx.controller, ctx.name, ctx.source, ctx.kind, own_cut)
        hit = False
        for o in targets:
            if o[0] in ("p", "f"):
                taken, _ = game.deal_damage(o, amount, src)
                hit = taken > 0 or hit
        return hit


@run_step("heal")
class Heal:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        # that_damage: the damage of the event that raised this whenever-effect (ZR 13.7)
        amount = ctx.amount if step.param("that_damage") else step.param("amount", 1)
        if amount <= 0:
            return False
        hit = False
        for o in targets:
            if o[0] in ("p", "f"):
                hit = game.restore(o, amount) or hit
        return hit


@run_step("swap_life")
class SwapLife:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hit = False
        for o in targets:
            if o[0] == "f" and o[1] == ctx.controller:
                hit = game.swap_life(o[1], o[2]) or hit
        return hit


@run_step("reduce_damage")
class ReduceDamage:
    query = "damage_cuts"


@run_step("cannot_reduce_or_restore")
class CannotReduceOrRestore:
    query = "unshielded_by"


@run_step("reduce_damage_this_turn")
class ReduceDamageThisTurn:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        params = tuple((k, v) for k, v in step.params if k in ("amount", "to"))
        _lasting(game, ctx, ctx.controller, Step("reduce_damage", None, params))
        to = step.param("to")
        game.log.add("damage_shield", ctx.controller, ctx.name, to, step.param("amount", 1))
        return True


@run_step("deny_reduce_restore")
class DenyReduceRestore:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        for o in targets:
            if o[0] == "p":
                _lasting(game, ctx, o[1], Step("cannot_reduce_or_restore"))
                game.log.add("unshielded", o[1], ctx.name)
        return bool(targets)


def _lasting(game: Game, ctx: Ctx, seat: int, step: Step) -> None:
    """A continuous effect `seat` has until the end of the turn (the game's lasting effects)."""
    from zenonzard_tui.engine import effects as fx

    effect = Effect("passive", (step,))
    fx.add_lasting(game, Lasting(seat, "passive", ctx.name, ctx.kind, effect,
                                 until="end_of_turn", turn=game.turn))  # fmt: skip


@run_filter("this")
class This:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return True


@run_filter("or_player")
class OrPlayer:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return True


@run_filter("class_any")
class ClassAny:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return any(c.strip() in card.classes for c in value.split("/"))


run_trigger("deals_damage", WATCH)
run_trigger("attack_deals_damage", WATCH)
run_trigger("deals_damage_to_opponent", WATCH)
run_trigger("damages_other_side", WATCH)
run_trigger("life_damaged", WATCH)
run_trigger("destroys_force", WATCH)
run_trigger("force_destroyed", WATCH)


@run_condition("damaged_this_turn")
class DamagedThisTurn:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return game.players[controller].damaged == value
