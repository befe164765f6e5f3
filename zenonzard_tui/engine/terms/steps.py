"""The steps (`do`) of the card vocabulary: for each, its parameters, its words and how it resolves
(docs/cards.md, "Steps"; ZR 6.4, ZR 6.5).

A one-shot step resolves as `resolve(game, ctx, step, targets)` on the game's task stack and says
whether it did what it said (for a later step's `if = { done = ... }`). A continuous step (only in
a passive effect) is applied by the query of the effects runtime that `query` names. Every choice
inside a step is a decision point: the step asks it and continues in a task.
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import TYPE_CHECKING

from zenonzard_tui.cards.model import (
    CARD_TYPES,
    KEYWORD_LABELS,
    TYPE_LABELS,
    CardDef,
    Selector,
    Step,
)
from zenonzard_tui.cards.words import (
    Clause,
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
from zenonzard_tui.engine.actions import CHOICE, Choice
from zenonzard_tui.engine.state import Mod, Slot
from zenonzard_tui.engine.terms.base import DURATIONS, step
from zenonzard_tui.engine.terms.selectors import card_matches

if TYPE_CHECKING:
    from zenonzard_tui.engine.effects import Ctx
    from zenonzard_tui.engine.game import Game

MANA_COLORS = ("red", "yellow", "white", "green", "blue", "purple")


def _slots(game: Game, targets: tuple) -> list[tuple[int, str, Slot]]:
    """The cards in play among the chosen targets: (seat, zone, slot)."""
    out = []
    for o in targets:
        if o[0] == "c":
            found = game.find_slot(o[1])
            if found is not None:
                out.append(found)
    return out


def _rested(step: Step) -> str:
    return " Rested" if step.param("rested", False) else ""


# ----------------------------------------------------------------------------------------------
# One-shot steps


def each_seat(game: Game, ctx: Ctx, each: bool) -> tuple[int, ...]:
    """The players a step acts for: you, or with `each` both players, the active player first
    (ZR 11.10)."""
    return (game.active, 1 - game.active) if each else (ctx.controller,)


@step("draw", schema={"count": int, "each": bool, "per": "selector", "hand_size": int})
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

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        from zenonzard_tui.engine import effects

        drawn = 0
        for seat in each_seat(game, ctx, step.param("each", False)):
            count = step.param("count", 1)
            per = step.param("per")
            if per is not None:
                count *= effects.count_of(game, per, ctx.controller)
            size = step.param("hand_size")
            if size is not None:
                count = size - len(game.players[seat].hand)
            if count > 0:
                drawn += game.draw(seat, count)
        return drawn > 0


@step("discard", schema={"count": int, "target": "target"})
class Discard:
    """From your hand: `count` cards of your choice, or with `target` (a selector of your hand)
    the cards it chooses (Wise Dramar: "1 Base Minion card from your hand")."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        if step.target is not None:
            return Clause(None, f"discard {ctx.target(step.target, 'from').obj}")
        return Clause(None, f"discard {cards_word(step.param('count', 1))}")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        p = game.players[ctx.controller]
        if step.target is not None:  # the selector chose them (ZR 6.4: none, nothing done)
            chosen = tuple(o for o in targets if o[0] == "c" and o[1] in p.hand)
            t_discard_done(game, ctx.controller, chosen)
            return bool(chosen)
        n = min(step.param("count", 1), len(p.hand))
        if n == 0:
            return False
        options = tuple(("c", uid) for uid in p.hand)
        game.ask(
            CHOICE,
            ctx.controller,
            Choice("discard", options, n, n, (t_discard_done, ctx.controller)),
        )
        return True


