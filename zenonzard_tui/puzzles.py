"""Practice puzzles: scenario files (docs/scenarios.md) whose position the player plays on
from, shipped in `zenonzard_tui/puzzles/`, and a solver that proves a puzzle can be won.

A shipped puzzle is a "win this turn" puzzle: the player whose turn it is can win before the turn
ends, whatever the opponent does in its Flash windows and blocks. `forced_win` checks that by
searching every line of the turn: the player's moves are tried one by one (any may win), the
opponent's answers all have to be met (every one must still lose). It sees the whole position,
hidden cards included: it is a tool for the puzzle's author, not a player. A win this turn ends
this turn: the search stops where the turn ends, so a loss at the start of the next one (the
opponent's draw from an empty deck, ZR 1.3) is no win of the puzzle.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from zenonzard_tui.ai import lethal
from zenonzard_tui.engine.actions import Action
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
    Searched by iterative deepening, so the line found is among the shortest (the search is
    `ai.lethal.forced_win` over this one position)."""
    this_turn = game.clone()
    this_turn.stops_at_turn_end = True  # a win this turn ends this turn (ZR 1.3: not after)
    found = lethal.forced_win([this_turn], max_nodes=max_nodes)
    return Search(found.line, found.nodes, found.complete)


def refutation(game: Game, max_nodes: int = 1_000_000) -> Action:
    """The defender's best answer in a puzzle (the defender decides now): the first of its legal
    actions after which the player whose turn it is has no forced win this turn, seen with the
    whole position; where every answer still loses, the first. The strongest opponent a
    puzzle can meet (`bench/ai.py --table puzzles` plays the AI against it)."""
    legal = game.legal()
    for action in legal:
        child = game.clone()
        child.apply(action)
        if not lethal.forced_win([child], max_nodes, texts=False, shortest=False).won:
            return action
    return legal[0]
