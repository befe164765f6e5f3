"""Snapshots (engine/snapshot.py): a restored game plays exactly like the original; a seat's
snapshot holds only what that seat may know; a world rebuilt from it is one belief.sample_world
could have drawn; malformed snapshots fail with a SnapshotError naming the field, and nothing
else."""

from __future__ import annotations

import copy
import hashlib
import json
import random
from pathlib import Path

import pytest

from tests.engine.gamekit import random_deck
from zenonzard_tui.ai.player import AIPlayer
from zenonzard_tui.cards import load_pool
from zenonzard_tui.decks import load_deck
from zenonzard_tui.engine.actions import BLOCK, CHOICE, MAIN, MANA, MULLIGAN, PRIORITY
from zenonzard_tui.engine.belief import default_prior, sample_world, seen_in_hand
from zenonzard_tui.engine.events import Reveal
from zenonzard_tui.engine.game import Game, new_game
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.engine.observe import observe
from zenonzard_tui.engine.rng import Rng
from zenonzard_tui.engine.snapshot import (
    SnapshotError,
    restore,
    seat_snapshot,
    snapshot,
    world_from_seat,
)
from zenonzard_tui.scenarios import parse_scenario

ROOT = Path(__file__).resolve().parents[2]
STARTERS = [load_deck(p) for p in sorted((ROOT / "decks").glob("*.deck"))]


def _start(seed: int) -> tuple[Game, random.Random]:
    """A seeded game: random decks of the whole pool for even seeds, starter decks for odd."""
    rng = random.Random(seed)
    if seed % 2:
        a, b = rng.choice(STARTERS), rng.choice(STARTERS)
    else:
        a, b = random_deck(rng), random_deck(rng)
    return new_game(a, b, seed=seed), rng


def _wire(data: dict) -> dict:
    """Through JSON text and back, as over a network."""
    return json.loads(json.dumps(data))


def _positions(seeds, every: int, limit: int = 300):
    """(game, seed, n) at every `every`-th decision of random games (the game goes on after)."""
    for seed in seeds:
        game, rng = _start(seed)
        n = 0
        while not game.over and n < limit:
            if n % every == 0:
                yield game, seed, n
            game.apply(rng.choice(game.legal_actions()))
            n += 1


def _state(game: Game, since: int = 0) -> str:
    """What a game digest (bench/digest.py) reads, plus the log from record `since` on as each
    seat reads it."""
    records = game.log.records[since:]
    return json.dumps(
        [
            [a.text for a in game.legal_actions()],
            observe(game, 0).to_dict(),
            observe(game, 1).to_dict(),
            [[e.sentence(game, seat) for e in records] for seat in (0, 1, None)],
        ],
        sort_keys=True,
        default=str,
    )


# ----------------------------------------------------------------------------------------------
# The round trip


ROUND_TRIP_SEEDS = range(8)  # (with every set in the pool, seed 6 is the first with a choice)


@pytest.mark.parametrize("seed", ROUND_TRIP_SEEDS)
def test_a_restored_game_plays_exactly_like_the_original(seed):
    """From positions all through random games (mid-turn, mid-battle, inside effect choices, at
    Flash windows), restore(snapshot(g)) lists the same actions and, given the same further
    actions, plays the same game: observations, log sentences and the digest at every step."""
    for game, _, n in _positions([seed], every=13, limit=250):
        copy_ = restore(_wire(snapshot(game)))
        assert sentences(copy_, None) == sentences(game, None)
        original = game.clone()
        rng = random.Random(seed * 1000 + n)
        h1, h2 = hashlib.sha256(), hashlib.sha256()
        for _ in range(12):
            since = len(original.log.records)
            assert len(copy_.log.records) == since
            s1, s2 = _state(original, since), _state(copy_, since)
            assert s1 == s2, f"seed {seed}, decision {n}: the restored game differs"
            h1.update(s1.encode())
            h2.update(s2.encode())
            if original.over:
                break
            action = rng.choice(original.legal_actions())
            original.apply(action.text)
            copy_.apply(action.text)
        assert h1.hexdigest() == h2.hexdigest()
        assert original.rng.state == copy_.rng.state
        assert original.outcome == copy_.outcome
        assert sentences(copy_, 0) == sentences(original, 0)


