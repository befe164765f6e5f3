"""Load and validate the card pool: the TOML files in `cards/data/`, then the user's own card files
(`*.toml` in the `cards` folder of the user-data folder, `user_card_dir()`; docs/cards.md).

A bad record is rejected with a `CardDataError` naming the file, the line, the card (or Force) id
and the field. Scenario files reuse `parse_card` for their extra test cards.
"""

from __future__ import annotations

import difflib
import hashlib
import re
import tomllib
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from zenonzard_tui.cards import cache as pool_cache
from zenonzard_tui.cards import vocab
from zenonzard_tui.cards.model import (
    CARD_TYPES,
    COLORS,
    KEYWORDS,
    RARITIES,
    SETS,
    TIMINGS,
    CardDef,
    Effect,
    ForceDef,
    Selector,
    Step,
)
from zenonzard_tui.files import FileReadError, data_dir, read_limited
from zenonzard_tui.tomllines import Nth, find_line

DATA_DIR = Path(__file__).parent / "data"


class CardDataError(ValueError):
    """A card or Force record that cannot be used: its file, line (None when not known), id and
    field."""

    def __init__(
        self,
        file: str,
        card_id: str | None,
        field: str | None,
        problem: str,
        line: int | None = None,
        unreadable: bool = False,
    ):
        self.file, self.card_id, self.field, self.problem = file, card_id, field, problem
        self.line = line
        # the file could not be read at all (refused, too big, not UTF-8 text), not a record
        # in it that is wrong: `cards --check` exits 2 rather than 1
        self.unreadable = unreadable
        where = f"{file}:{line}" if line else file
        if card_id:
            where += f": card {card_id}"
        if field:
            where += f": field '{field}'"
        super().__init__(f"{where}: {problem}")


_QUOTES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"'})


@lru_cache(maxsize=4096)
def normalize_name(text: str) -> str:
    """The form names are compared in: case-insensitive, whitespace-tolerant, accents optional
    ("Alruna" is "Alrûna"), curly quotes as straight ones, "&" as "and". Kept once worked out:
    the rules compare names in play (a card "named X"), and the work is 60,000 instructions."""
    text = unicodedata.normalize("NFKD", text.translate(_QUOTES))
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    text = re.sub(r"\s+", " ", text.strip().casefold()).replace("&", " and ")
    text = re.sub(r"\s+", " ", text).strip()
    return re.sub(r"\s*-\s*", " - ", text)


def short_name(name: str) -> str | None:
    """The part of a titled name before its title ("Dyana" of "Dyana - The Reptile
    Pathfinder"), or None for a name without one."""
    head, sep, _ = name.partition(" - ")
    return head if sep and head.strip() else None


# ----------------------------------------------------------------------------------------------
# Record validation


