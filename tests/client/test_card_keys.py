"""Keys on the board's cards act in the order typed, however fast: Enter acts on the card the
cursor is on after the arrows typed before it (the audit: `← Right Right Enter` in one burst
marked the card the cursor had left, and in the main phase played it)."""

from __future__ import annotations

import contextlib

from tests.client.helpers import app, human_to_act, session, wait_until
from tests.client.test_input import burst
from zenonzard_tui.client.widgets.actions import ActionList
from zenonzard_tui.client.widgets.zone import ZoneView


@contextlib.asynccontextmanager
async def seed_5(tmp_path):
    """`zenonzard play --seed 5 --deck red-rush --opponent-deck blue-tides --first you --ai
    easy` at A's mulligan, the focus on the hand: (the app, its pilot, the hand)."""
    sess = session("ai", seed=5, first="A", ai="easy")
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await burst(pilot, "left")
        hand = duel_app.duel.query_one("#my-hand", ZoneView)
        assert duel_app.focused is hand and hand.current is not None
        yield duel_app, pilot, hand


async def test_right_right_enter_in_one_burst_marks_the_card_the_cursor_lands_on(tmp_path):
    """ZR 5.2, the mulligan: Enter marks the card the two arrows before it led to."""
    async with seed_5(tmp_path) as (duel_app, pilot, hand):
        names = [c.name for c in hand.chips]
        assert names[:3] == ["High Pressure", "Miner of Aguma", "Howling Direwolf"]
        await burst(pilot, "right", "right", "enter")
        assert hand.cursor == 2
        assert duel_app.duel.marks == {2}  # Howling Direwolf, not High Pressure
        listing = duel_app.duel.query_one("#actions", ActionList)
        assert "mulligan Howling Direwolf" in listing.texts


async def second_turn(duel_app, pilot) -> None:
    """From the mulligan to the main phase of A's second turn (High Pressure castable, two
    Miners of Aguma in the base)."""
    duel = duel_app.duel

    async def then(key: str, done) -> None:
        await burst(pilot, key)
        await wait_until(pilot, lambda: human_to_act(duel_app) and done(duel.my_actions()))

    await then("y", lambda acts: acts[0].startswith("mana"))  # keep; A's first turn
    await then("1", lambda acts: acts == ["end turn"])  # mana Miner of Aguma
    await then("e", lambda acts: acts[0].startswith("mana"))  # B's turn; A's second
    await then("1", lambda acts: "cast High Pressure" in acts)


async def test_right_right_enter_enter_in_one_burst_never_plays_the_card_the_cursor_left(tmp_path):
    """The main phase of A's second turn: from High Pressure two arrows lead to Spiral Python,
    which no action uses: its two Enters say so and play nothing (High Pressure, which the
    cursor left, used to be cast)."""
    async with seed_5(tmp_path) as (duel_app, pilot, hand):
        duel, sess = duel_app.duel, duel_app.duel.session

        await second_turn(duel_app, pilot)
        await burst(pilot, "left", "home")
        assert duel_app.focused is hand and hand.current.name == "High Pressure"
        assert [c.name for c in hand.chips][2] == "Spiral Python"
        played = list(sess.texts)
        await burst(pilot, "right", "right", "enter", "enter")
        assert sess.texts == played and duel_app.screen is duel
        assert hand.cursor == 2 and duel_app.focused is hand
        said = [n.message for n in duel_app._notifications]
        assert "No action uses Spiral Python now." in said


async def test_up_up_right_enter_enter_in_one_burst_plays_the_card_they_lead_to(tmp_path):
    """↑ moves the focus to the zone above at once: from the hand, ↑ ↑ → is the second Miner of
    the base, whose one action Enter highlights and the next Enter plays."""
    async with seed_5(tmp_path) as (duel_app, pilot, _hand):
        sess = duel_app.duel.session
        await second_turn(duel_app, pilot)
        await burst(pilot, "left")
        played = len(sess.texts)
        await burst(pilot, "up", "up", "right", "enter", "enter")
        await wait_until(pilot, lambda: len(sess.texts) > played)
        assert sess.texts[played] == "advance Miner of Aguma#2"


async def test_an_arrow_typed_right_after_tab_moves_in_the_zone_tab_led_to(tmp_path):
    """Tab is a plain binding: the app hands the → typed right after it to the widget that had
    the focus, and the zone Tab leads to still moves its cursor (its keys are bound without
    priority too)."""
    async with seed_5(tmp_path) as (duel_app, pilot, hand):
        await burst(pilot, "escape", "shift+tab")
        assert duel_app.focused is duel_app.duel.query_one("#log")  # (the hand is before it)
        await burst(pilot, "shift+tab", "right", "right")
        assert duel_app.focused is hand
        assert hand.cursor == 2
