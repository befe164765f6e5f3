"""The card loader: the shipped pool loads, and bad records are rejected with a message naming the
file, the card id and the field (docs/cards.md)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenonzard_tui.cards import CardDataError, load_pool, normalize_name
from zenonzard_tui.cards.loader import DATA_DIR, load_pool_from, parse_card, parse_force

MINION = """
[[card]]
id = "t_minion"
name = "Test Minion"
type = "field_minion"
color = "red"
cost = 2
pips = { red = 1 }
bp = 300
dp = 1
"""

TOKEN = """
[[card]]
id = "t_token"
name = "Test Token"
type = "token"
color = "red"
cost = 1
bp = 100
dp = 1
"""

BARE_TOKEN = """
[[card]]
id = "t_bare_token"
name = "Test Bare Token"
type = "token"
color = "red"
cost = 4
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _minion(**fields: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "id": "t_minion",
        "name": "Test Minion",
        "type": "field_minion",
        "color": "red",
        "cost": 2,
        "pips": {"red": 1},
        "bp": 300,
        "dp": 1,
    }
    raw.update(fields)
    return {k: v for k, v in raw.items() if v is not None}


def _magic(**fields: Any) -> dict[str, Any]:
    raw: dict[str, Any] = {
        "id": "t_magic",
        "name": "Test Magic",
        "type": "magic",
        "color": "blue",
        "cost": 2,
        "timing": ["main"],
        "effects": [{"when": "cast", "do": "draw", "count": 1}],
    }
    raw.update(fields)
    return {k: v for k, v in raw.items() if v is not None}


# ----------------------------------------------------------------------------------------------
# The shipped pool


def test_pool_loads_86_basic_cards_10_tokens_10_forces() -> None:
    pool = load_pool()
    basic = [card for card in pool.cards.values() if card.set == "BASIC"]
    assert len(basic) == 86
    assert sum(card.is_token for card in basic) == 10
    assert len(pool.forces) == 10
    assert {card.set for card in pool.cards.values()} <= {"BASIC", "PC01", "PC01R", "PC02", "EX01"}


def test_pool_has_every_type_and_color() -> None:
    pool = load_pool()
    assert {c.type for c in pool.cards.values()} == {
        "field_minion",
        "base_minion",
        "magic",
        "token",
    }
    assert {c.color for c in pool.cards.values()} == {
        "red",
        "yellow",
        "white",
        "green",
        "blue",
        "purple",
        "colorless",
    }


def test_pool_version_is_12_hex_digits_and_stable() -> None:
    pool = load_pool()
    assert re.fullmatch(r"[0-9a-f]{12}", pool.version)
    assert load_pool_from(DATA_DIR.glob("*.toml")).version == pool.version


def test_pool_version_changes_with_any_byte(tmp_path: Path) -> None:
    path = _write(tmp_path, "a.toml", MINION)
    before = load_pool_from([path]).version
    _write(tmp_path, "a.toml", MINION + "# a comment\n")
    assert load_pool_from([path]).version != before


def test_lookup_by_id_and_by_name_case_insensitive() -> None:
    pool = load_pool()
    golem = pool.card("red_02_02_00_01")
    assert golem is not None and golem.name == "Drill Golem"
    assert pool.card("  drill   GOLEM ") is golem
    assert pool.card("sams-the all-seeing commander") is pool.card(
        "Sams - The All-Seeing Commander"
    )
    assert pool.card("No Such Card") is None
    assert normalize_name("Nue -  Beast of Death") == "nue - beast of death"


def test_force_lookup_by_id_name_and_creature() -> None:
    pool = load_pool()
    sin = pool.forces["force_sin"]
    assert pool.force("Force of Sin") is sin
    assert pool.force("cyclops") is sin
    assert pool.force("sin") is sin
    assert pool.closest_forces("Force of Sinn")[0] == "Force of Sin"


def test_closest_cards_suggests_names() -> None:
    assert "Sawblade Golem" in load_pool().closest_cards("Sawblade Golme")


def test_small_pool_from_files(tmp_path: Path) -> None:
    pool = load_pool_from([_write(tmp_path, "a.toml", MINION), _write(tmp_path, "b.toml", TOKEN)])
    assert set(pool.cards) == {"t_minion", "t_token"}
    assert pool.cards["t_minion"].file == "a.toml"
    assert pool.cards["t_minion"].pips == (("red", 1),)