class _Checker:
    """Validates one record, raising CardDataError with the file, id and field of a problem."""

    def __init__(self, file: str, card_id: str | None):
        self.file, self.card_id = file, card_id

    def fail(self, field: str | None, problem: str) -> None:
        raise CardDataError(self.file, self.card_id, field, problem)

    def value(self, field: str, value: Any, kind: Any) -> Any:
        """Check `value` against `kind`: a type, or a tuple of allowed values."""
        if isinstance(kind, tuple):
            if value not in kind:
                self.fail(field, f"{value!r} is not one of: {', '.join(map(str, kind))}")
            return value
        if kind == "names":  # a list of card names (the `names` filter)
            names = self.str_list(field, value)
            if not names:
                self.fail(field, "expected at least one name")
            return names
        if kind == "signed":
            if isinstance(value, bool) or not isinstance(value, int):
                self.fail(field, f"expected a whole number, got {value!r}")
            return value
        if kind == "colors":  # one or more colors: ["yellow", "colorless"]
            if not isinstance(value, list) or not value:
                self.fail(field, f"expected a list of colors, got {value!r}")
            return self.str_list(field, value, COLORS)
        if kind == "selector":
            return self.selector(field, value)
        if kind == "condition":  # a condition table, as `if` (modify's `instead_if`)
            return self.condition(field, value)
        if kind == "effect":  # an effect table, as in `effects` (gain_ability's), not passive
            effect = self.effect(field, value, "field_minion")
            if effect.when == "passive" or effect.watch is not None:
                self.fail(f"{field}.when", "a gained effect is a triggered effect of the minion")
            return effect
        if kind == "selectors":  # a list of selector tables (the `any_of` filter)
            if not isinstance(value, list) or not value:
                self.fail(field, f"expected a list of tables {{...}}, got {value!r}")
            return tuple(self.selector(f"{field}[{i}]", v) for i, v in enumerate(value))
        if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
            self.fail(field, f"expected a whole number, got {value!r}")
        if kind is int and value < 0:
            self.fail(field, f"must not be negative, got {value}")
        if kind is bool and not isinstance(value, bool):
            self.fail(field, f"expected true or false, got {value!r}")
        if kind is str and (not isinstance(value, str) or not value.strip()):
            self.fail(field, f"expected text, got {value!r}")
        return value

    def table(self, field: str, value: Any) -> Mapping[str, Any]:
        if not isinstance(value, dict):
            self.fail(field, f"expected a table {{...}}, got {value!r}")
        return value

    def str_list(self, field: str, value: Any, allowed: tuple | None = None) -> tuple[str, ...]:
        if not isinstance(value, list):
            self.fail(field, f"expected a list, got {value!r}")
        for item in value:
            if allowed is not None:
                self.value(field, item, allowed)
            else:
                self.value(field, item, str)
        if len(set(value)) != len(value):
            self.fail(field, "lists a value twice")
        return tuple(value)

    # -- effects -----------------------------------------------------------------------------

    def selector(self, field: str, raw: Any) -> Selector:
        raw = dict(self.table(field, raw))
        side = self.value(f"{field}.side", raw.pop("side", "any"), vocab.SIDES)
        zone = self.value(f"{field}.zone", raw.pop("zone", "field"), vocab.ZONES)
        count = raw.pop("count", 1)
        if count != "all":
            self.value(f"{field}.count", count, int)
            if count < 1:
                self.fail(f"{field}.count", 'must be at least 1 (or "all")')
        up_to = self.value(f"{field}.up_to", raw.pop("up_to", False), bool)
        other = self.value(f"{field}.other", raw.pop("other", False), bool)
        or_force = self.value(f"{field}.or_force", raw.pop("or_force", False), bool)
        filters = []
        for key, value in sorted(raw.items()):
            if key not in vocab.FILTERS:
                known = ", ".join(
                    ["side", "zone", "count", "up_to", "other", "or_force", *vocab.FILTERS]
                )
                self.fail(f"{field}.{key}", f"unknown selector term; known terms: {known}")
            filters.append((key, self.value(f"{field}.{key}", value, vocab.FILTERS[key])))
        return Selector(side, zone, count, up_to, other, or_force, tuple(filters))

    def condition(self, field: str, raw: Any) -> tuple[tuple[str, Any], ...]:
        raw = self.table(field, raw)
        out = []
        for key, value in sorted(raw.items()):
            if key not in vocab.CONDITIONS:
                self.fail(
                    f"{field}.{key}", f"unknown condition; known: {', '.join(vocab.CONDITIONS)}"
                )
            out.append((key, self.value(f"{field}.{key}", value, vocab.CONDITIONS[key])))
        keys = {k for k, _ in out}
        for key in sorted(keys):
            companion = vocab.COMPANIONS.get(key)
            if companion is not None and companion not in keys:
                self.fail(field, f"{companion} and {key} go together")
        for key, companion in vocab.COMPANIONS.items():
            if companion in keys and key not in keys:
                self.fail(field, f"{companion} and {key} go together")
        return tuple(out)

    def step(self, field: str, raw: Mapping[str, Any], passive: bool) -> Step:
        raw = dict(raw)
        do = raw.pop("do", None)
        if do is None:
            self.fail(f"{field}.do", "missing: every step says what it does")
        if not isinstance(do, str) or do not in vocab.STEPS:
            self.fail(f"{field}.do", f"unknown effect '{do}'; known: {', '.join(vocab.STEPS)}")
        if (do in vocab.STATIC_STEPS) != passive and do not in vocab.DUAL_STEPS:
            where = "only in" if do in vocab.STATIC_STEPS else "not in"
            self.fail(f"{field}.do", f"'{do}' belongs {where} a continuous (passive) effect")
        spec = vocab.STEPS[do]
        optional = self.value(f"{field}.optional", raw.pop("optional", False), bool)
        condition = self.condition(f"{field}.if", raw.pop("if")) if "if" in raw else ()
        target: Selector | str | None = None
        if "target" in raw:
            if "target" not in spec:
                self.fail(f"{field}.target", f"'{do}' takes no target")
            raw_target = raw.pop("target")
            if isinstance(raw_target, str):
                target = self.value(f"{field}.target", raw_target, vocab.TARGET_REFS)
            else:
                target = self.selector(f"{field}.target", raw_target)
        elif do in vocab.TARGETED:
            self.fail(f"{field}.target", f"'{do}' needs a target")
        params = []
        for key, value in sorted(raw.items()):
            kind = spec.get(key)
            if kind is None or kind == "target":
                known = ", ".join(["do", "if", "optional", *spec]) if spec else "do, if, optional"
                self.fail(f"{field}.{key}", f"unknown term for '{do}'; known: {known}")
            if kind == "keywords":
                value = self.str_list(f"{field}.{key}", value, KEYWORDS)
            elif kind == "selector":
                value = self.selector(f"{field}.{key}", value)
            elif kind == "duration":
                value = self.value(f"{field}.{key}", value, vocab.DURATIONS)
            elif kind == "effect":  # what a minion gains (gain_ability): triggered
                value = self.effect(f"{field}.{key}", value, "field_minion")
                if value.when == "passive" or value.watch is not None:
                    self.fail(
                        f"{field}.{key}.when", "a gained effect is a triggered effect of the minion"
                    )
            else:
                value = self.value(f"{field}.{key}", value, kind)
            params.append((key, value))
        for key in sorted(vocab.REQUIRED.get(do, frozenset()) - {k for k, _ in params}):
            self.fail(f"{field}.{key}", f"missing: '{do}' needs {key}")
        if do == "modify":
            keys = {k for k, _ in params}
            if ("instead_if" in keys) != bool(keys & {"instead_bp", "instead_dp"}):
                self.fail(f"{field}.instead_if", "instead_if and instead_bp/instead_dp go together")
            if keys.isdisjoint(MODIFY_CHANGES):
                self.fail(field, f"'modify' changes nothing: give {', '.join(MODIFY_CHANGES)}")
            once = MODIFY_ONE_SHOT & keys
            if passive and once:  # ZR 10.6: original-value and set-to changes are one-shot
                self.fail(
                    f"{field}.{sorted(once)[0]}", "only in a one-shot (triggered or Magic) effect"
                )
        return Step(do, target, tuple(params), condition, optional)

    def effect(self, field: str, raw: Any, card_type: str | None) -> Effect:
        raw = dict(self.table(field, raw))
        when = raw.pop("when", None)
        if when is None:
            self.fail(
                f"{field}.when", "missing: say when the effect works (a trigger, cast or passive)"
            )
        also: tuple[str, ...] = ()
        if isinstance(when, list):  # ZR 10.9: a combined label "[A] & [B]"
            labels = self.str_list(f"{field}.when", when, tuple(vocab.TRIGGERS))
            if len(labels) < 2 or any(
                w in ("cast", "passive") or w in vocab.WHENEVER_TRIGGERS for w in labels
            ):
                self.fail(
                    f"{field}.when",
                    "a list of triggers is a combined label: two or more, none of them cast, "
                    "passive or a whenever trigger",
                )
            when, also = labels[0], labels[1:]
        self.value(f"{field}.when", when, tuple(vocab.TRIGGERS))
        # ZR 12.1: a Magic card's own cost effect works in the hand (<Hand> [Passive])
        hand_cost = card_type == "magic" and when == "passive" and raw.get("zone") == "hand"
        if (when == "cast") != (card_type == "magic") and not hand_cost:
            self.fail(
                f"{field}.when",
                "'cast' is for Magic cards, and Magic cards use only 'cast' (and <Hand> passive "
                "cost effects)",
            )
        during = raw.pop("during", None)
        if during is not None:
            self.value(f"{field}.during", during, tuple(vocab.DURING))
        zone = raw.pop("zone", None)
        if zone is not None:
            self.value(f"{field}.zone", zone, ("field", "base", "hand", "trash", "boost"))
            if zone == "boost" and when == "passive":  # ZR 17.4
                self.fail(f"{field}.zone", "a <Boost Ability> is a keyword or a triggered ability")
        watch = self.selector(f"{field}.watch", raw.pop("watch")) if "watch" in raw else None
        if (watch is not None) != (when in vocab.WHENEVER_TRIGGERS):
            self.fail(
                f"{field}.watch",
                f"'watch' goes with the triggers {', '.join(sorted(vocab.WHENEVER_TRIGGERS))}, and they need it",
            )
        condition = self.condition(f"{field}.if", raw.pop("if")) if "if" in raw else ()
        no_stack = self.value(f"{field}.no_stack", raw.pop("no_stack", False), bool)
        passive = when == "passive"
        if "steps" in raw:
            raw_steps = raw.pop("steps")
            if not isinstance(raw_steps, list) or not raw_steps:
                self.fail(f"{field}.steps", "expected a non-empty list of steps")
            if raw:
                self.fail(f"{field}.{next(iter(raw))}", "with 'steps', put this term inside a step")
            steps = tuple(
                self.step(f"{field}.steps[{i}]", self.table(f"{field}.steps[{i}]", s), passive)
                for i, s in enumerate(raw_steps)
            )
        else:
            steps = (self.step(field, raw, passive),)
        return Effect(when, steps, during, zone, watch, condition, no_stack, also)

    def effects(self, raw: Any, card_type: str | None) -> tuple[Effect, ...]:
        if not isinstance(raw, list):
            self.fail("effects", "expected a list of effects")
        return tuple(self.effect(f"effects[{i}]", e, card_type) for i, e in enumerate(raw))


