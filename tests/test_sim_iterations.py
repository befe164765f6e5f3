"""`zenonzard sim --ai-iterations N`: the expert seats search N iterations a decision and never
look at the clock, so a run is repeatable, in one process or several."""

from __future__ import annotations

import json
import random
import time
from dataclasses import replace
from pathlib import Path

import pytest

from zenonzard_tui.ai import player
from zenonzard_tui.cli import main
from zenonzard_tui.sim import play

DECKS = Path(__file__).resolve().parents[1] / "decks"
RED, WHITE = str(DECKS / "red-rush.deck"), str(DECKS / "white-iron-wall.deck")


@pytest.fixture
def quick_expert(monkeypatch):
    """The expert level without its forced-win check, which takes most of an expert game's time
    and is bounded by positions, not by the clock: what is left is the tree search that
    --ai-iterations sets (a game in well under a second). Forked workers inherit it."""
    level = replace(player.LEVELS["expert"], lethal_worlds=0)
    monkeypatch.setitem(player.LEVELS, "expert", level)


def noisy_clock(monkeypatch) -> None:
    """A CPU clock that moves on by a random 0-0.5 s at each look, drawn from the system's
    entropy (another draw in every process): the expert's search by the clock would stop after
    a few iterations, a different number at each decision and on each run."""
    draw = random.SystemRandom()
    now = [0.0]

    def thread_time() -> float:
        now[0] += draw.uniform(0.0, 0.5)
        return now[0]

    monkeypatch.setattr(time, "thread_time", thread_time)


def sim_json(capsys, argv: list[str]) -> dict:
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    out.pop("seconds")
    return out


def test_expert_games_with_ai_iterations_repeat_whatever_the_clock_and_the_jobs(
    capsys, monkeypatch, quick_expert
):
    argv = ["sim", RED, WHITE, "--games", "2", "--seed", "1", "--json", "--cards"]
    argv += ["--ai-a", "expert", "--ai-b", "easy", "--ai-iterations", "20"]
    first = sim_json(capsys, argv)
    assert first["ai"] == ["expert", "easy"] and first["ai_iterations"] == 20
    assert first["games"] == 2
    noisy_clock(monkeypatch)  # (before the workers fork: theirs is noisy too)
    assert sim_json(capsys, argv) == first
    assert sim_json(capsys, [*argv, "--jobs", "2"]) == first


def test_the_count_reaches_every_seat_in_every_worker_and_the_clock_is_the_default(
    capsys, monkeypatch
):
    """The AIs of a run are made with the count (None without the option: the timed expert).
    A worker's AI that got another count fails the run (the error comes back from the worker)."""
    made: list[tuple[str, int | None]] = []
    expected: list[int | None] = [None]
    real = play.AIPlayer

    def ai(level: str, seed: int, iterations: int | None = None):
        if iterations != expected[0]:
            raise AssertionError(f"the {level} AI got iterations={iterations}")
        made.append((level, iterations))
        return real("easy", seed)  # (quick: what is looked at here is what the AI is given)

    monkeypatch.setattr(play, "AIPlayer", ai)
    argv = ["sim", RED, WHITE, "--games", "4", "--ai-a", "expert", "--quiet"]
    assert main(argv) == 0
    assert made == [("expert", None), ("medium", None)] * 4
    capsys.readouterr()
    expected[0] = 7
    made.clear()
    assert main([*argv, "--ai-iterations", "7"]) == 0
    assert made == [("expert", 7), ("medium", 7)] * 4
    assert capsys.readouterr().out.startswith(
        "Red Rush (expert, 7 iterations a decision) vs White Iron Wall (medium): 4 games"
    )
    assert main([*argv, "--ai-iterations", "7", "--jobs", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["ai_iterations"] == 7
    expected[0] = 8  # the workers' AIs get 7: each refuses it, and the run fails
    with pytest.raises(AssertionError, match="iterations=7"):
        main([*argv, "--ai-iterations", "7", "--jobs", "2"])


@pytest.mark.parametrize("levels", [[], ["--ai", "strong"], ["--ai-a", "easy", "--ai-b", "strong"]])
def test_ai_iterations_without_an_expert_seat_is_refused(capsys, levels):
    assert main(["sim", RED, WHITE, "--games", "1", "--ai-iterations", "20", *levels]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Traceback" not in err
    assert err.startswith("zenonzard sim: --ai-iterations sets the tree search of the expert AI")
    assert "neither seat is expert here" in err
