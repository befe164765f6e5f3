"""The steps (`do`) of the card vocabulary: for each, its parameters and its words (docs/cards.md,
"Steps"; ZR 6.4, ZR 6.5). How each resolves is its runtime, under the same name
(`zenonzard_tui.engine.terms.steps` and the engine's other families)."""

from __future__ import annotations

import dataclasses
from typing import Final

from zenonzard_tui.cards.model import (
    CARD_TYPES,
    COLORS,
    KEYWORD_LABELS,
    TYPE_LABELS,
    CardDef,
    Selector,
    Step,
)
from zenonzard_tui.cards.terms.base import DURATIONS, step
from zenonzard_tui.cards.terms.conditions import condition_words
from zenonzard_tui.cards.words import (
    Clause,
    Phrase,
    WordsContext,
    article,
    cap,
    cards_word,
    describe,
    join,
    owner_zone,
    per_words,
    pronoun,
    signed,
    verb,
)


def _rested(step: Step) -> str:
    return " Rested" if step.param("rested", False) else ""


@step(
    "draw",
    schema={"count": int, "each": bool, "per": "selector", "hand_size": int},
    question="draw?",
)
class Draw:
    """`each`: each player draws (ZR 11.10); `per`: `count` cards for each card it counts, counted
    once on resolution (ZR 10.10); `hand_size`: draw until your hand holds that many."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        size = step.param("hand_size")
        if size is not None:
            return Clause(None, f"draw cards until you have {cards_word(size)} in your hand")
        what = cards_word(step.param("count", 1))
        per = step.param("per")
        if per is not None:
            what += f" {per_words(per)}"
        if step.param("each", False):
            return Clause("each player", f"draws {what}", f"draw {what}")
        return Clause(None, f"draw {what}")


@step(
    "discard", schema={"count": int, "target": "target"}, question="discard which card?", polarity=0
)
class Discard:
    """From your hand: `count` cards of your choice, or with `target` (a selector of your hand)
    the cards it chooses (Wise Dramar: "1 Base Minion card from your hand")."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        if step.target is not None:
            return Clause(None, f"discard {ctx.target(step.target, 'from').obj}")
        return Clause(None, f"discard {cards_word(step.param('count', 1))}")


@step(
    "modify",
    schema={
        "target": "target",
        "bp": "signed",
        "dp": "signed",
        "grant": "keywords",
        "until": "duration",
        "per": "selector",
        "original_bp": "signed",
        "original_dp": "signed",
        "set_bp": int,
        "set_dp": int,
        "instead_if": "condition",
        "instead_bp": "signed",
        "instead_dp": "signed",
    },
    needs_target=True,
    also_continuous=True,
    question="which one gets it?",
)
class Modify:
    """One-shot: a modifier on the chosen minions; in a passive effect, a continuous bonus (the
    effects runtime's `bp`, `dp`). `original_bp`/`original_dp` change the original value and
    `set_bp`/`set_dp` set the value (one-shot only; how they count: ZR 10.6). A one-shot `per`
    is counted once, as the step resolves (ZR 10.10). `instead_if` (a condition; `it` is the
    minions the step chose) with `instead_bp`/`instead_dp`: when it holds, those changes are made
    instead of `bp`/`dp` (Breaching: "If that minion is a Dragon, it gets -600 BP instead")."""

    @staticmethod
    def polarity(step: Step) -> int:
        """A gain helps (keywords alone included), a loss hurts: DP weighs as 100 BP."""
        change = step.param("bp", 0) + 100 * step.param("dp", 0)
        return (change > 0) - (change < 0) or (1 if step.param("grant") else 0)

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        parts = []
        if step.param("bp") is not None:
            parts.append(f"{signed(step.param('bp'))} BP")
        if step.param("dp") is not None:
            parts.append(f"{signed(step.param('dp'))} DP")
        for stat in ("bp", "dp"):
            if step.param(f"original_{stat}") is not None:
                parts.append(f"{signed(step.param(f'original_{stat}'))} original {stat.upper()}")
        parts += [KEYWORD_LABELS[k] for k in step.param("grant", ())]
        sets = [
            f"{stat.upper()} set to {step.param(f'set_{stat}')}"
            for stat in ("bp", "dp")
            if step.param(f"set_{stat}") is not None
        ]
        what = join(parts)
        per = step.param("per")
        if per is not None:
            what += f" {per_words(per)}"
        its = "their" if who.plural else "its"
        set_words = f"{its} {join(sets)}" if sets else ""
        gets = verb(who.plural, "gets", "get")
        has = verb(who.plural, "has", "have")
        if what and set_words:
            full, base = f"{gets} {what} and {has} {set_words}", f"get {what} and have {set_words}"
        elif set_words:
            full, base = f"{has} {set_words}", f"have {set_words}"
        else:
            full, base = f"{gets} {what}", f"get {what}"
        until = step.param("until")
        if until is not None:
            full += f" {DURATIONS[until].words}"
            base += f" {DURATIONS[until].words}"
        return Clause(who.subj, full, base, after=_instead_words(step, ctx, who))


