"""The selector filter `not_class_any` (cards with none of the classes written with "/") and the
Lords' "only Dragon or Dragonewt minions can block this minion" (`cannot_be_blocked` with such
blockers, ZR 13.4). Cards of this test's own."""

from __future__ import annotations

from tests.engine.gamekit import checked_game
from zenonzard_tui.cards.render import card_text

CARDS = """
[[card]]
id = "t_lord"
name = "Test Lord"
type = "field_minion"
color = "white"
cost = 9
bp = 1000
dp = 3
classes = ["Dragon"]
effects = [{ when = "passive", during = "your_turn", do = "cannot_be_blocked", blockers = { not_class_any = "Dragon/Dragonewt" } }]

[[card]]
id = "t_dragon"
name = "Test Dragon"
type = "field_minion"
color = "red"
cost = 2
bp = 200
dp = 1
classes = ["Dragon", "Beast"]

[[card]]
id = "t_dragonewt"
name = "Test Dragonewt"
type = "field_minion"
color = "red"
cost = 2
bp = 200
dp = 1
classes = ["Dragonewt"]
"""


def _game(active: str):
    turn = 3 if active == "A" else 4
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = {turn}\nactive = "{active}"\nphase = "main"\n'
        '[state.A]\ndeck = ["Drill Golem"]\nfield = ["Test Lord"]\n'
        '[state.B]\ndeck = ["Drill Golem"]\n'
        'field = ["Test Dragon", "Test Dragonewt", "Horned Walrus"]\n'
    )
    return checked_game(text)


def _blocks(game) -> list[str]:
    return sorted(a.text for a in game.legal_actions() if a.text.startswith("block "))


def test_the_lord_reads_as_its_card() -> None:
    lord = _game("A").catalog["t_lord"]
    assert card_text(lord) == (
        "[On Your Turn] This minion can be blocked only by Dragon or Dragonewt minions."
    )


def test_only_dragons_and_dragonewts_can_block_it_on_its_turn() -> None:
    game = _game("A")
    for text in ("attack Test Lord -> player", "pass", "pass"):
        game.apply(text)
    assert _blocks(game) == ["block Test Dragon", "block Test Dragonewt"]


def test_not_class_any_matches_cards_with_none_of_the_classes() -> None:
    from zenonzard_tui.engine.terms.stats import NotClassAny

    game = _game("A")
    cat = game.catalog
    assert not NotClassAny.matches("Dragon/Dragonewt", cat["t_dragon"], None, game, 0)
    assert not NotClassAny.matches("Dragon/Dragonewt", cat["t_dragonewt"], None, game, 0)
    assert NotClassAny.matches("Dragon/Dragonewt", cat["red_02_02_00_01"], None, game, 0)
