"""The step `next_cost_zero` (Geraphon, ZR 12.1, ZR 14.4): this turn, the next card matching
`of` that you use costs 0, pips included; paying for it uses the effect up; it ends with the
turn. Cards of this test's own."""

from __future__ import annotations

from tests.engine.gamekit import checked_game
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.invariants import problems

CARDS = """
[[card]]
id = "t_free_next"
name = "Test Free Next"
type = "field_minion"
color = "blue"
cost = 0
bp = 100
dp = 1
effects = [{ when = "summoned", do = "next_cost_zero", of = { type = "magic", color = "blue" } }]

[[card]]
id = "t_blue_spell"
name = "Test Blue Spell"
type = "magic"
color = "blue"
cost = 4
pips = { blue = 2 }
timing = ["main"]
effects = [{ when = "cast", do = "draw" }]

[[card]]
id = "t_red_spell"
name = "Test Red Spell"
type = "magic"
color = "red"
cost = 2
pips = { red = 1 }
timing = ["main"]
effects = [{ when = "cast", do = "draw" }]
"""


def _game():
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nhand = ["Test Free Next", "Test Blue Spell", "Test Blue Spell", '
        '"Test Red Spell"]\nbase = ["Miner of Aguma", "colorless"]\n'
        'deck = ["Drill Golem", "Drill Golem", "Drill Golem"]\n'
        '[state.B]\ndeck = ["Drill Golem", "Drill Golem"]\n'
    )
    return checked_game(text)


def _cost(game, name: str) -> int:
    return fx.cost_of(game, 0, next(c for c in game.catalog.values() if c.name == name))


def test_the_next_matching_card_costs_0_once() -> None:
    game = _game()
    assert _cost(game, "Test Blue Spell") == 4
    game.apply("summon Test Free Next")
    assert _cost(game, "Test Blue Spell") == 0 and _cost(game, "Test Red Spell") == 2
    game.apply("cast Test Red Spell")  # not blue: the effect waits
    assert _cost(game, "Test Blue Spell") == 0
    game.apply("cast Test Blue Spell")  # paid nothing: the two mana were Rested by the red one
    assert problems(game) == []
    assert _cost(game, "Test Blue Spell") == 4  # used up
    assert "cast Test Blue Spell" not in [a.text for a in game.legal_actions()]


def test_it_ends_with_the_turn() -> None:
    game = _game()
    game.apply("summon Test Free Next")
    game.apply("end turn")
    assert _cost(game, "Test Blue Spell") == 4
