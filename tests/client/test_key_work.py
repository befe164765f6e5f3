"""What a key costs the screen (issue 19's and 21's key budget; bench/client.py and
bench/builder.py measure the time): the highlight's card is described at once, in the frame
that shows the highlight; a card of no more lines than the pane holds is drawn without a layout;
the builder's keys rebuild no footer."""

from __future__ import annotations

from textual.widgets import Static

from tests.client.helpers import PUZZLE, app
from zenonzard_tui.cli import build_parser, play_cmd
from zenonzard_tui.client.app import ZenonzardApp
from zenonzard_tui.client.deckdraft import DeckDraft
from zenonzard_tui.client.widgets.actions import ActionList
from zenonzard_tui.client.widgets.keybar import KeyBar
from zenonzard_tui.decks import starter_files


def puzzle_app():
    session, _ = play_cmd.build(build_parser().parse_args(["play", "--scenario", str(PUZZLE)]))
    return app(session)


def _details(duel) -> str:
    return duel.query_one("#details", Static).visual.plain


async def test_moving_the_highlight_describes_the_action_before_any_message():
    """The details pane follows the highlight in the same call, not in a later message loop
    turn (which drew a frame of its own, a frame period later)."""
    async with puzzle_app().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        duel = pilot.app.duel
        listing = duel.query_one("#actions", ActionList)
        assert len(listing.texts) > 2
        seen = []
        for index in (1, 2, 0):
            listing.highlighted = index  # no await: no message has been handled since
            seen.append(_details(duel))
        await pilot.pause()
        for index, text in zip((1, 2, 0), seen, strict=True):
            listing.highlighted = index
            await pilot.pause()
            assert _details(duel) == text
        assert len(set(seen)) > 1


async def test_a_short_card_after_another_is_drawn_without_a_layout():
    async with puzzle_app().run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        duel = pilot.app.duel
        details = duel.query_one("#details", Static)
        duel.set_details("one line", "Card")
        await pilot.pause()
        assert details.size.height == details.container_size.height  # it fills the pane
        duel.set_details("another line\nand a second", "Card")
        assert not details._layout_required
        duel.set_details("\n".join(f"line {n}" for n in range(60)), "Card")  # taller: a layout
        assert details._layout_required
        await pilot.pause()
        assert details.size.height == 60
        assert "line 59" in details.visual.plain


async def test_the_builder_has_one_key_bar_that_keeps_its_keys_across_key_presses():
    """Textual's Footer built a widget per key at every press; the key bar is one widget."""
    builder = ZenonzardApp(builder=DeckDraft.open(starter_files()[0]), ai_delay=0.0)
    async with builder.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        bar = builder.screen.query_one(KeyBar)
        assert not builder.screen.query("Footer")
        before = len(list(builder.screen.walk_children()))
        for key in ("plus", "minus", "plus", "minus"):
            await pilot.press(key)
        assert len(list(builder.screen.walk_children())) == before
        assert "Add" in {item.description for item in bar.items}