def test_the_round_trips_met_every_kind_of_decision():
    """The positions of the round-trip test include every kind of decision (ZR 5.2 mulligans,
    ZR 8.3 Flash windows, ZR 8.4 blocks, choices inside effects) and ends of games."""
    kinds = set()
    for game, _, _ in _positions(ROUND_TRIP_SEEDS, every=13, limit=250):
        kinds.add(game.pending.kind if game.pending else "over")
    assert {MULLIGAN, MANA, MAIN, PRIORITY, BLOCK, CHOICE} <= kinds


def test_a_snapshot_of_a_finished_game_restores_its_outcome():
    game, rng = _start(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    copy_ = restore(_wire(snapshot(game)))
    assert copy_.outcome == game.outcome and copy_.over
    assert sentences(copy_, None) == sentences(game, None)


def test_every_scenario_position_round_trips_or_is_refused_for_its_own_cards():
    """The positions of rules scenarios (built by engine/position.py, not by new_game)
    restore with the same legal actions, and their seats' worlds build; a scenario that defines
    cards of its own (not in the pool) is refused, naming the card, since definitions are
    written by reference only."""
    restored = refused = 0
    for path in sorted((ROOT / "tests" / "scenarios").rglob("*.toml"))[::5]:  # (a fifth: time)
        game = parse_scenario(path.read_text(encoding="utf-8"), str(path)).new_game()
        try:
            data = _wire(snapshot(game))
        except SnapshotError as error:
            assert error.field.startswith("defs[") and "not in the card pool" in str(error)
            refused += 1
            continue
        copy_ = restore(data)
        assert [a.text for a in copy_.legal_actions()] == [a.text for a in game.legal_actions()]
        if game.pending is not None:
            world_from_seat(_wire(seat_snapshot(game, game.pending.seat)), random.Random(0))
        restored += 1
    assert restored > 60 and refused


def test_definitions_are_written_by_reference_never_copied():
    """Cards by id, Forces by id, the pool's effects by their path in their card: no card name
    or rules text is in a snapshot; the effects written field by field are only those the
    engine made while playing (none of them is a pool card's)."""
    pool = load_pool()
    for game, _, _ in _positions([0, 1], every=25):
        data = snapshot(game)
        assert all(ref.keys() == {"card"} for ref in data["defs"])
        text = json.dumps(data)
        for card in {game.defs[u] for u in game.players[0].hand}:
            assert f'"{card.name}"' not in text or card.name in _names_in_log(game)
        assert '"timing"' not in text and '"rarity"' not in text  # no CardDef is copied
        for force in (f.force for p in game.players for f in p.forces):
            assert {"force": force.id} == pool_ref(data, force.id)
        assert pool.version == data["pool_version"]


def _names_in_log(game: Game) -> str:
    return json.dumps([json.dumps(repr(e)) for e in game.log.records])


def pool_ref(data: dict, force_id: str) -> dict:
    """The first reference to a Force in a snapshot's JSON."""
    found: list[dict] = []

    def walk(v):
        if isinstance(v, dict):
            if v.get("force") == force_id:
                found.append(v)
            for x in v.values():
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)

    walk(data)
    return found[0]


def test_a_card_the_engine_made_is_written_as_its_pool_card_and_the_changes():
    """A token given other BP or DP (create_token's `bp`, `dp`) is its card id and the changed
    fields; nothing else of a card may differ from the pool."""
    import dataclasses

    from zenonzard_tui.engine.snapshot import _card_ref, _Decoder

    pool = load_pool()
    token = next(c for c in pool.cards.values() if c.type == "token")
    made = dataclasses.replace(token, bp=(token.bp or 0) + 300)
    ref = _card_ref(made, pool, "x")
    assert ref == {"card": token.id, "with": {"bp": made.bp}}
    assert _Decoder(pool).value(_wire(ref), "x", 0) == made
    with pytest.raises(SnapshotError, match="differs from the pool in name"):
        _card_ref(dataclasses.replace(token, name="Forged"), pool, "x")
    with pytest.raises(SnapshotError, match="changes only bp, dp"):
        _Decoder(pool).value({"card": token.id, "with": {"name": "Forged"}}, "x", 0)


