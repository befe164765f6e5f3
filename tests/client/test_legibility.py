"""Battles and life changes a player sees without reading the log: the lives are numbers on a band
of colour, a chip just hit is highlighted for a moment, and the line between the fields says what
happened (every battle and damage of the last action)."""

from __future__ import annotations

from dataclasses import replace

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
        assert "blocks Sams" in duel.query_one("#attack").plain


async def test_at_80x24_the_battles_result_is_whole(tmp_path):
    """The line between the fields is 44 cells wide at 80x24: the battle's result still shows
    whole ("Horned Walrus destroyed"), not cut in the middle."""
    sess = hotseat_puzzle()
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(80, 24)) as pilot:
        duel = duel_app.duel
        await reveal_a(pilot, duel_app)
        duel.play("attack Drill Golem -> player")
        await play_out(pilot, duel_app, {"priority": "pass", "block": "block Horned Walrus"})
        line = duel.query_one("#attack")
        shown = line.render().plain.strip("─ ")
        assert shown == "Horned Walrus destroyed", shown


# ----------------------------------------------------------------------------------------------
# Kinds of card a player must tell apart (tokens, <Base> abilities) and abilities in the log


def _card(name: str):
    from zenonzard_tui.cards import load_pool

    return next(c for c in load_pool().cards.values() if c.name == name)


def test_a_token_says_it_is_one():
    """ZR 2.1: a token is made by an effect; its chip and its details say so."""
    from zenonzard_tui.engine.observe import SlotView

    golem = _card("Token Golem S")
    slot = SlotView(1, golem.id, golem.name, False, 200, 1, (), None, False, False)
    chip = d.minion_chip(slot, golem)
    assert chip.text.plain.count("Token") == 1  # its name says it: no second "token"
    assert "a token: made by an effect" in chip.details.plain
    unnamed = replace(golem, name="Golem S")
    chip = d.minion_chip(replace(slot, name="Golem S"), unnamed)
    assert "token" in chip.text.plain.split() and "token" in chip.short.plain.split()


def test_a_mana_with_a_base_ability_says_so():
    """ZR 10.1, ZR 16: a card that works from the base is marked <Base> there."""
    from zenonzard_tui.engine.observe import SlotView

    swordsman = _card("Elven Swordsman")
    slot = SlotView(1, swordsman.id, swordsman.name, False, None, None, (), None, False, False)
    assert "<Base>" in d.mana_chip(slot, swordsman).text.plain
    miner = _card("Miner of Aguma")
    slot = replace(slot, id=miner.id, name=miner.name)
    assert "<Base>" not in d.mana_chip(slot, miner).text.plain


def test_the_line_where_an_ability_begins_is_italic():
    from zenonzard_tui.client.widgets.logview import LogView

    log = LogView()
    log.show(
        [
            "A's Ruby: [When Retreating] effect (ZR 6.5).",
            "A creates 1 Token Golem S.",
            "B's Force of Rebirth: [At the End of Your Turn] effect (ZR 6.5).",
        ],
        3,
    )
    styles = [str(log._styled(i).spans) for i in range(3)]
    assert "italic" in styles[0] and "italic" not in styles[1] and "italic" in styles[2]
