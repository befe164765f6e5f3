"""Forced wins this turn: an AND-OR search over one position or over a set of sampled worlds.

The player whose turn it is wins by force when some line of theirs wins before the turn ends
whatever the opponent does in its Flash windows and blocks: at the player's decisions one action
must win (OR), at the opponent's every answer must still lose (AND). The search deepens one ply
at a time (iterative deepening), so the line found is among the shortest: the fastest win.

Over several worlds (`engine.belief.sample_world`: what a seat cannot tell apart) the player's
moves must be the same in every world that has looked the same to them so far, while the
opponent answers in each world with the cards it holds there; after an answer that shows a card,
the worlds that saw it go on as a group of their own. So a win found is a win in every sampled
world, by one strategy the player can actually follow.

Positions met again by another order of moves (summon A then B, or B then A) are looked up in a
table instead of searched again: at the player's main-phase decisions the state is keyed by what
decides the rest of the turn (card names, not uids, so two copies of a card are one).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from zenonzard_tui.engine.actions import MAIN, Action
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.state import Lasting, Slot
from zenonzard_tui.frozen import picklable


@dataclass(frozen=True)
class Win:
    """The outcome of a search: the winning line (action texts; the opponent's first answers
    where it has a choice) or None, how many positions were looked at, whether the search
    ran to its end (False: the node or time budget ran out first, and no win was found), and
    whether it is a win (also where `first` is None: the opponent decides first, or the game is
    already won)."""

    line: list[str] | None
    first: Action | None  # the first action of the line, as listed by the first world
    nodes: int
    complete: bool
    won: bool


MAX_PLIES: Final = 400  # a bound on one turn's moves for the depth-first search (a turn is finite)


class _OutOfBudget(Exception):
    pass


def _slot_key(s: Slot, rank: dict[int, int], defs: list) -> tuple:
    mods = tuple(m.key() for m in s.mods)
    card: object = s.card.id if s.card is not None else ""
    if s.card is not s.printed and s.card is not None:  # a changed face: Memoria's Force effects
        card = (card, s.card.effects)
    return (card, s.rested, s.arrived, s.advanced, s.must_block, mods, rank[s.order], s.colors,
            tuple(defs[u].id for u in s.attached))  # fmt: skip


def state_key(game: Game) -> tuple | None:
    """What decides the rest of the turn at a quiet main-phase decision (nothing resolving, no
    attack), by card names; None elsewhere (those positions are not tabled)."""
    d = game.pending
    if d is None or d.kind != MAIN or game.stack or game.queued or game.limbo or game.attack:
        return None
    defs = game.defs
    orders = sorted(s.order for p in game.players for s in (*p.field, *p.base))
    rank = {o: i for i, o in enumerate(orders)}
    ranks = {s.uid: rank[s.order] for p in game.players for s in (*p.field, *p.base)}
    sides = []
    for p in game.players:
        sides.append(
            (
                p.life,
                p.movement,
                p.placed,  # ZR 15.1: Chain asks which colors were placed this turn
                p.damaged,  # "if you did not receive damage this turn" (Vikson)
                tuple(sorted(defs[u].id for u in p.hand)),
                tuple(defs[u].id for u in p.deck),
                tuple(sorted(defs[u].id for u in p.trash)),
                tuple(_slot_key(s, rank, game.defs) for s in p.field),
                tuple(_slot_key(s, rank, game.defs) for s in p.base),
                tuple((f.force.id, f.life, f.rested, f.destroyed) for f in p.forces),
            )
        )
    # ZR 14.1: what was summoned or used this turn ("another": is it one of the cards in play);
    # ZR 12.1, 14.4, 14.5: the effects lasting this turn, their locked cards by place in play
    done = tuple(sorted((r.seat, r.kind, r.card.id, ranks.get(r.uid, -1)) for r in game.this_turn))
    lasting = tuple(_lasting_key(x, rank) for x in game.lasting)
    return (game.turn, d.seat, game.rng.state, tuple(sides), done, lasting)


def _lasting_key(x: Lasting, rank: dict[int, int]) -> tuple:
    keys = tuple(("c", rank.get(k[2], -1)) if k[0] == "c" else k for k in x.keys)
    return (x.seat, x.kind, x.name, x.source, x.effect, x.step, x.until, x.turn, keys)


def signature(game: Game, action: Action) -> tuple:
    """An action by what it does, not by uids: the same answer in two worlds has one signature
    (uids of hidden cards name different cards in different worlds)."""
    out: list[object] = [action.kind]
    for arg in action.args:
        if isinstance(arg, int):
            out.append(game.defs[arg].id if 0 <= arg < len(game.defs) else arg)
        elif isinstance(arg, tuple) and len(arg) == 2 and arg[0] == "c":
            uid = arg[1]
            out.append(("c", game.defs[uid].id if 0 <= uid < len(game.defs) else uid))
        else:
            out.append(arg)
    return tuple(out)


_TEXTS: Final[dict[tuple, str]] = {}


def key_text(key: tuple) -> str:
    """repr(key), kept: the searches and the rule of thumb order the same few keys (signatures,
    `Action.key()`) over and over by it, and a tuple's repr costs ten times its hash."""
    found = _TEXTS.get(key)
    if found is None:
        if len(_TEXTS) > 100_000:
            _TEXTS.clear()
        found = _TEXTS[key] = repr(key)
    return found


def _seat(game: Game) -> int:
    """Who decides now in a game that is not over."""
    assert game.pending is not None
    return game.pending.seat


