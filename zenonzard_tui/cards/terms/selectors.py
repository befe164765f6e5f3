"""The selector filters of the card vocabulary (docs/cards.md, "Selectors"): for each, its value's
type and its words in a noun phrase; the test a card passes is its runtime
(`zenonzard_tui.engine.terms.selectors`).

Registered in the order their words are written: adjectives ("undestroyed token red Golem"), then
qualities after "with" ("400 BP or less", "cost 5 or more", "Charge"), then a name. `type` and
`token` also choose the noun (`zenonzard_tui.cards.words.noun`).
"""

from __future__ import annotations

from typing import Final

from zenonzard_tui.cards.model import (
    CARD_TYPES,
    COLORS,
    KEYWORD_LABELS,
    KEYWORDS,
    Selector,
)
from zenonzard_tui.cards.terms.base import TRIGGERS, FilterWords, selector_filter
from zenonzard_tui.cards.words import noun, value_range


@selector_filter("destroyed", schema=bool)
class Destroyed:
    """Forces: destroyed or not (the effects runtime's `candidates` and `per` counts read it;
    a card passes it)."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(("destroyed",) if value else ("undestroyed",))


@selector_filter("token", schema=bool, shapes_noun=True)
class Token:
    """On the field: a Token Minion or not; in the base: a colorless mana token or not."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(tuple(noun(sel)[2]))


@selector_filter("color", schema=COLORS)
class Color:
    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords((value,))


@selector_filter("class", schema=str)
class Class:
    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords((value,))


@selector_filter("bp_max", schema=int)
class BpMax:
    """Current BP (modifiers and continuous effects included): only cards in play have it."""

    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        return FilterWords(quality=value_range(sel.filter("bp_min"), value, "BP"))


@selector_filter("bp_min", schema=int)
class BpMin:
    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        if sel.filter("bp_max") is not None:
            return FilterWords()  # bp_max writes the range
        return FilterWords(quality=value_range(value, None, "BP"))


@selector_filter("cost_max", schema=int)
class CostMax:
    """The printed cost; a Base Minion counts as cost 0 (ZR 2.4)."""

    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        return FilterWords(quality=value_range(sel.filter("cost_min"), value, "cost"))


@selector_filter("cost_min", schema=int)
class CostMin:
    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        if sel.filter("cost_max") is not None:
            return FilterWords()  # cost_max writes the range
        return FilterWords(quality=value_range(value, None, "cost"))


@selector_filter("lowest_cost", schema=bool)
class LowestCost:
    """On the field: the minions of the lowest printed cost among their controller's minions
    (a Base Minion counts as cost 0, ZR 2.4): Frieren banishes "all your opponent's lowest cost
    minions", however many share that cost."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(("lowest-cost",) if value else ())


@selector_filter("keyword", schema=KEYWORDS)
class Keyword:
    """In play, granted keywords count too."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords(quality=KEYWORD_LABELS[value])


@selector_filter("name", schema=str)
class Name:
    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords(after=f' named "{value}"')


@selector_filter("type", schema=(*CARD_TYPES, "minion"), shapes_noun=True)
class Type:
    """A card type; "minion": any minion card, token included."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords()  # the noun says it: "Base Minion", "Magic card"


@selector_filter("any_of", schema="selectors")
class AnyOf:
    """Cards that pass any one of the alternatives, each a table of filters (Selika: "that is
    yellow or has cost 9 or more": `any_of = [{ color = "yellow" }, { cost_min = 9 }]`)."""

    @staticmethod
    def words(sel: Selector, value: tuple[Selector, ...]) -> FilterWords:
        from zenonzard_tui.cards.words import describe

        alts = []
        for alt in value:
            adjs, _, _, post = describe(alt)
            says = [f"is {' '.join(adjs)}"] if adjs else []
            if post.startswith(" with "):
                says.append(f"has {post[len(' with ') :]}")
            elif post:
                says.append(f"is{post}")
            alts.append(" and ".join(says))
        return FilterWords(after=f" that {' or '.join(alts)}")


# the card triggers a card may be asked about ("a minion that has a [When Destroyed] effect")
CARD_TRIGGERS: Final = ("summoned", "placed", "attacking", "blocking", "destroyed", "advancing",
                 "retreating", "turn_start", "turn_end", "boosted")  # fmt: skip


@selector_filter("has_trigger", schema=CARD_TRIGGERS)
class HasTrigger:
    """Cards with an effect of that trigger, as printed (Cyclops Dragon: "a minion that has a
    [When Destroyed] effect"; a combined label "[A] & [B]" counts for both, ZR 10.9)."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords(quality=f"a [{TRIGGERS[value].label}] effect")