# `modify` must change something; original-value and set-to changes are one-shot (ZR 10.6)
MODIFY_ONE_SHOT = frozenset(("original_bp", "original_dp", "set_bp", "set_dp"))
MODIFY_CHANGES = ("bp", "dp", "grant", *sorted(MODIFY_ONE_SHOT))

CARD_FIELDS = {
    "id", "name", "type", "color", "colors", "cost", "pips", "bp", "dp", "classes", "rarity", "set",
    "keywords", "timing", "deck_limit", "effects", "estimated", "unsupported", "boost",
    "boost_ability",
}  # fmt: skip
FORCE_FIELDS = {"id", "name", "creature", "life", "effects", "era"}


# A user's own set (docs/cards.md): a short code of capitals and digits, e.g. "PC02" or "FAN1"
USER_SET = re.compile(r"[A-Z][A-Z0-9]{1,9}")


def parse_card(raw: Any, file: str, user: bool = False) -> CardDef:
    """Validate one `[[card]]` record and build its definition. `user`: a card of the user's own
    files, which may name a set of its own (`USER_SET`)."""
    card_id = raw.get("id") if isinstance(raw, dict) else None
    check = _Checker(file, card_id if isinstance(card_id, str) else None)
    raw = dict(check.table("card", raw))
    for key in raw:
        if key not in CARD_FIELDS:
            check.fail(key, f"unknown field; known fields: {', '.join(sorted(CARD_FIELDS))}")
    for key in ("id", "name", "type", "color"):
        if key not in raw:
            check.fail(key, "missing")
    card_id = check.value("id", raw["id"], str)
    if not re.fullmatch(r"[a-z0-9_]+", card_id):
        check.fail("id", "use lower-case letters, digits and '_' only")
    name = check.value("name", raw["name"], str)
    if not name.isprintable():  # a scenario's card: its name reaches the screen (issue 20)
        check.fail("name", f"a card's name is printable text (no control characters), not {name!r}")
    ctype = check.value("type", raw["type"], CARD_TYPES)
    color = check.value("color", raw["color"], COLORS)
    colors: tuple[str, ...] = (color,)
    if "colors" in raw:  # a card of several colors (later sets): `color` is the first
        colors = check.str_list("colors", raw["colors"], COLORS)
        if len(colors) < 2 or len(set(colors)) != len(colors) or "colorless" in colors:
            check.fail("colors", "two or more different colors, none of them colorless")
        if colors[0] != color:
            check.fail("colors", f"the first of the colors is the card's `color` ({color})")

    cost = raw.get("cost")
    if ctype == "base_minion":
        if cost is not None:
            check.fail("cost", "a Base Minion has no cost (ZR 2.2)")
    elif cost is None:
        check.fail("cost", "missing")
    else:
        check.value("cost", cost, int)

    pips_raw = check.table("pips", raw.get("pips", {}))
    pips = []
    for pcolor, n in sorted(pips_raw.items()):
        check.value("pips", pcolor, tuple(c for c in COLORS if c != "colorless"))
        check.value(f"pips.{pcolor}", n, int)
        if n > 0:
            pips.append((pcolor, n))
    if pips and (cost is None or sum(n for _, n in pips) > cost):
        check.fail("pips", "the coloured part is larger than the cost")

    stats = {}
    for key in ("bp", "dp"):
        if key in raw:
            if ctype == "magic":
                check.fail(key, "a Magic card has no BP or DP")
            stats[key] = check.value(key, raw[key], int)
        elif ctype in ("field_minion", "base_minion"):
            check.fail(key, "missing")

    timing: tuple[str, ...] = ()
    if ctype == "magic":
        if "timing" not in raw:
            check.fail("timing", "missing: a Magic card says [Main], [Flash] or both")
        timing = check.str_list("timing", raw["timing"], TIMINGS)
        if not timing:
            check.fail("timing", "must not be empty")
        timing = tuple(t for t in TIMINGS if t in timing)
    elif "timing" in raw:
        check.fail("timing", "only Magic cards have a timing")

    limit = raw.get("deck_limit", 3)
    if limit == "any":
        limit = None
    else:
        check.value("deck_limit", limit, int)

    effects = check.effects(raw.get("effects", []), ctype)
    boost, boost_ability = _boost(check, raw, ctype)
    for i, effect in enumerate(effects):
        if effect.zone == "boost" and boost is None:  # ZR 17.4: an ability it gives when attached
            check.fail(
                f"effects[{i}].zone", "only a Boost card (one with `boost`) has a <Boost Ability>"
            )
    return CardDef(
        id=card_id,
        name=name,
        type=ctype,
        color=color,
        colors=colors,
        cost=cost,
        pips=tuple(pips),
        bp=stats.get("bp"),
        dp=stats.get("dp"),
        classes=check.str_list("classes", raw.get("classes", [])),
        rarity=check.value("rarity", raw.get("rarity", "Basic"), RARITIES),
        set=_card_set(check, raw.get("set", "BASIC"), user),
        keywords=check.str_list("keywords", raw.get("keywords", []), KEYWORDS),
        timing=timing,
        deck_limit=limit,
        effects=effects,
        boost=boost,
        boost_ability=boost_ability,
        estimated=check.value("estimated", raw.get("estimated", False), bool),
        unsupported=(
            check.value("unsupported", raw["unsupported"], str) if "unsupported" in raw else ""
        ),
        file=file,
    )


