"""The vocabulary terms for costs, history, delayed effects and mana: basic cost changes, "this turn you summoned/used", Magic-use triggers, resting and activating (ZR 11.12, ZR 12, ZR 14.1-14.5, ZR 14.7-14.8).

Steps: `cost_zero`, `raise_cost`, `mana_worth`, `summoned_twice`, `rest_one_more`, `stay_rested`,
`next_summon` (and the `per` of `cost_reduction`, the `at` of `activate`, in steps.py). Conditions:
`used_magic`, `summoned` (the turn history, ZR 14.1) and `you_have`. Filters: `colored`, `colors`.
Duration: `opponent_standby` (ZR 10.3 (d)). Their runtimes are in the effects runtime
(engine/effects.py: cost_of, payment, summon_doubled, rest_bonus and the lasting effects).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from zenonzard_tui.cards.model import COLORS, KEYWORD_LABELS, CardDef, Effect, Selector, Step
from zenonzard_tui.cards.words import Clause, WordsContext, article, describe, join
from zenonzard_tui.engine.state import SEATS, Lasting, Slot
from zenonzard_tui.engine.terms.base import (
    DURATIONS,
    FilterWords,
    condition,
    duration,
    selector_filter,
    step,
)

if TYPE_CHECKING:
    from zenonzard_tui.engine.core import GameCore
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game

MANA_COLORS = tuple(c for c in COLORS if c != "colorless")

duration("opponent_standby", "until the end of your opponent's next Standby Phase", "t_mana_phase")


def _phrase(sel: Selector, noun: str) -> str:
    """ "a blue Magic card", "another yellow or colorless minion", "a minion with cost 5 or
    more": one card of what `sel` describes, named by `noun`."""
    adjs, _, _, post = describe(sel)
    other = "other" in adjs
    adjs = [a for a in adjs if a != "other"]
    adj_s = " ".join(adjs) + " " if adjs else ""
    lead = "another" if other else article(adj_s + noun)
    return f"{lead} {adj_s}{noun}{post}"


# ----------------------------------------------------------------------------------------------
# Selector filters


