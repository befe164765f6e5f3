"""Every way out of a game says what is true (issue 19, section 4): the quit dialog's note and
what `zenonzard play` prints after the screen closes (cli/play_cmd.py `_farewell`), for a game
saved or not, changed or not since, resumed, with its autosave written, kept, off or failed,
finished; and for a network game (cli/netplay.py `farewell`, the duel's quit dialog). A resumed
game quit unchanged, and one quit at the mulligan: tests/client/test_play_cli.py."""

from __future__ import annotations

import asyncio
import json

import pytest

from tests.client.helpers import app, human_to_act, screen_text, session, wait_until
from tests.client.test_play_cli import build
from zenonzard_tui import table as table_module
from zenonzard_tui.cli import build_parser, play_cmd
from zenonzard_tui.cli.netplay import Ending, farewell
from zenonzard_tui.cli.play_cmd import _farewell
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.saves import autosaves_dir
from zenonzard_tui.client.screens.modals import QuitScreen


def started(tmp_path, *options):
    """A game (seed 5: the AI at B decides first) in which the player has kept their hand."""
    session, _ = build("--seed", "5", *options)
    session.autosave_dir = tmp_path / "autosaves"
    session.apply("keep")  # the AI's
    session.apply("keep")  # the player's
    session.autosave()
    return session


def play_one(session) -> None:
    session.apply(session.channel(session.deciding).legal()[0])


def said(capsys, session) -> str:
    _farewell(session)
    return capsys.readouterr().out


def test_saved_and_unchanged_names_the_save(tmp_path, capsys):
    session = started(tmp_path)
    path = session.save(tmp_path / "mine.json")
    out = said(capsys, session)
    assert f"Saved: {path}" in out and f"--load {path}" in out and "Not saved" not in out


def test_saved_then_changed_names_the_autosave_and_how_far_the_save_is_behind(tmp_path, capsys):
    session = started(tmp_path)
    path = session.save(tmp_path / "mine.json")
    play_one(session)
    play_one(session)
    session.autosave()
    out = said(capsys, session)
    auto = session.autosave_file
    assert f"Not saved (2 actions since your save in {path}); the last position is in {auto}" in out
    assert f"--load {auto}" in out and "Saved:" not in out


def test_no_autosave_and_not_saved_says_the_game_is_not_kept(tmp_path, capsys):
    """--no-autosave: the old farewell said nothing at all."""
    session, _ = build("--seed", "5", "--no-autosave")  # (the app gives it no autosave folder)
    for _ in range(3):
        play_one(session)
        session.autosave()  # nothing: no folder
    assert session.autosave_file is None
    out = said(capsys, session)
    assert "autosave is off (--no-autosave): this game is not kept" in out and "--load" not in out


def test_quitting_at_the_first_decision_says_nothing_was_chosen(tmp_path, capsys):
    """The player decides first and quits at once: no action at all (the old farewell said
    nothing)."""
    session, _ = build("--seed", "5", "--hotseat")
    session.autosave_dir = tmp_path / "autosaves"
    assert not session.texts
    out = said(capsys, session)
    assert "nothing was chosen in this game yet, so no autosave was kept" in out


def test_a_failed_autosave_names_the_older_position_it_left_as_older(tmp_path, capsys, monkeypatch):
    """The autosave held the game two actions ago when the next writes failed: that file is
    named, as the game before the lost actions (the old farewell said the game was lost)."""
    session = started(tmp_path)
    older = session.autosave_file
    held = len(session.texts)

    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(table_module, "write_atomic", full_disk)
    for _ in range(2):
        play_one(session)
        with pytest.raises(OSError):
            session.autosave()
    assert not session.autosaved and len(session.texts) == held + 2
    out = said(capsys, session)
    assert "the autosave could not be written: the last 2 actions are lost" in out
    assert f"{older} holds the game as it was before them" in out
    assert f"Go on from there with: zenonzard play --load {older}" in out
    assert "the last position is in" not in out
    saved = json.loads(older.read_text())
    assert saved["actions"] == session.texts[:held]  # what it says is there, is there


