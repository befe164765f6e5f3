"""Boost (ZR 17) and banishing (ZR 18) in the engine, with cards of this test's own (the PC02
cards are not in the shipped pool yet): the Boost action, its condition and overrides, what a
Boost gives, the attached card that is not mana, its return when the minion leaves, the rule
options of the ⚑ readings, and the banished zone."""

from __future__ import annotations

import pytest

from tests.engine.gamekit import checked_game
from tests.engine.gamekit import play as _do
from zenonzard_tui.cards.render import card_text
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.invariants import problems
from zenonzard_tui.engine.log import sentences
from zenonzard_tui.engine.observe import observe

CARDS = """
[[card]]
id = "t_silica"
name = "Test Silica"
type = "base_minion"
color = "blue"
bp = 300
dp = 0
boost = { color = "blue" }

[[card]]
id = "t_heavy"
name = "Test Heavy Boost"
type = "base_minion"
color = "red"
bp = 100
dp = 1
boost = { cost_min = 4 }
boost_ability = ["revenge"]

[[card]]
id = "t_blue_heavy"
name = "Test Blue Heavy Boost"
type = "base_minion"
color = "blue"
bp = 300
dp = 0
boost = { color = "blue", cost_min = 4 }

[[card]]
id = "t_free"
name = "Test Free Boost"
type = "base_minion"
color = "green"
bp = 300
dp = 0
boost = {}
effects = [{ when = "turn_start", zone = "base", do = "draw" }]

[[card]]
id = "t_dyana"
name = "Test Dyana"
type = "field_minion"
color = "blue"
cost = 2
pips = { blue = 1 }
bp = 400
dp = 1
effects = [{ when = "boosted", do = "draw" }]

[[card]]
id = "t_red_four"
name = "Test Red Four"
type = "field_minion"
color = "red"
cost = 4
pips = { red = 1 }
bp = 500
dp = 1

[[card]]
id = "t_sapi"
name = "Test Sapi"
type = "field_minion"
color = "green"
cost = 1
bp = 100
dp = 1
effects = [{ when = "passive", do = "boost_ignores_conditions" }]

[[card]]
id = "t_jaguar"
name = "Test Jaguar"
type = "field_minion"
color = "green"
cost = 3
bp = 300
dp = 1
effects = [{ when = "passive", during = "your_turn", do = "boost_while_rested" }]

[[card]]
id = "t_tough"
name = "Test Tough"
type = "field_minion"
color = "red"
cost = 2
bp = 200
dp = 1
effects = [{ when = "passive", do = "cannot_be_destroyed" }]

[[card]]
id = "t_banish"
name = "Test Banish"
type = "magic"
color = "red"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "banish", target = { side = "opponent" } }]

[[card]]
id = "t_banish_trash"
name = "Test Banish Trash"
type = "magic"
color = "red"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "banish", target = { side = "opponent", zone = "trash" } }]

[[card]]
id = "t_destroy"
name = "Test Destroy"
type = "magic"
color = "red"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "destroy", target = { side = "opponent" } }]

[[card]]
id = "t_bounce"
name = "Test Bounce"
type = "magic"
color = "red"
cost = 0
timing = ["main"]
effects = [{ when = "cast", do = "to_hand", target = { side = "opponent" } }]
"""


def _game(a: str, b: str = "", options: str = ""):
    """A main phase of A's, turn 3, A's zones `a` and B's `b` (TOML lines of [state.A/B])."""
    text = (
        f'name = "t"\n{options}\n{CARDS}\n[state]\nturn = 3\nactive = "A"\nphase = "main"\n'
        f'[state.A]\ndeck = ["Drill Golem", "Drill Golem", "Drill Golem"]\n{a}\n'
        f'[state.B]\ndeck = ["Drill Golem", "Drill Golem", "Drill Golem"]\n{b}\n'
    )
    return checked_game(text)


def _boosts(game) -> list[str]:
    return [a.text for a in game.legal_actions() if a.text.startswith("boost ")]


def _slot(game, seat: int, name: str):
    return next(s for s in game.players[seat].field if s.name == name)


def test_a_boost_card_reads_as_card_text() -> None:
    """ZR 17.1: the condition first ("Boost: ..."), then its <Boost Ability>."""
    game = _game("")
    text = {cid: card_text(game.catalog[cid]) for cid in ("t_silica", "t_heavy", "t_blue_heavy",
                                                            "t_free")}  # fmt: skip
    assert text["t_silica"] == "Boost: Blue"
    assert text["t_heavy"] == "Boost: Cost 4 or Higher\n<Boost Ability> Revenge"
    assert text["t_blue_heavy"] == "Boost: Blue + Cost 4 or Higher"
    assert text["t_free"].startswith("Boost: No Conditions\n")


