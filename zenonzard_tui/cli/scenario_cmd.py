"""`zenonzard scenario`: run scenario files (shared/spec/scenarios.md) through the rules engine.

Prints PASS or FAIL for each file (with the first failing check: step, key, expected and actual),
then "N passed, M failed". Exit status: 0 all pass, 1 some scenario fails, 2 some file cannot be
read or parsed (file, line, problem on standard error); 2 wins over 1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from zenonzard_tui.engine.log import sentences
from zenonzard_tui.scenarios import ScenarioError, load_scenario, run_scenario


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "scenario",
        help="run rules scenario files (a position, a script, expectations)",
        description="Run scenario files through the rules engine and check their expectations.",
        epilog="Exit status: 0 every scenario passes, 1 a scenario fails, 2 a file cannot be "
        "read or parsed. The format: shared/spec/scenarios.md.",
    )
    p.add_argument(
        "paths", nargs="+", metavar="FILE", help="a scenario file, or a folder (every *.toml in it)"
    )
    p.add_argument(
        "--verbose", "-v", action="store_true", help="print the game log of failing scenarios"
    )
    p.set_defaults(run=run)


def scenario_files(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The files to run, and the paths that cannot be used."""
    files: list[Path] = []
    problems: list[str] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(path.glob("*.toml"))
            if not found:
                problems.append(f"{raw}: no *.toml scenario files in this folder")
            files.extend(found)
        elif path.exists():
            files.append(path)
        else:
            problems.append(f"{raw}: no such file or folder")
    return files, problems


def run(args: argparse.Namespace) -> int:
    files, problems = scenario_files(args.paths)
    for problem in problems:
        print(problem, file=sys.stderr)
    passed = failed = broken = 0
    for path in files:
        try:
            scenario = load_scenario(path)
        except ScenarioError as exc:
            print(f"ERROR {path}", flush=True)
            print(f"  {exc}", file=sys.stderr, flush=True)
            broken += 1
            continue
        result = run_scenario(scenario)
        if result.passed:
            passed += 1
            print(f"PASS {path}  {scenario.name}")
            continue
        failed += 1
        print(f"FAIL {path}  {scenario.name}")
        for line in result.message.splitlines():
            print(f"  {line}")
        if args.verbose and result.game is not None:
            print("  game log:")
            for sentence in sentences(result.game):
                print(f"    {sentence}")
    summary = f"{passed} passed, {failed} failed"
    if broken or problems:
        summary += f", {broken + len(problems)} could not be read"
    print(summary)
    if broken or problems:
        return 2
    return 1 if failed else 0
