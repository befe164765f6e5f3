"""The triggers (`when`) and durations (`until`) of the card vocabulary (docs/cards.md, ZR 9):
for each trigger, the label written before its effect; for each "whenever" trigger, the words of
the events it watches; for each duration, its words. The engine function that queues a trigger
and the game task where a duration ends are their runtime (`zenonzard_tui.engine.terms`)."""

from __future__ import annotations

from zenonzard_tui.cards.model import Selector
from zenonzard_tui.cards.terms.base import duration, trigger
from zenonzard_tui.cards.words import OWNER, article, describe

trigger("summoned", "When Summoned")
trigger("placed", "When Placed", rule="ZR 11.6", mana=True)
trigger("attacking", "When Attacking")
trigger("blocking", "When Blocking")
trigger("destroyed", "When Destroyed")
trigger("advancing", "When Advancing")
trigger("retreating", "When Retreating", rule="ZR 11.5", mana=True)
trigger("turn_start", "At the Start of Your Turn")
trigger("turn_end", "At the End of Your Turn")
# in the End phase of your opponent's turn, after their own end-of-turn effects (ZR 5.7; Vikson)
trigger("opponent_turn_end", "At the End of Your Opponent's Turn")


def _magic_used(sel: Selector) -> str:
    """Whenever a player of `watch.side` uses a Magic card (the selector's filters, not its
    zone, describe the card)."""
    adjs, _, _, post = describe(sel)
    adj_s = " ".join(adjs) + " " if adjs else ""
    who = {"self": "you use", "opponent": "your opponent uses", "any": "a player uses"}
    return f"whenever {who[sel.side]} {article(adj_s + 'Magic')} {adj_s}Magic card{post}"


def _event(event: str):
    """The words of a whenever-trigger on minions' events; `this = true`: the watching card's
    own events ("whenever this minion deals damage")."""

    def words(sel: Selector) -> str:
        if sel.filter("this"):
            return f"whenever this minion {event}"
        adjs, sing, plur, post = describe(sel)
        adj_s = " ".join(adjs) + " " if adjs else ""
        if sel.side == "any":
            if "other" in adjs:
                adjs_wo = [a for a in adjs if a != "other"]
                rest = " ".join(adjs_wo) + " " if adjs_wo else ""
                return f"whenever another {rest}{sing}{post} {event}"
            return f"whenever {article(adj_s or sing)} {adj_s}{sing}{post} {event}"
        return f"whenever one of {OWNER[sel.side]} {adj_s}{plur}{post} {event}"

    return words


trigger("magic_used", "Passive", _magic_used, cause="{s} used {n}")
trigger(
    "minion_advanced",
    "Passive",
    _event("moves from the base to the field"),
    cause="{s}'s {n} advanced",
)


def _card_used(sel: Selector) -> str:
    """Whenever a player of `watch.side` uses a card: summons a minion or uses a Magic card (ZR
    6.2, ZR 6.3; Leeza); only the side is read."""
    who = {"self": "you use", "opponent": "your opponent uses", "any": "a player uses"}
    return f"whenever {who[sel.side]} a card"


trigger("card_used", "Passive", _card_used, cause="{s} used {n}")
# not triggers: a Magic card's effect (its label is the card's timing) and continuous effects
trigger("cast", "")
trigger("passive", "Passive")
duration("end_of_turn", "until the end of the turn")  # ZR 5.7
duration("battle", "during this battle")  # ZR 8.7
