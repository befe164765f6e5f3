"""`redirect_attack` (Moving Shield, ZR 8.1): the opponent's attack in progress gets a new target,
one of the defender's undestroyed Forces or the defender. Cards of this test's own."""

from __future__ import annotations

from tests.engine.gamekit import checked_game
from tests.engine.gamekit import play as _do
from zenonzard_tui.cards.render import card_text
from zenonzard_tui.engine.log import sentences

CARDS = """
[[card]]
id = "t_shield"
name = "Test Shield"
type = "magic"
color = "white"
cost = 0
timing = ["flash"]
effects = [{ when = "cast", do = "redirect_attack", target = { side = "self", zone = "forces", destroyed = false, or_player = true } }]
"""


def _game():
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 4\nactive = "B"\nphase = "main"\n'
        '[state.A]\nlife = 6\nhand = ["Test Shield"]\n'
        'forces = [{ id = "force_fusion" }, { id = "force_rebirth", destroyed = true }]\n'
        '[state.B]\nfield = ["Drill Golem"]\n'
    )
    return checked_game(text)


def test_it_reads_as_card_text() -> None:
    assert card_text(_game().catalog["t_shield"]) == (
        "[Flash] Change the target of your opponent's attack to 1 of your undestroyed Forces "
        "or you."
    )


def test_the_attack_on_the_player_goes_to_the_force() -> None:
    game = _game()
    _do(game, "attack Drill Golem -> player", "cast Test Shield")
    legal = sorted(a.text for a in game.legal_actions())
    assert legal == ["choose Force of Fusion", "choose player"]  # not the destroyed Force
    _do(game, "choose Force of Fusion", "pass", "pass", "no block")
    a = game.players[0]
    assert a.life == 6 and a.forces[0].life == a.forces[0].force.life - 1
    assert any("the attack now targets Force of Fusion (ZR 8.1)" in s for s in sentences(game))


def test_the_same_target_changes_nothing() -> None:
    game = _game()
    _do(game, "attack Drill Golem -> player", "cast Test Shield", "choose player")
    _do(game, "pass", "pass", "no block")
    assert game.players[0].life == 5