def _card_set(check: _Checker, value: Any, user: bool) -> str:
    if user and isinstance(value, str) and value not in SETS:
        if not USER_SET.fullmatch(value):
            check.fail("set", f'a set of your own is a short code such as "FAN1", not {value!r}')
        return value
    return str(check.value("set", value, tuple(SETS)))


def _boost(check: _Checker, raw: Mapping[str, Any], ctype: str) -> tuple[Selector | None, tuple]:
    """A Boost card's condition and <Boost Ability> (ZR 17.1, ZR 17.4): `boost` a table of the
    Boost condition terms (`{}`: no conditions), only on a Base Minion; `boost_ability` keywords,
    only with `boost`."""
    from zenonzard_tui.cards.terms.boost import BOOST_CONDITIONS

    ability = check.str_list("boost_ability", raw.get("boost_ability", []), KEYWORDS)
    if "boost" not in raw:
        if ability:
            check.fail(
                "boost_ability", "only a Boost card (one with `boost`) has a <Boost Ability>"
            )
        return None, ()
    if ctype != "base_minion":
        check.fail("boost", "only a Base Minion is a Boost card (ZR 17.1)")
    table = check.table("boost", raw["boost"])
    filters = []
    for key, value in sorted(table.items()):
        if key not in BOOST_CONDITIONS:
            known = ", ".join(BOOST_CONDITIONS)
            check.fail(f"boost.{key}", f"unknown Boost condition; known: {known} (none: {{}})")
        filters.append((key, check.value(f"boost.{key}", value, vocab.FILTERS[key])))
    return Selector(filters=tuple(filters)), ability