def test_a_failed_first_autosave_says_the_game_is_lost(tmp_path, capsys, monkeypatch):
    def full_disk(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(table_module, "write_atomic", full_disk)
    session, _ = build("--seed", "5")
    session.autosave_dir = tmp_path / "autosaves"
    session.apply("keep")
    session.apply("keep")
    with pytest.raises(OSError):
        session.autosave()
    out = said(capsys, session)
    assert "could not be written: this game is lost" in out and "--load" not in out


def test_a_finished_game_names_its_place_in_the_history(tmp_path, capsys):
    """The old farewell said nothing once the game was over."""
    session = started(tmp_path)
    while not session.over:
        play_one(session)
    session.autosave()  # the end: the game goes into the history
    assert session.archived is not None
    out = said(capsys, session)
    assert f"The game is over; it is in your history: zenonzard replay {session.archived}" in out
    session.autosave_dir, session.archived = None, None  # --no-autosave: no history
    assert "The game is over; it was not saved" in said(capsys, session)


# ----------------------------------------------------------------------------------------------
# Network games


@pytest.mark.parametrize(
    ("ending", "hosted", "words"),
    [
        (Ending("A", True), False, "the game is over: A wins"),
        (Ending("draw", True), False, "the game is over: a draw"),
        (Ending(None, True), False, "you left room K27XBY while the game went on"),
        (Ending(None, False), False, "you left room K27XBY before the game began"),
        (Ending(None, True), True, "the server here has stopped; room K27XBY waits"),
    ],
)
def test_a_network_farewell_says_what_became_of_the_game(capsys, ending, hosted, words):
    farewell(ending, "K27XBY", "zenonzard play", hosted=hosted)
    out = capsys.readouterr().out
    assert words in out
    if ending.started and ending.result is None and not hosted:
        assert "grace period" in out and "concede" in out


def test_a_finished_network_game_names_its_place_in_the_history(capsys, tmp_path):
    farewell(Ending("B", True, tmp_path / "h.json"), "K27XBY", "zenonzard play")
    assert (
        f"It is in your history: zenonzard replay {tmp_path / 'h.json'}" in capsys.readouterr().out
    )


@pytest.mark.usefixtures("own_folders")
async def test_q_in_a_network_game_in_progress_asks_and_offers_no_save():
    """The old screen quit at once (a network game is never "unsaved"), leaving the seat to
    concede without a word."""
    from tests.net.conftest import running
    from tests.net.test_client import _seat_a
    from zenonzard_tui.cli.netplay import _feed
    from zenonzard_tui.client.netsession import NetSession
    from zenonzard_tui.client.settings import Settings

    async with asyncio.timeout(60), running() as server:
        link, remote, room, other = await _seat_a(server.url)
        settings = Settings(mode="network", seat=0, names=("Red Rush", "Blue Tides"))
        app = ZenonzardApp(NetSession(remote, settings, server.url, room))  # type: ignore[arg-type]
        async with app.run_test(size=(120, 40)) as pilot:
            feeder = asyncio.create_task(_feed(remote, app))
            await pilot.pause()
            await pilot.press("q")
            await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen))
            text = screen_text(app)
            assert "grace period" in text and "Save and quit" not in text
            await pilot.press("s")  # no save to make: nothing happens
            await pilot.pause()
            assert isinstance(app.screen, QuitScreen)
            await pilot.press("escape")
            await pilot.pause()
            assert app.screen is app.duel and app.return_code is None
            feeder.cancel()
        await link.close()
        await other.close()


# ----------------------------------------------------------------------------------------------
# Moves taken back: the save (or the autosave) holds a later position than the screen


def played(tmp_path, decisions: int = 8):
    """A game against the AI, saved in tmp_path/g2.json after `decisions` more actions."""
    session = started(tmp_path)
    for _ in range(decisions):
        play_one(session)
        session.autosave()
    return session, session.save(tmp_path / "g2.json")


def test_a_take_back_after_loading_says_the_save_holds_the_game_as_it_was(tmp_path, capsys):
    """The audit's `play --load g2.json`, u, q, d: the farewell said "-2 actions since your
    save" and "the autosave could not be written: this game is lost", though nothing was
    written (a take-back is no decision) and the save still holds the game."""
    session, path = played(tmp_path)
    turn = session.game.turn
    loaded, _ = build("--load", str(path))
    loaded.autosave_dir = tmp_path / "autosaves"
    assert loaded.undo()
    back = len(session.texts) - len(loaded.texts)
    out = said(capsys, loaded)
    assert (
        f"Not saved: you took back {back} actions since your save in {path}, which still holds "
        f"the game as it was (turn {turn}); the position on screen is not kept." in out
    )
    assert f"Go on from your save with: zenonzard play --load {path}" in out
    assert "could not be written" not in out and "-" + str(back) not in out
    assert "Saved:" not in out


def test_taken_back_to_the_mulligan_the_save_is_not_named_as_holding_the_screen(tmp_path, capsys):
    """Every decision taken back (the player decides first, so no action is left): the farewell
    said "Saved: g2.json" and "Go on with --load g2.json", but that file holds the later game."""
    session, _ = build("--seed", "5", "--seat", "B")  # B, the player, decides first
    session.autosave_dir = tmp_path / "autosaves"
    for _ in range(6):
        play_one(session)
        session.autosave()
    path = session.save(tmp_path / "g2.json")
    while session.undo():
        pass
    assert session.texts == [] and session.unsaved
    out = said(capsys, session)
    assert "Saved:" not in out and "Go on with:" not in out
    assert f"you took back 6 actions since your save in {path}" in out


