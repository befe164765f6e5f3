"""The selector filters of the card vocabulary (docs/cards.md, "Selectors"): for each, its value's
type, its words in a noun phrase and the test a card passes.

Registered in the order their words are written: adjectives ("undestroyed token red Golem"), then
qualities after "with" ("400 BP or less", "cost 5 or more", "Charge"), then a name. `type` and
`token` also choose the noun (`zenonzard_tui.cards.words.noun`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zenonzard_tui.cards.loader import normalize_name
from zenonzard_tui.cards.model import (
    CARD_TYPES,
    COLORS,
    KEYWORD_LABELS,
    KEYWORDS,
    CardDef,
    Selector,
)
from zenonzard_tui.cards.words import noun, value_range
from zenonzard_tui.engine.state import Slot
from zenonzard_tui.engine.terms.base import FILTERS, FilterWords, selector_filter

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore


@selector_filter("destroyed", schema=bool)
class Destroyed:
    """Forces: destroyed or not (the effects runtime's `candidates` and `per` counts read it;
    a card passes it)."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(("destroyed",) if value else ("undestroyed",))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return True


@selector_filter("token", schema=bool, shapes_noun=True)
class Token:
    """On the field: a Token Minion or not; in the base: a colorless mana token or not."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(tuple(noun(sel)[2]))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return (card.type == "token") == value


@selector_filter("color", schema=COLORS)
class Color:
    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords((value,))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return card.color == value


@selector_filter("class", schema=str)
class Class:
    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords((value,))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return value in card.classes


@selector_filter("bp_max", schema=int)
class BpMax:
    """Current BP (modifiers and continuous effects included): only cards in play have it."""

    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        return FilterWords(quality=value_range(sel.filter("bp_min"), value, "BP"))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return slot is not None and fx.bp(game, slot, seat) <= value  # type: ignore[arg-type]


@selector_filter("bp_min", schema=int)
class BpMin:
    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        if sel.filter("bp_max") is not None:
            return FilterWords()  # bp_max writes the range
        return FilterWords(quality=value_range(value, None, "BP"))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return slot is not None and fx.bp(game, slot, seat) >= value  # type: ignore[arg-type]


@selector_filter("cost_max", schema=int)
class CostMax:
    """The printed cost; a Base Minion counts as cost 0 (ZR 2.4)."""

    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        return FilterWords(quality=value_range(sel.filter("cost_min"), value, "cost"))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return (card.cost or 0) <= value


@selector_filter("cost_min", schema=int)
class CostMin:
    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        if sel.filter("cost_max") is not None:
            return FilterWords()  # cost_max writes the range
        return FilterWords(quality=value_range(value, None, "cost"))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return (card.cost or 0) >= value


@selector_filter("keyword", schema=KEYWORDS)
class Keyword:
    """In play, granted keywords count too."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords(quality=KEYWORD_LABELS[value])

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        if slot is not None:
            return fx.has_keyword(game, slot, value)  # type: ignore[arg-type]
        return value in card.keywords


@selector_filter("name", schema=str)
class Name:
    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords(after=f' named "{value}"')

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return normalize_name(card.name) == normalize_name(value)


@selector_filter("type", schema=(*CARD_TYPES, "minion"), shapes_noun=True)
class Type:
    """A card type; "minion": any minion card, token included."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords()  # the noun says it: "Base Minion", "Magic card"

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        if value == "minion":
            return card.type != "magic"
        return card.type == value


_MATCH = {name: term.matches for name, term in FILTERS.items()}  # resolved once


def card_matches(sel: Selector, card: CardDef, slot: Slot | None = None, game: GameCore | None = None,
                 seat: int | None = None) -> bool:  # fmt: skip
    """Does `card` (in play: `slot`, seen from `seat`) pass every filter of `sel`?"""
    for key, value in sel.filters:
        match = _MATCH.get(key)
        if match is None:  # a filter registered after this module (the families of part two)
            match = _MATCH[key] = FILTERS[key].matches
        if not match(value, card, slot, game, seat):
            return False
    return True


# Imported last: the effects runtime imports this module (its filters' BP and keywords come from
# there, and it reads `card_matches`).
from zenonzard_tui.engine import effects as fx  # noqa: E402