def t_discard_done(game: Game, seat: int, chosen: tuple) -> None:
    p = game.players[seat]
    for o in chosen:
        p.hand.remove(o[1])
        p.trash.append(o[1])
        game.log.add("discard", seat, o[1])


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
    },
    needs_target=True,
)
class Modify:
    """One-shot: a modifier on the chosen minions; in a passive effect, a continuous bonus (the
    effects runtime's `bp`, `dp`). `original_bp`/`original_dp` change the original value and
    `set_bp`/`set_dp` set the value (one-shot only; how they count: ZR 10.6). A one-shot `per`
    is counted once, as the step resolves (ZR 10.10)."""

    query = "bp"

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
        return Clause(who.subj, full, base)

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        times = 1
        per = step.param("per")
        if per is not None:  # ZR 10.10: counted once, on resolution
            times = _count_per(game, per, ctx.controller, ctx.source)
        mod = Mod(
            step.param("bp", 0) * times,
            step.param("dp", 0) * times,
            tuple(step.param("grant", ())),
            step.param("until"),
            base_bp=step.param("original_bp", 0),
            base_dp=step.param("original_dp", 0),
            set_bp=step.param("set_bp"),
            set_dp=step.param("set_dp"),
        )
        hit = False
        for seat, zone, slot in _slots(game, targets):
            if zone == "field":
                slot.mods = (*slot.mods, mod)
                game.log.add("modify", seat, slot.name, mod.bp, mod.dp, mod.grant, mod.until,
                             _special_words(mod))  # fmt: skip
                hit = True
        return hit


@step("destroy", schema={"target": "target"}, needs_target=True)
class Destroy:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, f"destroy {ctx.target(step.target).obj}")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        field: list[tuple[int, Slot]] = []
        mana: list[tuple[int, Slot]] = []
        for seat, zone, slot in _slots(game, targets):
            (field if zone == "field" else mana).append((seat, slot))
        for seat, slot in mana:  # mana: a card goes to the trash, a token leaves the game
            game.take_slot(slot.uid)
            game.leave_play(slot, seat, "trash")
            game.log.add("destroyed", seat, slot.uid, slot.name, "")
        if field:
            game.destroy([s.uid for _, s in field])
        forces = [o for o in targets if o[0] == "f"]  # ZR 13.11: outright, whatever its life
        hit = [game.destroy_force(o[1], o[2], "ZR 13.11") for o in forces]
        return bool(field or mana or any(hit))


def _set_rested(game: Game, targets: tuple, rested: bool) -> bool:
    changed: tuple[list, list] = ([], [])  # per seat: the names, for one log line each
    # ZR 14.5: what cannot become Active yet stays Rested
    locked: frozenset = frozenset()
    if game.lasting and not rested:
        from zenonzard_tui.engine.effects import locked_keys

        locked = locked_keys(game)
    for o in targets:
        if o[0] == "f":
            f = game.players[o[1]].forces[o[2]]
            # ZR 10.8: no change is not doing it; ZR 14.5: what cannot become Active stays Rested
            if not f.destroyed and f.rested != rested and o not in locked:
                f.rested = rested
                game.changed_play()
                changed[o[1]].append(f.force.name)
    for seat, _, slot in _slots(game, targets):
        if locked and ("c", slot.uid, slot.order) in locked:
            continue
        slot.rested = rested
        changed[seat].append(slot.card.name if slot.card is not None else None)
    for seat, names in enumerate(changed):
        if names:
            game.log.add("rest" if rested else "activate", seat, tuple(names))
    return bool(changed[0] or changed[1])


@step("rest", schema={"target": "target"}, needs_target=True)
class Rest:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, f"rest {ctx.target(step.target).obj}")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        return _set_rested(game, targets, True)


