"""Finished games go into a history that the resume screen and --list-saves show; a finished game
opens in a step-through viewer (forwards, backwards, either seat; both hands once it is over)."""

from __future__ import annotations

from tests.client.helpers import session, wait_until
from zenonzard_tui.client.app import Resume, ZenonzardApp
from zenonzard_tui.client.saves import SaveKind, history_dir, list_saves
from zenonzard_tui.client.screens.replay import ReplayScreen
from zenonzard_tui.client.screens.resume import ResumeScreen, entry_text
from zenonzard_tui.client.session import load_session
from zenonzard_tui.client.widgets.zone import ZoneView


def finished(tmp_path):
    sess = session(first="A", seed=5)
    sess.autosave_dir = tmp_path / "autosaves"
    game = sess.game
    while not game.over:
        sess.apply(game.legal_actions()[0].text)
        sess.autosave()
    return sess


def test_a_finished_game_goes_into_the_history_once_and_is_listed(tmp_path):
    sess = finished(tmp_path)
    files = list((tmp_path / "history").glob("*.json"))
    assert len(files) == 1 and sess.archived == files[0]
    assert not list((tmp_path / "autosaves").glob("*.json"))  # the autosave is gone
    sess.autosave()  # once only
    assert len(list((tmp_path / "history").glob("*.json"))) == 1
    infos = list_saves(
        tmp_path / "autosaves", tmp_path / "saves", history=history_dir(tmp_path / "autosaves")
    )
    assert [i.kind for i in infos] == [SaveKind.FINISHED]
    assert infos[0].result == sess.game.outcome.result() and infos[0].over
    again = load_session(files[0])
    assert again.over and again.texts == sess.texts
    shown = entry_text(infos[0]).plain
    assert "game over" in shown and "turn over" not in shown  # (it read "· turn over ·")


async def test_the_viewer_steps_through_a_finished_game_from_either_seat(tmp_path):
    sess = finished(tmp_path)
    resume = Resume(tmp_path / "autosaves", tmp_path / "saves", load_session, None)
    app = ZenonzardApp(None, resume=resume)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeScreen))
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        viewer = app.screen
        last = len(sess.texts)
        assert viewer.step == last
        hands = [app.screen.query_one(f"#{side}-hand", ZoneView) for side in ("my", "opp")]
        assert all(h.display and h.chips for h in hands)  # game over: both hands
        assert "wins" in str(app.screen.query_one("#replay-summary").render())
        await pilot.press("home")
        assert viewer.step == 0
        await pilot.press("right", "right", "right")
        assert viewer.step == 3
        head = str(app.screen.query_one("#replay-head").render())
        assert f"step 3/{last}: {sess.texts[2]}" in head
        assert not hands[1].display  # during the game, the other hand is hidden
        await pilot.press("left")
        assert viewer.step == 2
        await pilot.press("tab")
        assert "B's view" in str(app.screen.query_one("#replay-head").render())
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, ResumeScreen))


def test_a_history_that_cannot_be_written_is_said_as_such(tmp_path, capsys):
    """(A saves audit.) The history's folder refused the finished game: the farewell said 'it
    was not saved (with --no-autosave no history is kept)' to a player who never gave
    --no-autosave. Now it says that the history could not be written."""
    from zenonzard_tui.cli.play_cmd import _farewell

    (tmp_path / "history").write_text("a file where the history's folder should be")
    sess = session(first="A", seed=5)
    sess.autosave_dir = tmp_path / "autosaves"
    game = sess.game
    while not game.over:
        sess.apply(game.legal_actions()[0].text)
        try:
            sess.autosave()
        except OSError:
            assert game.over  # only the history's write fails
    assert sess.archive_failed and sess.archived is None
    _farewell(sess)
    out = capsys.readouterr().out
    assert "could not be kept in your history" in out and "--no-autosave" not in out


async def test_quitting_a_finished_game_kept_nowhere_offers_to_save(tmp_path):
    from tests.client.helpers import app as duel_app
    from zenonzard_tui.client.screens.modals import QuitScreen

    (tmp_path / "history").write_text("a file where the history's folder should be")
    sess = session(first="A", seed=5)
    game = sess.game
    app = duel_app(sess, tmp_path, autosave=tmp_path / "autosaves")
    async with app.run_test(size=(120, 40)) as pilot:
        while not game.over:
            sess.apply(game.legal_actions()[0].text)
        app.duel._autosave()  # as after the game's last action
        await pilot.pause()
        assert any("could not be kept in your history" in n.message for n in app._notifications)
        app.duel.action_quit()
        await wait_until(pilot, lambda: isinstance(app.screen, QuitScreen))
        assert "could not be kept in your history" in app.screen.note
