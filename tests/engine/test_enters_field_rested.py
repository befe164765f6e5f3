"""The continuous step `enters_field_rested` (Solrakia): the minions it names enter the field
Rested when they are summoned or put there (ZR 11.3), not when they advance from the base."""

from __future__ import annotations

from tests.engine.gamekit import checked_game
from zenonzard_tui.engine.invariants import problems

CARDS = """
[[card]]
id = "t_sleeper"
name = "Test Sleeper"
type = "field_minion"
color = "green"
cost = 1
bp = 100
dp = 1
effects = [{ when = "passive", during = "opponent_turn", do = "enters_field_rested", target = { side = "opponent", count = "all" } }]

[[card]]
id = "t_plain"
name = "Test Plain"
type = "field_minion"
color = "blue"
cost = 0
bp = 300
dp = 1

[[card]]
id = "t_base"
name = "Test Base"
type = "base_minion"
color = "blue"
bp = 100
dp = 1
"""


def _game(active: str):
    turn = 3 if active == "A" else 4
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = {turn}\nactive = "{active}"\nphase = "main"\n'
        '[state.A]\nfield = ["Test Sleeper"]\nhand = ["Test Plain"]\n'
        '[state.B]\nhand = ["Test Plain"]\nbase = ["Test Base"]\n'
    )
    return checked_game(text)


def test_the_opponents_minions_enter_rested_on_the_owners_opponent_turn() -> None:
    game = _game("B")
    game.apply("summon Test Plain")
    game.apply("advance Test Base")
    assert problems(game) == []
    assert [(s.name, s.rested) for s in game.players[1].field] == [
        ("Test Plain", True),  # summoned: enters the field (ZR 11.3)
        ("Test Base", False),  # advanced: does not
    ]


def test_not_on_its_owners_turn_and_not_its_owners_minions() -> None:
    game = _game("A")
    game.apply("summon Test Plain")
    assert [(s.name, s.rested) for s in game.players[0].field][-1] == ("Test Plain", False)
