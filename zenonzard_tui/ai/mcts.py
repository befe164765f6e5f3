"""Information-set Monte Carlo tree search (single-observer ISMCTS: Cowling, Powley and Whitehouse,
"Information Set Monte Carlo Tree Search", IEEE TCIAIG 2012), the expert AI's search.

One tree is grown over the deciding seat's information sets: every iteration draws a world the
seat cannot tell apart from the real game (`engine.belief.sample_world`, a determinization), walks
down the tree with the actions legal in that world, adds one node, plays on with the rule-of-thumb
player (`policy.act`, medium's rules) to the end of the opponent's next turn, and backs the value
of the position reached (`value.win_chance`, fit on AI games) up the path.

- Edges are keyed by what an action does (card names, not uids: a hidden card's uid names a
  different card in each world), so the opponent's answers with the same card share a node.
- Selection is UCB1 over the children available in this world, counting a child's trials by how
  often it was available (the ISMCTS form of UCB). The value UCB1 reads is a mix (`MINIMAX`) of the
  child's mean and the minimax of the means below it (`back_up`: each mover takes its best
  child once that child has been tried `MINIMAX_VISITS` times), so that a move is not held back
  by the weak continuations the search also tried under it (mix-max backups).
- Progressive widening: a node with n visits has at most ceil(WIDEN * sqrt(n + 1)) children; the
  first child tried is the rule-of-thumb player's choice, the next ones at random, so a main phase
  with thirty actions is not spread thin over all of them at once.
- The search is anytime: it stops after a number of iterations or after a budget of the
  thread's CPU time, whichever comes first (or, with `settle`, once the iterations left could no
  longer change the choice), and plays the most visited action (ties: the higher mean, then the quicker win or
  the later loss seen in the search, then the rule-of-thumb player's choice, then at random).
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Final

from zenonzard_tui.ai import policy
from zenonzard_tui.ai.lethal import key_text, signature
from zenonzard_tui.ai.value import win_chance
from zenonzard_tui.engine.actions import Action
from zenonzard_tui.engine.belief import default_prior, sample_world, seen_in_hand
from zenonzard_tui.engine.game import Game
from zenonzard_tui.frozen import picklable

EXPLORE: Final = 0.7  # UCB1's exploration constant, for values in [0, 1]
WIDEN: Final = 2.0  # children allowed: WIDEN * sqrt(visits + 1)
# playouts stop this many turn ends after the decision (or at the end of the game)
HORIZON: Final = 2
MAX_STEPS: Final = 400  # a safety bound on one playout's actions
# the weight of the minimax of the means below a child in the value UCB1 reads (the rest: its mean);
# measured against strong (docs/ai.md): 0.5
MINIMAX: Final = 0.5
MINIMAX_VISITS: Final = 4  # tries before a child counts in its parent's minimax
SETTLE: Final = 16  # iterations between looks at the clock and at whether the choice is settled


@dataclass
class Node:
    mover: int  # the seat that chose the edge into this node (the root: the deciding seat)
    visits: int = 0
    total: float = 0.0  # sum of values for `mover`
    speed: float = 0.0  # sum of +1/(1 + plies) on a win, -1/(1 + plies) on a loss, for mover
    children: dict[tuple, Node] = field(default_factory=dict)
    avail: dict[tuple, int] = field(default_factory=dict)  # how often each child was legal
    best: float = 0.0  # the minimax of the means below this node, for mover (`back_up`)

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass(frozen=True)
class Result:
    """The search's answer: the action, and what the search saw of it (for the coach)."""

    action: Action
    visits: int  # iterations that went through it
    win: float  # its mean value for the deciding seat: a chance of winning, 0..1
    iterations: int
    # the next most tried action, its visits and mean (None: not asked for, or only one tried)
    runner_up: tuple[Action, int, float] | None = None


def search(
    game: Game,
    seat: int,
    rng: random.Random,
    iterations: int,
    seconds: float | None = None,
    runner_up: bool = False,
    settle: bool = False,
) -> Result:
    """ISMCTS from `seat`'s information set in `game` (whose pending decision is `seat`'s), for
    `iterations` at most and `seconds` of this thread's CPU time at most (`time.thread_time`:
    other work on the machine does not shorten it). `settle`: stop once the iterations left
    (by count, and by the time left at the rate so far) could not change the most tried action
    (`settled`). `runner_up`: also give the next most tried action (for the coach's reason; it
    draws nothing from `rng`, so the AI's later choices are the same with or without it)."""
    actions = policy.worth_trying(game, seat, game.legal())  # (no idle attack: policy)
    root = Node(mover=seat)
    prior = default_prior(game, seat)
    known = seen_in_hand(game, seat)  # (found once: each world is drawn from the same position)
    start = 0.0 if seconds is None else time.thread_time()  # (no budget: no look at the clock)
    deadline = None if seconds is None else start + seconds
    done = 0
    while done < iterations:
        if done and done % SETTLE == 0 and (settle or deadline is not None):
            left = iterations - done
            if deadline is not None:
                now = time.thread_time()
                if now > deadline:
                    break
                # what the time left allows, at the rate so far
                left = min(left, math.ceil(done * (deadline - now) / max(now - start, 1e-6)))
            if settle and settled(root, left):
                break
        world = sample_world(game, seat, rng, prior, known)
        _iterate(root, world, seat, rng)
        done += 1
    keys = by_signature(game, actions)
    fallback = policy.act(sample_world(game, seat, rng, prior, known), rng)
    favoured = signature(game, fallback)
    tried = {k: n for k, n in root.children.items() if k in keys}
    if not tried:
        chosen = keys.get(favoured, fallback)
        return Result(chosen, 0, 0.5, done)
    key = best(tried, favoured, rng)
    node = tried[key]
    second = None
    if runner_up:
        others = [k for k in tried if k != key]
        if others:  # the most tried, then the higher mean, then an order of the keys' own
            k = max(others, key=lambda k: (tried[k].visits, tried[k].mean(), repr(k)))
            second = (keys[k], tried[k].visits, tried[k].mean())
    return Result(keys[key], node.visits, node.mean(), done, second)


