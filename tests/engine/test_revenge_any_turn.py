"""`revenge_any_turn` (Yzak): the Revenge of your minions works in your opponent's turn too; a
blocker with Revenge destroys the attacker at the end of the battle (ZR 2.7). Cards of this test's
own."""

from __future__ import annotations

from zenonzard_tui.cards.render import card_text
from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.scenarios import parse_scenario

CARDS = """
[[card]]
id = "t_captain"
name = "Test Captain"
type = "field_minion"
color = "purple"
cost = 5
bp = 500
dp = 2
effects = [{ when = "passive", during = "opponent_turn", do = "revenge_any_turn" }]
"""


def _game(a_field: str):
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 4\nactive = "B"\nphase = "main"\n'
        f"[state.A]\nfield = {a_field}\n"
        '[state.B]\nfield = ["Leviathan"]\n'
    )
    game = parse_scenario(text, "t.toml").new_game()
    assert problems(game) == []
    for action in ("attack Leviathan -> player", "pass", "pass", "block Two-Tailed Cat"):
        game.apply(action)
        assert problems(game) == []
    return game


def test_it_reads_as_the_card() -> None:
    game = _game('["Two-Tailed Cat"]')
    assert card_text(game.catalog["t_captain"]) == (
        "[On Your Opponent's Turn] The Revenge of your minions also works in your opponent's turn."
    )


def test_the_blocker_s_revenge_destroys_the_attacker() -> None:
    game = _game('["Two-Tailed Cat", "Test Captain"]')
    assert [s.name for s in game.players[1].field] == []
    assert [s.name for s in game.players[0].field] == ["Test Captain"]


def test_without_it_revenge_works_only_in_its_controller_s_turn() -> None:
    game = _game('["Two-Tailed Cat"]')
    assert [s.name for s in game.players[1].field] == ["Leviathan"]
