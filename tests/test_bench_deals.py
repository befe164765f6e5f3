"""bench/deals.py (runs of one pairing compared deal by deal) and bench/ai.py's --ai-seed (the
same deals with other dice for the AIs)."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEALS = [sys.executable, str(ROOT / "bench" / "deals.py")]
AI = [sys.executable, str(ROOT / "bench" / "ai.py")]


def results(path: Path, scores: list[float], seed: int = 1, **head: object) -> Path:
    rows = [
        {"pairing": "expert vs strong", "game": g, "score": s, "wall": [], "cpu": []}
        for g, s in enumerate(scores)
    ]
    path.write_text(json.dumps({"seed": seed, **head, "games": rows}), encoding="utf-8")
    return path


def run(args: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, capture_output=True, text=True, timeout=120)


def test_two_runs_compared_deal_by_deal(tmp_path):
    # deals 0-2 won by both, 3 by a only, 7 by b only, 4-6 by neither
    a = results(tmp_path / "a.json", [1, 1, 1, 1, 0, 0, 0, 0])
    b = results(tmp_path / "b.json", [1, 1, 1, 0, 0, 0, 0, 1], ai_seed=100)
    out = run([*DEALS, str(a), str(b)])
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "expert vs strong: 8 deals in common (--seed 1), 2 runs" in text
    assert "a.json (--ai-seed 0): won 4 of 8 (50.0%)" in text
    assert "b.json (--ai-seed 100): won 4 of 8 (50.0%)" in text
    rows = {line.split()[0]: line.split()[1:] for line in text.splitlines() if line[:6].strip()
            and line.split()[0] in {"0", "1", "2"}}  # fmt: skip
    # k, deals, if independent (p = 1/2: 8 x C(2,k) / 4), going first, going second; the first
    # level goes first in games 0, 3, 4 and 7 (bench/ai.py's seating)
    assert rows["0"] == ["3", "2.0", "1", "2"]
    assert rows["1"] == ["2", "4.0", "2", "0"]
    assert rows["2"] == ["3", "2.0", "1", "2"]
    assert "a deal one run lost, the other won 25.0% of the time" in text
    assert "a deal one run won, the other won too 75.0% of the time" in text
    # covariance 3/8 - 1/4 = 0.125 over p(1 - p) = 0.25
    assert "the deals' share of the results' variance: 50%" in text


def test_only_the_games_every_file_holds(tmp_path):
    a = results(tmp_path / "a.json", [1, 0, 1, 0, 1, 1])
    b = results(tmp_path / "b.json", [1, 0, 0, 0])
    out = run([*DEALS, str(a), str(b)])
    assert out.returncode == 0, out.stderr
    assert "4 deals in common" in out.stdout
    assert "a.json (--ai-seed 0): won 2 of 4 (50.0%)" in out.stdout


def test_a_budget_row_compared_with_the_plain_row(tmp_path):
    four = tmp_path / "4x.json"
    rows = [{"pairing": "expert@4x vs strong", "game": g, "score": 1, "wall": [], "cpu": []}
            for g in range(3)]  # fmt: skip
    four.write_text(json.dumps({"seed": 1, "games": rows}), encoding="utf-8")
    one = results(tmp_path / "1x.json", [1, 0, 1])
    out = run([*DEALS, str(one), str(four)])
    assert out.returncode == 0, out.stderr
    assert "4x.json (--ai-seed 0): won 3 of 3" in out.stdout


def test_files_that_cannot_be_compared(tmp_path):
    a = results(tmp_path / "a.json", [1, 0])
    other_seed = results(tmp_path / "s2.json", [1, 0], seed=2)
    out = run([*DEALS, str(a), str(other_seed)])
    assert out.returncode == 2 and "different --seed" in out.stderr and "s2.json: 2" in out.stderr
    bad = tmp_path / "bad.json"
    bad.write_text("not json", encoding="utf-8")
    out = run([*DEALS, str(a), str(bad)])
    assert out.returncode == 2 and "bad.json: not a results file of bench/ai.py" in out.stderr
    assert "Traceback" not in out.stderr
    none = results(tmp_path / "none.json", [])
    out = run([*DEALS, str(a), str(none)])
    assert out.returncode == 2 and "none.json" in out.stderr
    out = run([*DEALS, str(a)])
    assert out.returncode == 2 and "two results files or more" in out.stderr


def test_ai_seed_keeps_the_deal_and_shifts_the_ais_seeds():
    script = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, sys.argv[1])
        import ai
        seen = []
        real = ai.new_game
        def new_game(*args, **kw):
            seen.append(("deal", kw["seed"], kw["first"]))
            return real(*args, **kw)
        def player(side, seed):
            seen.append((side.level, seed))
            return ai._Random(seed)
        ai.new_game, ai._player = new_game, player
        for shift in (0, 100):
            ai.play_game((ai.Side("easy"), ai.Side("random"), 1, 5, False, shift))
        print(seen)
        """
    )
    out = run([sys.executable, "-c", script, str(ROOT / "bench")])
    assert out.returncode == 0, out.stderr
    seen = ast.literal_eval(out.stdout)
    deal, first = [s for s in seen if s[0] == "deal"], [s for s in seen if s[0] != "deal"]
    assert deal[0] == deal[1] == ("deal", 6, 1)  # game 5 of seed 1: the same deal
    assert sorted(first[:2]) == [("easy", 6), ("random", 6 + 7919)]
    assert sorted(first[2:]) == [("easy", 106), ("random", 6 + 7919 + 100)]


def test_ai_seed_is_kept_in_the_results_file(tmp_path):
    out_file = tmp_path / "r.json"
    args = [*AI, "--table", "ladder", "--levels", "easy", "--games", "1", "--out", str(out_file)]
    done = run([*args, "--ai-seed", "7"])
    assert done.returncode == 0, done.stderr
    assert json.loads(out_file.read_text(encoding="utf-8"))["ai_seed"] == 7
    other = run([*args, "--ai-seed", "8"])  # another --ai-seed cannot go on in the same file
    assert other.returncode == 2 and "its games have --ai-seed 7, not 8" in other.stderr
    puzzles = run([*AI, "--table", "puzzles", "--ai-seed", "3"])
    assert puzzles.returncode == 2 and "--ai-seed is for the ladder" in puzzles.stderr
