"""The bad-input tables of the files the program finds for itself: the settings file and the save
folders (autosaves/, history/, saves/). None of them may hang or stop `play`, `build`,
`play --list-saves` or the resume screen: a bad settings file gives a warning naming the file and
the problem, the defaults, and is moved aside (kept, never deleted); a bad save file is listed with
its problem. Also here: what a killed writer leaves (temporary files, cleaned up), saving through a
link, and the "made with another card pool" notice of `play --load` and the resume screen.
One row of SETTINGS_CASES or FOLDER_CASES per case."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest

from zenonzard_tui.cli import build_parser, main, play_cmd
from zenonzard_tui.client.app import Resume, ZenonzardApp
from zenonzard_tui.client.saves import (
    MAX_LISTED_BYTES,
    autosaves_dir,
    history_dir,
    list_saves,
    saves_dir,
)
from zenonzard_tui.client.screens.duel import DuelScreen
from zenonzard_tui.client.screens.resume import ResumeScreen
from zenonzard_tui.client.session import Session, Settings, load_session
from zenonzard_tui.client.settings import MAX_SETTINGS_BYTES, load_settings, settings_path
from zenonzard_tui.decks import load_deck, starter_files
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.files import STALE_TEMP_SECONDS, TEMP_SUFFIX, clean_temps, write_atomic

DEEP = 100_000


pytestmark = pytest.mark.usefixtures("own_folders")


def _session(seed: int = 5) -> Session:
    a, b = (load_deck(p) for p in starter_files()[:2])
    sess = Session(new_game(a, b, seed=seed, first="A"), Settings(names=(a.name, b.name)))
    for _ in range(3):
        sess.apply(sess.game.legal_actions()[0].text)
    return sess


# ----------------------------------------------------------------------------------------------
# The settings file: each maker writes a bad settings.toml at `path`


def _fifo(path: Path) -> None:
    os.mkfifo(path)


def _dev_zero(path: Path) -> None:
    path.symlink_to("/dev/zero")


def _text(content: str) -> Callable[[Path], None]:
    return lambda path: path.write_text(content, encoding="utf-8")


def _huge(size: int) -> Callable[[Path], None]:
    """A file of `size` bytes (sparse: nothing is written)."""

    def make(path: Path) -> None:
        with open(path, "wb") as f:
            f.truncate(size)

    return make


@dataclass(frozen=True)
class SettingsCase:
    name: str
    make: Callable[[Path], None]
    message: str  # a fragment of the warning


SETTINGS_CASES = [
    SettingsCase("fifo", _fifo, "is not a regular file (a FIFO"),
    SettingsCase("link-to-dev-zero", _dev_zero, "is not a regular file (a device"),
    SettingsCase("folder", lambda p: p.mkdir(), "is a folder, not a settings file"),
    SettingsCase(
        "over-the-limit", _huge(MAX_SETTINGS_BYTES + 1), "is too large for a settings file"
    ),
    SettingsCase("deep-arrays", _text("x = " + "[" * 5000 + "]" * 5000), "nested too deeply"),
    SettingsCase("deep-tables", _text("x = " + "{a=" * 3000 + "}" * 3000), "too deeply"),
    SettingsCase("theme-markup", _text('theme = "[/x]"\n'), "theme = '[/x]': is not a theme"),
    SettingsCase("theme-unknown", _text('theme = "neon"\n'), "the themes are ansi-dark"),
    SettingsCase("theme-number", _text("theme = 5\n"), "theme = 5: must be a text"),
    SettingsCase("deck-table", _text("deck = {a = 1}\n"), "deck = a table: must be a text"),
    SettingsCase("not-utf-8", lambda p: p.write_bytes(b"\xff\xfe"), "not UTF-8 text"),
    SettingsCase("not-toml", _text("ai = [unclosed\n"), "not valid TOML"),
    SettingsCase("long-value", _text(f'ai = "{"x" * 5000}"\n'), "…"),
]


def _settings_case_ids(case: SettingsCase) -> str:
    return case.name


@pytest.mark.parametrize("case", SETTINGS_CASES, ids=_settings_case_ids)
def test_a_bad_settings_file_never_stops_play(case, capsys, no_hang):
    path = settings_path()
    case.make(path)
    was = os.lstat(path)
    assert main(["play", "--list-saves"]) == 0
    err = capsys.readouterr().err
    assert f"zenonzard play: warning: {path}: " in err and case.message in err
    assert "Traceback" not in err
    # moved aside, kept as it was (the same inode: nothing copied, nothing lost)
    [aside] = [p for p in path.parent.iterdir() if p.name.startswith("settings.toml.bad-")]
    assert not os.path.lexists(path) and os.lstat(aside).st_ino == was.st_ino
    assert str(aside) in err
    # the next start is quiet: the defaults, until a setting is changed
    assert load_settings().warnings == []


@pytest.mark.parametrize("command", ["play", "build"])
@pytest.mark.parametrize("case", SETTINGS_CASES[:6], ids=_settings_case_ids)
def test_a_bad_settings_file_never_stops_play_or_build_at_start(
    case, command, capsys, monkeypatch, no_hang
):
    case.make(settings_path())
    started = []
    monkeypatch.setattr(play_cmd, "_has_terminal", lambda: True)
    monkeypatch.setattr(ZenonzardApp, "run", lambda self, **_: started.append(self.settings))
    assert main([command, *(["--seed", "1"] if command == "play" else [])]) == 0
    assert started and started[0].theme == Settings().theme  # the defaults
    assert case.message in capsys.readouterr().err


def test_an_unreadable_settings_file_is_left_where_it_is(capsys):
    if os.geteuid() == 0:
        pytest.skip("root reads any file")
    path = settings_path()
    path.write_text('ai = "strong"\n')
    path.chmod(0)
    loaded = load_settings()
    assert loaded.settings == Settings() and "permission denied" in loaded.warnings[0]
    assert path.exists() and loaded.kept_aside is None


def test_two_bad_files_in_the_same_second_are_both_kept():
    path = settings_path()
    path.write_text("theme = 1\n")
    first = load_settings().kept_aside
    path.write_text("theme = 2\n")
    second = load_settings().kept_aside
    assert first is not None and second is not None and first != second
    assert (first.read_text(), second.read_text()) == ("theme = 1\n", "theme = 2\n")


async def test_the_warning_of_a_markup_theme_is_shown_as_text():
    """`theme = "[/x]"` crashed every start (the warning went to notify as markup)."""
    settings_path().write_text('theme = "[/x]"\n')
    loaded = load_settings()
    duel_app = ZenonzardApp(
        _session(), ai_delay=0.0, settings=loaded.settings, warnings=loaded.warnings
    )
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        shown = [n.message for n in duel_app._notifications]
        assert any("theme = '[/x]': is not a theme" in m for m in shown)
        assert duel_app.theme == Settings().theme


# ----------------------------------------------------------------------------------------------
# The save folders: each maker puts one bad file into a folder


def _resume_app(saves: Path | None = None) -> ZenonzardApp:
    """The client on its resume screen over the autosaves (and `saves`), as plain `play` is."""
    args = build_parser().parse_args(["play"])
    resume = Resume(
        autosaves_dir(),
        saves,
        lambda path: play_cmd.resume_session(path, args, 7),
        lambda: (_session(9), None),
    )
    return ZenonzardApp(None, ai_delay=0.0, autosave=autosaves_dir(), resume=resume)


def _record(**client) -> dict:
    record = _session().record()
    record["client"].update(client)
    return record


def _json(record: dict) -> Callable[[Path], None]:
    return lambda path: path.write_text(json.dumps(record), encoding="utf-8")


@dataclass(frozen=True)
class FolderCase:
    name: str
    make: Callable[[Path], None]
    problem: str  # a fragment of the problem listed ("" when the file is fine)


FOLDER_CASES = [
    FolderCase("deep-json", _text("[" * DEEP + "]" * DEEP), "nested too deeply"),
    FolderCase("deep-client", _text('{"client": ' + "[" * DEEP + "]" * DEEP + "}"), "too deeply"),
    FolderCase("aware-saved-at", _json(_record(saved_at="2026-01-01T10:00:00+05:00")), ""),
    FolderCase("bad-json", _text("{not json"), "not a save (not JSON)"),
    FolderCase("not-utf-8", lambda p: p.write_bytes(b"\xff{}"), "not a save (not JSON)"),
    FolderCase("fifo", _fifo, "is not a regular file (a FIFO"),
    FolderCase("link-to-dev-zero", _dev_zero, "is not a regular file (a device"),
    FolderCase("dangling-link", lambda p: p.symlink_to(p.parent / "gone"), "no such file"),
    FolderCase("huge", _huge(MAX_LISTED_BYTES + 1), "too large"),
    FolderCase("5000-digit-number", _text('{"client": {"turn": ' + "9" * 5000 + "}}"), "digits"),
    FolderCase("names-nested", _json(_record(names=[[[["x"]]], {"a": 1}])), ""),
    FolderCase("saved-at-far-future", _json(_record(saved_at="9999-12-31T23:59:59-12:00")), ""),
    FolderCase("saved-at-not-a-date", _json(_record(saved_at="[/x] not a date")), ""),
]


def _fill(kind_folder: Path, case: FolderCase) -> Path:
    """A folder with a good save (naive `saved_at`, as the client writes) and the bad file."""
    kind_folder.mkdir(parents=True, exist_ok=True)
    _session().save(kind_folder / "good.json")
    bad = kind_folder / f"bad-{case.name}.json"
    case.make(bad)
    return bad


FOLDERS = {"autosaves": autosaves_dir, "history": history_dir, "saves": saves_dir}


@pytest.mark.parametrize("folder", list(FOLDERS))
@pytest.mark.parametrize("case", FOLDER_CASES, ids=lambda c: c.name)
def test_one_bad_file_never_stops_the_list_of_saves(case, folder, capsys, no_hang):
    bad = _fill(FOLDERS[folder](), case)
    assert main(["play", "--list-saves"]) == 0
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    lines = out.splitlines()
    assert any(line.endswith("good.json") for line in lines)
    [line] = [line for line in lines if line.endswith(bad.name)]
    assert case.problem in line
    if not case.problem:  # a game the list can show
        assert " vs " in line


@pytest.mark.parametrize("case", FOLDER_CASES, ids=lambda c: c.name)
def test_one_bad_autosave_never_stops_plain_play(case, capsys, monkeypatch, no_hang):
    _fill(autosaves_dir(), case)
    started = []
    monkeypatch.setattr(play_cmd, "_has_terminal", lambda: True)
    monkeypatch.setattr(ZenonzardApp, "run", lambda self, **_: started.append(self.resume))
    assert main(["play", "--seed", "1"]) == 0
    assert started and started[0] is not None  # the resume screen comes first
    assert "Traceback" not in capsys.readouterr().err


async def test_the_resume_screen_lists_every_bad_file_with_its_problem(no_hang):
    for case in FOLDER_CASES:
        _fill(autosaves_dir(), case)
        _fill(history_dir(), case)
    resume_app = _resume_app(saves_dir())
    async with resume_app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert isinstance(resume_app.screen, ResumeScreen)
        infos = resume_app.screen.infos
        problems = {i.path.name: i.problem for i in infos}
        for case in FOLDER_CASES:
            assert case.problem in problems[f"bad-{case.name}.json"]


def test_naive_and_aware_dates_sort_together():
    folder = saves_dir()
    folder.mkdir(parents=True)
    _json(_record(saved_at="2026-01-01T10:00:00"))(folder / "naive.json")
    _json(_record(saved_at="2026-01-01T12:00:00+00:00"))(folder / "aware.json")
    _json(_record(saved_at="2025-06-01T08:00:00-03:00"))(folder / "older.json")
    names = [i.path.name for i in list_saves(None, folder)]
    assert names[-1] == "older.json" and sorted(names) == ["aware.json", "naive.json", "older.json"]


# ----------------------------------------------------------------------------------------------
# What a killed writer leaves, and writing through a link


def _dead_pid() -> int:
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    return int(done.stdout)


def test_a_temporary_file_of_a_killed_writer_is_cleaned_by_the_next_write(tmp_path):
    dead = tmp_path / f".game.json.{_dead_pid()}.0123abcd{TEMP_SUFFIX}"
    alive = tmp_path / f".game.json.{os.getppid()}.0123abcd{TEMP_SUFFIX}"  # pytest's parent
    old_alive = tmp_path / f".other.json.{os.getppid()}.89abcdef{TEMP_SUFFIX}"
    legacy = tmp_path / ".game.json.k2j_x9ab.tmp"  # an earlier version's mkstemp name
    theirs = tmp_path / ".notes.txt.12345.abcdef01.tmp"  # not our pattern
    for path in (dead, alive, old_alive, legacy, theirs):
        path.write_text("half a save")
    hour_ago = time.time() - STALE_TEMP_SECONDS - 1
    for path in (old_alive, legacy, theirs):
        os.utime(path, (hour_ago, hour_ago))
    write_atomic(tmp_path / "new.json", "{}")
    left = {p.name for p in tmp_path.iterdir()}
    assert left == {"new.json", alive.name, legacy.name, theirs.name}
    # in the program's own folders, an old legacy name goes too (never another program's)
    assert clean_temps(tmp_path, legacy=True) == [legacy]
    assert {p.name for p in tmp_path.iterdir()} == {"new.json", alive.name, theirs.name}


def test_the_list_of_saves_cleans_its_folders(capsys):
    folder = autosaves_dir()
    folder.mkdir(parents=True)
    stale = folder / f".2026-01-01-000000-0123abcd.json.{_dead_pid()}.0123abcd{TEMP_SUFFIX}"
    stale.write_text('{"half":')
    assert main(["play", "--list-saves"]) == 0
    assert not stale.exists()
    capsys.readouterr()


def test_a_killed_save_leaves_a_temporary_file_the_next_start_removes(tmp_path):
    """kill -9 between the temporary file's write and its rename (19 of 60 kills left one)."""
    folder = saves_dir()
    code = (
        "import os, sys, signal\n"
        "import zenonzard_tui.files as files\n"
        "def die(*a): os.kill(os.getpid(), signal.SIGKILL)\n"
        "files.os.replace = die\n"
        "files.write_atomic(sys.argv[1], '{}')\n"
    )
    target = folder / "game.json"
    subprocess.run([sys.executable, "-c", code, str(target)], check=False, timeout=60)
    left = [p for p in folder.iterdir() if p.name.endswith(TEMP_SUFFIX)]
    assert left and not target.exists()  # the kill left one
    list_saves(None, folder)
    assert not any(p.name.endswith(TEMP_SUFFIX) for p in folder.iterdir())


