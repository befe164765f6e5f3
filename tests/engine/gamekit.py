"""Helpers for engine tests: random legal decks and the invariants every state must hold."""

from __future__ import annotations

import random

from zenonzard_tui.cards import load_pool
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.state import BASE_LIMIT, FIELD_LIMIT, HAND_LIMIT, LIFE_CAP


def random_deck(rng: random.Random):
    """A legal 40-card deck (ZR 4) of random BASIC cards and two Forces with life <= 11."""
    pool = load_pool()
    bases = [c for c in pool.cards.values() if c.type == "base_minion"]
    others = [c for c in pool.cards.values() if c.type in ("field_minion", "magic")]
    cards = [rng.choice(bases) for _ in range(14)]
    while len(cards) < 40:
        card = rng.choice(others)
        if cards.count(card) < 3:
            cards.append(card)
    forces = list(pool.forces.values())
    while True:
        pair = rng.sample(forces, 2)
        if pair[0].life + pair[1].life <= 11:
            return cards, pair


def check_invariants(game: Game) -> None:
    """Cards are conserved across zones; limits hold; life caps; exactly one pending decision."""
    uids = list(game.limbo)
    for p in game.players:
        assert len(p.hand) <= HAND_LIMIT, f"hand {len(p.hand)} (ZR 3.3)"
        assert len(p.field) <= FIELD_LIMIT, f"field {len(p.field)} (ZR 3.4)"
        assert len(p.base) <= BASE_LIMIT, f"base {len(p.base)} (ZR 3.5)"
        assert p.life <= LIFE_CAP, f"life {p.life} (ZR 3.6)"
        for f in p.forces:
            assert 0 <= f.life <= LIFE_CAP, f"force life {f.life} (ZR 3.6)"
            assert not f.destroyed or f.rested, "a destroyed Force stays rested (ZR 8.6)"
        uids += p.deck + p.hand + p.trash
        uids += [s.uid for s in p.field + p.base if s.uid < len(game.defs)]
        from zenonzard_tui.engine import effects as fx

        for s in p.field:
            assert fx.bp(game, s) >= 0 and fx.dp(game, s) >= 0, "ZR 2.4"
    assert sorted(uids) == list(range(len(game.defs))), "every card is in exactly one zone"
    if game.over:
        assert game.pending is None
    else:
        assert game.pending is not None and game.legal_actions(), "exactly one pending decision"


def play_random(game: Game, rng: random.Random, check: bool = True, max_steps: int = 20000) -> int:
    steps = 0
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        if check:
            check_invariants(game)
        assert steps < max_steps, "the game did not end"
    return steps