@step("activate", schema={"target": "target", "at": ("turn_end",)}, needs_target=True)
class Activate:
    """`at = "turn_end"`: a delayed effect, "when this turn ends, ..." (ZR 14.4): the targets are
    found then (the effects runtime's t_step keeps the step until the end phase)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        when = "when this turn ends, " if step.param("at") == "turn_end" else ""
        return Clause(None, f"{when}make {ctx.target(step.target).obj} Active")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        return _set_rested(game, targets, False)


@step("move_to_base", schema={"target": "target", "rested": bool}, needs_target=True)
class MoveToBase:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        dest = owner_zone(step.target, "base", who.plural)
        return Clause(None, f"move {who.obj} into {dest}{_rested(step)}")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hit = False
        for seat, zone, slot in _slots(game, targets):
            if zone != "field":
                continue
            hit = True
            assert slot.card is not None  # a minion on the field is a card or a token
            game.log.add("to_base", seat, slot.name, slot.card.type == "token")
            if slot.card.type == "token":  # a token cannot be mana: it ceases to exist (ZR 2.1)
                game.take_slot(slot.uid)
                continue
            slot.rested = bool(step.param("rested", False)) or slot.rested
            game.push((type(game).t_enter_base, seat, slot.uid, slot.rested, False))
        return hit


@step("to_hand", schema={"target": "target", "reveal": bool}, needs_target=True)
class ToHand:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target, "from")
        dest = owner_zone(step.target, "hand", who.plural)
        if step.target == "this" and isinstance(ctx.owner, CardDef) and ctx.owner.type == "magic":
            dest = "your hand"  # a Magic card returns itself to its user's hand (ZR 11.8)
        if step.param("reveal", False):
            return Clause(None, f"reveal {who.obj} and put {pronoun(who.plural)} into {dest}")
        return Clause(None, f"return {who.obj} to {dest}")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        hit = False
        # ZR 11.8: the active player's cards first, then by field slot (ZR 3.3 applies to each)
        active = game.active
        targets = tuple(
            sorted(targets, key=lambda o: game.controller_of(o[1]) not in (None, active))
        )
        for o in targets:
            uid = o[1]
            if uid in game.limbo and ctx.kind == "magic":  # ZR 11.8: the Magic card itself
                game.limbo.remove(uid)
                game.to_hand(ctx.controller, uid)
                game.log.add("to_hand", ctx.controller, uid, game.defs[uid].name)
                hit = True
                continue
            found = game.find_slot(uid)
            if found is not None:
                seat, _, slot = found
                game.take_slot(uid)
                game.leave_play(slot, seat, "hand")
                game.log.add("to_hand", seat, uid, slot.name)
                hit = True
                continue
            for p in game.players:
                for zone in (p.trash, p.deck):  # from the deck: a search (Goblin Queen)
                    if uid in zone:
                        if zone is p.trash:  # ZR 11.9: <Trash> may send it to the field
                            game.return_from_trash(p.seat, uid)
                            hit = True
                            continue
                        zone.remove(uid)
                        if step.param("reveal", False):
                            game.log.add("reveal", p.seat, uid)
                        else:
                            game.log.add("to_hand", p.seat, uid, game.defs[uid].name)
                        game.to_hand(p.seat, uid)
                        hit = True
        return hit


@step("put_into_base", schema={"target": "target", "rested": bool}, needs_target=True)
class PutIntoBase:
    """An effect places cards (ZR 11.1d): [When Placed] never triggers (ZR 11.6), but "is
    placed" watchers and Chain count it."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target, "from")
        dest = owner_zone(step.target, "base", who.plural)
        note = " ([When Placed] does not trigger)"
        return Clause(None, f"put {who.obj} into {dest}{_rested(step)}{note}")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        tasks = []
        for o in targets:
            uid = o[1]
            for p in game.players:
                for where, zone in (("hand", p.hand), ("deck", p.deck), ("trash", p.trash)):
                    if uid in zone:
                        zone.remove(uid)
                        game.limbo.append(uid)
                        game.log.add("into_base", p.seat, uid, where)
                        tasks.append(
                            (
                                type(game).t_enter_base,
                                p.seat,
                                uid,
                                bool(step.param("rested")),
                                False,  # ZR 11.6: only the mana phase triggers [When Placed]
                            )
                        )
        game.push(*tasks)
        return bool(tasks)


