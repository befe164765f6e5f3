"""The conditions (`if`) of the card vocabulary, for an effect or a step (docs/cards.md,
"Conditions"): for each, its value's type and its words ("if you do"); whether it holds is its
runtime (`zenonzard_tui.engine.terms.conditions`)."""

from __future__ import annotations

from typing import Any, Final

from zenonzard_tui.cards.model import COLORS
from zenonzard_tui.cards.terms.base import CONDITIONS, condition
from zenonzard_tui.cards.words import WordsContext, article


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


condition("at_least", schema=int, companion="mana_color")(type("AtLeast", (), {}))


@condition("mana_at_least", schema=int)
class ManaAtLeast:
    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        return f"you have {value} or more mana in your base"


@condition("it_class", schema=str)
class ItClass:
    """The card chosen by the previous step has this class."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        that = ctx.last.that if ctx.last else "that card"
        verb = "are" if ctx.last and ctx.last.plural else "is"
        return f"{that} {verb} {article(value)} {value}"


@condition("opponent_turn", schema=bool)
class OpponentTurn:
    """It is (or is not) your opponent's turn."""

    @staticmethod
    def words(value: bool, cond: tuple, ctx: WordsContext) -> str:
        return "it is your opponent's turn" if value else "it is your turn"


@condition("done", schema=bool)
class Done:
    """The previous step did what it said."""

    @staticmethod
    def words(value: bool, cond: tuple, ctx: WordsContext) -> str:
        return "you do" if value else "you do not"


@condition("once_per_turn", schema=("this", "name"), plain=True)
class OncePerTurn:
    """The effect resolves at most once per turn: `"this"` for this card (Hargen: "once per
    turn, ..."), `"name"` for all its controller's cards of this card's name together (Lord
    Empyrean: "your "X" effects work only once per turn"). It is used when it resolves (its
    condition held as it began), whatever it then did."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        if value == "name" and ctx.owner is not None:
            return f'once per turn among your cards named "{ctx.owner.name}"'
        return "once per turn"


# the ten Forces by their word ("force_" + word is the Force's id, cards/data/forces.toml)
FORCE_WORDS: Final = ("sin", "eternity", "fusion", "rebirth", "triumph", "harmony", "sanctity",
               "ascension", "insight", "temptation")  # fmt: skip


@condition("chosen_force", schema=FORCE_WORDS)
class ChosenForce:
    """ZR 20.1 (the EX01 Knights): the Force of that word is one of your two Forces, whatever its
    state (Active, Rested or destroyed); with the rule option `chosen_force_needs_undestroyed`,
    only while it is not destroyed."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        return f"you have chosen the Force of {value.capitalize()}"


def condition_words(cond: tuple, ctx: WordsContext) -> str:
    """The "if ..." words of a condition, without the comma: "if you do"; a plain condition's
    words come first, without "if" ("once per turn, if you do")."""
    plain: list[str] = []
    parts: list[str] = []
    for key, value in cond:
        term = CONDITIONS.get(key)
        if term is None:
            raise ValueError(f"no rendering for the condition {key!r}")
        if term.words is not None:
            (plain if term.plain else parts).append(term.words(value, cond, ctx))
    words = ", ".join(plain)
    if parts:
        words += (", " if words else "") + "if " + " and ".join(parts)
    return words
