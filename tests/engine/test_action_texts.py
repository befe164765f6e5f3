"""Every legal action has its own text (docs/engine.md), and typed texts name one action or fail
with the right error: IllegalAction for none, AmbiguousAction for several."""

from __future__ import annotations

from pathlib import Path

import pytest

from zenonzard_tui.engine.actions import ActionError, AmbiguousAction, IllegalAction
from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.scenarios import parse_scenario

BOTH_GOLEMS = """
name = "two Drill Golems, one each side"
[[card]]
id = "t_zap"
name = "Test Zap"
type = "magic"
color = "white"
cost = 1
timing = ["main"]
effects = [{ when = "cast", do = "destroy", target = { zone = "field" } }]
[state]
turn = 3
active = "A"
phase = "main"
[state.A]
field = ["Drill Golem"]
hand = ["Test Zap"]
base = ["colorless"]
[state.B]
field = ["Drill Golem"]
"""


def game_of(text: str):
    return parse_scenario(text, "test.toml").new_game()


def test_an_unknown_text_is_illegal_and_an_unprefixed_shared_name_is_ambiguous():
    game = game_of(BOTH_GOLEMS)
    with pytest.raises(IllegalAction):
        game.apply("summon Nothing At All")
    game.apply("cast Test Zap")
    texts = [a.text for a in game.legal_actions()]
    assert "choose A:Drill Golem" in texts and "choose B:Drill Golem" in texts
    with pytest.raises(AmbiguousAction) as err:
        game.apply("choose Drill Golem")
    assert not isinstance(err.value, IllegalAction) and isinstance(err.value, ActionError)
    assert problems(game) == []
    game.apply("choose B:Drill Golem")


@pytest.mark.pure  # (patches a compiled class, docs/build.md)
def test_the_invariant_reports_two_actions_with_one_text(monkeypatch):
    game = game_of(BOTH_GOLEMS)
    game.apply("cast Test Zap")
    assert problems(game) == []
    monkeypatch.setattr(type(game), "option_text", lambda self, option, owners=False: "Golem")
    game._legal = None  # texts are cached per decision: list them again with the patch
    found = problems(game)
    assert any("share the text 'choose Golem'" in p for p in found), found


def test_actions_name_their_card_target_and_option_by_field():
    game = game_of(BOTH_GOLEMS)
    by_text = {a.text: a for a in game.legal_actions()}
    attack = by_text["attack Drill Golem -> player"]
    golem = game.players[0].field[0].uid
    assert attack.uid == golem and attack.target == ("p",) and attack.option is None
    cast = by_text["cast Test Zap"]
    assert cast.uid == game.players[0].hand[0] and cast.target is None
    assert by_text["end turn"].uid is None
    game.apply(cast)
    choose = next(a for a in game.legal_actions() if a.text == "choose B:Drill Golem")
    assert choose.option == ("c", game.players[1].field[0].uid) and choose.uid is None


def test_a_player_may_concede_at_any_time_and_a_save_keeps_it(tmp_path):
    from zenonzard_tui.decks import load_deck
    from zenonzard_tui.engine.game import new_game
    from zenonzard_tui.engine.outcome import Termination
    from zenonzard_tui.engine.save import load_game, save_game

    decks = Path(__file__).resolve().parents[2] / "decks"
    game = new_game(load_deck(decks / "red-rush.deck"), load_deck(decks / "blue-tides.deck"), 4)
    game.apply("keep")
    waiting = game.pending.seat  # B concedes while A is to decide: any time will do
    game.apply("B concedes" if waiting == 0 else "A concedes")
    loser = 1 - waiting
    assert game.over and game.outcome.termination is Termination.CONCESSION
    assert game.outcome.winner == waiting and game.legal_actions() == []
    with pytest.raises(IllegalAction):
        game.concede(0)
    path = tmp_path / "conceded.json"
    save_game(game, path)
    again = load_game(path)
    assert again.outcome == game.outcome and "ABx"[loser] + " concedes" in [
        a.text for a in again.history
    ]
