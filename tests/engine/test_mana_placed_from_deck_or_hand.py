"""The trigger `mana_placed_from_deck_or_hand` (Morpheo Papilio): a card placed into the base from
its owner's deck or hand raises it (the mana phase, ZR 5.5; a put from the deck, ZR 11.1d); a
Boost card coming back when its minion leaves (ZR 17.6) and a card put from the trash do not,
though both are placements (`mana_placed`). Cards of this test's own."""

from __future__ import annotations

from tests.engine.gamekit import checked_game
from zenonzard_tui.engine.invariants import problems

CARDS = """
[[card]]
id = "t_watcher"
name = "Test Watcher"
type = "field_minion"
color = "green"
cost = 1
bp = 100
dp = 1
effects = [{ when = "mana_placed_from_deck_or_hand", watch = { side = "self" }, do = "draw" }]

[[card]]
id = "t_nymph"
name = "Test Nymph"
type = "base_minion"
color = "green"
bp = 300
dp = 0
boost = {}

[[card]]
id = "t_from_trash"
name = "Test From Trash"
type = "magic"
color = "green"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "put_into_base", target = { side = "self", zone = "trash" } }]

[[card]]
id = "t_from_deck"
name = "Test From Deck"
type = "magic"
color = "green"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "put_into_base", target = { side = "self", zone = "deck", name = "Test Nymph" } }]

[[card]]
id = "t_kill"
name = "Test Kill"
type = "magic"
color = "green"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "destroy", target = { side = "self", name = "Drill Golem" } }]
"""


def _game(phase: str = "main"):
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "{phase}"\n'
        '[state.A]\nmovement = 1\nfield = ["Test Watcher", "Drill Golem"]\n'
        'hand = ["Test Nymph", "Test From Trash", "Test From Deck", "Test Kill"]\n'
        'base = ["Test Nymph"]\ntrash = ["Test Nymph"]\n'
        'deck = ["Test Nymph", "Miner of Aguma", "Miner of Aguma", "Miner of Aguma"]\n'
        '[state.B]\ndeck = ["Drill Golem"]\n'
    )
    return checked_game(text)


def _drawn(game, *texts: str) -> int:
    hand = len(game.players[0].hand)
    for text in texts:
        game.apply(text)
        assert problems(game) == []
    return len(game.players[0].hand) - hand


def test_from_the_hand_in_the_mana_phase_and_from_the_deck() -> None:
    assert _drawn(_game("mana"), "mana Test Nymph") == 1 - 1  # placed (-1), drew 1
    assert _drawn(_game(), "cast Test From Deck", "choose Test Nymph") == -1 + 1


def test_not_from_the_trash_nor_a_boost_card_coming_back() -> None:
    assert _drawn(_game(), "cast Test From Trash", "choose Test Nymph") == -1
    game = _game()
    assert (
        _drawn(game, "boost Drill Golem with Test Nymph", "cast Test Kill", "choose Drill Golem")
        == -1
    )
    assert [s.name for s in game.players[0].base] == ["Test Nymph"]  # it came back (ZR 17.6)
