"""The vocabulary terms for costs, history, delayed effects and mana: basic cost changes, "this turn you summoned/used", Magic-use triggers, resting and activating (ZR 11.12, ZR 12, ZR 14.1-14.5, ZR 14.7-14.8).

Steps: `cost_zero`, `raise_cost`, `mana_worth`, `summoned_twice`, `rest_one_more`, `stay_rested`,
`next_summon` (and the `per` of `cost_reduction`, the `at` of `activate`, in steps.py). Conditions:
`used_magic`, `summoned` (the turn history, ZR 14.1) and `you_have`. Filters: `colored`, `colors`.
Duration: `opponent_standby` (ZR 10.3 (d)). Their runtimes are in the effects runtime
(engine/effects.py: cost_of, payment, summon_doubled, rest_bonus and the lasting effects).
"""

from __future__ import annotations

from typing import Final

from zenonzard_tui.cards.model import COLORS, KEYWORD_LABELS, Selector, Step
from zenonzard_tui.cards.terms.base import (
    DURATIONS,
    FilterWords,
    condition,
    duration,
    selector_filter,
    step,
)
from zenonzard_tui.cards.words import Clause, WordsContext, article, describe, join

MANA_COLORS: Final = tuple(c for c in COLORS if c != "colorless")


duration("opponent_standby", "until the end of your opponent's next Standby Phase")


def _phrase(sel: Selector, noun: str) -> str:
    """ "a blue Magic card", "another yellow or colorless minion", "a minion with cost 5 or
    more": one card of what `sel` describes, named by `noun`."""
    adjs, _, _, post = describe(sel)
    other = "other" in adjs
    adjs = [a for a in adjs if a != "other"]
    adj_s = " ".join(adjs) + " " if adjs else ""
    lead = "another" if other else article(adj_s + noun)
    return f"{lead} {adj_s}{noun}{post}"


@selector_filter("colored", schema=bool)
class Colored:
    """Of a color (not colorless: "Color cards", 有色), or colorless (ZR 2.3)."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(("colored" if value else "colorless",))


@selector_filter("colors", schema="colors")
class Colors:
    """One of several colors ("yellow or colorless")."""

    @staticmethod
    def words(sel: Selector, value: tuple[str, ...]) -> FilterWords:
        return FilterWords((join(list(value)).replace(" and ", " or "),))


@condition("used_magic", schema="selector")
class UsedMagic:
    """ZR 14.1: you have used a Magic card matching the selector's filters this turn (its
    original, printed cost, ZR 12.3)."""

    @staticmethod
    def words(value: Selector, cond: tuple, ctx: WordsContext) -> str:
        return f"you have used {_phrase(value, 'Magic card')} this turn"


@condition("summoned", schema="selector")
class Summoned:
    """ZR 14.1: you have summoned (ZR 11.1a) a minion matching the selector's filters this turn;
    `other`: not this card."""

    @staticmethod
    def words(value: Selector, cond: tuple, ctx: WordsContext) -> str:
        return f"you have summoned {_phrase(value, 'minion')} this turn"


@condition("you_have", schema="selector")
class YouHave:
    """A minion matching the selector is on the field: yours (`side` self, the default reading),
    your opponent's or either player's; `other`: not this card."""

    @staticmethod
    def words(value: Selector, cond: tuple, ctx: WordsContext) -> str:
        who = {"self": "you have", "opponent": "your opponent has", "any": "there is"}
        return f"{who[value.side]} {_phrase(value, 'minion')}"


@step("use_requires", schema={"you_have": "selector"}, required=("you_have",), continuous=True)
class UseRequires:
    """<Hand> (ZR 6.3): this card cannot be used unless a minion matching `you_have` is on the
    field (yours by default, as the condition `you_have` reads it): Demon's Terror."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        unless = YouHave.words(step.param("you_have"), (), ctx)
        return Clause(
            "this card", f"cannot be used unless {unless}", f"not be used unless {unless}"
        )


