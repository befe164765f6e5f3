"""The runtime of the vocabulary family `steps` (its terms' schema and words:
`zenonzard_tui.cards.terms.steps`): how each BASIC step resolves as
`resolve(game, ctx, step, targets)` on the game's task stack, saying whether it did what it said
(for a later step's `if = { done = ... }`); every choice inside a step is a decision point: the
step asks it and continues in a task (ZR 6.4, ZR 6.5)."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import TYPE_CHECKING, ClassVar, Final

from zenonzard_tui.cards.model import (
    CardDef,
    ForceDef,
    Selector,
    Step,
)
from zenonzard_tui.engine.actions import CHOICE, Choice
from zenonzard_tui.engine.state import DECK, FIELD, GONE, HAND, LIMBO, TRASH, Mod, Slot
from zenonzard_tui.engine.terms.base import (
    Change,
    CostChange,
    run_step,
)
from zenonzard_tui.engine.terms.conditions import condition_ok
from zenonzard_tui.engine.terms.selectors import card_matches

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game


MANA_COLORS: Final = ("red", "yellow", "white", "green", "blue", "purple")


def _slots(game: Game, targets: tuple) -> list[tuple[int, str, Slot]]:
    """The cards in play among the chosen targets: (seat, zone, slot)."""
    out = []
    for o in targets:
        if o[0] == "c":
            found = game.find_slot(o[1])
            if found is not None:
                out.append(found)
    return out


def each_seat(game: Game, ctx: Ctx, each: bool) -> tuple[int, ...]:
    """The players a step acts for: you, or with `each` both players, the active player first
    (ZR 11.10)."""
    return (game.active, 1 - game.active) if each else (ctx.controller,)


@run_step("draw")
class Draw:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects

        drawn = 0
        for seat in each_seat(game, ctx, step.param("each", False)):
            count = step.param("count", 1)
            per = step.param("per")
            if per is not None:
                count *= effects.count_of(game, per, ctx.controller)
            size = step.param("hand_size")
            if size is not None:
                count = size - len(game.players[seat].hand)
            if count > 0:
                drawn += game.draw(seat, count)
        return drawn > 0


@run_step("discard")
class Discard:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        p = game.players[ctx.controller]
        if step.target is not None:  # the selector chose them (ZR 6.4: none, nothing done)
            chosen = tuple(o for o in targets if o[0] == "c" and o[1] in p.hand)
            t_discard_done(game, ctx.controller, chosen)
            return bool(chosen)
        n = min(step.param("count", 1), len(p.hand))
        if n == 0:
            return False
        options = tuple(("c", uid) for uid in p.hand)
        game.ask(
            CHOICE,
            ctx.controller,
            Choice("discard", options, n, n, (t_discard_done, ctx.controller)),
        )
        return True


def t_discard_done(game: Game, seat: int, chosen: tuple) -> None:
    for o in chosen:
        game.move(o[1], HAND, TRASH, seat, "discard")
        game.log.add("discard", seat, o[1])


def _modify_dp(
    game: GameCore, sources: list, slot: Slot, seat: int | None, total: int, other: object
) -> int:
    return _bonus(game, sources, slot, seat, total, "dp")


def _modify_bp(
    game: GameCore, sources: list, slot: Slot, seat: int | None, total: int, other: object
) -> int:
    return _bonus(game, sources, slot, seat, total, "bp")


@run_step("modify")
class Modify:
    """A continuous `modify` adds its `bp` and `dp` (counted anew each time with `per`, ZR
    10.10; once for copies of an effect that does not stack, ZR 10.7)."""

    query = "bp"

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        times = 1
        per = step.param("per")
        if per is not None:  # ZR 10.10: counted once, on resolution
            times = _count_per(game, per, ctx.controller, ctx.source)
        bp, dp = step.param("bp", 0), step.param("dp", 0)
        instead = step.param("instead_if")
        if instead is not None and condition_ok(game, instead, ctx.controller, targets):
            bp, dp = step.param("instead_bp", bp), step.param("instead_dp", dp)
        mod = Mod(
            bp * times,
            dp * times,
            tuple(step.param("grant", ())),
            step.param("until"),
            base_bp=step.param("original_bp", 0),
            base_dp=step.param("original_dp", 0),
            set_bp=step.param("set_bp"),
            set_dp=step.param("set_dp"),
        )
        hit = False
        for seat, zone, slot in _slots(game, targets):
            if zone == "field":
                slot.mods = (*slot.mods, mod)
                game.log.add("modify", seat, slot.name, mod.bp, mod.dp, mod.grant, mod.until,
                             _special_words(mod))  # fmt: skip
                hit = True
        return hit

    changes: ClassVar[dict[str, Change]] = {"bp": _modify_bp, "dp": _modify_dp}


@run_step("destroy")
class Destroy:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        field: list[tuple[int, Slot]] = []
        mana: list[tuple[int, Slot]] = []
        for seat, zone, slot in _slots(game, targets):
            (field if zone == "field" else mana).append((seat, slot))
        for seat, slot in mana:  # mana: a card goes to the trash, a token leaves the game
            game.destroy_mana(seat, slot.uid)
            game.log.add("destroyed", seat, slot.uid, slot.name, "")
        gone = False
        if field:
            game.destroy([s.uid for _, s in field])
            # ZR 10.8, ZR 18.2: a minion that cannot be destroyed stays, and was not destroyed
            gone = any(game.field_slot(s.uid) is None for _, s in field)
        forces = [o for o in targets if o[0] == "f"]  # ZR 13.11: outright, whatever its life
        hit = [game.destroy_force(o[1], o[2], "ZR 13.11") for o in forces]
        return bool(gone or mana or any(hit))


def _set_rested(game: Game, targets: tuple, rested: bool) -> bool:
    changed: tuple[list, list] = ([], [])  # per seat: the names, for one log line each
    # ZR 14.5: what cannot become Active yet stays Rested
    locked: frozenset = frozenset()
    if game.lasting and not rested:
        from zenonzard_tui.engine.effects import locked_keys

        locked = locked_keys(game)
    for o in targets:
        if o[0] == "f":
            f = game.players[o[1]].forces[o[2]]
            # ZR 10.8: no change is not doing it; ZR 14.5: what cannot become Active stays Rested
            if not f.destroyed and f.rested != rested and o not in locked:
                f.rested = rested
                game.changed_play()
                changed[o[1]].append(f.force.name)
    for seat, _, slot in _slots(game, targets):
        if locked and ("c", slot.uid, slot.order) in locked:
            continue
        slot.rested = rested
        changed[seat].append(slot.card.name if slot.card is not None else None)
    for seat, names in enumerate(changed):
        if names:
            game.log.add("rest" if rested else "activate", seat, tuple(names))
    return bool(changed[0] or changed[1])


@run_step("rest")
class Rest:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        return _set_rested(game, targets, True)


@run_step("activate")
class Activate:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        return _set_rested(game, targets, False)


@run_step("move_to_base")
class MoveToBase:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hit = False
        for seat, zone, slot in _slots(game, targets):
            if zone != "field":
                continue
            hit = True
            assert slot.card is not None  # a minion on the field is a card or a token
            game.log.add("to_base", seat, slot.name, slot.card.type == "token")
            if slot.card.type == "token":  # a token cannot be mana: it ceases to exist (ZR 2.1)
                game.move(slot.uid, FIELD, GONE, seat, "to_base")
                continue
            slot.rested = bool(step.param("rested", False)) or slot.rested
            game.push((type(game).t_enter_base, seat, slot.uid, slot.rested, False))
        return hit


def _active_first(game: Game, targets: tuple) -> tuple:
    """The targets with the active player's cards first, in their order (ZR 11.8). A function of
    its own: mypyc compiles no closure in a method of a decorated (non-native) class."""
    active = game.active
    return tuple(sorted(targets, key=lambda o: game.controller_of(o[1]) not in (None, active)))


@run_step("to_hand")
class ToHand:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hit = False
        # ZR 11.8: the active player's cards first, then by field slot (ZR 3.3 applies to each)
        targets = _active_first(game, targets)
        for o in targets:
            uid = o[1]
            if uid in game.limbo and ctx.kind == "magic":  # ZR 11.8: the Magic card itself
                game.to_hand(ctx.controller, uid, LIMBO)
                game.log.add("to_hand", ctx.controller, uid, game.defs[uid].name)
                hit = True
                continue
            found = game.find_slot(uid)
            if found is not None:
                seat, where, slot = found
                game.move(uid, where, HAND, seat, "to_hand")
                game.log.add("to_hand", seat, uid, slot.name)
                hit = True
                continue
            for p in game.players:
                for zone in (p.trash, p.deck):  # from the deck: a search (Goblin Queen)
                    if uid in zone:
                        if zone is p.trash:  # ZR 11.9: <Trash> may send it to the field
                            game.return_from_trash(p.seat, uid)
                            hit = True
                            continue
                        if step.param("reveal", False):
                            game.log.add("reveal", p.seat, uid)
                        else:
                            game.log.add("to_hand", p.seat, uid, game.defs[uid].name)
                        game.to_hand(p.seat, uid, DECK)
                        hit = True
        return hit


@run_step("put_into_base")
class PutIntoBase:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        tasks = []
        for o in targets:
            uid = o[1]
            for p in game.players:
                for where, zone in ((HAND, p.hand), (DECK, p.deck), (TRASH, p.trash)):
                    if uid in zone:
                        game.move(uid, where, LIMBO, p.seat, "into_base")
                        game.log.add("into_base", p.seat, uid, where)
                        tasks.append(
                            (
                                type(game).t_enter_base,
                                p.seat,
                                uid,
                                bool(step.param("rested")),
                                False,  # ZR 11.6: only the mana phase triggers [When Placed]
                                where,  # (mana_placed_from_deck_or_hand)
                            )
                        )
        game.push(*tasks)
        return bool(tasks)


@cache
def _token_def(token: CardDef, bp_: int | None, dp_: int | None) -> CardDef:
    if bp_ is None and dp_ is None:
        return token
    bp = token.bp if bp_ is None else bp_
    dp = token.dp if dp_ is None else dp_
    return dataclasses.replace(token, bp=bp, dp=dp)


@run_step("create_token")
class CreateToken:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        token = _token_def(game.catalog[step.param("token")], step.param("bp"), step.param("dp"))
        tasks = [
            (type(game).t_enter_field, ctx.controller, game.new_uid(), False, "put", token)
            for _ in range(step.param("count", 1))
        ]
        game.log.add("token", ctx.controller, token.name, len(tasks))
        game.push(*tasks)
        return True


@run_step("shuffle_deck")
class ShuffleDeck:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        game.rng.shuffle(game.players[ctx.controller].deck)
        game.log.add("shuffle", ctx.controller)
        return True


@run_step("recolor_mana")
class RecolorMana:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        slots = _slots(game, targets)
        if not slots:
            return False
        options = tuple(("color", c) for c in MANA_COLORS)
        game.ask(
            CHOICE,
            ctx.controller,
            Choice("color", options, 1, 1, (t_recolor_done, slots[0][2].uid)),
        )
        return True


def t_recolor_done(game: Game, uid: int, chosen: tuple) -> None:
    found = game.find_slot(uid)
    if found is not None and chosen:
        found[2].set_colors((chosen[0][1],))
        game.log.add("recolor", found[0], found[2].name, chosen[0][1])


@run_step("look_top")
class LookTop:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        """Look at the top cards; `pick` says which and how many of them go to the hand (its
        count, "up to" and "all"; without a count, one that matches)."""
        p = game.players[ctx.controller]
        n = min(step.param("count", 1), len(p.deck))
        if n == 0:
            return False
        top = tuple(p.deck[:n])
        for uid in top:
            game.move(uid, DECK, LIMBO, ctx.controller, "look")
        game.log.add("look", ctx.controller, n)
        pick: Selector | None = step.param("pick")
        done = (t_look_done, ctx.controller, top, bool(step.param("reveal")), step.param("rest"),
                step.param("to"))  # fmt: skip
        options = tuple(
            ("c", uid) for uid in top if pick is not None and card_matches(pick, game.defs[uid])
        )
        if not options:
            t_look_done(game, *done[1:], ())
            return False
        assert pick is not None
        if pick.count == "all":  # nothing to choose: every match goes
            t_look_done(game, *done[1:], options)
            return True
        assert isinstance(pick.count, int)
        most = min(pick.count, len(options))
        low = 0 if pick.up_to else most
        game.ask(CHOICE, ctx.controller, Choice("look_top", options, low, most, done))
        return True


def t_look_done(game: Game, seat: int, top: tuple, reveal: bool, rest_to: str | None,
                to: str | None, chosen: tuple) -> None:  # fmt: skip
    rest = [u for u in top if ("c", u) not in chosen]
    for o in reversed(chosen) if to == "field" else chosen:
        if to == "field":  # ZR 11.1b: put, not summoned (each put is a task: the first first)
            game.log.add("put", seat, o[1])
            game.push((type(game).t_enter_field, seat, o[1], False, "put"))
            continue
        game.to_hand(seat, o[1], LIMBO)
        game.log.add("reveal" if reveal else "look_take", seat, o[1])
    if rest_to == "top_or_bottom" and rest:  # the player puts each on the top or the bottom
        options = tuple(("c", u) for u in rest)
        cont = (t_look_split, seat, tuple(rest))
        game.ask(CHOICE, seat, Choice("look_bottom", options, 0, len(rest), cont))
        return
    if rest_to == "bottom_random":
        game.rng.shuffle(rest)
        for u in rest:
            game.move(u, LIMBO, DECK, seat, "look_rest")
    else:  # the rest stay on top, in their order
        for i, u in enumerate(rest):
            game.move(u, LIMBO, DECK, seat, "look_rest", at=i)
    game.log.add("look_rest", seat, len(rest), rest_to or "top")


def t_look_split(game: Game, seat: int, rest: tuple, chosen: tuple) -> None:
    """`look_top`'s `rest = "top_or_bottom"`: the chosen cards go to the bottom of the deck, the
    others back on top, each group in its order."""
    bottom = [u for u in rest if ("c", u) in chosen]
    top = [u for u in rest if ("c", u) not in chosen]
    for i, u in enumerate(top):
        game.move(u, LIMBO, DECK, seat, "look_rest", at=i)
    for u in bottom:
        game.move(u, LIMBO, DECK, seat, "look_rest")
    game.log.add("look_rest", seat, len(top), "top")
    game.log.add("look_rest", seat, len(bottom), "bottom")


@run_step("must_block")
class MustBlock:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        attack = game.attack
        if step.target == "opponent":
            if attack is None or attack.seat != ctx.controller:
                return False
            attack.forced = True
            game.log.add("must_block", 1 - ctx.controller, "")
            return True
        battle = step.param("until") == "battle"
        hit = False
        for seat, zone, slot in _slots(game, targets):
            if zone == "field":
                if battle:
                    if attack is None:
                        continue
                    attack.named = (*attack.named, slot.uid)
                else:
                    slot.must_block = True
                game.log.add("must_block", seat, slot.name)
                hit = True
        return hit


@run_step("gain_movement")
class GainMovement:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        p = game.players[ctx.controller]
        p.movement += step.param("amount", 1)
        game.log.add("gain_movement", ctx.controller, step.param("amount", 1), p.movement)
        return True


@run_step("add_mana")
class AddMana:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        color = step.param("color")
        tasks: list[tuple] = []
        for _ in range(step.param("count", 1)):
            tasks.append((type(game).t_enter_base, ctx.controller, -1, bool(step.param("rested")),
                          False))  # fmt: skip
            if color is not None:  # (Margus: "red mana"): the token just placed takes the color
                tasks.append((t_color_new_token, ctx.controller, color))
        game.log.add("add_mana", ctx.controller, step.param("count", 1), bool(step.param("rested")))
        game.push(*tasks)
        return True


def t_color_new_token(game: Game, seat: int, color: str) -> None:
    """The mana token last placed into `seat`'s base becomes `color` (add_mana's `color`)."""
    tokens = [s for s in game.players[seat].base if s.card is None]
    if tokens:
        newest = max(tokens, key=lambda s: s.order)
        newest.set_colors((color,))
        game.changed_play()


def _cannot_block_can_block(
    game: GameCore, sources: list, slot: Slot, seat: int | None, value: bool, attacker: object
) -> bool:
    """ZR 13.4: a minion this works on cannot block."""
    if seat is None:
        seat = fx.seat_of(game, slot)
    for src_seat, src, e in sources:
        if fx._applies(game, src_seat, src, e, slot, seat):
            return False
    return value


@run_step("cannot_block")
class CannotBlock:
    query = "can_block"

    changes: ClassVar[dict[str, Change]] = {"can_block": _cannot_block_can_block}


@run_step("cannot_attack_forces")
class CannotAttackForces:
    query = "attack_targets"


@run_step("untargetable")
class Untargetable:
    query = "candidates"


def _cost_reduction_cost(
    game: GameCore,
    sources: list,
    card: CardDef,
    seat: int | None,
    value: CostChange,
    other: object,
) -> CostChange:
    """ZR 12.1: the basic cost's reductions (and increases: a negative `amount`) add up;
    nothing to add once a cost is made 0 (which comes last, overriding them)."""
    change, zero = value
    if zero is not None or seat is None:
        return value
    for src_seat, src, e in sources:
        if fx.cost_effect_applies(game, seat, card, src_seat, src, e):
            step = e.steps[0]
            amount = step.param("amount", 0)
            per = step.param("per")
            if per is not None:  # ZR 10.10: recounted continuously
                amount *= fx._count(game, per, src_seat)
            change += amount
    return (change, None)


@run_step("cost_reduction")
class CostReduction:
    query = "cost_of"

    changes: ClassVar[dict[str, Change]] = {"cost": _cost_reduction_cost}


@run_step("colorless_pays_pips")
class ColorlessPaysPips:
    query = "payment"


@run_step("enters_base_rested")
class EntersBaseRested:
    query = "enters_base_rested"


@run_step("moves_active")
class MovesActive:
    query = "moves_active"


def _special_words(mod: Mod) -> str:
    """The log's words for a modifier's original-value changes and set values (ZR 10.6)."""
    if not mod.special:
        return ""
    parts = [
        f"{v:+d} original {stat}" for v, stat in ((mod.base_bp, "BP"), (mod.base_dp, "DP")) if v
    ]
    parts += [f"{stat} set to {v}" for v, stat in ((mod.set_bp, "BP"), (mod.set_dp, "DP"))
              if v is not None]  # fmt: skip
    return " and ".join(parts)


def _bonus(
    game: GameCore, sources: list, slot: Slot, seat: int | None, total: int, stat: str
) -> int:
    """The continuous modifiers (auras, Forces, [Passive] bonuses) on this minion's `stat`."""
    if seat is None:
        seat = fx.seat_of(game, slot)
    for src_seat, src, e in fx.modifiers_on(game, slot, seat, stat, sources):
        step = e.steps[0]
        value = step.param(stat)
        per = step.param("per")
        if per is not None:  # ZR 10.10: a continuous count is recounted each time
            value *= fx._count(game, per, src_seat, src.uid if src is not None else None)
        total += value
    return total