def _instead_words(step: Step, ctx: WordsContext, who: Phrase) -> str:
    """`modify`'s `instead_if`: "If that minion is a Dragon, it gets -600 BP instead." (the
    condition reads the step's own targets as "that minion")."""
    cond = step.param("instead_if")
    if cond is None:
        return ""
    last, ctx.last = ctx.last, Phrase(who.that, who.that, who.plural, who.that)
    try:
        words = condition_words(cond, ctx)
    finally:
        ctx.last = last
    parts = [
        f"{signed(step.param(f'instead_{stat}'))} {stat.upper()}"
        for stat in ("bp", "dp")
        if step.param(f"instead_{stat}") is not None
    ]
    gets = verb(who.plural, "gets", "get")
    return f"{cap(words)}, {pronoun(who.plural)} {gets} {join(parts)} instead."


@step(
    "destroy",
    schema={"target": "target", "per": "selector"},
    needs_target=True,
    question="destroy which?",
    polarity=-1,
)
class Destroy:
    """`per`: the target's `count` for each card (or Force) it counts, counted once as the step
    resolves (ZR 10.10; Vengeful Dragon: 1 of your opponent's minions for each of your destroyed
    Forces)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        per = step.param("per")
        tail = f" {per_words(per)}" if per is not None else ""
        return Clause(None, f"destroy {ctx.target(step.target).obj}{tail}")


@step("rest", schema={"target": "target"}, needs_target=True, question="rest which?", polarity=-1)
class Rest:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, f"rest {ctx.target(step.target).obj}")


@step(
    "activate",
    schema={"target": "target", "at": ("turn_end",)},
    needs_target=True,
    question="make which Active?",
    polarity=1,
)
class Activate:
    """`at = "turn_end"`: a delayed effect, "when this turn ends, ..." (ZR 14.4): the targets are
    found then (the effects runtime's t_step keeps the step until the end phase)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        when = "when this turn ends, " if step.param("at") == "turn_end" else ""
        return Clause(None, f"{when}make {ctx.target(step.target).obj} Active")


@step(
    "move_to_base",
    schema={"target": "target", "rested": bool},
    needs_target=True,
    question="move which to a base?",
    polarity=-1,
)
class MoveToBase:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        dest = owner_zone(step.target, "base", who.plural)
        return Clause(None, f"move {who.obj} into {dest}{_rested(step)}")


@step(
    "to_hand",
    schema={"target": "target", "reveal": bool},
    needs_target=True,
    question="return which to a hand?",
)
class ToHand:
    @staticmethod
    def polarity(step: Step) -> int:
        """A bounce from the field hurts; a card back from the trash (or the deck) helps."""
        if isinstance(step.target, Selector):
            return -1 if step.target.zone == "field" else 1
        return 0

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target, "from")
        dest = owner_zone(step.target, "hand", who.plural)
        if step.target == "this" and isinstance(ctx.owner, CardDef) and ctx.owner.type == "magic":
            dest = "your hand"  # a Magic card returns itself to its user's hand (ZR 11.8)
        if step.param("reveal", False):
            return Clause(None, f"reveal {who.obj} and put {pronoun(who.plural)} into {dest}")
        return Clause(None, f"return {who.obj} to {dest}")


