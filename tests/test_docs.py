"""The documentation is the project's own and true: the scenario examples of docs/scenarios.md run,
every rule the code cites is explained in docs/rules.md, and nothing points to files outside the
project."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from zenonzard_tui.puzzles import forced_win
from zenonzard_tui.scenarios import parse_scenario, run_scenario

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
PACKAGE = ROOT / "zenonzard_tui"
RULE = re.compile(r"\bZR (\d+(?:\.\d+)*)")


def scenario_blocks() -> list[str]:
    """The ```toml scenario blocks of docs/scenarios.md (other toml blocks are fragments)."""
    text = (DOCS / "scenarios.md").read_text(encoding="utf-8")
    return re.findall(r"^```toml scenario\n(.*?)^```$", text, flags=re.M | re.S)


def test_the_scenario_page_has_full_examples():
    assert len(scenario_blocks()) >= 2


@pytest.mark.parametrize("n", range(len(scenario_blocks())))
def test_every_full_scenario_example_runs_and_passes(n):
    scenario = parse_scenario(scenario_blocks()[n], f"docs/scenarios.md example {n + 1}")
    result = run_scenario(scenario)
    assert result.passed, result.message


def test_the_puzzle_example_is_a_forced_win():
    [puzzle] = [b for b in scenario_blocks() if "[[step]]" not in b]
    assert forced_win(parse_scenario(puzzle).new_game()).line is not None


def cited_rules() -> set[str]:
    found: set[str] = set()
    for path in PACKAGE.rglob("*"):
        if path.suffix in (".py", ".toml", ".tcss"):
            found |= set(RULE.findall(path.read_text(encoding="utf-8")))
    return found


def test_every_rule_the_code_cites_is_in_the_players_rules():
    explained = set(RULE.findall((DOCS / "rules.md").read_text(encoding="utf-8")))
    cited = cited_rules()
    assert len(cited) > 40
    assert sorted(cited - explained, key=lambda r: [int(x) for x in r.split(".")]) == []


def test_no_file_points_outside_the_project():
    """Docs, help texts and comments point to the project's own docs, never to `shared/...`."""
    files = [ROOT / "README.md", *DOCS.glob("*.md"), *(ROOT / "bench").glob("*.py")]
    files += [p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".toml", ".tcss")]
    offenders = [
        f"{path.relative_to(ROOT)}:{n}"
        for path in files
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if re.search(r"\bshared/", line)
    ]
    assert offenders == []


def python_blocks() -> list[tuple[str, str]]:
    """The ```python blocks of README.md and docs/*.md: (where, code)."""
    out = []
    for path in [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]:
        text = path.read_text(encoding="utf-8")
        for n, code in enumerate(re.findall(r"^```python\n(.*?)^```$", text, flags=re.M | re.S)):
            out.append((f"{path.name} block {n + 1}", code))
    return out


def test_the_docs_have_python_examples():
    assert len(python_blocks()) >= 4


@pytest.mark.parametrize("where,code", python_blocks(), ids=[w for w, _ in python_blocks()])
def test_every_python_example_runs_outside_a_clone(where, code, tmp_path):
    """Run as a user of the installed package would: in an empty folder (no decks/ beside it),
    with the project's root off the import path."""
    import subprocess
    import sys

    if "zenonzard_tui.env" in code:
        pytest.importorskip("pettingzoo", reason="the rl extra is not installed")
    script = tmp_path / "example.py"
    script.write_text(code, encoding="utf-8")
    env = {k: v for k, v in __import__("os").environ.items() if k != "PYTHONPATH"}
    done = subprocess.run(
        [sys.executable, "-I", str(script)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 0, f"{where}:\n{done.stderr}"
