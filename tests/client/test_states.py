"""What effects did to a card in play shows on the board, not only in the log: a minion that
cannot attack, block or move, cannot be blocked, wins its battles, must block, stays Rested or
cannot be chosen carries a word tag on its chip, and its card panel says each state in full with
its duration, source and rule, and each modifier with its duration (ZR 10.3, ZR 13.1-13.4,
ZR 14.5)."""

from __future__ import annotations

from pathlib import Path

from tests.client.helpers import ROOT, app, human_to_act, wait_until
from zenonzard_tui.client import describe as d
from zenonzard_tui.client.session import Session, Settings
from zenonzard_tui.client.widgets.zone import ZoneView
from zenonzard_tui.engine.observe import observe
from zenonzard_tui.scenarios import load_scenario, run_scenario

SCENARIOS = ROOT / "tests" / "scenarios"


def after(name: str, *actions: str):
    """The scenario's position after `actions`."""
    game = load_scenario(SCENARIOS / name).new_game()
    for action in actions:
        game.apply(action)
    return game


def played(name: str):
    result = run_scenario(load_scenario(SCENARIOS / name))
    assert result.passed, result.message
    return result.game


def chip_of(game, seat: int, name: str, zone: str = "field", viewer: int = 0) -> d.Chip:
    view = observe(game, viewer)
    slot = next(s for s in getattr(view.players[seat], zone) if s.name == name)
    card = game.catalog.get(slot.id)
    if zone == "base":
        return d.mana_chip(slot, card)
    return d.minion_chip(slot, card)


def test_a_minion_that_cannot_block_says_so_on_its_chip_and_card():
    """Paralyzer (ZR 13.4): B's Leviathan cannot block this turn."""
    game = played("card_paralyzer.toml")
    for viewer in (0, 1):  # public: both players see it
        chip = chip_of(game, 1, "Leviathan", viewer=viewer)
        assert "[can't block]" in chip.text.plain and "[no block]" in chip.short.plain
        assert "cannot block until the end of the turn (ZR 13.4)" in chip.details.plain
    assert "[" not in chip_of(game, 1, "Horned Walrus").text.plain  # untouched: no tag


def test_winning_regardless_of_bp_and_its_duration():
    game = played("card_kill_order.toml")
    chip = chip_of(game, 0, "R-A6 Vogelbein")
    assert "[wins battles]" in chip.text.plain
    assert "wins its battles regardless of BP until the end of the turn (ZR 13.1)" in (
        chip.details.plain
    )


def test_a_passive_restriction_names_its_source():
    """Giga Cyclops's own [Passive]; Deizler's effect on the opponent's minions, with "your"
    said as the player it means."""
    chip = chip_of(played("card_giga_cyclops.toml"), 0, "Giga Cyclops")
    assert "[unblockable]" in chip.text.plain
    assert "cannot be blocked by minions with cost 3 or less (its own effect, ZR 13.4)" in (
        chip.details.plain
    )
    chip = chip_of(played("card_deizler.toml"), 1, "Leviathan")
    assert "[can't attack Forces]" in chip.text.plain
    assert (
        "cannot attack A's Forces (A's Alliance Chief Officer Deizler's effect, ZR 13.4)"
        in chip.details.plain
    )


def test_a_card_kept_rested_says_it_stays_rested():
    """Binding Roses (ZR 14.5): the card cannot become Active until B's next Standby Phase."""
    chip = chip_of(played("card_binding_roses_zone_defense.toml"), 1, "Drill Golem")
    assert "[stays Rested]" in chip.text.plain
    assert "until the end of B's next Standby Phase (Binding Roses, ZR 14.5)" in chip.details.plain


def test_a_protection_and_modifiers_with_their_durations():
    chip = chip_of(played("card_combatant_schwein.toml"), 0, "Drill Golem")
    assert "[shielded]" in chip.text.plain
    assert "cannot be chosen by B's Magic cards until the end of the turn (ZR 10.2)" in (
        chip.details.plain
    )
    details = chip_of(played("card_chalchalsio.toml"), 0, "Drill Golem").details.plain
    assert "Effects on it:\n• +300 BP, Revenge until the end of the turn" in details
    details = chip_of(played("card_alliance_commander_vangeiss.toml"), 0, "Drill Golem").details
    assert "• Charge (A's Alliance Commander Vangeiss's effect)" in details.plain
    details = chip_of(played("card_tone_down.toml"), 0, "Drill Golem").details.plain
    assert "• DP set to 0 (ZR 10.6) until the end of the turn" in details


async def test_the_board_shows_the_tag_and_the_card_panel_explains_it(tmp_path: Path):
    """Pilot: after Paralyzer, B's Leviathan on the board carries [can't block]; with the cursor
    on it the card panel says why and for how long."""
    game = played("card_paralyzer.toml")
    assert game.pending is not None and game.pending.seat == 0
    sess = Session(game, Settings("ai", 0, "medium", ("", "")))
    duel_app = app(sess, tmp_path)
    async with duel_app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: human_to_act(duel_app))
        duel = duel_app.duel
        field = duel.query_one("#opp-field", ZoneView)
        field.focus()
        await pilot.pause()
        names = [c.name for c in field.chips]
        await pilot.press(*(["right"] * names.index("Leviathan")))
        await pilot.pause()
        assert "[can't block]" in field.render().plain
        details = duel.query_one("#details").render()
        text = details.plain if hasattr(details, "plain") else str(details)
        assert "cannot block until the end of the turn (ZR 13.4)" in text


def test_the_help_lists_every_tag():
    from textual.content import Content

    from zenonzard_tui.client.screens.modals import HELP

    text = " ".join(Content.from_markup(HELP).plain.split())
    for full, _short in d.STATE_TAGS.values():
        assert f"[{full}]" in text, full


def test_a_minion_that_must_block_in_this_battle_and_an_attack_that_must_be_blocked():
    """ZR 13.3: Thexuvans makes Leviathan block this battle; Doberman Tracer's attack must be
    blocked: the attack line says so to the defender."""
    game = after(
        "card_thexuvans.toml", "attack Thexuvans - The Pious -> player", "choose Leviathan"
    )
    chip = chip_of(game, 1, "Leviathan")
    assert "[must block]" in chip.text.plain
    assert "must block in this battle if it can (ZR 13.3)" in chip.details.plain
    game = after("card_doberman_tracer.toml", "attack Doberman Tracer -> player", "pass", "pass")
    line = d.attack_text(observe(game, 1))
    assert line is not None and line.endswith("; B must block it if they can (ZR 13.3)")
