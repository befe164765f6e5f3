"""How good a position looks for one seat: a number, higher is better, from public facts and that
seat's own hand (the AI scores sampled worlds, never the real hidden cards)."""

from __future__ import annotations

from typing import Final

from zenonzard_tui.ai.value import ATTACHED_MANA
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.game import Game

WIN: Final = 10_000.0


def _side(game: Game, seat: int) -> float:
    p = game.players[seat]
    if p.life <= 0:
        return -WIN
    # Life matters more as it runs low: the last points decide the game (ZR 1.2).
    score = 10.0 * p.life - 12.0 / p.life
    score += sum(4.0 * f.life + 3.0 for f in p.forces if not f.destroyed)
    attached = 0
    for s in p.field:
        bp, dp = fx.bp(game, s, seat), fx.dp(game, s, seat)
        score += 3.0 + bp / 100.0 + 4.0 * dp + (0.0 if s.rested else 1.0)
        attached += len(s.attached)
    # a card attached under a minion (Boost) is no mana (ZR 17.5) but comes back (ZR 17.6)
    mana = len(p.base) + ATTACHED_MANA * attached
    score += 2.5 * min(mana, 8) + 0.3 * max(0, mana - 8)
    score += 1.5 * min(len(p.hand), 7)
    if not p.deck:
        score -= 30.0  # the next draw step loses the game (ZR 1.3)
    return score


def score(game: Game, seat: int) -> float:
    """The position from `seat`'s side: won/lost games are +/- WIN, a draw 0."""
    if game.outcome is not None:
        if game.outcome.winner is None:
            return 0.0
        return WIN if game.outcome.winner == seat else -WIN
    return _side(game, seat) - _side(game, 1 - seat)
