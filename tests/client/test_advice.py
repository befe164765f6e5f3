"""Advice that stays on screen: the coach's last advice in its panel (the cards it would send
back marked at the mulligan, a guess called a guess), a puzzle's goal for the whole game, and the
hint's action highlighted in the actions list."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.client.helpers import PUZZLE, app, human_to_act, position_session, session, wait_until
from tests.client.test_results import on_screen
from zenonzard_tui.client.screens.duel import Tip
from zenonzard_tui.client.widgets.actions import ActionList
from zenonzard_tui.puzzles import PUZZLES


async def coached(pilot, duel_app):
    """At the player's first decision: `c`, and wait for the coach's advice in its panel."""
    duel = duel_app.duel
    await wait_until(pilot, lambda: human_to_act(duel_app))
    await pilot.press("c")
    await wait_until(pilot, lambda: duel.tip is not None, 60)
    await pilot.pause()
    return duel


async def test_the_coachs_advice_stays_in_its_panel(tmp_path):
    """`c`: the advice is in a panel, whole at 80x24 (not a toast that goes after 10 seconds and
    wrapped as "72% win in r / search"), its action highlighted; once the game moves on the
    panel says it was for an earlier decision."""
    sess = position_session((PUZZLES / "one-blow.toml").read_text("utf-8"))
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        duel = await coached(pilot, duel_app)
        panel = duel.query_one("#advice")
        shown = on_screen(duel_app, panel)
        assert panel.display and shown.startswith("Coach: attack Drill Golem -> player")
        assert not shown.endswith("…") or "wins this turn" in shown, shown
        assert not any("Coach:" in n.message for n in duel_app._notifications)
        listing = duel.query_one("#actions", ActionList)
        assert listing.texts[listing.highlighted] == "attack Drill Golem -> player"
        duel.play("end turn")
        await wait_until(pilot, lambda: duel.over or human_to_act(duel_app), 30)
        if not duel.over:
            assert "for an earlier decision" in duel.query_one("#advice").plain


async def test_a_guess_is_shown_as_one(tmp_path):
    """Low confidence (few tries, a wide interval): the panel says "unsure" and the reason that
    it is a guess, not a bare percentage."""
    from zenonzard_tui.ai.coach import search_reason

    duel_app = app(session(first="A"), tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        duel = duel_app.duel
        await wait_until(pilot, lambda: human_to_act(duel_app))
        texts = duel.query_one("#actions", ActionList).texts
        tip = Tip("Coach", duel.generation, 0, 0, texts[0], search_reason(0.22, 9, 40), False)
        duel._show_tip(tip)
        await pilot.pause()
        shown = on_screen(duel_app, duel.query_one("#advice"))
        assert shown.startswith("Coach (unsure): keep: a guess"), shown
        assert "22% win" not in shown
        duel._show_tip(replace(tip, confident=True, reason=search_reason(0.64, 180, 300)))
        await pilot.pause()
        assert "Coach: keep: 64% win in search" in on_screen(duel_app, duel.query_one("#advice"))


async def test_the_coach_is_told_the_level_played_against(tmp_path, monkeypatch):
    """The coach's chance is said against the AI the player faces (coach.CALIBRATION): the
    client passes the level of its settings."""
    from zenonzard_tui.ai import coach

    asked: list[str | None] = []
    real = coach.suggest

    def suggest(*args, **kwargs):
        asked.append(kwargs.get("against"))
        return real(*args, **kwargs)

    monkeypatch.setattr(coach, "suggest", suggest)
    duel_app = app(session(seed=8), tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        await coached(pilot, duel_app)
        assert asked == [duel_app.duel.session.settings.ai] and asked[0] in coach.CALIBRATION


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_the_coachs_notes_outlast_the_move_weighed_against_it(tmp_path, size):
    """A reason too long for the panel gives up the runner-up first, then the figure's details,
    and keeps the threat (and at 120x40 the trick the opponent may hold too: coach.watch)."""
    from zenonzard_tui.ai.coach import search_reason

    duel_app = app(session(first="A"), tmp_path)
    async with duel_app.run_test(size=size) as pilot:
        duel = duel_app.duel
        await wait_until(pilot, lambda: human_to_act(duel_app))
        texts = duel.query_one("#actions", ActionList).texts
        threat = "threat: 5 DP on the opponent's field, your life 4"
        trick = (
            "the opponent may hold another Controlling Current (played before, payable this turn)"
        )
        runner_up = ("summon Horned Walrus into the field from the hand", 90, 0.41)
        reason = "; ".join([search_reason(0.64, 180, 300, runner_up), threat, trick])
        duel._show_tip(Tip("Coach", duel.generation, 0, 0, texts[0], reason))
        await pilot.pause()
        shown = " ".join(on_screen(duel_app, duel.query_one("#advice")).split())
        assert "next best" not in shown and "64% win in search" in shown, shown
        assert threat in shown and (trick in shown) == (size == (120, 40)), shown
        assert not shown.endswith("…")


async def test_at_the_mulligan_the_cards_the_coach_sends_back_are_marked(tmp_path):
    """ZR 5.2: the coach's mulligan (seed 8: one Base Minion in hand) marks on the hand the
    cards it would send back; the others are not marked, and the player's own marks are theirs."""
    duel_app = app(session(seed=8), tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        duel = await coached(pilot, duel_app)
        assert duel.tip is not None and duel.tip.action is not None
        back = duel.tip.action.removeprefix("mulligan ").split(", ")
        hand = duel.query_one("#my-hand").chips
        flagged = [c.name for c in hand if "✦back" in c.text.plain]
        assert sorted(flagged) == sorted(back) and len(flagged) < len(hand)
        assert not duel.marks  # nothing chosen for the player
        assert "✦back" in on_screen(duel_app, duel.query_one("#my-hand"))
        assert "back on the hand" in duel.query_one("#advice").plain


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_a_puzzles_goal_stays_on_screen(tmp_path, size):
    """The goal of a shipped puzzle (win this turn) is on screen at 80x24 and 120x40 for the
    whole game, not only a 6-second toast; once its turn is over it says the goal was missed."""
    sess = position_session(PUZZLE.read_text("utf-8"), source=str(PUZZLE))
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=size) as pilot:
        duel = duel_app.duel
        await wait_until(pilot, lambda: human_to_act(duel_app))
        goal = duel.query_one("#goal")
        assert goal.display and on_screen(duel_app, goal).startswith("Goal: win this turn")
        assert "(turn 7)" in on_screen(duel_app, goal)
        duel.play("end turn")
        await wait_until(pilot, lambda: duel.over or human_to_act(duel_app), 30)
        if not duel.over:
            assert on_screen(duel_app, goal).startswith("Goal missed")
            # n starts the puzzle again at once (it did nothing and said nothing: an audit)
            await pilot.press("n")
            await wait_until(pilot, lambda: human_to_act(duel_app) and not duel.session.texts)
            assert on_screen(duel_app, goal).startswith("Goal: win this turn")