@cache
def _token_def(token: CardDef, bp_: int | None, dp_: int | None) -> CardDef:
    if bp_ is None and dp_ is None:
        return token
    bp = token.bp if bp_ is None else bp_
    dp = token.dp if dp_ is None else dp_
    return dataclasses.replace(token, bp=bp, dp=dp)


@step(
    "create_token",
    schema={"token": str, "count": int, "bp": int, "dp": int},
    required=("token",),
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

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        token = _token_def(game.catalog[step.param("token")], step.param("bp"), step.param("dp"))
        tasks = [
            (type(game).t_enter_field, ctx.controller, game.new_uid(), False, "put", token)
            for _ in range(step.param("count", 1))
        ]
        game.log.add("token", ctx.controller, token.name, len(tasks))
        game.push(*tasks)
        return True


@step("shuffle_deck", schema={})
class ShuffleDeck:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, "shuffle your deck")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        game.rng.shuffle(game.players[ctx.controller].deck)
        game.log.add("shuffle", ctx.controller)
        return True


@step("recolor_mana", schema={"target": "target"}, needs_target=True)
class RecolorMana:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        return Clause(None, f"change {who.obj} into mana of a color of your choice")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        slots = _slots(game, targets)
        if not slots:
            return False
        options = tuple(("color", c) for c in MANA_COLORS)
        game.ask(
            CHOICE,
            ctx.controller,
            Choice("color", options, 1, 1, (t_recolor_done, slots[0][2].uid)),
        )
        return True


def t_recolor_done(game: Game, uid: int, chosen: tuple) -> None:
    found = game.find_slot(uid)
    if found is not None and chosen:
        found[2].color = chosen[0][1]
        game.log.add("recolor", found[0], found[2].name, chosen[0][1])


@step(
    "look_top",
    schema={"count": int, "pick": "selector", "reveal": bool, "rest": ("bottom_random",)},
)
class LookTop:
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
        return Clause(None, f"look at {look} of your deck", after=" ".join(after))

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        """Look at the top cards; `pick` says which and how many of them go to the hand (its
        count, "up to" and "all"; without a count, one that matches)."""
        p = game.players[ctx.controller]
        n = min(step.param("count", 1), len(p.deck))
        if n == 0:
            return False
        top = tuple(p.deck[:n])
        del p.deck[:n]
        game.log.add("look", ctx.controller, n)
        game.limbo.extend(top)
        pick: Selector | None = step.param("pick")
        done = (t_look_done, ctx.controller, top, bool(step.param("reveal")), step.param("rest"))
        options = tuple(
            ("c", uid) for uid in top if pick is not None and card_matches(pick, game.defs[uid])
        )
        if not options:
            t_look_done(game, *done[1:], ())
            return False
        assert pick is not None
        if pick.count == "all":  # nothing to choose: every match goes
            t_look_done(game, *done[1:], options)
            return True
        assert isinstance(pick.count, int)
        most = min(pick.count, len(options))
        low = 0 if pick.up_to else most
        game.ask(CHOICE, ctx.controller, Choice("look_top", options, low, most, done))
        return True


def t_look_done(game: Game, seat: int, top: tuple, reveal: bool, rest_to: str | None,
                chosen: tuple) -> None:  # fmt: skip
    p = game.players[seat]
    rest = [u for u in top if ("c", u) not in chosen]
    for u in top:
        game.limbo.remove(u)
    for o in chosen:
        game.to_hand(seat, o[1])
        game.log.add("reveal" if reveal else "look_take", seat, o[1])
    if rest_to == "bottom_random":
        game.rng.shuffle(rest)
        p.deck.extend(rest)
    else:  # the rest stay on top, in their order
        p.deck[:0] = rest
    game.log.add("look_rest", seat, len(rest), rest_to or "top")


