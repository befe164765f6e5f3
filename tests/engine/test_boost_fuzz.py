"""Random games with Boost cards (the test cards of tests/engine/test_boost.py) checked after
every action by the invariants of attached cards (ZR 17.2, ZR 17.5, ZR 17.6): an attached card is
in no zone, under exactly one minion on the field, and comes back when that minion leaves
(`invariants.return_problems`); and each of those checks fails on a state that breaks it."""

from __future__ import annotations

import random
import tomllib

from tests.engine.gamekit import random_deck
from tests.engine.test_boost import CARDS, _do, _game, _slot, _to_b_main
from zenonzard_tui.cards.loader import parse_card
from zenonzard_tui.engine.game import new_game
from zenonzard_tui.engine.invariants import attachments, problems, return_problems


def boost_decks(rng: random.Random) -> list:
    """Two legal decks of random pool cards, each with two copies of every Boost test card and
    of the minions, overrides and removal that make Boosts and their returns happen."""
    extra = {c.id: c for c in (parse_card(r, "t") for r in tomllib.loads(CARDS)["card"])}
    ids = ("t_silica", "t_heavy", "t_free", "t_blue_heavy", "t_dyana", "t_red_four", "t_sapi",
           "t_jaguar", "t_banish", "t_bounce", "t_destroy")  # fmt: skip
    mine = [extra[i] for i in ids for _ in range(2)]
    decks = []
    for _ in range(2):
        cards, forces = random_deck(rng)
        decks.append(([*mine, *cards[: 40 - len(mine)]], forces))
    return decks


def test_random_games_keep_attached_cards_sound() -> None:
    """Seeded random games that boost whenever they can half the time: after every action every
    invariant holds, the attached cards' among them (ZR 17.6: a card whose minion left is back
    in its owner's base, or trash, or waits on the owner's ZR 3.5 choice); Boosts and each
    kind of exit did happen (the test is not empty)."""
    seen = {"boost": 0, "boost_return": 0, "banished": 0}
    for g in range(6):
        rng = random.Random(100 + g)
        game = new_game(*boost_decks(rng), seed=100 + g)
        steps = 0
        while not game.over and steps < 2500:
            actions = game.legal_actions()
            boosts = [a for a in actions if a.kind == "boost"]
            before = attachments(game)
            game.apply(rng.choice(boosts if boosts and rng.random() < 0.5 else actions))
            steps += 1
            found = problems(game, max_actions=2500) + return_problems(before, game)
            assert not found, f"game {g}, action {steps}: {found}"
        for e in game.log.records:
            if e.kind in seen:
                seen[e.kind] += 1
    assert all(n > 2 for n in seen.values()), seen


def test_an_attached_card_in_a_zone_too_is_found() -> None:
    """ZR 3.1, ZR 17.5: an attached card is in no zone: one also in the hand is in two places."""
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]')
    _do(game, "boost Test Dyana with Test Silica")
    [silica] = _slot(game, 0, "Test Dyana").attached
    game.players[0].hand.append(silica)
    assert any("in 2 places at once" in p for p in problems(game))


def test_a_card_under_two_minions_is_found() -> None:
    """ZR 17.2: a card is attached to exactly one minion."""
    game = _game('movement = 2\nfield = ["Test Dyana", "Test Sapi"]\nbase = ["Test Silica"]')
    _do(game, "boost Test Dyana with Test Silica")
    sapi = _slot(game, 0, "Test Sapi")
    sapi.attached = _slot(game, 0, "Test Dyana").attached
    assert any("in 2 places at once" in p for p in problems(game))


def test_a_card_that_changes_minion_or_leaves_one_still_on_the_field_is_found() -> None:
    """ZR 17.2, ZR 17.6: the card stays under its minion while that minion is on the field."""
    game = _game('movement = 2\nfield = ["Test Dyana", "Test Sapi"]\nbase = ["Test Silica"]')
    _do(game, "boost Test Dyana with Test Silica")
    before = attachments(game)
    assert return_problems(before, game) == []
    dyana, sapi = _slot(game, 0, "Test Dyana"), _slot(game, 0, "Test Sapi")
    sapi.attached, dyana.attached = dyana.attached, ()
    assert "went from under Test Dyana to under Test Sapi" in " ".join(
        return_problems(before, game)
    )
    sapi.attached, dyana.attached = (), sapi.attached
    [silica] = dyana.attached
    dyana.attached = ()
    game.players[0].trash.append(silica)
    assert "which is still on the field" in " ".join(return_problems(before, game))


def test_a_card_that_does_not_come_back_is_found() -> None:
    """ZR 17.6: the minion destroyed, its card is back in its owner's base; one that went
    elsewhere (the opponent's trash, say) breaks the invariant."""
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]', 'hand = ["Test Destroy"]')
    _do(game, "boost Test Dyana with Test Silica")
    _to_b_main(game)
    before = attachments(game)
    [silica] = before
    _do(game, "cast Test Destroy", "choose Test Dyana")
    assert return_problems(before, game) == []  # back in A's base, Rested
    a, b = game.players
    a.base = [s for s in a.base if s.uid != silica]
    b.trash.append(silica)
    assert "is not back in its owner's base (ZR 17.6" in " ".join(return_problems(before, game))