# ----------------------------------------------------------------------------------------------
# Bad records: the error names the file, the card and the field


BAD_CARDS = [
    ("unknown field", _minion(colour="red"), "colour", "unknown field"),
    ("cost is text", _minion(cost="two"), "cost", "whole number"),
    ("bp is negative", _minion(bp=-100), "bp", "negative"),
    ("bp missing on a Field Minion", _minion(bp=None), "bp", "missing"),
    ("dp missing on a Field Minion", _minion(dp=None), "dp", "missing"),
    ("cost missing on a Field Minion", _minion(cost=None, pips=None), "cost", "missing"),
    ("cost missing on a Magic card", _magic(cost=None), "cost", "missing"),
    ("bp on a Magic card", _magic(bp=100), "bp", "no BP"),
    ("cost on a Base Minion", _minion(type="base_minion", pips=None), "cost", "no cost"),
    ("timing missing on a Magic card", _magic(timing=None), "timing", "missing"),
    ("timing on a minion", _minion(timing=["main"]), "timing", "only Magic"),
    ("unknown type", _minion(type="creature"), "type", "not one of"),
    ("unknown color", _minion(color="orange"), "color", "not one of"),
    ("unknown rarity", _minion(rarity="SR"), "rarity", "not one of"),
    ("unknown keyword", _minion(keywords=["flying"]), "keywords", "flying"),
    ("keyword twice", _minion(keywords=["charge", "charge"]), "keywords", "twice"),
    ("classes not a list", _minion(classes="Golem"), "classes", "list"),
    ("pips larger than cost", _minion(pips={"red": 3}), "pips", "larger"),
    ("pips of colorless", _minion(pips={"colorless": 1}), "pips", "not one of"),
    ("bad id", _minion(id="Red-Golem"), "id", "lower-case"),
    ("estimated not a bool", _minion(estimated="yes"), "estimated", "true or false"),
    ("deck_limit text", _minion(deck_limit="many"), "deck_limit", "whole number"),
    (
        "unknown do",
        _minion(effects=[{"when": "summoned", "do": "explode"}]),
        "effects[0].do",
        "unknown effect 'explode'",
    ),
    (
        "do is not text",
        _minion(effects=[{"when": "summoned", "do": ["draw"]}]),
        "effects[0].do",
        "unknown effect",
    ),
    (
        "missing do",
        _minion(effects=[{"when": "summoned", "count": 1}]),
        "effects[0].do",
        "missing",
    ),
    (
        "unknown step parameter",
        _minion(effects=[{"when": "summoned", "do": "draw", "amount": 1}]),
        "effects[0].amount",
        "unknown term for 'draw'",
    ),
    (
        "parameter of the wrong type",
        _minion(effects=[{"when": "summoned", "do": "draw", "count": "two"}]),
        "effects[0].count",
        "whole number",
    ),
    (
        "modify's instead_if without its changes",
        _minion(
            effects=[
                {
                    "when": "summoned",
                    "do": "modify",
                    "target": {},
                    "bp": -300,
                    "instead_if": {"it_class": "Dragon"},
                }
            ]
        ),
        "effects[0].instead_if",
        "go together",
    ),
    (
        "modify's instead_if is not a condition",
        _minion(
            effects=[
                {
                    "when": "summoned",
                    "do": "modify",
                    "target": {},
                    "bp": -300,
                    "instead_if": {"it_klass": "Dragon"},
                    "instead_bp": -600,
                }
            ]
        ),
        "effects[0].instead_if.it_klass",
        "unknown condition",
    ),
    (
        "any_of is not a list of tables",
        _minion(
            effects=[{"when": "summoned", "do": "destroy", "target": {"any_of": {"color": "red"}}}]
        ),
        "effects[0].target.any_of",
        "list of tables",
    ),
    (
        "an any_of alternative with an unknown filter",
        _minion(
            effects=[
                {"when": "summoned", "do": "destroy", "target": {"any_of": [{"colour": "red"}]}}
            ]
        ),
        "effects[0].target.any_of[0].colour",
        "unknown selector term",
    ),
    (
        "gain_ability of a passive effect",
        _minion(
            effects=[
                {
                    "when": "summoned",
                    "do": "gain_ability",
                    "target": "this",
                    "ability": {"when": "passive", "do": "cannot_block"},
                }
            ]
        ),
        "effects[0].ability.when",
        "triggered effect",
    ),
    (
        "unknown selector filter",
        _minion(effects=[{"when": "summoned", "do": "destroy", "target": {"hp_max": 300}}]),
        "effects[0].target.hp_max",
        "unknown selector term",
    ),
    (
        "bad selector side",
        _minion(effects=[{"when": "summoned", "do": "destroy", "target": {"side": "mine"}}]),
        "effects[0].target.side",
        "not one of",
    ),
    (
        "selector count 0",
        _minion(effects=[{"when": "summoned", "do": "destroy", "target": {"count": 0}}]),
        "effects[0].target.count",
        "at least 1",
    ),
    (
        "unknown target reference",
        _minion(effects=[{"when": "summoned", "do": "destroy", "target": "that"}]),
        "effects[0].target",
        "not one of",
    ),
    (
        "missing target",
        _minion(effects=[{"when": "summoned", "do": "destroy"}]),
        "effects[0].target",
        "needs a target",
    ),
    (
        "target on a step without one",
        _minion(effects=[{"when": "summoned", "do": "draw", "target": "this"}]),
        "effects[0].target",
        "takes no target",
    ),
    (
        "unknown trigger",
        _minion(effects=[{"when": "sunrise", "do": "draw"}]),
        "effects[0].when",
        "not one of",
    ),
    (
        "missing trigger",
        _minion(effects=[{"do": "draw"}]),
        "effects[0].when",
        "missing",
    ),
    (
        "unknown condition",
        _minion(effects=[{"when": "summoned", "if": {"moon": True}, "do": "draw"}]),
        "effects[0].if.moon",
        "unknown condition",
    ),
    (
        "mana_color without at_least",
        _minion(effects=[{"when": "summoned", "if": {"mana_color": "red"}, "do": "draw"}]),
        "effects[0].if",
        "go together",
    ),
    (
        "static step outside a passive effect",
        _minion(effects=[{"when": "summoned", "do": "cannot_block"}]),
        "effects[0].do",
        "only in a continuous",
    ),
    (
        "one-shot step in a passive effect",
        _minion(effects=[{"when": "passive", "do": "draw"}]),
        "effects[0].do",
        "not in a continuous",
    ),
    (
        "cast on a minion",
        _minion(effects=[{"when": "cast", "do": "draw"}]),
        "effects[0].when",
        "'cast' is for Magic",
    ),
    (
        "a trigger on a Magic card",
        _magic(effects=[{"when": "summoned", "do": "draw"}]),
        "effects[0].when",
        "'cast' is for Magic",
    ),
    (
        "a passive effect on a Magic card that does not work in the hand",
        _magic(effects=[{"when": "passive", "do": "cost_zero", "target": "this"}]),
        "effects[0].when",
        "'cast' is for Magic",
    ),
    (
        "whenever-trigger without watch",
        _minion(effects=[{"when": "magic_used", "do": "draw"}]),
        "effects[0].watch",
        "need it",
    ),
    (
        "watch on a plain trigger",
        _minion(effects=[{"when": "summoned", "watch": {}, "do": "draw"}]),
        "effects[0].watch",
        "goes with",
    ),
    (
        "unknown during",
        _minion(effects=[{"when": "passive", "during": "night", "do": "cannot_block"}]),
        "effects[0].during",
        "not one of",
    ),
    (
        "unknown duration",
        _minion(
            effects=[{"when": "summoned", "do": "modify", "target": "this", "bp": 1, "until": "x"}]
        ),
        "effects[0].until",
        "not one of",
    ),
    (
        "unknown granted keyword",
        _minion(effects=[{"when": "summoned", "do": "modify", "target": "this", "grant": ["fly"]}]),
        "effects[0].grant",
        "not one of",
    ),
    (
        "modify that changes nothing",
        _minion(effects=[{"when": "summoned", "do": "modify", "target": "this"}]),
        "effects[0]",
        "changes nothing",
    ),
    (
        "bad step in a steps list",
        _minion(
            effects=[{"when": "summoned", "steps": [{"do": "draw"}, {"do": "draw", "cnt": 1}]}]
        ),
        "effects[0].steps[1].cnt",
        "unknown term",
    ),
    (
        "a term beside steps",
        _minion(effects=[{"when": "summoned", "count": 1, "steps": [{"do": "draw"}]}]),
        "effects[0].count",
        "inside a step",
    ),
    (
        "empty steps",
        _minion(effects=[{"when": "summoned", "steps": []}]),
        "effects[0].steps",
        "non-empty",
    ),
    ("effects not a list", _minion(effects={"when": "summoned"}), "effects", "list"),
    (
        "create_token without a token",
        _minion(effects=[{"when": "summoned", "do": "create_token", "count": 1}]),
        "effects[0].token",
        "missing",
    ),
    (
        "cost_reduction without an amount",
        _minion(effects=[{"when": "passive", "do": "cost_reduction", "target": "this"}]),
        "effects[0].amount",
        "missing",
    ),
    (
        "reduce_damage without an amount",
        _minion(effects=[{"when": "passive", "do": "reduce_damage", "to": "player"}]),
        "effects[0].amount",
        "missing",
    ),
]


