"""Effects a player receives (ZR 19.1): `gain_trigger` gives the player a whenever-effect for the
turn; it belongs to the player, not to the card, so it outlives the card that gave it, and it ends
with the turn. Cards of this test's own."""

from __future__ import annotations

from tests.engine.gamekit import checked_game
from tests.engine.gamekit import play as _do
from zenonzard_tui.cards.render import card_text

CARDS = """
[[card]]
id = "t_reaper"
name = "Test Reaper"
type = "field_minion"
color = "purple"
cost = 1
bp = 100
dp = 1
effects = [{ when = "summoned", steps = [
  { do = "gain_trigger", on = "minion_destroyed", watch = { side = "opponent" } },
  { do = "draw", count = 1 },
] }]

[[card]]
id = "t_destroy_any"
name = "Test Destroy Any"
type = "magic"
color = "purple"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "destroy", target = {} }]
"""


def _game():
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nhand = ["Test Reaper", "Test Destroy Any", "Test Destroy Any", '
        '"Test Destroy Any"]\ndeck = ["Drill Golem", "Drill Golem", "Drill Golem"]\n'
        'base = ["colorless"]\nfield = ["Horned Walrus"]\n'
        '[state.B]\ndeck = ["Drill Golem", "Drill Golem", "Drill Golem"]\n'
        'field = ["Horned Walrus", "Meermage"]\n'
    )
    return checked_game(text)


def test_the_received_effect_reads_as_card_text() -> None:
    game = _game()
    assert card_text(game.catalog["t_reaper"]) == (
        "[When Summoned] Until the end of the turn, whenever one of your opponent's minions "
        "is destroyed, draw 1 card."
    )


def test_the_player_keeps_the_effect_after_its_card_has_left() -> None:
    game = _game()
    _do(game, "summon Test Reaper")
    hand = len(game.players[0].hand)
    _do(game, "cast Test Destroy Any", "choose A:Horned Walrus")  # one of A's own: no draw
    assert len(game.players[0].hand) == hand - 1
    _do(game, "cast Test Destroy Any", "choose Test Reaper")  # the source leaves the field
    assert len(game.players[0].hand) == hand - 2
    _do(game, "cast Test Destroy Any", "choose B:Horned Walrus")  # ZR 19.1: still A's effect
    assert len(game.players[0].hand) == hand - 3 + 1
    assert [s.name for s in game.players[1].field] == ["Meermage"]
    _do(game, "end turn")  # "for the duration of this turn": it ends with the turn
    assert not [x for x in game.lasting if x.kind == "watch"]
