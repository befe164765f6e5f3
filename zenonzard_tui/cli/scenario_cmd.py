"""`zenonzard scenario`: run scenario files (docs/scenarios.md) through the rules engine.

Prints PASS or FAIL for each file (with the first failing check: step, key, expected and actual),
then "N passed, M failed". Exit status: 0 all pass, 1 some scenario fails, 2 some file cannot be
read or parsed (file, line, problem on standard error); 2 wins over 1.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from zenonzard_tui.engine.game import SEATS
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.puzzles import find_puzzle, forced_win, puzzle_files
from zenonzard_tui.scenarios import ScenarioError, load_scenario, run_scenario
from zenonzard_tui.usertext import say, terminal_safe


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "scenario",
        help="run rules scenarios; list and solve practice puzzles",
        description="Run scenario files through the rules engine and check their expectations.",
        epilog="Exit status: 0 every scenario passes, 1 a scenario fails, 2 a file cannot be "
        "read or parsed. The format: docs/scenarios.md in the zenonzard-tui sources.",
    )
    p.add_argument(
        "paths",
        nargs="*",
        metavar="FILE",
        help="a scenario file, a folder (every *.toml in it), or a shipped puzzle's name",
    )
    p.add_argument(
        "--verbose", "-v", action="store_true", help="print the game log of failing scenarios"
    )
    what = p.add_mutually_exclusive_group()
    what.add_argument(
        "--solve",
        action="store_true",
        help="instead of running the script: can the player to move win this turn, whatever "
        "the opponent does? Prints a winning line (exit 1 when there is none)",
    )
    what.add_argument(
        "--puzzles", action="store_true", help="list the practice puzzles that come with zenonzard"
    )
    p.set_defaults(run=run)


def scenario_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The files to run, and the paths that cannot be used."""
    files: list[Path] = []
    problems: list[str] = []
    for raw in paths:
        path = Path(raw)
        if os.path.isdir(path):  # os.path: False, not OSError, for a name too long
            found = sorted(path.glob("*.toml"))
            if not found:
                problems.append(f"{raw}: no *.toml scenario files in this folder")
            files.extend(found)
        elif os.path.exists(path):
            files.append(path)
        elif (puzzle := find_puzzle(raw)) is not None:
            files.append(puzzle)
        else:
            problems.append(f"{raw}: no such file, folder or puzzle")
    return files, problems


def run(args: argparse.Namespace) -> int:
    if args.puzzles:
        if args.paths:  # (they were ignored: a run that was asked for did not happen)
            say(
                "zenonzard scenario: --puzzles lists the puzzles and takes no file "
                f"(got {terminal_safe(args.paths[0], 80)!r}); to play one: zenonzard play "
                "--scenario NAME; to solve it: zenonzard scenario --solve NAME",
                file=sys.stderr,
            )
            return 2
        return list_puzzles()
    if not args.paths:
        say("zenonzard scenario: give a scenario file or folder (or --puzzles)", file=sys.stderr)
        return 2
    if args.solve:
        return solve(args.paths)
    files, problems = scenario_files(args.paths)
    for problem in problems:
        say(problem, file=sys.stderr)
    passed = failed = broken = 0
    for path in files:
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            say(f"ERROR {path}", flush=True)
            say(f"  {exc}", file=sys.stderr, flush=True)
            broken += 1
            continue
        result = run_scenario(scenario)
        if result.passed:
            passed += 1
            say(f"PASS {path}  {scenario.name}")
            continue
        failed += 1
        say(f"FAIL {path}  {scenario.name}")
        for line in result.message.splitlines():
            say(f"  {line}")
        if args.verbose and result.game is not None:
            say("  game log:")
            for sentence in sentences(result.game):
                say(f"    {sentence}")
    summary = f"{passed} passed, {failed} failed"
    if broken or problems:
        summary += f", {broken + len(problems)} could not be read"
    say(summary)
    if broken or problems:
        return 2
    return 1 if failed else 0


def list_puzzles() -> int:
    for path in puzzle_files():
        try:
            title = load_scenario(path).name
        except ScenarioError as exc:  # pragma: no cover - the shipped puzzles are tested
            title = f"(cannot be read: {exc.problem})"
        say(f"{path.stem:<20} {title}")
    say("Play one with: zenonzard play --scenario NAME")
    return 0


def solve(paths: list[str]) -> int:
    """Search each position for a forced win this turn (zenonzard_tui.puzzles.forced_win)."""
    files, problems = scenario_files(paths)
    for problem in problems:
        say(problem, file=sys.stderr)
    unsolved = broken = 0
    for path in files:
        try:
            game = load_scenario(path).new_game()
        except ScenarioError as exc:
            say(f"ERROR {path}", flush=True)
            say(f"  {exc}", file=sys.stderr, flush=True)
            broken += 1
            continue
        if game.over:
            say(f"OVER  {path}  the game is already over")
            unsolved += 1
            continue
        who = SEATS[game.active]
        search = forced_win(game)
        if search.line is not None:
            say(f"WIN   {path}  {who} wins this turn ({search.nodes} positions searched):")
            say("  " + " | ".join(search.line))
        elif search.complete:
            say(f"NONE  {path}  {who} has no forced win this turn ({search.nodes} positions)")
            unsolved += 1
        else:
            say(f"UNDECIDED  {path}  no answer within {search.nodes} positions")
            unsolved += 1
    if broken or problems:
        return 2
    return 1 if unsolved else 0
