"""The hand cluster's AWAKEN and BEYOND cards in whole games: random games with decks made of
them keep every invariant (cards conserved, a Janus copy included: ZR 11.11), clones continue like
the original and a save replays; and the rules that scenarios cannot show (a copy is the game's
own card, clones keep their card table)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.engine.gamekit import check_invariants, play_random
from zenonzard_tui.cards import load_pool
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.save import load_game, save_game
from zenonzard_tui.scenarios import load_scenario

POOL = load_pool()
# the cards of the hand rules (the hand, the deck and the trash), by id
HAND_IDS = (
    "blue_01_03_01r_00",
    "blue_02_02_01_00",
    "blue_05_02_01_01",
    "colorless_00_01_01r_00",
    "colorless_01_02_01_01",
    "colorless_02_02_01_01",
    "colorless_03_02_01_02",
    "colorless_03_02_01_04",
    "colorless_03_02_01_07",
    "colorless_03_02_01r_01",
    "colorless_03_02_01r_02",
    "colorless_04_02_01_00",
    "colorless_04_02_01_01",
    "colorless_04_02_01_03",
    "colorless_04_02_01_06",
    "colorless_05_02_01_06",
    "colorless_07_02_01_02",
    "colorless_08_02_01_00",
    "colorless_09_02_01_01",
    "green_01_03_01r_00",
    "purple_00_01_01r_00",
    "purple_01_03_01_00",
    "purple_03_03_01r_00",
    "purple_04_03_01r_00",
    "purple_06_02_01r_00",
    "purple_08_03_01_00",
    "red_04_02_01r_00",
    "white_05_03_01_00",
    "yellow_02_03_01_00",
    "yellow_04_02_01_00",
    "yellow_07_02_01_00",
    "yellow_07_03_01r_00",
)
HAND = [POOL.cards[i] for i in HAND_IDS]
SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def hand_deck(rng: random.Random):
    """40 cards: up to 3 of random hand-cluster cards, topped up with the six villagers."""
    villagers = [c for c in POOL.cards.values() if c.deck_limit is None]
    cards = []
    for card in rng.sample(HAND, 9):
        cards += [card] * 3
    while len(cards) < 40:
        cards.append(rng.choice(villagers))
    forces = [POOL.forces["force_harmony"], POOL.forces["force_eternity"]]
    return cards, forces


def test_the_hand_cards_are_all_in_the_pool() -> None:
    assert len(HAND) == 32
    assert {c.set for c in HAND} == {"PC01", "PC01R"}


@pytest.mark.parametrize("seed", range(6))
def test_random_games_with_the_hand_cards_keep_every_invariant(seed: int) -> None:
    rng = random.Random(seed)
    game = new_game(hand_deck(rng), hand_deck(rng), seed=seed)
    play_random(game, rng)


@pytest.mark.parametrize("seed", range(3))
def test_clone_and_save_continue_like_the_original(seed: int, tmp_path: Path) -> None:
    rng = random.Random(100 + seed)
    game = new_game(hand_deck(rng), hand_deck(rng), seed=seed)
    for _ in range(rng.randrange(60, 160)):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    save_game(game, tmp_path / "game.json")
    loaded = load_game(tmp_path / "game.json")
    copy = game.clone()
    for other in (loaded, copy):
        assert [a.text for a in other.legal_actions()] == [a.text for a in game.legal_actions()]
        assert len(other.defs) == len(game.defs)


def test_a_copy_is_a_new_card_of_this_game_only() -> None:
    """ZR 11.11: Janus's copy gets the next uid of the game's own card table; a clone taken
    before keeps the old table (the table is copied on write, never changed under a clone)."""
    game = load_scenario(SCENARIOS / "card_janus_projector_of_truth.toml").new_game()
    before = game.clone()
    cards = len(game.defs)
    game.apply("summon Janus - Projector of Truth")
    game.apply("choose Sawblade Golem")
    assert len(game.defs) == cards + 1
    copy_uid = game.players[0].hand[0]
    assert copy_uid == cards and game.defs[copy_uid].name == "Sawblade Golem"
    assert len(before.defs) == cards
    check_invariants(game)
    check_invariants(before)


def test_each_player_effects_resolve_for_the_active_player_first() -> None:
    """ZR 11.10: Enrico on A's turn: A discards its hand before B, then A draws before B."""
    game = load_scenario(SCENARIOS / "card_enrico_revolver_of_time.toml").new_game()
    game.apply("summon Enrico - Revolver of Time")
    seats = [(e.kind, e.seat) for e in game.log.records if e.kind in ("discard", "draw")]
    assert seats == [("discard", 0)] * 2 + [("discard", 1)] + [("draw", 0)] * 5 + [("draw", 1)] * 2


def test_platorna_puts_the_discarded_cards_under_the_deck_after_the_draw() -> None:
    """ZR 11.10: the cards not drawn stay on top; the discarded ones are the bottom cards."""
    game = load_scenario(SCENARIOS / "card_platorna_the_wise.toml").new_game()
    for text in ("summon Platorna - The Wise", "choose Drill Golem", "choose Reprise", "done"):
        game.apply(text)
    deck = [game.defs[u].name for u in game.players[0].deck]
    assert deck[0] == "Ursarano"
    assert sorted(deck[1:]) == ["Drill Golem", "Reprise"]
    assert game.players[0].trash == []


def test_the_log_says_what_the_hand_cards_did() -> None:
    """A player can tell why cards moved: a discard from the deck, the trash effect, the copy."""
    from zenonzard_tui.engine.log import sentences

    game = load_scenario(SCENARIOS / "card_kiska_crusher_of_hope.toml").new_game()
    game.apply("summon Kiska - Crusher of Hope")
    said = sentences(game, 1)
    assert "A discards Two-Tailed Cat from the top of their deck (ZR 11.10)." in said
    assert (
        "A's Test Purple Drawer resolves its [When Destroyed] effects from the trash (ZR 14.6)."
        in said
    )
    game = load_scenario(SCENARIOS / "card_janus_projector_of_truth.toml").new_game()
    game.apply("summon Janus - Projector of Truth")
    game.apply("choose Sawblade Golem")
    assert "A adds a copy of Sawblade Golem to their hand (ZR 11.11)." in sentences(game, 1)


def test_a_search_shuffles_the_deck_only_when_a_card_was_taken() -> None:
    """ZR 10.8 ("you can search ... if you do, shuffle"): Traveler of the Wastes taking a card
    shuffles once; declined, it leaves the deck as it was (card_traveler_of_the_wastes_declined)."""
    game = load_scenario(SCENARIOS / "card_traveler_of_the_wastes_declined.toml").new_game()
    before = list(game.players[0].deck)
    game.apply("summon Traveler of the Wastes")
    game.apply("choose Priest of Kanatana")
    after = game.players[0].deck
    assert sorted(after) == sorted(u for u in before if game.defs[u].name != "Priest of Kanatana")
    assert after != [u for u in before if game.defs[u].name != "Priest of Kanatana"]
    shuffles = [e for e in game.log.records if e.kind == "shuffle"]
    assert len(shuffles) == 1
