"""The vocabulary terms for the hand, the deck and the trash: searches, looks, returns to the hand,
discards, copies, Kiska, and the destroy effects of the AWAKEN and BEYOND cards (ZR 11.8-11.11,
ZR 14.6). docs/cards.md explains each term with the text it renders.

Selector filters: `dp_max` (current DP, Water Shooter), `rested` (Falling Rock), `names` (one of
several names, Traveler of the Wastes) and `not_name` (Goblin Queen). Steps: `discard_hand`
(Enrico), `redraw` (Platorna), `mill` (Kiska: "discard the top N cards of your deck"),
`copy_to_hand` (Janus), `copy_onto_field` (Shapeshifter), `to_deck_top` (Eleksai) and `trash_destroyed_effects` (Kiska's trash
effects). Triggers:
`minion_destroyed` (Mordo) and `deck_discarded` (Kiska). `draw` (each player, for each, up to a
hand size), `discard` (a chosen kind of card) and `to_hand` ("return this card to your hand") are
parameters of the BASIC steps in steps.py.
"""

from __future__ import annotations

import dataclasses

from zenonzard_tui.cards.model import Selector, Step
from zenonzard_tui.cards.terms.base import FilterWords, selector_filter, step, trigger
from zenonzard_tui.cards.terms.triggers import _event
from zenonzard_tui.cards.words import (
    OWNER,
    Clause,
    WordsContext,
    cards_word,
    describe,
    owner_zone,
    value_range,
)


@selector_filter("dp_max", schema=int)
class DpMax:
    """Current DP (modifiers and continuous effects included): only cards in play have it
    ("a minion with 0 DP", Water Shooter)."""

    @staticmethod
    def words(sel: Selector, value: int) -> FilterWords:
        return FilterWords(quality="0 DP" if value == 0 else value_range(None, value, "DP"))


@selector_filter("rested", schema=bool)
class Rested:
    """In play: Rested (true) or Active (false) (ZR 3.2; Falling Rock)."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(("Rested",) if value else ("Active",))


def _quoted(names: tuple[str, ...]) -> str:
    quoted = [f'"{n}"' for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


@selector_filter("names", schema="names")
class Names:
    """One of several names (Traveler of the Wastes searches for the six villagers)."""

    @staticmethod
    def words(sel: Selector, value: tuple[str, ...]) -> FilterWords:
        return FilterWords(after=f" named {_quoted(value)}")


@selector_filter("not_name", schema=str)
class NotName:
    """Any name but this one (Goblin Queen: a Goblin that is not "Goblin Queen")."""

    @staticmethod
    def words(sel: Selector, value: str) -> FilterWords:
        return FilterWords(after=f' not named "{value}"')


@step("discard_hand", schema={"each": bool}, question="discard your hand?")
class DiscardHand:
    """You (or with `each`, each player, the active player first: ZR 11.10) discard every card
    of the hand (Enrico)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        if step.param("each", False):
            return Clause("each player", "discards their hand", "discard their hand")
        return Clause(None, "discard your hand")


@step("redraw", schema={}, question="redraw?")
class Redraw:
    """Platorna (ZR 11.10): discard any number of cards from your hand, draw as many, then put
    the discarded cards on the bottom of your deck in random order; they never touch the trash."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        after = (
            "Then, draw the same number of cards. Put the discarded cards on the bottom of your "
            "deck in random order instead of into the trash."
        )
        return Clause(None, "discard any number of cards from your hand", after=after)


@step("mill", schema={"count": int, "it_cost": bool}, question="discard the top of your deck?")
class Mill:
    """ "Discard the top N cards of your deck" (Kiska): into the trash one by one from the top
    (ZR 11.10; an empty deck is not a loss, ZR 1.3). `it_cost`: N is the printed cost of the
    card the previous step chose (Shatterbourne: "as many as the cost of the minion destroyed";
    a Base Minion or nothing chosen: 0)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        if step.param("it_cost"):
            that = ctx.target("it").obj
            return Clause(
                None, f"discard as many cards from the top of your deck as the cost of {that}"
            )
        count = step.param("count", 1)
        top = "the top card" if count == 1 else f"the top {cards_word(count)}"
        return Clause(None, f"discard {top} of your deck")


@step(
    "copy_to_hand",
    schema={"target": "target"},
    needs_target=True,
    question="copy which into your hand?",
    polarity=0,
)
class CopyToHand:
    """Janus (ZR 11.11): a new card identical to the chosen minion's card goes into your hand,
    owned by you (ZR 3.3 applies); deck limits do not matter. A token has no card to copy."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, f"add a copy of the card of {ctx.target(step.target).obj} to your hand")


@step(
    "copy_onto_field",
    schema={"target": "target"},
    needs_target=True,
    question="copy which onto your field?",
    polarity=0,
)
class CopyOntoField:
    """Shapeshifter (ZR 11.11, ZR 11.1b): a new card identical to the chosen minion's card is put
    onto your field, owned by you: not a summon, so no [When Summoned] and no Chain."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        return Clause(
            None, f"put a copy of {who.obj} onto your field ([When Summoned] does not trigger)"
        )


@step(
    "to_deck_top",
    schema={"target": "target"},
    needs_target=True,
    question="return which to the top of its owner's deck?",
    polarity=-1,
)
class ToDeckTop:
    """Eleksai: the chosen minions go on top of their owners' decks (a token leaves the game
    instead, ZR 11.7; a card attached to it goes back to the base, ZR 17.6)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        dest = owner_zone(step.target, "deck", who.plural)
        return Clause(None, f"return {who.obj} to the top of {dest}")


@step("trash_destroyed_effects", schema={}, question="resolve those [When Destroyed] effects?")
class TrashDestroyedEffects:
    """Kiska (ZR 14.6): of the cards just discarded from the deck (the trigger's `it`, top
    first), the topmost that has a [When Destroyed] effect resolves all of them from the trash,
    as trash effects (ZR 10.1): they belong to no card on the field ("this" is nothing)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        verb = "resolves all its [When Destroyed] effects from the trash"
        return Clause(
            "the topmost of them that has a [When Destroyed] effect",
            verb,
            verb.replace("s ", " ", 1),
        )


def _deck_discarded(sel: Selector) -> str:
    """Whenever cards of `watch.side`'s deck matching the filters are discarded from it."""
    adjs, _, plur, post = describe(dataclasses.replace(sel, zone="deck"))
    adj_s = " ".join(adjs) + " " if adjs else ""
    side = "self" if sel.side == "any" else sel.side
    deck = "a deck" if sel.side == "any" else f"{OWNER[side]} deck"
    return f"whenever {adj_s}{plur}{post} are discarded from {deck}"


# Mordo: raised by Zones.destroy for each destroyed minion (not mana), tokens included (ZR 11.7)
trigger("minion_destroyed", "Passive", _event("is destroyed"), cause="{s}'s {n} was destroyed")
# Kiska: raised once per batch of cards discarded from a deck (ZR 14.6)
trigger("deck_discarded", "Passive", _deck_discarded, cause="cards were discarded from {s}'s deck")
