"""Deck files: the format, the deck rules (ZR 4), the summary, export, and the starter decks."""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from zenonzard_tui.cards import CardPool, load_pool
from zenonzard_tui.decks import (
    MAX_DECK_BYTES,
    Deck,
    DeckError,
    DeckReadError,
    DeckReport,
    curve_chart,
    export_deck,
    load_deck,
    parse_deck,
    read_deck_file,
)

DECKS_DIR = Path(__file__).resolve().parents[1] / "decks"
STARTERS = sorted(DECKS_DIR.glob("*.deck"))
MAIN_COLORS = ("red", "yellow", "white", "green", "blue", "purple")

POOL = load_pool()

# A legal deck of the red cards; tests break it one way at a time. Line numbers matter below.
LEGAL = """\
# name: Test Red
# A red deck for the tests.
Forces: Force of Sin, Force of Triumph
13 Miner of Aguma
3 Eoraptor
3 Drill Golem
3 Sawblade Golem
3 Gayl Mouse
3 Sams - The All-Seeing Commander
2 Howling Direwolf
2 Spiral Python
2 Exptera
3 High Pressure
3 Gravity
"""
LEGAL_LINES = LEGAL.splitlines()


def deck_text(*replace: tuple[int, str], add: tuple[str, ...] = ()) -> str:
    """LEGAL with line N (1-based) replaced, and lines added at the end."""
    lines = list(LEGAL_LINES)
    for number, text in replace:
        lines[number - 1] = text
    return "\n".join([*lines, *add]) + "\n"


def problems_at(report: DeckReport) -> list[tuple[int, str | None]]:
    return [(p.line, p.rule) for p in report.problems]


def pool_with_force(life: int) -> CardPool:
    """The real pool plus a heavy Force, to reach ZR 4.4 (no real pair goes over 11 life)."""
    heavy = dataclasses.replace(
        POOL.forces["force_triumph"], id="force_heavy", name="Force of Heavy", creature="Titan"
    )
    heavy = dataclasses.replace(heavy, life=life)
    return CardPool(POOL.cards, {**POOL.forces, heavy.id: heavy}, version="test")


# ----------------------------------------------------------------------------------------------
# The format


def test_legal_deck_parses_with_cards_in_file_order():
    report = parse_deck(LEGAL, "red.deck")
    assert report.problems == ()
    deck = report.deck
    assert isinstance(deck, Deck)
    assert deck.name == "Test Red"
    assert deck.description == "A red deck for the tests."
    assert deck.path == "red.deck"
    assert len(deck.cards) == 40
    assert deck.card_ids[:14] == ("red_00_01_00_00",) * 13 + ("red_02_02_00_00",)
    assert deck.card_ids[-3:] == ("red_02_03_00_01",) * 3
    assert [f.id for f in deck.forces] == ["force_sin", "force_triumph"]
    assert dict((c.id, n) for c, n in deck.counts)["red_00_01_00_00"] == 13
    assert [c.id for c, _ in deck.counts] == sorted(c.id for c, _ in deck.counts)


@pytest.mark.parametrize(
    "line",
    [
        "3 Drill Golem",
        "3x Drill Golem",
        "3 x Drill Golem",
        "3X drill golem",
        "3 × Drill Golem",
        "  3   DRILL    golem  ",
        "3 red_02_02_00_01",
        "3 RED_02_02_00_01",
        "3 Drill Golem   # a trailing comment",
        "3\tDrill Golem",
    ],
)
def test_count_and_name_forms(line):
    report = parse_deck(deck_text((6, line)))
    assert report.problems == ()
    assert Counter(report.deck.card_ids)["red_02_02_00_01"] == 3


@pytest.mark.parametrize(
    "line",
    [
        "Forces: Force of Sin, Force of Triumph",
        "forces: force of sin,force of triumph",
        "Powers: Force of Sin, Force of Triumph",
        "POWERS : Sin, Triumph",
        "Forces: Cyclops, Minotaur",
        "Forces: force_sin, force_triumph  # by id",
    ],
)
def test_forces_line_forms(line):
    report = parse_deck(deck_text((3, line)))
    assert report.problems == ()
    assert [f.id for f in report.deck.forces] == ["force_sin", "force_triumph"]


