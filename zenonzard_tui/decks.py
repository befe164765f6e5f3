"""Deck files: parse, validate (ZR 4) and explain a deck.

The format is in docs/decks.md. In short: `COUNT NAME-or-ID` lines, one `Forces: NAME, NAME` line,
`#` comments; the comment lines at the top name and describe the deck (`# name: Red Rush`).

The engine's entry points:

- `load_deck(path) -> Deck` raises `DeckError` (a `ValueError`) for a deck that cannot be read or
  is illegal, with every problem in its message.
- `parse_deck(text, source_name) -> DeckReport` never raises for any text: it gives the `Deck`
  (None when illegal), every `Problem` with its line, and a `DeckSummary` of a legal deck.
- `read_deck_file(path) -> DeckReport` reads with the same limits as `zenonzard validate` and
  raises `DeckReadError` for input it cannot use (missing, binary, not UTF-8, over 1 MB).
- `export_deck(deck) -> str`: the canonical text (ids, sorted), which parses back to the same deck.
"""

from __future__ import annotations

import difflib
import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zenonzard_tui.cards import CardDef, CardPool, ForceDef, load_pool, normalize_name
from zenonzard_tui.cards.model import COLORS, TYPE_LABELS
from zenonzard_tui.files import FileReadError, read_limited, too_large
from zenonzard_tui.usertext import terminal_safe

DECK_SIZE = 40  # ZR 4.1
COPY_LIMIT = 3  # ZR 4.1, the usual `deck_limit` of a card
FORCE_COUNT = 2  # ZR 4.2
MAX_FORCE_ENTRIES = 10  # a Forces line naming more is one problem (the pool has ten Forces)
MAX_FORCE_LIFE = 11  # ZR 4.4
BASE_LIFE = 12  # ZR 5.1: life = 12 - the two Forces' life
MAX_DECK_BYTES = 1_000_000  # a deck file is a few hundred bytes; anything over 1 MB is not a deck
MAX_SUGGESTED = 50  # unknown names that get "did you mean" hints, per deck (keeps garbage fast)
DECK_SUFFIX = ".deck"

DECK_TYPES = ("field_minion", "base_minion", "magic")  # the types a deck may hold (ZR 4.3)
PIP_COLORS = tuple(c for c in COLORS if c != "colorless")


# ----------------------------------------------------------------------------------------------
# Records


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a deck is illegal or a line cannot be read.

    `line` is 1-based; 0 means the deck as a whole (the total count, a missing Forces line).
    `rule` is the rule broken ("ZR 4.1"), or None for a line the format does not allow.
    """

    line: int
    message: str
    text: str = ""  # the offending line as written (cut at 200 characters)
    rule: str | None = None
    suggestions: tuple[str, ...] = ()  # "did you mean" names, best first

    def format(self, source: str) -> str:
        """`source:line: message`, the form editors and `grep` understand."""
        return f"{source}:{self.line}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {
            "line": self.line,
            "message": self.message,
            "text": self.text,
            "rule": self.rule,
            "suggestions": list(self.suggestions),
        }


@dataclass(frozen=True)
class Deck:
    """A legal deck (ZR 4): what the engine shuffles and plays with.

    `cards` holds the 40 definitions in file order, a line of `3 X` giving three entries in a row;
    `forces` the two Forces in the order of the Forces line (that is their Force-zone order).
    """

    name: str
    description: str
    path: str
    cards: tuple[CardDef, ...]
    forces: tuple[ForceDef, ForceDef]

    @property
    def card_ids(self) -> tuple[str, ...]:
        """The 40 card ids, in file order."""
        return tuple(card.id for card in self.cards)

    @property
    def counts(self) -> tuple[tuple[CardDef, int], ...]:
        """Each different card once with its number of copies, sorted by id."""
        by_id = Counter(card.id for card in self.cards)
        first = {card.id: card for card in self.cards}
        return tuple((first[card_id], by_id[card_id]) for card_id in sorted(by_id))

    @property
    def starting_life(self) -> int:
        """The player's life at the start of a game (ZR 5.1)."""
        return BASE_LIFE - sum(force.life for force in self.forces)


