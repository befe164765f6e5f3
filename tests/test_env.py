"""zenonzard_tui.env: the fixed action ids (no extra needed) and the PettingZoo AEC environment
(the `rl` extra: its tests skip without pettingzoo)."""

from __future__ import annotations

import random
import warnings
from pathlib import Path

import pytest

from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.env import actions

DECKS = Path(__file__).resolve().parents[1] / "decks"
STARTERS = [load_deck(p) for p in sorted(DECKS.glob("*.deck"))]


def _random_games(count: int):
    """Games between starter decks played by random moves, yielding each pending decision."""
    for g in range(count):
        rng = random.Random(g)
        game = new_game(rng.choice(STARTERS), rng.choice(STARTERS), seed=g, log=False)
        while not game.over:
            yield game
            game.apply(rng.choice(game.legal_actions()))


def test_every_legal_action_has_its_own_id_in_the_fixed_space():
    kinds = set()
    for game in _random_games(40):
        ids = actions.legal_ids(game)
        legal = game.legal_actions()
        assert len(ids) == len(legal) and set(ids.values()) == set(legal)
        assert all(0 <= i < actions.SIZE for i in ids)
        kinds.update(a.kind for a in legal)
    # the random games met every kind of decision
    assert {"keep", "mulligan", "mana", "summon", "attack", "end_turn", "block", "choose"} <= kinds


def test_ids_mean_the_same_move_in_every_game():
    blocks = actions.BLOCKS
    for game in _random_games(20):
        seat = game.pending.seat
        p = game.players[seat]
        for i, action in actions.legal_ids(game).items():
            if action.kind == "end_turn":
                assert i == blocks["end_turn"].start
            elif action.kind in ("summon", "cast"):
                assert i == blocks["play"].start + p.hand.index(action.uid)
            elif action.kind == "attack":
                field = [s.uid for s in p.field].index(action.uid)
                target = action.target
                t = 0 if target == ("p",) else 1 + target[1]
                assert i == blocks["attack"].start + 3 * field + t
            elif action.kind == "mulligan":
                mask = sum(1 << p.hand.index(u) for u in action.cards)
                assert i == blocks["mulligan"].start + mask - 1


def test_the_layout_is_contiguous_and_every_id_is_described():
    at = 0
    for block in actions.LAYOUT:
        assert block.start == at and block.size >= 1
        at += block.size
    assert at == actions.SIZE
    assert actions.describe(actions.BLOCKS["attack"].start + 4).startswith("attack 4: ")
    assert actions.describe(actions.BLOCKS["end_turn"].start).startswith("end_turn: ")
    with pytest.raises(ValueError, match="no action id"):
        actions.describe(actions.SIZE)


# --- the PettingZoo environment (the rl extra) --------------------------------------------------


def test_pettingzoo_api_test():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from zenonzard_tui.env import ZenonzardEnv

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(ZenonzardEnv("red-rush", "blue-tides"), num_cycles=1000)
    # api_test warns "Observation is not a NumPy array" and that the observation space "probably
    # should be" a Box or Discrete for any dict observation of an env not on its own lists of
    # PettingZoo's classic games (chess_v6, go_v5, ...), though {"observation", "action_mask"} is
    # the layout those games use; it then checks both arrays, and any other warning fails here.
    layout = ("Observation is not a NumPy array", "Observation space for each agent probably")
    said = [str(w.message) for w in caught]
    assert [m for m in said if not m.startswith(layout)] == []


def test_the_same_seed_gives_the_same_games():
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import seed_test

    from zenonzard_tui.env import ZenonzardEnv

    seed_test(lambda: ZenonzardEnv("yellow-ambush", "white-iron-wall"), num_cycles=300)


def _play_randomly(env, rng: random.Random) -> dict[str, float]:
    import numpy as np

    totals = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["observation"].shape == env.observation_space(agent)["observation"].shape
        assert obs["observation"].min() >= 0 and obs["observation"].max() <= 1
        legal = np.flatnonzero(obs["action_mask"])
        other = next(a for a in env.agents if a != agent)
        assert not env.observe(other)["action_mask"].any()  # only the one deciding may act
        env.step(int(rng.choice(list(legal))))
    return totals


def test_rewards_come_at_the_end_and_follow_the_outcome():
    pytest.importorskip("pettingzoo")
    from zenonzard_tui.env import ZenonzardEnv

    env = ZenonzardEnv("red-rush", "green-wild-growth")
    rng = random.Random(3)
    for seed in range(4):
        env.reset(seed=seed)
        game = env.game
        totals = _play_randomly(env, rng)
        winner = game.outcome.winner
        expected = (0.0, 0.0) if winner is None else ((1.0, -1.0) if winner == 0 else (-1.0, 1.0))
        assert (totals["player_0"], totals["player_1"]) == expected
        assert env.agents == []


