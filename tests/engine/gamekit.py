"""Helpers for engine tests: random legal decks and the invariants every state must hold."""

from __future__ import annotations

import random

from zenonzard_tui.cards import load_pool
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.invariants import MAX_ACTIONS, problems
from zenonzard_tui.scenarios import parse_scenario


def random_deck(rng: random.Random, sets: tuple[str, ...] | None = None):
    """A legal 40-card deck (ZR 4) of random cards of the whole pool (every set, or only `sets`;
    none marked unsupported): 14 Base Minions, 26 others, and two Forces with life <= 11."""
    pool = load_pool()
    playable = [
        c for c in pool.cards.values() if not c.unsupported and (sets is None or c.set in sets)
    ]
    bases = [c for c in playable if c.type == "base_minion"]
    others = [c for c in playable if c.type in ("field_minion", "magic")]
    cards: list = []
    for group, size in ((bases, 14), (others, 40)):
        while len(cards) < size:
            card = rng.choice(group)
            if card.deck_limit is None or cards.count(card) < card.deck_limit:
                cards.append(card)
    forces = list(pool.forces.values())
    while True:
        pair = rng.sample(forces, 2)
        if pair[0].life + pair[1].life <= 11:
            return cards, pair


def check_invariants(game: Game) -> None:
    """Every invariant of zenonzard_tui.engine.invariants holds: cards conserved across zones,
    limits (ZR 3.3-3.6), BP and DP >= 0 (ZR 2.4), exactly one pending decision."""
    found = problems(game)
    assert not found, "; ".join(found)


def play_random(
    game: Game, rng: random.Random, check: bool = True, max_steps: int = MAX_ACTIONS
) -> int:
    steps = 0
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
        steps += 1
        if check:
            check_invariants(game)
        assert steps < max_steps, "the game did not end"
    return steps


def cluster_deck(cards: list, rng: random.Random):
    """A legal deck of a card cluster's cards: 3 copies of 9 random ones (every one if fewer),
    topped up with the villager Base Minions, and Harmony and Eternity as Forces."""
    pool = load_pool()
    villagers = [c for c in pool.cards.values() if c.deck_limit is None]
    deck: list = []
    for card in rng.sample(cards, min(9, len(cards))):
        deck += [card] * 3
    while len(deck) < 40:
        deck.append(rng.choice(villagers))
    return deck, [pool.forces["force_harmony"], pool.forces["force_eternity"]]


def checked_game(text: str) -> Game:
    """The game of a scenario position written in a test (docs/scenarios.md: its own `[[card]]`
    tables and `[state]`), every invariant holding at its start."""
    game = parse_scenario(text, "t.toml").new_game()
    assert problems(game) == []
    return game


def play(game: Game, *texts: str) -> None:
    """Apply each action text, every invariant checked after each."""
    for text in texts:
        game.apply(text)
        assert problems(game) == []
