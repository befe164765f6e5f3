"""The coach (ai/coach.py): a suggestion with a one-line reason, never from hidden cards."""

from __future__ import annotations

import pytest

from tests.test_ai import DECKS, _midgame, _variant
from zenonzard_tui.ai.coach import suggest
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.puzzles import PUZZLES
from zenonzard_tui.scenarios import load_scenario


def test_a_forced_win_is_suggested_with_its_line():
    game = load_scenario(PUZZLES / "one-blow.toml").new_game()
    advice = suggest(game)
    assert advice.action.text == "attack Drill Golem -> player"
    assert advice.reason.startswith("wins this turn whatever the opponent does")
    assert advice.text.startswith("attack Drill Golem -> player: wins this turn")


@pytest.mark.parametrize("seed", range(3))
def test_a_suggestion_is_legal_has_a_reason_and_ignores_hidden_cards(seed):
    game = _midgame(seed, 30 + 7 * seed)
    seat = game.pending.seat
    advice = suggest(game, seed=seed, budget=0.2)
    assert advice.action in game.legal() and advice.reason
    other = suggest(_variant(game, seat, 9), seed=seed, budget=0.2)
    assert other.action.key() == advice.action.key() and other.reason == advice.reason


def test_mulligan_advice():
    deck = load_deck(DECKS[0])
    game = new_game(deck, deck, seed=4)
    assert game.pending.kind == "mulligan"
    advice = suggest(game)
    assert advice.action in game.legal()
    assert "Base Minions in hand" in advice.reason
