"""The conditions (`if`) of the card vocabulary, for an effect or a step (docs/cards.md,
"Conditions"): for each, its value's type, its words ("if you do") and whether it holds."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zenonzard_tui.cards.model import COLORS
from zenonzard_tui.cards.words import WordsContext, article
from zenonzard_tui.engine.terms.base import CONDITIONS, condition

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore


def _value(cond: tuple, name: str) -> Any:
    for key, value in cond:
        if key == name:
            return value
    return None


@condition("mana_color", schema=COLORS)
class ManaColor:
    """With at_least: you have N or more mana of that color in your base."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        return f"you have {_value(cond, 'at_least')} or more {value} mana in your base"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        have = sum(1 for s in game.players[controller].base if s.color == value)
        return have >= _value(cond, "at_least")


condition("at_least", schema=int, companion="mana_color")(type("AtLeast", (), {}))


@condition("mana_at_least", schema=int)
class ManaAtLeast:
    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        return f"you have {value} or more mana in your base"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return len(game.players[controller].base) >= value


@condition("it_class", schema=str)
class ItClass:
    """The card chosen by the previous step has this class."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        that = ctx.last.that if ctx.last else "that card"
        verb = "are" if ctx.last and ctx.last.plural else "is"
        return f"{that} {verb} {article(value)} {value}"

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


@condition("opponent_turn", schema=bool)
class OpponentTurn:
    """It is (or is not) your opponent's turn."""

    @staticmethod
    def words(value: bool, cond: tuple, ctx: WordsContext) -> str:
        return "it is your opponent's turn" if value else "it is your turn"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return (game.active != controller) == value


@condition("done", schema=bool)
class Done:
    """The previous step did what it said."""

    @staticmethod
    def words(value: bool, cond: tuple, ctx: WordsContext) -> str:
        return "you do" if value else "you do not"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return done == value


_HOLDS = {name: term.holds for name, term in CONDITIONS.items()}


def condition_ok(
    game: GameCore, cond: tuple, controller: int, it: tuple, done: bool = True
) -> bool:
    """Does every term of the condition `cond` hold for the effect's controller? (`it`: what the
    previous step chose; `done`: whether it did what it said.)"""
    for key, value in cond:
        holds = _HOLDS.get(key)
        if holds is None and key not in _HOLDS:  # registered after this module (part two)
            holds = _HOLDS[key] = CONDITIONS[key].holds  # None for a companion (at_least)
        if holds is not None and not holds(game, controller, it, done, value, cond):
            return False
    return True


def condition_words(cond: tuple, ctx: WordsContext) -> str:
    """The "if ..." words of a condition, without the comma: "if you do"."""
    parts = []
    for key, value in cond:
        term = CONDITIONS.get(key)
        if term is None:
            raise ValueError(f"no rendering for the condition {key!r}")
        if term.words is not None:
            parts.append(term.words(value, cond, ctx))
    return "if " + " and ".join(parts) if parts else ""
