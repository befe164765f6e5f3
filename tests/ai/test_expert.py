"""The expert level: information-set MCTS (ai/mcts.py) with a value fit on AI games
(ai/value.py), anytime by iterations or CPU time; the rule of thumb's Flash tricks (ZR 8.3)."""

from __future__ import annotations

import random

import pytest

from tests.test_ai import _midgame
from zenonzard_tui.ai import LEVELS, AIPlayer, mcts, policy, value
from zenonzard_tui.puzzles import PUZZLES
from zenonzard_tui.scenarios import load_scenario, parse_scenario


def test_expert_is_a_level():
    assert "expert" in LEVELS and LEVELS["expert"].iterations > 0


def test_the_tree_search_alone_finds_a_one_move_win():
    """No forced-win check here: the tree search itself sees that the attack wins (ZR 1.2)."""
    game = load_scenario(PUZZLES / "one-blow.toml").new_game()
    found = mcts.search(game, game.active, random.Random(1), iterations=60)
    game.legal_actions()
    assert found.action.text == "attack Drill Golem -> player"
    assert found.win > 0.9 and found.iterations == 60


def test_an_iteration_budget_is_deterministic():
    game = _midgame(5, 40)
    seat = game.pending.seat
    a = mcts.search(game, seat, random.Random(3), iterations=40)
    b = mcts.search(game, seat, random.Random(3), iterations=40)
    assert a.action.key() == b.action.key() and a.visits == b.visits
    assert a.action in game.legal()


def test_a_time_budget_stops_the_search():
    game = _midgame(5, 40)
    found = mcts.search(game, game.pending.seat, random.Random(0), 10**9, seconds=0.05)
    assert 1 <= found.iterations < 10**9


def _choice(seed: int, plies: int):
    """`_midgame`, played on at random to a decision of three legal actions or more."""
    game = _midgame(seed, plies)
    rng = random.Random(seed)
    while not game.over and (len(game.legal()) < 3 or game.pending.kind == "mulligan"):
        game.apply(rng.choice(game.legal()))
    assert not game.over
    return game


def test_a_spent_time_budget_stops_at_the_first_look_at_the_clock():
    """The clock is looked at every SETTLE iterations: with no time at all, the search does the
    first SETTLE (a decision always has a search behind it), whatever the machine."""
    game = _choice(5, 40)
    found = mcts.search(game, game.pending.seat, random.Random(0), 10**9, seconds=0.0)
    assert found.iterations == mcts.SETTLE


def test_the_search_stops_once_its_choice_is_settled():
    """With `settle`, the search stops when the iterations left could not change the most tried
    action, and plays what the full search would (seeded: same worlds, same dice up to there)."""
    stopped = 0
    for seed, ply in ((5, 40), (2, 60), (3, 30), (4, 50)):
        game = _choice(seed, ply)
        seat = game.pending.seat
        full = mcts.search(game, seat, random.Random(seed), 800)
        short = mcts.search(game, seat, random.Random(seed), 800, settle=True)
        assert short.action.key() == full.action.key()
        assert short.iterations <= full.iterations == 800
        stopped += short.iterations < 800
    assert stopped  # in one of these positions at least, the choice was settled early


def test_settled_counts_the_lead_of_the_most_tried_child():
    root = mcts.Node(mover=0)
    assert not mcts.settled(root, 0)  # nothing tried: nothing to keep
    root.children = {("a",): mcts.Node(1, visits=50), ("b",): mcts.Node(1, visits=20)}
    assert mcts.settled(root, 29) and not mcts.settled(root, 30)  # 30 more could tie it


def _tried(mover: int, visits: int, total: float) -> mcts.Node:
    node = mcts.Node(mover, visits=visits, total=total)
    mcts.back_up(node)
    return node