def parse_force(raw: Any, file: str) -> ForceDef:
    """Validate one `[[force]]` record and build its definition."""
    force_id = raw.get("id") if isinstance(raw, dict) else None
    check = _Checker(file, force_id if isinstance(force_id, str) else None)
    raw = dict(check.table("force", raw))
    for key in raw:
        if key not in FORCE_FIELDS:
            check.fail(key, f"unknown field; known fields: {', '.join(sorted(FORCE_FIELDS))}")
    for key in ("id", "name", "creature", "life"):
        if key not in raw:
            check.fail(key, "missing")
    life = check.value("life", raw["life"], int)
    if not 1 <= life <= 10:
        check.fail("life", f"a Force's life is 1 to 10, got {life}")
    return ForceDef(
        id=check.value("id", raw["id"], str),
        name=check.value("name", raw["name"], str),
        creature=check.value("creature", raw["creature"], str),
        life=life,
        effects=check.effects(raw.get("effects", []), None),
        era=check.value("era", raw.get("era", "launch"), ("launch", "later")),
        file=file,
    )


# ----------------------------------------------------------------------------------------------
# The pool


@dataclass(frozen=True)
class CardPool:
    """All card and Force definitions, with lookups by id and by name."""

    cards: Mapping[str, CardDef]
    forces: Mapping[str, ForceDef]
    version: str

    def __post_init__(self) -> None:
        by_name: dict[str, CardDef] = {}
        for card in self.cards.values():
            by_name.setdefault(normalize_name(card.name), card)
        # a titled card also goes by its short name when no other card has it ("Sams", as deck
        # lists of the time wrote it)
        shorts: dict[str, list[CardDef]] = {}
        for card in self.cards.values():
            short = short_name(card.name)
            if short is not None:
                shorts.setdefault(normalize_name(short), []).append(card)
        for key, cards in shorts.items():
            if len({c.name for c in cards}) == 1 and key not in by_name:
                by_name[key] = cards[0]
        forces_by_name: dict[str, ForceDef] = {}
        for force in self.forces.values():
            forces_by_name[normalize_name(force.name)] = force
            forces_by_name.setdefault(normalize_name(force.creature), force)
        object.__setattr__(self, "_by_name", by_name)
        object.__setattr__(self, "_forces_by_name", forces_by_name)

    def card(self, name_or_id: str) -> CardDef | None:
        """A card by id or by name (case-insensitive, whitespace-tolerant)."""
        found = self.cards.get(name_or_id.strip())
        return found or self._by_name.get(normalize_name(name_or_id))  # type: ignore[attr-defined]

    def force(self, name_or_id: str) -> ForceDef | None:
        """A Force by id, by name ("Force of Sin") or by creature ("Cyclops")."""
        key = name_or_id.strip()
        found = self.forces.get(key) or self.forces.get(f"force_{key.casefold()}")
        return found or self._forces_by_name.get(normalize_name(key))  # type: ignore[attr-defined]

    def closest_cards(self, text: str, n: int = 3) -> list[str]:
        """Names of the cards closest to `text`, for "did you mean" hints."""
        names = {normalize_name(c.name): c.name for c in self.cards.values()}
        hits = difflib.get_close_matches(normalize_name(text), list(names), n=n, cutoff=0.5)
        return [names[h] for h in hits]

    def closest_forces(self, text: str, n: int = 3) -> list[str]:
        names = {normalize_name(f.name): f.name for f in self.forces.values()}
        names.update({normalize_name(f.creature): f.name for f in self.forces.values()})
        hits = difflib.get_close_matches(normalize_name(text), list(names), n=n, cutoff=0.5)
        return list(dict.fromkeys(names[h] for h in hits))


