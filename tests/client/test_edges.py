"""The edges of a session that a player sees (issue 19, section 4): the match summary at the
sizes players use, life never shown below 0, and text that fits at 80x24."""

from __future__ import annotations

import random

import pytest

from tests.client.helpers import app, screen_text, session, wait_until
from zenonzard_tui.client.screens.modals import GameOverScreen
from zenonzard_tui.engine.summary import summarize

TABLE_WIDTH = 68  # engine/summary.py: the widest row of the table, for 80 columns

LONG = ("The Very Long Red Rush Deck of the Club", "Blue Tides Against Everything, Again")


def finished(seed: int = 3):
    """A game played to its end by random legal moves (seed 3: B ends at -1 life, ZR 1.2)."""
    sess = session(seed=seed)
    rng = random.Random(seed)
    while not sess.over:
        sess.apply(rng.choice(sess.game.legal_actions()).text)
    return sess


def test_the_summary_table_keeps_its_width_and_floors_life_at_0():
    sess = finished()
    assert sess.game.players[1].life < 0  # the game this test is about
    lines = summarize(sess.game).lines(LONG)
    assert lines[0].endswith("B's life reached 0 (ZR 1.2).")  # ZR 1.2: 0 or less
    table = lines[1:4]
    assert all(len(row) <= TABLE_WIDTH for row in table), table
    assert table[1].startswith("The Very Long Red R…") and "-1" not in table[2]


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_game_over_summary_does_not_wrap_with_long_deck_names(size):
    sess = finished()
    sess.settings.names = LONG
    duel_app = app(sess)
    async with duel_app.run_test(size=size) as pilot:
        await wait_until(pilot, lambda: isinstance(duel_app.screen, GameOverScreen))
        await pilot.pause()
        text = screen_text(duel_app)
        rows = summarize(sess.game).lines(LONG)[1:4]
        for row in rows:  # each row of the table on one line of the screen
            assert row.rstrip() in text, (row, text)
        assert "-1" not in text and "reached 0" in text


CROWDED = """
name = "A's field is full of long lines"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
hand = ["Gayl Mouse"]
field = ["Snake Ward", "Sams - The All-Seeing Commander", "Spiral Python"]
base = ["colorless", "colorless", "colorless"]
deck = ["Drill Golem", "Megalosaurus", "Ursarano", "Drill Golem", "Megalosaurus"]
[state.B]
field = ["Megalosaurus"]
base = ["Miner of Aguma", "Miner of Aguma"]
deck = ["Drill Golem", "Megalosaurus", "Ursarano", "Drill Golem", "Megalosaurus"]
"""


async def test_field_minions_keep_their_keywords_whole_at_80x24(tmp_path):
    from tests.client.helpers import human_to_act, position_session

    sess = position_session(CROWDED)
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        duel_app.duel.play("summon Gayl Mouse")
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await pilot.pause()
        lines = [line.split("▊")[0] for line in screen_text(duel_app).splitlines()]  # the board
        ward = next(line for line in lines if "Snake Ward" in line)
        assert "500/2  Infiltrate" in ward, ward
        mouse = next(line for line in lines if "Gayl Mouse" in line)
        assert "Charge  ✦new" in mouse or "Charge  new" in mouse, mouse
        python = next(line for line in lines if "Spiral Python" in line)
        assert "Charge" in python, python
        assert not any(" Cha " in line or line.rstrip().endswith(" Cha") for line in lines)


async def test_the_status_line_keeps_the_mode_at_80x24():
    from tests.client.helpers import position_session

    sess = position_session(CROWDED)
    duel_app = app(sess)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        from tests.client.helpers import human_to_act

        await wait_until(pilot, lambda: human_to_act(duel_app))
        top = screen_text(duel_app).splitlines()[0]
        assert "puzzle · vs AI medium" in top and "your move" in top, top


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_no_help_row_wraps_into_the_key_column(size):
    from textual.content import Content

    from zenonzard_tui.client.screens.modals import HELP, HelpScreen

    duel_app = app(session())
    async with duel_app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, HelpScreen))
        width = duel_app.screen.query_one("#help-text").content_region.width
        wide = [line for line in Content.from_markup(HELP).plain.splitlines() if len(line) > width]
        assert wide == []
        if size == (120, 40):  # the whole help is on the screen there
            text = screen_text(duel_app)
            assert "the coach, what the strongest AI would" in text
            plain = Content.from_markup(HELP).plain.splitlines()
            at = next(n for n, line in enumerate(plain) if line.startswith("  c "))
            for line in plain[at : at + 2]:  # the coach's row and its second line, as written
                assert f"█ {line}" in text, line


async def test_the_settings_show_their_note_and_each_seats_flash_choice(tmp_path):
    from zenonzard_tui.client.screens.settings import SettingsScreen
    from zenonzard_tui.client.settings import load_settings

    settings_file = tmp_path / "settings.toml"
    duel_app = app(session(), settings_file=settings_file)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await pilot.press("f2")
        await wait_until(pilot, lambda: isinstance(duel_app.screen, SettingsScreen))
        await pilot.pause()
        text = screen_text(duel_app)
        assert "the rest to the next game." in text  # the whole note, not clipped
        assert "Hotseat A: Flash windows" in text and "Hotseat B: Flash windows" in text
        duel_app.screen.query_one("#set-flash-b").value = "usable"
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: not isinstance(duel_app.screen, SettingsScreen))
    loaded = load_settings(settings_file)
    assert loaded.warnings == [] and loaded.settings.hotseat_flash == ("ask", "usable")
    assert 'hotseat_flash = ["ask", "usable"]' in settings_file.read_text()