def test_same_card_on_several_lines_adds_up():
    text = deck_text((6, "2 Drill Golem"), (4, "12 Miner of Aguma"), add=("1 drill golem",))
    text += "1 Miner of Aguma\n"
    report = parse_deck(text)
    assert report.problems == ()
    assert Counter(report.deck.card_ids)["red_02_02_00_01"] == 3


def test_comments_and_blank_lines_are_ignored_anywhere():
    text = "\n# comment\n\n" + deck_text() + "\n   # indented comment\n\n"
    assert parse_deck(text).legal


def test_crlf_and_byte_order_mark_are_fine():
    report = parse_deck("\ufeff" + LEGAL.replace("\n", "\r\n"))
    assert report.legal
    assert report.deck.name == "Test Red"


def test_name_falls_back_to_the_file_name_and_description_collects_header_comments():
    text = "# Fast red aggression\n# with Charge.\n" + "\n".join(LEGAL_LINES[2:]) + "\n# late\n"
    report = parse_deck(text, "decks/my-red.deck")
    assert report.deck.name == "my-red"
    assert report.deck.description == "Fast red aggression with Charge."


def test_description_key_and_first_name_wins():
    text = "# name: One\n# name: Two\n# description: Short.\n" + "\n".join(LEGAL_LINES[2:])
    report = parse_deck(text)
    assert (report.name, report.description) == ("One", "name: Two Short.")


# ----------------------------------------------------------------------------------------------
# ZR 4.1: exactly 40 cards, at most 3 of a name


@pytest.mark.parametrize(("miners", "total"), [(12, 39), (14, 41), (1, 28)])
def test_zr_4_1_deck_must_have_exactly_40_cards(miners, total):
    report = parse_deck(deck_text((4, f"{miners} Miner of Aguma")), "d.deck")
    assert not report.legal
    assert problems_at(report) == [(0, "ZR 4.1")]
    assert f"{total} cards" in report.problems[0].message
    assert report.problems[0].format("d.deck").startswith("d.deck:0: ")


def test_zr_4_1_empty_deck_lists_no_cards_and_no_forces():
    report = parse_deck("")
    assert sorted(problems_at(report)) == [(0, "ZR 4.1"), (0, "ZR 4.2")]


def test_zr_4_1_four_copies_on_one_line():
    report = parse_deck(deck_text((4, "12 Miner of Aguma"), (6, "4 Drill Golem")))
    assert problems_at(report) == [(6, "ZR 4.1")]
    assert "4 copies of 'Drill Golem'" in report.problems[0].message
    assert report.problems[0].text == "4 Drill Golem"


def test_zr_4_1_copies_add_up_across_lines_and_point_at_the_line_over_the_limit():
    text = deck_text((4, "12 Miner of Aguma"), (6, "2 Drill Golem"), add=("2 drill golem",))
    report = parse_deck(text)
    assert problems_at(report) == [(15, "ZR 4.1")]
    assert "(lines 6, 15)" in report.problems[0].message


def test_zr_4_1_villager_base_minions_may_be_any_number():
    text = "Forces: Sin, Triumph\n37 Miner of Aguma\n3 Drill Golem\n"
    assert parse_deck(text).legal


def test_zr_4_1_limit_counts_names_not_lines_when_two_ids_share_a_name():
    twin = dataclasses.replace(POOL.cards["red_02_02_00_01"], id="red_02_02_99_99")
    pool = CardPool({**POOL.cards, twin.id: twin}, POOL.forces, version="test")
    text = deck_text((4, "12 Miner of Aguma"), (6, "2 red_02_02_00_01"), add=("2 red_02_02_99_99",))
    report = parse_deck(text, pool=pool)
    assert problems_at(report) == [(15, "ZR 4.1")]