MAX_CARD_FILE_BYTES = 4 * 1024 * 1024  # a user's card file; the largest shipped one is ~60 kB
USER_CARDS = "cards"  # the folder of the user's own card files, in the user-data folder


def user_card_dir() -> Path:
    """Where the user's own card files are read from: `cards` in the user-data folder."""
    return data_dir() / USER_CARDS


def user_card_files(folder: Path | None = None) -> list[Path]:
    """The user's card files (`*.toml`, sorted), none when the folder is not there."""
    folder = user_card_dir() if folder is None else folder
    try:
        return sorted(p for p in folder.glob("*.toml") if not p.name.startswith("."))
    except OSError:
        return []


def _top_field(field: str | None) -> str | None:
    """The key a field path starts with: "effects[0].token" -> "effects", "pips.blue" -> "pips"."""
    return None if field is None else re.split(r"[.\[]", field, maxsplit=1)[0]


def _with_line(exc: CardDataError, text: str, header: str, n: int) -> CardDataError:
    """The error with the line of its field in the n-th `header` record of `text` (or of the
    record itself when the field is not written there)."""
    line = find_line(text, (Nth(header, n),), _top_field(exc.field)) or find_line(
        text, (Nth(header, n),)
    )
    return CardDataError(exc.file, exc.card_id, exc.field, exc.problem, line)