@dataclass(frozen=True, slots=True)
class PipNeed:
    """The coloured mana a deck needs in one color, against the Base Minions that pay it."""

    color: str
    max_pips: int  # the largest number of pips of this color on any one card
    cards: int  # copies that need at least one pip of this color
    cards_at_max: int  # copies that need `max_pips`
    base_minions: int  # Base Minions of this color in the deck

    @property
    def payable(self) -> bool:
        return self.base_minions >= self.max_pips


@dataclass(frozen=True)
class DeckSummary:
    """What a legal deck is made of: the numbers `zenonzard validate` shows."""

    starting_life: int
    by_type: tuple[tuple[str, int], ...]  # (card type, copies), in DECK_TYPES order
    by_color: tuple[tuple[str, int], ...]  # (color, copies), in COLORS order
    curve: tuple[tuple[int, int, int], ...]  # (cost, Field Minions, Magic), every cost from 1 up
    base_minions: int  # Base Minions have no cost: they stand apart from the curve
    base_colors: tuple[tuple[str, int], ...]  # (color, Base Minions of that color)
    pips: tuple[PipNeed, ...]
    warnings: tuple[str, ...]  # advice; a warning never makes a deck illegal

    def as_dict(self) -> dict[str, Any]:
        return {
            "starting_life": self.starting_life,
            "by_type": dict(self.by_type),
            "by_color": dict(self.by_color),
            "curve": [
                {"cost": cost, "field_minion": minions, "magic": magic}
                for cost, minions, magic in self.curve
            ],
            "base_minions": self.base_minions,
            "base_colors": dict(self.base_colors),
            "pips": [
                {
                    "color": need.color,
                    "max_pips": need.max_pips,
                    "cards": need.cards,
                    "cards_at_max": need.cards_at_max,
                    "base_minions": need.base_minions,
                    "payable": need.payable,
                }
                for need in self.pips
            ],
            "warnings": list(self.warnings),
        }


@dataclass(frozen=True)
class DeckReport:
    """The result of checking one deck file: the deck when legal, else every problem."""

    source: str
    name: str
    description: str
    deck: Deck | None
    problems: tuple[Problem, ...]
    summary: DeckSummary | None

    @property
    def legal(self) -> bool:
        return self.deck is not None

    def require(self) -> Deck:
        """The deck, or a `DeckError` listing every problem."""
        if self.deck is None:
            raise DeckError(self.source, self.problems)
        return self.deck

    def as_dict(self) -> dict[str, Any]:
        """The JSON object `zenonzard validate --json` prints for this deck."""
        deck = self.deck
        return {
            "path": self.source,
            "readable": True,
            "legal": self.legal,
            "name": self.name,
            "description": self.description,
            "problems": [problem.as_dict() for problem in self.problems],
            "forces": None
            if deck is None
            else [{"id": f.id, "name": f.name, "life": f.life} for f in deck.forces],
            "cards": None
            if deck is None
            else [{"id": c.id, "name": c.name, "count": n} for c, n in deck.counts],
            "summary": None if self.summary is None else self.summary.as_dict(),
        }


class DeckError(ValueError):
    """A deck that cannot be used: illegal (ZR 4) or unreadable. The message lists every problem."""

    def __init__(self, source: str, problems: Sequence[Problem]):
        self.source = source
        self.problems = tuple(problems)
        count = len(self.problems)
        head = f"{source}: illegal deck, {count} problem{'s' if count != 1 else ''}:"
        lines = [head, *(f"  {p.format(source)}" for p in self.problems)]
        super().__init__("\n".join(lines))


class DeckReadError(DeckError):
    """A deck file that cannot be read at all: missing, a folder, binary, not UTF-8, too large."""

    def __init__(self, source: str, reason: str):
        self.source = source
        self.reason = reason
        self.problems = (Problem(0, reason),)
        ValueError.__init__(self, f"{source}: {reason}")


# ----------------------------------------------------------------------------------------------
# Text helpers


def shown(text: str, limit: int = 60) -> str:
    """`text` safe to print: control characters escaped, cut at `limit` characters."""
    return terminal_safe(text, limit)


