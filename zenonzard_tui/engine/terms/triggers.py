"""The triggers (`when`) and durations (`until`) of the card vocabulary (docs/cards.md, ZR 9):
for each trigger, the label written before its effect and the engine function that queues it; for
each "whenever" trigger, the words of the events it watches; for each duration, its words and the
game task where a modifier with it ends."""

from __future__ import annotations

from zenonzard_tui.cards.model import Selector
from zenonzard_tui.cards.words import OWNER, article, describe
from zenonzard_tui.engine.terms.base import duration, trigger

SELF, TURN, WATCH = "queue_self_trigger", "queue_turn_triggers", "queue_watchers"

trigger("summoned", "When Summoned", SELF)
trigger("placed", "When Placed", SELF)
trigger("attacking", "When Attacking", SELF)
trigger("blocking", "When Blocking", SELF)
trigger("destroyed", "When Destroyed", SELF)
trigger("advancing", "When Advancing", SELF)
trigger("retreating", "When Retreating", SELF)
trigger("turn_start", "At the Start of Your Turn", TURN)
trigger("turn_end", "At the End of Your Turn", TURN)


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


trigger("magic_used", "Passive", WATCH, _magic_used)
trigger("minion_advanced", "Passive", WATCH, _event("moves from the base to the field"))
# not triggers: a Magic card's effect (its label is the card's timing) and continuous effects
trigger("cast", "", "begin_cast")
trigger("passive", "Passive", "_sources")

duration("end_of_turn", "until the end of the turn", "_t_cleanup")  # ZR 5.7
duration("battle", "during this battle", "_t_end_battle")  # ZR 8.7