@step("must_block", schema={"target": "target", "until": ("battle",)}, needs_target=True)
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

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        attack = game.attack
        if step.target == "opponent":
            if attack is None or attack.seat != ctx.controller:
                return False
            attack.forced = True
            game.log.add("must_block", 1 - ctx.controller, "")
            return True
        battle = step.param("until") == "battle"
        hit = False
        for seat, zone, slot in _slots(game, targets):
            if zone == "field":
                if battle:
                    if attack is None:
                        continue
                    attack.named = (*attack.named, slot.uid)
                else:
                    slot.must_block = True
                game.log.add("must_block", seat, slot.name)
                hit = True
        return hit


@step("gain_movement", schema={"amount": int})
class GainMovement:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, f"gain {step.param('amount', 1)} extra Movement")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        p = game.players[ctx.controller]
        p.movement += step.param("amount", 1)
        game.log.add("gain_movement", ctx.controller, step.param("amount", 1), p.movement)
        return True


@step("add_mana", schema={"count": int, "rested": bool})
class AddMana:
    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        count = step.param("count", 1)
        noun = "colorless mana token" if count == 1 else "colorless mana tokens"
        return Clause(None, f"put {count} {noun} into your base{_rested(step)}")

    @staticmethod
    def resolve(game: Game, ctx: Ctx, step: Step, targets: tuple) -> bool:
        tasks = [
            (type(game).t_enter_base, ctx.controller, -1, bool(step.param("rested")), False)
            for _ in range(step.param("count", 1))
        ]
        game.log.add("add_mana", ctx.controller, len(tasks), bool(step.param("rested")))
        game.push(*tasks)
        return True


# ----------------------------------------------------------------------------------------------
# Continuous steps (only with when = "passive"): the effects runtime's `query` applies them


@step("cannot_block", schema={"target": "target"}, continuous=True)
class CannotBlock:
    query = "can_block"

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        return Clause(who.subj, "cannot block", "not block")


@step("cannot_attack_forces", schema={"target": "target"}, continuous=True)
class CannotAttackForces:
    query = "attack_targets"

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        if isinstance(step.target, Selector) and step.target.side == "opponent":
            return Clause(who.subj, "cannot attack your Forces", "not attack your Forces")
        return Clause(who.subj, "cannot attack Forces", "not attack Forces")


BY = {
    "opponent_magic": "your opponent's Magic cards",
    "opponent_minion_effects": "your opponent's minion effects",
    # ZR 10.1: effects of minions on the opponent's field (not mana, Force or trash effects)
    "opponent_minions_and_magic": "the effects of your opponent's minions and Magic cards",
    None: "your opponent's effects",
}
BY_VALUES = tuple(k for k in BY if k is not None)


@step(
    "untargetable",
    schema={"target": "target", "by": BY_VALUES},
    continuous=True,
    needs_target=True,
)
class Untargetable:
    query = "candidates"

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

    query = "cost_of"

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
    query = "payment"

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        kind = step.param("card_type")
        costs = f"{TYPE_LABELS[kind]} costs" if kind else "costs"
        verb_ = f"may pay the colored part of {costs} as any color"
        return Clause("your colorless mana", verb_, verb_)


@step("enters_base_rested", schema={"target": "target"}, continuous=True)
class EntersBaseRested:
    query = "enters_base_rested"

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        verb_ = verb(who.plural, "enters", "enter")
        return Clause(who.subj, f"{verb_} the base Rested", "enter the base Rested")


def _special_words(mod: Mod) -> str:
    """The log's words for a modifier's original-value changes and set values (ZR 10.6)."""
    if not mod.special:
        return ""
    parts = [
        f"{v:+d} original {stat}" for v, stat in ((mod.base_bp, "BP"), (mod.base_dp, "DP")) if v
    ]
    parts += [f"{stat} set to {v}" for v, stat in ((mod.set_bp, "BP"), (mod.set_dp, "DP"))
              if v is not None]  # fmt: skip
    return " and ".join(parts)


def _count_per(game: Game, sel: Selector, controller: int, source: int | None) -> int:
    """The effects runtime's count of a `per` selector (ZR 10.10)."""
    from zenonzard_tui.engine.effects import _count

    return _count(game, sel, controller, source)