def _plural(n: int, word: str, plural: str | None = None) -> str:
    return f"{n} {word if n == 1 else plural or word + 's'}"


def _join_or(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


_DASHES = str.maketrans({"–": "-", "—": "-", "‐": "-", "‑": "-", "−": "-", "\u00a0": " "})


class _Names:
    """A pool's names in compared form, and the "did you mean" hints found so far."""

    def __init__(self, pool: CardPool):
        self.pool = pool
        self.cards = {  # tokens are never suggested: they cannot be in a deck (ZR 4.3)
            normalize_name(c.name): c.name for c in pool.cards.values() if not c.is_token
        }
        self.forces: dict[str, str] = {}
        for force in pool.forces.values():
            short = re.sub(r"(?i)^force of\s+", "", force.name)  # "Sin" for "Force of Sin"
            for alias in (force.name, force.creature, short):
                self.forces[normalize_name(alias)] = force.name
        self.hints: dict[tuple[str, str], tuple[str, ...]] = {}

    def suggest(self, kind: str, key: str) -> tuple[str, ...]:
        if (kind, key) not in self.hints:
            if len(self.hints) > 10_000:  # a long-lived process: keep the cache small
                self.hints.clear()
            names = self.cards if kind == "card" else self.forces
            # a part of a full name ("sams" -> "Sams - The All-Seeing Commander") names it; else
            # the closest names (a large pool has many near names: " - The " is in several)
            hits = [full for norm, full in names.items() if key in norm] if len(key) >= 3 else []
            if not hits:
                close = difflib.get_close_matches(key, list(names), n=3, cutoff=0.5)
                hits = [names[h] for h in close]
            self.hints[kind, key] = tuple(dict.fromkeys(hits))[:3]
        return self.hints[kind, key]


_NAMES: dict[int, _Names] = {}


class _Lookup:
    """Card and Force look-ups for one parse; at most MAX_SUGGESTED new names get hints."""

    def __init__(self, pool: CardPool):
        self.pool = pool
        names = _NAMES.get(id(pool))
        if names is None or names.pool is not pool:
            names = _NAMES[id(pool)] = _Names(pool)
        self.names = names
        self.suggested = 0

    def card(self, text: str) -> CardDef | None:
        """A card by name or id; ids in any case too."""
        text = text.translate(_DASHES)
        return self.pool.card(text) or self.pool.cards.get(text.strip().lower())

    def force(self, text: str) -> ForceDef | None:
        """A Force by name, short name ("Sin"), creature or id; ids in any case too."""
        text = text.translate(_DASHES)
        return self.pool.force(text) or self.pool.forces.get(text.strip().lower())

    def suggest(self, kind: str, text: str) -> tuple[str, ...]:
        """Up to three names like `text` (kind "card" or "force"), best first."""
        key = normalize_name(text.translate(_DASHES))[:100]
        if (kind, key) not in self.names.hints:
            if self.suggested >= MAX_SUGGESTED:
                return ()
            self.suggested += 1
        return self.names.suggest(kind, key)


def _did_you_mean(names: Sequence[str]) -> str:
    return f"; did you mean {_join_or([repr(n) for n in names])}?" if names else ""


# ----------------------------------------------------------------------------------------------
# Parsing and validation

_FORCES_RE = re.compile(r"^(forces?|powers?)\s*:(.*)$", re.IGNORECASE)
_KEY_RE = re.compile(r"^([A-Za-z][A-Za-z ]{0,20}):(\s|$)")
_CARD_RE = re.compile(r"^(-?\d+)(?:\s*[x×]\s+|[x×]|\s+)(\S.*)$", re.IGNORECASE)
_COUNT_LAST_RE = re.compile(r"^(\S.*?)\s*(?:[x×]\s*(\d+)|\s(\d+))$", re.IGNORECASE)
_HEADER_KEY_RE = re.compile(r"^(name|description)\s*:\s*(.*)$", re.IGNORECASE)


@dataclass
class _CardLine:
    line: int
    text: str
    count: int
    card: CardDef


class _DeckParser:
    """One pass over a deck's lines, collecting every problem."""

    def __init__(self, pool: CardPool):
        self.look = _Lookup(pool)
        self.problems: list[Problem] = []
        self.name = ""
        self.name_line = 0
        self.description: list[str] = []
        self.description_lines: list[int] = []  # the header lines the description comes from
        self.forces_line = 0
        self.forces_text = ""
        self.forces: list[ForceDef] = []
        self.forces_known = True
        self.card_lines: list[_CardLine] = []
        self.total = 0  # copies on every line with a usable count, known cards or not
        self.number = 0
        self.text = ""

    def problem(self, message: str, rule: str | None = None, hints: Sequence[str] = ()) -> None:
        self.problems.append(Problem(self.number, message, self.text, rule, tuple(hints)))

    def parse(self, text: str) -> None:
        in_header = True
        for self.number, raw in enumerate(text.removeprefix("\ufeff").split("\n"), start=1):
            raw = raw.removesuffix("\r")
            self.text = raw if len(raw) <= 200 else raw[:199] + "…"
            content, _, comment = raw.partition("#")
            content = content.strip()
            if content:
                in_header = False
                self.line(content)
            elif in_header:
                self.header(comment.strip().lstrip("#").strip())

    def header(self, comment: str) -> None:
        """A comment line above the first deck line: `name: ...`, `description: ...` or text."""
        key = _HEADER_KEY_RE.match(comment)
        if key and key.group(1).lower() == "name" and not self.name:
            self.name = key.group(2).strip()
            self.name_line = self.number
        elif key and key.group(1).lower() == "description":
            self.description.append(key.group(2).strip())
            self.description_lines.append(self.number)
        elif comment:
            self.description.append(comment)
            self.description_lines.append(self.number)

    def line(self, content: str) -> None:
        forces = _FORCES_RE.match(content)
        if forces:
            self.forces_entry(forces.group(2))
            return
        card_match = _CARD_RE.match(content)
        if card_match is None:
            self.problem(*_malformed(content, self.look))
            return
        digits, card_text = card_match.group(1), card_match.group(2).strip()
        if len(digits.lstrip("-")) > 4:
            self.problem(
                f"count {shown(digits, 12)} is not a number of copies (a deck has 40 cards)"
            )
            return
        count = int(digits)
        if count < 1:
            self.problem(f"count {count}: a line gives 1 or more copies; delete the line instead")
            return
        self.total += count
        card = self.look.card(card_text)
        if card is None:
            force = self.look.force(card_text)
            if force is not None:
                self.problem(
                    f"{force.name!r} is a Force, not a card: name it on the Forces line "
                    f"(`Forces: {force.name}, ...`) (ZR 4.2)",
                    "ZR 4.2",
                )
            else:
                hints = self.look.suggest("card", card_text)
                self.problem(
                    f"unknown card {shown(card_text)!r}{_did_you_mean(hints)}", None, hints
                )
        elif card.type not in DECK_TYPES:  # ZR 4.3: a Token Minion
            self.problem(
                f"{card.name!r} is a Token Minion: tokens are made by effects and cannot be "
                "in a deck (ZR 4.3)",
                "ZR 4.3",
            )
        elif card.unsupported:
            self.problem(
                f"{card.name!r} cannot be played yet: {card.unsupported} (this version of the "
                "engine does not support the card, so no legal deck holds it)"
            )
        else:
            self.card_lines.append(_CardLine(self.number, self.text, count, card))

    def forces_entry(self, items: str) -> None:
        if self.forces_line:
            self.problem(
                f"a second Forces line; the Forces are already given on line {self.forces_line} "
                "(ZR 4.2)",
                "ZR 4.2",
            )
            return
        self.forces_line, self.forces_text = self.number, self.text
        entries = [i for i in (i.strip() for i in items.split(",")) if i]
        if len(entries) > MAX_FORCE_ENTRIES:  # not read one by one: a problem each would bury it
            self.forces_known = False
            self.problem(
                f"the Forces line names {len(entries):,} Forces; a deck has exactly two different "
                "Forces (ZR 4.2)",
                "ZR 4.2",
            )
            return
        for item in entries:
            force = self.look.force(item)
            if force is not None:
                self.forces.append(force)
                continue
            self.forces_known = False
            hints = self.look.suggest("force", item)
            card = self.look.card(item)
            if card is not None:
                self.problem(
                    f"{card.name!r} is a card, not a Force{_did_you_mean(hints)} (ZR 4.2)",
                    "ZR 4.2",
                    hints,
                )
            else:
                self.problem(f"unknown Force {shown(item)!r}{_did_you_mean(hints)}", None, hints)

    def deck_problems(self) -> list[Problem]:
        """The problems of the deck as a whole: copies, Forces, the total."""
        problems = _copy_problems(self.card_lines)
        problems += _force_problems(
            self.forces, self.forces_line, self.forces_text, self.forces_known
        )
        if self.total != DECK_SIZE:
            if self.total == 0:
                message = "the deck lists no cards; a deck has exactly 40 (ZR 4.1)"
            else:
                gap = self.total - DECK_SIZE
                off = f"{gap} too many" if gap > 0 else f"{-gap} short"
                message = (
                    f"the deck lists {self.total} cards ({off}); a deck has exactly 40 (ZR 4.1)"
                )
            problems.append(Problem(0, message, "", "ZR 4.1"))
        return problems


def parse_deck(text: str, source_name: str = "<deck>", pool: CardPool | None = None) -> DeckReport:
    """Check a deck's text against the format and ZR 4: every problem at once, never raising."""
    parser = _DeckParser(pool or load_pool())
    parser.parse(text)
    problems = sorted(parser.problems + parser.deck_problems(), key=lambda p: p.line)
    name = parser.name or Path(source_name).stem or source_name
    description = " ".join(parser.description)
    if problems:
        return DeckReport(source_name, name, description, None, tuple(problems), None)
    deck = Deck(
        name=name,
        description=description,
        path=source_name,
        cards=tuple(entry.card for entry in parser.card_lines for _ in range(entry.count)),
        forces=(parser.forces[0], parser.forces[1]),
    )
    return DeckReport(source_name, name, description, deck, (), summarize(deck))


@dataclass(frozen=True)
class DeckEntries:
    """What a deck's lines name, legal or not (the deck builder opens decks in progress)."""

    name: str
    description: str
    forces: tuple[ForceDef, ...]
    cards: tuple[tuple[CardDef, int], ...]  # (card, copies) per readable card line, in file order
    card_lines: tuple[int, ...] = ()  # the line number of each of `cards`
    forces_line: int = 0  # the Forces line's number (0: none)
    name_line: int = 0  # the `# name:` line's number (0: none; the name is the file's stem)
    description_lines: tuple[int, ...] = ()  # the header lines the description comes from


def read_entries(
    text: str, source_name: str = "<deck>", pool: CardPool | None = None
) -> DeckEntries:
    """The header, Forces and card lines of a deck's text that can be read; lines that cannot
    are left out (`parse_deck` says what is wrong with them)."""
    parser = _DeckParser(pool or load_pool())
    parser.parse(text)
    return DeckEntries(
        parser.name or Path(source_name).stem or source_name,
        " ".join(parser.description),
        tuple(parser.forces),
        tuple((entry.card, entry.count) for entry in parser.card_lines),
        tuple(entry.line for entry in parser.card_lines),
        parser.forces_line,
        parser.name_line,
        tuple(parser.description_lines),
    )


def count_span(line: str) -> tuple[int, int] | None:
    """Where the count of a card line (`3 Drill Golem`, `3x Drill Golem  # note`) is in `line`:
    the builder rewrites only those characters, so the rest stays as written."""
    content = line.partition("#")[0]
    match = _CARD_RE.match(content.strip())
    if match is None:
        return None
    start = len(content) - len(content.lstrip())
    return start + match.start(1), start + match.end(1)


def forces_span(line: str) -> tuple[int, int] | None:
    """Where the Forces of a Forces line are in `line` (after `Forces:`, before any comment)."""
    content = line.partition("#")[0]
    match = _FORCES_RE.match(content.strip())
    if match is None:
        return None
    start = len(content) - len(content.lstrip())
    return start + match.start(2), len(content.rstrip())


def _malformed(content: str, look: _Lookup) -> tuple[str, None, tuple[str, ...]]:
    """The message (and hints) for a line that is neither `COUNT NAME` nor `Forces: ...`."""
    if content.lstrip("-").isdigit():
        return f"a count with no card name; write `{shown(content, 8)} NAME`", None, ()
    glued = re.match(r"^(-?\d+)(\S.*)$", content)
    if glued:
        card = look.card(glued.group(2))
        shape = f"{shown(glued.group(1), 8)} {card.name if card else 'NAME'}"
        return f"put a space between the count and the name: `{shape}`", None, ()
    last = _COUNT_LAST_RE.match(content)
    if last:
        count = shown(last.group(2) or last.group(3), 8)
        card = look.card(last.group(1))
        if card is not None:
            return f"write the count first: `{count} {card.name}`", None, ()
        hints = look.suggest("card", last.group(1))
        if hints:
            return f"write the count first: `{count} NAME`{_did_you_mean(hints)}", None, hints
    card = look.card(content)
    if card is not None:
        return f"no count: write `1 {card.name}` (or how many copies you want)", None, ()
    force = look.force(content)
    if force is not None:
        return f"a Force goes on the Forces line: `Forces: {force.name}, ...`", None, ()
    key = _KEY_RE.match(content)
    if key:
        message = (
            f"unknown key {shown(key.group(1), 24)!r}: the only key is `Forces:` (or `Powers:`); "
            "name the deck in a comment: `# name: ...`"
        )
        return message, None, ()
    hints = look.suggest("card", content)
    if hints:
        return f"no count: write `COUNT NAME`{_did_you_mean(hints)}", None, hints
    message = (
        "not a deck line: expected `COUNT NAME` (e.g. `3 Drill Golem`) or `Forces: NAME, NAME`"
    )
    return message, None, ()


def _copy_problems(card_lines: Sequence[_CardLine]) -> list[Problem]:
    """ZR 4.1: at most 3 copies of a name, unless the card says any number may be in a deck."""
    problems = []
    by_name: dict[str, list[_CardLine]] = {}
    for entry in card_lines:
        by_name.setdefault(normalize_name(entry.card.name), []).append(entry)
    for entries in by_name.values():
        card = entries[0].card
        limit = card.deck_limit
        if limit is None:
            continue
        copies = sum(e.count for e in entries)
        if copies <= limit:
            continue
        running = 0
        for entry in entries:  # point at the line that goes over the limit
            running += entry.count
            if running > limit:
                break
        lines = ", ".join(str(e.line) for e in entries)
        where = f" (lines {lines})" if len(entries) > 1 else ""
        problems.append(
            Problem(
                entry.line,
                f"{copies} copies of {card.name!r}{where}; a deck holds at most {limit} "
                "of a name (ZR 4.1)",
                entry.text,
                "ZR 4.1",
            )
        )
    return problems


def _force_problems(
    forces: Sequence[ForceDef], line: int, text: str, all_known: bool
) -> list[Problem]:
    """ZR 4.2 (two different Forces) and ZR 4.4 (their life at most 11 together)."""
    if not line:
        return [
            Problem(
                0,
                "no Forces line; add one naming two different Forces, e.g. "
                "`Forces: Force of Sin, Force of Triumph` (ZR 4.2)",
                text,
                "ZR 4.2",
            )
        ]
    problems = []
    if all_known and len(forces) != FORCE_COUNT:
        names = ", ".join(f.name for f in forces) or "none"
        problems.append(
            Problem(
                line,
                f"{_plural(len(forces), 'Force')} given ({names}); a deck has exactly two "
                "different Forces (ZR 4.2)",
                text,
                "ZR 4.2",
            )
        )
    times = Counter(f.id for f in forces)
    repeated = [f for f in forces if times[f.id] > 1]
    if repeated:
        problems.append(
            Problem(
                line,
                f"{repeated[0].name!r} is named twice; the two Forces must be different (ZR 4.2)",
                text,
                "ZR 4.2",
            )
        )
    if len(forces) == FORCE_COUNT:
        life = sum(f.life for f in forces)
        if life > MAX_FORCE_LIFE:
            parts = " + ".join(f"{f.name} {f.life}" for f in forces)
            problems.append(
                Problem(
                    line,
                    f"the Forces' life adds up to {life} ({parts}); at most {MAX_FORCE_LIFE}, "
                    "so that the player starts with at least 1 life (ZR 4.4)",
                    text,
                    "ZR 4.4",
                )
            )
    return problems


# ----------------------------------------------------------------------------------------------
# Explaining a legal deck


def summarize(deck: Deck) -> DeckSummary:
    """Counts by type and color, the cost curve, and the pips against the Base Minions' colors."""
    types = Counter(card.type for card in deck.cards)
    colors = Counter(card.color for card in deck.cards)
    bases = Counter(card.color for card in deck.cards if card.type == "base_minion")
    minions = Counter(c.cost for c in deck.cards if c.cost is not None and c.type != "magic")
    magic = Counter(c.cost for c in deck.cards if c.cost is not None and c.type == "magic")
    costs = set(minions) | set(magic)
    first, last = min(costs | {1}), max(costs, default=0)
    curve = tuple((cost, minions[cost], magic[cost]) for cost in range(first, last + 1))

    pips = []
    for color in PIP_COLORS:
        needs = [card.pip(color) for card in deck.cards if card.pip(color)]
        if needs:
            top_pips = max(needs)
            pips.append(PipNeed(color, top_pips, len(needs), needs.count(top_pips), bases[color]))
    fusion = next((f for f in deck.forces if _lets_colorless_pay(f)), None)
    warnings = []
    for need in pips:
        if need.payable:
            continue
        most = max(
            (c for c in deck.cards if c.pip(need.color) == need.max_pips), key=lambda c: c.id
        )
        if need.base_minions == 0:
            warning = (
                f"{_plural(need.cards, 'card')} need {need.color} mana (up to {need.max_pips} "
                f"pips), but the deck has no {need.color} Base Minion: colorless mana cannot pay "
                "a pip (ZR 6.1)"
            )
        else:
            warning = (
                f"{most.name} needs {need.max_pips} {need.color} pips, but the deck holds only "
                f"{_plural(need.base_minions, need.color + ' Base Minion')}"
            )
        if fusion is not None:
            warning += f"; {fusion.name} lets colorless mana pay Field Minion pips in your turn"
        warnings.append(warning)
    return DeckSummary(
        starting_life=deck.starting_life,
        by_type=tuple((t, types[t]) for t in DECK_TYPES if types[t]),
        by_color=tuple((c, colors[c]) for c in COLORS if colors[c]),
        curve=curve,
        base_minions=types["base_minion"],
        base_colors=tuple((c, bases[c]) for c in COLORS if bases[c]),
        pips=tuple(pips),
        warnings=tuple(warnings),
    )


def _lets_colorless_pay(force: ForceDef) -> bool:
    return any(step.do == "colorless_pays_pips" for e in force.effects for step in e.steps)


def curve_chart(summary: DeckSummary, width: int = 30) -> list[str]:
    """The cost curve as text bars: `#` a Field Minion, `+` a Magic card; Base Minions apart."""
    most = max((m + g for _, m, g in summary.curve), default=0)
    scale = max(1, -(-most // width))  # cards per character, rounded up
    rows = []
    for cost, minions, magic in summary.curve:
        bar = "#" * -(-minions // scale) + "+" * -(-magic // scale)
        words = []
        if minions:
            words.append(_plural(minions, "Field Minion"))
        if magic:
            words.append(f"{magic} Magic")
        label = f" {minions + magic:>2}" + (f"  ({', '.join(words)})" if words else "")
        rows.append(f"cost {cost:>2} |{bar:<{-(-most // scale)}}{label}")
    rows.append(f"no cost | {summary.base_minions} Base Minions (mana; not on the curve)")
    return rows


def type_label(card_type: str, count: int) -> str:
    label = TYPE_LABELS[card_type]
    return f"{count} {label if count == 1 or label == 'Magic' else label + 's'}"


# ----------------------------------------------------------------------------------------------
# Export


def export_deck(deck: Deck) -> str:
    """The canonical text of a deck: Forces by id, then `COUNT ID` lines sorted by id, each with
    its name in a comment. It parses back to the same deck."""
    lines = [f"# name: {deck.name}"]
    if deck.description:
        lines.append(f"# description: {deck.description}")
    ids, names = (", ".join(f.id for f in deck.forces), ", ".join(f.name for f in deck.forces))
    lines.append(f"Forces: {ids}  # {names}")
    width = max(len(card.id) for card, _ in deck.counts)
    for card, count in deck.counts:
        lines.append(f"{count:>2} {card.id:<{width}}  # {card.name}")
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------------------------
# Files


def read_deck_text(path: str | os.PathLike[str], source_name: str | None = None) -> str:
    """A deck file's text, or `DeckReadError` saying why it cannot be used (a FIFO or a device is
    refused without waiting on it: zenonzard_tui.files)."""
    source = source_name or os.fspath(path)
    try:
        data = read_limited(path, source, MAX_DECK_BYTES, "a deck file")
    except FileReadError as exc:
        raise DeckReadError(source, exc.reason) from None
    return decode_deck_bytes(data, source)


def decode_deck_bytes(data: bytes, source: str) -> str:
    """Deck text from bytes: UTF-8 (a byte-order mark is fine), not empty, not binary, <= 1 MB."""
    if len(data) > MAX_DECK_BYTES:
        raise DeckReadError(source, _too_large(len(data)))
    if not data.strip():
        raise DeckReadError(source, "is empty: no deck in it")
    if b"\0" in data:
        raise DeckReadError(source, "is a binary file, not a deck (it holds NUL bytes)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise DeckReadError(
            source,
            f"is not UTF-8 text (byte 0x{data[exc.start]:02x} at offset {exc.start}); "
            "save the deck as UTF-8",
        ) from None


def _too_large(size: int) -> str:
    return too_large(size, MAX_DECK_BYTES, "a deck file")


def read_deck_file(
    path: str | os.PathLike[str], source_name: str | None = None, pool: CardPool | None = None
) -> DeckReport:
    """Read and check one deck file; `DeckReadError` when it cannot be read."""
    source = source_name or os.fspath(path)
    return parse_deck(read_deck_text(path, source), source, pool)


def load_deck(path: str | os.PathLike[str], pool: CardPool | None = None) -> Deck:
    """A legal deck from a file, or a starter deck by its name (`load_deck("red-rush")`, as the
    command line takes it: `find_deck`); `DeckError` (with every problem) when unreadable or
    illegal. A `Path` is always a file (only a text may be a starter's name)."""
    file = path if isinstance(path, Path) else find_deck(os.fspath(path))
    return read_deck_file(file, pool=pool).require()


def deck_files(folder: str | os.PathLike[str]) -> list[Path]:
    """The `*.deck` files of a folder (not its sub-folders), sorted by name."""
    return sorted(p for p in Path(folder).glob("*" + DECK_SUFFIX) if p.is_file())


STARTERS = Path(__file__).resolve().parent / "starters"  # shipped with the package


def starter_files() -> list[Path]:
    """The starter decks that come with the package (`decks/` in a checkout points here)."""
    return deck_files(STARTERS)


def find_deck(spec: str) -> Path:
    """The deck file a command line names: a path, or a starter deck's name (`red-rush`).
    Raises DeckReadError naming the starters when it is neither."""
    path = Path(spec).expanduser()
    if os.path.exists(path) or path.suffix or "/" in spec or os.sep in spec:
        return path
    named = STARTERS / f"{spec}{DECK_SUFFIX}"
    if os.path.isfile(named):  # os.path: False, not OSError, for a name too long
        return named
    starters = ", ".join(f.stem for f in starter_files())
    raise DeckReadError(spec, f"no such deck file or starter deck (starters: {starters})")
