"""The speed-ups of the legal-action listing change nothing: the summons and casts listed are
those whose payment (ZR 6.1) works out and whose targets exist (ZR 6.4), the mana fast path of
`can_pay` agrees with `payment`, a cost kept in the `SourceCache` is the cost found afresh, the
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
from zenonzard_tui.engine.actions import MAIN, PRIORITY
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.engine.state import Slot

DECKS = sorted((Path(__file__).resolve().parents[2] / "decks").glob("*.deck"))


def _playable(game, seat: int) -> set[tuple[str, str]]:
    """What a slow, plain look finds playable from `seat`'s hand now: (kind, card id)."""
    window = "main" if game.pending.kind == MAIN else "flash"
    out = set()
    for uid in game.players[seat].hand:
        card = game.defs[uid]
        if window == "flash" and not (card.type == "magic" or "swoop" in card.keywords):
            continue
        if fx.payment(game, seat, card) is None:
            continue
        if card.type == "field_minion":
            out.add(("summon", card.id))
        elif (
            card.type == "magic"
            and window in card.timing
            and fx.use_allowed(game, seat, card)  # its own condition of use (Demon's Terror)
            and fx.has_targets(game, seat, card)
        ):
            out.add(("cast", card.id))
    return out


@pytest.mark.parametrize("kind", ["starter", "random"])
def test_the_listing_plays_what_a_plain_look_finds_playable(kind: str) -> None:
    decks = [load_deck(p) for p in DECKS]
    rng = random.Random(7)
    checked = paid = kept = 0
    for g in range(30):
        if kind == "starter":
            a, b = rng.choice(decks), rng.choice(decks)
        else:  # the whole pool: Forces and cards that change costs and payments
            a, b = random_deck(rng), random_deck(rng)
        game = new_game(a, b, seed=g, log=False)
        while not game.over:
            listed = game.legal()
            pending = game.pending
            assert pending is not None
            if pending.kind in (MAIN, PRIORITY):
                seat = pending.seat
                plays = {
                    (a.kind, game.defs[a.args[0]].id)
                    for a in listed
                    if a.kind in ("summon", "cast")
                }
                assert plays == _playable(game, seat)
                checked += 1
                mana = fx.listing_mana(game, seat)
                says = [fx.can_pay(game, seat, game.defs[u], mana) for u in game.players[seat].hand]
                truth = [
                    fx.payment(game, seat, game.defs[u]) is not None
                    for u in game.players[seat].hand
                ]
                assert says == truth
                paid += sum(truth)
                cache = game.sources_cache
                kept += isinstance(cache.costs, dict) and len(cache.costs)
                assert fx.cache_sound(game)
            game.apply(rng.choice(listed))
    assert checked > 500 and paid > 100  # the games did reach the paths checked
    if kind == "random":
        assert kept > 100  # costs were kept (cards in play change costs)


def test_a_kept_cost_that_went_stale_breaks_an_invariant() -> None:
    """A cost kept in the `SourceCache` that differs from a fresh look is a problem (the random
    games check every kept cost after every action)."""
    rng = random.Random(3)
    for g in range(40):
        game = new_game(random_deck(rng), random_deck(rng), seed=g, log=False)
        while not game.over:
            cache = game.sources_cache
            now = [
                key
                for key in (
                    cache.costs if cache is not None and isinstance(cache.costs, dict) else ()
                )
                if key[2] == game.active and key[3] == game.phase
            ]
            if now and problems(game) == []:
                card, cost = cache.costs[now[0]]
                cache.costs[now[0]] = (card, cost + 1)
                assert any("changed_play" in p for p in problems(game))
                return
            game.apply(rng.choice(game.legal()))
    raise AssertionError("no game kept a cost")


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
