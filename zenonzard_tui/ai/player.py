"""The local AI: levels from easy to expert, each playing only from what its seat may know.

- easy: the rule-of-thumb player (`policy.act`), and every other move at random.
- medium: the rule-of-thumb player.
- strong: determinized Monte Carlo search. For each candidate action the AI samples worlds the
  seat cannot tell apart from the real game (`engine.belief.sample_world`), plays the action
  there, plays on with the rule-of-thumb player to the end of the opponent's next turn, and scores
  the result (`evaluate.score`); it takes the action with the best mean over 12 worlds, among the
  10 most promising actions.
- expert: information-set Monte Carlo tree search (`ai/mcts.py`), anytime: it thinks for a
  second of CPU time a decision (the thread's own time, so a busy machine does not make it
  weaker), less when the choice is settled early; `iterations=N` makes it search a fixed count
  instead, the same decisions on any machine (tests, reproducible runs).

Before searching, strong and expert look for a forced win this turn (`ai/lethal.py`) over several
sampled worlds (see `AIPlayer.lethal`); found, it is played.

The real game is read only to list the legal actions (which depend on nothing hidden from the
deciding seat) and to sample worlds; every look ahead happens in a sampled world.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from zenonzard_tui.ai import lethal, mcts, policy
from zenonzard_tui.ai.evaluate import WIN, score
from zenonzard_tui.ai.lethal import Win
from zenonzard_tui.cards.model import CardDef
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import MANA, MULLIGAN, Action
from zenonzard_tui.engine.belief import default_prior, sample_world, seen_in_hand
from zenonzard_tui.engine.game import Game
from zenonzard_tui.frozen import picklable

WARY_WORLDS: Final = 4  # at most this many worlds of the opponent's tricks in the forced-win check
# the forced-win check's searches look at most this many times the level's cap
LETHAL_TOTAL: Final = 5
# Decisions the searching levels take by the rule of thumb (`policy.mulligan`, `policy.mana`), not
# by their search: searched, the mana phase placed a colorless token over the Base Minion of the
# color the hand needs (the value prices a card kept in hand above the color it would pay)
BY_RULE: Final = (MULLIGAN, MANA)
# a sampled world's search looks at most this many times the screen's positions (+500)
SCALE: Final = 8


@dataclass(frozen=True)
class Level:
    name: str
    blunder: float  # share of uniformly random moves
    worlds: int  # sampled worlds per decision of the flat search (0: none)
    max_candidates: int  # actions searched; the rest are dropped after a quick playout ranking
    horizon: int  # playouts stop this many turn ends later (or at the end of the game)
    lethal_worlds: int = 0  # worlds the forced-win check must win in (0: no check)
    lethal_nodes: int = 0  # positions the check may look at, per world
    iterations: int = 0  # tree search iterations per decision, at most (0: no tree search)
    seconds: float | None = None  # CPU time per decision, the whole of it (None: iterations only)


LEVELS: Final = {
    "easy": Level("easy", blunder=0.5, worlds=0, max_candidates=0, horizon=0),
    "medium": Level("medium", blunder=0.0, worlds=0, max_candidates=0, horizon=0),
    "strong": Level(
        "strong", blunder=0.0, worlds=12, max_candidates=10, horizon=2,
        lethal_worlds=6, lethal_nodes=6_000,
    ),
    "expert": Level(
        "expert", blunder=0.0, worlds=0, max_candidates=0, horizon=mcts.HORIZON,
        lethal_worlds=6, lethal_nodes=10_000, iterations=30_000, seconds=1.0,
    ),
}  # fmt: skip


class AIPlayer:
    """Decides for one seat. `choose(game)` returns an Action of `game.legal()`.

    `budget` scales the searching levels' work (the tree search's time and iterations, the flat
    search's worlds): 4.0 thinks about four times as long. `seconds` replaces the level's CPU
    time per decision (the deciding thread's `time.thread_time`, the forced-win check included);
    `iterations` makes the tree search run that many iterations (times `budget`) and never look
    at the clock, so that a seed gives the same decisions on every machine. Either way the
    search stops once more iterations could not change its choice (`mcts.settled`). (The
    forced-win check is capped by positions searched, the same at every budget.)"""

    def __init__(
        self,
        level: str = "medium",
        seed: int = 0,
        budget: float = 1.0,
        seconds: float | None = None,
        iterations: int | None = None,
    ) -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown AI level {level!r}; levels: {', '.join(LEVELS)}")
        if budget <= 0:
            raise ValueError(f"the AI's budget must be above 0, got {budget}")
        self.level = LEVELS[level]
        self.rng = random.Random(seed)
        self.budget = budget
        if iterations is not None and iterations < 1:
            raise ValueError(f"the AI's iterations must be at least 1, got {iterations}")
        self.seconds = seconds if seconds is not None else self.level.seconds
        self.iterations = iterations
        self.last: mcts.Result | None = None  # what the tree search saw of its last decision
        self._left = 0  # positions the forced-win check under way may still look at
        self.checked = 0  # positions the last forced-win check looked at

    @property
    def name(self) -> str:
        return self.level.name

    def choose(self, game: Game) -> Action:
        start = time.thread_time()
        actions = game.legal()
        if len(actions) == 1:
            return actions[0]
        level = self.level
        if level.blunder and self.rng.random() < level.blunder:
            return self.rng.choice(actions)
        assert game.pending is not None
        seat = game.pending.seat
        searching = level.worlds or level.iterations
        if not searching or game.pending.kind in BY_RULE:
            return same_action(actions, policy.act(sample_world(game, seat, self.rng), self.rng))
        if level.lethal_worlds and game.active == seat:
            win = self.lethal(game, seat)
            if win is not None:
                return same_action(actions, win)
        if level.iterations:
            iterations = max(1, round((self.iterations or level.iterations) * self.budget))
            seconds = None
            if self.seconds is not None and self.iterations is None:
                # the decision's whole budget: what the forced-win check spent is spent
                seconds = max(0.0, self.seconds * self.budget - (time.thread_time() - start))
            self.last = mcts.search(game, seat, self.rng, iterations, seconds, settle=True)
            return self.last.action
        return self._search(game, seat, policy.worth_trying(game, seat, actions))

    def lethal(self, game: Game, seat: int) -> Action | None:
        """The first action of a forced win this turn (`ai.lethal`) from what the seat knows, or
        None. Each search goes depth first to the end of the turn (any win this turn is as quick
        as another) under a node cap. First a screen: one world in which the opponent's hidden
        cards hold no trick (no Flash card, no Swoop minion), the most the player can hope for;
        with no win there (most positions), none is looked for further. Then each of
        `lethal_worlds` sampled worlds alone: with a win in fewer than half of them, None.

        Then the wary worlds (`_wary`): the opponent's unseen hand holds the tricks of its
        colors that it could pay for this turn (`could_pay`), each of them in one world at
        least. Each is searched alone; a world with no win at all (a trick that beats every
        line: Surprise Onslaught against minions of 1 DP) is left out, as no line can be chosen
        for it, and where a world of several tricks has none, each of its tricks is tried in a
        world of its own. In order:
        - a line that wins in every sampled world that has a win and in every wary world that
          has one: safe against every trick it may hold that can be beaten;
        - else the first action after which the most sampled worlds still have a forced win,
          if at least half of them do, and of those the most wary worlds (`_most_won`): a
          world may hold an answer that the real hand has not, and the player goes for the
          win that is there in most of what they cannot rule out.
        The searches share a bound (`LETHAL_TOTAL` times the level's cap), so a decision stays
        short; what is cut short is not claimed as a win (nor, for a world, as a world with no
        win: it is left out, the wary worlds' searches being capped at about what the sampled
        worlds' wins took, a sampled world's at `SCALE` times the screen's). `checked` says how
        many positions the check looked at."""
        level = self.level
        nodes = level.lethal_nodes
        self._left = LETHAL_TOTAL * nodes
        try:
            return self._lethal(game, seat, nodes)
        finally:
            self.checked = LETHAL_TOTAL * nodes - self._left

    def _lethal(self, game: Game, seat: int, nodes: int) -> Action | None:
        bases, others = default_prior(game, seat)
        calm = (bases, [c for c in others if not policy.is_trick(c)])
        known = seen_in_hand(game, seat)
        screen = self._win([sample_world(game, seat, self.rng, calm, known)], nodes)
        if screen.first is None:
            return None
        prior = (bases, others)
        worlds = [
            sample_world(game, seat, self.rng, prior, known)
            for _ in range(self.level.lethal_worlds)
        ]
        # each world alone first: a win is proved in a few hundred positions, and where one
        # world has none, the joint search would have to look through the whole turn to say so.
        # A world's win takes about as many positions as the screen's: one that takes many
        # times more is given up as none (proving that there is none takes the whole tree)
        scale = SCALE * screen.nodes + 500
        alone = [self._win([w], min(nodes, scale)) for w in worlds]
        firsts = [found.first for found in alone]
        winnable = [w for w, f in zip(worlds, firsts, strict=True) if f is not None]
        if 2 * len(winnable) < len(worlds):
            return None  # (`_most_won` would find no action that keeps half of them won)
        guard, guard_firsts = self._guard(
            game, seat, calm, known, [c for c in others if policy.is_trick(c)],
            min(nodes // 2, 2 * max(f.nodes for f in alone if f.won) + 200), 2 * nodes,
        )  # fmt: skip
        safe = self._win(winnable + guard, 4 * nodes)
        if safe.first is not None:
            return safe.first
        return self._most_won(game, worlds, firsts, guard, guard_firsts, screen.first, nodes)

    def _guard(
        self,
        game: Game,
        seat: int,
        calm: tuple[Sequence[CardDef], Sequence[CardDef]],
        known: set[int],
        tricks: list[CardDef],
        cap: int,
        spend: int,
    ) -> tuple[list[Game], list[Action]]:
        """The wary worlds that have a win (and each one's first action): a world of each chunk
        of `_wary`, and where it has none, a world of each of its tricks alone (a line that
        beats them together beats each of them alone; one of them may beat every line). Each
        search looks at `cap` positions at most (about what the sampled worlds' wins took), all
        of them at `spend` (so that the joint search keeps its share of the check's bound).
        `known`: the cards of the opponent's hand the seat has seen (`seen_in_hand`)."""
        left = self._left
        worlds: list[Game] = []
        firsts: list[Action] = []

        def won(held: list[CardDef]) -> bool:
            if left - self._left >= spend:
                return False
            world = self._holding(game, seat, calm, known, held)
            found = self._win([world], min(cap, spend - (left - self._left)))
            if found.first is not None:
                worlds.append(world)
                firsts.append(found.first)
            return found.won

        for chunk in self._wary(game, seat, known, tricks):
            if not won(chunk) and len(chunk) > 1:
                for card in chunk:
                    won([card])
        return worlds, firsts

    def _win(self, worlds: list[Game], nodes: int) -> Win:
        """A forced win over `worlds`, depth first, capped at `nodes` positions and at what is
        left of the whole check's budget (`LETHAL_TOTAL` times the level's cap): a win is
        proved in a few hundred positions, while showing there is none may take the whole
        turn's tree, so the optional searches get small caps and the check a bound."""
        cap = min(nodes, self._left)
        if cap <= 0:
            return Win(None, None, 0, complete=False, won=False)
        found = lethal.forced_win(worlds, max_nodes=cap, texts=False, shortest=False)
        self._left -= found.nodes
        return found

    def _wary(
        self, game: Game, seat: int, known: set[int], tricks: list[CardDef]
    ) -> list[list[CardDef]]:
        """The hands of the wary worlds: the opponent's tricks (`tricks`: the prior's Flash cards
        and Swoop minions) that it could pay for this turn (`could_pay`), in a seeded order, in
        chunks of as many cards as its unseen hand holds, so that each is held in one world at
        least (at most WARY_WORLDS worlds; past that, a seeded choice of them)."""
        opp = 1 - seat
        unseen = [u for u in game.players[opp].hand if u not in known]
        if not unseen or not tricks:
            return []
        gain = mana_gain(game, opp)
        payable = [c for c in tricks if could_pay(game, opp, c, gain)]
        self.rng.shuffle(payable)
        size = len(unseen)
        return [payable[i : i + size] for i in range(0, len(payable), size)][:WARY_WORLDS]

    def _holding(
        self,
        game: Game,
        seat: int,
        prior: tuple[Sequence[CardDef], Sequence[CardDef]],
        known: set[int],
        tricks: list[CardDef],
    ) -> Game:
        """A world sampled from `prior` in which the opponent's unseen hand holds `tricks` (its
        first cards; the rest, and its deck, are drawn from `prior`)."""
        world = sample_world(game, seat, self.rng, prior, known)
        opp = world.players[1 - seat]
        unseen = [u for u in opp.hand if u not in known]
        defs = list(world.defs)
        for uid, card in zip(unseen, tricks, strict=False):
            defs[uid] = card
        world.defs = defs
        world.forget_legal()
        return world

    def _most_won(
        self,
        game: Game,
        worlds: list[Game],
        firsts: list[Action | None],
        guard: list[Game],
        guard_firsts: list[Action],
        hint: Action,
        nodes: int,
    ) -> Action | None:
        """The first action after which the most `worlds` still have a forced win this turn, if
        at least half of them do, and of those the one after which the most wary worlds
        (`guard`) do; ties go to the screen's first action (`hint`), then to the action's key
        (never to the order of the list). The candidates are the first actions of each world's
        own win (`firsts`, None where it has none; `guard_firsts`) and `hint`."""
        candidates: dict[tuple, Action] = {hint.key(): hint}
        for first in [*firsts, *guard_firsts]:
            if first is not None:
                candidates.setdefault(first.key(), first)

        def kept(action: Action, group: list[Game], known: list[Action | None]) -> int:
            """In how many worlds of `group` a forced win is left after `action`."""
            count = 0
            for w, first in zip(group, known, strict=True):
                if first is not None and first.key() == action.key():
                    count += 1
                    continue
                mine = lethal.same_action(w, action)
                if mine is None:
                    continue
                child = w.clone()
                child.apply(mine)
                count += self._win([child], nodes // 2).won
            return count

        need = (len(worlds) + 1) // 2
        scores = {key: kept(action, worlds, firsts) for key, action in candidates.items()}
        best = [key for key, won in scores.items() if won >= need and won == max(scores.values())]
        if not best:
            return None
        guarded: list[Action | None] = list(guard_firsts)
        key = max(
            best,
            key=lambda k: (kept(candidates[k], guard, guarded), k == hint.key(), repr(k)),
        )
        return next(a for a in game.legal() if a.key() == key)

    def _search(self, game: Game, seat: int, actions: list[Action]) -> Action:
        """Flat Monte Carlo over sampled worlds. Every action meets the same worlds and the same
        playout dice (common random numbers), so their means differ by the action, not by luck.
        Equal means go to the rule-of-thumb player's choice, else to a seeded draw (never to the
        order of the list)."""
        level = self.level
        prior = default_prior(game, seat)
        known = seen_in_hand(game, seat)
        count = max(1, round(level.worlds * self.budget))
        worlds = [
            (sample_world(game, seat, self.rng, prior, known), self.rng.getrandbits(32))
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


def mana_gain(game: Game, seat: int) -> int:
    """How much Active mana `seat` may still gain this turn from what is known: each of its
    undestroyed Forces, destroyed, puts a Base Minion of its deck into its base Active (ZR 2.6;
    at most as many as its deck holds cards)."""
    player = game.players[seat]
    return min(len(player.live_forces()), len(player.deck))


def could_pay(game: Game, seat: int, card: CardDef, gain: int) -> bool:
    """Could `seat` pay for `card` this turn: now (ZR 6.1.1), or with `gain` more Active mana
    of any color (`mana_gain`)? A bound, never too strict: with mana worth more than 1 (ZR
    11.12) in play, any card may be."""
    if fx.payment(game, seat, card) is not None:
        return True
    if gain <= 0:
        return False
    mana = fx.listing_mana(game, seat)
    if mana.worth:
        return True
    if mana.free + gain < fx.cost_of(game, seat, card):
        return False
    fused = fx.fusion(game, seat, card)  # colorless mana pays pips (ZR 6.1.1)
    short = 0
    for color, n in card.pips:
        have = mana.counts.get(color, 0) + (mana.counts.get("colorless", 0) if fused else 0)
        short += max(0, n - have)
    return short <= gain


def same_action(actions: list[Action], chosen: Action) -> Action:
    """The action of the real game's list that is `chosen` (made in a world: same kind and args)."""
    key = chosen.key()
    for a in actions:
        if a.key() == key:
            return a
    raise LookupError(f"{chosen} is not legal in the real game: the world differs")


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(Level)