def test_an_illegal_action_is_refused_with_the_legal_ids():
    pytest.importorskip("pettingzoo")
    from zenonzard_tui.env import ZenonzardEnv

    env = ZenonzardEnv()
    env.reset(seed=1)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(mask.argmin())
    with pytest.raises(ValueError, match="is not legal now"):
        env.step(illegal)
    keep = actions.BLOCKS["keep"].start
    assert env.action_text(keep) == "keep"


def test_the_observation_is_the_same_whatever_the_hidden_cards():
    """Two games that differ only in seat B's hand and deck look the same to seat A at the
    first decision: the vector is built from what seat A may know."""
    pytest.importorskip("numpy")
    import numpy as np

    from zenonzard_tui.env.observation import SIZE, encode, seat_view

    red, blue = load_deck(DECKS / "red-rush.deck"), load_deck(DECKS / "blue-tides.deck")
    one = new_game(red, blue, seed=5, first="A", log=False)
    two = new_game(red, blue, seed=5, first="A", log=False)
    b = two.players[1]
    b.hand, b.deck = b.deck[: len(b.hand)], b.hand + b.deck[len(b.hand) :]
    assert one.players[1].hand != two.players[1].hand
    a_one, a_two = encode(seat_view(one, 0)), encode(seat_view(two, 0))
    assert a_one.shape == (SIZE,) and np.array_equal(a_one, a_two)
    assert not np.array_equal(encode(seat_view(one, 1)), encode(seat_view(two, 1)))


def test_the_random_agents_example_runs_and_prints_games_per_second():
    pytest.importorskip("pettingzoo")
    import subprocess
    import sys

    script = Path(__file__).resolve().parents[1] / "examples" / "random_agents.py"
    done = subprocess.run(
        [sys.executable, str(script), "--games", "3", "--seed", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    first, second = done.stdout.splitlines()
    assert first.startswith("3 games, ") and "player_0" in first
    assert "games/s" in second and "decisions/s" in second


def test_boost_actions_have_ids_by_field_and_base_position():
    """ZR 17.2: `boost MINION with CARD` is id boost + field position * 10 + base position, each
    Boost of the position its own id, and the text comes back from the id."""
    from tests.engine.test_boost import _game

    game = _game(
        'movement = 4\nfield = ["Test Dyana", "Test Red Four"]\n'
        'base = ["Miner of Aguma", "Test Silica", "Test Heavy Boost", "Test Free Boost"]'
    )
    ids = actions.legal_ids(game)
    boosts = {i: a.text for i, a in ids.items() if a.kind == "boost"}
    start = actions.BLOCKS["boost"].start
    assert boosts == {
        start + 0 * 10 + 1: "boost Test Dyana with Test Silica",
        start + 0 * 10 + 3: "boost Test Dyana with Test Free Boost",
        start + 1 * 10 + 2: "boost Test Red Four with Test Heavy Boost",
        start + 1 * 10 + 3: "boost Test Red Four with Test Free Boost",
    }
    assert actions.describe(start + 12).startswith("boost 12: ")
    assert actions.BLOCKS["done"].start == 189  # the ids before Boost kept their meaning


def test_the_observation_shows_attached_and_banished_cards():
    """ZR 17.5: an attached card is public: both seats' vectors show it under its minion (its
    player's first field position: present, then its pool index, 0 for a test card); ZR 18.1:
    the banished zone's size, after the trash's."""
    pytest.importorskip("numpy")
    from tests.engine.test_boost import _do, _game
    from zenonzard_tui.env import observation as obs

    player = (obs.SIZE - 25 - 10 * 7) // 2  # the globals, two players, the hand

    def at(seat: int, side: int, offset: int) -> float:
        """Entry `offset` of player `side`'s block (0: the viewer's) in `seat`'s vector."""
        return float(obs.encode(obs.seat_view(game, seat))[25 + side * player + offset])

    field0 = 6 + 3 * obs.FORCES + 11  # after the counts, the Forces, slot 0's card features
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]\nhand = ["Test Banish Trash"]',
                 'trash = ["Drill Golem"]')  # fmt: skip
    assert (at(0, 0, field0), at(1, 1, field0)) == (0.0, 0.0)
    _do(game, "boost Test Dyana with Test Silica")
    assert (at(0, 0, field0), at(1, 1, field0)) == (1.0, 1.0)  # A's minion, seen by A and B
    assert at(0, 1, field0) == 0.0  # B's first field position: empty
    assert (at(0, 1, 5), at(1, 0, 5)) == (0.0, 0.0)
    _do(game, "cast Test Banish Trash", "choose Drill Golem")
    assert at(0, 1, 5) == at(1, 0, 5) == pytest.approx(1 / obs.TRASH)  # B's banished: one
