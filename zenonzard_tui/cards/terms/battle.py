"""The vocabulary terms for attacks and battles: winning a battle, must block, blocking restrictions, attack triggers (ZR 13.1-13.4, ZR 13.12).

- triggers: `won_battle` (this minion wins a battle), `minion_wins_battle`, `minion_attacks`,
  `attack_blocked` (whenever-triggers; the watched minion is the effect's `it`);
- the duration `opponent_next_turn` (ZR 10.3 (c));
- conditions: `attack_target` (what the current attack targets), `opponent_forces_at_least`,
  `minions_at_most`;
- steps: `cannot` (attack, block, move: ZR 13.4), `cannot_be_blocked` (ZR 13.3, ZR 13.4),
  `wins_battles` (regardless of BP, ZR 13.1), `destroyed_after_battle` (Maddor, ZR 13.2) and
  `gain_trigger` (a whenever-trigger you have until the end of the turn: Lock-On, Arondai,
  Dimensional Break). `must_block` (ZR 13.3) is in `steps`.
"""

from __future__ import annotations

from typing import Final

from zenonzard_tui.cards.model import Selector, Step
from zenonzard_tui.cards.terms.base import (
    DURATIONS,
    TRIGGERS,
    FilterWords,
    condition,
    duration,
    selector_filter,
    step,
    trigger,
)
from zenonzard_tui.cards.terms.triggers import _event
from zenonzard_tui.cards.words import OWNER, Clause, WordsContext, describe, verb


def _attack_blocked(sel: Selector) -> str:
    """Whenever an attack by one of the watched minions is blocked (Arondai); `this = true`:
    the watching card's own attack (Fiery's <Boost Ability>: the boosted minion's)."""
    if sel.filter("this"):
        return "whenever this minion is blocked"
    adjs, sing, plur, post = describe(sel)
    adj_s = " ".join(adjs) + " " if adjs else ""
    if sel.side == "any":
        return f"whenever an attack by a {adj_s}{sing}{post} is blocked"
    return f"whenever an attack by one of {OWNER[sel.side]} {adj_s}{plur}{post} is blocked"


# ZR 13.1: the minion destroyed the other in the comparison and was not destroyed itself
trigger("won_battle", "Passive", lead="whenever this minion wins a battle")
# Marshal Harrier: chosen as a target of its controller's effect (a choice, not "all", ZR 10.2)
# while Rested
trigger(
    "chosen_rested",
    "Passive",
    lead="whenever this minion is chosen by one of your effects while Rested",
)
trigger("minion_wins_battle", "Passive", _event("wins a battle"), cause="{s}'s {n} won a battle")
# ZR 13.12: at attack declaration (ZR 8.1), after [When Attacking]
trigger("minion_attacks", "Passive", _event("attacks"), cause="{s}'s {n} attacked")
# ZR 13.12: after [When Blocking] (ZR 8.4)
trigger(
    "attack_blocked",
    "Passive",
    _attack_blocked,
    cause="{s}'s {n} was blocked",
    own_label="When Attacking",  # Fiery: 【アタック時】このミニオンがブロックされるたび
)
# ZR 10.3 (c): ends in the End phase of the opponent's next turn (Mod.ends, set by the step)
duration("opponent_next_turn", "until the end of your opponent's next turn")


def _until(step: Step) -> str:
    until = step.param("until")
    return f" {DURATIONS[until].words}" if until is not None else ""


@condition("attack_target", schema=("opponent", "you", "force"))
class AttackTarget:
    """The attack in progress targets your opponent, you, or a Force (ZR 8.1): Iron Hammer
    Golem, Flame Caiman, Crimson Maille, Arondai, Ashbringer, Barichalgo."""

    @staticmethod
    def words(value: str, cond: tuple, ctx: WordsContext) -> str:
        what = {"opponent": "your opponent", "you": "you", "force": "a Force"}[value]
        return f"the attack targets {what}"


