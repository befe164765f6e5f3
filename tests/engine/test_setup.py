"""Setup and mulligans (ZR 5.1, ZR 5.2): scenarios start after them, so these tests play them."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import IllegalAction, new_game
from zenonzard_tui.engine.log import sentences

DECKS = Path(__file__).resolve().parents[2] / "decks"


def decks():
    return load_deck(DECKS / "red-rush.deck"), load_deck(DECKS / "blue-tides.deck")


def names(game, uids):
    return Counter(game.defs[u].name for u in uids)


@pytest.mark.parametrize("seed", range(6))
def test_zr_5_1_life_is_12_minus_the_forces_and_each_player_draws_6(seed):
    a, b = decks()
    game = new_game(a, b, seed=seed)
    for p, deck in zip(game.players, (a, b), strict=True):
        assert p.life == 12 - sum(f.life for f in deck.forces)
        assert [f.force for f in p.forces] == list(deck.forces)
        assert len(p.hand) == 6 and len(p.deck) == 34
        assert names(game, p.hand + p.deck) == Counter(c.name for c in deck.cards)
    assert game.pending.kind == "mulligan" and game.pending.seat == game.first


def test_zr_5_1_the_first_player_is_random_or_chosen_and_decks_are_shuffled():
    a, b = decks()
    firsts = {new_game(a, b, seed=s).first for s in range(20)}
    assert firsts == {0, 1}
    assert {new_game(a, b, seed=s, first="B").first for s in range(5)} == {1}
    hands = {tuple(sorted(new_game(a, b, seed=s).players[0].hand)) for s in range(10)}
    assert len(hands) > 1  # the deck was shuffled: opening hands differ by seed


def test_zr_5_2_mulligan_first_player_first_then_the_other_once_each():
    a, b = decks()
    game = new_game(a, b, seed=3, first="A")
    assert game.pending.kind == "mulligan" and game.pending.seat == 0
    game.apply("keep")
    assert game.pending.kind == "mulligan" and game.pending.seat == 1
    game.apply("keep")
    assert game.pending.kind != "mulligan" and game.turn == 1
    assert all(p.mulliganed for p in game.players)


def test_zr_5_2_mulliganed_cards_go_to_the_deck_and_as_many_are_drawn():
    a, b = decks()
    game = new_game(a, b, seed=8, first="A")
    p = game.players[0]
    before_all = names(game, p.hand + p.deck)
    two = [game.defs[u].name for u in sorted(set(p.hand), key=p.hand.index)][:2]
    if two[0] == two[1]:
        two = two[:1]
    game.apply("mulligan " + ", ".join(two))
    assert len(p.hand) == 6 and len(p.deck) == 34
    assert names(game, p.hand + p.deck) == before_all  # nothing lost or made
    assert f"A mulligans {len(two)} card(s) (ZR 5.2)." in sentences(game)


def test_zr_5_2_any_number_from_0_to_6_may_go_back():
    a, b = decks()
    game = new_game(a, b, seed=11, first="A")
    texts = [act.text for act in game.legal_actions()]
    assert "keep" in texts
    assert any(t.startswith("mulligan ") and t.count(",") == 5 for t in texts)  # all six
    with pytest.raises(IllegalAction):
        game.apply("mulligan Leviathan")  # not in this hand
