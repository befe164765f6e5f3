"""The battle cluster's AWAKEN and BEYOND cards in whole games (ZR 13.1-13.4, ZR 13.12): random
games with decks made of them keep every invariant, and a clone and a saved game continue like
the original (the battle marks, the attack's must-block requirement and the lasting
whenever-effects are state too)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.engine.gamekit import cluster_deck, play_random
from zenonzard_tui.cards import load_pool
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.save import load_game, save_game

# the cards of the battle rules (battles: ZR 13.1-13.4, 13.12), by id
BATTLE_IDS = (
    "blue_04_03_01_00",
    "blue_05_02_01_00",
    "colorless_05_02_01r_00",
    "colorless_06_02_01_01",
    "colorless_08_02_01_01",
    "green_03_02_01_00",
    "purple_01_02_01_00",
    "purple_02_02_01_01",
    "purple_03_02_01_00",
    "purple_06_02_01_01",
    "red_01_02_01_00",
    "red_02_02_01r_00",
    "red_02_03_01r_00",
    "red_03_02_01_01",
    "red_09_02_01_00",
    "white_00_01_01r_00",
    "white_01_03_01_00",
    "white_02_02_01_00",
    "white_02_03_01r_01",
    "white_04_02_01_01",
    "white_04_02_01r_00",
    "white_04_03_01r_00",
    "white_05_02_01_00",
    "white_06_02_01_00",
    "white_06_02_01_02",
    "white_06_02_01r_00",
    "white_07_02_01r_00",
    "white_08_02_01_00",
    "white_09_02_01_00",
    "yellow_06_02_01r_00",
)
BATTLE = [load_pool().cards[i] for i in BATTLE_IDS]


def test_the_battle_cards_are_all_in_the_pool() -> None:
    assert len(BATTLE) == 30
    assert {c.set for c in BATTLE} == {"PC01", "PC01R"}


@pytest.mark.parametrize("seed", range(8))
def test_random_games_with_the_battle_cards_keep_every_invariant(seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(cluster_deck(BATTLE, rng), cluster_deck(BATTLE, rng), seed=seed)
    play_random(game, rng)


@pytest.mark.parametrize("seed", range(3))
def test_clone_and_save_continue_like_the_original(seed: int, tmp_path: Path) -> None:
    rng = random.Random(200 + seed)
    game = new_game(cluster_deck(BATTLE, rng), cluster_deck(BATTLE, rng), seed=seed)
    for _ in range(rng.randrange(60, 160)):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    save_game(game, tmp_path / "game.json")
    others = [load_game(tmp_path / "game.json"), game.clone()]
    for step in range(120):
        if game.over:
            break
        texts = [a.text for a in game.legal_actions()]
        for other in others:
            assert [a.text for a in other.legal_actions()] == texts, step
        pick = rng.randrange(len(texts))
        for g in (game, *others):
            g.apply(texts[pick])
    assert all(o.over == game.over and o.turn == game.turn for o in others)