@step(
    "put_into_base",
    schema={"target": "target", "rested": bool},
    needs_target=True,
    question="put which into the base?",
    polarity=0,
)
class PutIntoBase:
    """An effect places cards (ZR 11.1d): [When Placed] never triggers (ZR 11.6), but "is
    placed" watchers and Chain count it."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target, "from")
        dest = owner_zone(step.target, "base", who.plural)
        note = " ([When Placed] does not trigger)"
        return Clause(None, f"put {who.obj} into {dest}{_rested(step)}{note}")


@step(
    "create_token",
    schema={"token": str, "count": int, "bp": int, "dp": int},
    required=("token",),
    question="create the Token?",
)
class CreateToken:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        token_id = step.param("token")
        count = step.param("count", 1)
        token = ctx.token(token_id)
        if token is None:
            return Clause(None, f"put {count} {token_id} onto your field")
        facts = [token.color, *token.classes]
        if token.cost is not None:
            facts.append(f"cost {token.cost}")
        bp = step.param("bp", token.bp)
        dp = step.param("dp", token.dp)
        if bp is not None and dp is not None:
            facts.append(f"{bp} BP/{dp} DP")
        elif bp is not None:
            facts.append(f"{bp} BP")
        elif dp is not None:
            facts.append(f"{dp} DP")
        facts += [KEYWORD_LABELS[k] for k in token.keywords]
        return Clause(None, f"put {count} {token.name} ({', '.join(facts)}) onto your field")


@step("shuffle_deck", schema={}, question="shuffle your deck?")
class ShuffleDeck:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, "shuffle your deck")


@step(
    "recolor_mana",
    schema={"target": "target"},
    needs_target=True,
    question="recolor which mana?",
    asks={"color": "which color?"},
    polarity=0,
)
class RecolorMana:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        return Clause(None, f"change {who.obj} into mana of a color of your choice")


@step(
    "look_top",
    schema={
        "count": int,
        "pick": "selector",
        "reveal": bool,
        "rest": ("bottom_random", "top_or_bottom"),
        "to": ("field",),
    },
    question="which card to take?",
    asks={"look_bottom": "which of them go to the bottom of your deck?"},
)
class LookTop:
    """`to = "field"`: the picked cards are put onto your field, not summoned (ZR 11.1b: no
    [When Summoned]; Fossil Dragon), instead of into your hand."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        count = step.param("count", 1)
        look = "the top card" if count == 1 else f"the top {count} cards"
        after = []
        pick: Selector | None = step.param("pick")
        if pick is not None:
            # the picked cards are cards of the deck, whatever zone the selector names
            adjs, sing, plur, post = describe(dataclasses.replace(pick, zone="deck", side="self"))
            adj_s = " ".join(adjs) + " " if adjs else ""
            take = (
                "reveal {} and put {} into your hand"
                if step.param("reveal", False)
                else "put {} into your hand"
            )
            if step.param("to") == "field":  # ZR 11.1b
                take = take.replace("into your hand", "onto your field (not a summon)")
            if count == 1:
                what = f"{article(adj_s + sing)} {adj_s}{sing}{post}"
                after.append(f"If it is {what}, " + take.format("it", "it") + ".")
            else:
                many = pick.count == "all" or (isinstance(pick.count, int) and pick.count > 1)
                qty = (
                    "all"
                    if pick.count == "all"
                    else (f"up to {pick.count}" if pick.up_to else str(pick.count))
                )
                chosen = f"{qty} {adj_s}{plur if many else sing}{post} among them"
                after.append(cap(take.format(chosen, pronoun(many))) + ".")
        if step.param("rest") == "bottom_random":
            after.append("Put the rest on the bottom of your deck in random order.")
        elif step.param("rest") == "top_or_bottom":  # (Pentagona Orchestra Trainees)
            what = "it" if count == 1 and pick is None else "each of the rest"
            after.append(f"Put {what} back on the top or the bottom of your deck.")
        return Clause(None, f"look at {look} of your deck", after=" ".join(after))


@step(
    "must_block",
    schema={"target": "target", "until": ("battle",)},
    needs_target=True,
    question="which must block?",
    polarity=-1,
)
class MustBlock:
    """ZR 13.3: the chosen minions must block during this turn (`until = "battle"`: in this
    battle); with the target "opponent", the attack in progress must be blocked by some legal
    blocker (Doberman Tracer)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        if step.target == "opponent":
            return Clause("your opponent", "must block", "block")
        who = ctx.target(step.target)
        during = "this battle" if step.param("until") == "battle" else "this turn"
        return Clause(
            who.subj, f"must block during {during}", f"be required to block during {during}"
        )


@step("gain_movement", schema={"amount": int}, question="gain the Movement?")
class GainMovement:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, f"gain {step.param('amount', 1)} extra Movement")


@step(
    "add_mana",
    schema={"count": int, "rested": bool, "color": tuple(c for c in COLORS if c != "colorless")},
    question="add the mana?",
)
class AddMana:
    """`color`: mana tokens of that color instead of colorless ones (Margus: "red mana")."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        count = step.param("count", 1)
        color = step.param("color", "colorless")
        noun = f"{color} mana token" if count == 1 else f"{color} mana tokens"
        return Clause(None, f"put {count} {noun} into your base{_rested(step)}")