def test_zr_20_2_a_reprint_in_another_set_counts_with_its_first_printing():
    """ZR 20.2: a card printed again under the same name (another id, set and rarity) is the same
    card for the limit of ZR 4.1: 2 + 2 copies across the printings are 4 of that name."""
    first = POOL.cards["red_02_02_00_01"]
    reprint = dataclasses.replace(first, id="red_02_02_ex01_99", set="EX01", rarity="R")
    pool = CardPool({**POOL.cards, reprint.id: reprint}, POOL.forces, version="test")
    over = deck_text(
        (4, "12 Miner of Aguma"), (6, "2 red_02_02_00_01"), add=("2 red_02_02_ex01_99",)
    )
    report = parse_deck(over, pool=pool)
    assert problems_at(report) == [(15, "ZR 4.1")]
    assert f"4 copies of {first.name!r}" in report.problems[0].message
    within = deck_text(
        (4, "13 Miner of Aguma"), (6, "2 red_02_02_00_01"), add=("1 red_02_02_ex01_99",)
    )
    assert parse_deck(within, pool=pool).legal


def test_names_as_deck_lists_wrote_them_short_names_accents_curly_quotes():
    """A titled card goes by its short name when that is unique; accents, curly quotes and "&"
    are optional, as players typed them."""
    flower = dataclasses.replace(
        POOL.cards["red_02_02_00_01"], id="test_flower", name="Alrûna - Flower of Passion"
    )
    choir = dataclasses.replace(
        POOL.cards["red_02_02_00_00"], id="test_choir", name="Tillt & Wellt - The Astral Choir"
    )
    wisp = dataclasses.replace(POOL.cards["red_03_02_00_00"], id="test_wisp", name="Will-o'-Wisp")
    twin = dataclasses.replace(POOL.cards["red_03_02_00_00"], id="test_twin", name="Sams - Twin")
    pool = CardPool(
        {**POOL.cards, **{c.id: c for c in (flower, choir, wisp)}}, POOL.forces, version="test"
    )
    for text, card in [
        ("Sams", "Sams - The All-Seeing Commander"),
        ("marielna", "Marielna - Master of the Wind"),
        ("Alruna", flower.name),
        ("ALRUNA - flower of passion", flower.name),
        ("Tillt and Wellt", choir.name),
        ("Will-o\u2019-Wisp", wisp.name),
    ]:
        assert pool.card(text) is not None and pool.card(text).name == card, text
    clash = CardPool({**POOL.cards, twin.id: twin}, POOL.forces, version="test")
    assert clash.card("Sams") is None  # two titled cards share the short name: not a name
    report = parse_deck(deck_text((9, "3 Sams")), pool=pool)
    assert report.legal, report.problems


def test_a_card_marked_unsupported_keeps_the_deck_illegal_with_its_reason():
    odd = dataclasses.replace(POOL.cards["red_02_02_00_01"], unsupported="needs a rule not built")
    pool = CardPool({**POOL.cards, odd.id: odd}, POOL.forces, version="test")
    report = parse_deck(LEGAL, pool=pool)
    assert problems_at(report) == [(6, None)]
    message = report.problems[0].message
    assert "'Drill Golem' cannot be played yet: needs a rule not built" in message
    assert parse_deck(LEGAL).legal  # the same deck with the card supported


# ----------------------------------------------------------------------------------------------
# ZR 4.2: exactly two different Forces


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Forces: Force of Sin", "1 Force given"),
        ("Forces: Sin, Triumph, Eternity", "3 Forces given"),
        ("Forces:", "0 Forces given"),
        ("Forces: Sin, Force of Sin", "named twice"),
    ],
)
def test_zr_4_2_exactly_two_different_forces(line, words):
    report = parse_deck(deck_text((3, line)))
    assert problems_at(report) == [(3, "ZR 4.2")]
    assert words in report.problems[0].message


