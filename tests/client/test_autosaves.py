"""Per-game autosaves (each game its own file, never another copy's), the list of saves
(`play --list-saves`) and the resume screen."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys

import pytest

from tests.client.helpers import RED, session, wait_until
from zenonzard_tui import files
from zenonzard_tui.cli import build_parser, main, play_cmd
from zenonzard_tui.client.app import Resume, ZenonzardApp
from zenonzard_tui.client.saves import SaveKind, autosaves_dir, format_list, list_saves
from zenonzard_tui.client.screens.duel import DuelScreen
from zenonzard_tui.client.screens.resume import ResumeScreen, entry_text
from zenonzard_tui.client.session import load_session
from zenonzard_tui.engine.save import SaveError
from zenonzard_tui.files import lock_path


def play(sess, n: int) -> None:
    for _ in range(n):
        sess.apply(sess.game.legal_actions()[0].text)


def test_two_games_keep_two_autosaves_and_neither_overwrites_the_other(tmp_path):
    folder = tmp_path / "autosaves"
    one, two = session(seed=3), session(seed=4)
    one.autosave_dir = two.autosave_dir = folder
    for _ in range(5):  # interleaved, as two running copies would write
        play(one, 1)
        one.autosave()
        play(two, 1)
        two.autosave()
    assert one.autosave_file != two.autosave_file
    files = sorted(folder.iterdir())
    games = sorted([one.autosave_file, two.autosave_file])
    assert files == sorted(games + [lock_path(g) for g in games])  # each held (files.hold)
    assert load_session(one.autosave_file).texts == one.texts
    assert load_session(two.autosave_file).texts == two.texts
    assert one.texts != two.texts


def test_a_finished_game_removes_its_autosave(tmp_path):
    sess = session(seed=3)
    sess.autosave_dir = tmp_path
    play(sess, 2)
    sess.autosave()
    path = sess.autosave_file
    assert path is not None and path.exists()
    while not sess.over:
        play(sess, 1)
    sess.autosave()
    assert not path.exists() and not sess.autosaved


def autosaved_game(tmp_path, monkeypatch):
    """A game of three moves in its autosave (the user-data folder in tmp_path), and the command
    line that loads it."""
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(tmp_path))
    sess = session(seed=3)
    sess.autosave_dir = autosaves_dir()
    play(sess, 3)
    sess.autosave()
    return sess, build_parser().parse_args(["play", "--load", str(sess.autosave_file)])


def test_a_resumed_game_moves_to_a_new_autosave_and_removes_the_old(tmp_path, monkeypatch):
    sess, args = autosaved_game(tmp_path, monkeypatch)
    old = sess.autosave_file
    again = play_cmd.resume_session(old, args, 1)
    again.autosave_dir = autosaves_dir()
    assert old.exists()  # nothing is removed before the new file is written
    play(again, 1)
    again.autosave()
    assert not old.exists() and again.autosave_file.exists()
    assert load_session(again.autosave_file).texts == again.texts


def test_the_list_shows_date_decks_turn_and_mode_and_names_damaged_files(tmp_path):
    auto, saves = tmp_path / "autosaves", tmp_path / "saves"
    sess = session(seed=3)
    sess.autosave_dir = auto
    play(sess, 4)
    sess.autosave()
    sess.save(saves / "mine.json")
    (saves / "broken.json").write_text("{not json")
    infos = list_saves(auto, saves)
    assert [i.kind for i in infos[:1]] == [SaveKind.AUTOSAVE]
    first = infos[0]
    assert first.names == ("Red Rush", "Blue Tides") and first.turn == sess.game.turn
    assert first.mode_text == "AI medium" and not first.problem
    broken = next(i for i in infos if i.path.name == "broken.json")
    assert broken.problem == "not a save (not JSON)"
    # a save's own name is on its line (saves of the same decks looked all alike: an audit)
    mine = next(i for i in infos if i.path.name == "mine.json")
    assert entry_text(mine).plain.endswith("·  mine")
    assert "mine" not in entry_text(first).plain  # (an autosave's name is a date and an id)


def test_play_list_saves_prints_the_table(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(tmp_path))
    assert main(["play", "--list-saves"]) == 0
    assert "No games in progress" in capsys.readouterr().out
    sess = session(seed=3, mode="hotseat")
    sess.autosave_dir = tmp_path / "autosaves"
    play(sess, 2)
    sess.autosave()
    assert main(["play", "--list-saves"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[:5] == ["date", "kind", "decks", "turn", "mode"]
    assert "Red Rush vs Blue Tides" in out[1] and "hotseat" in out[1]
    assert str(sess.autosave_file) in out[1] and "autosave" in out[1]


def test_play_starts_on_the_resume_screen_when_games_are_in_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(tmp_path))
    monkeypatch.setattr(play_cmd, "_has_terminal", lambda: True)
    started: list[ZenonzardApp] = []
    monkeypatch.setattr(ZenonzardApp, "run", lambda self, **_: started.append(self))
    assert main(["play", "--seed", "2"]) == 0
    assert started[-1].resume is None  # nothing in progress: straight to the game
    sess = session(seed=3)
    sess.autosave_dir = tmp_path / "autosaves"
    play(sess, 2)
    sess.autosave()
    assert main(["play", "--seed", "2"]) == 0
    assert started[-1].resume is not None
    assert main(["play", "--deck", str(RED)]) == 0
    assert started[-1].resume is None  # a command line that names the game starts it
    assert main(["play", "--resume", "--no-autosave"]) == 0
    assert started[-1].resume is not None


async def test_the_resume_screen_opens_a_game_in_progress(tmp_path, monkeypatch):
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(tmp_path))
    sess = session(seed=3)
    sess.autosave_dir = tmp_path / "autosaves"
    play(sess, 3)
    sess.autosave()
    args = build_parser().parse_args(["play"])
    resume = Resume(
        tmp_path / "autosaves",
        tmp_path / "saves",
        lambda path: play_cmd.resume_session(path, args, 7),
        lambda: (session(seed=9), None),
    )
    resume_app = ZenonzardApp(None, ai_delay=0.0, autosave=tmp_path / "autosaves", resume=resume)
    async with resume_app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(resume_app.screen, ResumeScreen))
        await pilot.press("enter")  # the newest game in progress is highlighted
        await wait_until(pilot, lambda: isinstance(resume_app.screen, DuelScreen))
        assert resume_app.session.texts == sess.texts
        assert resume_app.session.resumed_from == sess.autosave_file


async def test_the_resume_screen_starts_a_new_game_with_n(tmp_path):
    fresh = session(seed=9)
    resume = Resume(tmp_path, None, load_session, lambda: (fresh, None))
    resume_app = ZenonzardApp(None, ai_delay=0.0, resume=resume)
    async with resume_app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(resume_app.screen, ResumeScreen))
        await pilot.press("n")
        await wait_until(pilot, lambda: isinstance(resume_app.screen, DuelScreen))
        assert resume_app.session is fresh


def test_a_save_record_carries_turn_and_date(tmp_path):
    sess = session(seed=3)
    play(sess, 2)
    record = json.loads(sess.save(tmp_path / "s.json").read_text())
    assert record["client"]["turn"] == sess.game.turn and record["client"]["over"] is False
    assert record["client"]["saved_at"][:4].isdigit()


def resume_app_over(tmp_path, seeds=(3,)):
    """The resume screen's app over games in progress (two moves each), one per seed."""
    games = []
    for seed in seeds:
        sess = session(seed=seed)
        sess.autosave_dir = tmp_path / "autosaves"
        play(sess, 2)
        sess.autosave()
        games.append(sess)
    resume = Resume(tmp_path / "autosaves", None, load_session, lambda: (session(seed=9), None))
    return ZenonzardApp(None, ai_delay=0.0, resume=resume), games


