"""Saves: `s` writes the engine's save (atomically) with the client's settings; loading it gives
the same game; quitting a game with unsaved moves offers to save; puzzles save their position."""

from __future__ import annotations

import json

from tests.client.helpers import PUZZLE, app, human_to_act, session, wait_until
from zenonzard_tui.cli import main
from zenonzard_tui.client.screens.modals import QuitScreen, SaveScreen
from zenonzard_tui.client.session import Puzzle, Session, Settings, load_session
from zenonzard_tui.engine.observe import observe
from zenonzard_tui.engine.save import load_game
from zenonzard_tui.scenarios import load_scenario


async def play_some(pilot, duel_app, decisions: int) -> None:
    sess = duel_app.session
    while len(sess.texts) < decisions and not sess.over:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.press("1")
    await wait_until(pilot, lambda: human_to_act(duel_app))


async def test_save_then_load_gives_the_same_game(tmp_path):
    sess = session(first="A", seed=6)
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await play_some(pilot, duel_app, 12)
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, SaveScreen))
        await pilot.press("enter")  # the offered file in the save folder
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
        assert sess.save_path is not None and sess.save_path.parent == tmp_path
        assert not sess.unsaved
        saved = sess.save_path
        texts = list(sess.texts)

    record = json.loads(saved.read_text(encoding="utf-8"))
    assert record["format"] == "zenonzard-save" and record["actions"] == texts
    assert record["client"]["mode"] == "ai" and record["client"]["seat"] == "A"
    again = load_session(saved)
    assert again.texts == texts and again.settings.names == sess.settings.names
    for seat in (0, 1):
        assert observe(again.game, seat) == observe(sess.game, seat)
    assert observe(load_game(saved), 0) == observe(sess.game, 0)  # the engine reads it too


async def test_a_second_save_writes_the_same_file_without_asking(tmp_path):
    sess = session(first="A", seed=6)
    sess.save(tmp_path / "mine.json")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await play_some(pilot, duel_app, 3)
        assert sess.unsaved
        await pilot.press("s")
        await pilot.pause()
        assert duel_app.screen is duel_app.duel and not sess.unsaved
    assert json.loads((tmp_path / "mine.json").read_text())["actions"] == sess.texts


async def test_quitting_with_unsaved_moves_offers_to_save(tmp_path):
    sess = session(first="A", seed=6)
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await play_some(pilot, duel_app, 2)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, QuitScreen))
        await pilot.press("escape")  # cancel: the game goes on
        await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, QuitScreen))
        await pilot.press("s")  # save and quit: asks where, then quits
        await wait_until(pilot, lambda: isinstance(duel_app.screen, SaveScreen))
        field = duel_app.screen.query_one("Input")
        field.value = str(tmp_path / "sub" / "before-quit.json")
        await pilot.press("enter")
        await wait_until(pilot, lambda: not duel_app.is_running)
    assert load_session(tmp_path / "sub" / "before-quit.json").texts == sess.texts


async def test_a_save_error_stays_in_the_dialog(tmp_path):
    sess = session(first="A", seed=6)
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await play_some(pilot, duel_app, 1)
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, SaveScreen))
        duel_app.screen.query_one("Input").value = str(blocker / "x.json")
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(duel_app.screen, SaveScreen)
        assert "Cannot save there" in str(duel_app.screen.query_one("#save-error").render())
        await pilot.press("escape")
    assert sess.save_path is None


async def test_the_autosave_follows_every_action(tmp_path):
    sess = session(first="A", seed=6)
    duel_app = app(sess, tmp_path, autosave=tmp_path / "autosaves")
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await play_some(pilot, duel_app, 4)
    auto = sess.autosave_file
    assert auto is not None and auto.parent == tmp_path / "autosaves"
    assert load_session(auto).texts == sess.texts
    assert sess.unsaved  # the autosave is not the player's save


def test_a_puzzle_saves_its_position_and_moves(tmp_path):
    scenario = load_scenario(PUZZLE)
    puzzle = Puzzle(str(PUZZLE), scenario.name, scenario.text)
    sess = Session(scenario.new_game(), Settings("hotseat"), puzzle)
    sess.apply("attack Drill Golem -> player")
    sess.apply("pass")
    path = sess.save(tmp_path / "puzzle.json")
    again = load_session(path)
    assert again.puzzle is not None and again.puzzle.name == scenario.name
    assert again.texts == ["attack Drill Golem -> player", "pass"]
    assert again.settings.mode == "hotseat"
    assert observe(again.game, 0) == observe(sess.game, 0)


def test_zenonzard_replay_reads_a_saved_puzzle(tmp_path, capsys):
    scenario = load_scenario(PUZZLE)
    sess = Session(
        scenario.new_game(), Settings("hotseat"), Puzzle(str(PUZZLE), scenario.name, scenario.text)
    )
    sess.apply("attack Drill Golem -> player")
    path = sess.save(tmp_path / "puzzle.json")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "A's Drill Golem attacks the player." in out and "the game goes on" in out


async def test_the_dialog_takes_names_and_paths_as_a_user_means_them(tmp_path, monkeypatch):
    """(A saves audit.) A name alone went into the shell's folder, without '.json', so no list
    found it; 'newdir/' made a file called newdir; a name over 255 bytes ended the app with a
    traceback (OSError from is_dir); one of 255 failed for its temporary file's name. Now a name
    alone goes into the save folder (the folder the dialog offers), '.json' added; a path goes
    where it says (from the shell's folder); a folder gets the offered name."""
    shell = tmp_path / "shell"
    shell.mkdir()
    monkeypatch.chdir(shell)
    saves = tmp_path / "saves"
    sess = session(first="A", seed=6)
    duel_app = app(sess, saves)
    async with duel_app.run_test(size=(100, 30)) as pilot:
        await play_some(pilot, duel_app, 1)
        for typed, expected in (
            ("my game ünï 🐉", saves / "my game ünï 🐉.json"),
            ("y" * 250, saves / ("y" * 250 + ".json")),  # 255 bytes: the most a name may have
            ("é" * 130, "File name too long"),  # 260 bytes
            ("newdir/", shell / "newdir" / ("y" * 250 + ".json")),
            ("again", shell / "newdir" / "again.json"),  # (the folder the dialog now offers)
        ):
            await pilot.press("S")  # (a save to another file)
            await wait_until(pilot, lambda: isinstance(duel_app.screen, SaveScreen))
            dialog = duel_app.screen
            dialog.query_one("Input").value = typed
            await pilot.press("enter")
            await pilot.pause()
            if isinstance(expected, str):
                assert isinstance(duel_app.screen, SaveScreen)
                assert expected in str(dialog.query_one("#save-error").render())
                await pilot.press("escape")
                continue
            await wait_until(pilot, lambda: duel_app.screen is duel_app.duel)
            assert sess.save_path == expected  # (absolute: the farewell's --load works anywhere)
            assert load_session(expected).texts == sess.texts
    assert [p.name for p in shell.iterdir()] == ["newdir"]  # only what a path named
