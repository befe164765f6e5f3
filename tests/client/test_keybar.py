"""The duel's key bar (the footer drawn by one widget) and the app's garbage-collector settings,
both there so that a key press answers quickly (bench/client.py measures it)."""

from __future__ import annotations

import gc

from tests.client.helpers import PUZZLE, app, human_to_act, position_session, wait_until
from zenonzard_tui.client.widgets.keybar import KeyBar


def puzzle():
    return position_session(PUZZLE.read_text("utf-8"))


async def test_the_key_bar_shows_the_keys_that_work_now_and_a_click_presses_one(tmp_path):
    duel_app = app(puzzle(), tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.pause()
        bar = duel_app.duel.query_one(KeyBar)
        shown = {item.description for item in bar.items}
        assert {"Help", "Save", "Quit", "Hint"} <= shown  # a puzzle: i Hint
        assert "New game" not in shown  # only once the game is over (check_action)
        assert "Trash" not in shown  # show=False: in the help only
        assert bar.render().plain.startswith(" ← Board ")
        x = bar.render().plain.index(" ? Help")
        await pilot.click(KeyBar, offset=(x + 1, 0))
        await pilot.pause()
        assert type(duel_app.screen).__name__ == "HelpScreen"


async def test_the_key_bar_shows_only_whole_keys(tmp_path):
    duel_app = app(puzzle(), tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.pause()
        bar = duel_app.duel.query_one(KeyBar)
        text = bar.render().plain
        assert len(text) <= 80
        assert all(f" {i.display} {i.description} " in text for i in bar.items[:5])
        assert not text.rstrip().endswith(("Set", "Sett", "Setti"))  # no key cut in the middle


async def test_full_collections_wait_for_idle_and_the_collector_is_restored(tmp_path):
    before = gc.get_threshold()
    duel_app = app(puzzle(), tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await wait_until(pilot, lambda: duel_app._gc_threshold is not None)
        assert gc.get_threshold()[2] > 10_000  # no full collection on its own
        assert gc.get_freeze_count() > 10_000  # the startup heap is out of the collector's way
        await pilot.press("down")
        gc.collect(1)
        for _ in range(12):  # young collections with no full one since
            gc.collect(0)
            gc.collect(1)
        assert gc.get_count()[2] >= 10
        duel_app._collect_when_idle()  # a key came just now: not idle
        assert gc.get_count()[2] >= 10
        duel_app._last_input -= 5
        duel_app._collect_when_idle()
        assert gc.get_count()[2] == 0  # idle: a full collection ran
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0


async def test_every_key_of_the_help_answers_without_an_error(tmp_path):
    """Each key the help lists, pressed at a decision of yours and then backed out of with Esc:
    the app stays up (an exception in a handler would end the test run with it)."""
    sess = puzzle()
    duel_app = app(sess, tmp_path)
    keys = ["question_mark", "f1", "t", "a", "a", "L", "L", "x", "w", "right_square_bracket"]
    keys += ["left_square_bracket", "slash", "c", "i", "f2", "s", "S", "left", "right", "tab"]
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        for key in keys:
            await pilot.press(key)
            await pilot.pause()
            while duel_app.screen is not duel_app.duel:
                await pilot.press("escape")
                await pilot.pause()
            await pilot.press("escape")
        assert duel_app.is_running and not sess.texts  # nothing was played by these keys
