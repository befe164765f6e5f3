"""A user's own card files (docs/cards.md, "Your own cards"): read from the user-data folder by the
same loader, part of the pool for every command, checked alone with `cards --check`, and a file
that cannot be loaded named with its line, never a traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from zenonzard_tui.cards.loader import (
    DATA_DIR,
    CardDataError,
    load_pool,
    load_pool_from,
    user_card_files,
)

SQUIRE = """\
# a card of my own
[[card]]
id = "red_03_01_901_00"
name = "Ember Squire"
type = "field_minion"
color = "red"
set = "FAN1"
rarity = "C"
cost = 3
pips = { red = 1 }
bp = 400
dp = 1
classes = ["Human"]
effects = [{ when = "summoned", do = "draw", count = 1 }]
"""


def _shipped() -> list[Path]:
    return sorted(DATA_DIR.glob("*.toml"))


def _zenonzard(data: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ZENONZARD_DATA_DIR": str(data), "COLUMNS": "160"}
    return subprocess.run(
        [sys.executable, "-m", "zenonzard_tui", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )


def _user_file(tmp_path: Path, name: str, text: str) -> Path:
    folder = tmp_path / "data" / "cards"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_user_card_joins_the_pool_and_its_version(tmp_path):
    path = _user_file(tmp_path, "fan1-red.toml", SQUIRE)
    pool = load_pool_from(_shipped(), None, [path])
    card = pool.card("Ember Squire")
    assert card is not None and card.set == "FAN1" and card.file == str(path)
    assert len(pool.cards) == len(load_pool().cards) + 1
    assert pool.version != load_pool().version
    # the version names the file by its name, not by where the user's folder is
    elsewhere = tmp_path / "other" / "fan1-red.toml"
    elsewhere.parent.mkdir()
    elsewhere.write_text(SQUIRE, encoding="utf-8")
    assert load_pool_from(_shipped(), None, [elsewhere]).version == pool.version
    # no user files: the shipped pool, its version as before
    assert load_pool_from(_shipped(), None, []).version == load_pool().version


def test_user_files_are_listed_sorted_and_none_when_the_folder_is_not_there(tmp_path):
    assert user_card_files(tmp_path / "nowhere") == []
    b = _user_file(tmp_path, "b.toml", "")
    a = _user_file(tmp_path, "a.toml", "")
    _user_file(tmp_path, "notes.txt", "")
    _user_file(tmp_path, ".hidden.toml", "")
    assert user_card_files(a.parent) == [a, b]


@pytest.mark.parametrize(
    ("text", "line", "problem"),
    [
        (
            SQUIRE.replace("bp = 400", 'bp = "four hundred"'),
            11,
            "field 'bp': expected a whole number",
        ),
        (SQUIRE.replace('set = "FAN1"', 'set = "my set"'), 7, "field 'set': a set of your own"),
        (
            SQUIRE.replace("red_03_01_901_00", "red_00_01_00_00"),
            3,
            "duplicate id (also in basic-red",
        ),
        (SQUIRE + '\n[[card]]\nid = "x_1"\nname = "X"\n', 16, "field 'type': missing"),
        (SQUIRE.replace("cost = 3", "cost = 3\nlevel = 2"), 10, "field 'level': unknown field"),
    ],
)
def test_a_bad_user_card_is_named_with_its_file_and_line(tmp_path, text, line, problem):
    path = _user_file(tmp_path, "fan1-red.toml", text)
    with pytest.raises(CardDataError) as caught:
        load_pool_from(_shipped(), None, [path])
    assert caught.value.line == line
    assert str(caught.value).startswith(f"{path}:{line}: ")
    assert problem in str(caught.value)


def test_a_user_file_that_is_not_a_regular_file_is_refused_without_hanging(tmp_path):
    folder = tmp_path / "data" / "cards"
    folder.mkdir(parents=True)
    fifo = folder / "pipe.toml"
    os.mkfifo(fifo)
    with pytest.raises(CardDataError, match=r"pipe.toml: .*not a regular file"):
        load_pool_from(_shipped(), None, user_card_files(folder))


def test_commands_see_the_users_cards(tmp_path):
    _user_file(tmp_path, "fan1-red.toml", SQUIRE)
    data = tmp_path / "data"
    shown = _zenonzard(data, "cards", "--set", "fan1", "--text")
    assert shown.returncode == 0, shown.stderr
    assert "Ember Squire" in shown.stdout and "[When Summoned] Draw 1 card." in shown.stdout
    where = _zenonzard(data, "cards", "--user-dir")
    assert where.returncode == 0
    assert where.stdout.splitlines() == [str(data / "cards"), "  fan1-red.toml"]
    starter = Path(__file__).resolve().parents[1] / "zenonzard_tui" / "starters" / "red-rush.deck"
    deck = tmp_path / "fan.deck"
    text = starter.read_text(encoding="utf-8")
    assert "3 Eoraptor " in text
    deck.write_text(text.replace("3 Eoraptor ", "3 Ember Squire "), encoding="utf-8")
    checked = _zenonzard(data, "validate", str(deck))
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert "red_03_01_901_00" in _zenonzard(data, "validate", "--export", str(deck)).stdout
    # without the user's file, the same deck names a card the pool does not have
    alone = _zenonzard(tmp_path / "elsewhere", "validate", str(deck))
    assert alone.returncode == 1 and "Ember Squire" in alone.stdout + alone.stderr


def test_a_bad_user_file_stops_every_command_with_its_line(tmp_path):
    path = _user_file(tmp_path, "fan1-red.toml", SQUIRE.replace("bp = 400", "bp = -"))
    data = tmp_path / "data"
    for args in (("validate", "red-rush"), ("cards",)):
        done = _zenonzard(data, *args)
        assert done.returncode == 2, done
        assert "Traceback" not in done.stderr
        assert f"{path}:11:" in done.stderr and "not valid TOML" in done.stderr
        assert f"move it out of {path.parent}" in done.stderr


def test_check_a_file_alone(tmp_path):
    good = tmp_path / "fan1-red.toml"
    good.write_text(SQUIRE, encoding="utf-8")
    data = tmp_path / "data"  # no files of the user's own: --check reads only the one given
    done = _zenonzard(data, "cards", "--check", str(good))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith(f"{good}: 1 card, 0 Forces, no problem found (set FAN1)")
    assert "Ember Squire" in done.stdout
    bad = tmp_path / "bad.toml"
    bad.write_text(SQUIRE.replace("dp = 1", "dp = 1.5"), encoding="utf-8")
    done = _zenonzard(data, "cards", "--check", str(bad))
    assert done.returncode == 1 and f"{bad}:12: card red_03_01_901_00: field 'dp'" in done.stderr
    missing = _zenonzard(data, "cards", "--check", str(tmp_path / "nothing.toml"))
    assert missing.returncode == 2 and "no such file" in missing.stderr
    # a file that cannot be read at all (docs/cards.md): 2, as a missing one, not 1 (a wrong record)
    binary = tmp_path / "binary.toml"
    binary.write_bytes(b"\x7fELF\x02\x01\x01\x00\xff\xfe card")
    done = _zenonzard(data, "cards", "--check", str(binary))
    assert done.returncode == 2 and f"{binary}: not UTF-8 text" in done.stderr, done
    assert "Traceback" not in done.stderr
