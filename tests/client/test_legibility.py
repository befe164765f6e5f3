"""Battles and life changes a player sees without reading the log: the lives are numbers on a band
of colour, a chip just hit is highlighted for a moment, and the line between the fields says what
happened (every battle and damage of the last action)."""

from __future__ import annotations

from tests.client.helpers import PUZZLE, app, human_to_act, position_session, wait_until
from zenonzard_tui.client import describe as d
from zenonzard_tui.client.screens.duel import FLASH_SECONDS
from zenonzard_tui.client.screens.modals import CoverScreen
from zenonzard_tui.client.widgets.zone import ZoneView


async def play_out(pilot, duel_app, answers: dict[str, str]) -> None:
    """Hotseat: pass the covers and answer each decision with the first legal action that
    starts with an entry of `answers` (by decision kind), until A is at a main phase again."""
    sess = duel_app.duel.session
    for _ in range(30):
        await pilot.pause()
        if isinstance(duel_app.screen, CoverScreen):
            await pilot.press("enter")
            continue
        pending = sess.game.pending
        if pending.kind == "main" and pending.seat == 0:
            return
        want = answers.get(pending.kind, "")
        legal = [a.text for a in sess.game.legal_actions()]
        duel_app.duel.play(next(t for t in legal if t.startswith(want)))
    raise AssertionError("the attack did not end")


def hotseat_puzzle():
    return position_session(PUZZLE.read_text("utf-8"), mode="hotseat")


async def reveal_a(pilot, duel_app) -> None:
    """Hotseat: past A's first cover, A to act."""
    await wait_until(pilot, lambda: isinstance(duel_app.screen, CoverScreen))
    await pilot.press("enter")
    await wait_until(pilot, lambda: human_to_act(duel_app))


async def test_a_forces_life_is_a_badge_and_flashes_when_hit(tmp_path):
    """ZR 8.6: damage to a Force: its chip and the line between the fields stand out for a
    moment, then go back; its life stays on a band of colour."""
    sess = hotseat_puzzle()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        duel = duel_app.duel
        await reveal_a(pilot, duel_app)
        forces = duel.query_one("#opp-forces", ZoneView)
        assert not any(c.flash for c in forces.chips)
        assert d.LOW_LIFE_STYLE in str(forces.chips[0].text.spans)  # Insight: 1 life
        duel.play("attack Drill Golem -> Force of Insight")
        await play_out(pilot, duel_app, {"priority": "pass", "block": "no block"})
        assert sess.game.players[1].forces[0].destroyed  # 1 damage: Insight is gone
        forces = duel.query_one("#opp-forces", ZoneView)
        assert forces.chips[0].flash and not forces.chips[1].flash
        middle = duel.query_one("#attack")
        assert middle.has_class("fresh") and "Force of Insight" in middle.plain
        await pilot.pause(FLASH_SECONDS + 0.3)
        assert not duel.flash and not forces.chips[0].flash
        assert not middle.has_class("fresh") and "Force of Insight" in middle.plain


async def test_a_players_life_flashes_in_its_header(tmp_path):
    sess = hotseat_puzzle()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        duel = duel_app.duel
        await reveal_a(pilot, duel_app)
        duel.play("attack Drill Golem -> player")
        await play_out(pilot, duel_app, {"priority": "pass", "block": "no block"})
        assert sess.game.players[1].life == 1
        assert ("life", 1) in duel.flash
        header = duel.query_one("#opp-header")
        assert d.FLASH_STYLE in str(header.render().spans)
        assert "Life 1" in header.plain and "✦-1" in header.plain
        assert "B takes 1 damage" in duel.query_one("#attack").plain


async def test_both_minions_of_a_battle_flash_and_the_result_is_told(tmp_path):
    """ZR 8.5: Sams (600 BP) blocked by Horned Walrus (300 BP): the Walrus is destroyed, Sams
    flashes, the line between the fields says so."""
    sess = hotseat_puzzle()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        duel = duel_app.duel
        await reveal_a(pilot, duel_app)
        duel.play("attack Sams - The All-Seeing Commander -> player")
        await play_out(pilot, duel_app, {"priority": "pass", "block": "block Horned Walrus"})
        field = duel.query_one("#my-field", ZoneView)
        sams = next(c for c in field.chips if c.name.startswith("Sams"))
        assert sams.flash
        assert not any(c.flash for c in field.chips if c is not sams)
        assert "Horned Walrus destroyed" in duel.query_one("#attack").plain or (
            "blocks Sams" in duel.query_one("#attack").plain
        )