def test_a_minion_that_gained_a_force_effect_round_trips():
    """Memoria's face (gain_force_ability: its printed effects, then the chosen Force's) is its
    card id and the Forces; a restored game plays on with the effect (+100 BP, Force of Sin)."""
    from zenonzard_tui.engine import effects as fx

    path = ROOT / "tests" / "scenarios" / "card_memoria_the_seer.toml"
    game = parse_scenario(path.read_text(encoding="utf-8"), str(path)).new_game()
    game.apply("summon Memoria - The Seer")
    game.apply("choose Force of Sin")
    data = _wire(snapshot(game))
    memoria = data["game"]["players"]["list"][0]["fields"]["field"]["list"][1]["fields"]
    assert memoria["card"] == {"card": "colorless_08_02_ex01_00", "with": {"forces": ["force_sin"]}}
    copy_ = restore(data)
    assert [fx.bp(copy_, s, 0) for s in copy_.players[0].field] == [400, 900]
    bad = {"card": "colorless_08_02_ex01_00", "with": {"forces": ["force_nope"]}}
    from zenonzard_tui.engine.snapshot import _Decoder

    with pytest.raises(SnapshotError, match="not a list of Force ids"):
        _Decoder(load_pool()).value(bad, "x", 0)


# ----------------------------------------------------------------------------------------------
# Unknown references and malformed snapshots


def _mid_game(seed: int = 4, steps: int = 60) -> Game:
    game, rng = _start(seed)
    for _ in range(steps):
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_snapshot_of_another_card_pool_is_refused():
    data = snapshot(_mid_game())
    data["pool_version"] = "0123456789ab"
    with pytest.raises(SnapshotError, match="another card pool") as raised:
        restore(data)
    assert raised.value.field == "pool_version"


@pytest.mark.parametrize(
    "change, field, words",
    [
        (lambda d: d["defs"].__setitem__(3, {"card": "red_99_99_99_99"}), "defs[3]", "no card"),
        (lambda d: d.__setitem__("version", 99), "version", "newer"),
        (lambda d: d.__setitem__("format", "zenonzard-save"), "format", "is not"),
        (lambda d: d["game"].pop("turn"), "game.turn", "missing"),
        (lambda d: d["game"].__setitem__("pickle", 1), "game.pickle", "not a field"),
        (lambda d: d["game"].__setitem__("rng", {"obj": "Popen", "fields": {}}), "game.rng",
         "not a state class"),
        (lambda d: d["game"].__setitem__("stack", {"list": [[{"task": "os:system"}]]}),
         "game.stack[0][0]", "not one of the engine's tasks"),
        (lambda d: d["game"].__setitem__("outcome", {"part": ["card", "nope", "effects", 0]}),
         "game.outcome", "no card"),
        (lambda d: d["game"].__setitem__("first", "x" * 5000), "game.first", "longer"),
        (lambda d: d["game"].__setitem__("seq", 1 << 70), "game.seq", "out of range"),
        (lambda d: d.__setitem__("kind", "seat"), "seat", "missing"),
    ],
)  # fmt: skip
def test_unknown_references_and_bad_fields_name_the_field(change, field, words):
    data = _wire(snapshot(_mid_game()))
    change(data)
    with pytest.raises(SnapshotError, match=words) as raised:
        restore(data)
    assert raised.value.field == field


def test_nesting_and_size_are_bounded():
    data = _wire(snapshot(_mid_game()))
    deep: object = 1
    for _ in range(200):
        deep = [deep]
    data["game"]["limbo"] = {"list": [deep]}
    with pytest.raises(SnapshotError, match="nested"):
        restore(data)


def test_a_state_that_breaks_the_invariants_is_refused():
    data = _wire(snapshot(_mid_game()))
    hand = data["game"]["players"]["list"][0]["fields"]["hand"]["list"]
    hand.append(hand[0] if hand else 0)  # a card in two places (ZR 3.1)
    with pytest.raises(SnapshotError, match="sound game"):
        restore(data)


