"""The effect vocabulary registry: every term is one complete entry, its vocabulary half (schema,
words: zenonzard_tui.cards.terms) and its runtime half (zenonzard_tui.engine.terms), by name."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from typing import ClassVar

import pytest

from zenonzard_tui.cards import terms as vocabulary
from zenonzard_tui.cards import vocab
from zenonzard_tui.cards.model import Effect, Selector, Step
from zenonzard_tui.cards.words import Clause, WordsContext
from zenonzard_tui.engine import terms
from zenonzard_tui.engine.terms import STEP_RUNS, problems, step_problems

STEPS = vocabulary.STEPS


def test_every_term_is_complete() -> None:
    assert problems() == []


def _sample(term: vocabulary.StepTerm) -> Step:
    target: Selector | str | None = None
    if "target" in term.schema:
        target = Selector(side="self", zone="field", count=1)
    params = []
    for key in term.required:
        kind = term.schema.get(key)
        if key == "token":
            value: object = "token_slime"
        elif kind == "keywords":
            value = ("charge",)
        elif isinstance(kind, tuple):
            value = kind[0]
        elif kind == "selector":
            value = Selector(side="self")
        elif kind == "effect":  # (gain_ability)
            value = Effect("destroyed", (Step("draw"),))
        else:
            value = 1
        params.append((key, value))
    return Step(term.name, target, tuple(params))


@pytest.mark.parametrize("name", sorted(vocab.STEPS))
def test_step_words_are_a_clause(name: str) -> None:
    term = STEPS[name]
    clause = term.words(_sample(term), WordsContext(None, None))
    assert isinstance(clause, Clause) and clause.sentence().strip(".")


def test_a_step_without_words_or_runtime_is_reported() -> None:
    term, run = STEPS["draw"], STEP_RUNS["draw"]
    no_words = dataclasses.replace(term, words=None)  # type: ignore[arg-type]
    assert any("no words" in p for p in step_problems(no_words, run))
    assert any(
        "no runtime" in p for p in step_problems(term, dataclasses.replace(run, resolve=None))
    )
    assert any("no runtime" in p for p in step_problems(term, None))
    static, static_run = STEPS["cannot_block"], STEP_RUNS["cannot_block"]
    nowhere = dataclasses.replace(static_run, query="nope")
    assert any("no query" in p for p in step_problems(static, nowhere))
    dual = dataclasses.replace(STEP_RUNS["modify"], query=None)  # modify: also continuous
    assert any("no query" in p for p in step_problems(STEPS["modify"], dual))
    bad_schema = dataclasses.replace(term, schema={"count": "whatever"})
    assert any("count" in p for p in step_problems(bad_schema, run))


def test_a_vocabulary_entry_without_runtime_fails_the_registry_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The completeness check pairs the halves by name, both ways: a term the loader would accept
    but the engine cannot run, or a runtime no card can name, is a registry problem."""
    monkeypatch.delitem(STEP_RUNS, "draw")
    monkeypatch.setitem(terms.FILTER_RUNS, "nameless", terms.FILTER_RUNS["class"])
    monkeypatch.delitem(terms.TRIGGER_RUNS, "summoned")
    monkeypatch.delitem(terms.DURATION_RUNS, "battle")
    monkeypatch.delitem(terms.CONDITION_RUNS, "done")
    found = problems()
    assert "step 'draw': no runtime (the engine registers none)" in found
    assert any("'nameless': a runtime without vocabulary" in p for p in found)
    assert any(p.startswith("trigger 'summoned': no runtime") for p in found)
    assert any(p.startswith("duration 'battle': no runtime") for p in found)
    assert any(p.startswith("condition 'done': no runtime") for p in found)


def test_vocab_views_come_from_the_registry() -> None:
    assert set(vocab.STEPS) == set(STEPS) == set(STEP_RUNS)
    assert {n for n, t in STEPS.items() if t.continuous} == vocab.STATIC_STEPS
    assert {"modify", "cannot", "cannot_be_blocked"} <= vocab.DUAL_STEPS
    assert "token" in vocab.REQUIRED["create_token"]
    assert "destroy" in vocab.TARGETED and "cannot_block" not in vocab.TARGETED


def test_a_step_is_registered_once() -> None:
    with pytest.raises(ValueError, match="twice"):
        vocabulary.step("draw", schema={})(type("Again", (), {"words": None}))
    with pytest.raises(ValueError, match="twice"):
        terms.run_step("draw")(type("Again", (), {}))


