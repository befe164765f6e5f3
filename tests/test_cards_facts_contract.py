"""The encoded CONTRACT (PC02) and EX01 cards agree with the card facts beside the repository
(shared/cardfacts/contract-ex01-cards.tsv): every card there, with its id, name, type, color,
cost, pips, BP/DP, classes and rarity, and no card of those sets that the facts lack."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_cards_facts import _int, _pips, _read, estimated_pips
from zenonzard_tui.cards import load_pool

FACTS_TSV = (
    Path(__file__).resolve().parents[1].parent / "shared" / "cardfacts" / "contract-ex01-cards.tsv"
)
SETS = ("PC02", "EX01")
POOL = load_pool()


def _rows() -> dict[str, dict[str, str]]:
    return {row["id"]: row for row in _read(FACTS_TSV)} if FACTS_TSV.is_file() else {}


ROWS = _rows()
needs_facts = pytest.mark.skipif(not ROWS, reason=f"card facts not found at {FACTS_TSV}")


@needs_facts
def test_the_facts_have_100_pc02_and_12_ex01_cards() -> None:
    sets = [row["set"] for row in ROWS.values()]
    assert (sets.count("PC02"), sets.count("EX01")) == (100, 12)


@needs_facts
def test_every_card_of_the_facts_is_in_the_pool_and_no_other() -> None:
    assert sorted(set(ROWS) - set(POOL.cards)) == []
    extra = sorted(cid for cid, c in POOL.cards.items() if c.set in SETS and cid not in ROWS)
    assert extra == []


@needs_facts
@pytest.mark.parametrize("card_id", sorted(ROWS))
def test_stats_match_the_facts(card_id: str) -> None:
    row, card = ROWS[card_id], POOL.cards[card_id]
    assert (card.name, card.set, card.type, card.color) == (
        row["name_en"],
        row["set"],
        row["type"],
        row["color"],
    )
    assert card.cost == _int(row["cost"])
    assert card.rarity == row["rarity"]
    assert list(card.classes) == [c for c in row["classes"].split("|") if c]
    assert (card.bp, card.dp) == (_int(row["bp"]), _int(row["dp"]))
    known = _pips(row["pips"])
    if known or card.color == "colorless" or card.cost is None or not card.cost:
        assert dict(card.pips) == known
        assert not card.estimated
    else:  # the facts' estimate rule (shared/cardfacts/README.md)
        assert card.estimated
        assert dict(card.pips) == {card.color: estimated_pips(card.cost)}


@needs_facts
def test_only_maelstrom_is_unsupported_and_says_why() -> None:
    """Maelstrom puts the four elemental Token Dragons of the BASIC set onto the field, whose BP
    and DP no source gives (no BASIC card makes them): the one card of these sets marked."""
    marked = {c.name: c.unsupported for c in POOL.cards.values() if c.set in SETS and c.unsupported}
    assert list(marked) == ["Maelstrom"]
    assert "BP" in marked["Maelstrom"]
