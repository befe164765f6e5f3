"""The vocabulary terms for damage and life: DP damage vs effect damage, damage events, reductions,
restores, Rush of Bats, Lachesis (ZR 13.5-13.11). The engine side is `engine/damage.py`: one
damage event per target, its reductions, its triggers.

Steps: `damage`, `heal`, `swap_life`, `reduce_damage_this_turn`, `deny_reduce_restore`;
continuous `reduce_damage` and `cannot_reduce_or_restore`.
Triggers: `deals_damage`, `attack_deals_damage`, `deals_damage_to_opponent`, `damages_other_side`,
`life_damaged`,
`destroys_force`. Selector filters: `this` (a watch: the watching card itself), `or_player`
(a selector that may also choose a player), `class_any`.
"""

from __future__ import annotations

from typing import Final

from zenonzard_tui.cards.model import Selector, Step
from zenonzard_tui.cards.terms.base import (
    DURATIONS,
    FilterWords,
    condition,
    selector_filter,
    step,
    trigger,
)
from zenonzard_tui.cards.terms.triggers import _event
from zenonzard_tui.cards.words import Clause, WordsContext, per_words, verb


@step(
    "damage",
    schema={"target": "target", "amount": int, "per": "selector", "reduced_per": "selector"},
    needs_target=True,
    question="damage which?",
    polarity=-1,
)
class Damage:
    """Effect damage (ZR 13.5): one damage event per target (ZR 13.7). `per`: the amount is
    multiplied by a count made once, on resolution (ZR 10.10, Qilin). `reduced_per`: the
    damage's own reduction, 1 for each thing counted (Lord Alabaster); it is a reduction like
    any other (ZR 13.8), so Rush of Bats stops it."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        amount = step.param("amount", 1)
        text = f"deal {amount} damage to {ctx.target(step.target).obj}"
        per = step.param("per")
        if per is not None:
            text += f" {per_words(per)}"
        after = ""
        reduced = step.param("reduced_per")
        if reduced is not None:
            after = f"This damage is reduced by 1 {per_words(reduced)}."
        return Clause(None, text, after=after)


@step(
    "heal",
    schema={"target": "target", "amount": int, "that_damage": bool},
    needs_target=True,
    question="heal which?",
    polarity=1,
)
class Heal:
    """Restore life (ZR 13.9): up to 10; a destroyed Force is neither chosen nor restored;
    under Rush of Bats nothing is restored (ZR 13.8). `that_damage`: as much as the damage of
    the event that raised this whenever-effect (a damage trigger's: Steel Centipede), instead
    of `amount`."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        amount = step.param("amount", 1)
        target = step.target
        much = "life equal to that damage" if step.param("that_damage") else f"{amount} life"
        if target in ("player", "opponent"):
            who = ctx.target(target)
            verb_ = verb(who.plural, "recovers", "recover")
            return Clause(who.subj, f"{verb_} {much}", f"recover {much}")
        return Clause(None, f"restore {much} to {ctx.target(target).obj}")


@step(
    "swap_life",
    schema={"target": "target"},
    needs_target=True,
    question="swap your opponent's life with which Force's? (ZR 13.10)",
    polarity=0,
)
class SwapLife:
    """ZR 13.10 (Lachesis): your opponent's life and the chosen Force's life change places.
    Neither damage nor a restore."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(
            None, f"swap your opponent's life with the life of {ctx.target(step.target).obj}"
        )


_TO: Final = {"player": "you", "forces": "your Forces", None: "you and your Forces"}


_TO_ANY: Final = {"player": "each player", "forces": "each player's Forces", None: "each player and their Forces"}  # fmt: skip


@step(
    "reduce_damage",
    schema={
        "amount": int,
        "to": ("player", "forces"),
        "source": ("minion",),
        "cost_max": int,
        "side": ("self", "any"),
    },
    required=("amount",),
    continuous=True,
)
class ReduceDamage:
    """Continuous: each damage event to you (`to = "player"`), to your Forces (`"forces"`) or to
    both is reduced (ZR 13.8); `source = "minion"`: DP damage only (ZR 13.5), `cost_max`: from
    minions of that cost or less; `side = "any"`: both players are protected (Spike Toad)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        to = step.param("to")
        who = (_TO_ANY if step.param("side") == "any" else _TO)[to]
        cost_max = step.param("cost_max")
        by = "" if cost_max is None else f" by minions with cost {cost_max} or less"
        if step.param("source") == "minion":
            what = f"DP damage dealt to {who}{by or ' by minions'}"
        else:
            what = f"damage dealt to {who}{by}"
        amount = step.param("amount", 1)
        return Clause(what, f"is reduced by {amount}", f"be reduced by {amount}")


@step("cannot_reduce_or_restore", schema={}, continuous=True)
class CannotReduceOrRestore:
    """Continuous (Rush of Bats, ZR 13.8): damage to you and your Forces cannot be reduced by
    anything, and your life and Forces cannot be restored."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(
            None,
            "damage dealt to you and your Forces cannot be reduced, and your life and Forces "
            "cannot be restored",
        )


@step(
    "reduce_damage_this_turn",
    schema={"amount": int, "to": ("player", "forces")},
    required=("amount",),
    question="reduce damage this turn?",
)
class ReduceDamageThisTurn:
    """One-shot (Aero Wall, Refine): until the end of the turn, each damage event to you (`to =
    "player"`), to your Forces (`"forces"`) or to both is reduced (ZR 13.8): a lasting
    `reduce_damage` of the effect's controller (ZR 10.3 (a))."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = _TO[step.param("to")]
        amount = step.param("amount", 1)
        until = DURATIONS["end_of_turn"].words
        return Clause(
            f"damage dealt to {who}",
            f"is reduced by {amount} {until}",
            f"be reduced by {amount} {until}",
        )


@step(
    "deny_reduce_restore",
    schema={"target": ("opponent",)},
    needs_target=True,
    question="deny reductions and restores to whom?",
    polarity=0,
)
class DenyReduceRestore:
    """One-shot (Rush of Bats, ZR 13.8): until the end of the turn, your opponent gains
    `cannot_reduce_or_restore`: no reduction of damage to them and their Forces (a damaging
    card's own included), no restore of their life or Forces."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        until = DURATIONS["end_of_turn"].words
        return Clause(
            None,
            f"{until}, damage dealt to your opponent and their Forces cannot be reduced, and "
            "their life and Forces cannot be restored",
        )


@selector_filter("this", schema=bool)
class This:
    """In a `watch`: the watching card itself ("whenever this minion deals damage"); the
    effects runtime's `queue_watchers` reads it."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords()


@selector_filter("or_player", schema=bool)
class OrPlayer:
    """The player of the selector's side may be chosen instead ("1 of your Forces or you", Fain
    Callias); the effects runtime's `candidates` reads it."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        who = {"self": "you", "opponent": "your opponent", "any": "a player"}[sel.side]
        return FilterWords(after=f" or {who}" if value else "")


@selector_filter("class_any", schema=str)
class ClassAny:
    """Cards with any of the classes written with "/" ("Beast/Five Star", as printed on Qilin)."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords((" or ".join(c.strip() for c in value.split("/")),))


def _life(sel: Selector) -> str:
    who = {"self": "you", "opponent": "your opponent", "any": "a player"}[sel.side]
    return f"whenever damage is dealt to {who}"


# ZR 13.6: a minion deals damage with its DP, or with its own effect while it is on the field
trigger("deals_damage", "Passive", _event("deals damage"), cause="{s}'s {n} dealt damage")
# ZR 10.9: "[When Attacking] Whenever ... deals damage": from the attack until its end
trigger(
    "attack_deals_damage",
    "When Attacking",
    _event("deals damage"),
    cause="{s}'s {n} dealt damage attacking",
)
trigger(
    "deals_damage_to_opponent",
    "Passive",
    _event("deals damage to your opponent"),
    cause="{s}'s {n} dealt damage to the opponent",
)
# Tornado Blow: the damage of a minion to its controller's opponent (their life or a Force)
_OTHER_SIDE: Final = {
    "self": "deals damage to your opponent or their Forces",
    "opponent": "deals damage to you or your Forces",
    "any": "deals damage to its controller's opponent or their Forces",
}


def _other_side(sel: Selector) -> str:
    return _event(_OTHER_SIDE[sel.side])(sel)


trigger(
    "damages_other_side",
    "Passive",
    _other_side,
    cause="{s}'s {n} dealt damage to the other player's side",
)
trigger("life_damaged", "Passive", _life, cause="{s} took damage")  # ZR 13.7: once per damage event
# DP damage that destroys a Force (Cathryn)
trigger(
    "destroys_force",
    "Passive",
    _event("destroys a Force with its DP"),
    cause="{s}'s {n} destroyed a Force",
)


def _force_destroyed(sel: Selector) -> str:
    """Whenever a Force of `watch.side` is destroyed (Kahren), by damage or outright."""
    who = {"self": "one of your Forces", "opponent": "one of your opponent's Forces",
           "any": "a Force"}  # fmt: skip
    return f"whenever {who[sel.side]} is destroyed"


# any Force of `watch.side` destroyed, by damage (ZR 8.6) or outright (ZR 13.11)
trigger("force_destroyed", "Passive", _force_destroyed, cause="{s}'s {n} was destroyed")


@condition("damaged_this_turn", schema=bool)
class DamagedThisTurn:
    """Damage was (true) or was not (false) dealt to you, to your life, this turn (Vikson);
    damage reduced to 0 is no damage (ZR 13.7)."""

    @staticmethod
    def words(value: bool, cond: tuple, ctx: WordsContext) -> str:
        return (
            "you have received damage this turn"
            if value
            else "you did not receive damage this turn"
        )
