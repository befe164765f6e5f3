"""The runtime of the vocabulary family `costs` (its terms' schema and words:
`zenonzard_tui.cards.terms.costs`): the cost and mana steps that resolve once, the turn-history
conditions and the filters on colors (ZR 11.12, ZR 12, ZR 14.1-14.5); the continuous ones are the
effects runtime's queries (cost_of, payment, summon_doubled, rest_bonus)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Final

from zenonzard_tui.cards.model import CardDef, Effect, Selector, Step
from zenonzard_tui.cards.words import describe
from zenonzard_tui.engine.state import SEATS, Lasting, Slot
from zenonzard_tui.engine.terms.base import (
    Change,
    CostChange,
    run_condition,
    run_duration,
    run_filter,
    run_step,
)

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game
from zenonzard_tui.cards.terms.costs import _next_minion

run_duration("opponent_standby", "t_mana_phase")
_COLORLESS: Final = ("colorless",)


@run_filter("colored")
class Colored:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        colors = slot.colors if slot is not None else card.colors  # in play: its mana's colors now
        return (colors != _COLORLESS) == value


@run_filter("colors")
class Colors:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        for color in card.colors:  # noqa: SIM110 (hot: no generator of any())
            if color in value:
                return True
        return False


def _other_uid(it: tuple) -> int | None:
    """The card an effect-level condition belongs to (effects._source_it), for "another"."""
    return it[0][1] if it and it[0][0] == "c" else None


def _happened(game: GameCore, controller: int, kind: str, sel: Selector, it: tuple) -> bool:
    from zenonzard_tui.engine.terms.selectors import card_matches

    skip = _other_uid(it) if sel.other else None
    for record in game.this_turn:
        if (
            record.seat == controller
            and record.kind == kind
            and record.uid != skip
            and card_matches(sel, record.card)
        ):
            return True
    return False


@run_condition("used_magic")
class UsedMagic:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return _happened(game, controller, "magic", value, it)


@run_condition("summoned")
class Summoned:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return _happened(game, controller, "summon", value, it)


@run_condition("you_have")
class YouHave:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        from zenonzard_tui.engine.terms.selectors import card_matches

        skip = _other_uid(it) if value.other else None
        seats = {"self": (controller,), "opponent": (1 - controller,), "any": (0, 1)}
        for seat in seats[value.side]:
            for s in game.players[seat].field:
                if (
                    s.card is not None
                    and s.uid != skip
                    and card_matches(value, s.card, s, game, seat)
                ):
                    return True
        return False


def _cost_zero_cost(
    game: GameCore,
    sources: list,
    card: CardDef,
    seat: int | None,
    value: CostChange,
    other: object,
) -> CostChange:
    """ZR 12.1: "the basic cost becomes 0" (`part = "basic"`), or the whole cost
    (`"all"`, pips included)."""
    change, zero = value
    if zero == "all" or seat is None:
        return value
    for src_seat, src, e in sources:
        if fx.cost_effect_applies(game, seat, card, src_seat, src, e):
            if e.steps[0].param("part", "basic") == "all":
                return (change, "all")
            zero = "basic"
    return (change, zero)


@run_step("use_requires")
class UseRequires:
    query = "use_allowed"


@run_step("cost_zero")
class CostZero:
    query = "cost_of"

    changes: ClassVar[dict[str, Change]] = {"cost": _cost_zero_cost}


@run_step("raise_cost")
class RaiseCost:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects as fx

        amount = step.param("amount", 1)
        change = Step("cost_reduction", step.target, (("amount", -amount),))
        effect = Effect("passive", (change,))
        fx.add_lasting(game, Lasting(ctx.controller, "passive", ctx.name, ctx.kind, effect,
                                     until="end_of_turn", turn=game.turn))  # fmt: skip
        sel = step.target
        if isinstance(sel, Selector):
            adjs, _, plur, post = describe(sel)
            what = " ".join([*adjs, plur]) + post
            game.log.add("cost_change", ctx.controller, ctx.name, sel.side, what, amount)
        return True


@run_step("mana_worth")
class ManaWorth:
    query = "payment"


@run_step("summoned_twice")
class SummonedTwice:
    query = "summon_doubled"


@run_step("rest_one_more")
class RestOneMore:
    query = "rest_bonus"


@run_step("stay_rested")
class StayRested:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects as fx

        keys = []
        names = []
        for o in targets:
            if o[0] == "f":
                f = game.players[o[1]].forces[o[2]]
                if not f.destroyed:
                    keys.append(("f", o[1], o[2]))
                    names.append(f"{SEATS[o[1]]}'s {f.force.name}")  # for the log
            elif o[0] == "c":
                found = game.find_slot(o[1])
                if found is not None:
                    keys.append(("c", found[2].uid, found[2].order))
                    names.append(f"{SEATS[found[0]]}'s {found[2].name}")
        if not keys:
            return False
        fx.add_lasting(game, Lasting(ctx.controller, "locked", ctx.name, ctx.kind, until="opponent_standby",
                                     turn=game.turn, keys=tuple(keys)))  # fmt: skip
        game.log.add("locked", ctx.controller, tuple(names))
        return True


@run_step("next_summon")
class NextSummon:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects as fx

        fx.add_lasting(game, Lasting(ctx.controller, "next_summon", ctx.name, ctx.kind, step=step,
                                     turn=game.turn))  # fmt: skip
        what = _next_minion(step.param("of"))
        game.log.add("next_summon", ctx.controller, ctx.name, what, tuple(step.param("grant", ())))
        return True


# Imported last: the effects runtime imports this module (the changes above ask it).
from zenonzard_tui.engine import effects as fx  # noqa: E402


@run_step("next_cost_zero")
class NextCostZero:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        """ZR 12.1: a cost effect of the controller for this turn ("the cost becomes 0") on the
        cards of its hand matching `of`, kept with the step that made it: paying for one such
        card ends it (effects._use_next_cost_zero, ZR 14.4)."""
        of: Selector = step.param("of")
        target = Selector("self", "hand", "all", filters=of.filters)
        effect = Effect("passive", (Step("cost_zero", target, (("part", "all"),)),))
        fx.add_lasting(game, Lasting(ctx.controller, "passive", ctx.name, ctx.kind, effect=effect,
                                     step=step, turn=game.turn))  # fmt: skip
        return True