def same_action(game: Game, action: Action) -> Action | None:
    """`action`, listed in another world of the same position, in `game`'s list (or None)."""
    return _same_action(game, action, signature(game, action))


def _same_action(game: Game, action: Action, sig: tuple) -> Action | None:
    """`action` (listed in another world) in `game`'s list: the same uids, else the same
    signature."""
    key = action.key()
    legal = game.legal()
    for a in legal:
        if a.key() == key:
            return a
    for a in legal:
        if signature(game, a) == sig:
            return a
    return None


def forced_win(
    worlds: Sequence[Game],
    max_nodes: int = 1_000_000,
    seconds: float | None = None,
    texts: bool = True,
    shortest: bool = True,
) -> Win:
    """Can the player whose turn it is win before the turn ends in every world of `worlds` (one
    position, or worlds sampled for that player), whatever the opponent does? `max_nodes` and
    `seconds` cap the work (`max_nodes` counts a position once per world it is met in);
    `texts=False` skips writing action texts (the line is then None
    even on a win; `first` says what to play).

    `shortest=True` deepens one ply at a time, so the line found is among the shortest (the
    puzzle solver's line). `shortest=False` searches depth first to the end of the turn at once:
    a win is the same win this turn however many moves it takes, and this proves one ten to
    thirty times sooner (the 12 shipped puzzles: 8,400 positions in all instead of 92,000), while a
    position with no win costs no more (deepening ends with the same full search)."""
    first_world = worlds[0]
    seat, turn = first_world.active, first_world.turn
    nodes = 0
    deadline = None if seconds is None else time.perf_counter() + seconds
    # key of a group of worlds -> (remaining depth searched, won, complete, line)
    table: dict[tuple, tuple[int, bool, bool, list[str], Action | None]] = {}

    def text_of(g: Game, a: Action) -> str:
        if not texts:
            return ""
        if not a.text:
            g.legal_actions()
        return a.text

    def wins(group: list[Game], line: list[str], depth: int) -> tuple[bool, bool, Action | None]:
        """(won, cut: the depth limit stopped some line, the winning first action)."""
        nonlocal nodes
        nodes += len(group)
        if nodes > max_nodes:
            raise _OutOfBudget
        if deadline is not None and time.perf_counter() > deadline:
            raise _OutOfBudget
        live = []
        for g in group:
            if g.over:
                if g.outcome is None or g.outcome.winner != seat:
                    return False, False, None
            elif g.turn != turn:
                return False, False, None
            else:
                live.append(g)
        if not live:
            return True, False, None
        if depth == 0:
            return False, True, None
        key = None
        if _seat(live[0]) == seat:
            keys = [state_key(g) for g in live]
            if keys[0] is not None:
                key = tuple(keys)
                hit = table.get(key)
                if hit is not None:
                    searched, won, complete, got, act = hit
                    if won and searched <= depth:
                        line[:] = got
                        return True, False, act
                    if not won and (complete or searched >= depth):
                        return False, not complete, None
        won, cut, act = _node(live, line, depth)
        if key is not None:
            table[key] = (depth, won, not cut, list(line), act)
        return won, cut, act

    def _node(live: list[Game], line: list[str], depth: int) -> tuple[bool, bool, Action | None]:
        g0 = live[0]
        cut = False
        if _seat(g0) == seat:  # OR: one of the player's actions must win in every world
            for action in g0.legal():
                sig = signature(g0, action)
                children = []
                for g in live:
                    mine = action if g is g0 else _same_action(g, action, sig)
                    if mine is None:
                        break
                    child = g.clone()
                    child.apply(mine)
                    children.append(child)
                else:
                    rest: list[str] = []
                    won, below, _ = wins(children, rest, depth - 1)
                    cut = cut or below
                    if won:
                        line[:] = [text_of(g0, action), *rest]
                        return True, False, action
            return False, cut, None
        # AND: every answer in every world must still lose; worlds giving the same answer
        # go on together (the player cannot tell them apart). Within one world, answers of
        # the same signature are different answers all the same (B raising one Horned Walrus
        # or the other: the player sees which), so each is the n-th of its signature there
        groups: dict[tuple, list[Game]] = {}
        firsts: dict[tuple, tuple[Game, Action]] = {}
        for g in live:
            met: dict[tuple, int] = {}
            for action in g.legal():
                sig = signature(g, action)
                n = met[sig] = met.get(sig, -1) + 1
                child = g.clone()
                child.apply(action)
                groups.setdefault((sig, n), []).append(child)
                firsts.setdefault((sig, n), (g, action))
        answered: list[str] = []
        for sig, children in groups.items():
            rest = []
            won, below, _ = wins(children, rest, depth - 1)
            cut = cut or below
            if not won:
                return False, cut, None
            if not answered:  # the opponent's first answer stands for all of them
                g, action = firsts[sig]
                answered = [text_of(g, action), *rest]
        line[:] = answered
        return True, cut, None

    games = []
    for w in worlds:
        g = w.clone()
        g.log.enabled = False
        games.append(g)
    depth = 1 if shortest else MAX_PLIES
    try:
        while True:
            line: list[str] = []
            won, cut, act = wins(games, line, depth)
            if won:
                first = _same_action(first_world, act, signature(games[0], act)) if act else None
                return Win(line if texts else None, first, nodes, complete=True, won=True)
            if not cut:  # every line of the turn was played out: there is no win
                return Win(None, None, nodes, complete=True, won=False)
            depth += 1
    except _OutOfBudget:
        return Win(None, None, nodes, complete=False, won=False)


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(Win)
