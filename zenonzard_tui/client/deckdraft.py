"""A deck being edited in the deck builder, without Textual: its name, description, Forces and
card counts; its text in the deck file format (docs/decks.md); the `zenonzard validate` report of
that text; and the card filter of the browser.

The report is always `decks.parse_deck` of the text the draft would save, so what the builder
shows and what `zenonzard validate` says of the saved file cannot disagree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from zenonzard_tui.cards import CardDef, CardPool, ForceDef, load_pool
from zenonzard_tui.cards.model import COLORS
from zenonzard_tui.cards.render import card_text
from zenonzard_tui.decks import (
    DECK_SIZE,
    DECK_TYPES,
    FORCE_COUNT,
    Deck,
    DeckEntries,
    DeckReport,
    count_span,
    forces_span,
    parse_deck,
    read_deck_text,
    read_entries,
    summarize,
)
from zenonzard_tui.files import write_atomic


@dataclass
class DeckDraft:
    name: str = "New deck"
    description: str = ""
    forces: list[str] = field(default_factory=list)  # Force ids, in Force-zone order (<= 2)
    counts: dict[str, int] = field(default_factory=dict)  # card id -> copies, in added order
    path: Path | None = None  # the file it was opened from or last saved to
    # The text of that file: saving edits it (counts, Forces, name, description) and keeps the
    # rest as written: comments, sections, card names, blank lines. None: a new deck.
    source: str | None = None

    # -- editing --------------------------------------------------------------------------------

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    def count(self, card_id: str) -> int:
        return self.counts.get(card_id, 0)

    def add(self, card: CardDef) -> None:
        """One more copy (the report says when a limit is passed; the builder does not refuse)."""
        self.counts[card.id] = self.counts.get(card.id, 0) + 1

    def remove(self, card: CardDef) -> bool:
        """One copy fewer; False when the deck has none."""
        n = self.counts.get(card.id, 0)
        if n == 0:
            return False
        if n == 1:
            del self.counts[card.id]
        else:
            self.counts[card.id] = n - 1
        return True

    def toggle_force(self, force: ForceDef) -> bool:
        """Add a Force (while fewer than two) or take it out; False when two are chosen already."""
        if force.id in self.forces:
            self.forces.remove(force.id)
            return True
        if len(self.forces) >= FORCE_COUNT:
            return False
        self.forces.append(force.id)
        return True

    # -- the file -------------------------------------------------------------------------------

    def text(self, pool: CardPool | None = None) -> str:
        """The deck file: the file it was opened from with the changes made since (see
        `edited_text`), or for a new deck the name and description in the header, the Forces
        line, then `COUNT ID  # name` lines sorted like the card browser (color, cost, name)."""
        pool = pool or load_pool()
        if self.source is not None:
            return edited_text(self, self.source, pool)
        lines = [f"# name: {_one_line(self.name) or 'New deck'}"]
        if self.description.strip():
            lines.append(f"# description: {_one_line(self.description)}")
        names = ", ".join(pool.forces[f].name for f in self.forces)
        lines.append(f"Forces: {', '.join(self.forces)}" + (f"  # {names}" if names else ""))
        cards = sorted((pool.cards[i] for i in self.counts), key=card_order)
        width = max((len(c.id) for c in cards), default=0)
        lines += [f"{self.counts[c.id]:>2} {c.id:<{width}}  # {c.name}" for c in cards]
        return "\n".join(lines) + "\n"

    def report(self, pool: CardPool | None = None) -> DeckReport:
        """What `zenonzard validate` says of the saved file: problems by line, or the summary."""
        source = str(self.path) if self.path is not None else f"{self.name}.deck"
        return parse_deck(self.text(pool), source, pool)

    def provisional_report(self, pool: CardPool | None = None) -> DeckReport | None:
        """The summary of the cards chosen so far (counts, curve, colors, pips against the Base
        Minions), as if the deck were legal: the builder shows it while the deck is not. None
        when it holds no card the pool knows."""
        pool = pool or load_pool()
        cards = tuple(
            pool.cards[i] for i, n in self.counts.items() if i in pool.cards for _ in range(n)
        )
        if not cards:
            return None
        forces = tuple(pool.forces[f] for f in self.forces if f in pool.forces)
        deck = Deck(self.name, self.description, "", cards, forces)  # type: ignore[arg-type]
        return DeckReport("", self.name, self.description, deck, (), summarize(deck))

    def save(self, path: Path, pool: CardPool | None = None) -> Path:
        """Write the deck file atomically (even an unfinished deck: it opens again here)."""
        pool = pool or load_pool()
        path = Path(path).expanduser()
        text = self.text(pool)
        written = read_entries(text, str(path), pool)
        if not written.name_line and written.name != self.name:  # the name was the file's stem
            bom = "\ufeff" if text.startswith("\ufeff") else ""
            eol = "\r\n" if "\r\n" in text else "\n"
            text = f"{bom}# name: {_one_line(self.name) or 'New deck'}{eol}" + text.removeprefix(
                bom
            )
        write_atomic(path, text)  # (the umask's mode for a new file: a deck is no secret)
        self.path, self.source = path, text
        return path

    @classmethod
    def open(cls, path: Path, pool: CardPool | None = None) -> DeckDraft:
        """A deck file as a draft, legal or not (lines that cannot be read are left out);
        DeckReadError when it cannot be read at all."""
        text = read_deck_text(path)
        entries = read_entries(text, str(path), pool)
        counts: dict[str, int] = {}
        for card, n in entries.cards:
            counts[card.id] = counts.get(card.id, 0) + n
        forces = list(dict.fromkeys(f.id for f in entries.forces))[:FORCE_COUNT]
        return cls(entries.name, entries.description, forces, counts, Path(path), text)


def edited_text(draft: DeckDraft, source: str, pool: CardPool) -> str:
    """`source` (a deck file's text) with the draft's name, description, Forces and counts.

    Only what changed is touched: a count is rewritten in place (`3x Drill Golem  # note` keeps
    its `x`, name and note), a card taken out to 0 loses its line, a new card gets a line after
    the last card line, the Forces line keeps its keyword and comment, and the header's
    `# name:` and description lines change only when the name or description did. Comments,
    sections, blank lines, line endings and lines that cannot be read stay as they are.
    """
    entries = _entries(source, str(draft.path or "<deck>"), pool)  # (no name line: the stem)
    bom = "\ufeff" if source.startswith("\ufeff") else ""
    eol = "\r\n" if "\r\n" in source else "\n"
    lines = [line.removesuffix("\r") for line in source.removeprefix("\ufeff").split("\n")]
    end = len(lines) - 1 if lines[-1] == "" else len(lines)  # where lines are added at the end
    new: dict[int, str | None] = {}  # line index -> its new text (None: the line goes)
    before: dict[int, list[str]] = {}  # line index -> lines inserted before it

    # The counts: per card, its lines in file order; the last lines change first.
    placed: dict[str, list[tuple[int, int]]] = {}
    for (card, n), number in zip(entries.cards, entries.card_lines, strict=True):
        placed.setdefault(card.id, []).append((number - 1, n))
    for card_id, where in placed.items():
        gap = draft.counts.get(card_id, 0) - sum(n for _, n in where)
        for index, n in reversed(where):
            if gap == 0:
                break
            count = max(n + gap, 0) if gap < 0 else n + gap
            gap += n - count
            if count == 0:
                new[index] = None
            else:
                start, stop = count_span(lines[index]) or (0, 0)
                new[index] = lines[index][:start] + str(count) + lines[index][stop:]
    added = sorted((pool.cards[i] for i in draft.counts if i not in placed), key=card_order)
    if added:
        after = max(entries.card_lines, default=end)
        at = min(after, end)
        before.setdefault(at, []).extend(_card_entry(draft.counts[c.id], c, pool) for c in added)

    # The Forces.
    forces = [pool.forces[f].name for f in draft.forces]
    if list(dict.fromkeys(f.id for f in entries.forces))[:FORCE_COUNT] != draft.forces:
        if entries.forces_line:
            index = entries.forces_line - 1
            start, stop = forces_span(lines[index]) or (len(lines[index]),) * 2
            items = (" " + ", ".join(forces)) if forces else ""
            new[index] = lines[index][:start] + items + lines[index][stop:]
        elif forces:
            first = min(entries.card_lines) - 1 if entries.card_lines else end
            before.setdefault(first, []).insert(0, f"Forces: {', '.join(forces)}")

    # The header.
    header: list[str] = []
    if draft.name != entries.name:
        name = f"# name: {_one_line(draft.name) or 'New deck'}"
        if entries.name_line:
            new[entries.name_line - 1] = name
        else:
            header.append(name)
    if draft.description != entries.description:
        text = _one_line(draft.description)
        line = f"# description: {text}" if text else None
        if entries.description_lines:
            first, *rest = (n - 1 for n in entries.description_lines)
            new[first] = line
            new.update(dict.fromkeys(rest))
        elif line is not None:
            if entries.name_line and not header:
                before.setdefault(entries.name_line, []).insert(0, line)
            else:
                header.append(line)
    if header:
        before.setdefault(0, [])[:0] = header

    out: list[str] = []
    for index, line in enumerate(lines):
        out.extend(before.get(index, ()))
        kept = new.get(index, line)
        if kept is not None:
            out.append(kept)
    out.extend(before.get(len(lines), ()))
    return bom + eol.join(out)


_LAST: list[tuple[str, str, CardPool, DeckEntries]] = []  # the last one read (every key asks)


def _entries(source: str, name: str, pool: CardPool) -> DeckEntries:
    if not _LAST or _LAST[0][:2] != (source, name) or _LAST[0][2] is not pool:
        _LAST[:] = [(source, name, pool, read_entries(source, name, pool))]
    return _LAST[0][3]


def _card_entry(count: int, card: CardDef, pool: CardPool) -> str:
    """A new card line: by name when the name is the card's alone, else by id with the name."""
    same = sum(1 for c in pool.cards.values() if c.name.casefold() == card.name.casefold())
    return f"{count} {card.name}" if same == 1 else f"{count} {card.id}  # {card.name}"


def _one_line(text: str) -> str:
    return " ".join(text.replace("#", " ").split())


def card_order(card: CardDef) -> tuple[int, int, str]:
    return (COLORS.index(card.color), -1 if card.cost is None else card.cost, card.name.casefold())


def deck_cards(pool: CardPool) -> list[CardDef]:
    """The cards a deck may hold (no tokens, ZR 4.3), in browser order."""
    return sorted((c for c in pool.cards.values() if c.type in DECK_TYPES), key=card_order)


# ----------------------------------------------------------------------------------------------
# The browser's filter: `red cost:2 type:magic class:golem set:basic fire`


TYPE_WORDS = {
    "field": "field_minion",
    "field_minion": "field_minion",
    "base": "base_minion",
    "base_minion": "base_minion",
    "magic": "magic",
}
_TOKEN = re.compile(r"^(cost|type|class|set|color):(.+)$", re.IGNORECASE)


@dataclass(frozen=True)
class CardFilter:
    """Which cards the browser lists. Every part given must hold."""

    colors: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    cost: tuple[int, int] | None = None  # inclusive; a Base Minion counts as cost 0 (ZR 2.4)
    klass: str = ""
    set: str = ""
    words: tuple[str, ...] = ()  # searched in the name, the id and the rendered rules text

    @classmethod
    def parse(cls, query: str) -> tuple[CardFilter, list[str]]:
        """A filter from the query the user typed, and what in it could not be understood."""
        colors, types, klass, card_set = set(), set(), "", ""
        cost: tuple[int, int] | None = None
        words, problems = [], []
        for token in query.split():
            low = token.casefold()
            key = _TOKEN.match(token)
            if low in COLORS:
                colors.add(low)
            elif key is None:
                words.append(low)
            else:
                name, value = key.group(1).casefold(), key.group(2).casefold()
                if name == "color" and value in COLORS:
                    colors.add(value)
                elif name == "type" and value.removesuffix("s") in TYPE_WORDS:
                    types.add(TYPE_WORDS[value.removesuffix("s")])
                elif name == "cost" and (parsed := _cost_range(value)) is not None:
                    cost = parsed
                elif name == "class":
                    klass = value
                elif name == "set":
                    card_set = value
                else:
                    problems.append(token)
        return cls(
            frozenset(colors), frozenset(types), cost, klass, card_set, tuple(words)
        ), problems

    def matches(self, card: CardDef, pool: CardPool) -> bool:
        if self.colors and card.color not in self.colors:
            return False
        if self.types and card.type not in self.types:
            return False
        if self.cost is not None and not self.cost[0] <= (card.cost or 0) <= self.cost[1]:
            return False
        if self.klass and not any(self.klass in c.casefold() for c in card.classes):
            return False
        if self.set and card.set.casefold() != self.set:
            return False
        if self.words:
            hay = " ".join((card.name, card.id, card_text(card, pool))).casefold()
            return all(w in hay for w in self.words)
        return True


def _cost_range(value: str) -> tuple[int, int] | None:
    """`3`, `2-4` or `5+`."""
    m = re.fullmatch(r"(\d{1,2})(?:-(\d{1,2})|(\+))?", value)
    if m is None:
        return None
    low = int(m.group(1))
    high = int(m.group(2)) if m.group(2) else (99 if m.group(3) else low)
    return (low, high) if low <= high else None


def card_sets(pool: CardPool) -> list[str]:
    """The sets of the pool's deck cards (today BASIC; read from the card data)."""
    return sorted({c.set for c in deck_cards(pool)})


def enough(report: DeckReport) -> str:
    """The verdict of the top line: legal, or how many problems."""
    if report.legal:
        return "legal (ZR 4)"
    n = len(report.problems)
    return f"{n} problem{'s' if n != 1 else ''}"


__all__ = ["DECK_SIZE", "CardFilter", "DeckDraft", "card_sets", "deck_cards", "enough"]
