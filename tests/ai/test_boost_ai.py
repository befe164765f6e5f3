"""Every AI level knows the Boost action (ZR 17.2), on positions with the Boost test cards of
tests/engine/test_boost.py: the rule-of-thumb player boosts where it turns an attack or saves a
minion, and picks the best minion for it; the forced-win check, the puzzle solver and the tree
search find a win that only a Boost makes; the value counts attached cards."""

from __future__ import annotations

import random

import pytest

from tests.engine.test_boost import _do, _game
from zenonzard_tui import puzzles
from zenonzard_tui.ai import AIPlayer, lethal, mcts, policy, value
from zenonzard_tui.ai.evaluate import score

BOOST = "boost Test Red Four with Test Heavy Boost"


def _only_boost_wins():
    """B at 2 life with no blocker; A's Test Red Four (500/1) deals 1 alone, 2 boosted with Test
    Heavy Boost (100/1, ZR 17.4), a Rested card that Test Jaguar lets A attach (ZR 17.2), and
    that, advanced, arrives Rested and cannot attack: the Boost is the only win."""
    return _game(
        'field = ["Test Red Four", { card = "Test Jaguar", rested = true }]\n'
        'base = [{ card = "Test Heavy Boost", rested = true }]',
        'life = 2\nfield = [{ card = "Drill Golem", rested = true }]',
    )


def _texts(game) -> list[str]:
    return [a.text for a in game.legal_actions()]


def test_the_boost_is_the_only_win_and_the_solvers_find_it() -> None:
    """ZR 17.4: the Boost's DP makes the attack lethal (ZR 8.6, ZR 1.2); the puzzle solver's
    line and the forced-win check's first action are the Boost."""
    game = _only_boost_wins()
    assert BOOST in _texts(game) and "attack Test Red Four -> player" in _texts(game)
    found = puzzles.forced_win(game)
    assert found.line is not None and found.line[:2] == [BOOST, "attack Test Red Four -> player"]
    for action in game.legal_actions():  # no other first move wins
        child = game.clone()
        child.apply(action)
        won = lethal.forced_win([child], texts=False, shortest=False).won
        assert won == (action.text == BOOST), action.text
    win = lethal.forced_win([game], texts=False, shortest=False)
    assert win.won and win.first is not None and win.first.kind == "boost"


@pytest.mark.parametrize("level", ["medium", "strong", "expert"])
def test_every_searching_level_boosts_for_the_win(level: str) -> None:
    """The level plays the Boost, then wins this turn (B answering as medium)."""
    for seed in range(2):
        game = _only_boost_wins()
        ai = AIPlayer(level, seed, budget=0.25, iterations=300)
        assert ai.choose(game).text == BOOST
        turn = game.turn
        other = AIPlayer("medium", seed + 1)
        while not game.over and game.turn == turn:
            game.apply((ai if game.pending.seat == 0 else other).choose(game))
        assert game.outcome is not None and game.outcome.winner == 0


def test_the_easy_level_boosts_when_it_does_not_blunder() -> None:
    """Easy plays the rule of thumb half the time (its other moves at random): over 20 seeds it
    boosts far more often than a random choice among the 6 actions would."""
    game = _only_boost_wins()
    boosts = sum(AIPlayer("easy", seed).choose(game.clone()).text == BOOST for seed in range(20))
    assert boosts >= 10


def _main(game):
    rng = random.Random(0)
    return policy.main(game, 0, game.legal(), rng)


def test_the_rule_of_thumb_boosts_to_win_a_battle_and_prefers_that_minion() -> None:
    """ZR 8.5: Test Dyana (400) loses to B's Test Red Four (500); boosted with Test Silica
    (+300) it wins. Of two minions, the Boost goes to the one it lets attack and win (the
    Rested one could only outgrow B's minion)."""
    game = _game(
        'field = ["Test Dyana", { card = "Test Dyana", rested = true }]\nbase = ["Test Silica"]',
        'field = ["Test Red Four"]',
    )
    chosen = _main(game)
    assert chosen.kind == "boost" and not game.field_slot(chosen.args[0]).rested
    _do(game, chosen.text)
    assert _main(game).text == "attack Test Dyana#1 -> player"  # now it survives a block


def test_the_rule_of_thumb_boosts_a_minion_to_outgrow_the_opponent_s() -> None:
    """A Rested Test Dyana (400) cannot attack, but boosted (700) it survives B's 500-BP
    minion's attacks and blocks (ZR 8.5)."""
    game = _game('field = [{ card = "Test Dyana", rested = true }]\nbase = ["Test Silica"]',
                 'field = ["Test Red Four"]')  # fmt: skip
    assert _main(game).text == "boost Test Dyana with Test Silica"


def test_the_rule_of_thumb_keeps_the_mana_when_a_boost_changes_nothing() -> None:
    """No blocker to beat, no minion to outgrow, no DP to add (Test Silica is 300/0): the Boost
    would only take a mana out of the base (ZR 17.5), so it attacks instead."""
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]')
    assert _main(game).text == "attack Test Dyana -> player"


def test_the_tree_search_boosts_to_win_the_battle() -> None:
    """The expert's search (ISMCTS) alone, without the forced-win check: the Boost that wins
    the battle is its most tried move."""
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]', 'field = ["Test Red Four"]')
    for seed in range(2):
        result = mcts.search(game.clone(), 0, random.Random(seed), 300)
        assert result.action.text == "boost Test Dyana with Test Silica"


def test_the_value_counts_an_attached_card_as_half_a_mana() -> None:
    """ZR 17.5: attached, it is no mana; ZR 17.6: it comes back when its minion leaves. The
    mana feature counts it as `ATTACHED_MANA` of one; the minion's BP and DP count its stats."""
    game = _game('field = ["Test Red Four"]\nbase = ["Test Heavy Boost", "Miner of Aguma"]')
    mana = value.FEATURES.index("mana")
    before = value.features(game, 0)
    was = score(game, 0)
    _do(game, BOOST)
    after = value.features(game, 0)
    assert after[mana] - before[mana] == value.ATTACHED_MANA - 1
    assert after[value.FEATURES.index("dp")] - before[value.FEATURES.index("dp")] == 1
    assert score(game, 0) - was == pytest.approx(1 + 4 - 2.5 * (1 - value.ATTACHED_MANA))


def test_the_colors_an_opponent_showed_count_its_attached_and_banished_cards() -> None:
    """The AI's prior for B's hidden cards (engine/belief.py) takes the colors B has shown: a
    banished card (ZR 18.1) and a card attached under B's minion (public, ZR 17.5) still show
    theirs once they left the trash and the base."""
    from tests.engine.test_boost import _to_b_main
    from zenonzard_tui.engine.belief import shown_colors

    game = _game('hand = ["Test Banish Trash"]', 'field = ["Test Sapi"]\ntrash = ["Drill Golem"]')
    assert shown_colors(game, 0) == {"green", "red"}
    _do(game, "cast Test Banish Trash", "choose Drill Golem")
    assert shown_colors(game, 0) == {"green", "red"}  # Drill Golem, banished
    game = _game("", 'field = ["Test Sapi"]\nbase = ["Test Silica"]')
    _to_b_main(game)
    _do(game, "boost Test Sapi with Test Silica")  # (Sapi takes any Boost, ZR 17.2)
    assert shown_colors(game, 0) == {"green", "blue"}  # Silica, attached
