"""The runtime of the vocabulary family `boost` (its terms' schema and words:
`zenonzard_tui.cards.terms.boost`): [When Boosted] (ZR 17.2), banishing (ZR 18.1) and the
continuous steps that change who can be boosted or destroyed (ZR 17.2, ZR 18.2). The Boost
action itself, and the attached cards' return when their minion leaves (ZR 17.6), are in
engine/zones.py; a Boost condition's parts are selector filters, whose runtime is theirs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zenonzard_tui.cards.model import CardDef, Step
from zenonzard_tui.engine.state import BANISHED, DECK, HAND, TRASH, Lasting
from zenonzard_tui.engine.terms.base import run_condition, run_filter, run_step, run_trigger
from zenonzard_tui.engine.terms.steps import _slots

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game
    from zenonzard_tui.engine.state import Slot

run_trigger("boosted", "queue_self_trigger")
run_trigger("boost_attached", "queue_watchers")


@run_step("banish")
class Banish:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        """ZR 18.1: the chosen cards go to their owner's banished zone (a token leaves the
        game): from play, not a destruction, so no [When Destroyed], and "cannot be destroyed"
        does not stop it (ZR 18.2); or from a trash, a hand or a deck. In the order of ZR 6.5:
        the active player's first."""
        found: list[tuple[int, str, int, str]] = []  # (seat, zone, uid, name)
        for o in targets:
            if o[0] != "c":
                continue
            where = game.find_slot(o[1])
            if where is not None:
                found.append((where[0], where[1], o[1], where[2].name))
                continue
            for p in game.players:
                for zone, cards in ((TRASH, p.trash), (HAND, p.hand), (DECK, p.deck)):
                    if o[1] in cards:
                        found.append((p.seat, zone, o[1], game.defs[o[1]].name))
        for seat, zone, uid, name in _active_first(found, game.active):
            game.log.add("banished", seat, uid, name)
            game.move(uid, zone, BANISHED, seat, "banished")
        return bool(found)


def _active_first(
    found: list[tuple[int, str, int, str]], active: int
) -> list[tuple[int, str, int, str]]:
    """The active player's cards first, each player's in the order found (ZR 6.5). (A module
    function: mypyc compiles no closure in a method of a decorated class.)"""
    return [f for f in found if f[0] == active] + [f for f in found if f[0] != active]


@run_step("gain_ability")
class GainAbility:
    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        """The minions keep the ability while they stay on the field: a lasting effect of the
        game keyed to each one as it is now (ZR 10.4: one that leaves and comes back is new;
        effects.queue_self_trigger raises it, effects.end_lasting drops it once its minion has
        left)."""
        from zenonzard_tui.engine.effects import add_lasting

        hit = False
        for seat, where, slot in _slots(game, targets):
            if where != "field":
                continue
            add_lasting(game, Lasting(seat, "ability", slot.name, "minion", step.param("ability"),
                                      until="in_play", keys=(("c", slot.uid, slot.order),)))  # fmt: skip
            game.log.add("gain_ability", seat, slot.name)
            hit = True
        return hit


@run_step("cannot_be_destroyed")
class CannotBeDestroyed:
    query = "cannot_be_destroyed"


@run_step("boost_ignores_conditions")
class BoostIgnoresConditions:
    query = "boost_ignores_conditions"


@run_step("boost_while_rested")
class BoostWhileRested:
    query = "boost_while_rested"


@run_filter("boosted")
class Boosted:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        """ZR 17.5: in play, with (or without) a card attached."""
        return slot is not None and bool(slot.attached) == value


@run_condition("boost_in_play")
class BoostInPlay:
    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        p = game.players[controller]
        found = any(s.attached for s in p.field) or any(
            s.card is not None and s.card.boost is not None for s in p.base
        )
        return found == value
