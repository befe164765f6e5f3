"""The vocabulary terms of Boost (ZR 17) and banishing (ZR 18), which the CONTRACT (PC02) cards
bring:

- a Boost card's condition (`boost` in the card format, ZR 17.1): the minion it may be attached to,
  in the terms of selector filters (`color`, `cost_min`, `class`: their schema and runtime are the
  filters'), each with its words on the card ("Boost: Blue + Cost 4 or Higher"); an empty
  condition is "Boost: No Conditions"; `BOOST_CONDITIONS` holds them;
- <Boost Ability> (`boost_ability`, ZR 17.4): the keywords the minion has while the card is
  attached;
- the selector filter `boosted` (a minion with a Boost card attached: "a minion that has received
  a Boost", ZR 17.5);
- the condition `boost_in_play` (Scarlet: you have a minion that has received a Boost or a
  Boost mana in your base, ZR 17.5);
- the trigger `boosted` ([When Boosted], ZR 17.2), the step `banish` (ZR 18.1), and the
  continuous steps `cannot_be_destroyed` (ZR 18.2: no banish is stopped by it),
  `boost_ignores_conditions` (Revered Sapi: this minion may receive a Boost whatever its
  condition) and `boost_while_rested` (Black Sabre Jaguar: on your turn, your Rested Boost cards
  in the base may be attached too).

The engine's half is `zenonzard_tui.engine.terms.boost` (and the Boost action, engine/zones.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from zenonzard_tui.cards.model import KEYWORD_LABELS, Selector, Step
from zenonzard_tui.cards.terms.base import FilterWords, condition, selector_filter, step, trigger
from zenonzard_tui.cards.words import Clause, WordsContext
from zenonzard_tui.frozen import picklable


@dataclass(frozen=True, slots=True)
class BoostConditionTerm:
    """A part of a Boost condition: the selector filter it is (`name`: its schema and runtime are
    the filter's) and its words on the card (`words(value)`: "Blue", "Cost 4 or Higher")."""

    name: str
    words: Callable[[Any], str]


BOOST_CONDITIONS: Final[dict[str, BoostConditionTerm]] = {}


def boost_condition(name: str, words: Callable[[Any], str]) -> None:
    if name in BOOST_CONDITIONS:
        raise ValueError(f"the Boost condition {name!r} is registered twice")
    BOOST_CONDITIONS[name] = BoostConditionTerm(name, words)


# in the order the card writes them
boost_condition("color", lambda color: str(color).capitalize())
boost_condition("class", str)
boost_condition("cost_min", lambda n: f"Cost {n} or Higher")


def boost_text(condition: Selector) -> str:
    """The first line of a Boost card (ZR 17.1): "Boost: Blue + Cost 4 or Higher"."""
    parts = [
        BOOST_CONDITIONS[name].words(value)
        for name in BOOST_CONDITIONS
        for key, value in condition.filters
        if key == name
    ]
    return "Boost: " + (" + ".join(parts) if parts else "No Conditions")


def boost_ability_text(keywords: tuple[str, ...]) -> str:
    """<Boost Ability> (ZR 17.4): "<Boost Ability> Revenge"."""
    return "<Boost Ability> " + ", ".join(KEYWORD_LABELS[k] for k in keywords)


trigger("boosted", "When Boosted", rule="ZR 17.2")


def _boost_attached(sel: Selector) -> str:
    """Whenever a player of `watch.side` attaches one of their Boost cards from the base to a
    minion (the Boost action, ZR 17.2; Siren); the watch's filters read the minion."""
    who = {"self": "you attach one of your", "opponent": "your opponent attaches one of their",
           "any": "a player attaches one of their"}  # fmt: skip
    return f"whenever {who[sel.side]} Boost cards from the base to a minion"


trigger("boost_attached", "Passive", _boost_attached, cause="{s} boosted {n}", rule="ZR 17.2")


@step("banish", schema={"target": "target"}, needs_target=True, question="banish which?",
      polarity=-1)  # fmt: skip
class Banish:
    """ZR 18.1: into the banished zone, out of the game; not a destruction."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, f"banish {ctx.target(step.target).obj}")


@step("gain_ability", schema={"target": "target", "ability": "effect"}, required=("ability",),
      needs_target=True, question="which minion gains the ability?", polarity=1)  # fmt: skip
class GainAbility:
    """The chosen minions gain an ability (`ability`: a triggered effect, written as in
    `effects`) while they stay on the field (ZR 10.3 (e), lost when they leave, ZR 10.4), as
    their own: "this minion" in it is the minion, and a gained [When Destroyed] works from the
    trash as a printed one does. Sniper Ewan's [When Boosted] "This minion gains '[When
    Attacking] Your opponent must block.'"; Angel Charmi's "[When Destroyed] Return this minion
    to your hand."."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        from zenonzard_tui.cards.render import effect_text  # (the renderer imports the terms)

        who = ctx.target(step.target)
        inner = effect_text(step.param("ability"), ctx.owner, ctx.pool).rstrip(".")
        gains = "gain" if who.plural else "gains"
        return Clause(who.subj, f'{gains} "{inner}"', f'gain "{inner}"')


@step("cannot_be_destroyed", schema={"target": "target"}, continuous=True)
class CannotBeDestroyed:
    """ZR 18.2: the minions it names are not destroyed (a banish still takes them)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target or "this")
        return Clause(None, f"{who.subj} cannot be destroyed")


@step("boost_ignores_conditions", schema={}, continuous=True)
class BoostIgnoresConditions:
    """Revered Sapi (ZR 17.2): this minion may receive a Boost whatever the Boost card's
    condition."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, "this minion can receive the Boost effect ignoring its conditions")


@step("boost_while_rested", schema={}, continuous=True)
class BoostWhileRested:
    """Black Sabre Jaguar (ZR 17.2): your Boost cards in the base may be attached while Rested
    (with `during = "your_turn"` on the card: on your turn)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, "Boost mana in your base can grant its effect even while Rested")


@selector_filter("boosted", schema=bool)
class Boosted:
    """ZR 17.5: a minion with a Boost card attached ("a minion that has received a Boost",
    Sylvie), or (false) one without."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(("boosted",) if value else ("unboosted",))


@condition("boost_in_play", schema=bool)
class BoostInPlay:
    """ZR 17.5: you have a minion with a Boost card attached ("a minion that has received a
    Boost") or a Boost card in your base ("a Boost mana"); false: neither."""

    @staticmethod
    def words(value: bool, cond: tuple, ctx: WordsContext) -> str:
        if value:
            return "you have a minion that has received a Boost or a Boost mana in your base"
        return "you have neither a minion that has received a Boost nor a Boost mana in your base"


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(BoostConditionTerm)
