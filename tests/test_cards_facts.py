"""The encoded BASIC cards and the Forces agree with the card facts beside the repository
(shared/cardfacts: launch-cards.tsv and forces.tsv)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from zenonzard_tui.cards import load_pool

FACTS_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "cardfacts"
CARDS_TSV = FACTS_DIR / "launch-cards.tsv"
FORCES_TSV = FACTS_DIR / "forces.tsv"

POOL = load_pool()


def _read(path: Path) -> list[dict[str, str]]:
    if not path.is_file():
        pytest.skip(f"card facts not found at {path} (the shared folder sits beside the repo)")
    with path.open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))


def _basic_rows() -> list[dict[str, str]]:
    if not CARDS_TSV.is_file():
        return []
    return [row for row in _read(CARDS_TSV) if row["set"] == "BASIC"]


BASIC = {row["id"]: row for row in _basic_rows()}
needs_facts = pytest.mark.skipif(
    not CARDS_TSV.is_file(), reason=f"card facts not found at {CARDS_TSV}"
)


def _int(text: str) -> int | None:
    return int(text) if text.strip() else None


def _pips(text: str) -> dict[str, int]:
    out = {}
    for part in filter(None, text.split("|")):
        color, n = part.split(":")
        out[color.strip()] = int(n)
    return out


def estimated_pips(cost: int) -> int:
    """The estimate rule of the card facts: 1 pip for cost 1-3, 2 for 4-8, 3 for 9 or more."""
    return 1 if cost <= 3 else 2 if cost <= 8 else 3


def test_estimate_rule() -> None:
    assert [estimated_pips(c) for c in (1, 3, 4, 8, 9, 12)] == [1, 1, 2, 2, 3, 3]


@needs_facts
def test_facts_have_86_basic_cards() -> None:
    assert len(BASIC) == 86
    assert sum(row["type"] == "token_minion" for row in BASIC.values()) == 10


@needs_facts
def test_every_basic_card_of_the_facts_is_in_the_pool_with_its_name() -> None:
    missing = sorted(set(BASIC) - set(POOL.cards))
    assert missing == []
    wrong = {
        cid: (POOL.cards[cid].name, row["name_en"])
        for cid, row in BASIC.items()
        if POOL.cards[cid].name != row["name_en"]
    }
    assert wrong == {}


@needs_facts
def test_every_basic_card_of_the_pool_is_in_the_facts() -> None:
    extra = sorted(cid for cid, c in POOL.cards.items() if c.set == "BASIC" and cid not in BASIC)
    assert extra == []


@needs_facts
@pytest.mark.parametrize("card_id", sorted(BASIC))
def test_stats_match_the_facts(card_id: str) -> None:
    row, card = BASIC[card_id], POOL.cards[card_id]
    expected_type = "token" if row["type"] == "token_minion" else row["type"]
    assert card.type == expected_type
    assert card.color == row["color"]
    assert card.cost == _int(row["cost"])
    assert card.rarity == row["rarity"]
    assert list(card.classes) == [c for c in row["classes"].split("|") if c]
    # BP and DP: tokens may leave them to the card that creates them (docs/cards.md)
    if row["bp"] or row["dp"] or not card.is_token:
        assert (card.bp, card.dp) == (_int(row["bp"]), _int(row["dp"]))
    else:
        assert (card.bp, card.dp) == (None, None)


@needs_facts
@pytest.mark.parametrize("card_id", sorted(BASIC))
def test_pips_match_the_facts_or_are_estimated(card_id: str) -> None:
    row, card = BASIC[card_id], POOL.cards[card_id]
    known = _pips(row["pips"])
    pips = dict(card.pips)
    if known:
        assert pips == known
        assert not card.estimated, "pips known from the facts are not an estimate"
    elif card.color == "colorless" or card.cost is None or card.is_token:
        # no coloured part: colorless cards, Base Minions (no cost), and tokens (never paid for)
        assert pips == {}
        assert not card.estimated
    else:
        assert card.estimated, "a coloured card whose pips the facts lack is marked estimated"
        assert pips == {card.color: estimated_pips(card.cost)}


@needs_facts
def test_estimated_cards_are_exactly_those_without_known_pips() -> None:
    estimated = {cid for cid, c in POOL.cards.items() if c.estimated}
    rows = {row["id"]: row for row in _read(CARDS_TSV)}  # every set: PC01/PC01R estimate too
    unknown = {
        cid
        for cid, row in rows.items()
        if cid in POOL.cards
        and not row["pips"]
        and row["color"] != "colorless"
        and row["type"] in ("field_minion", "magic")
    }
    assert estimated == unknown


@needs_facts
def test_deck_limit_any_exactly_for_the_deck_text_cards() -> None:
    """ZR 4.1: cards whose text says a deck may hold any number."""
    any_number = {cid for cid, row in BASIC.items() if "<Deck>" in row["text_en_reference"]}
    assert any_number == {cid for cid, c in POOL.cards.items() if c.deck_limit is None}


@needs_facts
def test_keywords_match_the_facts() -> None:
    """A card whose whole text is a keyword (e.g. "Charge", "Resurge") has exactly that keyword."""
    for cid, row in BASIC.items():
        text = row["text_en_reference"].strip().casefold()
        if text in ("charge", "swoop", "resurge", "revenge", "pierce", "infiltrate"):
            assert POOL.cards[cid].keywords == (text,), cid


def test_forces_match_the_facts() -> None:
    rows = _read(FORCES_TSV)
    assert len(rows) == 10
    assert {row["id"] for row in rows} == set(POOL.forces)
    for row in rows:
        force = POOL.forces[row["id"]]
        assert force.name == row["name_en"]
        assert force.creature == row["creature"]
        assert force.life == int(row["life"])
        assert force.era == row["era"]