def test_zr_4_2_missing_forces_line_is_a_deck_problem_at_line_0():
    report = parse_deck(deck_text((3, "# no Forces")))
    assert problems_at(report) == [(0, "ZR 4.2")]
    assert "Forces:" in report.problems[0].message


def test_zr_4_2_second_forces_line_points_at_itself_and_the_first():
    report = parse_deck(deck_text(add=("Powers: Eternity, Fusion",)))
    assert problems_at(report) == [(15, "ZR 4.2")]
    assert "line 3" in report.problems[0].message


def test_zr_4_2_a_card_named_as_a_force_and_a_force_listed_as_a_card():
    report = parse_deck(deck_text((3, "Forces: Sin, Drill Golem"), add=("1 Force of Eternity",)))
    assert problems_at(report) == [(0, "ZR 4.1"), (3, "ZR 4.2"), (15, "ZR 4.2")]
    assert "is a card, not a Force" in report.problems[1].message
    assert "is a Force, not a card" in report.problems[2].message


# ----------------------------------------------------------------------------------------------
# ZR 4.3: no Token Minions


def test_zr_4_3_tokens_cannot_be_in_a_deck():
    report = parse_deck(deck_text((4, "12 Miner of Aguma"), add=("1 Token Golem S",)))
    assert problems_at(report) == [(15, "ZR 4.3")]
    assert "Token Minion" in report.problems[0].message


@pytest.mark.parametrize(
    "token", [c for c in POOL.cards.values() if c.is_token], ids=lambda c: c.id
)
def test_zr_4_3_every_token_of_the_pool_is_refused(token):
    report = parse_deck(deck_text((4, "12 Miner of Aguma"), add=(f"1 {token.id}",)))
    assert [p.rule for p in report.problems] == ["ZR 4.3"]


# ----------------------------------------------------------------------------------------------
# ZR 4.4: the Forces' life at most 11 together


def test_zr_4_4_forces_life_over_11_is_illegal():
    pool = pool_with_force(8)
    report = parse_deck(deck_text((3, "Forces: Force of Heavy, Force of Triumph")), pool=pool)
    assert problems_at(report) == [(3, "ZR 4.4")]
    assert "12" in report.problems[0].message


def test_zr_4_4_forces_life_of_exactly_11_is_legal_and_starts_at_1_life():
    pool = pool_with_force(7)
    report = parse_deck(deck_text((3, "Forces: Titan, Force of Triumph")), pool=pool)
    assert report.legal
    assert report.deck.starting_life == 1
    assert report.summary.starting_life == 1


def test_zr_5_1_starting_life_is_12_minus_the_forces_life():
    assert parse_deck(LEGAL).deck.starting_life == 12 - 2 - 4
    assert parse_deck(deck_text((3, "Forces: Sin, Eternity"))).deck.starting_life == 8


# ----------------------------------------------------------------------------------------------
# Unknown names and malformed lines


def test_unknown_card_suggests_the_closest_names():
    report = parse_deck(deck_text((6, "3 Dril Golem")))
    assert problems_at(report) == [(6, None)]
    problem = report.problems[0]
    assert problem.suggestions[0] == "Drill Golem"
    assert "did you mean 'Drill Golem'" in problem.message
    assert problem.text == "3 Dril Golem"


def test_unknown_card_suggests_the_full_name_of_a_prefix():
    report = parse_deck(deck_text((9, "3 Sams - The All")))
    assert report.problems[0].suggestions[0] == "Sams - The All-Seeing Commander"


def test_unknown_force_suggests_forces():
    report = parse_deck(deck_text((3, "Forces: Sinn, Triumph")))
    assert problems_at(report) == [(3, None)]
    assert "Force of Sin" in report.problems[0].suggestions