def test_saving_through_a_link_writes_its_target_and_keeps_its_mode(tmp_path):
    target = tmp_path / "real" / "game.json"
    target.parent.mkdir()
    target.write_text("{}")
    target.chmod(0o640)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    sess = _session()
    sess.save(link)
    assert link.is_symlink() and os.readlink(link) == str(target)  # the link stays
    assert stat.S_IMODE(target.stat().st_mode) == 0o640
    assert load_session(link).texts == sess.texts == load_session(target).texts
    assert {p.name for p in target.parent.iterdir()} == {"game.json"}  # no temporary file


def test_a_new_file_gets_the_usual_mode_and_an_old_one_keeps_its_own(tmp_path):
    old = os.umask(0o022)
    try:
        write_atomic(tmp_path / "new.toml", "x = 1\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == 0o644
    (tmp_path / "new.toml").chmod(0o600)
    write_atomic(tmp_path / "new.toml", "x = 2\n")
    assert stat.S_IMODE((tmp_path / "new.toml").stat().st_mode) == 0o600
    assert (tmp_path / "new.toml").read_text() == "x = 2\n"


# ----------------------------------------------------------------------------------------------
# A save of another card pool: `play --load` and the resume screen say so, as `replay` does


def _other_pool_save(folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "old-pool.json"
    record = _session().record()
    record["pool_version"] = "[/x]0123abcd"  # markup in it, too
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_play_load_says_the_save_was_made_with_another_card_pool(capsys):
    path = _other_pool_save(saves_dir())
    args = build_parser().parse_args(["play", "--load", str(path)])
    sess, _ = play_cmd.build(args)
    assert sess.notice is not None and "made with another card pool" in sess.notice
    assert (
        'zenonzard play: note: This save was made with another card pool (pool_version "[/x]'
        in (capsys.readouterr().err)
    )


async def test_the_duel_shows_the_card_pool_notice_of_a_resumed_game():
    path = _other_pool_save(autosaves_dir())
    resume_app = _resume_app()
    async with resume_app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert isinstance(resume_app.screen, ResumeScreen)
        resume_app.screen.dismiss(path)
        for _ in range(50):
            await pilot.pause()
            if isinstance(resume_app.screen, DuelScreen):
                break
        assert isinstance(resume_app.screen, DuelScreen)
        await pilot.pause()
        shown = [n.message for n in resume_app._notifications]
        assert any("made with another card pool" in m and "[/x]" in m for m in shown)


@pytest.mark.parametrize("kind", ["autosaves", "history"])
async def test_a_save_that_fails_to_load_is_a_notice_and_the_resume_screen_stays(kind):
    """Listed (its head reads fine) but refused when opened: an action text with markup in it
    (MarkupError in the notice stopped the app)."""
    record = _session().record()
    record["actions"].append("[/x] [bold red]INJ[/]")
    folder = FOLDERS[kind]()
    folder.mkdir(parents=True)
    (folder / "refused.json").write_text(json.dumps(record), encoding="utf-8")
    resume_app = _resume_app()
    async with resume_app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        [entry] = [i for i, info in enumerate(resume_app.screen.infos) if not info.problem]
        resume_app.screen.query_one("#resume-list").highlighted = entry + 1  # after "New game"
        await pilot.press("enter")
        for _ in range(20):
            await pilot.pause()
        assert isinstance(resume_app.screen, ResumeScreen)
        shown = [n.message for n in resume_app._notifications]
        assert any("cannot be replayed" in m and "[/x] [bold red]INJ[/]" in m for m in shown)
