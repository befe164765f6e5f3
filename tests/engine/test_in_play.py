"""The card-in-play model (issue 18, section 1): a card's set of colors, and the in-play object
with its printed card, its current face and the cards attached to it."""

from __future__ import annotations

import dataclasses

import pytest

from zenonzard_tui.cards import load_pool
from zenonzard_tui.cards.model import CardDef, Selector
from zenonzard_tui.engine.terms.selectors import card_matches


def _two_colors() -> CardDef:
    golem = load_pool().card("Drill Golem")
    assert golem is not None and golem.colors == ("red",)
    return dataclasses.replace(golem, id="test_red_blue", colors=("red", "blue"))


def test_one_color_is_the_common_case() -> None:
    pool = load_pool()
    assert all(card.colors == (card.color,) for card in pool.cards.values())


def test_a_card_of_two_colors_matches_either() -> None:
    """A selector's `color` and `colors` and `colored` ask every color of the card."""
    card = _two_colors()
    assert card.color == "red"
    for color in ("red", "blue"):
        assert card_matches(Selector(filters=(("color", color),)), card)
    assert not card_matches(Selector(filters=(("color", "green"),)), card)
    assert card_matches(Selector(filters=(("colors", ("blue", "white")),)), card)
    assert card_matches(Selector(filters=(("colored", True),)), card)


def test_color_is_the_first_of_colors() -> None:
    golem = load_pool().card("Drill Golem")
    assert golem is not None
    with pytest.raises(ValueError, match="first of"):
        dataclasses.replace(golem, colors=("blue", "red"))


def _main_phase():
    from zenonzard_tui.scenarios import parse_scenario

    text = (
        'name = "t"\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        '[state.A]\nfield = ["Drill Golem"]\nbase = ["Miner of Aguma"]\n'
        'hand = ["Horned Walrus", "Horned Walrus"]\n'
    )
    return parse_scenario(text, "t.toml").new_game()


def test_the_in_play_object_keeps_its_printed_card_apart_from_its_face() -> None:
    game = _main_phase()
    slot = game.players[0].field[0]
    assert slot.printed is slot.card and slot.card is not None
    assert slot.card.name == "Drill Golem" and slot.attached == ()
    copy = slot.clone()
    assert (copy.uid, copy.printed, copy.card, copy.attached) == (
        slot.uid, slot.printed, slot.card, slot.attached,
    )  # fmt: skip


def test_an_attached_card_is_in_no_zone_and_under_one_minion() -> None:
    """The invariants count an attached card where it is (Boost, ZR 3.1): not lost, not twice."""
    from zenonzard_tui.engine.invariants import problems

    game = _main_phase()
    hand = game.players[0].hand
    slot = game.players[0].field[0]
    assert problems(game) == []
    uid = hand.pop()
    slot.attached = (uid,)
    assert problems(game) == []  # attached: in no zone, and not vanished
    hand.append(uid)
    assert any("2 places at once" in p and "attached to A's Drill Golem" in p
               for p in problems(game))  # fmt: skip
    hand.remove(uid)
    game.players[0].base[0].attached, slot.attached = slot.attached, ()
    assert any("has cards attached" in p for p in problems(game))


# ----------------------------------------------------------------------------------------------
# Payment by several colors (ZR 6.1.1): a card of two colors in the base pays either color and
# counts for both; the cards are this test's own, never the shipped pool's

_TWO_COLOR_CARDS = """
[[card]]
id = "t_red_blue_base"
name = "Test Red Blue Mana"
type = "base_minion"
color = "red"
colors = ["red", "blue"]
bp = 100
dp = 0

[[card]]
id = "t_red_and_blue"
name = "Test Red And Blue"
type = "field_minion"
color = "red"
cost = 2
pips = { red = 1, blue = 1 }
bp = 300
dp = 1

[[card]]
id = "t_blue_one"
name = "Test Blue One"
type = "field_minion"
color = "blue"
cost = 1
pips = { blue = 1 }
bp = 100
dp = 1

[[card]]
id = "t_green_one"
name = "Test Green One"
type = "field_minion"
color = "green"
cost = 1
pips = { green = 1 }
bp = 100
dp = 1
"""


def _with_base(*base: str):
    from zenonzard_tui.scenarios import parse_scenario

    names = ", ".join(f'"{b}"' for b in base)
    text = (
        f'name = "t"\n{_TWO_COLOR_CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        f"[state.A]\nbase = [{names}]\n"
        'hand = ["Test Red And Blue", "Test Blue One", "Test Green One"]\n'
    )
    return parse_scenario(text, "t.toml").new_game()


def _summons(game) -> set[str]:
    return {a.text for a in game.legal_actions() if a.text.startswith("summon ")}


