"""The runtime of the vocabulary family `hand` (its terms' schema and words:
`zenonzard_tui.cards.terms.hand`): searches, discards, redraws, mills, copies and Kiska's trash
effects as they resolve, and the filters on DP, Rested and names (ZR 11.8-11.11, ZR 14.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zenonzard_tui.cards.model import CardDef, Step
from zenonzard_tui.engine.actions import CHOICE, Choice
from zenonzard_tui.engine.state import DECK, HAND, LIMBO, NEW, Slot
from zenonzard_tui.engine.terms.base import (
    run_filter,
    run_step,
    run_trigger,
)
from zenonzard_tui.engine.terms.steps import _slots, each_seat, t_discard_done
from zenonzard_tui.engine.terms.triggers import WATCH

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game


@run_filter("dp_max")
class DpMax:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        from zenonzard_tui.engine import effects

        return slot is not None and game is not None and effects.dp(game, slot, seat) <= value


@run_filter("rested")
class Rested:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return slot is not None and slot.rested == value


@run_filter("names")
class Names:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        from zenonzard_tui.cards.loader import normalize_name

        name = normalize_name(card.name)
        return any(normalize_name(n) == name for n in value)


@run_filter("not_name")
class NotName:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        from zenonzard_tui.cards.loader import normalize_name

        return normalize_name(card.name) != normalize_name(value)


@run_step("discard_hand")
class DiscardHand:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hit = False
        for seat in each_seat(game, ctx, step.param("each", False)):
            hand = game.players[seat].hand
            if hand:
                t_discard_done(game, seat, tuple(("c", uid) for uid in hand))
                hit = True
        return hit


@run_step("redraw")
class Redraw:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hand = game.players[ctx.controller].hand
        if not hand:
            return False
        options = tuple(("c", uid) for uid in hand)
        cont = (t_redraw_done, ctx.controller)
        game.ask(CHOICE, ctx.controller, Choice("discard", options, 0, len(options), cont))
        return True


def t_redraw_done(game: Game, seat: int, chosen: tuple) -> None:
    p = game.players[seat]
    discarded = [o[1] for o in chosen if o[0] == "c" and o[1] in p.hand]
    for uid in discarded:  # out of the hand, into no zone until the draw is done; they are not
        # shown (they go under the deck, not into the public trash): the log counts them
        game.move(uid, HAND, LIMBO, seat, "to_bottom")
    if discarded:
        game.log.add("to_bottom", seat, len(discarded))
    game.draw(seat, len(discarded))
    game.rng.shuffle(discarded)
    for uid in discarded:
        game.move(uid, LIMBO, DECK, seat, "to_bottom")


@run_step("mill")
class Mill:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        count = step.param("count", 1)
        if step.param("it_cost"):  # the printed cost of what the previous step chose
            # (a token that left the game, ZR 11.7, is in no zone and not in `defs`: its card
            # is not known any more and counts 0)
            defs = game.defs
            count = sum(defs[o[1]].cost or 0 for o in ctx.it if o[0] == "c" and o[1] < len(defs))
        return bool(count) and bool(game.mill(ctx.controller, count))


@run_step("copy_to_hand")
class CopyToHand:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hit = False
        for _, _, slot in _slots(game, targets):
            card = slot.card
            if card is None or card.type == "token":
                continue
            uid = game.add_copy(card)
            game.log.add("copy", ctx.controller, uid)
            game.to_hand(ctx.controller, uid, NEW)
            hit = True
        return hit


@run_step("copy_onto_field")
class CopyOntoField:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        tasks: list[tuple] = []
        for _, _, slot in _slots(game, targets):
            card = slot.card
            if card is None:
                continue
            if card.is_token:  # a copy of a token is a token (ZR 11.7), made as create_token does
                game.log.add("token", ctx.controller, card.name, 1)
                tasks.append((type(game).t_enter_field, ctx.controller, game.new_uid(), False,
                              "put", card))  # fmt: skip
                continue
            uid = game.add_copy(card)  # ZR 11.11: a new card, owned by you
            game.move(uid, NEW, LIMBO, ctx.controller, "copy")
            game.log.add("put", ctx.controller, uid)
            # ZR 11.1b: put, not summoned (no [When Summoned], no Chain); ZR 3.4 applies
            tasks.append((type(game).t_enter_field, ctx.controller, uid, False, "put"))
        game.push(*tasks)
        return bool(tasks)


@run_step("to_deck_top")
class ToDeckTop:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hit = False
        for seat, where, slot in _slots(game, targets):
            name = slot.name
            if game.move(slot.uid, where, DECK, seat, "to_deck", at=0).dest == DECK:
                game.log.add("to_deck_top", seat, name)
            hit = True
        return hit


@run_step("trash_destroyed_effects")
class TrashDestroyedEffects:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects

        trash = game.players[ctx.controller].trash
        for o in ctx.it:
            uid = o[1]
            card = game.defs[uid]
            found = [e for e in card.effects if e.when == "destroyed"]
            if uid not in trash or not found:
                continue
            game.log.add("trash_effects", ctx.controller, uid)
            game.push(
                *(
                    (effects.t_trigger, effects.Ctx(ctx.controller, None, "trash", e, card.name))
                    for e in found
                    if effects.during_ok(game, ctx.controller, e.during)
                )
            )
            return True
        return False


run_trigger("minion_destroyed", WATCH)
run_trigger("deck_discarded", "queue_deck_discards")