def test_unknown_card_counts_toward_the_total_so_it_is_reported_once():
    report = parse_deck(deck_text((6, "3 Qwxz Vvvv")))
    assert problems_at(report) == [(6, None)]
    assert report.problems[0].suggestions == ()


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("Drill Golem", "no count"),
        ("Drill Golem x3", "write the count first: `3 Drill Golem`"),
        ("Drill Golem 3", "write the count first"),
        ("0 Drill Golem", "count 0"),
        ("-3 Drill Golem", "count -3"),
        ("123456789 Drill Golem", "not a number of copies"),
        ("3", "a count with no card name"),
        ("Name: Red", "unknown key"),
        ("Force of Sin", "Forces line"),
        ("!!! ???", "not a deck line"),
        ("3Drill Golem", "put a space between the count and the name: `3 Drill Golem`"),
    ],
)
def test_malformed_lines_are_problems_at_their_line(line, words):
    report = parse_deck(deck_text((6, line)))
    assert not report.legal
    at_six = [p for p in report.problems if p.line == 6]
    assert len(at_six) == 1
    assert words in at_six[0].message
    assert at_six[0].text == line


def test_every_problem_is_reported_at_once_in_line_order():
    text = deck_text(
        (3, "Forces: Sin"),
        (5, "4 Eoraptor"),
        (6, "3 Dril Golem"),
        (7, "zzz"),
        add=("3 Token Golem S",),  # 41 cards in all
    )
    report = parse_deck(text, "bad.deck")
    assert problems_at(report) == [
        (0, "ZR 4.1"),
        (3, "ZR 4.2"),
        (5, "ZR 4.1"),
        (6, None),
        (7, None),
        (15, "ZR 4.3"),
    ]
    assert report.deck is None and report.summary is None


def test_a_very_long_line_is_cut_in_the_report():
    report = parse_deck(deck_text((6, "3 " + "x" * 5000)))
    problem = next(p for p in report.problems if p.line == 6)
    assert len(problem.text) <= 200
    assert len(problem.message) < 400


def test_control_characters_are_escaped_in_messages():
    report = parse_deck(deck_text((6, "3 Drill\x1b[31m Golem")))
    problem = next(p for p in report.problems if p.line == 6)
    assert "\x1b" not in problem.message
    assert "\\x1b" in problem.message


# ----------------------------------------------------------------------------------------------
# The summary of a legal deck


def test_summary_counts_types_colors_curve_and_pips():
    summary = parse_deck(LEGAL).summary
    assert summary.starting_life == 6
    assert dict(summary.by_type) == {"field_minion": 21, "base_minion": 13, "magic": 6}
    assert dict(summary.by_color) == {"red": 33, "colorless": 7}
    curve = {cost: (m, g) for cost, m, g in summary.curve}
    assert curve[2] == (6, 6)
    assert curve[6] == (0, 0)  # gaps are shown
    assert max(curve) == 7 and min(curve) == 1
    assert summary.base_minions == 13  # apart from the curve
    assert sum(m + g for m, g in curve.values()) + summary.base_minions == 40
    (red,) = summary.pips
    assert (red.color, red.max_pips, red.cards, red.cards_at_max) == ("red", 2, 20, 2)
    assert red.base_minions == 13 and red.payable
    assert summary.warnings == ()


def test_curve_chart_has_a_bar_per_cost_and_base_minions_apart():
    rows = curve_chart(parse_deck(LEGAL).summary)
    assert rows[1].startswith("cost  2 |######++++++")
    assert "6 Field Minions, 6 Magic" in rows[1]
    assert rows[-1].startswith("no cost | 13 Base Minions")


def test_summary_warns_when_no_base_minion_pays_a_color():
    text = deck_text((14, "3 Tidal Wave"))
    summary = parse_deck(text).summary
    assert any(n.color == "blue" and not n.payable for n in summary.pips)
    assert len(summary.warnings) == 1
    assert "no blue Base Minion" in summary.warnings[0]


def test_summary_warns_when_too_few_base_minions_for_the_pips():
    text = deck_text((4, "12 Miner of Aguma"), add=("1 Songbird of Poseido",))
    text = text.replace("3 Gravity", "3 Tidal Wave").replace("2 Exptera", "2 Snake Ward")
    summary = parse_deck(text).summary
    assert summary.warnings == (
        "Snake Ward needs 2 blue pips, but the deck holds only 1 blue Base Minion",
    )