def test_the_card_format_gives_a_card_several_colors() -> None:
    from zenonzard_tui.cards.loader import CardDataError, parse_card

    raw = {"id": "x", "name": "X", "type": "base_minion", "color": "red", "bp": 1, "dp": 0}
    assert parse_card({**raw, "colors": ["red", "blue"]}, "x.toml").colors == ("red", "blue")
    for colors, problem in ((["blue", "red"], "first of the colors"), (["red"], "two or more"),
                            (["red", "colorless"], "none of them colorless")):  # fmt: skip
        with pytest.raises(CardDataError, match=problem):
            parse_card({**raw, "colors": colors}, "x.toml")


def test_mana_of_two_colors_pays_either_color() -> None:
    """ZR 6.1.1: a red and blue card in the base pays a red pip or a blue one, not a green."""
    game = _with_base("Test Red Blue Mana")
    slot = game.players[0].base[0]
    assert slot.colors == ("red", "blue") and slot.color == "red"
    assert _summons(game) == {"summon Test Blue One"}
    game = _with_base("Test Red Blue Mana", "Miner of Aguma")  # red and blue, and red
    assert _summons(game) == {"summon Test Blue One", "summon Test Red And Blue"}


def test_two_pips_are_matched_to_the_mana_that_can_pay_them() -> None:
    """A red pip and a blue pip with a red-and-blue card and a red one: the red card pays the
    red pip and the two-color card the blue one, whatever their order in the base."""
    from zenonzard_tui.engine import effects as fx

    for base in (
        ("Test Red Blue Mana", "Miner of Aguma"),
        ("Miner of Aguma", "Test Red Blue Mana"),
    ):
        game = _with_base(*base)
        card = game.catalog["t_red_and_blue"]
        paid = fx.payment(game, 0, card)
        assert paid is not None and sorted(s.name for s in paid) == sorted(base)
    game = _with_base("Test Red Blue Mana", "Test Red Blue Mana")
    assert fx.payment(game, 0, game.catalog["t_red_and_blue"]) is not None


def test_one_card_of_two_colors_pays_one_pip_only() -> None:
    """A red pip and a blue pip with a red-and-blue card and a green one cannot be paid: the
    listing's count of each color (red 1, blue 1, green 1) must not say it can."""
    from zenonzard_tui.engine import effects as fx

    game = _with_base("Test Red Blue Mana", "Village Girl of Demete")
    card = game.catalog["t_red_and_blue"]
    assert game.players[0].base[1].colors == ("green",)
    assert fx.payment(game, 0, card) is None
    assert not fx.can_pay(game, 0, card, fx.listing_mana(game, 0))
    assert "summon Test Red And Blue" not in _summons(game)
    assert {"summon Test Blue One", "summon Test Green One"} <= _summons(game)


def test_mana_of_two_colors_counts_for_both_colors() -> None:
    """ "N or more <color> cards in your base" counts a red-and-blue card as red and as blue."""
    from zenonzard_tui.engine.terms.conditions import condition_ok

    game = _with_base("Test Red Blue Mana", "Miner of Aguma")
    for color, n in (("red", 2), ("blue", 1), ("green", 0)):
        assert condition_ok(game, (("mana_color", color), ("at_least", n)), 0, ())
        assert not condition_ok(game, (("mana_color", color), ("at_least", n + 1)), 0, ())


def test_the_observation_and_the_snapshots_carry_the_attached_cards() -> None:
    """ZR 17.5: an attached card is public: both seats see it under its minion (`SlotView.
    attached`), and a snapshot, a seat's snapshot and the world built from it keep it there."""
    import json
    import random

    from zenonzard_tui.engine.observe import CardView, Observation, observe
    from zenonzard_tui.engine.snapshot import restore, seat_snapshot, snapshot, world_from_seat

    game = _main_phase()
    uid = game.players[0].hand.pop()  # (attached by hand: the test stands in for a Boost)
    game.players[0].field[0].attached = (uid,)
    walrus = CardView(uid, game.defs[uid].id, "Horned Walrus")
    for seat in (0, 1):
        view = observe(game, seat)
        assert view.players[0].field[0].attached == (walrus,)
        assert view.players[0].base[0].attached == ()
        assert Observation.from_dict(json.loads(json.dumps(view.to_dict()))) == view
    again = restore(json.loads(json.dumps(snapshot(game))))
    assert again.players[0].field[0].attached == (uid,)
    assert observe(again, 1) == observe(game, 1)
    world = world_from_seat(json.loads(json.dumps(seat_snapshot(game, 1))), random.Random(1))
    assert [world.defs[u].name for u in world.players[0].field[0].attached] == ["Horned Walrus"]
    assert observe(world, 1).players[0].field == observe(game, 1).players[0].field
