"""The selector filter `boosted` (ZR 17.5: "a minion that has received a Boost" is one with a
Boost card attached), with cards of this test's own."""

from __future__ import annotations

from zenonzard_tui.cards.loader import parse_card
from zenonzard_tui.cards.render import card_text
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.scenarios import parse_scenario

CARDS = """
[[card]]
id = "t_silica"
name = "Test Silica"
type = "base_minion"
color = "blue"
bp = 300
dp = 0
boost = {}

[[card]]
id = "t_plain"
name = "Test Plain"
type = "field_minion"
color = "blue"
cost = 1
bp = 300
dp = 1

[[card]]
id = "t_counter"
name = "Test Counter"
type = "field_minion"
color = "blue"
cost = 1
bp = 100
dp = 1
effects = [{ when = "passive", do = "modify", target = "this", bp = 1000, per = { side = "any", boosted = true } }]
"""


def test_boosted_counts_the_minions_with_a_boost_card_attached() -> None:
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nmovement = 1\nfield = ["Test Plain", "Test Plain", "Test Counter"]\n'
        'base = ["Test Silica"]\n[state.B]\nfield = ["Test Plain"]\n'
    )
    game = parse_scenario(text, "t.toml").new_game()
    counter = game.players[0].field[2]
    assert fx.bp(game, counter) == 100
    game.apply("boost Test Plain#1 with Test Silica")
    assert problems(game) == []
    assert fx.bp(game, counter) == 1100  # one boosted minion; the Boost card in no zone counts not


def test_the_words() -> None:
    raw = {"id": "t_w", "name": "Test W", "type": "field_minion", "color": "blue", "cost": 1,
           "bp": 100, "dp": 1, "effects": [{"when": "summoned", "do": "destroy",
                                            "target": {"side": "opponent", "boosted": False}}]}  # fmt: skip
    assert card_text(parse_card(raw, "t.toml")) == (
        "[When Summoned] Destroy 1 of your opponent's unboosted minions."
    )
