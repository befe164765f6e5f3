"""A measured value of a position: the chance that a seat goes on to win, from public facts and
that seat's own hand (the AI values sampled worlds, never the real hidden cards).

The value is a logistic model over a few features (life, Forces, minions, mana, hand, deck, who
moves next), each the seat's figure less the opponent's. Its weights are not guessed: they are fit
by `bench/fit_value.py` to the outcomes of AI-vs-AI games played from a seed, and written to
`ai/value_weights.py` (how, and on what data, is said at the top of that file).
"""

from __future__ import annotations

import math
from typing import Final

from zenonzard_tui.ai import value_weights
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.game import Game

# A card attached under a minion (Boost, ZR 17.2) is no mana while there (ZR 17.5) but comes back
# to the base when the minion leaves (ZR 17.6): it counts as this much of a mana. A guess, not
# fit: the games the weights are fit on (starter decks) hold no Boost card.
ATTACHED_MANA: Final = 0.5

FEATURES: Final = (
    "life",  # ZR 1.2: the player at 0 life loses
    "low_life",  # 1/life: the last points decide the game
    "forces",  # Forces not destroyed
    "force_life",  # their life, summed
    "minions",  # minions on the field
    "bp",  # their BP, summed, in hundreds
    "dp",  # their DP, summed
    "active",  # minions Active (able to block or attack)
    "mana",  # cards in the base, and half of those attached under minions, up to eight
    "hand",  # cards in hand, up to seven
    "no_deck",  # an empty deck: the next draw loses (ZR 1.3)
)


def _side(game: Game, seat: int) -> list[float]:
    p = game.players[seat]
    bp = dp = active = 0.0
    attached = 0
    for s in p.field:
        bp += fx.bp(game, s, seat) / 100.0
        dp += fx.dp(game, s, seat)
        active += 0.0 if s.rested else 1.0
        attached += len(s.attached)
    forces = [f for f in p.forces if not f.destroyed]
    return [
        float(p.life),
        1.0 / max(p.life, 1),
        float(len(forces)),
        float(sum(f.life for f in forces)),
        float(len(p.field)),
        bp,
        dp,
        active,
        min(len(p.base) + ATTACHED_MANA * attached, 8.0),
        float(min(len(p.hand), 7)),
        0.0 if p.deck else 1.0,
    ]


def features(game: Game, seat: int) -> list[float]:
    """The features of the position for `seat`: its figures less the opponent's, then +1 when
    `seat` moves next (-1 when the opponent does)."""
    mine, theirs = _side(game, seat), _side(game, 1 - seat)
    to_move = 1.0 if game.active == seat else -1.0
    return [a - b for a, b in zip(mine, theirs, strict=True)] + [to_move]


def logit(game: Game, seat: int) -> float:
    w = value_weights.WEIGHTS
    return value_weights.BIAS + sum(x * y for x, y in zip(w, features(game, seat), strict=True))


def win_chance(game: Game, seat: int) -> float:
    """The chance `seat` wins from here: 1 or 0 (0.5 a draw) once the game is over."""
    if game.outcome is not None:
        if game.outcome.winner is None:
            return 0.5
        return 1.0 if game.outcome.winner == seat else 0.0
    z = logit(game, seat)
    if z < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))