def test_summary_warning_mentions_force_of_fusion():
    text = deck_text((3, "Forces: Fusion, Sin"), (14, "3 Tidal Wave"))
    (warning,) = parse_deck(text).summary.warnings
    assert "Force of Fusion" in warning


def test_report_as_dict_of_legal_and_illegal_decks():
    legal = parse_deck(LEGAL, "a.deck").as_dict()
    assert legal["legal"] is True and legal["problems"] == []
    assert legal["summary"]["starting_life"] == 6
    assert sum(c["count"] for c in legal["cards"]) == 40
    illegal = parse_deck(deck_text((6, "3 Dril Golem")), "b.deck").as_dict()
    assert illegal["summary"] is None and illegal["legal"] is False
    assert illegal["problems"][0]["suggestions"][0] == "Drill Golem"


# ----------------------------------------------------------------------------------------------
# Export


def test_export_is_canonical_and_parses_back_to_the_same_deck():
    deck = parse_deck(LEGAL, "red.deck").deck
    text = export_deck(deck)
    lines = text.splitlines()
    assert lines[0] == "# name: Test Red"
    assert lines[2].startswith("Forces: force_sin, force_triumph")
    ids = [line.split()[1] for line in lines[3:]]
    assert ids == sorted(ids)
    again = parse_deck(text, "red.deck").deck
    assert again.counts == deck.counts
    assert again.forces == deck.forces
    assert (again.name, again.description) == (deck.name, deck.description)
    assert export_deck(again) == text


# ----------------------------------------------------------------------------------------------
# Files and errors


def test_load_deck_raises_deck_error_listing_every_problem(tmp_path):
    path = tmp_path / "bad.deck"
    path.write_text(deck_text((3, "Forces: Sin"), (6, "3 Dril Golem")), encoding="utf-8")
    with pytest.raises(DeckError) as caught:
        load_deck(path)
    assert isinstance(caught.value, ValueError)
    message = str(caught.value)
    assert f"{path}:3: " in message and f"{path}:6: " in message
    assert len(caught.value.problems) == 2


def test_load_deck_of_a_legal_file(tmp_path):
    path = tmp_path / "good.deck"
    path.write_text(LEGAL, encoding="utf-8")
    deck = load_deck(path)
    assert deck.name == "Test Red" and len(deck.cards) == 40


@pytest.mark.parametrize(
    ("data", "words"),
    [
        (b"", "empty"),
        (b"  \n\n", "empty"),
        (b"3 Drill\x00Golem\n", "binary"),
        (b"3 Drill Golem \xff\xfe\n", "not UTF-8"),
        (b"#" * (MAX_DECK_BYTES + 1), "too large"),
    ],
)
def test_unreadable_files_raise_deck_read_error(tmp_path, data, words):
    path = tmp_path / "x.deck"
    path.write_bytes(data)
    with pytest.raises(DeckReadError) as caught:
        read_deck_file(path)
    assert words in str(caught.value)
    with pytest.raises(DeckError):
        load_deck(path)


def test_missing_file_and_folder_raise_deck_read_error(tmp_path):
    with pytest.raises(DeckReadError, match="no such file"):
        load_deck(tmp_path / "missing.deck")
    with pytest.raises(DeckReadError, match="folder"):
        load_deck(tmp_path)


# ----------------------------------------------------------------------------------------------
# The starter decks


NEW_SETS = ("PC01", "PC01R")
CONTRACT_SETS = ("PC02", "EX01")


def test_starter_decks_of_the_basic_set_and_of_the_new_sets():
    """The seven BASIC starters stay; at least eight more are built mostly from the AWAKEN and
    BEYOND cards, and at least four from the CONTRACT and EX01 cards, as decks of the time were."""
    basic = [p for p in STARTERS if all(c.set == "BASIC" for c in load_deck(p).cards)]
    new = [p for p in STARTERS if sum(c.set in NEW_SETS for c in load_deck(p).cards) >= 15]
    contract = [
        p for p in STARTERS if sum(c.set in CONTRACT_SETS for c in load_deck(p).cards) >= 15
    ]
    assert len(basic) >= 7 and len(new) >= 8 and len(contract) >= 4
    assert len(basic) + len(new) + len(contract) == len(STARTERS)


