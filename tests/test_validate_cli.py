"""`zenonzard validate`: exit statuses, human output, --json, --export, unreadable inputs."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenonzard_tui.cli import main
from zenonzard_tui.decks import MAX_DECK_BYTES, parse_deck

ROOT = Path(__file__).resolve().parents[1]
DECKS_DIR = ROOT / "decks"
STARTERS = sorted(DECKS_DIR.glob("*.deck"))

LEGAL = """\
# name: Test Red
Forces: Force of Sin, Force of Triumph
13 Miner of Aguma
3 Eoraptor
3 Drill Golem
3 Sawblade Golem
3 Gayl Mouse
3 Sams - The All-Seeing Commander
2 Howling Direwolf
2 Spiral Python
2 Exptera
3 High Pressure
3 Gravity
"""
ILLEGAL = LEGAL.replace("3 Drill Golem", "3 Dril Golem").replace("Force of Triumph", "Sin")


@pytest.fixture
def write(tmp_path):
    def write(name: str, content: str | bytes) -> Path:
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_text(content, encoding="utf-8")
        return path

    return write


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["validate", *map(str, argv)])
    out, err = capsys.readouterr()
    return status, out, err


# ----------------------------------------------------------------------------------------------
# Exit statuses and human output


def test_starter_folder_is_all_legal(capsys):
    status, out, err = run(capsys, DECKS_DIR)
    assert status == 0, err
    assert err == ""
    assert out.count(": LEGAL - ") == len(STARTERS)
    assert "ILLEGAL" not in out
    assert f"{len(STARTERS)} decks: {len(STARTERS)} legal, 0 illegal" in out


def test_legal_deck_summary_in_words(capsys, write):
    status, out, _ = run(capsys, write("red.deck", LEGAL))
    assert status == 0
    assert "LEGAL - Test Red" in out
    assert "starting life 6 (ZR 5.1)" in out
    assert "21 Field Minions, 13 Base Minions, 6 Magic" in out
    assert "red 33, colorless 7" in out
    assert "cost  2 |######++++++ 12" in out
    assert "13 Base Minions (mana; not on the curve)" in out
    assert "red up to 2" in out
    assert "\x1b[" not in out  # no colour codes when not on a terminal


def test_illegal_deck_exit_1_problems_on_stderr_with_file_and_line(capsys, write):
    path = write("bad.deck", ILLEGAL)
    status, out, err = run(capsys, path)
    assert status == 1
    assert f"{path}: ILLEGAL - Test Red: 2 problems" in out
    lines = err.splitlines()
    assert lines[0] == (
        f"{path}:2: 'Force of Sin' is named twice; the two Forces must be different (ZR 4.2)"
    )
    assert lines[1].strip() == "2 | Forces: Force of Sin, Sin"
    assert lines[2].startswith(f"{path}:5: unknown card 'Dril Golem'; did you mean 'Drill Golem'")
    assert lines[3].strip() == "5 | 3 Dril Golem"


def test_whole_deck_problem_uses_line_0(capsys, write):
    path = write("short.deck", LEGAL.replace("13 Miner", "12 Miner"))
    status, _, err = run(capsys, path)
    assert status == 1
    assert (
        err.strip()
        == f"{path}:0: the deck lists 39 cards (1 short); a deck has exactly 40 (ZR 4.1)"
    )


def test_legal_and_illegal_together_exit_1(capsys, write):
    status, out, _ = run(capsys, write("a.deck", LEGAL), write("b.deck", ILLEGAL))
    assert status == 1
    assert "2 decks: 1 legal, 1 illegal" in out


def test_unreadable_wins_over_illegal_exit_2(capsys, write, tmp_path):
    status, out, err = run(capsys, write("b.deck", ILLEGAL), tmp_path / "missing.deck")
    assert status == 2
    assert f"{tmp_path / 'missing.deck'}: error: no such file" in err
    assert "CANNOT READ" in out
    assert "1 cannot be read" in out


def test_folder_decks_are_checked_in_name_order_and_other_files_skipped(capsys, write, tmp_path):
    write("b.deck", LEGAL)
    write("a.deck", LEGAL)
    write("notes.txt", "not a deck")
    write("sub/c.deck", ILLEGAL)  # sub-folders are not searched
    status, out, _ = run(capsys, tmp_path)
    assert status == 0
    assert out.index("a.deck") < out.index("b.deck")
    assert "notes.txt" not in out and "c.deck" not in out


def test_folder_without_decks_exit_2(capsys, tmp_path):
    status, _, err = run(capsys, tmp_path)
    assert status == 2
    assert f"{tmp_path}: error: folder holds no *.deck files" in err


def test_the_same_file_twice_is_checked_once(capsys, write):
    path = write("a.deck", LEGAL)
    status, out, _ = run(capsys, path, path)
    assert status == 0
    assert out.count("LEGAL") == 1


@pytest.mark.parametrize(
    ("content", "words"),
    [
        (b"", "is empty"),
        (b"\n  \n", "is empty"),
        (bytes(range(256)) * 4, "binary"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "binary"),
        ("3 Drill Golem\n".encode("utf-16"), "binary"),
        (b"Forces: Sin, Triumph\n3 Caf\xe9\n", "not UTF-8"),
        (b"# " + b"x" * MAX_DECK_BYTES, "too large"),
    ],
    ids=["empty", "blank", "bytes", "png", "utf16", "latin1", "huge"],
)
def test_unreadable_file_exit_2_with_a_message(capsys, write, content, words):
    path = write("x.deck", content)
    status, out, err = run(capsys, path)
    assert status == 2
    assert err.startswith(f"{path}: error: ")
    assert words in err
    assert "Traceback" not in err + out


def test_a_file_just_under_the_size_limit_is_read(capsys, write):
    padding = "#" * (MAX_DECK_BYTES - len(LEGAL) - 1) + "\n"
    status, _, err = run(capsys, write("big.deck", LEGAL + padding))
    assert status == 0, err


def test_standard_input(capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(LEGAL.encode())))
    status, out, _ = run(capsys, "-")
    assert status == 0
    assert "<stdin>: LEGAL - Test Red" in out


def test_command_line_errors_exit_2(capsys):
    with pytest.raises(SystemExit) as caught:
        main(["validate"])
    assert caught.value.code == 2
    with pytest.raises(SystemExit) as caught:
        main(["validate", "--json", "--export", str(DECKS_DIR)])
    assert caught.value.code == 2
    assert "not allowed with" in capsys.readouterr().err


# ----------------------------------------------------------------------------------------------
# --json


def test_json_is_an_array_with_one_object_per_deck(capsys, write, tmp_path):
    good, bad = write("a.deck", LEGAL), write("b.deck", ILLEGAL)
    status, out, err = run(capsys, "--json", good, bad, tmp_path / "missing.deck")
    assert status == 2
    assert err == ""
    data = json.loads(out)
    assert [d["path"] for d in data] == [str(good), str(bad), str(tmp_path / "missing.deck")]
    legal, illegal, missing = data
    assert legal["legal"] is True and legal["readable"] is True and legal["problems"] == []
    summary = legal["summary"]
    assert summary["starting_life"] == 6
    assert summary["by_type"] == {"field_minion": 21, "base_minion": 13, "magic": 6}
    assert {"cost": 2, "field_minion": 6, "magic": 6} in summary["curve"]
    assert summary["pips"] == [
        {
            "color": "red",
            "max_pips": 2,
            "cards": 20,
            "cards_at_max": 2,
            "base_minions": 13,
            "payable": True,
        }
    ]
    assert [f["id"] for f in legal["forces"]] == ["force_sin", "force_triumph"]
    assert sum(c["count"] for c in legal["cards"]) == 40
    assert illegal["legal"] is False and illegal["summary"] is None
    assert [p["line"] for p in illegal["problems"]] == [2, 5]
    unknown = illegal["problems"][1]
    assert unknown["rule"] is None and unknown["text"] == "3 Dril Golem"
    assert unknown["suggestions"][0] == "Drill Golem"
    assert illegal["problems"][0]["rule"] == "ZR 4.2"
    assert missing["readable"] is False and missing["summary"] is None
    assert missing["problems"][0]["message"] == "no such file"


def test_json_of_the_starter_decks(capsys):
    status, out, _ = run(capsys, "--json", DECKS_DIR)
    assert status == 0
    data = json.loads(out)
    assert len(data) == len(STARTERS)
    assert all(d["legal"] and d["summary"]["warnings"] == [] for d in data)


# ----------------------------------------------------------------------------------------------
# --export


@pytest.mark.parametrize("path", [*STARTERS, None], ids=lambda p: p.name if p else "test-red")
def test_export_round_trip(capsys, write, path):
    source = path or write("red.deck", LEGAL)
    status, exported, _ = run(capsys, "--export", source)
    assert status == 0
    copy = write("copy.deck", exported)
    status, again, _ = run(capsys, "--export", copy)
    assert status == 0
    assert again == exported
    _, first, _ = run(capsys, "--json", source)
    _, second, _ = run(capsys, "--json", copy)
    a, b = json.loads(first)[0], json.loads(second)[0]
    for key in ("name", "description", "forces", "cards", "summary"):
        assert a[key] == b[key], key


def test_export_of_an_illegal_deck_prints_only_the_problems(capsys, write):
    status, out, err = run(capsys, "--export", write("b.deck", ILLEGAL))
    assert status == 1
    assert out == ""
    assert ":5: unknown card" in err


def test_export_of_several_decks_separates_them_with_a_blank_line(capsys, write):
    status, out, _ = run(capsys, "--export", write("a.deck", LEGAL), write("b.deck", LEGAL))
    assert status == 0
    first, second = out.split("\n\n")
    assert first + "\n" == second


# ----------------------------------------------------------------------------------------------
# End to end, and any bytes at all


def test_end_to_end_command(tmp_path):
    binary = tmp_path / "bin.deck"
    binary.write_bytes(b"\x00\xff" * 100)
    done = subprocess.run(
        [sys.executable, "-m", "zenonzard_tui", "validate", str(DECKS_DIR), str(binary)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert f"{binary}: error: is a binary file" in done.stderr
    assert done.stdout.count("LEGAL - ") == len(STARTERS)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2000) | st.text(max_size=400).map(str.encode))
def test_property_any_bytes_give_a_status_and_no_exception(data):
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "any.deck"
        path.write_bytes(data)
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["validate", str(path)])
    assert status in (0, 1, 2)
    if status == 2:
        assert f"{path}: error: " in err.getvalue()
    elif status == 1:
        assert f"{path}:" in err.getvalue() and "ILLEGAL" in out.getvalue()
        text = data.decode("utf-8-sig")
        assert not parse_deck(text).legal
    else:
        assert "LEGAL" in out.getvalue()


def _with_reader_gone(*argv: str) -> subprocess.CompletedProcess[str]:
    """`zenonzard ARGV | head -0`: standard output a pipe whose reader has already left, so the
    first write fails (EPIPE) whatever the pipe's buffer holds."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        return subprocess.run(
            [sys.executable, "-m", "zenonzard_tui", *argv],
            stdout=write_end,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    finally:
        os.close(write_end)


@pytest.mark.parametrize("form", [[], ["--json"], ["--export"]], ids=["human", "json", "export"])
def test_a_reader_that_leaves_does_not_change_the_verdict(write, form):
    """`validate decks | head -1`: the status is still the decks' (rich alone exited 1, which
    says an illegal deck), with no traceback nor 'Exception ignored'."""
    legal = _with_reader_gone("validate", *form, str(DECKS_DIR))
    assert legal.returncode == 0 and legal.stderr == "", legal
    illegal = _with_reader_gone("validate", *form, str(DECKS_DIR), str(write("bad.deck", ILLEGAL)))
    assert illegal.returncode == 1, illegal
    assert "Traceback" not in illegal.stderr and "Exception ignored" not in illegal.stderr


def test_cards_with_the_reader_gone_ends_quietly():
    done = _with_reader_gone("cards")
    assert done.returncode == 0 and done.stderr == "", done