def test_the_boost_action_attaches_the_card_and_triggers_when_boosted() -> None:
    """ZR 17.2: 1 Movement, an Active Boost card of the base onto a minion that meets its
    condition; [When Boosted] triggers; the log says it with the rule."""
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica", "Miner of Aguma"]')
    assert _boosts(game) == ["boost Test Dyana with Test Silica"]
    hand = len(game.players[0].hand)
    _do(game, "boost Test Dyana with Test Silica")
    p = game.players[0]
    dyana = _slot(game, 0, "Test Dyana")
    assert p.movement == 0 and [s.name for s in p.base] == ["Miner of Aguma"]
    assert [game.defs[u].name for u in dyana.attached] == ["Test Silica"]
    assert len(p.hand) == hand + 1  # [When Boosted]: draw
    assert "A boosts Test Dyana with Test Silica (ZR 17.2)." in sentences(game)
    assert _boosts(game) == []  # no Movement left (ZR 7)


def test_the_condition_is_checked_on_the_minion() -> None:
    """ZR 17.2: its color, its printed cost (4 or higher), both, or none at all."""
    game = _game(
        'movement = 4\nfield = ["Test Dyana", "Test Red Four"]\n'
        'base = ["Test Silica", "Test Heavy Boost", "Test Blue Heavy Boost", "Test Free Boost"]'
    )
    assert sorted(_boosts(game)) == sorted([
        "boost Test Dyana with Test Silica",
        "boost Test Red Four with Test Heavy Boost",
        "boost Test Dyana with Test Free Boost",
        "boost Test Red Four with Test Free Boost",
    ])  # fmt: skip


def test_one_boost_per_minion_and_only_active_boost_cards() -> None:
    """ZR 17.3: a boosted minion takes no second Boost; ZR 17.2: a Rested Boost card is not
    offered; a Rested minion may be boosted (⚑), unless the option `boost_needs_active`."""
    game = _game(
        'movement = 3\nfield = [{ card = "Test Dyana", rested = true }]\n'
        'base = ["Test Silica", "Test Free Boost", { card = "Test Silica", rested = true }]'
    )
    assert sorted(_boosts(game)) == [
        "boost Test Dyana with Test Free Boost",
        "boost Test Dyana with Test Silica#1",
    ]
    _do(game, "boost Test Dyana with Test Free Boost")
    assert _boosts(game) == []
    strict = _game(
        'field = [{ card = "Test Dyana", rested = true }]\nbase = ["Test Silica"]',
        options="options = { boost_needs_active = true }",
    )
    assert _boosts(strict) == []


def test_overrides_ignoring_conditions_and_even_while_rested() -> None:
    """ZR 17.2: Revered Sapi's "ignoring its conditions"; Black Sabre Jaguar's "on your turn,
    Boost mana in your base can grant its effect even while Rested"."""
    game = _game('field = ["Test Sapi"]\nbase = ["Test Silica", "Test Heavy Boost"]')
    assert sorted(_boosts(game)) == [
        "boost Test Sapi with Test Heavy Boost",
        "boost Test Sapi with Test Silica",
    ]
    rested = 'base = [{ card = "Test Silica", rested = true }]'
    assert _boosts(_game(f'field = ["Test Dyana"]\n{rested}')) == []
    jaguar = _game(f'field = ["Test Dyana", "Test Jaguar"]\n{rested}')
    assert _boosts(jaguar) == ["boost Test Dyana with Test Silica"]


def test_what_a_boost_gives_and_that_the_card_is_not_mana() -> None:
    """ZR 17.4: the printed BP and DP as modifiers and the <Boost Ability>; ZR 17.5: the card
    pays nothing, counts in no base count and its <Base> ability does not work; it is public."""
    game = _game('movement = 2\nfield = ["Test Red Four"]\nbase = ["Test Heavy Boost"]')
    four = _slot(game, 0, "Test Red Four")
    assert (fx.bp(game, four), fx.dp(game, four)) == (500, 1)
    _do(game, "boost Test Red Four with Test Heavy Boost")
    assert (fx.bp(game, four), fx.dp(game, four)) == (600, 2)
    assert fx.has_keyword(game, four, "revenge") and "revenge" in fx.keywords(game, four)
    assert game.players[0].base == [] and fx.listing_mana(game, 0).free == 0
    for seat in (0, 1):
        view = observe(game, seat).players[0].field[0]
        assert [c.name for c in view.attached] == ["Test Heavy Boost"]
        assert view.bp == 600 and "revenge" in view.keywords
    plain = _game(
        'field = ["Test Red Four"]\nbase = ["Test Heavy Boost"]',
        options="options = { boost_gives_stats = false }",
    )
    _do(plain, "boost Test Red Four with Test Heavy Boost")
    four = _slot(plain, 0, "Test Red Four")
    assert (fx.bp(plain, four), fx.dp(plain, four)) == (500, 1)  # ⚑ the ability only
    assert fx.has_keyword(plain, four, "revenge")