def _count_per(game: Game, sel: Selector, controller: int, source: int | None) -> int:
    """The effects runtime's count of a `per` selector (ZR 10.10)."""
    from zenonzard_tui.engine.effects import _count

    return _count(game, sel, controller, source)


# Imported last: the effects runtime imports this module (the changes above ask it).
from zenonzard_tui.engine import effects as fx  # noqa: E402


@run_step("gain_force_ability")
class GainForceAbility:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        """Ask which of all the Forces (Memoria); the minion must still be on the field."""
        if ctx.source is None or game.field_slot(ctx.source) is None:
            return False
        options = tuple(("force", force_id) for force_id in all_forces())
        game.ask(CHOICE, ctx.controller, Choice("force_ability", options, 1, 1,
                                                (t_force_ability_done, ctx.source)))  # fmt: skip
        return True


def t_force_ability_done(game: Game, uid: int, chosen: tuple) -> None:
    """The minion's current face gets the Force's effects (Slot.card; its printed card stays)."""
    slot = game.field_slot(uid)
    if slot is None or slot.card is None or not chosen:
        return
    force = all_forces()[chosen[0][1]]
    slot.card = dataclasses.replace(slot.card, effects=slot.card.effects + force.effects)
    game.changed_play()


def all_forces() -> dict[str, ForceDef]:
    """Every Force of the card pool, by id, in the pool's order (Memoria's choice)."""
    from zenonzard_tui.cards import load_pool

    return dict(load_pool().forces)
