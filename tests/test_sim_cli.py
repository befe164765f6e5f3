"""`zenonzard sim`: AI-vs-AI matches between two deck files."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from zenonzard_tui.cli import main

DECKS = Path(__file__).resolve().parents[1] / "decks"
RED, BLUE = str(DECKS / "red-rush.deck"), str(DECKS / "blue-tides.deck")


def test_a_match_reports_wins_first_player_split_length_and_endings(capsys):
    assert main(["sim", RED, BLUE, "--games", "6", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Red Rush (medium) vs Blue Tides (medium): 6 games")
    assert "Red Rush going first: " in out and "/3 wins" in out  # seats alternate
    assert "mean length: " in out and "endings: " in out
    assert out.rstrip().endswith("games/s, in 1 process)")


def test_json_counts_add_up_and_repeat_with_the_seed(capsys):
    assert main(["sim", RED, BLUE, "--games", "8", "--json", "--ai-b", "easy"]) == 0
    first = json.loads(capsys.readouterr().out)
    assert first["ai"] == ["medium", "easy"] and first["games"] == 8
    assert first["wins"]["A"] + first["wins"]["B"] + first["draws"] == 8
    assert sum(first["ends"].values()) == 8
    assert first["going_first"]["A"]["games"] == first["going_first"]["B"]["games"] == 4
    low, high = first["interval_95"]
    assert 0 <= low < first["win_rate_A"] <= high <= 1
    assert main(["sim", RED, BLUE, "--games", "8", "--json", "--ai-b", "easy"]) == 0
    again = json.loads(capsys.readouterr().out)
    first.pop("seconds"), again.pop("seconds")
    assert again == first  # same seeds, same games


def test_an_illegal_deck_is_refused_with_its_file_and_line(tmp_path, capsys):
    bad = tmp_path / "bad.deck"
    bad.write_text("# name: Bad\n3 Drill Golem\n", encoding="utf-8")
    assert main(["sim", str(bad), BLUE, "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "bad.deck" in err and "illegal deck" in err


def test_a_missing_deck_file_is_refused(tmp_path, capsys):
    assert main(["sim", str(tmp_path / "nope.deck"), BLUE]) == 2
    assert "nope.deck" in capsys.readouterr().err


@pytest.mark.parametrize(
    "argv",
    [
        ["--games", "0"],
        ["--games", "many"],
        ["--ai", "hard"],
        ["--first", "C"],
        ["--ai", "expert", "--ai-iterations", "0"],
        ["--ai", "expert", "--ai-iterations", "-5"],
        ["--ai", "expert", "--ai-iterations", "1.5"],
        ["--ai", "expert", "--ai-iterations", "lots"],
        ["--ai", "expert", "--ai-iterations", str(10**9 + 1)],
        ["--ai", "expert", "--ai-iterations", "9" * 500],
        ["--ai", "expert", "--ai-iterations"],
    ],
)
def test_bad_command_lines_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(["sim", RED, BLUE, *argv])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "error" in err and "Traceback" not in err


@pytest.mark.parametrize("gauntlet", [False, True], ids=["match", "gauntlet"])
def test_games_played_in_several_processes_give_the_same_results(capsys, gauntlet):
    opponents = [BLUE, "yellow-ambush"] if gauntlet else [BLUE]
    argv = ["sim", RED, *opponents, "--games", "40", "--json", "--seed", "9", "--cards"]
    results = []
    for jobs in ("1", "2", "5"):  # 5 is capped at the cores
        assert main([*argv, "--jobs", jobs]) == 0
        out = json.loads(capsys.readouterr().out)
        out.pop("seconds")
        results.append(out)
    assert results[0] == results[1] == results[2]
    assert results[0]["games"] == 40 * len(opponents)


def test_more_jobs_than_cores_are_capped_and_said_so(capsys, monkeypatch):
    monkeypatch.setattr("zenonzard_tui.cli.sim_cmd.usable_cores", lambda: 2)
    assert main(["sim", RED, BLUE, "--games", "4", "--jobs", "16"]) == 0
    assert "--jobs 16: this process may use 2 cores; using 2" in capsys.readouterr().err
    assert main(["sim", RED, BLUE, "--games", "4", "--jobs", "16", "--quiet"]) == 0
    assert capsys.readouterr().err == ""


def test_ray_without_the_cluster_extra_exits_2_saying_what_to_install(capsys, monkeypatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` raises ImportError
    monkeypatch.delitem(sys.modules, "zenonzard_tui.sim.cluster", raising=False)
    assert main(["sim", RED, BLUE, "--games", "2", "--ray"]) == 2
    err = capsys.readouterr().err
    assert "--ray needs Ray" in err and "-m pip install 'ray>=2.9'" in err
    assert "zenonzard-tui[cluster]" not in err  # the package is on no index: that would fail


def test_starter_decks_may_be_named_and_a_wrong_name_lists_them(capsys):
    assert main(["sim", "red-rush", "blue-tides", "--games", "2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decks"] == ["Red Rush", "Blue Tides"]
    assert main(["sim", "red-rus", "blue-tides", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "red-rus: no such deck file or starter deck" in err and "red-rush" in err


def test_a_gauntlet_plays_deck_a_against_every_deck_of_a_folder(tmp_path, capsys):
    for name in ("red-rush", "blue-tides"):
        (tmp_path / f"{name}.deck").write_text((DECKS / f"{name}.deck").read_text("utf-8"))
    assert main(["sim", RED, str(tmp_path), "--games", "2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert [m["decks"] for m in out["matches"]] == [
        ["Red Rush", "Blue Tides"],
        ["Red Rush (A)", "Red Rush (B)"],  # the mirror match tells the seats apart
    ]
    assert out["games"] == 4 and out["wins"] + out["losses"] + out["draws"] == 4
    assert main(["sim", RED, str(tmp_path), "yellow-ambush", "--games", "1"]) == 0
    text = capsys.readouterr().out
    assert text.count(" games\n") == 3 and "Overall: Red Rush scores " in text
    assert "against 3 decks" in text


def test_a_folder_without_decks_is_refused(tmp_path, capsys):
    assert main(["sim", RED, str(tmp_path)]) == 2
    assert "no *.deck file" in capsys.readouterr().err


def test_per_card_figures_of_deck_a_add_up(capsys):
    assert main(["sim", RED, BLUE, "--games", "8", "--json", "--cards"]) == 0
    out = json.loads(capsys.readouterr().out)
    score = out["wins"]["A"] + out["draws"] / 2
    names = {row["card"] for row in out["cards"]}
    assert "Drill Golem" in names and "Miner of Aguma" in names
    for row in out["cards"]:
        assert 0 <= row["played"] <= row["drawn"] <= 8
        drawn_part = (row["score_drawn"] or 0) * row["drawn"]
        rest_part = (row["score_not_drawn"] or 0) * (8 - row["drawn"])
        assert abs(drawn_part + rest_part - score) < 1e-3, row
    assert main(["sim", RED, BLUE, "--games", "4", "--cards"]) == 0
    text = capsys.readouterr().out
    assert "Red Rush: its cards over 4 games" in text and "score not drawn" in text


def test_spawned_workers_give_the_same_results_too(capsys, monkeypatch):
    """Where processes cannot be forked (macOS, Windows) the workers are spawned: they get the
    decks pickled once and rebuild them from their own card pool."""
    import multiprocessing

    argv = ["sim", RED, BLUE, "--games", "10", "--json", "--seed", "4", "--cards"]
    assert main([*argv, "--jobs", "1"]) == 0
    one = json.loads(capsys.readouterr().out)
    monkeypatch.setattr(
        "zenonzard_tui.sim.local._context", lambda: multiprocessing.get_context("spawn")
    )
    assert main([*argv, "--jobs", "2"]) == 0
    spawned = json.loads(capsys.readouterr().out)
    one.pop("seconds"), spawned.pop("seconds")
    assert one == spawned
