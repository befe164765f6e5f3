"""The runtime of the vocabulary family `arrive` (its terms' schema and words:
`zenonzard_tui.cards.terms.arrive`): how the steps put, move and return cards resolve, the
conditions on placed mana and the hand, and the triggers' engine functions (ZR 10.4, ZR 11, ZR
15.1). The engine hooks they rely on are in `engine/zones.py` and `engine/effects.py`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from zenonzard_tui.cards.model import Step
from zenonzard_tui.engine.terms.base import (
    run_condition,
    run_step,
    run_trigger,
)

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game


@run_step("put_onto_field")
class PutOntoField:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        uids: list[int] = [o[1] for o in targets if o[0] == "c"]
        for uid in reversed(uids):  # each put pushes its own task: the first chosen goes first
            game.put_onto_field(ctx.controller, uid, bool(step.param("rested", False)))
        return bool(uids)


@run_step("move_to_field")
class MoveToField:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        tasks = []
        for o in targets:
            found = game.find_slot(o[1]) if o[0] == "c" else None
            if found is None or found[1] != "base" or found[2].is_token:  # never mana tokens
                continue
            seat, _, slot = found
            if step.param("active", False):
                slot.rested = False
            game.log.add("to_field", seat, slot.name)
            tasks.append((type(game).t_enter_field, seat, slot.uid, slot.rested, "advancing"))
        game.push(*tasks)
        return bool(tasks)


@run_step("to_field_instead")
class ToFieldInstead:
    query = "to_field_instead"


SELF: Final = "queue_self_trigger"
WATCH: Final = "queue_watchers"


run_trigger("enters_field", WATCH)
run_trigger("mana_placed", WATCH)
run_trigger("mana_lost", WATCH)
run_trigger("chain", SELF)


@run_condition("placed_mana")
class PlacedMana:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return value in game.players[controller].placed


@run_condition("only_token_mana")
class OnlyTokenMana:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        only = all(s.card is None for s in game.players[controller].base)
        return only == value


@run_condition("hand_at_most")
class HandAtMost:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return len(game.players[controller].hand) <= value


@run_step("enters_field_rested")
class EntersFieldRested:
    query = "enters_field_rested"


run_trigger("mana_placed_from_deck_or_hand", WATCH)
run_trigger("minion_retreated", WATCH)
