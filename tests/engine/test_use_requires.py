"""`use_requires` (<Hand>, ZR 6.3): a Magic card that cannot be used unless you have a minion
matching its selector on the field (Demon's Terror). Cards of this test's own."""

from __future__ import annotations

from zenonzard_tui.cards.render import card_text
from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.scenarios import parse_scenario

CARDS = """
[[card]]
id = "t_summons"
name = "Test Summons"
type = "magic"
color = "purple"
cost = 0
timing = ["main"]
effects = [
  { when = "cast", do = "draw" },
  { when = "passive", zone = "hand", do = "use_requires", you_have = { side = "self", class = "Demon" } },
]

[[card]]
id = "t_demon"
name = "Test Demon"
type = "field_minion"
color = "purple"
cost = 2
bp = 200
dp = 1
classes = ["Demon"]
"""


def _casts(a_field: str, b_field: str = "[]") -> list[str]:
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        f'[state.A]\nhand = ["Test Summons"]\ndeck = ["Drill Golem"]\nfield = {a_field}\n'
        f"[state.B]\nfield = {b_field}\n"
    )
    game = parse_scenario(text, "t.toml").new_game()
    assert problems(game) == []
    return [a.text for a in game.legal_actions() if a.text.startswith("cast ")]


def test_it_reads_as_card_text() -> None:
    text = 'name = "t"\n' + CARDS + '\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
    card = parse_scenario(text, "t.toml").new_game().catalog["t_summons"]
    assert card_text(card) == (
        "[Main] Draw 1 card.\n"
        "<Hand> [Passive] This card cannot be used unless you have a Demon minion."
    )


def test_usable_only_with_a_demon_of_your_own() -> None:
    assert _casts('["Test Demon"]') == ["cast Test Summons"]  # a Demon
    assert _casts('["Drill Golem"]') == []
    assert _casts("[]", '["Test Demon"]') == []  # the opponent's Demon does not count