def test_back_up_takes_each_movers_best_child_once_tried_enough():
    """Mix-max backups: a node's `best` is the minimax of the means below it, each seat taking
    its best child among those tried MINIMAX_VISITS times at least."""
    few = mcts.MINIMAX_VISITS - 1
    # seat 0 moved into `a`; seat 1 answers it with x (0.8 for seat 1) or y (0.2), or z (1.0,
    # but tried too few times to count)
    a = mcts.Node(0, visits=12, total=7.2)
    a.children = {("x",): _tried(1, 5, 4.0), ("y",): _tried(1, 5, 1.0), ("z",): _tried(1, few, few)}
    mcts.back_up(a)
    assert a.best == pytest.approx(0.2)  # 1 - 0.8: seat 1 answers with x
    b = _tried(0, 10, 5.0)  # no children: its own mean
    assert b.best == pytest.approx(0.5)
    root = mcts.Node(0, visits=22)
    root.children = {("a",): a, ("b",): b}
    mcts.back_up(root)
    assert root.best == pytest.approx(0.5)  # seat 0 takes b
    # UCB1 reads the mix: a's mean (0.6) is higher, but its best answer leaves it 0.2
    root.avail = {("a",): 22, ("b",): 22}
    b.visits = a.visits = 12
    b.total = 6.0
    assert mcts.MINIMAX > 0
    scores = {k: mcts._ucb(root, k, child) for k, child in root.children.items()}
    assert scores[("b",)] > scores[("a",)]


def test_a_fixed_count_of_iterations_never_looks_at_the_clock(monkeypatch):
    """`AIPlayer(..., iterations=N)` is the same on every machine: a clock that says the time is
    up at every look changes nothing (expert's default is its CPU time, which does)."""
    game = _choice(5, 40)
    first = AIPlayer("expert", 7, iterations=200).choose(game)
    ticks = iter(range(10**9))
    monkeypatch.setattr(mcts.time, "thread_time", lambda: float(next(ticks)))
    assert AIPlayer("expert", 7, iterations=200).choose(game).key() == first.key()
    hurried = AIPlayer("expert", 7)
    hurried.choose(game)
    assert hurried.last is not None and hurried.last.iterations == mcts.SETTLE


def test_the_value_is_a_chance_and_knows_a_finished_game():
    game = _midgame(2, 60)
    seat = game.pending.seat
    p = value.win_chance(game, seat)
    assert 0.0 < p < 1.0
    assert abs(p + value.win_chance(game, 1 - seat) - 1.0) < 0.2  # near-symmetric
    won = load_scenario(PUZZLES / "one-blow.toml").new_game()
    for text in ("attack Drill Golem -> player", "pass", "pass", "no block"):
        if not won.over:
            won.apply(text)
    assert won.over and value.win_chance(won, 0) == 1.0 and value.win_chance(won, 1) == 0.0


def test_a_bigger_budget_is_refused_below_zero():
    with pytest.raises(ValueError, match="budget"):
        AIPlayer("expert", budget=0)


TRICK = """
name = "a trick in the Flash window"
[state]
turn = 6
active = "B"
phase = "main"
seed = 3
[state.A]
life = 5
hand = ["High Pressure"]
base = ["Miner of Aguma", "Miner of Aguma", "colorless"]
field = ["FIELD"]
[state.B]
life = 5
field = ["Megalosaurus"]
"""


def test_the_rule_of_thumb_uses_a_flash_trick_that_flips_the_battle():
    """ZR 8.3: Megalosaurus (500 BP) attacks; High Pressure (+300 BP) makes A's Drill Golem
    (300 BP) a blocker that destroys it (ZR 8.4). On an Eoraptor (100 BP) it flips nothing."""
    game = parse_scenario(TRICK.replace("FIELD", "Drill Golem"), "t.toml").new_game()
    game.apply("attack Megalosaurus -> player")
    assert game.pending.kind == "priority"
    action = policy.act(game, random.Random(0))
    game.legal_actions()
    assert action.text == "cast High Pressure"
    game = parse_scenario(TRICK.replace("FIELD", "Eoraptor"), "t.toml").new_game()
    game.apply("attack Megalosaurus -> player")
    action = policy.act(game, random.Random(0))
    assert action.kind == "pass"


def test_the_order_of_the_legal_list_never_decides():
    """Ties go to the rule-of-thumb choice, then to a seeded draw: listing the actions in
    reverse order gives the same decision (strong's flat search, expert's tree search)."""
    for seed, plies in ((4, 20), (4, 50), (6, 35)):  # exact ties here took the list's first
        game = _midgame(seed, plies)
        seat = game.pending.seat
        actions = game.legal()
        one = AIPlayer("strong", seed)._search(game, seat, actions)
        two = AIPlayer("strong", seed)._search(game, seat, actions[::-1])
        assert one.key() == two.key()
