"""The effect vocabulary registry: every term is one complete entry (schema, words, runtime)."""

from __future__ import annotations

import dataclasses

import pytest

from zenonzard_tui.cards import vocab
from zenonzard_tui.cards.model import Selector, Step
from zenonzard_tui.cards.words import Clause, WordsContext
from zenonzard_tui.engine import terms
from zenonzard_tui.engine.terms import STEPS, problems, step_problems


def test_every_term_is_complete() -> None:
    assert problems() == []


def _sample(term: terms.StepTerm) -> Step:
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
    term = STEPS["draw"]
    no_words = dataclasses.replace(term, words=None)  # type: ignore[arg-type]
    no_runtime = dataclasses.replace(term, resolve=None)
    assert any("no words" in p for p in step_problems(no_words))
    assert any("no runtime" in p for p in step_problems(no_runtime))
    static = STEPS["cannot_block"]
    assert any("no query" in p for p in step_problems(dataclasses.replace(static, query="nope")))
    bad_schema = dataclasses.replace(term, schema={"count": "whatever"})
    assert any("count" in p for p in step_problems(bad_schema))


def test_vocab_views_come_from_the_registry() -> None:
    assert set(vocab.STEPS) == set(STEPS)
    assert {n for n, t in STEPS.items() if t.continuous} == vocab.STATIC_STEPS
    assert "token" in vocab.REQUIRED["create_token"]
    assert "destroy" in vocab.TARGETED and "cannot_block" not in vocab.TARGETED


def test_a_step_is_registered_once() -> None:
    with pytest.raises(ValueError, match="twice"):
        terms.step("draw", schema={})(type("Again", (), {}))


def test_the_cards_package_does_not_import_the_game() -> None:
    """The loader and renderer read the registry; the registry must not pull in the game."""
    import subprocess
    import sys

    code = (
        "import sys, zenonzard_tui.cards.render, zenonzard_tui.engine.terms as t; t.load(); "
        "print('zenonzard_tui.engine.game' in sys.modules, 'textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_an_incomplete_filter_condition_trigger_or_duration_is_reported() -> None:
    terms.load()
    bp_max = terms.FILTERS["bp_max"]
    assert any(
        "no words" in p for p in terms.filter_problems(dataclasses.replace(bp_max, words=None))
    )  # type: ignore[arg-type]
    assert any(
        "no runtime" in p for p in terms.filter_problems(dataclasses.replace(bp_max, matches=None))
    )  # type: ignore[arg-type]
    done = terms.CONDITIONS["done"]
    assert any(
        "no words" in p for p in terms.condition_problems(dataclasses.replace(done, words=None))
    )
    assert any(
        "no runtime" in p for p in terms.condition_problems(dataclasses.replace(done, holds=None))
    )
    lonely = dataclasses.replace(terms.CONDITIONS["at_least"], companion="nothing")
    assert terms.condition_problems(lonely)
    summoned = terms.TRIGGERS["summoned"]
    assert terms.trigger_problems(dataclasses.replace(summoned, label=""))
    assert terms.trigger_problems(dataclasses.replace(summoned, raised_by="nobody"))
    watcher = dataclasses.replace(terms.TRIGGERS["deals_damage"], watch_words=None)
    assert any("watches" in p for p in terms.trigger_problems(watcher))
    battle = terms.DURATIONS["battle"]
    assert terms.duration_problems(dataclasses.replace(battle, ends_in="_nowhere"))
    assert terms.duration_problems(dataclasses.replace(battle, words=""))


def test_every_trigger_a_card_raises_is_named_in_the_engine() -> None:
    """A card's own trigger and a turn trigger are raised by name: the name is written in the
    engine (the game's modules, effects.py) where the event happens."""
    import ast
    import sys
    from pathlib import Path

    from zenonzard_tui.engine.game import Game

    modules = {c.__module__ for c in Game.__mro__ if c is not object} | {
        "zenonzard_tui.engine.effects"
    }
    literals: set[str] = set()
    for name in modules:
        tree = ast.parse(Path(sys.modules[name].__file__ or "").read_text())
        literals |= {
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        }
    for name, term in terms.TRIGGERS.items():
        if term.raised_by in ("queue_self_trigger", "queue_turn_triggers", "queue_watchers"):
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