def settled(root: Node, left: int) -> bool:
    """Whether `left` more iterations could no longer change the action played: the most tried
    child leads every other by more than `left` tries (the choice goes by tries)."""
    if len(root.children) < 2:
        return False
    first, second = sorted((n.visits for n in root.children.values()), reverse=True)[:2]
    return first - second > left


def best(children: dict[tuple, Node], favoured: tuple, rng: random.Random) -> tuple:
    """The key of the child to play: the most tried; ties go to the higher mean, then to the
    quicker win or the later loss seen in the search (ZR 1.2), then to the rule-of-thumb
    player's choice (`favoured`), then to a seeded draw made in an order of the keys' own, so the
    order in which the children were met or the actions listed never decides."""
    draw = {k: rng.random() for k in sorted(children, key=repr)}

    def rank(key: tuple) -> tuple:
        node = children[key]
        speed = node.speed / node.visits if node.visits else 0.0
        return (node.visits, round(node.mean(), 9), speed, key == favoured, draw[key])

    return max(children, key=rank)


def _iterate(root: Node, g: Game, seat: int, rng: random.Random) -> None:
    turn = g.turn
    ends = 0
    plies = 0
    path = [root]
    node = root
    expanded = False
    while not g.over and ends < HORIZON:
        actions = g.legal()
        if len(actions) == 1:
            action = actions[0]
        elif expanded:
            action = policy.act(g, rng)
        else:
            assert g.pending is not None
            mover = g.pending.seat
            keyed = by_signature(g, policy.worth_trying(g, mover, actions))
            for k in keyed:
                node.avail[k] = node.avail.get(k, 0) + 1
            untried = [k for k in keyed if k not in node.children]
            allowed = math.ceil(WIDEN * math.sqrt(node.visits + 1))
            if untried and len(node.children) < allowed:
                if not node.children:
                    k = signature(g, policy.act(g, rng))
                    if k not in keyed:
                        k = rng.choice(untried)
                else:
                    k = rng.choice(untried)
                child = Node(mover=mover)
                node.children[k] = child
                expanded = True
            else:
                live = [(k, node.children[k]) for k in keyed if k in node.children]
                if not live:  # every child of this node was tried in other worlds only
                    k = rng.choice(untried)
                    child = Node(mover=mover)
                    node.children[k] = child
                    expanded = True
                else:
                    k, child = max(live, key=lambda kc: _ucb(node, kc[0], kc[1]))
            node = child
            path.append(child)
            action = keyed[k]
        g.apply(action)
        plies += 1
        if g.turn != turn:
            ends += 1
            turn = g.turn
        if plies > MAX_STEPS:
            break
    value = win_chance(g, seat)
    speed = 0.0
    if g.outcome is not None and g.outcome.winner is not None:
        speed = (1.0 if g.outcome.winner == seat else -1.0) / (1 + plies)
    for n in path:
        own = n.mover == seat
        n.visits += 1
        n.total += value if own else 1.0 - value
        n.speed += speed if own else -speed
    for n in reversed(path):
        back_up(n)


def back_up(node: Node) -> None:
    """Set `node.best`, the minimax of the means below it for its mover: its children are chosen
    by one seat, which takes the one best for it among those tried `MINIMAX_VISITS` times at
    least (each child's `best` is for that seat); with none such, the node's own mean. The
    children's values are up to date: a path is backed up from its leaf."""
    top = -1.0
    chooser = node.mover
    for child in node.children.values():
        if child.visits >= MINIMAX_VISITS and child.best > top:
            top = child.best
            chooser = child.mover
    if top < 0.0:
        node.best = node.mean()
    else:
        node.best = top if chooser == node.mover else 1.0 - top


def by_signature(g: Game, actions: list[Action]) -> dict[tuple, Action]:
    """The actions by what they do (`lethal.signature`), in an order of their own: the engine's
    order of listing never decides which child is tried next, which of equal ones is taken, or
    which of two actions doing the same (two copies of a card) stands for both."""
    keyed: dict[tuple, Action] = {}
    for a in sorted(actions, key=lambda a: key_text(a.key())):
        keyed.setdefault(signature(g, a), a)
    return {k: keyed[k] for k in sorted(keyed, key=key_text)}


def _ucb(parent: Node, key: tuple, child: Node) -> float:
    if child.visits == 0:
        return math.inf
    avail = parent.avail.get(key, 1)
    value = (1.0 - MINIMAX) * child.mean() + MINIMAX * child.best
    return value + EXPLORE * math.sqrt(math.log(max(avail, 1)) / child.visits)


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(Result)
