"""The runtime of the conditions (`if`) of the card vocabulary (their schema and words:
`zenonzard_tui.cards.terms.conditions`): for each, whether it holds, and `condition_ok`, whether a
whole condition holds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from zenonzard_tui.cards.model import CardDef
from zenonzard_tui.cards.terms.base import CONDITIONS
from zenonzard_tui.engine.state import TurnRecord
from zenonzard_tui.engine.terms.base import CONDITION_RUNS, ConditionHolds, run_condition

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
from zenonzard_tui.cards.terms.conditions import _value


@run_condition("mana_color")
class ManaColor:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        have = sum(1 for s in game.players[controller].base if value in s.colors)  # ZR 6.1.1
        return have >= _value(cond, "at_least")


@run_condition("mana_at_least")
class ManaAtLeast:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return len(game.players[controller].base) >= value


@run_condition("it_class")
class ItClass:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        for o in it:
            if o[0] == "c":
                found = game.find_slot(o[1])
                if found is not None:
                    card = found[2].card
                else:
                    card = game.defs[o[1]] if o[1] < len(game.defs) else None
                if card is not None and value in card.classes:
                    return True
        return False


@run_condition("opponent_turn")
class OpponentTurn:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return (game.active != controller) == value


@run_condition("done")
class Done:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return done == value


def _source_card(game: GameCore, it: tuple) -> tuple[int, CardDef] | None:
    """The card an effect-level condition belongs to (its `it`: effects._source_it), by uid."""
    if not it or it[0][0] != "c":
        return None
    uid = it[0][1]
    found = game.find_slot(uid)
    if found is not None:
        card = found[2].card
        return (uid, card) if card is not None else None
    return (uid, game.defs[uid]) if uid < len(game.defs) else None


@run_condition("once_per_turn")
class OncePerTurn:
    """Not yet resolved this turn (a "once" record of the turn history, ZR 14.1): for this card
    (`"this"`, by uid) or for any of its controller's cards of its name (`"name"`)."""

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        source = _source_card(game, it)
        if source is None:
            return True
        uid, card = source
        for r in game.this_turn:
            if r.kind != "once" or r.seat != controller:
                continue
            if (r.uid == uid) if value == "this" else (r.card.name == card.name):
                return False
        return True

    @staticmethod
    def used(game: GameCore, ctx: Ctx) -> None:
        source = _source_card(game, (("c", ctx.source),)) if ctx.source is not None else None
        if source is not None:
            game.this_turn += (TurnRecord(ctx.controller, "once", source[1], source[0]),)


def condition_used(game: GameCore, cond: tuple, ctx: Ctx) -> None:
    """An effect whose condition `cond` held begins to resolve: the conditions that count it
    (once_per_turn) are told."""
    for key, _ in cond:
        run = CONDITION_RUNS.get(key)
        if run is not None and run.used is not None:
            run.used(game, ctx)


@run_condition("chosen_force")
class ChosenForce:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        # ZR 20.1: the choice made with the deck (ZR 4.2), destroyed or not; the ⚑ alternative
        # (option chosen_force_needs_undestroyed): only while that Force is not destroyed
        force_id = "force_" + value
        needs_undestroyed = game.options.chosen_force_needs_undestroyed
        return any(
            f.force.id == force_id and not (needs_undestroyed and f.destroyed)
            for f in game.players[controller].forces
        )


# the runtime of each condition; None for a companion (at_least: the condition it completes holds)
_HOLDS: Final[dict[str, ConditionHolds | None]] = {
    n: run.holds for n, run in CONDITION_RUNS.items()
}


def condition_ok(
    game: GameCore, cond: tuple, controller: int, it: tuple, done: bool = True
) -> bool:
    """Does every term of the condition `cond` hold for the effect's controller? (`it`: what the
    previous step chose; `done`: whether it did what it said.)"""
    for key, value in cond:
        holds = _HOLDS.get(key)
        if holds is None and key not in _HOLDS:  # registered after this module (part two)
            run = CONDITION_RUNS.get(key)
            if run is None and CONDITIONS[key].companion is None:
                raise KeyError(f"the condition {key!r} has no runtime")
            holds = _HOLDS[key] = run.holds if run is not None else None
        if holds is not None and not holds(game, controller, it, done, value, cond):
            return False
    return True