def test_the_contract_starters_use_boost_and_the_knights():
    """Each CONTRACT-era starter holds Boost cards (ZR 17.1) and minions they can be attached to;
    the Knights of EX01 are in one whose Forces are the ones they ask for (ZR 20.1)."""
    decks = [
        load_deck(p)
        for p in STARTERS
        if sum(c.set in CONTRACT_SETS for c in load_deck(p).cards) >= 15
    ]
    for deck in decks:
        assert sum(c.boost is not None for c in deck.cards) >= 3, deck.name
    knights = [d for d in decks if any(c.set == "EX01" for c in d.cards)]
    assert knights
    for deck in knights:
        chosen = {f.id for f in deck.forces}
        asked = {
            f"force_{v}"
            for c in deck.cards
            for e in c.effects
            for k, v in e.condition
            if k == "chosen_force"
        }
        assert asked and asked <= chosen, (deck.name, asked, chosen)


def test_the_new_starters_cover_every_color_and_several_force_pairs():
    new = [load_deck(p) for p in STARTERS if any(c.set in NEW_SETS for c in load_deck(p).cards)]
    colors = {c.color for deck in new for c in deck.cards}
    assert colors >= set(MAIN_COLORS) | {"colorless"}
    assert len({frozenset(f.id for f in deck.forces) for deck in new}) >= 6


@pytest.mark.parametrize("path", STARTERS, ids=lambda p: p.name)
def test_starter_deck_is_legal_named_and_pays_its_pips(path):
    report = read_deck_file(path)
    assert report.problems == (), [p.format(path.name) for p in report.problems]
    deck = report.deck
    assert deck.name and deck.name != path.stem
    assert 20 <= len(deck.description) <= 300
    assert report.summary.warnings == ()
    assert all(need.payable for need in report.summary.pips)
    types = dict(report.summary.by_type)
    assert 10 <= types["base_minion"] <= 18
    assert types.get("magic", 0) >= 3
    costs = [card.cost for card in deck.cards if card.cost is not None]
    assert min(costs) <= 2 and max(costs) >= 5


@pytest.mark.parametrize("path", STARTERS, ids=lambda p: p.name)
def test_starter_deck_export_round_trip(path):
    deck = load_deck(path)
    again = parse_deck(export_deck(deck), str(path)).deck
    assert again is not None
    assert (again.counts, again.forces, again.name) == (deck.counts, deck.forces, deck.name)


def test_every_color_is_the_main_color_of_a_starter_deck():
    mains = set()
    for path in STARTERS:
        colors = Counter(c.color for c in load_deck(path).cards if c.color != "colorless")
        top = max(colors.values())
        mains |= {color for color, n in colors.items() if n == top}
    assert set(MAIN_COLORS) <= mains


def test_starter_decks_use_varied_force_pairs():
    pairs = {frozenset(f.id for f in load_deck(p).forces) for p in STARTERS}
    assert len(pairs) >= 5


# ----------------------------------------------------------------------------------------------
# Properties: any text gives a deck or a report, never another exception


def check_report(report: DeckReport, text: str) -> None:
    assert isinstance(report, DeckReport)
    assert report.legal == (not report.problems)
    assert (report.summary is None) == (report.deck is None)
    lines = text.removeprefix("\ufeff").split("\n")
    for problem in report.problems:
        assert 0 <= problem.line <= len(lines)
        assert problem.message
        if problem.line:
            assert problem.text[:150] == lines[problem.line - 1].removesuffix("\r")[:150]
    if report.deck is not None:
        assert len(report.deck.cards) == 40


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.text())
def test_property_any_text_gives_a_deck_or_a_report(text):
    check_report(parse_deck(text, "any.deck"), text)


