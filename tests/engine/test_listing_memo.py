"""The speed-ups of the legal-action listing change nothing: the listing with its `ListingMemo`
equals the listing worked out afresh, the mana fast path of `can_pay` agrees with `payment`, the
per-definition continuous effects match the card's effects (ZR 3.7), and the continuous effects
kept between decisions follow every change of the cards in play (ZR 10.3 (f))."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from tests.engine.gamekit import random_deck
from zenonzard_tui.cards.loader import load_pool
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import MAIN
from zenonzard_tui.engine.core import ListingMemo
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.engine.state import Slot

DECKS = sorted((Path(__file__).resolve().parents[2] / "decks").glob("*.deck"))


@pytest.mark.parametrize("kind", ["starter", "random"])
def test_the_memo_lists_what_a_fresh_look_lists(kind: str) -> None:
    decks = [load_deck(p) for p in DECKS]
    rng = random.Random(7)
    checked = paid = 0
    for g in range(30):
        if kind == "starter":
            a, b = rng.choice(decks), rng.choice(decks)
        else:  # the whole pool: Forces and cards that change costs and payments
            a, b = random_deck(rng), random_deck(rng)
        game = new_game(a, b, seed=g, log=False)
        while not game.over:
            listed = game.legal()
            assert game.listing_memo is None  # dropped once the listing is done
            fresh = game._list_pending()  # no memo outside a listing: every query looks afresh
            assert [a.key() for a in listed] == [a.key() for a in fresh]
            checked += 1
            pending = game.pending
            assert pending is not None
            if pending.kind == MAIN:
                seat = pending.seat
                game.listing_memo = ListingMemo()
                try:
                    memo_says = [fx.can_pay(game, seat, u) for u in game.players[seat].hand]
                finally:
                    game.listing_memo = None
                truth = [
                    fx.payment(game, seat, game.defs[u]) is not None
                    for u in game.players[seat].hand
                ]
                assert memo_says == truth
                paid += sum(truth)
            game.apply(rng.choice(listed))
    assert checked > 1000 and paid > 100  # the games did reach the paths checked


def test_definitions_carry_their_passives_by_zone() -> None:
    pool = load_pool()
    with_passives = 0
    for card in pool.cards.values():
        passive = [e for e in card.effects if e.when == "passive"]
        assert sum(len(es) for es in card.passives.values()) == len(passive)
        for do, es in card.passives.items():
            assert all(e.steps[0].do == do for e in es)
            assert card.field_passives.get(do, ()) == tuple(
                e for e in es if e.zone in (None, "field")
            )
            assert card.base_passives.get(do, ()) == tuple(e for e in es if e.zone == "base")
        with_passives += bool(passive)
    assert with_passives > 0
    for force in pool.forces.values():
        passive = [e for e in force.effects if e.when == "passive"]
        assert sum(len(es) for es in force.passives.values()) == len(passive)


def test_derived_passives_do_not_change_equality_and_follow_a_replace() -> None:
    card = next(c for c in load_pool().cards.values() if c.passives)
    copy = dataclasses.replace(card, bp=(card.bp or 0) + 1000)
    assert copy.passives == card.passives and copy != card
    assert dataclasses.replace(card) == card
    assert "passives" not in repr(card)


def test_a_card_put_into_play_unannounced_breaks_an_invariant() -> None:
    """ZR 10.3 (f): the continuous effects kept as at work are found again after each change of
    the cards in play (`Game.changed_play`); a card put onto the field behind the engine's back
    leaves them stale, and `problems` says so (the random games check it after every action)."""
    decks = [load_deck(p) for p in DECKS]
    game = new_game(decks[0], decks[1], seed=1, log=False)
    while game.turn < 3:
        game.apply(game.legal()[-1])
    assert fx._sources(game, "modify") is not None  # the cache is found for this state
    assert problems(game) == []
    aura = next(
        c
        for c in load_pool().cards.values()
        if c.type == "field_minion" and "modify" in c.field_passives
    )
    game.players[0].field.append(Slot(game.new_uid(), aura, 0))
    assert any("changed_play" in p for p in problems(game))
    game.changed_play()
    assert problems(game) == []
