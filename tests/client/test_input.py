"""Input that never plays what nobody chose (issue 19): keys typed in one burst after `/` go
into the filter in order, and Enter in the filter plays only the action its words name."""

from __future__ import annotations

from textual import events
from textual.keys import _character_to_key

from tests.client.helpers import app, human_to_act, wait_until
from tests.client.test_flow import washed_out
from zenonzard_tui.client.widgets.actions import ActionFilter, ActionList


async def burst(pilot, *keys: str) -> None:
    """The keys as a terminal sends what was typed fast (or `tmux send-keys` in one call): all
    read at once, queued before the app has handled the first, then the app let run."""
    driver = pilot.app._driver
    for key in keys:  # a character ("/", "e") or a key's name ("enter", "down")
        char = key if len(key) == 1 else None
        if char is not None and not char.isalnum():
            key = _character_to_key(char)  # "/": the key "slash" with its character
        event = events.Key(key, char)
        event.set_sender(pilot.app)
        driver.send_message(event)
    for _ in range(3):
        await pilot.pause()


async def test_keys_typed_fast_after_slash_go_into_the_filter_in_order(tmp_path):
    sess = washed_out()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await burst(pilot, "/", "e", "t", "e", "r")
        box = duel_app.duel.query_one("#filter", ActionFilter)
        assert box.value == "eter" and duel_app.focused is box
        listing = duel_app.duel.query_one("#actions", ActionList)
        assert listing.texts == ["attack Drill Golem -> Force of Eternity"]
        assert sess.texts == []


async def test_slash_end_enter_in_one_burst_ends_the_turn(tmp_path):
    sess = washed_out()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await burst(pilot, "/", "e", "n", "d", "enter")
        assert sess.texts[:1] == ["end turn"]  # not the highlighted summon


async def test_enter_on_an_empty_or_ambiguous_filter_plays_nothing_and_says_so(tmp_path):
    sess = washed_out()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        duel = duel_app.duel
        await burst(pilot, "/", "enter")
        assert sess.texts == []
        assert any("Type words of an action" in n.message for n in duel_app._notifications)
        await burst(pilot, *"attack", "enter")
        listing = duel.query_one("#actions", ActionList)
        assert sess.texts == [] and len(listing.texts) == 3
        assert any("3 actions match 'attack'" in n.message for n in duel_app._notifications)
        await burst(pilot, *" zzz", "enter")  # nothing matches
        assert sess.texts == []
        await burst(pilot, "escape", "/", *"attack", "down", "down", "enter")
        assert sess.texts[:1] == ["attack Drill Golem -> Force of Harmony"]  # picked in the list
        assert not duel.query_one("#filter").display and duel.filter == ""


async def test_a_slash_typed_in_the_filter_box_is_text():
    sess = washed_out()
    duel_app = app(sess)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        await burst(pilot, "/", "a", "/", "b")
        assert duel_app.duel.query_one("#filter", ActionFilter).value == "a/b"