@step(
    "cost_zero",
    schema={"target": "target", "part": ("basic", "all")},
    continuous=True,
    needs_target=True,
)
class CostZero:
    """Continuous: the basic cost (`part = "basic"`, the default: the pips stay) or the whole
    cost (`part = "all"`) of the cards becomes 0 (ZR 12.1, ZR 12.2); in the hand, for paying."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        part = "cost" if step.param("part", "basic") == "all" else "basic cost"
        return Clause(f"the {part} of {ctx.target(step.target).obj}", "becomes 0", "become 0")


@step(
    "raise_cost",
    schema={"target": "target", "amount": int},
    required=("amount",),
    needs_target=True,
    question="raise whose costs?",
    polarity=0,
)
class RaiseCost:
    """One-shot: until the end of the turn, the basic cost of the cards (a hand, "all") is
    increased (ZR 12.1). It works on whatever cards are there when a cost is paid (cards drawn
    later included: the sources are silent; a lasting reading is chosen)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        amount = step.param("amount", 1)
        until = DURATIONS["end_of_turn"].words
        verb = "cost" if who.plural else "costs"
        return Clause(who.subj, f"{verb} {amount} more {until}", f"cost {amount} more {until}")


@step(
    "mana_worth",
    schema={"amount": int, "color": MANA_COLORS, "paying_for": "selector"},
    required=("amount", "color"),
    continuous=True,
)
class ManaWorth:
    """Continuous, <Base>: when this mana pays for a card of `color`, it pays as `amount` mana
    of that color (ZR 11.12, Vahn Jean); it is rested only if needed, and then first. With
    `paying_for` (a selector's filters), for the cards matching it instead (Chloe: "a green or
    colorless Dragon Field Minion card")."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        color = str(step.param("color"))
        amount = step.param("amount", 1)
        what = f"pays as {amount} {color} mana"
        paying_for = step.param("paying_for")
        if paying_for is not None:
            adjs, sing, _, post = describe(Selector(zone="hand", filters=paying_for.filters))
            adj_s = " ".join(adjs) + " " if adjs else ""
            card = f"{article(adj_s + sing)} {adj_s}{sing}{post}"
        else:
            card = f"{article(color)} {color} card"
        return Clause(
            f"when this mana pays for {card}, it",
            what,
            f"pay as {amount} {color} mana",
        )


@step("summoned_twice", schema={}, continuous=True)
class SummonedTwice:
    """Continuous (Tillt & Wellt, ZR 14.3): the [When Summoned] effects of your summoned minions
    resolve twice in a row, choices made anew; puts onto the field are not doubled, and two
    such effects still make twice (ZR 10.7)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(
            "the [When Summoned] effects of your minions", "resolve twice", "resolve twice"
        )


@step("rest_one_more", schema={"amount": int}, continuous=True)
class RestOneMore:
    """Continuous (Millie, ZR 14.7): when you choose targets for an effect of yours that rests a
    chosen number of minions or Forces, you may choose `amount` more. Each such effect adds."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        amount = step.param("amount", 1)
        more = "1 more target" if amount == 1 else f"{amount} more targets"
        return Clause(
            None,
            "when you choose targets for an effect of yours that rests a chosen number of "
            f"minions or Forces, you may choose {more}",
        )


@step(
    "stay_rested",
    schema={"target": "target"},
    needs_target=True,
    question="which stays Rested?",
    polarity=0,
)
class StayRested:
    """One-shot (Binding Roses, ZR 14.5): the cards and Forces cannot become Active until the end
    of the opponent's next Standby Phase (ZR 10.3 (d), made on your turn): they skip the refresh
    step, and no effect makes them Active meanwhile."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        until = DURATIONS["opponent_standby"].words
        return Clause(who.subj, f"cannot become Active {until}", f"not become Active {until}")


@step(
    "next_summon",
    schema={"of": "selector", "grant": "keywords"},
    required=("grant",),
    question="give your next summon this?",
)
class NextSummon:
    """One-shot (Dwarven Champion, ZR 14.4): the next minion matching `of` that you summon this
    turn gets the keywords; puts onto the field do not use it up."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        grant = join([KEYWORD_LABELS[k] for k in step.param("grant", ())])
        what = _next_minion(step.param("of"))
        return Clause(f"the next {what} you summon this turn", f"gets {grant}", f"get {grant}")


def _next_minion(of: Selector | None) -> str:
    """ "red minion": what `next_summon` waits for."""
    adjs, _, _, post = describe(of) if of is not None else ([], "", "", "")
    adj_s = " ".join(adjs) + " " if adjs else ""
    return f"{adj_s}minion{post}"


@step("next_cost_zero", schema={"of": "selector"}, required=("of",), question="make it cost 0?")
class NextCostZero:
    """One-shot (Geraphon, ZR 12.1, ZR 14.4): this turn, the next card matching `of` that you
    use (summon or cast) costs 0, pips included; paying for it uses the effect up."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        of = step.param("of")
        adjs, sing, _, post = describe(of)
        what = " ".join([*adjs, sing]) + post
        return Clause(f"this turn, the next {what} you use", "costs 0", "cost 0")