@step("cannot_block", schema={"target": "target"}, continuous=True, marks=("no_block",))
class CannotBlock:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        return Clause(who.subj, "cannot block", "not block")


@step("cannot_attack_forces", schema={"target": "target"}, continuous=True, marks=("no_forces",))
class CannotAttackForces:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        if isinstance(step.target, Selector) and step.target.side == "opponent":
            return Clause(who.subj, "cannot attack your Forces", "not attack your Forces")
        return Clause(who.subj, "cannot attack Forces", "not attack Forces")


BY: Final = {
    "opponent_magic": "your opponent's Magic cards",
    "opponent_minion_effects": "your opponent's minion effects",
    # ZR 10.1: effects of minions on the opponent's field (not mana, Force or trash effects)
    "opponent_minions_and_magic": "the effects of your opponent's minions and Magic cards",
    None: "your opponent's effects",
}


BY_VALUES: Final = tuple(k for k in BY if k is not None)


@step(
    "untargetable",
    schema={"target": "target", "by": BY_VALUES},
    continuous=True,
    needs_target=True,
    marks=("protected",),
)
class Untargetable:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        by = BY[step.param("by")]
        return Clause(who.subj, f"cannot be chosen by {by}", f"not be chosen by {by}")


@step(
    "cost_reduction",
    schema={"target": "target", "amount": "signed", "per": "selector"},
    required=("amount",),
    continuous=True,
    needs_target=True,
)
class CostReduction:
    """The basic cost (ZR 12.1) is reduced by `amount`, times the count of `per` (recounted
    continuously, ZR 10.10)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        amount = step.param("amount", 1)
        per = step.param("per")
        each = f" {per_words(per)}" if per is not None else ""
        # a negative amount is an increase of the basic cost (Belphegor, ZR 12.1)
        more = f"{-amount} more" if amount < 0 else f"{amount} less"
        return Clause(
            who.subj,
            f"{verb(who.plural, 'costs', 'cost')} {more}{each}",
            f"cost {more}{each}",
        )


@step("colorless_pays_pips", schema={"card_type": CARD_TYPES}, continuous=True)
class ColorlessPaysPips:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        kind = step.param("card_type")
        costs = f"{TYPE_LABELS[kind]} costs" if kind else "costs"
        verb_ = f"may pay the colored part of {costs} as any color"
        return Clause("your colorless mana", verb_, verb_)


@step(
    "gain_force_ability",
    schema={},
    question="gain a Force's effect?",
    asks={"force_ability": "which Force's effect?"},
)
class GainForceAbility:
    """Memoria: choose 1 of all the Forces of the pool (not only yours); this minion gets that
    Force's effects (its effect while Active, not the common [When Destroyed] of ZR 2.6) while it
    stays on the field: they are lost when it leaves (ZR 10.4)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target("this").obj
        return Clause(
            None, f"choose 1 Force among all the Forces, and {who} gets that Force's effect"
        )


@step("moves_active", schema={"to": ("base", "field"), "target": "target"}, continuous=True)
class MovesActive:
    """Cards arrive Active when they move between their owner's field and base: to `to` only, or
    (without it) either way; it overrides their state (ZR 7.2). The target is this card (the
    default; Flight: a field effect for the base, a <Base> effect for the field) or a selector:
    the cards of its side matching its filters (its zone is not read: the card is on its way)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        target = step.target if step.target is not None else "this"
        who = ctx.target(target)
        to = step.param("to")
        where = f"your {to}" if to is not None else "the field or the base"
        if isinstance(target, Selector) and to is not None:
            where = f"the {to}"
        move = verb(who.plural, "moves", "move")
        return Clause(who.subj, f"{move} to {where} Active", f"move to {where} Active")


@step("enters_base_rested", schema={"target": "target"}, continuous=True)
class EntersBaseRested:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        verb_ = verb(who.plural, "enters", "enter")
        return Clause(who.subj, f"{verb_} the base Rested", "enter the base Rested")