@condition("beat", schema="selector")
class Beat:
    """In a "wins a battle" effect (ZR 13.1): the minion it beat, the other minion of the battle
    in progress, matches the selector (its printed cost, class, color...): Chronora "wins a
    battle against a minion with cost 3 or less"."""

    @staticmethod
    def words(value: Selector, cond: tuple, ctx: WordsContext) -> str:
        adjs, _, _, post = describe(value)
        adj_s = " ".join(adjs) + " " if adjs else ""
        lead = "an" if adj_s[:1].lower() in "aeiou" and adj_s else "a"
        return f"it beat {lead} {adj_s}minion{post}"


@condition("opponent_forces_at_least", schema=int)
class OpponentForcesAtLeast:
    """Your opponent has N or more undestroyed Forces (Ashbringer)."""

    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        return f"your opponent has {value} or more undestroyed Forces"


@condition("minions_at_most", schema=int)
class MinionsAtMost:
    """You have N or fewer minions on your field, this card included (Spike Lizard); 1, said of a
    minion on the field, is "no other minions" (Black Flame)."""

    @staticmethod
    def words(value: int, cond: tuple, ctx: WordsContext) -> str:
        if value == 1 and ctx.zone in (None, "field") and ctx.this.subj == "this minion":
            return "you have no other minions"
        return f"you have {value} or fewer minions"


ACTIONS: Final = ("attack", "block", "move")


def forbidden(step: Step) -> tuple[str, ...]:
    """What a `cannot` step forbids: the actions it names, or all three when it names none
    ("cannot attack, block or move": Ziren, Ashbringer)."""
    named = tuple(a for a in ACTIONS if step.param(a, False))
    return named or ACTIONS


