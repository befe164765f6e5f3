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
