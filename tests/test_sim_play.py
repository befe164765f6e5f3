"""zenonzard_tui/sim/play.py: decks rebuilt in a worker, and the chunks of games."""

from __future__ import annotations

import pickle
from pathlib import Path

from zenonzard_tui.cards.loader import load_pool
from zenonzard_tui.decks import load_deck
from zenonzard_tui.sim.play import GameSpec, canonical, chunks

DECKS = Path(__file__).resolve().parents[1] / "decks"


def test_decks_that_crossed_a_process_boundary_use_this_process_card_definitions():
    pool = load_pool()
    deck = load_deck(DECKS / "red-rush.deck")
    copied = pickle.loads(pickle.dumps(deck))
    assert copied.cards[0] is not pool.cards[copied.cards[0].id]  # equal, but not the same
    (rebuilt,) = canonical([copied])
    assert rebuilt == deck
    assert all(card is pool.cards[card.id] for card in rebuilt.cards)
    assert all(force is pool.forces[force.id] for force in rebuilt.forces)


def test_chunks_keep_every_game_once_in_order_and_stay_small():
    specs = [GameSpec(g, 0, 1, g, g % 2, ("easy", "easy")) for g in range(1000)]
    for workers in (1, 2, 8):
        parts = list(chunks(specs, workers))
        assert [s for part in parts for s in part] == specs
        assert max(len(p) for p in parts) <= 25
        assert len(parts) >= 8 * workers
    assert [len(p) for p in chunks(specs[:3], 2)] == [1, 1, 1]
