"""The local AI: levels from easy to strong, each playing only from what its seat may know.

- easy: the rule-of-thumb player (`policy.act`), and every other move at random.
- medium: the rule-of-thumb player.
- strong: determinized Monte Carlo search. For each candidate action the AI samples worlds the
  seat cannot tell apart from the real game (`engine.belief.sample_world`), plays the action
  there, plays on with the rule-of-thumb player to the end of the opponent's next turn, and scores
  the result (`evaluate.score`); it takes the action with the best mean over 12 worlds, among the
  10 most promising actions.

The real game is read only to list the legal actions (which depend on nothing hidden from the
deciding seat) and to sample worlds; every look ahead happens in a sampled world.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from zenonzard_tui.ai import policy
from zenonzard_tui.ai.evaluate import score
from zenonzard_tui.engine.actions import MULLIGAN, Action
from zenonzard_tui.engine.belief import default_prior, sample_world
from zenonzard_tui.engine.game import Game


@dataclass(frozen=True)
class Level:
    name: str
    blunder: float  # share of uniformly random moves
    worlds: int  # sampled worlds per decision (0: no search)
    max_candidates: int  # actions searched; the rest are dropped after a quick playout ranking
    horizon: int  # playouts stop this many turn ends later (or at the end of the game)


LEVELS = {
    "easy": Level("easy", blunder=0.5, worlds=0, max_candidates=0, horizon=0),
    "medium": Level("medium", blunder=0.0, worlds=0, max_candidates=0, horizon=0),
    "strong": Level("strong", blunder=0.0, worlds=12, max_candidates=10, horizon=2),
}


class AIPlayer:
    """Decides for one seat. `choose(game)` returns an Action of `game.legal()`."""

    def __init__(self, level: str = "medium", seed: int = 0) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
        self.level = LEVELS[level]
        self.rng = random.Random(seed)

    @property
    def name(self) -> str:
        return self.level.name

    def choose(self, game: Game) -> Action:
        actions = game.legal()
        if len(actions) == 1:
            return actions[0]
        level = self.level
        if level.blunder and self.rng.random() < level.blunder:
            return self.rng.choice(actions)
        seat = game.pending.seat
        if level.worlds == 0 or game.pending.kind == MULLIGAN:
            return _same(actions, policy.act(sample_world(game, seat, self.rng), self.rng))
        return self._search(game, seat, actions)

    def _search(self, game: Game, seat: int, actions: list[Action]) -> Action:
        """Flat Monte Carlo over sampled worlds. Every action meets the same worlds and the same
        playout dice (common random numbers), so their means differ by the action, not by luck."""
        level = self.level
        prior = default_prior(game, seat)
        worlds = [
            (sample_world(game, seat, self.rng, prior), self.rng.getrandbits(32))
            for _ in range(level.worlds)
        ]
        candidates = actions
        if len(candidates) > level.max_candidates:
            first = worlds[0]
            candidates = sorted(candidates, key=lambda a: -self._value(*first, seat, a))
            candidates = candidates[: level.max_candidates]
        best, best_value = candidates[0], None
        for action in candidates:
            value = sum(self._value(w, dice, seat, action) for w, dice in worlds) / len(worlds)
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    def _value(self, world: Game, dice: int, seat: int, action: Action) -> float:
        """Play `action` in a copy of `world`, play on by rule of thumb, score it for `seat`."""
        g = world.clone()
        turn = g.turn  # counted from before the action: ending the turn is no free look ahead
        g.apply(action)
        rng = random.Random(dice)
        ends = 0
        steps = 0
        while not g.over and steps < 400:
            if g.turn != turn:
                ends += 1
                turn = g.turn
                if ends >= self.level.horizon:
                    break
            g.apply(policy.act(g, rng))
            steps += 1
        return score(g, seat)


def _same(actions: list[Action], chosen: Action) -> Action:
    """The action of the real game's list that is `chosen` (made in a world: same kind and args)."""
    key = chosen.key()
    for a in actions:
        if a.key() == key:
            return a
    raise LookupError(f"{chosen} is not legal in the real game: the world differs")