def test_a_base_ability_does_not_work_while_attached() -> None:
    """ZR 17.5: Test Free Boost's <Base> "at the start of your turn, draw" works in the base,
    not under a minion."""
    for boosted, drawn in ((False, 2), (True, 1)):
        game = _game('field = ["Test Dyana"]\nbase = ["Test Free Boost"]')
        if boosted:
            _do(game, "boost Test Dyana with Test Free Boost")
        hand = len(game.players[0].hand)
        _do(game, "end turn")
        while game.pending is not None and game.pending.seat == 1:
            game.apply(game.legal_actions()[-1])  # B: skips and ends the turn
        assert len(game.players[0].hand) - hand == drawn


def _to_b_main(game) -> None:
    _do(game, "end turn")
    while game.pending.kind != "main":  # B's mana phase
        _do(game, "mana skip")


@pytest.mark.parametrize(
    "exit_, text",
    [("destroyed", "cast Test Destroy"), ("returned", "cast Test Bounce")],
)
def test_the_attached_card_returns_rested_when_the_minion_leaves(exit_: str, text: str) -> None:
    """ZR 17.6: destroyed or returned to the hand, the minion leaves and its Boost card goes to
    its owner's base Rested: a placement by an effect (Chain counts it, ZR 15.1), no [When
    Placed] (ZR 11.6)."""
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]',
                 'hand = ["Test Destroy", "Test Bounce"]')  # fmt: skip
    _do(game, "boost Test Dyana with Test Silica")
    _to_b_main(game)
    _do(game, text, "choose Test Dyana")
    a = game.players[0]
    assert a.field == [] and [(s.name, s.rested) for s in a.base] == [("Test Silica", True)]
    assert a.placed == frozenset({"blue"})  # ZR 15.1: a placement this turn
    assert ("Test Dyana" in [game.defs[u].name for u in a.hand]) == (exit_ == "returned")
    assert "A's Test Silica, attached to Test Dyana, returns to the base Rested (ZR 17.6)." in (
        sentences(game)
    )


def test_the_attached_card_goes_to_the_trash_under_the_option() -> None:
    """ZR 17.6 ⚑ alternative (`boost_returns_only_when_destroyed`): returned to the hand, the
    minion's Boost card goes to the trash; destroyed, it returns."""
    for text, where in (("cast Test Bounce", "trash"), ("cast Test Destroy", "base")):
        game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]',
                     'hand = ["Test Destroy", "Test Bounce"]',
                     options="options = { boost_returns_only_when_destroyed = true }")  # fmt: skip
        _do(game, "boost Test Dyana with Test Silica")
        _to_b_main(game)
        _do(game, text, "choose Test Dyana")
        a = game.players[0]
        assert [game.defs[u].name for u in a.trash if game.defs[u].boost] == (
            ["Test Silica"] if where == "trash" else []
        )
        assert [s.name for s in a.base] == (["Test Silica"] if where == "base" else [])


def test_the_return_to_a_full_base_asks_its_owner() -> None:
    """ZR 17.6, ZR 3.5: the base is full when the Boost card returns: its owner (A, on B's
    turn) chooses a mana there for the trash."""
    base = ", ".join(['"Test Silica"'] + ['"Miner of Aguma"'] * 9)
    game = _game(f'movement = 2\nfield = ["Test Dyana", "Drill Golem"]\nbase = [{base}]',
                 'hand = ["Test Destroy"]')  # fmt: skip
    _do(game, "boost Test Dyana with Test Silica", "retreat Drill Golem")
    assert len(game.players[0].base) == 10
    _to_b_main(game)
    _do(game, "cast Test Destroy", "choose Test Dyana")
    assert game.pending.seat == 0 and game.pending.ctx.purpose == "base_limit"
    _do(game, "choose Drill Golem")
    a = game.players[0]
    assert len(a.base) == 10 and [s.name for s in a.base][-1] == "Test Silica"
    assert a.base[-1].rested and "Drill Golem" in [game.defs[u].name for u in a.trash]


def test_a_token_can_be_boosted() -> None:
    """ZR 17.2: a token meeting the condition is boosted; it leaves the game when destroyed
    (ZR 11.7), and the Boost card still returns."""
    token = (
        '[[card]]\nid = "t_token"\nname = "Test Token"\ntype = "token"\ncolor = "blue"\n'
        "cost = 0\nbp = 100\ndp = 1\n"
    )
    game = _game('field = ["Test Token"]\nbase = ["Test Silica"]', 'hand = ["Test Destroy"]',
                 options=token)  # fmt: skip
    _do(game, "boost Test Token with Test Silica")
    _to_b_main(game)
    _do(game, "cast Test Destroy", "choose Test Token")
    assert [s.name for s in game.players[0].base] == ["Test Silica"]