@selector_filter("colored", schema=bool)
class Colored:
    """Of a color (not colorless: "Color cards", 有色), or colorless (ZR 2.3)."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(("colored" if value else "colorless",))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return (card.color != "colorless") == value


@selector_filter("colors", schema="colors")
class Colors:
    """One of several colors ("yellow or colorless")."""

    @staticmethod
    def words(sel: Selector, value: tuple[str, ...]) -> FilterWords:
        return FilterWords((join(list(value)).replace(" and ", " or "),))

    @staticmethod
    def matches(value: Any, card: CardDef, slot: Slot | None, game: GameCore | None,
                seat: int | None) -> bool:  # fmt: skip
        return card.color in value


# ----------------------------------------------------------------------------------------------
# Conditions: the turn history (ZR 14.1) and what you have on the field


def _other_uid(it: tuple) -> int | None:
    """The card an effect-level condition belongs to (effects._source_it), for "another"."""
    return it[0][1] if it and it[0][0] == "c" else None


def _happened(game: GameCore, controller: int, kind: str, sel: Selector, it: tuple) -> bool:
    from zenonzard_tui.engine.terms.selectors import card_matches

    skip = _other_uid(it) if sel.other else None
    for record in game.this_turn:
        if (
            record.seat == controller
            and record.kind == kind
            and record.uid != skip
            and card_matches(sel, record.card)
        ):
            return True
    return False


@condition("used_magic", schema="selector")
class UsedMagic:
    """ZR 14.1: you have used a Magic card matching the selector's filters this turn (its
    original, printed cost, ZR 12.3)."""

    @staticmethod
    def words(value: Selector, cond: tuple, ctx: WordsContext) -> str:
        return f"you have used {_phrase(value, 'Magic card')} this turn"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return _happened(game, controller, "magic", value, it)


@condition("summoned", schema="selector")
class Summoned:
    """ZR 14.1: you have summoned (ZR 11.1a) a minion matching the selector's filters this turn;
    `other`: not this card."""

    @staticmethod
    def words(value: Selector, cond: tuple, ctx: WordsContext) -> str:
        return f"you have summoned {_phrase(value, 'minion')} this turn"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        return _happened(game, controller, "summon", value, it)


@condition("you_have", schema="selector")
class YouHave:
    """A minion matching the selector is on the field: yours (`side` self, the default reading),
    your opponent's or either player's; `other`: not this card."""

    @staticmethod
    def words(value: Selector, cond: tuple, ctx: WordsContext) -> str:
        who = {"self": "you have", "opponent": "your opponent has", "any": "there is"}
        return f"{who[value.side]} {_phrase(value, 'minion')}"

    @staticmethod
    def holds(game: GameCore, controller: int, it: tuple, done: bool, value: Any,
              cond: tuple) -> bool:  # fmt: skip
        from zenonzard_tui.engine.terms.selectors import card_matches

        skip = _other_uid(it) if value.other else None
        seats = {"self": (controller,), "opponent": (1 - controller,), "any": (0, 1)}
        for seat in seats[value.side]:
            for s in game.players[seat].field:
                if (
                    s.card is not None
                    and s.uid != skip
                    and card_matches(value, s.card, s, game, seat)
                ):
                    return True
        return False


# ----------------------------------------------------------------------------------------------
# Costs (ZR 12.1, ZR 12.2, ZR 11.12)


@step(
    "cost_zero",
    schema={"target": "target", "part": ("basic", "all")},
    continuous=True,
    needs_target=True,
)
class CostZero:
    """Continuous: the basic cost (`part = "basic"`, the default: the pips stay) or the whole
    cost (`part = "all"`) of the cards becomes 0 (ZR 12.1, ZR 12.2); in the hand, for paying."""

    query = "cost_of"

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        part = "cost" if step.param("part", "basic") == "all" else "basic cost"
        return Clause(f"the {part} of {ctx.target(step.target).obj}", "becomes 0", "become 0")


@step(
    "raise_cost",
    schema={"target": "target", "amount": int},
    required=("amount",),
    needs_target=True,
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

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects as fx

        amount = step.param("amount", 1)
        change = Step("cost_reduction", step.target, (("amount", -amount),))
        effect = Effect("passive", (change,))
        fx.add_lasting(game, Lasting(ctx.controller, "passive", ctx.name, ctx.kind, effect,
                                     until="end_of_turn", turn=game.turn))  # fmt: skip
        sel = step.target
        if isinstance(sel, Selector):
            adjs, _, plur, post = describe(sel)
            what = " ".join([*adjs, plur]) + post
            game.log.add("cost_change", ctx.controller, ctx.name, sel.side, what, amount)
        return True


@step(
    "mana_worth",
    schema={"amount": int, "color": MANA_COLORS},
    required=("amount", "color"),
    continuous=True,
)
class ManaWorth:
    """Continuous, <Base>: when this mana pays for a card of `color`, it pays as `amount` mana
    of that color (ZR 11.12, Vahn Jean); it is rested only if needed, and then first."""

    query = "payment"

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        color = str(step.param("color"))
        amount = step.param("amount", 1)
        what = f"pays as {amount} {color} mana"
        return Clause(
            f"when this mana pays for {article(color)} {color} card, it",
            what,
            f"pay as {amount} {color} mana",
        )


# ----------------------------------------------------------------------------------------------
# Special triggers (ZR 14.3, ZR 14.7)


@step("summoned_twice", schema={}, continuous=True)
class SummonedTwice:
    """Continuous (Tillt & Wellt, ZR 14.3): the [When Summoned] effects of your summoned minions
    resolve twice in a row, choices made anew; puts onto the field are not doubled, and two
    such effects still make twice (ZR 10.7)."""

    query = "summon_doubled"

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(
            "the [When Summoned] effects of your minions", "resolve twice", "resolve twice"
        )


@step("rest_one_more", schema={"amount": int}, continuous=True)
class RestOneMore:
    """Continuous (Millie, ZR 14.7): when you choose targets for an effect of yours that rests a
    chosen number of minions or Forces, you may choose `amount` more. Each such effect adds."""

    query = "rest_bonus"

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        amount = step.param("amount", 1)
        more = "1 more target" if amount == 1 else f"{amount} more targets"
        return Clause(
            None,
            "when you choose targets for an effect of yours that rests a chosen number of "
            f"minions or Forces, you may choose {more}",
        )


# ----------------------------------------------------------------------------------------------
# Lasting and delayed effects (ZR 14.4, ZR 14.5)


@step(
    "stay_rested",
    schema={"target": "target"},
    needs_target=True,
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

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects as fx

        keys = []
        names = []
        for o in targets:
            if o[0] == "f":
                f = game.players[o[1]].forces[o[2]]
                if not f.destroyed:
                    keys.append(("f", o[1], o[2]))
                    names.append(f"{SEATS[o[1]]}'s {f.force.name}")  # for the log
            elif o[0] == "c":
                found = game.find_slot(o[1])
                if found is not None:
                    keys.append(("c", found[2].uid, found[2].order))
                    names.append(f"{SEATS[found[0]]}'s {found[2].name}")
        if not keys:
            return False
        fx.add_lasting(game, Lasting(ctx.controller, "locked", ctx.name, ctx.kind, until="opponent_standby",
                                     turn=game.turn, keys=tuple(keys)))  # fmt: skip
        game.log.add("locked", ctx.controller, tuple(names))
        return True


@step("next_summon", schema={"of": "selector", "grant": "keywords"}, required=("grant",))
class NextSummon:
    """One-shot (Dwarven Champion, ZR 14.4): the next minion matching `of` that you summon this
    turn gets the keywords; puts onto the field do not use it up."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        grant = join([KEYWORD_LABELS[k] for k in step.param("grant", ())])
        what = _next_minion(step.param("of"))
        return Clause(f"the next {what} you summon this turn", f"gets {grant}", f"get {grant}")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects as fx

        fx.add_lasting(game, Lasting(ctx.controller, "next_summon", ctx.name, ctx.kind, step=step,
                                     turn=game.turn))  # fmt: skip
        what = _next_minion(step.param("of"))
        game.log.add("next_summon", ctx.controller, ctx.name, what, tuple(step.param("grant", ())))
        return True


def _next_minion(of: Selector | None) -> str:
    """ "red minion": what `next_summon` waits for."""
    adjs, _, _, post = describe(of) if of is not None else ([], "", "", "")
    adj_s = " ".join(adjs) + " " if adjs else ""
    return f"{adj_s}minion{post}"
