"""The runtime of the vocabulary family `battle` (its terms' schema and words:
`zenonzard_tui.cards.terms.battle`): marks (`cannot`, `wins_battles`), gained triggers and the
conditions on the attack in progress (ZR 13.1-13.4, ZR 13.12)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from zenonzard_tui.cards.model import CardDef, Effect, Step
from zenonzard_tui.engine.state import Lasting, Mod, Slot
from zenonzard_tui.engine.terms.base import (
    Change,
    run_condition,
    run_duration,
    run_filter,
    run_step,
    run_trigger,
)
from zenonzard_tui.engine.terms.triggers import SELF, WATCH

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game
from zenonzard_tui.cards.terms.battle import forbidden
from zenonzard_tui.cards.terms.marks import FORBIDDING

run_trigger("won_battle", SELF)
run_trigger("chosen_rested", SELF)
run_trigger("minion_wins_battle", WATCH)
run_trigger("minion_attacks", WATCH)
run_trigger("attack_blocked", WATCH)
run_duration("opponent_next_turn", "_t_cleanup")


def ends_turn(game: GameCore, controller: int, until: str | None) -> int:
    """ZR 10.3 (c): the turn in whose End phase a modifier with `until` made now by `controller`
    ends: the opponent's next turn (the next turn when it is the controller's, else the one
    after); 0 for the other durations."""
    if until != "opponent_next_turn":
        return 0
    return game.turn + (1 if game.active == controller else 2)


def mark(game: Game, ctx: Ctx, targets: tuple, marks: tuple[str, ...], until: str | None) -> bool:
    """Put a modifier with `marks` on the chosen minions on the field (the one-shot battle
    terms): it lasts `until` (None: while the minion stays on the field, ZR 10.3 (e))."""
    from zenonzard_tui.engine.terms.steps import _slots

    mod = Mod(0, 0, (), until, marks=marks, ends=ends_turn(game, ctx.controller, until))
    hit = False
    for seat, zone, slot in _slots(game, targets):
        if zone == "field":
            slot.mods = (*slot.mods, mod)
            game.log.add("mark", seat, slot.name, marks, until)
            hit = True
    return hit


def _attack(game: GameCore) -> Any:
    return game.attack


@run_condition("attack_target")
class AttackTarget:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        a = _attack(game)
        if a is None:
            return False
        if value == "force":
            return bool(a.target[0] == "f")
        defender = 1 - a.seat
        return bool(a.target[0] == "p") and defender == (
            1 - controller if value == "opponent" else controller
        )


@run_condition("beat")
class Beat:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        from zenonzard_tui.engine.terms.selectors import card_matches

        a = _attack(game)
        if a is None or a.blocker is None:  # ZR 13.1: only a blocked attack is a battle
            return False
        # the other minion of the battle: the blocker when the controller attacked
        loser = a.blocker if controller == a.seat else a.attacker
        slot = game.field_slot(loser)
        card = a.beaten if a.beaten is not None else slot.card if slot is not None else None
        if card is None:
            card = game.defs[loser] if loser < len(game.defs) else None
        return card is not None and card_matches(value, card, slot, game, 1 - controller)


@run_condition("opponent_forces_at_least")
class OpponentForcesAtLeast:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return len(game.players[1 - controller].live_forces()) >= value


@run_condition("minions_at_most")
class MinionsAtMost:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return len(game.players[controller].field) <= value


def _cannot_can_block(
    game: GameCore, sources: list, slot: Slot, seat: int | None, value: bool, attacker: object
) -> bool:
    """ZR 13.4: a minion this works on cannot block, when it forbids blocking."""
    for src_seat, src, e in sources:
        if "block" not in forbidden(e.steps[0]):
            continue
        if seat is None:
            seat = fx.seat_of(game, slot)
        if fx._applies(game, src_seat, src, e, slot, seat):
            return False
    return value


@run_step("cannot")
class Cannot:
    query = "can_act"

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        marks = tuple(FORBIDDING[a] for a in forbidden(step))
        return mark(game, ctx, targets, marks, step.param("until"))

    changes: ClassVar[dict[str, Change]] = {"can_block": _cannot_can_block}


def _cannot_be_blocked_can_block(
    game: GameCore,
    sources: list,
    blocker: Slot,
    bseat: int | None,
    value: bool,
    attacker: Slot | None,
) -> bool:
    """ZR 13.3, ZR 13.4: `blocker` cannot block an attacker this works on (by the minions
    `blockers` selects, when it names them: Azul, Revolution Symphony, Giga Cyclops,
    Sapphire Dragon)."""
    if attacker is None:
        return value
    seat = None
    for src_seat, src, e in sources:
        if seat is None:
            seat = fx.seat_of(game, attacker)
        if not fx._applies(game, src_seat, src, e, attacker, seat):
            continue
        by = e.steps[0].param("blockers")
        if by is None:
            return False
        if bseat is None:
            bseat = fx.seat_of(game, blocker)
        if fx._matches_slot(game, by, blocker, bseat, src_seat, src, ()):
            return False
    return value


@run_step("cannot_be_blocked")
class CannotBeBlocked:
    query = "can_block"

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        return mark(game, ctx, targets, ("unblockable",), step.param("until"))

    changes: ClassVar[dict[str, Change]] = {"can_block": _cannot_be_blocked_can_block}


@run_step("wins_battles")
class WinsBattles:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        return mark(game, ctx, targets, ("wins",), step.param("until"))


@run_step("destroyed_after_battle")
class DestroyedAfterBattle:
    query = "destroyed_after_battle"


@run_step("redirect_attack")
class RedirectAttack:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        """ZR 8.1: the opponent's attack in progress gets the chosen target (one of the
        defender's undestroyed Forces, or the defender), if it is another one."""
        a = game.attack
        if a is None or a.seat == ctx.controller or not targets:
            return False
        o = targets[0]
        defender = game.players[ctx.controller]
        if o[0] == "p" and o[1] == ctx.controller:
            new: tuple = ("p",)
        elif o[0] == "f" and o[1] == ctx.controller and not defender.forces[o[2]].destroyed:
            new = ("f", o[2])
        else:
            return False
        if new == a.target:
            return False
        a.target = new
        game.log.add("attack_redirected", ctx.controller, ctx.name, new)
        return True


@run_step("revenge_any_turn")
class RevengeAnyTurn:
    query = "revenge_any_turn"


@run_step("gain_trigger")
class GainTrigger:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine.effects import add_lasting

        later = ctx.effect.steps[ctx.i + 1 :]
        effect = Effect(step.param("on"), later, watch=step.param("watch"))
        kind = ctx.kind if ctx.kind in ("magic", "minion", "mana") else "minion"
        add_lasting(game, Lasting(ctx.controller, "watch", ctx.name, kind, effect, turn=game.turn))
        game.log.add("gain_trigger", ctx.controller, ctx.name)
        return True


# Imported last: the effects runtime imports this module (the changes above ask it).
@run_filter("blocking")
class Blocking:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        attack = game.attack if game is not None else None
        return slot is not None and attack is not None and attack.blocker == slot.uid


from zenonzard_tui.engine import effects as fx  # noqa: E402
