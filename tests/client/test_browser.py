"""The client in a browser (`zenonzard serve`): keys work before the first click, and a single
click on a hand card does what the help says (issue 19, section 4).

In headless Chromium with Playwright (tests/client/browser_check.py), where both are found: a
Python with Playwright (this one, or ZENONZARD_BROWSER_PYTHON) and Chromium (ZENONZARD_CHROMIUM,
else `chromium` on the PATH); skipped with the reason elsewhere (CI has no browser). What needs
no browser is checked here too: the page's script that gives the keyboard to the game, the
duel's focus on start, and a single click on a hand card in a Pilot test."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.client.helpers import app, human_to_act, session, wait_until
from tests.client.test_serve import server  # noqa: F401  (the fixture: a `zenonzard serve`)
from zenonzard_tui.cli.web import KEYS_FIRST, with_keys_first
from zenonzard_tui.client.widgets.actions import ActionList
from zenonzard_tui.client.widgets.zone import ZoneView

CHECK = Path(__file__).with_name("browser_check.py")


def browser() -> tuple[str, str] | None:
    """(a Python with Playwright, Chromium), or None."""
    python = os.environ.get("ZENONZARD_BROWSER_PYTHON")
    if python is None and importlib.util.find_spec("playwright") is not None:
        python = sys.executable
    chromium = os.environ.get("ZENONZARD_CHROMIUM") or shutil.which("chromium")
    if not python or not Path(python).exists() or not chromium:
        return None
    return python, chromium


def test_the_page_gives_the_keyboard_to_the_game_from_the_start(server):  # noqa: F811
    """The page textual-serve makes, with the script that focuses the terminal's input box
    when the page loads and whenever it comes back to the front."""
    _, page = server
    assert KEYS_FIRST in page and page.index(KEYS_FIRST) < page.index("</body>")
    assert ".xterm-helper-textarea" in KEYS_FIRST and '"load"' in KEYS_FIRST
    assert with_keys_first("<p>no body</p>").endswith(KEYS_FIRST)


async def test_the_duel_has_the_focus_and_takes_keys_at_once(tmp_path):
    """No click first: the Actions list has the focus and `?` opens the help."""
    from zenonzard_tui.client.screens.modals import HelpScreen

    duel_app = app(session(first="A"), tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        assert isinstance(duel_app.focused, ActionList)
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, HelpScreen))


async def test_one_click_on_a_hand_card_uses_it_as_enter_does(tmp_path):
    """At the mulligan a single click marks the card to send back (the help: "Enter, click ...
    use the highlighted card"); the old zone wanted a double click. A second click of a double
    click does not use it again."""
    sess = session(first="A")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        duel = duel_app.duel
        hand = duel.query_one("#my-hand", ZoneView)
        await pilot.click(hand, offset=(9, 0))
        await pilot.pause()
        assert duel.marks == {0} and hand.chips[0].marked
        listing = duel.query_one("#actions", ActionList)
        assert any(t.startswith("mulligan ") for t in listing.texts)
        await pilot.click(hand, offset=(9, 0))  # again: unmarked
        await pilot.pause()
        assert duel.marks == set()
        await pilot.double_click(hand, offset=(9, 0))  # one use, not two
        await pilot.pause()
        assert duel.marks == {0}


def test_in_chromium_keys_work_before_any_click_and_a_click_marks_a_card(server):  # noqa: F811
    found = browser()
    if found is None:
        pytest.skip(
            "no browser: needs a Python with Playwright (ZENONZARD_BROWSER_PYTHON) and Chromium "
            "(ZENONZARD_CHROMIUM or `chromium` on the PATH)"
        )
    python, chromium = found
    url, _ = server
    done = subprocess.run(
        [python, str(CHECK), url + "/", chromium],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["ready"], seen
    assert seen["focused"] == "xterm-helper-textarea", seen  # the keyboard is the game's
    assert seen["help"], seen  # `?` before any click opened the help
    assert seen["marked"], seen  # one click on the first hand card marked it
