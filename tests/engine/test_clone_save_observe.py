"""Clones and save/load round trips continue exactly like the original; observe() hides what it
must (STYLE: SabberStone's clone test, OpenSpiel's shared game tests)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from tests.engine.gamekit import random_deck
from zenonzard_tui.engine.events import Draw
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.engine.observe import ChoiceView, observe
from zenonzard_tui.engine.save import (
    SaveError,
    game_record,
    load_game,
    load_record,
    pool_note,
    save_game,
)
from zenonzard_tui.scenarios import parse_scenario

ROOT_SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _start(seed):
    rng = random.Random(seed)
    return new_game(random_deck(rng), random_deck(rng), seed=seed), rng


def _play(game, rng, steps):
    """Random legal actions for up to `steps` decisions (fewer if the game ends)."""
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))


def _fingerprint(game):
    return json.dumps(
        [
            observe(game, 0).to_dict(),
            observe(game, 1).to_dict(),
            game.outcome and game.outcome.result(),
            game.turn,
        ],
        sort_keys=True,
    )


def _continue(game, seed, steps=400):
    rng = random.Random(seed)
    texts = []
    for _ in range(steps):
        if game.over:
            break
        action = rng.choice(game.legal_actions())
        texts.append(action.text)
        game.apply(action)
    return texts, _fingerprint(game)


@pytest.mark.parametrize("seed", range(12))
def test_clone_continues_like_the_original(seed):
    game, rng = _start(seed)
    _play(game, rng, rng.randrange(5, 150))
    copy = game.clone()
    assert _fingerprint(copy) == _fingerprint(game)
    original = _continue(game, seed + 1000)
    assert _continue(copy, seed + 1000) == original


def test_clone_is_independent():
    game, rng = _start(3)
    _play(game, rng, 40)
    before = _fingerprint(game)
    copy = game.clone()
    _continue(copy, 5, steps=100)
    assert _fingerprint(game) == before


def test_deepcopy_is_a_clone():
    """copy.deepcopy(game) continues like the original, is independent of it, and shares the
    immutable card definitions rather than copying the catalog."""
    game, rng = _start(4)
    _play(game, rng, 60)
    copied = copy.deepcopy(game)
    assert copied is not game and copied.defs is game.defs and copied.catalog is game.catalog
    assert copied.players[0] is not game.players[0]
    assert _fingerprint(copied) == _fingerprint(game)
    before = _fingerprint(game)
    assert _continue(copied, 9) == _continue(game.clone(), 9)
    assert _fingerprint(game) == before
    # inside a larger structure, deepcopy's memo keeps one copy per game
    pair = copy.deepcopy([game, game])
    assert pair[0] is pair[1] and pair[0] is not game


@pytest.mark.parametrize("seed", range(8))
def test_save_load_round_trip(seed, tmp_path):
    game, rng = _start(seed)
    _play(game, rng, rng.randrange(5, 200))
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_game(path)
    assert _fingerprint(loaded) == _fingerprint(game)
    assert sentences(loaded) == sentences(game)
    assert _continue(loaded, seed) == _continue(game, seed)


def test_bad_saves_give_clear_errors(tmp_path):
    game, rng = _start(1)
    _play(game, rng, 30)
    record = game_record(game)
    path = tmp_path / "bad.json"
    path.write_bytes(b"\x00\xff garbage")
    with pytest.raises(SaveError, match="not JSON"):
        load_game(path)
    with pytest.raises(SaveError, match="no such file"):
        load_game(tmp_path / "missing.json")
    with pytest.raises(SaveError, match="newer"):
        load_record({**record, "version": 99})
    with pytest.raises(SaveError, match="not a zenonzard save"):
        load_record({"hello": 1})
    with pytest.raises(SaveError, match="card pool does not have"):
        bad = json.loads(json.dumps(record))
        bad["decks"][0]["cards"][0] = "no_such_card"
        load_record(bad)
    with pytest.raises(SaveError, match="cannot be replayed"):
        load_record({**record, "actions": [*record["actions"], "attack Nothing -> player"]})
    with pytest.raises(SaveError, match="damaged"):
        load_record({k: v for k, v in record.items() if k != "seed"})


@pytest.mark.parametrize("seed", range(20))
def test_observe_hides_the_opponents_hand_and_decks(seed):
    game, rng = _start(seed)
    _play(game, rng, rng.randrange(1, 250))
    for seat in (0, 1):
        view = observe(game, seat)
        text = json.dumps(view.to_dict())
        opp = game.players[1 - seat]
        me = view.players[seat]
        them = view.players[1 - seat]
        assert them.hand is None and them.hand_size == len(opp.hand)
        assert me.hand is not None
        # no uid of a card in the opponent's hand or in either deck appears anywhere
        public = {s.uid for p in game.players for s in p.field + p.base}
        public |= {u for p in game.players for u in p.trash}
        public |= {u for u in game.players[seat].hand}
        hidden = (set(opp.hand) | set(opp.deck) | set(game.players[seat].deck)) - public
        for uid in hidden:
            assert f'"uid": {uid},' not in text
        if view.pending and view.pending.seat != "AB"[seat]:
            assert view.pending.actions is None
        # the opponent's draws are not named in this seat's log
        drawn = [r for r in game.log.records if isinstance(r, Draw) and r.seat != seat]
        assert sum("draws a card" in s and s.startswith("AB"[1 - seat]) for s in view.log) == len(
            drawn
        )


def test_a_save_of_another_card_pool_replays_with_a_note(tmp_path, capsys):
    """Nothing a user made is lost when the pool grows: a save of an older card pool is replayed
    with today's cards; the game, the client and `replay` say so."""
    from zenonzard_tui.cli import main
    from zenonzard_tui.client.session import load_session

    game, rng = _start(3)
    _play(game, rng, 60)
    record = {**game_record(game), "pool_version": "0123abcdef01"}
    assert pool_note(game_record(game)) is None
    loaded = load_record(record)
    assert _fingerprint(loaded) == _fingerprint(game)
    path = tmp_path / "old.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    notice = load_session(path).notice
    assert notice is not None and 'another card pool (pool_version "0123abcdef01"' in notice
    assert main(["replay", str(path)]) == 0
    err = capsys.readouterr().err
    assert "note: This save was made with another card pool" in err
    assert "may differ from the game as it was played" in err