@pytest.mark.parametrize(
    ("raw", "field", "words"),
    [pytest.param(raw, field, words, id=name) for name, raw, field, words in BAD_CARDS],
)
def test_parse_card_rejects_bad_records(raw: dict[str, Any], field: str, words: str) -> None:
    with pytest.raises(CardDataError) as info:
        parse_card(raw, "bad.toml")
    err = info.value
    assert err.file == "bad.toml"
    assert err.card_id == raw["id"]
    assert err.field == field
    assert words in err.problem
    message = str(err)
    assert message.startswith(f"bad.toml: card {raw['id']}: field '{field}': ")


def test_a_magic_card_may_have_a_cost_effect_in_the_hand() -> None:
    """ZR 12.1: a Magic card's own cost effect works while it is in the hand (<Hand> [Passive],
    Tentacle Tangle), beside its `cast` effect."""
    hand = {"when": "passive", "zone": "hand", "do": "cost_zero", "target": "this"}
    card = parse_card(_magic(effects=[hand, {"when": "cast", "do": "draw"}]), "ok.toml")
    assert [e.when for e in card.effects] == ["passive", "cast"]
    assert card.hand_passives and not card.field_passives


def test_missing_name_names_the_field() -> None:
    raw = _minion()
    del raw["name"]
    with pytest.raises(CardDataError, match=r"bad\.toml: card t_minion: field 'name': missing"):
        parse_card(raw, "bad.toml")


