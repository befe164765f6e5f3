"""`mana_worth` with `paying_for` (Chloe, ZR 11.12): the mana pays as `amount` mana of `color` for
the cards matching the selector only. Cards of this test's own."""

from __future__ import annotations

import pytest

from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.scenarios import parse_scenario

CARDS = """
[[card]]
id = "t_chloe"
name = "Test Chloe"
type = "base_minion"
color = "green"
bp = 100
dp = 1
effects = [{ when = "passive", zone = "base", do = "mana_worth", amount = 2, color = "green", paying_for = { type = "field_minion", class = "Dragon" } }]

[[card]]
id = "t_dragon"
name = "Test Dragon"
type = "field_minion"
color = "green"
cost = 3
pips = { green = 2 }
bp = 300
dp = 1
classes = ["Dragon"]

[[card]]
id = "t_beast"
name = "Test Beast"
type = "field_minion"
color = "green"
cost = 3
pips = { green = 2 }
bp = 300
dp = 1
classes = ["Beast"]
"""


@pytest.mark.parametrize(("name", "legal"), [("Test Dragon", True), ("Test Beast", False)])
def test_it_pays_as_two_for_the_matching_cards_only(name: str, legal: bool) -> None:
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        f'[state.A]\nhand = ["{name}"]\nbase = ["Test Chloe", "colorless"]\n'
    )
    game = parse_scenario(text, "t.toml").new_game()
    assert problems(game) == []
    assert (f"summon {name}" in [a.text for a in game.legal_actions()]) == legal
