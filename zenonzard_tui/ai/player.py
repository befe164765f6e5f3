"""The local AI: levels from easy to expert, each playing only from what its seat may know.

- easy: the rule-of-thumb player (`policy.act`), and every other move at random.
- medium: the rule-of-thumb player.
- strong: determinized Monte Carlo search. For each candidate action the AI samples worlds the
  seat cannot tell apart from the real game (`engine.belief.sample_world`), plays the action
  there, plays on with the rule-of-thumb player to the end of the opponent's next turn, and scores
  the result (`evaluate.score`); it takes the action with the best mean over 12 worlds, among the
  10 most promising actions.
- expert: information-set Monte Carlo tree search (`ai/mcts.py`), anytime: a number of
  iterations per decision, or a time budget.

Before searching, strong and expert look for a forced win this turn (`ai/lethal.py`) over several
sampled worlds (see `AIPlayer.lethal`); found, it is played.

The real game is read only to list the legal actions (which depend on nothing hidden from the
deciding seat) and to sample worlds; every look ahead happens in a sampled world.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from zenonzard_tui.ai import lethal, mcts, policy
from zenonzard_tui.ai.evaluate import WIN, score
from zenonzard_tui.engine.actions import MULLIGAN, Action
from zenonzard_tui.engine.belief import default_prior, sample_world
from zenonzard_tui.engine.game import Game


@dataclass(frozen=True)
class Level:
    name: str
    blunder: float  # share of uniformly random moves
    worlds: int  # sampled worlds per decision of the flat search (0: none)
    max_candidates: int  # actions searched; the rest are dropped after a quick playout ranking
    horizon: int  # playouts stop this many turn ends later (or at the end of the game)
    lethal_worlds: int = 0  # worlds the forced-win check must win in (0: no check)
    lethal_nodes: int = 0  # positions the check may look at, per world
    iterations: int = 0  # tree search iterations per decision (0: no tree search)
    seconds: float | None = None  # and a time budget per decision (None: iterations only)


LEVELS = {
    "easy": Level("easy", blunder=0.5, worlds=0, max_candidates=0, horizon=0),
    "medium": Level("medium", blunder=0.0, worlds=0, max_candidates=0, horizon=0),
    "strong": Level(
        "strong", blunder=0.0, worlds=12, max_candidates=10, horizon=2,
        lethal_worlds=6, lethal_nodes=6_000,
    ),
    "expert": Level(
        "expert", blunder=0.0, worlds=0, max_candidates=0, horizon=mcts.HORIZON,
        lethal_worlds=6, lethal_nodes=10_000, iterations=300,
    ),
}  # fmt: skip


class AIPlayer:
    """Decides for one seat. `choose(game)` returns an Action of `game.legal()`.

    `budget` scales the searching levels' work (the tree search's iterations, the flat search's
    worlds): 4.0 thinks about four times as long. `seconds` adds a time budget per decision to
    the tree search's iteration count: it stops at whichever comes first. (The forced-win check
    is capped by positions searched, the same at every budget.)"""

    def __init__(
        self,
        level: str = "medium",
        seed: int = 0,
        budget: float = 1.0,
        seconds: float | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
        if budget <= 0:
            raise ValueError(f"the AI's budget must be above 0, got {budget}")
        self.level = LEVELS[level]
        self.rng = random.Random(seed)
        self.budget = budget
        self.seconds = seconds if seconds is not None else self.level.seconds
        self.last: mcts.Result | None = None  # what the tree search saw of its last decision

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
        assert game.pending is not None
        seat = game.pending.seat
        searching = level.worlds or level.iterations
        if not searching or game.pending.kind == MULLIGAN:
            return same_action(actions, policy.act(sample_world(game, seat, self.rng), self.rng))
        if level.lethal_worlds and game.active == seat:
            win = self.lethal(game, seat)
            if win is not None:
                return same_action(actions, win)
        if level.iterations:
            iterations = max(1, round(level.iterations * self.budget))
            self.last = mcts.search(game, seat, self.rng, iterations, self.seconds)
            return self.last.action
        return self._search(game, seat, actions)

    def lethal(self, game: Game, seat: int) -> Action | None:
        """The first action of a forced win this turn (`ai.lethal`) from what the seat knows, or
        None. One sampled world is searched first: most positions have no win there, and then
        none is looked for further. Else, in order:
        - a line that wins in `lethal_worlds` sampled worlds and in more where every hidden
          card of the opponent is a Flash card or a Swoop minion of the colors it has shown (at
          least two such worlds, one for each such card): safe against
          the tricks it may hold;
        - a line that wins in every sampled world;
        - the first action that most sampled worlds win with, searched one by one, if at least
          half of them do (a world may hold an answer that the real hand has not: the player
          goes for the win that is there in most of what they cannot rule out)."""
        level = self.level
        nodes = level.lethal_nodes
        prior = default_prior(game, seat)
        worlds = [sample_world(game, seat, self.rng, prior) for _ in range(level.lethal_worlds)]
        screen = lethal.forced_win(worlds[:1], max_nodes=nodes, texts=False)
        if screen.first is None:
            return None
        tricks = [c for c in prior[1] if policy.is_trick(c)]
        if tricks:
            # one world per trick, its hidden cards all that trick (so that every trick is met),
            # and at least two: the more tricks the colors have, the less two random hands
            # would cover them
            groups = [[t] for t in tricks] + [tricks] * max(0, 2 - len(tricks))
            wary = [sample_world(game, seat, self.rng, ([], group)) for group in groups]
            # the cap grows with the worlds (it counts a position once per world)
            checked = worlds + wary
            found = lethal.forced_win(checked, max_nodes=nodes * len(checked), texts=False)
            if found.first is not None:
                return found.first
        found = lethal.forced_win(worlds, max_nodes=2 * nodes, texts=False)
        if found.first is not None:
            return found.first
        screened = screen.first.key()
        votes: dict[tuple, int] = {screened: 1}
        for w in worlds[1:]:
            first = lethal.forced_win([w], max_nodes=nodes, texts=False).first
            if first is not None:
                votes[first.key()] = votes.get(first.key(), 0) + 1
        key, count = max(votes.items(), key=lambda kv: (kv[1], kv[0] == screened))
        if 2 * count < len(worlds):
            return None
        return next(a for a in game.legal() if a.key() == key)

    def _search(self, game: Game, seat: int, actions: list[Action]) -> Action:
        """Flat Monte Carlo over sampled worlds. Every action meets the same worlds and the same
        playout dice (common random numbers), so their means differ by the action, not by luck.
        Equal means go to the rule-of-thumb player's choice, else to a seeded draw (never to the
        order of the list)."""
        level = self.level
        prior = default_prior(game, seat)
        count = max(1, round(level.worlds * self.budget))
        worlds = [
            (sample_world(game, seat, self.rng, prior), self.rng.getrandbits(32))
            for _ in range(count)
        ]
        favoured = policy.act(worlds[0][0].clone(), random.Random(worlds[0][1])).key()
        # a seeded draw for each action, in an order of their own (not the list's): the last
        # tie-break, so that the engine's order of listing never decides
        draw = {k: self.rng.random() for k in sorted((a.key() for a in actions), key=repr)}

        def tie(a: Action) -> tuple:
            return (a.key() != favoured, draw[a.key()])

        candidates = sorted(actions, key=tie)
        if len(candidates) > level.max_candidates:
            first = worlds[0]
            ranked = {a.key(): self._value(*first, seat, a) for a in candidates}
            candidates = sorted(candidates, key=lambda a: (-ranked[a.key()], *tie(a)))
            candidates = candidates[: level.max_candidates]
        values = {
            a.key(): sum(self._value(w, dice, seat, a) for w, dice in worlds) / len(worlds)
            for a in candidates
        }
        top = max(values.values())
        return min((a for a in candidates if values[a.key()] == top), key=tie)

    def _value(self, world: Game, dice: int, seat: int, action: Action) -> float:
        """Play `action` in a copy of `world`, play on by rule of thumb, score it for `seat`: a
        won game scores more the sooner it is won, a lost one less the sooner it is lost."""
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
        value = score(g, seat)
        if abs(value) >= WIN:
            value -= (1 if value > 0 else -1) * steps  # ZR 1.2: sooner wins, later losses
        return value


def same_action(actions: list[Action], chosen: Action) -> Action:
    """The action of the real game's list that is `chosen` (made in a world: same kind and args)."""
    key = chosen.key()
    for a in actions:
        if a.key() == key:
            return a
    raise LookupError(f"{chosen} is not legal in the real game: the world differs")