def test_a_take_back_after_an_autosave_does_not_name_it_as_the_last_position(tmp_path, capsys):
    """The autosave was written before the take-back: it holds the later position (the farewell
    called it "the last position")."""
    session, _ = played(tmp_path)
    play_one(session)
    play_one(session)
    session.autosave()
    auto = session.autosave_file
    assert session.undo()
    out = said(capsys, session)
    assert "the last position is in" not in out and "could not be written" not in out
    assert f"since the autosave in {auto}, which still holds the game as it was" in out
    assert "the position on screen is not kept" in out
    assert f"Go on from there with: zenonzard play --load {auto}" in out


def test_a_take_back_in_a_resumed_game_names_the_autosave_it_came_from(
    tmp_path, capsys, monkeypatch
):
    """Resumed from an autosave, a move taken back, quit: the farewell said the autosave could
    not be written and the game was lost; the autosave it came from still holds it."""
    monkeypatch.setenv("ZENONZARD_DATA_DIR", str(tmp_path))
    session = started(tmp_path)
    session.autosave_dir = autosaves_dir()
    for _ in range(8):
        play_one(session)
        session.autosave()
    auto, turn = session.autosave_file, session.game.turn
    resumed = play_cmd.resume_session(auto, build_parser().parse_args(["play"]), 7)
    resumed.autosave_dir = autosaves_dir()
    assert resumed.resumed_from == auto and resumed.save_path is None
    assert resumed.undo()
    back = len(session.texts) - len(resumed.texts)
    out = said(capsys, resumed)
    assert "could not be written" not in out and "lost" not in out
    assert (
        f"Not saved; you took back {back} actions since the autosave in {auto}, which still "
        f"holds the game as it was (turn {turn}); the position on screen is not kept." in out
    )
    assert f"Go on from there with: zenonzard play --load {auto}" in out


def test_a_take_back_and_new_moves_are_told_apart_from_the_save(tmp_path, capsys):
    """Moves taken back, then as many others played: as many actions as in the save, but not
    its actions (the old count said the save held the game: "Saved: g2.json")."""
    session, path = played(tmp_path)
    saved, turn = list(session.texts), session.game.turn
    assert session.undo()
    back = len(saved) - len(session.texts)
    first = [t for t in session.channel(session.deciding).legal() if t != saved[len(session.texts)]]
    session.apply(first[0])
    while len(session.texts) < len(saved):
        play_one(session)
    session.autosave()
    assert session.texts != saved and session.unsaved
    out = said(capsys, session)
    assert "Saved:" not in out
    assert (
        f"Not saved: you took back {back} actions and played {back} since your save in {path}, "
        f"which still holds the game as it was (turn {turn})" in out
    )
    assert f"the last position is in {session.autosave_file}" in out


async def test_q_after_taking_back_every_move_asks_before_quitting(tmp_path):
    """After taking back every decision of a loaded game `q` closed the screen at once: no
    action was left, so the game looked saved."""
    session, _ = build("--seed", "5", "--seat", "B")  # B, the player, decides first
    for _ in range(6):
        play_one(session)
    session.save(tmp_path / "g2.json")
    while session.undo():
        pass
    app = ZenonzardApp(session, ai_delay=0.0, autosave=tmp_path / "autosaves")
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: app.duel is not None and app.duel.is_attached)
        await pilot.pause()
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen))
        said = " ".join(screen_text(app).split())
        assert "The position on screen is not saved: you took back" in said, said
        assert "would be lost" not in said
        await pilot.press("escape")
        await pilot.pause()
        assert app.return_code is None and app.screen is app.duel


@pytest.mark.parametrize("served", [True, False])
async def test_in_a_browser_the_farewell_is_said_on_the_screen(served, tmp_path):
    """(A browser audit.) Served, the farewell the command prints once the screen closes reaches
    no one: the session ended on textual-serve's "Session ended" alone. Now a last screen says
    where the game is, and any key ends the session; in a terminal the app ends at once."""
    from zenonzard_tui.client.screens.modals import FarewellScreen

    sess = session(first="A", seed=6)
    duel_app = app(sess, tmp_path, autosave=tmp_path / "autosaves", saves_by_name=served)
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("1")  # a decision: the game has its autosave
        await wait_until(pilot, lambda: human_to_act(duel_app) and sess.autosaved)
        duel_app.exit()
        await pilot.pause()
        if served:
            assert isinstance(duel_app.screen, FarewellScreen)
            assert "Your game is kept: reload this page" in duel_app.screen.text
            await pilot.press("x")
        await wait_until(pilot, lambda: not duel_app.is_running)