NAMES = sorted({c.name for c in POOL.cards.values()} | {c.id for c in POOL.cards.values()})
FORCE_NAMES = sorted(
    {f.name for f in POOL.forces.values()} | {f.creature for f in POOL.forces.values()}
)
deck_line = st.one_of(
    st.tuples(st.integers(-2, 45), st.sampled_from(["", "x", " x"]), st.sampled_from(NAMES)).map(
        lambda t: f"{t[0]}{t[1]} {t[2]}"
    ),
    st.lists(st.sampled_from(FORCE_NAMES), max_size=3).map(lambda f: "Forces: " + ", ".join(f)),
    st.text(alphabet="#:,x 0123456789abcXYZ-\t\r", max_size=30),
    st.sampled_from(NAMES),
)


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(deck_line, max_size=30))
def test_property_deck_like_text_gives_a_deck_or_a_report(lines):
    text = "\n".join(lines)
    check_report(parse_deck(text, "like.deck"), text)


DECK_CARDS = sorted(
    (c for c in POOL.cards.values() if not c.is_token and not c.unsupported), key=lambda c: c.id
)  # what a legal deck may hold (an unsupported card: its own test below)


@settings(max_examples=300)
@given(
    st.lists(st.tuples(st.sampled_from(DECK_CARDS), st.integers(1, 4)), min_size=1, max_size=16),
    st.lists(st.sampled_from(sorted(POOL.forces)), min_size=2, max_size=2),
    st.booleans(),
)
def test_property_legal_exactly_when_zr_4_holds(entries, forces, pad):
    """A model of ZR 4.1 and ZR 4.2 checked against the validator, on decks of known cards.
    With `pad`, villagers fill the deck up to 40 so that many examples are legal."""
    total = sum(n for _, n in entries)
    if pad and total < 40:
        entries = [*entries, (POOL.card("Miner of Aguma"), 40 - total)]
    text = f"Forces: {', '.join(forces)}\n" + "".join(f"{n} {c.name}\n" for c, n in entries)
    report = parse_deck(text)
    copies = Counter()
    for card, n in entries:
        copies[card.name] += n
    limits_ok = all(
        card.deck_limit is None or copies[card.name] <= card.deck_limit for card, _ in entries
    )
    expected = sum(copies.values()) == 40 and limits_ok and forces[0] != forces[1]
    assert report.legal == expected, [p.message for p in report.problems]
    if report.legal:
        assert Counter(report.deck.card_ids) == Counter(c.id for c, n in entries for _ in range(n))
        assert parse_deck(export_deck(report.deck)).deck.counts == report.deck.counts


def test_the_example_of_docs_decks_md_is_legal():
    doc = (Path(__file__).resolve().parents[1] / "docs" / "decks.md").read_text(encoding="utf-8")
    example = doc.split("## An example\n\n```text\n", 1)[1].split("```", 1)[0]
    report = parse_deck(example, "example.deck")
    assert report.problems == ()
    assert report.deck.name == "Red Rush"


def test_tokens_are_never_suggested():
    report = parse_deck(deck_text((6, "3 Golem")))
    assert report.problems[0].suggestions
    assert not any(POOL.card(name).is_token for name in report.problems[0].suggestions)


def test_load_deck_takes_a_starters_name_as_the_command_line_does(tmp_path, monkeypatch):
    from zenonzard_tui.decks import DeckReadError, find_deck

    monkeypatch.chdir(tmp_path)  # no decks/ folder here: the starters come with the package
    deck = load_deck("red-rush")
    assert deck.name == "Red Rush" and len(deck.cards) == 40
    assert deck.card_ids == load_deck(find_deck("red-rush")).card_ids
    with pytest.raises(DeckReadError, match=r"starters: .*red-rush"):
        load_deck("no-such-starter")
    (tmp_path / "red-rush").write_text("not a deck")  # a file of that name wins, as in the CLI
    with pytest.raises(DeckError):
        load_deck("red-rush")