def test_a_banish_is_not_a_destruction() -> None:
    """ZR 18.1: into the banished zone (public), not destroyed; ZR 18.2: "cannot be destroyed"
    stops a destroy but not a banish."""
    game = _game('hand = ["Test Destroy", "Test Banish"]', 'field = ["Test Tough"]')
    _do(game, "cast Test Destroy", "choose Test Tough")
    assert [s.name for s in game.players[1].field] == ["Test Tough"]  # ZR 18.2
    _do(game, "cast Test Banish", "choose Test Tough")
    b = game.players[1]
    assert b.field == [] and b.trash == []
    assert [game.defs[u].name for u in b.banished] == ["Test Tough"]
    assert "B's Test Tough is banished (ZR 18.1)." in sentences(game)
    assert [c.name for c in observe(game, 0).players[1].banished] == ["Test Tough"]
    assert not any("is destroyed" in line for line in sentences(game))


def test_a_banished_minion_s_boost_card_returns() -> None:
    """ZR 17.6: banishing is one of the exits: the Boost card returns to the base Rested."""
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]', 'hand = ["Test Banish"]')
    _do(game, "boost Test Dyana with Test Silica")
    _to_b_main(game)
    _do(game, "cast Test Banish", "choose Test Dyana")
    a = game.players[0]
    assert [game.defs[u].name for u in a.banished] == ["Test Dyana"]
    assert [(s.name, s.rested) for s in a.base] == [("Test Silica", True)]


def test_random_games_with_boost_cards_hold_every_invariant() -> None:
    """Random legal play with Boost cards (and banishing) in both decks: every invariant holds
    after every action (an attached card in no zone, under one minion on the field, back in a
    base when its minion has left: the cards are counted, ZR 3.1), and Boosts and returns do
    happen (the test is not empty)."""
    import random
    import tomllib

    from tests.engine.gamekit import random_deck
    from zenonzard_tui.cards.loader import parse_card
    from zenonzard_tui.engine.game import new_game

    extra = {c.id: c for c in (parse_card(r, "t") for r in tomllib.loads(CARDS)["card"])}
    boosts = [extra[i] for i in ("t_silica", "t_heavy", "t_free", "t_blue_heavy")]
    others = [extra[i] for i in ("t_dyana", "t_sapi", "t_jaguar", "t_banish", "t_bounce")]
    seen: dict[str, int] = {"boost": 0, "boost_return": 0, "banished": 0}
    for g in range(12):
        rng = random.Random(g)
        decks = []
        for _ in range(2):
            cards, forces = random_deck(rng)
            cards = [*boosts * 2, *others * 2, *cards[: 40 - 18]]
            decks.append((cards, forces))
        game = new_game(*decks, seed=g)
        steps = 0
        while not game.over and steps < 3000:
            game.apply(rng.choice(game.legal_actions()))
            steps += 1
            found = problems(game, max_actions=3000)
            assert not found, f"game {g}, action {steps}: {found}"
        for e in game.log.records:
            if e.kind in seen:
                seen[e.kind] += 1
    assert all(n > 0 for n in seen.values()), seen


def test_a_card_in_a_trash_can_be_banished() -> None:
    """ZR 18.1: banish takes a card from a trash too, into its owner's banished zone."""
    game = _game('hand = ["Test Banish Trash"]', 'trash = ["Drill Golem"]')
    _do(game, "cast Test Banish Trash", "choose Drill Golem")
    b = game.players[1]
    assert b.trash == [] and [game.defs[u].name for u in b.banished] == ["Drill Golem"]


def test_boost_in_play_sees_an_attached_card_or_a_boost_card_in_the_base() -> None:
    """ZR 17.5 (Scarlet): "a minion that has received a Boost" is one with a card attached, "a
    Boost mana" a Boost card in the base; anything else does not count."""
    from zenonzard_tui.engine.terms.conditions import condition_ok

    def holds(game, value: bool = True) -> bool:
        return condition_ok(game, (("boost_in_play", value),), 0, ())

    game = _game('field = ["Test Dyana"]\nbase = ["Miner of Aguma", "colorless"]',
                 'base = ["Test Silica"]')  # fmt: skip
    assert not holds(game) and holds(game, False)  # the opponent's Boost card is not yours
    game = _game('field = ["Test Dyana"]\nbase = ["Test Silica"]')
    assert holds(game) and not holds(game, False)
    _do(game, "boost Test Dyana with Test Silica")  # now attached, no longer in the base
    assert game.players[0].base == [] and holds(game)