def load_pool_from(
    paths: Iterable[Path], cache_folder: Path | None = None, user_paths: Iterable[Path] = ()
) -> CardPool:
    """Read card files; every id must be unique across them. `user_paths`: the user's own card
    files, read after the shipped ones, named by their whole path in messages; they count in the
    pool's version. `cache_folder`: a folder where what TOML made of the files is kept, keyed by
    their digest (cards/cache.py): read from there when the files are the same, and kept there
    after a load without an error."""
    cards: dict[str, CardDef] = {}
    forces: dict[str, ForceDef] = {}
    digest = hashlib.sha256()
    # (the name in the version and the cache, the name in messages, the bytes, a user's file)
    files = [(path.name, path.name, path.read_bytes(), False) for path in sorted(paths)]
    for path in user_paths:
        try:
            data = read_limited(path, str(path), MAX_CARD_FILE_BYTES, "a card file")
        except FileReadError as exc:
            raise CardDataError(str(path), None, None, exc.reason, unreadable=True) from None
        files.append((f"{USER_CARDS}/{path.name}", str(path), data, True))
    for name, _, data, _ in files:
        digest.update(name.encode() + b"\0" + data)
    version = digest.hexdigest()[:12]
    names = [name for name, _, _, _ in files]
    kept = None if cache_folder is None else pool_cache.read(cache_folder, version, names)
    docs = []
    for i, (_, shown, data, user) in enumerate(files):
        text = data.decode("utf-8", errors="replace")
        if kept is not None:
            doc = kept[i]
        else:
            try:
                doc = tomllib.loads(data.decode("utf-8"))
            except UnicodeDecodeError as exc:
                raise CardDataError(
                    shown, None, None, f"not UTF-8 text: {exc.reason}", unreadable=True
                ) from None
            except tomllib.TOMLDecodeError as exc:
                # (3.11's error has no line attribute; its message says "at line N")
                at = re.search(r"\(at line (\d+), column \d+\)$", str(exc))
                problem = str(exc)[: at.start()].rstrip() if at else str(exc)
                line = int(at.group(1)) if at else None
                raise CardDataError(shown, None, None, f"not valid TOML: {problem}", line) from None
        docs.append(doc)
        for key in doc:
            if key not in ("card", "force"):
                raise CardDataError(
                    shown, None, key, "unknown table; a card file holds [[card]] and [[force]]",
                    find_line(text, (), key) or find_line(text, (f"[{key}]",)),
                )  # fmt: skip
        for key in ("card", "force"):
            if not isinstance(doc.get(key, []), list):
                raise CardDataError(
                    shown, None, key, f"expected an array of tables: write [[{key}]]",
                    find_line(text, (), key) or find_line(text, (f"[{key}]",)),
                )  # fmt: skip
        for n, raw in enumerate(doc.get("card", []), 1):
            try:
                card = parse_card(raw, shown, user)
                if card.id in cards or card.id in forces:
                    other = cards[card.id].file if card.id in cards else forces[card.id].file
                    raise CardDataError(shown, card.id, "id", f"duplicate id (also in {other})")
            except CardDataError as exc:
                raise _with_line(exc, text, "[[card]]", n) from None
            cards[card.id] = card
        for n, raw in enumerate(doc.get("force", []), 1):
            try:
                force = parse_force(raw, shown)
                if force.id in forces or force.id in cards:
                    other = forces[force.id].file if force.id in forces else cards[force.id].file
                    raise CardDataError(shown, force.id, "id", f"duplicate id (also in {other})")
            except CardDataError as exc:
                raise _with_line(exc, text, "[[force]]", n) from None
            forces[force.id] = force
    _check_references(cards)
    if cache_folder is not None and kept is None:
        pool_cache.write(cache_folder, version, names, docs)
    return CardPool(cards, forces, version=version)


