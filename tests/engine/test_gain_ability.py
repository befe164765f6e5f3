"""`gain_ability`: the chosen minions gain a triggered ability while they stay on the field (ZR
10.3 (e)); it is lost when they leave (ZR 10.4). Sniper Ewan. Cards of this test's own."""

from __future__ import annotations

from tests.engine.gamekit import checked_game
from tests.engine.gamekit import play as _do
from zenonzard_tui.cards.render import card_text

CARDS = """
[[card]]
id = "t_sniper"
name = "Test Sniper"
type = "field_minion"
color = "white"
cost = 2
bp = 500
dp = 1
effects = [{ when = "summoned", do = "gain_ability", target = "this", ability = { when = "attacking", do = "draw" } }]
"""


def _game():
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nmovement = 2\nhand = ["Test Sniper"]\nbase = ["colorless", "colorless"]\n'
        'deck = ["Drill Golem", "Drill Golem", "Drill Golem"]\n'
        '[state.B]\ndeck = ["Drill Golem", "Drill Golem"]\n'
    )
    return checked_game(text)


def test_it_reads_as_card_text() -> None:
    assert card_text(_game().catalog["t_sniper"]) == (
        '[When Summoned] This minion gains "[When Attacking] Draw 1 card".'
    )


def test_the_gained_ability_works() -> None:
    game = _game()
    _do(game, "summon Test Sniper")
    hand = len(game.players[0].hand)
    _do(game, "attack Test Sniper -> player")
    assert len(game.players[0].hand) == hand + 1  # its gained [When Attacking]


def test_the_gained_ability_is_lost_when_the_minion_leaves_the_field() -> None:
    game = _game()
    _do(game, "summon Test Sniper", "retreat Test Sniper", "advance Test Sniper")  # a new minion
    hand = len(game.players[0].hand)
    _do(game, "attack Test Sniper -> player")
    assert len(game.players[0].hand) == hand
