"""The words the screen uses, made from an observation: questions with their rules, the attack in
progress, the card an action names, the mulligan action for marked cards."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tests.client.helpers import session
from zenonzard_tui.cards import load_pool
from zenonzard_tui.client import describe as d
from zenonzard_tui.engine.observe import (
    AttackView,
    BlockView,
    ChoiceView,
    FlashView,
    ForceView,
    MainView,
    MulliganView,
    SlotView,
    observe,
)
from zenonzard_tui.scenarios import parse_scenario

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _slot(uid: int, name: str, bp: int, dp: int) -> SlotView:
    return SlotView(uid, "x", name, False, bp, dp, (), None, False, False)


def test_questions_name_the_decision_and_its_rule():
    assert d.status_question(BlockView("block", "B", None)) == "B: block? (ZR 8.4)"
    assert d.status_question(MulliganView("mulligan", "A", None)) == "A: mulligan? (ZR 5.2)"
    assert d.question(FlashView("priority", "A", None)) == "Flash: cast or pass? (ZR 8.3)"
    assert d.question(MainView("main", "A", None)) == "main phase (ZR 5.6)"
    choice = ChoiceView("choice", "A", (), "High Pressure", "modify")
    assert d.question(choice) == "High Pressure: which one gets it?"
    limit = ChoiceView("choice", "A", (), "Drill Golem", "field_limit")
    assert "(ZR 3.4)" in d.question(limit)
    assert d.status_question(None) == "game over"


def test_a_choice_is_named_by_the_card_whose_effect_asks_for_both_seats():
    text = (SCENARIOS / "card_return_up_to.toml").read_text("utf-8")
    game = parse_scenario(text, "card_return_up_to.toml").new_game()
    game.apply("cast Return")
    mine, theirs = observe(game, 0).pending, observe(game, 1).pending
    assert d.status_question(mine).startswith("A: Return: ")
    assert d.status_question(theirs) == "A: Return: a choice"


def test_the_attack_in_progress_names_attacker_target_and_blocker():
    sess = session(mode="hotseat", first="A", seed=4)
    view = observe(sess.game, 0)
    assert d.attack_text(view) is None
    slot = _slot(900, "Drill Golem", 500, 1)
    blocker = _slot(901, "Horned Walrus", 300, 1)
    a, b = view.players
    players = (replace(a, field=(*a.field, slot)), replace(b, field=(*b.field, blocker)))
    view = replace(view, players=players, attack=AttackView("A", 900, "player", None))
    assert d.attack_text(view) == "A's Drill Golem (500/1) -> B (player)"
    view = replace(view, attack=AttackView("A", 900, "Force of Insight", 901))
    assert d.attack_text(view) == (
        "A's Drill Golem (500/1) -> B's Force of Insight; blocked by Horned Walrus (300/1)"
    )


def test_action_names_and_the_mulligan_for_marked_cards():
    assert d.action_name("attack Drill Golem#2 -> player") == ("attack", "Drill Golem#2")
    assert d.action_name("choose B:Ring Raptor") == ("choose", "B:Ring Raptor")
    assert d.action_name("mana colorless") == ("mana", "")
    assert d.action_name("end turn") == ("end", "")
    assert d.split_name("B:Ring Raptor#2") == ("B", "Ring Raptor", 2)
    actions = ["keep", "mulligan Gravity", "mulligan Gravity, Drill Golem", "mulligan Drill Golem"]
    assert d.mulligan_text(actions, ["Drill Golem", "Gravity"]) == "mulligan Gravity, Drill Golem"
    assert d.mulligan_text(actions, ["Exptera"]) is None


def test_chips_say_state_in_words_and_signs_not_colour_alone():
    golem = next(c for c in load_pool().cards.values() if c.name == "Drill Golem")
    slot = replace(_slot(1, "Drill Golem", 500, 1), rested=True, keywords=("charge",), arrived=True)
    chip = d.minion_chip(slot, golem)
    assert chip.text.plain == "○ R Drill Golem  500/1  Rested  Charge  new"
    assert "Now: 500 BP / 1 DP, Rested, Charge, arrived this turn" in chip.details.plain
    force = ForceView("force_sin", "Force of Sin", 2, rested=False, destroyed=True)
    assert d.force_chip(force, None).text.plain == "✗ Force of Sin destroyed"
    assert d.shorten_names(
        "attack Sams - The All-Seeing Commander -> player", ["Sams - The All-Seeing Commander"]
    ) == ("attack Sams -> player")


def test_a_changed_chip_carries_a_sign_and_a_word():
    golem = next(c for c in load_pool().cards.values() if c.name == "Drill Golem")
    chip = d.flagged(d.minion_chip(_slot(1, "Drill Golem", 500, 1), golem), "new")
    assert chip.text.plain.endswith(" ✦new") and chip.short.plain.endswith(" ✦new")
    assert chip.name == "Drill Golem"
