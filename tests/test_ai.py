"""The local AI: legal moves at every decision, only what its seat may know, levels that differ."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tests.engine.gamekit import check_invariants
from zenonzard_tui.ai import LEVELS, AIPlayer, policy
from zenonzard_tui.cards import load_pool
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.belief import sample_world, seen_in_hand
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.scenarios import parse_scenario

DECKS = sorted((Path(__file__).resolve().parents[1] / "decks").glob("*.deck"))


def _decks(rng: random.Random):
    return load_deck(rng.choice(DECKS)), load_deck(rng.choice(DECKS))


def _midgame(seed: int, plies: int):
    """A game some random moves in, stopped at a decision of the main phase if one comes."""
    rng = random.Random(seed)
    game = new_game(*_decks(rng), seed=seed)
    for _ in range(plies):
        if game.over:
            break
        game.apply(rng.choice(game.legal()))
    return game


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_plays_whole_games_with_legal_moves(level):
    searching = LEVELS[level].worlds or LEVELS[level].iterations
    budget = 0.1 if level == "expert" else 1.0  # 30 iterations a decision: the rules, not skill
    for seed in range(1 if searching else 6):
        rng = random.Random(seed)
        game = new_game(*_decks(rng), seed=seed)
        players = (
            AIPlayer(level, seed, budget, iterations=300),
            AIPlayer(level, seed + 100, budget, iterations=300),
        )
        while not game.over:
            action = players[game.pending.seat].choose(game)
            assert action in game.legal()
            game.apply(action)
            check_invariants(game)


def _variant(game, seat: int, seed: int):
    """The same game as `seat` sees it, with everything hidden from `seat` changed: the
    opponent's hand and deck are other cards, and `seat`'s own deck is in another order."""
    other = game.clone()
    rng = random.Random(seed)
    cards = [c for c in load_pool().cards.values() if c.type != "token"]
    opp = other.players[1 - seat]
    known = seen_in_hand(game, seat)
    defs = list(other.defs)
    for uid in [u for u in opp.hand if u not in known] + opp.deck:
        defs[uid] = rng.choice(cards)
    other.defs = defs
    rng.shuffle(other.players[seat].deck)
    other._legal = None
    return other


@pytest.mark.parametrize("level", list(LEVELS))
@pytest.mark.parametrize("seed", range(8))
def test_the_ai_decides_only_from_what_its_seat_may_know(level, seed):
    game = _midgame(seed, 20 + 9 * seed)
    assert not game.over
    seat = game.pending.seat
    mine = AIPlayer(level, seed, iterations=300).choose(game)
    for k in range(3):
        theirs = AIPlayer(level, seed, iterations=300).choose(_variant(game, seat, k))
        assert theirs.key() == mine.key(), (game.pending, mine, theirs)


def test_sampled_worlds_keep_what_the_seat_knows_and_redraw_the_rest():
    game = _midgame(3, 120)
    seat = game.pending.seat
    me, opp = game.players[seat], game.players[1 - seat]
    world = sample_world(game, seat, random.Random(0))
    wme, wopp = world.players[seat], world.players[1 - seat]
    assert wme.hand == me.hand and sorted(wme.deck) == sorted(me.deck)
    assert [world.defs[u] for u in wme.hand] == [game.defs[u] for u in me.hand]
    assert len(wopp.hand) == len(opp.hand) and len(wopp.deck) == len(opp.deck)
    assert [s.card for s in wopp.field] == [s.card for s in opp.field]
    assert wopp.trash == opp.trash and [world.defs[u] for u in opp.trash] == [
        game.defs[u] for u in opp.trash
    ]
    assert world.defs is not game.defs and game.defs == _midgame(3, 120).defs  # real untouched
    assert world.history == [] and not world.log.records
    legal = {a.key() for a in game.legal()}
    assert {a.key() for a in world.legal()} == legal


def test_the_searching_levels_beat_easy_on_fixed_seeds():
    """Fixed seeds, so the outcome is exact, not luck. Strong against medium is measured at scale
    by `python bench/ai.py` (a handful of games cannot tell them apart reliably)."""

    def score(a: str, b: str, games: int) -> int:
        wins = 0
        for g in range(games):
            rng = random.Random(g)
            deck = load_deck(rng.choice(DECKS))
            game = new_game(deck, deck, seed=g, first=g % 2)
            players = (AIPlayer(a, g), AIPlayer(b, g + 1))
            while not game.over:
                game.apply(players[game.pending.seat].choose(game))
            wins += game.outcome.winner == 0
        return wins

    assert score("medium", "easy", 40) >= 28  # 70%; Wilson's 95% interval starts at 54%
    assert score("strong", "easy", 4) >= 3


def test_unknown_level_is_refused():
    with pytest.raises(ValueError, match="unknown AI level 'hard'"):
        AIPlayer("hard")


POSITION = """
name = "policy probe"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
hand = ["Reverse Wind"]
field = ["Drill Golem"]
base = ["Priest of Kanatana", "Priest of Kanatana", "colorless", "colorless"]
[state.B]
forces = [{ id = "force_harmony" }, { id = "force_eternity" }]
field = ["Horned Walrus", "Leviathan"]
[[step]]
do = "cast Reverse Wind"
"""


def test_the_rule_of_thumb_aims_a_harmful_effect_at_the_opponents_best_minion():
    game = parse_scenario(POSITION, "probe.toml").new_game()
    game.apply("cast Reverse Wind")
    assert game.pending.kind == "choice"
    action = policy.act(game, random.Random(0))
    game.legal_actions()
    assert action.text == "choose B:Leviathan"


FORCED_BLOCK = """
name = "Vicerave's attack must be blocked"
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
field = ["Vicerave - The King"]
[state.B]
life = 6
field = ["Leviathan", "Horned Walrus"]
"""


def test_a_forced_block_gives_up_the_least_valuable_blocker():
    """ZR 13.3: when the rules leave only blocks and none wins, the rule of thumb blocks with its
    weakest minion (Horned Walrus, not Leviathan)."""
    game = parse_scenario(FORCED_BLOCK, "forced.toml").new_game()
    for text in ("attack Vicerave - The King -> player", "pass", "pass"):
        game.apply(text)
    actions = game.legal_actions()
    assert {a.text for a in actions} == {"block Leviathan", "block Horned Walrus"}
    assert policy.block(game, 1, actions).text == "block Horned Walrus"
