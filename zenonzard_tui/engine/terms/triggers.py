"""The runtime of the vocabulary family `triggers` (its terms' schema and words:
`zenonzard_tui.cards.terms.triggers`): the engine function that queues each trigger and the game
task where each duration ends (ZR 9)."""

from __future__ import annotations

from typing import Final

from zenonzard_tui.engine.terms.base import (
    run_duration,
    run_trigger,
)

SELF: Final = "queue_self_trigger"
TURN: Final = "queue_turn_triggers"
WATCH: Final = "queue_watchers"


run_trigger("summoned", SELF)
run_trigger("placed", SELF)
run_trigger("attacking", SELF)
run_trigger("blocking", SELF)
run_trigger("destroyed", SELF)
run_trigger("advancing", SELF)
run_trigger("retreating", SELF)
run_trigger("turn_start", TURN)
run_trigger("turn_end", TURN)
run_trigger("opponent_turn_end", TURN)
run_trigger("magic_used", WATCH)
run_trigger("minion_advanced", WATCH)
run_trigger("card_used", WATCH)
run_trigger("cast", "begin_cast")
run_trigger("passive", "_sources")
run_duration("end_of_turn", "_t_cleanup")
run_duration("battle", "_t_end_battle")
