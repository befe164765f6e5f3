"""Seeded random games between random legal-action players, invariants after every action."""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.engine.gamekit import check_invariants, play_random, random_deck
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import new_game


@pytest.mark.parametrize("block", range(6))
def test_random_games_hold_invariants_and_end(block):
    """300 games in all (ZR 1.2-1.5: every game ends; ZR 3.3-3.6 limits hold throughout)."""
    for seed in range(block * 50, block * 50 + 50):
        rng = random.Random(seed)
        game = new_game(random_deck(rng), random_deck(rng), seed=seed)
        check_invariants(game)
        play_random(game, rng)
        assert game.outcome is not None and game.outcome.winner in (0, 1, None)
        assert game.outcome.reason


def test_engine_does_not_import_textual():
    code = "import sys, zenonzard_tui.engine.game; print('textual' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_same_seed_same_game():
    def run(seed):
        rng = random.Random(seed)
        game = new_game(random_deck(rng), random_deck(rng), seed=seed)
        texts = []
        while not game.over:
            action = rng.choice(game.legal_actions())
            texts.append(action.text)
            game.apply(action)
        return texts, game.outcome

    assert run(11) == run(11)
    assert run(11) != run(12)


STARTERS = sorted((Path(__file__).resolve().parents[2] / "decks").glob("*.deck"))


@pytest.mark.parametrize("block", range(3))
def test_random_games_with_the_starter_decks(block):
    """150 more games, between the starter decks, invariants after every action."""
    decks = [load_deck(p) for p in STARTERS]
    assert len(decks) >= 6
    for seed in range(block * 50, block * 50 + 50):
        rng = random.Random(10_000 + seed)
        game = new_game(rng.choice(decks), rng.choice(decks), seed=seed)
        play_random(game, rng)
        assert game.outcome is not None