def _leaves(value, path=()):
    """Every place in a JSON value: (path, value)."""
    yield path, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))


_ODD_VALUES = [None, True, 0, -1, 7, 1 << 63, "", "x", "main", [], [1, 2], {}, {"list": []},
               {"same": 0}, {"obj": "Slot", "fields": {}}, {"card": "red_02_02_00_00"},
               {"task": "zenonzard_tui.engine.effects:t_step"}, {"set": [[], {}]}, 1.5]  # fmt: skip


@pytest.mark.parametrize("kind", ["full", "seat"])
def test_a_fuzz_of_mutated_snapshots_fails_only_with_snapshot_errors(kind):
    """Replace, drop or add one value anywhere in a real snapshot: restoring it either works
    (the change was harmless) or raises SnapshotError, never another exception; a game that is
    restored plays on (random legal actions) without an exception."""
    rng = random.Random(17)
    bases = []
    for seed in (2, 5):
        game = _mid_game(seed, 45)
        bases.append(snapshot(game) if kind == "full" else seat_snapshot(game, 1))
    load = restore if kind == "full" else (lambda d: world_from_seat(d, random.Random(0)))
    outcomes = {"ok": 0, "error": 0}
    for trial in range(240):
        data = copy.deepcopy(bases[trial % 2])
        places = list(_leaves(data))
        path, _ = rng.choice(places[1:])
        parent = data
        for key in path[:-1]:
            parent = parent[key]
        what = rng.random()
        if what < 0.7:
            parent[path[-1]] = copy.deepcopy(rng.choice(_ODD_VALUES))
        elif what < 0.85:
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent["extra"] = 1
        else:
            parent.insert(path[-1], copy.deepcopy(rng.choice(_ODD_VALUES)))
        try:
            game = load(data)
        except SnapshotError as error:
            assert error.field and str(error).startswith("snapshot ")
            outcomes["error"] += 1
            continue
        outcomes["ok"] += 1
        for _ in range(15):
            if game.over:
                break
            game.apply(rng.choice(game.legal_actions()))
    # Most are caught; some are harmless (a log record's text: a seat's snapshot, which has no
    # log, has few such places; a value of the wrong kind is refused, restore()'s _set, as a
    # compiled class refuses it)
    assert outcomes["error"] > 60 and outcomes["ok"] > (20 if kind == "full" else 3)


# ----------------------------------------------------------------------------------------------
# A seat's snapshot


def _hidden(game: Game, seat: int) -> set[int]:
    """The uids whose card `seat` may not know: the opponent's deck and the cards of their hand
    it has not seen."""
    opp = game.players[1 - seat]
    seen = seen_in_hand(game, seat)
    return set(opp.deck) | {u for u in opp.hand if u not in seen}


def _twin(game: Game, seat: int, rng: random.Random, marker) -> Game:
    """`game` with only what `seat` may not know changed: every hidden card is `marker`, both
    decks in another order, another hidden card of the opponent's in their hand (one swapped
    with a deck card: the uids in the hand are others), another random generator (the seed's
    future)."""
    twin = game.clone()
    defs = list(twin.defs)
    for uid in _hidden(game, seat):
        defs[uid] = marker
    twin.defs = defs
    for p in twin.players:
        rng.shuffle(p.deck)
    opp = twin.players[1 - seat]
    in_hand = [i for i, u in enumerate(opp.hand) if u in _hidden(game, seat)]
    choosing = game.pending is not None and game.pending.kind == CHOICE
    if in_hand and opp.deck and not choosing:  # (a choice may name the cards: keep them)
        i, j = rng.choice(in_hand), rng.randrange(len(opp.deck))
        opp.hand[i], opp.deck[j] = opp.deck[j], opp.hand[i]
    twin.rng = Rng(rng.getrandbits(62))
    twin.seed = rng.getrandbits(30)
    twin.forget_legal()
    return twin


