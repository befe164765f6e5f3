"""A <Boost Ability> that is an ability, not a keyword (ZR 17.4): the effects of a Boost card
with `zone = "boost"` are the boosted minion's own while the card is attached ("this minion" is
that minion), triggered ones and whenever-effects alike; they do nothing for the Boost card in
the base or on the field. Cards of this test's own."""

from __future__ import annotations

import pytest

from tests.engine.gamekit import checked_game
from tests.engine.gamekit import play as _do
from zenonzard_tui.cards.loader import CardDataError, parse_card
from zenonzard_tui.cards.render import card_text
from zenonzard_tui.engine import effects as fx

CARDS = """
[[card]]
id = "t_attack_boost"
name = "Test Attack Boost"
type = "base_minion"
color = "blue"
bp = 100
dp = 1
boost = {}
effects = [{ when = "attacking", zone = "boost", do = "draw", count = 1 }]

[[card]]
id = "t_watch_boost"
name = "Test Watch Boost"
type = "base_minion"
color = "blue"
bp = 100
dp = 1
boost = {}
effects = [{ when = "enters_field", zone = "boost", watch = { side = "self", other = true }, do = "modify", target = "this", bp = 200, until = "end_of_turn" }]

[[card]]
id = "t_plain"
name = "Test Plain"
type = "field_minion"
color = "blue"
cost = 1
bp = 300
dp = 1
"""


def _game(a: str):
    text = (
        f'name = "t"\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        f'[state.A]\ndeck = ["Drill Golem", "Drill Golem", "Drill Golem"]\n{a}\n'
        '[state.B]\ndeck = ["Drill Golem", "Drill Golem", "Drill Golem"]\n'
    )
    return checked_game(text)


def _attack(game, name: str) -> None:
    _do(game, f"attack {name} -> player", "pass", "pass", "no block")


def test_the_text_is_the_boost_ability_line() -> None:
    game = _game("")
    assert card_text(game.catalog["t_attack_boost"]) == (
        "Boost: No Conditions\n<Boost Ability> [When Attacking] Draw 1 card."
    )
    assert card_text(game.catalog["t_watch_boost"]).endswith(
        "<Boost Ability> [Passive] Whenever one of your other minions enters your field, "
        "this minion gets +200 BP until the end of the turn."
    )


@pytest.mark.parametrize("boosted", [True, False])
def test_a_triggered_boost_ability_is_the_minions_own(boosted: bool) -> None:
    """ZR 17.4: attached, the [When Attacking] of the Boost card triggers when the minion
    attacks; not attached, it does nothing."""
    game = _game('movement = 2\nfield = ["Test Plain"]\nbase = ["Test Attack Boost"]')
    if boosted:
        _do(game, "boost Test Plain with Test Attack Boost")
    hand = len(game.players[0].hand)
    _attack(game, "Test Plain")
    assert len(game.players[0].hand) - hand == (1 if boosted else 0)


def test_the_boost_card_on_the_field_has_no_boost_ability() -> None:
    """The Boost card advanced to the field and attacking: its <Boost Ability> is not its own."""
    game = _game('field = ["Test Attack Boost"]')
    hand = len(game.players[0].hand)
    _attack(game, "Test Attack Boost")
    assert len(game.players[0].hand) == hand


def test_a_whenever_boost_ability_watches_for_the_minion() -> None:
    """ZR 17.4: a whenever-effect of the <Boost Ability>: "this minion" is the boosted minion,
    "other" leaves it out; it stops when the card is no longer attached."""
    game = _game(
        'movement = 1\nfield = ["Test Plain"]\nbase = ["Test Watch Boost", "colorless"]\n'
        'hand = ["Test Plain"]'
    )
    _do(game, "boost Test Plain with Test Watch Boost")
    first = game.players[0].field[0]
    assert fx.bp(game, first) == 400
    _do(game, "summon Test Plain")
    assert fx.bp(game, first) == 600
    assert fx.bp(game, game.players[0].field[1]) == 300


@pytest.mark.parametrize(
    ("raw", "words"),
    [
        (
            {"boost": {}, "effects": [{"when": "passive", "zone": "boost", "do": "cannot_block"}]},
            "a keyword or a triggered ability",
        ),
        (
            {"effects": [{"when": "attacking", "zone": "boost", "do": "draw"}]},
            "only a Boost card",
        ),
    ],
)
def test_the_loader_refuses_a_boost_ability_it_cannot_run(raw: dict, words: str) -> None:
    card = {"id": "t_b", "name": "Test B", "type": "base_minion", "color": "blue", "bp": 100,
            "dp": 1, **raw}  # fmt: skip
    with pytest.raises(CardDataError) as info:
        parse_card(card, "bad.toml")
    assert info.value.field == "effects[0].zone" and words in info.value.problem
