"""The runtime of the selector filters of the card vocabulary (their schema and words:
`zenonzard_tui.cards.terms.selectors`): for each, the test a card passes, and `card_matches`, whether
a card passes a whole selector."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from zenonzard_tui.cards.loader import normalize_name
from zenonzard_tui.cards.model import (
    CardDef,
    Selector,
)
from zenonzard_tui.engine.state import Slot
from zenonzard_tui.engine.terms.base import FILTER_RUNS, run_filter

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore


@run_filter("destroyed")
class Destroyed:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return True


@run_filter("token")
class Token:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return (card.type == "token") == value


@run_filter("color")
class Color:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return value in card.colors


@run_filter("class")
class Class:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return value in card.classes


@run_filter("bp_max")
class BpMax:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return slot is not None and fx.bp(game, slot, seat) <= value  # type: ignore[arg-type]


@run_filter("bp_min")
class BpMin:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return slot is not None and fx.bp(game, slot, seat) >= value  # type: ignore[arg-type]


@run_filter("cost_max")
class CostMax:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return (card.cost or 0) <= value


@run_filter("cost_min")
class CostMin:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return (card.cost or 0) >= value


@run_filter("lowest_cost")
class LowestCost:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        if not value:
            return True
        if slot is None or game is None:
            return False
        where = game.find_slot(slot.uid)
        if where is None or where[1] != "field":
            return False
        costs = [s.card.cost or 0 for s in game.players[where[0]].field if s.card is not None]
        return (card.cost or 0) == min(costs)


@run_filter("keyword")
class Keyword:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        if slot is not None:
            return fx.has_keyword(game, slot, value)  # type: ignore[arg-type]
        return value in card.keywords


@run_filter("name")
class Name:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return normalize_name(card.name) == normalize_name(value)


@run_filter("type")
class Type:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        if value == "minion":
            return card.type != "magic"
        return card.type == value


@run_filter("any_of")
class AnyOf:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return any(card_matches(alt, card, slot, game, seat) for alt in value)


@run_filter("has_trigger")
class HasTrigger:
    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return value in card.whens


_MATCH: Final = {name: run.matches for name, run in FILTER_RUNS.items()}  # resolved once


def card_matches(sel: Selector, card: CardDef, slot: Slot | None = None, game: GameCore | None = None,
                 seat: int | None = None) -> bool:  # fmt: skip
    """Does `card` (in play: `slot`, seen from `seat`) pass every filter of `sel`?"""
    for key, value in sel.filters:
        match = _MATCH.get(key)
        if match is None:  # a filter registered after this module (the families of part two)
            match = _MATCH[key] = FILTER_RUNS[key].matches
        if not match(value, card, slot, game, seat):
            return False
    return True


# Imported last: the effects runtime imports this module (its filters' BP and keywords come from
# there, and it reads `card_matches`).
from zenonzard_tui.engine import effects as fx  # noqa: E402
