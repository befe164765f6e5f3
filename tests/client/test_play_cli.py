"""`zenonzard play`: what it starts by default, and bad input refused before any screen starts
(the file, the line and the problem on stderr, exit status 2)."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
import time

import pytest

from tests.client.helpers import BLUE, PUZZLE, RED, human_to_act, screen_text, wait_until
from tests.terminal import read_pty
from zenonzard_tui.cli import build_parser, main, play_cmd
from zenonzard_tui.client.saves import autosaves_dir
from zenonzard_tui.decks import starter_files


def build(*argv: str):
    return play_cmd.build(build_parser().parse_args(["play", *argv]))


def test_play_alone_is_a_game_against_the_medium_ai_with_two_starter_decks():
    session, restart = build("--seed", "4")
    assert session.settings.mode == "ai" and session.settings.ai == "medium"
    assert session.settings.seat == 0
    assert len(starter_files()) >= 2
    a, b = session.settings.names
    assert a != b
    assert session.game.pending.kind == "mulligan"
    assert restart is not None and restart().game is not session.game
    again, _ = build("--seed", "4")  # the seed decides the decks and the game
    assert again.settings.names == session.settings.names


def test_options_choose_decks_seat_level_and_hotseat():
    session, _ = build("--deck", "red-rush", "--opponent-deck", str(BLUE), "--seat", "B")
    assert session.settings.seat == 1 and session.settings.names == ("Blue Tides", "Red Rush")
    session, _ = build("--ai", "strong", "--deck", str(RED))
    assert session.settings.ai == "strong" and session.settings.names[0] == "Red Rush"
    session, _ = build("--hotseat")
    assert session.hotseat and session.ai is None


def test_a_puzzle_starts_at_its_position_with_the_seat_to_move():
    session, restart = build("--scenario", str(PUZZLE))
    assert session.puzzle is not None and session.puzzle.name.startswith("Last push")
    assert session.settings.seat == 0 and session.game.turn == 7
    assert restart().game.turn == 7


def test_load_resumes_with_the_saved_settings_unless_told_otherwise(tmp_path):
    session, _ = build("--seed", "2", "--seat", "B", "--ai", "easy")
    session.apply("keep")  # whoever mulligans first
    path = session.save(tmp_path / "s.json")
    loaded, restart = build("--load", str(path))
    assert loaded.settings.seat == 1 and loaded.settings.ai == "easy"
    assert loaded.texts == session.texts and restart is None
    hot, _ = build("--load", str(path), "--hotseat")
    assert hot.hotseat


def run_play(capsys, *argv: str) -> tuple[int, str]:
    code = main(["play", *argv])
    return code, capsys.readouterr().err


def test_an_illegal_deck_exits_2_with_file_line_and_problem(tmp_path, capsys):
    bad = tmp_path / "bad.deck"
    bad.write_text("# name: Bad\nForces: Force of Sin, Force of Triumph\n3 Drill Golem\n9 Nope\n")
    code, err = run_play(capsys, "--deck", str(bad))
    assert code == 2
    assert "bad.deck" in err and "illegal deck" in err and ":4" in err


def test_a_missing_deck_exits_2(tmp_path, capsys):
    code, err = run_play(capsys, "--opponent-deck", str(tmp_path / "none.deck"))
    assert code == 2 and "none.deck" in err


def test_an_unknown_starter_name_lists_the_starters(capsys):
    code, err = run_play(capsys, "--deck", "red-rus")
    assert code == 2 and "red-rus: no such deck file or starter deck" in err and "red-rush" in err


def test_a_bad_scenario_exits_2_with_file_and_line(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\n[state]\nturn = 2\nactive = "A"\nphase = "main"\n')
    code, err = run_play(capsys, "--scenario", str(bad))
    assert code == 2
    assert "bad.toml:4" in err and "does not match turn 2" in err


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json", "not JSON"),
        ('{"format": "something else"}', "not a zenonzard save"),
        ('{"format": "zenonzard-save", "version": 99}', "newer than this program"),
        ('{"format": "zenonzard-puzzle-save", "version": 1, "actions": []}', "damaged"),
    ],
)
def test_a_bad_save_exits_2_with_file_and_problem(tmp_path, capsys, content, problem):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    code, err = run_play(capsys, "--load", str(bad))
    assert code == 2 and "bad.json" in err and problem in err


def test_a_save_whose_moves_do_not_replay_exits_2(tmp_path, capsys):
    session, _ = build("--seed", "3")
    record = session.record()
    record["actions"] = ["keep", "attack Nobody -> player"]
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(record))
    code, err = run_play(capsys, "--load", str(path))
    assert code == 2 and "damaged.json" in err and "action 2" in err


def test_decks_with_a_scenario_or_a_save_are_refused(capsys):
    code, err = run_play(capsys, "--scenario", str(PUZZLE), "--deck", str(RED))
    assert code == 2 and "puzzle" in err


@pytest.mark.parametrize(
    "argv",
    [
        ["--ai", "hard"],
        ["--ai", "easy", "--hotseat"],
        ["--seat", "C"],
        ["--seed", "x"],
        ["--scenario", "a", "--load", "b"],
        ["--ai-delay", "-1"],
    ],
)
def test_bad_command_lines_exit_2(argv, capsys):
    with pytest.raises(SystemExit) as info:
        main(["play", *argv])
    assert info.value.code == 2
    assert "error" in capsys.readouterr().err


def test_without_a_terminal_it_says_so(capsys):
    code, err = run_play(capsys, "--seed", "1")
    assert code == 2 and "needs a terminal" in err


def test_after_the_game_it_says_where_the_game_is(tmp_path, capsys):
    session, _ = build("--seed", "5")
    session.autosave_dir = tmp_path / "autosaves"
    session.apply("keep")  # the AI's (B decides first with this seed)
    session.apply("keep")  # the player's: now there is a game to keep
    session.autosave()
    auto = session.autosave_file
    assert auto is not None and auto.parent == tmp_path / "autosaves"
    play_cmd._farewell(session)
    assert f"--load {auto}" in capsys.readouterr().out
    session.save(tmp_path / "my game.json")
    play_cmd._farewell(session)
    out = capsys.readouterr().out
    assert "Saved: " in out and "--load '" in out  # a path with a space is quoted


def test_after_a_failed_autosave_it_names_no_file(tmp_path, capsys):
    """A read-only folder: the farewell must not point to a stale or foreign autosave."""
    folder = tmp_path / "autosaves"
    folder.mkdir()
    session, _ = build("--seed", "5")
    session.autosave_dir = folder
    session.apply("keep")  # the AI's (B decides first with this seed)
    session.apply("keep")  # the player's: now there is a game to keep
    session.autosave()
    written = session.autosave_file
    folder.chmod(0o500)  # the next write fails (the test runs as root too: see below)
    try:
        session.apply(session.game.legal_actions()[0].text)
        try:
            session.autosave()
            failed = False
        except OSError:
            failed = True
    finally:
        folder.chmod(0o700)
    if not failed:  # root ignores the mode bits: make the write fail another way
        session.autosave_file = tmp_path / "not-a-folder" / "x.json"
        (tmp_path / "not-a-folder").write_text("a file where the folder should be")
        with pytest.raises(OSError):
            session.autosave()
    assert not session.autosaved
    play_cmd._farewell(session)
    out = capsys.readouterr().out
    assert str(written) not in out and "--load" not in out
    assert "could not be written" in out


def test_a_game_resumed_from_an_autosave_is_saved_elsewhere(tmp_path, monkeypatch):
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(tmp_path))
    session, _ = build("--seed", "5")
    session.autosave_dir = autosaves_dir()
    session.apply("keep")  # the AI's (B decides first with this seed)
    session.apply("keep")  # the player's: now there is a game to keep
    session.autosave()
    auto = session.autosave_file
    loaded, _ = build("--load", str(auto))
    assert loaded.texts == session.texts
    assert loaded.save_path is None and loaded.unsaved
    assert loaded.resumed_from == auto


async def test_quitting_at_the_mulligan_leaves_no_autosave(tmp_path, capsys):
    """The AI kept its hand, the player chose nothing and quit: nothing to resume later, and
    the farewell does not call the game lost."""
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.screens.modals import QuitScreen

    session, _ = build("--seed", "5")  # B, the AI, decides first
    folder = tmp_path / "autosaves"
    app = ZenonzardApp(session, ai_delay=0.0, autosave=folder)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(app))
        assert session.texts == ["keep"]  # the AI's mulligan only
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen))
        assert "stays in" not in screen_text(app)  # no autosave to point to
        await pilot.press("d")
        await pilot.pause()
    assert not folder.exists() or not list(folder.iterdir())
    play_cmd._farewell(session)
    out = capsys.readouterr().out
    assert "lost" not in out and "nothing was chosen" in out


async def test_quitting_a_resumed_game_unchanged_says_where_it_still_is(tmp_path, capsys):
    from zenonzard_tui.client.app import ZenonzardApp
    from zenonzard_tui.client.screens.modals import QuitScreen

    first, _ = build("--seed", "5", "--hotseat")
    first.autosave_dir = autosaves_dir()
    first.apply("keep")
    first.apply("keep")
    first.autosave()
    auto = first.autosave_file
    resumed = play_cmd.resume_session(auto, build_parser().parse_args(["play"]), 7)
    app = ZenonzardApp(resumed, ai_delay=0.0, autosave=autosaves_dir())
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.duel is not None and app.duel.is_attached)
        await pilot.pause()  # a hotseat game opens behind its cover: q works there too
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen))
        await pilot.pause()  # the dialog says so too (it said nothing of the autosave)
        assert f"Nothing changed since it was resumed: it is still in {auto}" in app.screen.note
        assert "itisstillin" in "".join(screen_text(app).split())  # (on screen; it may wrap)
        await pilot.press("d")
        await pilot.pause()
    assert resumed.texts == first.texts and auto.exists()
    play_cmd._farewell(resumed)
    out = capsys.readouterr().out
    assert "lost" not in out and str(auto) in out and f"--load {auto}" in out


@pytest.mark.parametrize("served", [True, False])
def test_in_a_browser_the_start_page_comes_first_with_the_tutorial(
    served, tmp_path, monkeypatch, capsys
):
    """`zenonzard serve` runs `play --served`: with no game in progress, a browser's first page
    was a duel whose note said to run `zenonzard play --tutorial`, a command a browser user
    cannot run; the start page (New game, Tutorial) comes first there. A terminal's new user goes
    straight into a game, as before."""
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(tmp_path))
    made = []
    monkeypatch.setattr(play_cmd, "terminal_or_say", lambda prog: True)
    monkeypatch.setattr(play_cmd, "_run_app", lambda app: made.append(app) or 0)
    argv = ["play", "--seed", "1", *(["--served"] if served else [])]
    assert main(argv) == 0
    [app] = made
    if served:
        assert app.resume is not None and app.resume.tutorial is not None
    else:
        assert app.resume is None  # (its game at once)


@pytest.mark.skipif(sys.platform != "linux", reason="a pty and SIGTERM: Linux")
def test_kill_ends_the_game_as_quitting_does(tmp_path):
    """`kill PID` (SIGTERM) mid-game (a saves audit): the process died in the app's screen mode,
    the shell's prompt drawn over the board until `reset`, and said nothing of where the game
    was. Now the terminal is given back (the alternate screen left), the farewell names the
    autosave, and the exit status is 143, as a shell reports a process ended by SIGTERM."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "zenonzard_tui",
            "play",
            "--deck",
            "red-rush",
            "--seed",
            "21",
            "--first",
            "you",
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env={**os.environ, "ZENONZARD_DATA_DIR": str(tmp_path), "TERM": "xterm-256color"},
        start_new_session=True,
    )
    os.close(slave)
    try:
        out = b""
        deadline = time.monotonic() + 60
        while b"keep" not in out:  # the mulligan is on the screen
            assert time.monotonic() < deadline and proc.poll() is None, out[-2000:]
            out += read_pty(master, 0.2)
        os.write(master, b"y")  # keep: a decision, so the game has an autosave
        while not list((tmp_path / "autosaves").glob("*.json")):
            assert time.monotonic() < deadline and proc.poll() is None, out[-2000:]
            out += read_pty(master, 0.2)
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=60)
        out += read_pty(master, 1.0)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(master)
    [auto] = (tmp_path / "autosaves").glob("*.json")
    assert proc.returncode == 143
    text = out.decode(errors="replace")
    assert "\x1b[?1049l" in text  # the alternate screen left: the terminal as it was
    assert f"Go on with: zenonzard play --load {auto}" in text