async def test_d_twice_deletes_a_game_in_progress_from_the_resume_screen(tmp_path):
    resume_app, (sess,) = resume_app_over(tmp_path)
    async with resume_app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(resume_app.screen, ResumeScreen))
        await pilot.press("d")
        assert sess.autosave_file.exists()  # one d only marks it
        await pilot.press("d")
        assert not sess.autosave_file.exists()
        listing = resume_app.screen.query_one("#resume-list")
        assert listing.get_option_at_index(1).disabled  # the deleted line cannot be opened


async def test_the_resume_list_stops_at_its_ends(tmp_path):
    """↓ on the last game does not wrap to "New game" (nor ↑ on "New game" to the last)."""
    resume_app, _ = resume_app_over(tmp_path, seeds=(3, 4))
    async with resume_app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: isinstance(resume_app.screen, ResumeScreen))
        listing = resume_app.screen.query_one("#resume-list")
        assert listing.highlighted == 1  # the newest game in progress
        await pilot.press("down")
        assert listing.highlighted == 2
        await pilot.press("down")
        assert listing.highlighted == 2  # the last game still, not "New game"
        await pilot.press("j", "up", "k")
        assert listing.highlighted == 0
        await pilot.press("up")
        assert listing.highlighted == 0  # "New game" still, not the last game