def _check_references(cards: Mapping[str, CardDef]) -> None:
    """Tokens named by create_token must exist and be tokens; a token without BP or DP gets them
    from the step that creates it."""
    for card in cards.values():
        for i, effect in enumerate(card.effects):
            for j, step in enumerate(effect.steps):
                token = step.param("token")
                if token is None:
                    continue
                field = (
                    f"effects[{i}].token"
                    if len(effect.steps) == 1
                    else f"effects[{i}].steps[{j}].token"
                )
                if token not in cards or not cards[token].is_token:
                    raise CardDataError(
                        card.file, card.id, field, f"'{token}' is not a Token Minion of the pool"
                    )
                for stat in ("bp", "dp"):
                    if getattr(cards[token], stat) is None and step.param(stat) is None:
                        raise CardDataError(
                            card.file,
                            card.id,
                            field[: -len("token")] + stat,
                            f"'{token}' has no {stat.upper()}: the step that creates it must give {stat}",
                        )


@cache
def load_pool() -> CardPool:
    """The card pool: the package's card files and the user's own (`user_card_dir()`), loaded
    once per process (what TOML made of the files kept in the user's cache folder,
    cards/cache.py)."""
    return load_pool_from(DATA_DIR.glob("*.toml"), pool_cache.cache_dir(), user_card_files())
