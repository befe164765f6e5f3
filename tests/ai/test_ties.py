"""Ties and mulligans: the searches break ties by the speed of a win (or the delay of a loss,
ZR 1.2), then by the rule-of-thumb choice, then by a seeded draw, never by the order in which the
engine lists the actions; mulligans follow the measured rule (ZR 5.2, bench/mulligan.py)."""

from __future__ import annotations

import random

import pytest

from tests.test_ai import DECKS, _midgame
from zenonzard_tui.ai import AIPlayer, mcts, policy
from zenonzard_tui.ai.lethal import signature
from zenonzard_tui.ai.mcts import Node
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.game import Game, new_game


def _node(visits: int, total: float, speed: float = 0.0) -> Node:
    return Node(mover=0, visits=visits, total=total, speed=speed)


def test_equal_trials_and_means_go_to_the_quicker_win_then_the_rule_of_thumb():
    slow, quick, other = ("attack", 1), ("attack", 2), ("end_turn",)
    children = {slow: _node(10, 10.0, 10 * 1 / 9), quick: _node(10, 10.0, 10 * 1 / 5)}
    assert mcts.best(children, slow, random.Random(0)) == quick  # over the favoured one
    losing = {slow: _node(10, 0.0, -10 * 1 / 9), quick: _node(10, 0.0, -10 * 1 / 5)}
    assert mcts.best(losing, quick, random.Random(0)) == slow  # the later loss
    even = {slow: _node(10, 5.0), other: _node(10, 5.0)}
    assert mcts.best(even, other, random.Random(0)) == other
    assert mcts.best(dict(reversed(even.items())), slow, random.Random(0)) == slow
    more = {slow: _node(11, 5.0), quick: _node(10, 9.0, 2.0)}
    assert mcts.best(more, quick, random.Random(0)) == slow  # the most tried comes first


@pytest.mark.parametrize("seed", range(6))
def test_the_last_draw_does_not_follow_the_order_of_the_children(seed):
    a, b = ("summon", 3), ("summon", 4)
    even = {a: _node(4, 2.0), b: _node(4, 2.0)}
    one = mcts.best(even, ("pass",), random.Random(seed))
    two = mcts.best(dict(reversed(even.items())), ("pass",), random.Random(seed))
    assert one == two


def _canonical(g: Game, rng: random.Random):
    """A stand-in for the rule-of-thumb player that does not look at the list's order."""
    return min(g.legal(), key=lambda a: (repr(signature(g, a)), repr(a.key())))


@pytest.mark.parametrize(("seed", "plies"), [(4, 20), (4, 50), (6, 35)])
def test_the_tree_search_does_not_follow_the_order_of_the_legal_list(monkeypatch, seed, plies):
    """The same search with every list of legal actions reversed: the same tree, the same
    decision (the playouts' own player is replaced by one that ignores the order, so that only
    the tree's choices are under test)."""
    game = _midgame(seed, plies)
    seat = game.pending.seat
    monkeypatch.setattr(mcts.policy, "act", _canonical)
    one = mcts.search(game, seat, random.Random(seed), iterations=40)
    listed = Game.legal
    monkeypatch.setattr(Game, "legal", lambda self: listed(self)[::-1])
    two = mcts.search(game, seat, random.Random(seed), iterations=40)
    assert (one.action.key(), one.visits, one.win) == (two.action.key(), two.visits, two.win)


def _mulligans(count: int):
    """The first mulligan decision of `count` seeded games over the starter decks."""
    for seed in range(count):
        deck = load_deck(DECKS[seed % len(DECKS)])
        game = new_game(deck, deck, seed=seed)
        if game.pending is not None and game.pending.kind == "mulligan":
            yield game


def test_the_mulligan_rule_keeps_two_to_four_base_minions_and_sends_back_the_costliest():
    """ZR 5.2: keep with 2-4 Base Minions; with fewer, send back the costliest other cards so
    that about three remain to be drawn anew; with more, send back the extra Base Minions. The
    same choice with the actions listed in reverse."""
    seen = set()
    for game in _mulligans(60):
        seat = game.pending.seat
        actions = game.legal()
        hand = game.players[seat].hand
        bases = [u for u in hand if game.defs[u].type == "base_minion"]
        chosen = policy.mulligan(game, seat, actions)
        again = policy.mulligan(game, seat, actions[::-1])
        names = sorted(game.defs[u].id for u in chosen.cards)
        assert names == sorted(game.defs[u].id for u in again.cards)
        if 2 <= len(bases) <= 4:
            seen.add("keep")
            assert chosen.kind == "keep"
            continue
        assert chosen.kind == "mulligan"
        back = set(chosen.cards)
        if len(bases) < 2:
            seen.add("few")
            assert not back & set(bases) and len(back) == 3 - len(bases)
            kept = [u for u in hand if u not in back and u not in bases]
            cost = fx.card_cost
            assert min(cost(game.defs[u]) for u in back) >= max(
                (cost(game.defs[u]) for u in kept), default=0
            )
        else:
            seen.add("many")
            assert back <= set(bases) and len(bases) - len(back) == 3
    assert {"keep", "few"} <= seen  # both branches met (five or more Base Minions are rare)


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_the_searching_levels_mulligan_by_the_measured_rule(level):
    for game in _mulligans(12):
        seat = game.pending.seat
        mine = AIPlayer(level, 1, iterations=300).choose(game)
        rule = policy.mulligan(game, seat, game.legal())
        assert mine.kind == rule.kind
        assert sorted(game.defs[u].id for u in mine.cards) == sorted(
            game.defs[u].id for u in rule.cards
        )


@pytest.mark.parametrize("seed", range(4))
def test_the_rule_of_thumb_player_does_not_follow_the_order_of_the_legal_list(monkeypatch, seed):
    """Medium (and every playout) breaks its ties by what the actions name, never by where the
    engine lists them: at every decision of a game, the legal list reversed gives an action
    that does the same (copies of a card are one), from the same random draws."""
    game = _midgame(seed, 0)
    listed = Game.legal
    decisions = 0
    while not game.over and decisions < 150:
        one = policy.act(game, random.Random(decisions))
        with monkeypatch.context() as m:
            m.setattr(Game, "legal", lambda self: listed(self)[::-1])
            two = policy.act(game, random.Random(decisions))
        assert signature(game, one) == signature(game, two), game.decision
        game.apply(one)
        decisions += 1
    assert decisions >= 60


@pytest.mark.parametrize(("seed", "plies"), [(4, 20), (6, 35)])
def test_the_whole_tree_search_with_its_playouts_ignores_the_order_of_the_legal_list(
    monkeypatch, seed, plies
):
    """As above with the real rule-of-thumb player in the playouts: the same decision."""
    game = _midgame(seed, plies)
    seat = game.pending.seat
    one = mcts.search(game, seat, random.Random(seed), iterations=40)
    listed = Game.legal
    monkeypatch.setattr(Game, "legal", lambda self: listed(self)[::-1])
    two = mcts.search(game, seat, random.Random(seed), iterations=40)
    assert signature(game, one.action) == signature(game, two.action)
    assert (one.visits, round(one.win, 9)) == (two.visits, round(two.win, 9))