def test_bad_force_records() -> None:
    base = {"id": "force_x", "name": "Force of X", "creature": "Xorn", "life": 3}
    with pytest.raises(CardDataError, match=r"card force_x: field 'life'.*1 to 10"):
        parse_force({**base, "life": 11}, "f.toml")
    with pytest.raises(CardDataError, match=r"field 'colour': unknown field"):
        parse_force({**base, "colour": "red"}, "f.toml")
    with pytest.raises(CardDataError, match=r"field 'era'"):
        parse_force({**base, "era": "future"}, "f.toml")
    with pytest.raises(CardDataError, match=r"field 'effects\[0\]\.do'"):
        parse_force({**base, "effects": [{"when": "passive", "do": "draw"}]}, "f.toml")


def test_loader_rejects_a_duplicate_id_across_two_files(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.toml", MINION)
    b = _write(tmp_path, "b.toml", MINION.replace("Test Minion", "Another Name"))
    with pytest.raises(CardDataError) as info:
        load_pool_from([a, b])
    assert (info.value.file, info.value.card_id, info.value.field) == ("b.toml", "t_minion", "id")
    assert "duplicate id (also in a.toml)" in str(info.value)


def test_loader_rejects_a_force_with_a_card_id(tmp_path: Path) -> None:
    a = _write(tmp_path, "a.toml", MINION)
    b = _write(
        tmp_path, "b.toml", '[[force]]\nid = "t_minion"\nname = "F"\ncreature = "C"\nlife = 2\n'
    )
    with pytest.raises(CardDataError, match=r"b\.toml:2: card t_minion: field .id.: duplicate id"):
        load_pool_from([a, b])


def test_loader_rejects_invalid_toml(tmp_path: Path) -> None:
    path = _write(tmp_path, "broken.toml", '[[card]]\nid = "x\n')
    with pytest.raises(CardDataError) as info:
        load_pool_from([path])
    assert (info.value.file, info.value.line) == ("broken.toml", 2)
    assert str(info.value).startswith("broken.toml:2: not valid TOML: ")
    assert "at line" not in str(info.value)  # (said once, in front)


@pytest.mark.parametrize(
    ("text", "field"),
    [
        ("card = 5\n", "card"),
        ('[card]\nid = "x"\n', "card"),
        ('[[monster]]\nid = "x"\n', "monster"),
    ],
)
def test_loader_rejects_bad_tables(tmp_path: Path, text: str, field: str) -> None:
    with pytest.raises(CardDataError) as info:
        load_pool_from([_write(tmp_path, "t.toml", text)])
    assert (info.value.file, info.value.field) == ("t.toml", field)


def _creator(token: str, **step: Any) -> str:
    extra = "".join(f", {k} = {v}" for k, v in step.items())
    return MINION.replace('id = "t_minion"', 'id = "t_maker"') + (
        f'effects = [{{ when = "summoned", do = "create_token", token = "{token}"{extra} }}]\n'
    )


def test_create_token_must_name_a_token(tmp_path: Path) -> None:
    files = [_write(tmp_path, "a.toml", MINION), _write(tmp_path, "b.toml", _creator("t_minion"))]
    with pytest.raises(CardDataError) as info:
        load_pool_from(files)
    assert (info.value.file, info.value.card_id, info.value.field) == (
        "b.toml",
        "t_maker",
        "effects[0].token",
    )
    assert "'t_minion' is not a Token Minion" in str(info.value)


def test_create_token_of_an_unknown_id(tmp_path: Path) -> None:
    with pytest.raises(CardDataError, match=r"'t_nothing' is not a Token Minion of the pool"):
        load_pool_from([_write(tmp_path, "b.toml", _creator("t_nothing"))])


def test_token_without_stats_needs_them_from_its_creator(tmp_path: Path) -> None:
    token = _write(tmp_path, "a.toml", BARE_TOKEN)
    maker = _write(tmp_path, "b.toml", _creator("t_bare_token"))
    with pytest.raises(CardDataError) as info:
        load_pool_from([token, maker])
    assert info.value.field == "effects[0].bp"
    maker = _write(tmp_path, "b.toml", _creator("t_bare_token", bp=300, dp=1))
    pool = load_pool_from([token, maker])
    assert pool.cards["t_bare_token"].bp is None


def test_shipped_tokens_without_stats_are_never_created_without_them() -> None:
    pool = load_pool()
    for card in pool.cards.values():
        for effect in card.effects:
            for step in effect.steps:
                if step.do == "create_token":
                    token = pool.cards[step.param("token")]
                    assert (token.bp if step.param("bp") is None else step.param("bp")) is not None
                    assert (token.dp if step.param("dp") is None else step.param("dp")) is not None


# ----------------------------------------------------------------------------------------------
# Whatever a record holds, the loader answers with a record or a CardDataError, never a crash

_junk = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.sampled_from(["", "x", "red", "all"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
_fields = st.sampled_from(
    [
        *("id", "name", "type", "color", "cost", "pips", "bp", "dp", "classes", "keywords"),
        *("timing", "deck_limit", "effects", "estimated", "rarity", "set", "bogus"),
    ]
)
_effect_keys = st.sampled_from(
    ["when", "do", "target", "count", "bp", "if", "steps", "watch", "during", "until", "per"]
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(field=_fields, value=_junk, key=_effect_keys, effect_value=_junk)
def test_junk_values_never_crash_the_loader(
    field: str, value: Any, key: str, effect_value: Any
) -> None:
    effect = {"when": "summoned", "do": "destroy", "target": {"side": "opponent"}}
    effect[key] = effect_value
    for raw in (_minion(**{field: value}), _minion(effects=[effect])):
        if raw.get(field, 0) is None:
            continue
        try:
            parse_card(raw, "junk.toml")
        except CardDataError as exc:
            assert exc.file == "junk.toml"