# ----------------------------------------------------------------------------------------------
# One game, one client: another copy (a terminal, a browser tab of `zenonzard serve`) neither
# resumes nor deletes a game in progress that a client plays (files.hold)

_HOLDER = """
import sys
from pathlib import Path
from zenonzard_tui.files import hold
print("held" if hold(Path(sys.argv[1])) else "refused", flush=True)
sys.stdin.read()
"""


@contextlib.contextmanager
def played_by_another_client(path):
    """`path` held by another process (as a client playing its game holds it) until the block
    ends, when that process is killed (-9: the system lets go of its lock)."""
    other = subprocess.Popen(
        [sys.executable, "-c", _HOLDER, str(path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert other.stdout is not None and other.stdout.readline().strip() == "held"
        yield other
    finally:
        other.kill()
        other.wait(timeout=30)


def test_a_game_held_by_another_process_is_told_and_let_go_when_it_dies(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{}")
    assert not files.held_elsewhere(path)
    with played_by_another_client(path):
        assert files.held_elsewhere(path)
        assert not files.hold(path)
    assert not files.held_elsewhere(path)  # killed: the lock went with it
    assert files.hold(path) and files.hold(path)  # (this process's own: held once)
    files.let_go(path)
    assert not files.lock_path(path).exists()


def test_a_game_in_progress_elsewhere_cannot_be_resumed(tmp_path, monkeypatch):
    sess, args = autosaved_game(tmp_path, monkeypatch)
    path = sess.autosave_file
    files.let_go(path)  # (as if `sess` were another copy's game, which this process never held)
    with played_by_another_client(path):
        with pytest.raises(SaveError, match="being played in another window") as refused:
            play_cmd.resume_session(path, args, 1)
        assert str(path) in str(refused.value)
        infos = list_saves(autosaves_dir())
        assert [i.busy for i in infos] == [True]
        assert "(played now)" in format_list(infos)
    again = play_cmd.resume_session(path, args, 1)  # that client has gone: it can be resumed
    assert again.texts == sess.texts and again.resumed_from == path
    assert [i.busy for i in list_saves(autosaves_dir())] == [False]


async def test_the_resume_screen_neither_deletes_nor_hides_a_game_played_elsewhere(tmp_path):
    resume_app, (sess,) = resume_app_over(tmp_path)
    files.let_go(sess.autosave_file)  # (another copy's game: see above)
    with played_by_another_client(sess.autosave_file):
        async with resume_app.run_test(size=(120, 30)) as pilot:
            await wait_until(pilot, lambda: isinstance(resume_app.screen, ResumeScreen))
            listing = resume_app.screen.query_one("#resume-list")
            line = listing.get_option_at_index(1).prompt
            assert "played in another window now" in line.plain
            await pilot.press("d", "d")
            await pilot.pause()
            assert sess.autosave_file.exists()
            assert not listing.get_option_at_index(1).disabled
            assert any(
                "being played in another window" in str(n.message)
                for n in resume_app._notifications
            )


def test_the_lists_and_loading_take_the_same_sizes(tmp_path):
    """(A saves audit.) A 6 MB save (white space after its JSON) was listed as '(too large to
    be a save)' while `--load` and `replay` took it: the lists read up to 5 MB, loading 16."""
    sess = session(seed=3)
    play(sess, 4)
    path = sess.save(tmp_path / "saves" / "padded.json")
    with open(path, "a", encoding="utf-8") as f:
        f.write(" " * 6_000_000)
    [info] = list_saves(None, tmp_path / "saves")
    assert not info.problem and info.names == ("Red Rush", "Blue Tides")
    assert load_session(path).texts == sess.texts


def test_the_lists_say_which_files_are_not_saves_of_this_program(tmp_path):
    """(A saves audit.) A file of another format or a newer version was listed as an ordinary
    game ('Red Rush vs Blue Tides · turn 5'), and said why only once opened."""
    sess = session(seed=3)
    play(sess, 4)
    good = sess.save(tmp_path / "saves" / "good.json")
    record = json.loads(good.read_text())
    for name, change, problem in (
        ("other.json", {"format": "other"}, 'not a zenonzard save (its format: "other")'),
        ("newer.json", {"version": 99}, "save format 99 is newer than this program understands"),
        ("no-version.json", {"version": None}, "the save has no format version"),
    ):
        (tmp_path / "saves" / name).write_text(json.dumps({**record, **change}))
        [info] = [i for i in list_saves(None, tmp_path / "saves") if i.path.name == name]
        assert info.problem.startswith(problem), info.problem
    [fine] = [i for i in list_saves(None, tmp_path / "saves") if i.path.name == "good.json"]
    assert not fine.problem
