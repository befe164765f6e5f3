"""Actions and decisions: what a player may do at a decision point, with stable texts.

An `Action` is plain data (`kind`, `args`); its text (`attack Drill Golem -> player`) is written by
the game that listed it, the same text the log, scenarios, replays, tests and the UI use
(docs/scenarios.md, "Action texts").
"""

from __future__ import annotations

import re
from typing import Final

# Decision kinds
MULLIGAN: Final = "mulligan"  # ZR 5.2
MANA: Final = "mana"  # ZR 5.5
MAIN: Final = "main"  # ZR 5.6
PRIORITY: Final = "priority"  # ZR 8.3 Flash window
BLOCK: Final = "block"  # ZR 8.4
CHOICE: Final = "choice"  # a choice inside an effect or a limit


class Action:
    """One legal action. `args` holds uids and option tuples; `text` is filled by the game."""

    __slots__ = ("args", "kind", "text")

    def __init__(self, kind: str, args: tuple = (), text: str = "") -> None:
        self.kind, self.args, self.text = kind, args, text

    def key(self) -> tuple:
        return (self.kind, self.args)

    # What the action names, by kind (read these rather than `args` by position).

    @property
    def uid(self) -> int | None:
        """The card it plays or moves, the attacker or the blocker: summon, cast, mana, advance,
        retreat, attack, block. None for the other kinds."""
        if self.kind in _CARD_KINDS:
            return self.args[0]
        return None

    @property
    def target(self) -> tuple | None:
        """An attack's target: ("p",) the player, ("f", index) a Force of the defender."""
        return self.args[1] if self.kind == "attack" else None

    @property
    def option(self) -> tuple | None:
        """A choice's option: ("c", uid) a card, ("f", seat, index) a Force, ("p", seat) a player,
        ("color", name) a color, ("force", id) one of all the Forces of the pool (Memoria),
        ("none",) declining, ("yes",) doing a "may" that chooses nothing."""
        return self.args[0] if self.kind == "choose" else None

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards a mulligan puts back."""
        return self.args if self.kind == "mulligan" else ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and self.key() == other.key()

    def __hash__(self) -> int:
        return hash(self.key())

    def __repr__(self) -> str:
        return f"Action({self.text or self.kind!r})"

    def __str__(self) -> str:
        return self.text or self.kind


_CARD_KINDS: Final = frozenset({"summon", "cast", "mana", "advance", "retreat", "attack", "block"})


class Decision:
    """Who decides now, and what kind of decision it is. `ctx` is immutable data for the kind."""

    __slots__ = ("ctx", "kind", "seat")

    def __init__(self, kind: str, seat: int, ctx: object = None) -> None:
        self.kind, self.seat, self.ctx = kind, seat, ctx

    def __repr__(self) -> str:
        return f"Decision({self.kind}, seat={self.seat})"


class Choice:
    """The context of a CHOICE decision: the options, how many to pick, and what to do next.

    `cont` is a task tuple; the chosen options are appended to it as one tuple when the choice is
    complete. Options are ("c", uid) a card, ("f", seat, index) a Force, ("p", seat) a player,
    ("color", name) a color, ("none",) declining.
    """

    __slots__ = ("chosen", "cont", "max", "min", "options", "purpose")

    def __init__(self, purpose: str, options: tuple, min_: int, max_: int, cont: tuple,
                 chosen: tuple = ()) -> None:  # fmt: skip
        self.purpose, self.options, self.min, self.max = purpose, options, min_, max_
        self.cont, self.chosen = cont, chosen


class ActionError(ValueError):
    """An action that cannot be applied now; the game is left unchanged."""


class IllegalAction(ActionError):
    """An action (or a text) that names no legal action now."""


class AmbiguousAction(ActionError):
    """A text that names more than one legal action (an owner prefix left out)."""


def normalize_text(text: str) -> str:
    """Action texts compare case-insensitively, with runs of spaces collapsed."""
    return re.sub(r"\s+", " ", text.strip()).casefold()


_PREFIX: Final = re.compile(r"(?<![\w:])[ab]:", re.IGNORECASE)


def strip_owner_prefixes(text: str) -> str:
    return _PREFIX.sub("", text)


def prefixes_optional(full_text: str) -> re.Pattern[str]:
    """A pattern matching `full_text` (every owner prefix written) with any of its owner
    prefixes left out, and no other: a written prefix must be the one of the full text."""
    parts = []
    last = 0
    for m in _PREFIX.finditer(full_text):
        parts.append(re.escape(full_text[last : m.start()]))
        parts.append(f"(?:{re.escape(m.group(0))})?")
        last = m.end()
    parts.append(re.escape(full_text[last:]))
    return re.compile("".join(parts))
