"""Practice puzzles: scenario files (docs/scenarios.md) whose position the player plays on
from, shipped in `zenonzard_tui/puzzles/`, and a solver that proves a puzzle can be won.

A shipped puzzle is a "win this turn" puzzle: the player whose turn it is can win before the turn
ends, whatever the opponent does in its Flash windows and blocks. `forced_win` checks that by
searching every line of the turn: the player's moves are tried one by one (any may win), the
opponent's answers all have to be met (every one must still lose). It sees the whole position,
hidden cards included: it is a tool for the puzzle's author, not a player.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from zenonzard_tui.engine.game import Game

PUZZLES = Path(__file__).resolve().parent / "puzzles"
SUFFIX = ".toml"


def puzzle_files() -> list[Path]:
    """The puzzles that come with the package, by file name."""
    return sorted(PUZZLES.glob(f"*{SUFFIX}"))


def find_puzzle(spec: str) -> Path | None:
    """A shipped puzzle by name (`last-push`), or None when `spec` names none."""
    if "/" in spec or spec.endswith(SUFFIX):
        return None
    path = PUZZLES / f"{spec}{SUFFIX}"
    return path if os.path.isfile(path) else None  # os.path: no OSError for a name too long


@dataclass
class Search:
    """The outcome of `forced_win`: the winning line (action texts, the opponent's first answers
    where it has a choice) or None, and how many positions were looked at."""

    line: list[str] | None
    nodes: int
    complete: bool  # False: the node budget ran out before an answer


def forced_win(game: Game, max_nodes: int = 1_000_000) -> Search:
    """Can the player whose turn it is win before the turn ends, whatever the opponent does?
    Searched by iterative deepening, so the line found is among the shortest."""
    seat, turn = game.active, game.turn
    nodes = 0
    cut = False  # did the depth limit stop a line that might have gone on?

    class OutOfBudget(Exception):
        pass

    def wins(g: Game, line: list[str], depth: int) -> bool:
        nonlocal nodes, cut
        nodes += 1
        if nodes > max_nodes:
            raise OutOfBudget
        if g.over:
            return g.outcome is not None and g.outcome.winner == seat
        if g.turn != turn:
            return False
        if depth == 0:
            cut = True
            return False
        mine = g.pending.seat == seat
        for action in g.legal_actions():
            child = g.clone()
            child.apply(action)
            rest: list[str] = []
            if wins(child, rest, depth - 1):
                if mine:
                    line[:] = [action.text, *rest]
                    return True
                if not line:  # the opponent's first answer stands for all of them
                    line[:] = [action.text, *rest]
            elif not mine:
                return False
        return not mine  # the player found no win; the opponent found no escape

    game = game.clone()
    game.log.enabled = False
    depth = 1
    try:
        while True:
            line: list[str] = []
            cut = False
            if wins(game, line, depth):
                return Search(line, nodes, complete=True)
            if not cut:  # every line of the turn was played out: there is no win
                return Search(None, nodes, complete=True)
            depth += 1
    except OutOfBudget:
        return Search(None, nodes, complete=False)
