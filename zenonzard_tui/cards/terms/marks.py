"""The marks of the card vocabulary: what an effect made a card in play unable to do or always do,
as an observation's `StateView` keys, with the words the card panel, the log and the card's chip
use for each (ZR 10.2, ZR 13.1-13.4, ZR 14.5). Registered in the order a card's tags are shown."""

from __future__ import annotations

from typing import Final

from zenonzard_tui.cards.terms.base import MARKS, mark

# the one-shot battle terms' marks (a modifier's `marks`: cannot, cannot_be_blocked, wins_battles)
mark("no_attack", "can't attack", "no attack", "ZR 13.4", words="cannot attack", forbids="attack")
mark("no_block", "can't block", "no block", "ZR 13.4", words="cannot block", forbids="block")
mark("no_move", "can't move", "no move", "ZR 13.4", words="cannot move by Movement",
     log="cannot move", forbids="move")  # fmt: skip
mark("unblockable", "unblockable", "unblockable", "ZR 13.4", words="cannot be blocked")
# the continuous terms' own (their words are the step's)
mark("no_forces", "can't attack Forces", "no Force attack", "ZR 13.4")
mark("wins", "wins battles", "wins", "ZR 13.1", words="wins its battles regardless of BP")
mark("must_block", "must block", "must block", "ZR 13.3")
mark("locked", "stays Rested", "locked", "ZR 14.5")
mark("doomed", "dies after battle", "doomed", "ZR 13.2")
mark("protected", "shielded", "shielded", "ZR 10.2")

# ZR 13.4: the mark that forbids each action ("attack" -> "no_attack")
FORBIDDING: Final = {t.forbids: n for n, t in MARKS.items() if t.forbids}
