"""bench/fuzz.py: seeded random games, each failure on one line with its seed and a saved replay
that loads and replays up to the failing action."""

from __future__ import annotations

import importlib.util
import random
import subprocess
import sys
from pathlib import Path

import pytest

from zenonzard_tui.engine import invariants
from zenonzard_tui.engine.game import Game, new_game
from zenonzard_tui.engine.save import load_game

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "bench" / "fuzz.py"


@pytest.fixture(scope="module")
def fuzz():
    spec = importlib.util.spec_from_file_location("bench_fuzz", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_fuzz"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    yield module
    del sys.modules["bench_fuzz"]


def _first_actions(fuzz, seed: int, n: int, mode: str = "starter") -> list[tuple]:
    """The keys of the first n actions of fuzz game `seed`, played here independently."""
    starters = [(p.stem, fuzz.load_deck(p)) for p in sorted((ROOT / "decks").glob("*.deck"))]
    rng = random.Random(seed)
    (_, a), (_, b) = fuzz.pick_decks(rng, mode, starters)
    game = new_game(a, b, seed=seed)
    for _ in range(n):
        game.apply(rng.choice(game.legal()))
    return [action.key() for action in game.history]


def test_sound_games_exit_0_with_a_summary(fuzz, tmp_path, capsys):
    out = tmp_path / "failures"
    assert fuzz.main(["--games", "3", "--seed", "5", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "games: 3 (starter decks, seeds 5-7), decisions: " in text
    assert "failures: 0" in text
    assert "games/s" in text
    assert "FAIL" not in text
    assert not out.exists()  # made only when something fails


def test_random_and_mixed_decks(fuzz, tmp_path, capsys):
    for mode in ("random", "both"):
        args = ["--games", "2", "--seed", "40", "--decks", mode, "--out", str(tmp_path)]
        assert fuzz.main(args) == 0
        assert f"games: 2 ({mode} decks" in capsys.readouterr().out


def test_a_broken_invariant_is_reported_and_saved(fuzz, tmp_path, capsys, monkeypatch):
    real = invariants.problems

    def problems(game):
        if game.seed == 11 and len(game.history) == 7:
            return ["A's hand holds 11 cards (ZR 3.3: at most 10)"]
        return real(game)

    monkeypatch.setattr(invariants, "problems", problems)
    out = tmp_path / "failures"
    assert fuzz.main(["--games", "3", "--seed", "10", "--out", str(out)]) == 1
    text = capsys.readouterr().out
    [line] = [x for x in text.splitlines() if x.startswith("FAIL")]
    path = out / "fuzz-seed-11.json"
    assert line.startswith("FAIL seed 11 (")
    assert " vs " in line
    assert f"action 7: A's hand holds 11 cards (ZR 3.3: at most 10); replay {path}" in line
    assert line.endswith(str(path))  # no note: the save loads and shows the problem again
    assert "games: 3" in text and "failures: 1" in text
    assert "--games 1 --seed SEED --decks starter" in text
    loaded = load_game(path)
    assert [a.key() for a in loaded.history] == _first_actions(fuzz, 11, 7)


@pytest.mark.pure  # (patches a compiled class, docs/build.md)
def test_an_engine_exception_is_reported_and_saved_before_the_action(
    fuzz, tmp_path, capsys, monkeypatch
):
    real = Game._dispatch

    def dispatch(self, decision, action):
        if self.seed == 3 and len(self.history) == 12:  # the 12th action, already in the history
            raise RuntimeError("boom")
        return real(self, decision, action)

    monkeypatch.setattr(Game, "_dispatch", dispatch)
    assert fuzz.main(["--games", "1", "--seed", "3", "--out", str(tmp_path)]) == 1
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("FAIL seed 3 (")
    assert "action 12: '" in line  # the text of the action that raised
    assert "RuntimeError: boom (raised while applying the action, at test_fuzz.py:" in line
    assert line.endswith(f"replay {tmp_path / 'fuzz-seed-3.json'}")  # it raises again on replay
    loaded = load_game(tmp_path / "fuzz-seed-3.json")
    assert [a.key() for a in loaded.history] == _first_actions(fuzz, 3, 11)
    assert not loaded.over


def test_stop_after_k_failures(fuzz, tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(invariants, "problems", lambda game: ["always"])
    assert fuzz.main(["--games", "5", "--seed", "1", "--stop-after", "2", "--out", str(tmp_path)])
    text = capsys.readouterr().out
    assert text.count("FAIL seed") == 2
    assert "action 0: always" in text  # found right after setup
    assert "games: 2 " in text and "failures: 2" in text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["fuzz-seed-1.json", "fuzz-seed-2.json"]


def test_ctrl_c_prints_the_summary_so_far(fuzz, tmp_path, capsys, monkeypatch):
    real = fuzz.play_one

    def play_one(seed, *rest):
        if seed == 2:
            raise KeyboardInterrupt
        return real(seed, *rest)

    monkeypatch.setattr(fuzz, "play_one", play_one)
    assert fuzz.main(["--games", "5", "--seed", "1", "--out", str(tmp_path)]) == 130
    text = capsys.readouterr().out
    assert "interrupted" in text
    assert "games: 1 (starter decks, seeds 1-1)" in text


@pytest.mark.parametrize("bad", [["--games", "0"], ["--seed", "-1"], ["--decks", "mine"]])
def test_bad_arguments_exit_2(fuzz, bad, capsys):
    with pytest.raises(SystemExit) as exit_:
        fuzz.main(bad)
    assert exit_.value.code == 2


def test_runs_as_a_script(tmp_path):
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "2", "--seed", "9"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stdout + out.stderr
    assert "games: 2" in out.stdout and "failures: 0" in out.stdout
    assert not (tmp_path / "fuzz-failures").exists()
