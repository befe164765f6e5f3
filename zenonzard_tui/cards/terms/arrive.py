"""The vocabulary terms for arriving, moving, placing and leaving: [When Retreating], put vs summon, tokens, "enters your field", placement triggers, Chain (ZR 10.4, ZR 11, ZR 15.1).

The engine hooks these terms rely on are in `engine/zones.py` (`put_onto_field`,
`return_from_trash`, the placement history and the triggers raised as cards arrive) and in
`engine/effects.py` (`to_field_instead`, the watchers' "that minion")."""

from __future__ import annotations

from zenonzard_tui.cards.model import COLORS, Effect, Selector, Step
from zenonzard_tui.cards.terms.base import (
    condition,
    step,
    trigger,
)
from zenonzard_tui.cards.words import (
    OWNER,
    Clause,
    WordsContext,
    article,
    describe,
)


@step(
    "put_onto_field",
    schema={"target": "target", "rested": bool},
    needs_target=True,
    question="put which onto the field?",
    polarity=0,
)
class PutOntoField:
    """ZR 11.1b: put cards from a hand, trash or deck onto your field: no cost, not a summon
    ([When Summoned] and Chain do not trigger), Active unless `rested`."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target, "from")
        rested = " Rested" if step.param("rested", False) else ""
        return Clause(None, f"put {who.obj} onto your field{rested} (not a summon)")


@step(
    "move_to_field",
    schema={"target": "target", "active": bool},
    needs_target=True,
    question="move which to the field?",
    polarity=0,
)
class MoveToField:
    """ZR 11.4: move minion cards from the base to the field by an effect: no Movement is spent;
    it counts as an advance ([When Advancing], ZR 8.2); the state is kept unless `active`."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        active = " Active" if step.param("active", False) else ""
        return Clause(None, f"move {who.obj} to the field{active}")


@step("to_field_instead", schema={}, continuous=True)
class ToFieldInstead:
    """<Trash> (ZR 11.9, Graverobber): going from the trash to the hand, the card is put onto
    the field instead (`Zones.return_from_trash`)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(
            None,
            "if this card would return from your trash to your hand, put it onto your field "
            "instead (not a summon)",
        )


def _mine(sel: Selector) -> tuple[str, str]:
    """ "one of your other yellow minions" / "another yellow minion", and its "that"."""
    adjs, sing, plur, post = describe(sel)
    if sel.side == "any":
        rest = [a for a in adjs if a != "other"]
        rest_s = " ".join(rest) + " " if rest else ""
        if "other" in adjs:
            return f"another {rest_s}{sing}{post}", sing
        return f"{article(rest_s or sing)} {rest_s}{sing}{post}", sing
    adj_s = " ".join(adjs) + " " if adjs else ""
    return f"one of {OWNER[sel.side]} {adj_s}{plur}{post}", sing


def _enters(sel: Selector) -> str:
    who, _ = _mine(sel)
    where = "your field" if sel.side == "self" else "the field"
    return f"whenever {who} enters {where}"


def _placed(sel: Selector) -> str:
    # the watched cards are cards placed into the base, whatever zone the selector names
    adjs, sing, _, post = describe(Selector(side=sel.side, zone="hand", filters=sel.filters))
    adj_s = " ".join(adjs) + " " if adjs else ""
    base = "your base" if sel.side == "self" else "a base"
    return f"whenever {article(adj_s + sing)} {adj_s}{sing}{post} is placed into {base}"


# ZR 11.3: a minion summoned or put onto the field (tokens included), not an advance
trigger("enters_field", "Passive", _enters, cause="{s}'s {n} entered the field")
# ZR 11.6: a card placed into the base: the mana phase or an effect (not a retreat)
trigger("mana_placed", "Passive", _placed, cause="{s} placed {n} into their base")


def _mana_lost(sel: Selector) -> str:
    whose = {"self": "your", "opponent": "your opponent's", "any": "a player's"}[sel.side]
    return f"whenever {whose} mana decreases by 1 other than by making room in a full base"


# Margus: a mana leaves the base (destroyed, advanced, attached, returned...), not ZR 3.5's room
trigger("mana_lost", "Passive", _mana_lost, cause="{s}'s mana {n} left the base")


def chain_label(effect: Effect) -> str:
    """ZR 15.1: "[Chain: Blue]", the color from the effect's `placed_mana` condition."""
    color = dict(effect.condition).get("placed_mana")
    return f"[Chain: {color.capitalize()}]" if color else "[Chain]"


# ZR 15.1: Chain, when this card is summoned from the hand (not put, not doubled, ZR 14.3)
trigger("chain", "Chain")


@condition("placed_mana", schema=tuple(c for c in COLORS if c != "colorless"))
class PlacedMana:
    """ZR 15.1 Chain: you placed a card of that color into your base this turn (mana phase or
    effect; a retreat is not placing, ZR 11.1d)."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        return f"you placed {value} mana into your base this turn"


@condition("only_token_mana", schema=bool)
class OnlyTokenMana:
    """ZR 11.13 (Pollin): your base holds no minion card, only colorless mana tokens (an empty
    base counts, ⚑)."""

    @staticmethod
    def words(value: bool, cond: tuple, ctx: WordsContext) -> str:
        if value:
            return "your base holds no minion card"
        return "you have a minion card in your base"


@condition("hand_at_most", schema=int)
class HandAtMost:
    """You have at most that many cards in your hand (Viper Ward)."""

    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        return f"you have {value} or fewer cards in your hand"


@step("enters_field_rested", schema={"target": "target"}, continuous=True)
class EntersFieldRested:
    """The minions it names enter the field Rested when they enter it (summoned or put, ZR
    11.3; not an advance): Solrakia's "your opponent's minions enter the field Rested"."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        verb_ = "enters" if not who.plural else "enter"
        return Clause(who.subj, f"{verb_} the field Rested", "enter the field Rested")


def _placed_from_deck_or_hand(sel: Selector) -> str:
    return _placed(sel) + " from your deck or hand"


# ZR 11.6: a card placed into the base from its owner's deck or hand (the mana phase, a search;
# not a Boost card coming back, ZR 17.6, nor a card from a trash): Morpheo Papilio
trigger(
    "mana_placed_from_deck_or_hand",
    "Passive",
    _placed_from_deck_or_hand,
    cause="{s} placed {n} into their base",
)


def _retreated(sel: Selector) -> str:
    from zenonzard_tui.cards.terms.triggers import _event

    return _event("moves from the field to the base")(sel)


# ZR 11.5: a minion card moving from the field to its owner's base, by Movement or an effect (the
# watchers' "that minion" is the card, now mana): Giulio
trigger("minion_retreated", "Passive", _retreated, cause="{s}'s {n} moved to the base")