@step(
    "cannot",
    schema={"target": "target", "attack": bool, "block": bool, "move": bool, "until": "duration"},
    also_continuous=True,
    question="which one is held back?",
    polarity=0,
    marks=("no_attack", "no_block", "no_move"),
)
class Cannot:
    """ZR 13.4: the minions cannot attack, block and/or move ("move": Movement only, effects can
    still move them); without any of the three flags, all three. In a passive effect, while it works (`effects.can_act`); one-shot, a mark
    on the chosen minions `until` a duration."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        what = forbidden(step)
        acts = what[-1] if len(what) < 2 else ", ".join(what[:-1]) + " or " + what[-1]
        text = f"cannot {acts}{_until(step)}"
        return Clause(who.subj, text, f"not {acts}{_until(step)}")


@step(
    "cannot_be_blocked",
    schema={"target": "target", "blockers": "selector", "until": "duration"},
    also_continuous=True,
    question="which cannot be blocked?",
    polarity=0,
    marks=("unblockable",),
)
class CannotBeBlocked:
    """ZR 13.3, ZR 13.4: the minions cannot be blocked (by the minions `blockers` selects, seen from
    the effect's controller: Giga Cyclops, Sapphire Dragon). It is checked before must-block, so
    it wins over it. Passive (its change of `effects.can_block`) or one-shot `until` a duration
    (Revolution Symphony; a one-shot effect takes no `blockers`)."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        by: Selector | None = step.param("blockers")
        by_words = ""
        if by is not None and by.side == "any" and [k for k, _ in by.filters] == ["not_class_any"]:
            # "Only Dragon or Dragonewt minions can block this minion" (the Lords of PC02)
            only = " or ".join(c.strip() for c in str(by.filter("not_class_any")).split("/"))
            text = f"only by {only} minions{_until(step)}"
            return Clause(who.subj, f"can be blocked {text}", f"be blocked {text}")
        if by is not None:
            adjs, _, plur, post = describe(by)
            adj_s = " ".join(adjs) + " " if adjs else ""
            by_words = f" by {adj_s}{plur}{post}"
        text = f"cannot be blocked{by_words}{_until(step)}"
        return Clause(who.subj, text, f"not be blocked{by_words}{_until(step)}")


@step(
    "wins_battles",
    schema={"target": "target", "until": "duration"},
    needs_target=True,
    question="which wins its battles?",
    polarity=0,
)
class WinsBattles:
    """ZR 13.1: the chosen minions win their battles regardless of BP (Kill Order): in the
    comparison they destroy the other minion and are not destroyed; if both minions have it,
    neither wins and both are destroyed."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        wins = verb(who.plural, "wins its battles", "win their battles")
        return Clause(
            who.subj,
            f"{wins} regardless of BP{_until(step)}",
            f"win {'their' if who.plural else 'its'} battles regardless of BP{_until(step)}",
        )


@step("destroyed_after_battle", schema={"target": "target"}, continuous=True, marks=("doomed",))
class DestroyedAfterBattle:
    """ZR 13.2 (Maddor): at the end of every battle it takes part in, the minion is destroyed if
    it is still on the field (with Revenge's timing; it never changes who won). An unblocked
    attack is not a battle."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        who = ctx.target(step.target)
        verb_ = verb(who.plural, "is", "are")
        text = f"{verb_} destroyed at the end of each battle it takes part in"
        return Clause(who.subj, text, "be destroyed at the end of each battle it takes part in")


@step(
    "redirect_attack",
    schema={"target": "target"},
    needs_target=True,
    question="attack which instead?",
    polarity=0,
)
class RedirectAttack:
    """Moving Shield (ZR 8.1): the attack in progress of an opponent's minion now targets the
    chosen Force of yours or you (`target`: a selector of your Forces with `or_player`); it does
    nothing when the chosen one is the target already, or in an attack of your own."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        to = ctx.target(step.target).obj
        return Clause(None, f"change the target of your opponent's attack to {to}")


@step("revenge_any_turn", schema={}, continuous=True)
class RevengeAnyTurn:
    """Yzak (ZR 2.7): the Revenge of your minions works in your opponent's turn too (a blocker
    with Revenge destroys the attacker at the end of the battle). With `during =
    "opponent_turn"` on the card, as printed: only then does it matter."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        return Clause(None, "the Revenge of your minions also works in your opponent's turn")


# minion_destroyed: "you receive the following effect for this turn: whenever ... is destroyed"
# (Richeau, ZR 19.1)
# damages_other_side: Tornado Blow ("whenever damage is dealt to you or your Forces", ZR 19.1)
GAINED_TRIGGERS: Final = (
    "minion_attacks",
    "minion_wins_battle",
    "attack_blocked",
    "minion_destroyed",
    "damages_other_side",
)


@step(
    "gain_trigger",
    schema={"on": GAINED_TRIGGERS, "watch": "selector"},
    required=("on", "watch"),
    rest=True,
    question="gain this effect for the turn?",
)
class GainTrigger:
    """Until the end of the turn, you have a whenever-effect (Lock-On, Arondai, Dimensional
    Break, Richeau: an effect a player receives, ZR 19.1): on the event `on` of the minions `watch` selects, the effect's later steps resolve
    (they are that effect's steps, not this one's). It is a lasting effect of the game
    (`Lasting` kind "watch"), not of the card: it works after the card has left."""

    @staticmethod
    def words(step: Step, ctx: WordsContext) -> Clause:
        watch: Selector = step.param("watch")
        whenever = TRIGGERS[step.param("on")].watch_words
        assert whenever is not None
        return Clause(None, f"until the end of the turn, {whenever(watch)}")


@selector_filter("blocking", schema=(True,))
class Blocking:
    """The minion blocking in the attack in progress (ZR 8.4; Fiery: "the blocking minion")."""

    @staticmethod
    def words(sel: Selector, value: bool) -> FilterWords:
        return FilterWords(("blocking",), the_one=True)  # one blocker at a time (ZR 8.4)