def test_a_seat_snapshot_depends_only_on_what_the_seat_may_know():
    """Two games that differ only in what a seat may not know (the opponent's hidden hand cards
    and deck, which of their uids are in the hand, both decks' order, the generator and the
    seed) give that seat the same snapshot;
    no hidden card's id is in it (ZR 3.1: the deck is hidden, the hand hidden from the
    opponent)."""
    pool = load_pool()
    rng = random.Random(5)
    checked = 0
    # seeds until over 100 positions: random decks draw from every set, so the games change
    # whenever the pool grows (not a fixed number of games)
    for game, _, n in _positions(range(40), every=11):
        if checked > 100:
            break
        seat = n % 2
        used = {c.id for c in game.defs} | {s.card.id for p in game.players
                                            for s in p.field + p.base if s.card}  # fmt: skip
        marker = next(c for c in pool.cards.values() if c.id not in used and c.type != "token")
        real = json.dumps(seat_snapshot(game, seat), sort_keys=True)
        twin = json.dumps(seat_snapshot(_twin(game, seat, rng, marker), seat), sort_keys=True)
        assert real == twin, f"decision {n}: the seat snapshot shows hidden information"
        assert marker.id not in twin
        checked += 1
    assert checked > 100


def test_outside_their_zones_hidden_cards_are_named_only_in_options():
    """seat_snapshot labels the opponent's hidden cards where ("c", uid) names them (a choice's
    options and what was chosen); nothing else in the state may name one: in A's view of early
    turns (B's uids are 40 and up; the turn numbers, the counts and BP do not meet them), no
    other number in the structures outside the zones (the stack, the triggers waiting, the
    decision, the attack, the lasting effects) is a hidden uid of B's. (The game's own counters,
    as `seq`, are left out.)"""
    from zenonzard_tui.cards import load_pool as pool_
    from zenonzard_tui.engine.snapshot import _Encoder

    def raw(value, hidden, found):
        if isinstance(value, dict):
            for v in value.values():
                raw(v, hidden, found)
        elif isinstance(value, list):
            if len(value) >= 2 and value[0] == "c":
                return
            for v in value:
                raw(v, hidden, found)
        elif value.__class__ is int and value in hidden:
            found.append(value)

    looked = 0
    for seed in range(16):
        game, rng = _start(seed * 2)  # (random decks: every kind of card)
        while not game.over and game.turn < 30:
            hidden = _hidden(game, 0)
            encoded = _Encoder(pool_()).game(game, ("players", "rng", "seed", "log", "history"))
            found: list[int] = []
            raw([v for v in encoded.values() if v.__class__ is not int], hidden, found)
            assert not found, f"seed {seed * 2}, turn {game.turn}: {found} named outside options"
            looked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert looked > 1000


def test_a_seat_snapshot_keeps_what_the_seat_saw_and_leaves_out_the_rest():
    for game, _, n in _positions([0, 2, 3], every=13):
        seat = n % 2
        data = seat_snapshot(game, seat)
        for uid in seen_in_hand(game, seat):
            assert data["defs"][uid] == {"card": game.defs[uid].id}  # seen: kept
        for uid in _hidden(game, seat):
            assert data["defs"][uid] is None
        for own in game.players[seat].hand:
            assert data["defs"][own] == {"card": game.defs[own].id}
        for name in ("rng", "seed", "history", "log", "setup_record"):
            assert name not in data["game"]
        with pytest.raises(SnapshotError, match="world_from_seat"):
            restore(data)