def test_replay_command_prints_the_log(tmp_path, capsys):
    from zenonzard_tui.cli import main

    game, rng = _start(2)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    path = tmp_path / "g.json"
    save_game(game, path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "goes first" in out and ("wins" in out or "draw" in out)
    assert main(["replay", str(path), "--seat", "A"]) == 0
    (tmp_path / "junk.json").write_text("{")
    assert main(["replay", str(tmp_path / "junk.json")]) == 2
    assert "not JSON" in capsys.readouterr().err


def test_observe_says_whose_effect_asks_and_only_the_chooser_sees_the_choice():
    text = (ROOT_SCENARIOS / "card_return_up_to.toml").read_text("utf-8")
    game = parse_scenario(text, "card_return_up_to.toml").new_game()
    game.apply("cast Return")
    me = observe(game, 0).pending
    assert isinstance(me, ChoiceView) and me.kind == "choice" and me.source == "Return"
    assert (me.min, me.max, me.chosen) == (0, 2, ())
    assert me.actions is not None
    first = next(t for t in me.actions if t.startswith("choose ") and t != "choose none")
    game.apply(first)
    me = observe(game, 0).pending
    assert isinstance(me, ChoiceView) and me.actions is not None
    assert me.chosen == (first.removeprefix("choose "),) and "done" in me.actions
    them = observe(game, 1).pending
    assert them == ChoiceView("choice", "A", None, "Return")