def _imported(code: str) -> list[str]:
    """The zenonzard_tui.engine modules (and textual) a fresh interpreter has after `code`."""
    probe = (
        f"{code}\nimport sys\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('zenonzard_tui.engine') "
        "or m == 'textual')))"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    return out.stdout.split()


def test_the_cards_package_imports_no_engine_module() -> None:
    """The loader, the vocabulary and the renderer need nothing of the engine: importing the card
    package, loading the pool, reading the loader's views and rendering every card's text import
    no zenonzard_tui.engine module."""
    code = (
        "import zenonzard_tui.cards as c, zenonzard_tui.cards.render as r\n"
        "from zenonzard_tui.cards import vocab, terms\n"
        "pool = c.load_pool(); terms.load(); vocab.STEPS; vocab.TRIGGERS\n"
        "[r.card_text(card, pool) for card in pool.cards.values()]\n"
        "[r.force_text(f, True) for f in pool.forces.values()]"
    )
    assert _imported(code) == []


def test_the_engine_registry_does_not_import_the_client() -> None:
    assert "textual" not in _imported("import zenonzard_tui.engine.terms as t; t.load()")


def test_an_incomplete_filter_condition_trigger_or_duration_is_reported() -> None:
    terms.load()
    bp_max, bp_max_run = vocabulary.FILTERS["bp_max"], terms.FILTER_RUNS["bp_max"]
    no_words = dataclasses.replace(bp_max, words=None)  # type: ignore[arg-type]
    assert any("no words" in p for p in terms.filter_problems(no_words, bp_max_run))
    no_matches = dataclasses.replace(bp_max_run, matches=None)  # type: ignore[arg-type]
    assert any("no runtime" in p for p in terms.filter_problems(bp_max, no_matches))
    done, done_run = vocabulary.CONDITIONS["done"], terms.CONDITION_RUNS["done"]
    no_words_c = dataclasses.replace(done, words=None)
    assert any("no words" in p for p in terms.condition_problems(no_words_c, done_run))
    no_holds = dataclasses.replace(done_run, holds=None)  # type: ignore[arg-type]
    assert any("no runtime" in p for p in terms.condition_problems(done, no_holds))
    lonely = dataclasses.replace(vocabulary.CONDITIONS["at_least"], companion="nothing")
    assert terms.condition_problems(lonely, None)
    summoned, summoned_run = vocabulary.TRIGGERS["summoned"], terms.TRIGGER_RUNS["summoned"]
    assert terms.trigger_problems(dataclasses.replace(summoned, label=""), summoned_run)
    nobody = dataclasses.replace(summoned_run, raised_by="nobody")
    assert terms.trigger_problems(summoned, nobody)
    watcher = dataclasses.replace(vocabulary.TRIGGERS["deals_damage"], watch_words=None)
    watcher_run = terms.TRIGGER_RUNS["deals_damage"]
    assert any("watches" in p for p in terms.trigger_problems(watcher, watcher_run))
    silent = dataclasses.replace(vocabulary.TRIGGERS["minion_destroyed"], cause="")
    assert any("cause words" in p for p in vocabulary.trigger_problems(silent))
    battle, battle_run = vocabulary.DURATIONS["battle"], terms.DURATION_RUNS["battle"]
    nowhere = dataclasses.replace(battle_run, ends_in="_nowhere")
    assert terms.duration_problems(battle, nowhere)
    assert terms.duration_problems(dataclasses.replace(battle, words=""), battle_run)


def test_every_trigger_a_card_raises_is_named_in_the_engine() -> None:
    """A card's own trigger and a turn trigger are raised by name: the name is written in the
    engine (the game's modules, effects.py) where the event happens."""
    import ast

    from tests.sources import source_of
    from zenonzard_tui.engine.game import Game

    modules = {c.__module__ for c in Game.__mro__ if c is not object} | {
        "zenonzard_tui.engine.effects"
    }
    literals: set[str] = set()
    for name in modules:
        tree = ast.parse(source_of(name).read_text("utf-8"))
        literals |= {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        }
    for name, run in terms.TRIGGER_RUNS.items():
        if run.raised_by in ("queue_self_trigger", "queue_turn_triggers", "queue_watchers"):
            assert name in literals, f"no engine code raises the trigger {name!r}"


def test_filter_runtime_matches_cards() -> None:
    from zenonzard_tui.cards import load_pool
    from zenonzard_tui.engine.terms.selectors import card_matches

    pool = load_pool()
    golem = pool.card("Drill Golem")
    assert golem is not None
    assert card_matches(Selector(filters=(("class", "Golem"), ("cost_max", 2))), golem)
    assert not card_matches(Selector(filters=(("cost_min", 3),)), golem)
    assert not card_matches(Selector(filters=(("bp_max", 1000),)), golem)  # BP: only in play
    assert card_matches(Selector(filters=(("name", "drill  golem"),)), golem)
    # any_of: one alternative passing all its filters is enough (Selika)
    red, big = Selector(filters=(("color", "red"),)), Selector(filters=(("cost_min", 9),))
    yellow = Selector(filters=(("color", "yellow"),))
    assert card_matches(Selector(filters=(("any_of", (yellow, red)),)), golem)
    assert not card_matches(Selector(filters=(("any_of", (yellow, big)),)), golem)
    both = Selector(filters=(("color", "red"), ("cost_min", 9)))
    assert not card_matches(Selector(filters=(("any_of", (both,)),)), golem)
    # has_trigger (Cyclops Dragon, ZR 18.1): a printed effect of that trigger, a combined label too
    cobra, mad = pool.card("Cobra Mage"), pool.card("Mad Jackuar")
    hellduke = pool.card("Hellduke - The Decimator")
    assert cobra is not None and mad is not None and hellduke is not None
    destroyed = Selector(filters=(("has_trigger", "destroyed"),))
    assert card_matches(destroyed, cobra) and card_matches(destroyed, mad)
    assert not card_matches(destroyed, golem)
    assert not card_matches(Selector(filters=(("has_trigger", "summoned"),)), cobra)
    assert card_matches(Selector(filters=(("has_trigger", "blocking"),)), hellduke)


def test_each_trigger_entry_holds_its_log_words_and_rule() -> None:
    """The log's words for the event behind a whenever-effect, the rule a trigger cites and
    whether its effects are mana effects (ZR 10.1) are the trigger's entry, not tables apart."""
    from zenonzard_tui.engine.events import cause_words

    vocabulary.load()
    for name, term in vocabulary.TRIGGERS.items():
        if term.watch_words is not None:
            assert cause_words((name, 1, "Horned Walrus")).startswith(("B", "cards")), name
    assert (
        cause_words(("minion_destroyed", 1, "Horned Walrus")) == "B's Horned Walrus was destroyed"
    )
    assert cause_words(("minion_attacks", 0, "X"), (0, "X")) == "it attacked"
    assert {n for n, t in vocabulary.TRIGGERS.items() if t.mana} == {"placed", "retreating"}
    assert vocabulary.TRIGGERS["placed"].rule == "ZR 11.6"
    assert vocabulary.TRIGGERS["retreating"].rule == "ZR 11.5"


def test_every_choice_the_engine_asks_has_a_question() -> None:
    """A choice's question is its step's entry (its targets, a "may", or a later choice the step
    makes) or one of the rules' own choices: no purpose falls back to its bare name."""
    import re
    from pathlib import Path

    from zenonzard_tui.client.describe import RULE_CHOICES, choice_question

    engine = Path(terms.__file__).parent.parent
    literals = set()
    for path in engine.rglob("*.py"):
        literals |= set(re.findall(r'Choice\(\s*"(\w+)"', path.read_text("utf-8")))
    assert {"discard", "color", "look_top", "field_limit", "base_limit", "force_search"} <= literals
    one_shot = {n for n, t in STEPS.items() if not t.continuous}  # effects.py: Choice(step.do, ...)
    for purpose in sorted(literals | one_shot):
        question = choice_question(purpose)
        assert "?" in question, purpose
    assert choice_question("color") == "which color?"
    assert choice_question("destroy") == "destroy which?"
    assert set(RULE_CHOICES) == {"field_limit", "base_limit", "force_search"}
    with pytest.raises(KeyError):
        vocabulary.step_question("no_such_choice")


def test_a_step_without_question_or_polarity_is_reported() -> None:
    destroy = STEPS["destroy"]
    assert any("no question" in p for p in vocabulary.step_problems(
        dataclasses.replace(destroy, question="")))  # fmt: skip
    assert any("no polarity" in p for p in vocabulary.step_problems(
        dataclasses.replace(destroy, polarity=None)))  # fmt: skip
    assert vocabulary.step_problems(dataclasses.replace(STEPS["draw"], polarity=None)) == []


def test_the_ai_polarity_of_each_step_is_its_entry() -> None:
    """What each step does to what it chooses, for the AI's choices inside effects."""
    from zenonzard_tui.ai.policy import _polarity

    fixed = {n: t.polarity for n, t in STEPS.items() if isinstance(t.polarity, int) and t.polarity}
    assert fixed == {
        "destroy": -1, "banish": -1, "rest": -1, "move_to_base": -1, "damage": -1, "must_block": -1,
        "to_deck_top": -1, "activate": 1, "heal": 1, "gain_ability": 1,
    }  # fmt: skip
    field = Selector(side="opponent", zone="field", count=1)
    trash = Selector(side="self", zone="trash", count=1)
    assert _polarity(Step("modify", field, (("bp", -300),))) == -1
    assert _polarity(Step("modify", field, (("bp", 50), ("dp", -1)))) == -1  # DP weighs 100 BP
    assert _polarity(Step("modify", field, (("bp", 300), ("dp", -1)))) == 1
    assert _polarity(Step("modify", field, (("grant", ("charge",)),))) == 1
    assert _polarity(Step("to_hand", field)) == -1
    assert _polarity(Step("to_hand", trash)) == 1
    assert _polarity(Step("to_hand", "this")) == 0
    assert _polarity(Step("draw", None)) == 0
    assert _polarity(None) == 0


def test_the_marks_words_are_their_entries() -> None:
    """ZR 13.1, ZR 13.4: a mark's card-panel words, log words, chip tags, rule and the action it
    forbids are one entry; the steps that give marks name them."""
    from zenonzard_tui.cards.terms.marks import FORBIDDING
    from zenonzard_tui.client.describe import STATE_TAGS
    from zenonzard_tui.engine.events import Mark
    from zenonzard_tui.engine.observe import RESTRICTIONS

    vocabulary.load()
    marks = vocabulary.MARKS
    assert FORBIDDING == {"attack": "no_attack", "block": "no_block", "move": "no_move"}
    assert STATE_TAGS["no_forces"] == ("can't attack Forces", "no Force attack")
    assert set(STATE_TAGS) == set(marks)
    assert marks["no_move"].words == "cannot move by Movement" and marks["no_move"].log
    no_move = Mark(0, "Drill Golem", ("no_move", "no_attack"), None).sentence(None, None)  # type: ignore[arg-type]
    assert no_move == "A's Drill Golem cannot move and cannot attack (ZR 13.4)."
    wins = Mark(1, "Sams", ("wins",), None).sentence(None, None)  # type: ignore[arg-type]
    assert wins == "B's Sams wins its battles regardless of BP (ZR 13.1)."
    assert RESTRICTIONS == ("cannot", "cannot_block", "cannot_be_blocked", "cannot_attack_forces",
                            "destroyed_after_battle", "untargetable")  # fmt: skip
    bad = dataclasses.replace(STEPS["cannot_block"], marks=("no_such_mark",))
    assert any("not a mark" in p for p in vocabulary.step_problems(bad))
    assert vocabulary.mark_problems(dataclasses.replace(marks["wins"], rule="")) != []


def test_the_folded_queries_ask_the_steps_that_change_them() -> None:
    """BP, DP, can block and cost are one fold each over the steps whose runtime says how they
    change it (effects.fold): no query names its steps."""
    from zenonzard_tui.engine import effects

    found = {q: {name for name, _ in effects._CHANGES[q]} for q in effects.FOLDED}
    assert found == {
        "bp": {"modify"},
        "dp": {"modify"},
        "can_block": {"cannot_block", "cannot", "cannot_be_blocked"},
        "cost": {"cost_reduction", "cost_zero"},
    }
    run = STEP_RUNS["cannot_block"]
    odd = dataclasses.replace(run, changes={"luck": run.changes["can_block"]})
    assert any("does not fold" in p for p in step_problems(STEPS["cannot_block"], odd))
    once = dataclasses.replace(STEP_RUNS["destroy"], changes={"bp": run.changes["can_block"]})
    assert any("one-shot step changes no query" in p for p in step_problems(STEPS["destroy"], once))


@pytest.mark.pure  # (patches the engine's tables and functions, docs/build.md)
def test_a_step_that_changes_a_folded_query_is_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    """A new continuous step is one registry entry: the fold asks its change with its sources
    (here a stand-in for `modify` that doubles the bonus it is given)."""
    from zenonzard_tui.engine import effects
    from zenonzard_tui.scenarios import parse_scenario

    text = '[state]\nturn = 3\nactive = "A"\nphase = "main"\n[state.A]\nfield = ["Drill Golem"]\n'
    game = parse_scenario('name = "t"\n' + text, "t.toml").new_game()
    slot = game.players[0].field[0]
    base = effects.bp(game, slot)
    calls: list[int] = []

    def double(game, sources, slot, seat, total, other):  # type: ignore[no-untyped-def]
        calls.append(len(sources))
        return total + base

    monkeypatch.setitem(effects._CHANGES, "bp", (("modify", double),))

    class AtWork:  # a SourceCache with one `modify` source at work
        by_do: ClassVar = {"modify": [(0, None, None)]}
        folds: ClassVar[dict] = {}

    monkeypatch.setattr(game, "sources_cache", None)
    monkeypatch.setattr(effects, "_cache", lambda game: AtWork)
    assert effects.bp(game, slot) == 2 * base and calls == [1]


def test_the_chosen_force_condition_names_each_force_of_the_pool() -> None:
    """ZR 20.1: `chosen_force` takes a Force's word, and "force_" + word is that Force's id; every
    Force of the pool can be named (the EX01 Knights name seven of them)."""
    from zenonzard_tui.cards import load_pool
    from zenonzard_tui.cards.terms.conditions import FORCE_WORDS

    assert sorted(f"force_{word}" for word in FORCE_WORDS) == sorted(load_pool().forces)
