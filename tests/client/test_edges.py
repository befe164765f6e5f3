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