def test_a_world_from_a_seat_snapshot_is_the_world_sample_world_draws():
    """Given the same random.Random, world_from_seat(seat_snapshot(g, s)) draws the same world
    as sample_world(g, s): the same generator, the same own deck order, the same cards in the
    opponent's hand and at each place of their deck, the same observation for the seat and, when
    it decides, the same legal actions. Only the opponent deck cards' uids may differ, and the
    log (below) (the snapshot does not say which uid is
    where), so the two are equal in distribution."""
    bases, others = default_prior(_mid_game(), 0)
    for game, _, n in _positions([0, 1, 2], every=10):
        seat = n % 2
        if game.over:
            continue
        r1, r2 = random.Random(n), random.Random(n)
        # every other position with a prior of the caller's (the AI's "calm" worlds)
        prior = None if n % 20 else (bases, [c for c in others if c.cost and c.cost <= 3])
        w1 = sample_world(game, seat, r1, prior)
        w2 = world_from_seat(_wire(seat_snapshot(game, seat)), r2, prior)
        assert r1.getstate() == r2.getstate()
        assert w1.rng.state == w2.rng.state
        for a, b in zip(w1.players, w2.players, strict=True):
            assert [w1.defs[u].id for u in a.deck] == [w2.defs[u].id for u in b.deck]
            assert [w1.defs[u].id for u in a.hand] == [w2.defs[u].id for u in b.hand]
        assert w1.players[seat].deck == w2.players[seat].deck
        # the one difference: w2's log names the opponent's hand cards the seat saw (the next
        # sample of a world keeps them), where sample_world's world has no log at all
        opp = w2.players[1 - seat]
        assert w1.log.records == []
        assert w2.log.records == [
            Reveal(opp.seat, u) for u in opp.hand if u in seen_in_hand(game, seat)
        ]
        o1, o2 = observe(w1, seat).to_dict(), observe(w2, seat).to_dict()
        o1.pop("log")
        o2.pop("log")
        assert o1 == o2
        if game.pending.seat == seat:  # (else the opponent may be choosing among deck cards,
            # whose uids name other cards in w1 and w2: equal in distribution only)
            assert [a.text for a in w1.legal_actions()] == [a.text for a in w2.legal_actions()]
        if game.pending.seat == seat:  # (the seat's own decision: the same in every world)
            assert [a.text for a in w2.legal_actions()] == [a.text for a in game.legal_actions()]


def test_a_world_keeps_the_seen_hand_cards_for_the_next_sample():
    """The world's log says which of the opponent's hand cards the seat saw, so sampling worlds
    of a world (the AI on a remote bot) keeps them too."""
    found = 0
    # (seeds until some positions have seen hand cards: which seeds do depends on the pool)
    for game, _, n in _positions(range(40), every=5):
        if found >= 10:
            break
        seat = n % 2
        seen = seen_in_hand(game, seat)
        if not seen or game.over:
            continue
        world = world_from_seat(seat_snapshot(game, seat), random.Random(n))
        assert seen_in_hand(world, seat) == seen
        again = sample_world(world, seat, random.Random(n + 1))
        assert all(again.defs[u] == game.defs[u] for u in seen)
        found += 1
    assert found


@pytest.mark.parametrize("level", ["strong", "expert"])
def test_the_ai_chooses_on_a_world_rebuilt_from_a_seat_snapshot(level):
    """A bot with no real game: the AI decides on a world from the seat's snapshot alone, its
    action is legal in the real game, and it is the action the same AI (same seed) takes on the
    real game: the worlds it samples are the same but for the hidden cards' labels (a couple of
    decisions, not whole games)."""
    decided = 0
    for seed in (6, 7):  # (random decks, starter decks)
        game, rng = _start(seed)
        n, mine = 0, 0
        while mine < 2 and n < 200:
            if n % 9 == 8 and len(game.legal()) > 1:
                seat = game.pending.seat
                world = world_from_seat(_wire(seat_snapshot(game, seat)), random.Random(n))
                remote = AIPlayer(level, seed=n, budget=0.05, iterations=300).choose(world)
                local = AIPlayer(level, seed=n, budget=0.05, iterations=300).choose(game)
                assert world.action_text(remote) == game.action_text(local)
                game.apply(world.action_text(remote))
                mine += 1
                decided += 1
            else:
                game.apply(rng.choice(game.legal_actions()))
            n += 1
    assert decided == 4


def test_the_sampled_worlds_draw_no_card_a_deck_cannot_hold():
    """The prior of the hidden cards (belief.default_prior) leaves out the cards no legal deck
    holds (ZR 4: a card marked unsupported, Maelstrom): an AI imagining the opponent casting one
    crashed in bench/ai.py's ladder (a Magic card with no effect)."""
    from zenonzard_tui.engine.belief import _prior

    for colors in (frozenset(), frozenset({"blue"})):
        bases, others = _prior(colors)
        assert not [c.name for c in (*bases, *others) if c.unsupported]
    assert any(c.unsupported for c in load_pool().cards.values())  # (the test has a case)
