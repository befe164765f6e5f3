"""Scenario files: a board position, a script of actions, and what must hold afterwards.

The format is docs/scenarios.md. `load_scenario(path)` reads and checks a file (a problem
raises `ScenarioError` with the file, the line where it can be found, and what is wrong);
`run_scenario(scenario)` plays the script through the engine and returns a `ScenarioResult`: passed,
or the first failing check with its step, key, expected and actual values.

Everything a file says is checked when it is loaded: the position, every expectation key and
value, and every action text (a text that does not parse, or that names a card that is nowhere in
the game, is an error of the file, never a silent pass).
"""

from __future__ import annotations

import json
import re
import tomllib
import traceback
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, NoReturn, TypeVar

from zenonzard_tui.cards.loader import CardDataError, load_pool, normalize_name, parse_card
from zenonzard_tui.cards.model import CardDef
from zenonzard_tui.engine import effects as fx
from zenonzard_tui.engine.actions import (
    ActionError,
    Choice,
    strip_owner_prefixes,
)
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.position import (
    CardLookup,
    PositionError,
    catalog_with,
    game_from_position,
)
from zenonzard_tui.engine.state import Options
from zenonzard_tui.files import MAX_FILE_BYTES, FileReadError, read_limited
from zenonzard_tui.tomllines import Nth, find_line

SEATS = ("A", "B")
MAX_SCENARIO_BYTES = MAX_FILE_BYTES
MAX_PROBLEM = 1000  # characters of a problem shown: a value in the message may be huge
TOP_KEYS = ("name", "rules", "options", "card", "state", "step", "expect")
STEP_KEYS = ("do", "illegal", "expect")
ZONES = ("hand", "deck", "base", "field", "trash")
PHASE_NAMES = ("mulligan", "standby", "mana", "main", "end", "over")
MANA_COLORS = ("red", "yellow", "white", "green", "blue", "purple")
DECISION_WORDS = {
    "mulligan": "mulligan (ZR 5.2)",
    "mana": "mana phase (ZR 5.5)",
    "main": "main phase (ZR 5.6)",
    "priority": "Flash priority (ZR 8.3)",
    "block": "block step (ZR 8.4)",
    "choice": "choice",
}


class ScenarioError(ValueError):
    """A scenario file that cannot be used: file, line (or None) and the problem."""

    def __init__(self, file: str, line: int | None, problem: str) -> None:
        if len(problem) > MAX_PROBLEM:
            problem = problem[: MAX_PROBLEM - 1] + "…"
        self.file, self.line, self.problem = file, line, problem
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {problem}")


# ----------------------------------------------------------------------------------------------
# The parsed file


@dataclass(frozen=True)
class Check:
    """One expectation: `key` as written, what it looks at, and the expected value."""

    key: str
    kind: str  # zone, stat, forces, force_rested, slot, winner, phase, active, pending, legal, not_legal
    expected: Any
    seat: int | None = None
    zone: str | None = None
    index: int | None = None  # from 1
    attr: str | None = None
    line: int | None = None


@dataclass(frozen=True)
class ScriptStep:
    number: int  # from 1
    do: str
    illegal: bool
    checks: tuple[Check, ...]
    line: int | None


@dataclass
class Scenario:
    path: str
    name: str
    rules: tuple[str, ...]
    options: Options
    cards: Mapping[str, CardDef]  # the pool plus the extra cards
    state: dict
    text: str
    steps: tuple[ScriptStep, ...]
    checks: tuple[Check, ...]
    extra_cards: tuple[str, ...] = ()

    def new_game(self) -> Game:
        return game_from_position(self.state, self.cards, self.options, self.path, self.text)


@dataclass
class ScenarioResult:
    scenario: Scenario
    passed: bool
    step: int | None = None  # the failing step (from 1); None: the final [expect]
    key: str = ""  # the failing expectation key ("do" when the step's action failed)
    expected: Any = None
    actual: Any = None
    message: str = ""
    game: Game | None = field(default=None, repr=False)

    @property
    def where(self) -> str:
        return "final [expect]" if self.step is None else f"step {self.step}"


# ----------------------------------------------------------------------------------------------
# Loading


def load_scenario(path: str | Path) -> Scenario:
    """Read and check a scenario file. Raises ScenarioError (file, line, problem). A FIFO, a
    device or a file over MAX_SCENARIO_BYTES is refused without reading it (zenonzard_tui.files)."""
    source = str(path)
    try:
        data = read_limited(path, source, MAX_SCENARIO_BYTES, "a scenario file")
    except FileReadError as exc:
        raise ScenarioError(source, None, exc.reason) from None
    try:
        text = data.decode("utf-8-sig")  # a byte-order mark is fine, as in deck files
    except UnicodeDecodeError as exc:
        raise ScenarioError(source, None, f"not UTF-8 text: {exc}") from None
    return parse_scenario(text, source)


def parse_scenario(text: str, source: str = "<scenario>") -> Scenario:
    """Parse and check a scenario from its text. Raises ScenarioError."""
    try:
        doc = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column \d+\)", msg)
        line = int(m.group(1)) if m else None
        raise ScenarioError(source, line, f"not valid TOML: {msg}") from None
    except RecursionError:
        raise ScenarioError(
            source, None, "arrays or tables nested too deeply (a scenario nests a few levels)"
        ) from None
    except ValueError:  # Python's limit on the digits of a whole number
        long = re.search(r"\d{100,}", text)
        line = text.count("\n", 0, long.start()) + 1 if long else None
        raise ScenarioError(
            source,
            line,
            "a number far too long (thousands of digits); whole numbers in a "
            "scenario have at most 20",
        ) from None
    try:
        return _Reader(source, text).read(doc)
    except RecursionError:  # a value nested deeply enough to parse, but not to be shown
        raise ScenarioError(source, None, "a value nested too deeply") from None


class _Reader:
    def __init__(self, source: str, text: str) -> None:
        self.source, self.text = source, text

    def fail(self, problem: str, headers=(), key=None, value=None) -> NoReturn:
        raise ScenarioError(self.source, find_line(self.text, headers, key, value), problem)

    def read(self, doc: dict) -> Scenario:
        for key in doc:
            if key not in TOP_KEYS:
                self.fail(f"unknown top-level field '{key}'; known: {', '.join(TOP_KEYS)}", (), key)
        name = doc.get("name")
        if not isinstance(name, str) or not name.strip():
            self.fail("'name' is missing or empty: every scenario has a name", (), "name")
        rules = doc.get("rules", [])
        if not isinstance(rules, list) or not all(isinstance(r, str) for r in rules):
            self.fail("'rules' must be a list of texts like \"ZR 8.5\"", (), "rules")

        raw_options = doc.get("options", {})
        if not isinstance(raw_options, dict):
            self.fail("[options] must be a table", (), "options")
        try:
            options = Options.from_mapping(raw_options)
        except ValueError as exc:
            bad = next((k for k in raw_options if k not in Options.names()), None)
            self.fail(f"[options]: {exc}", ("[options]",), bad)

        extra: dict[str, CardDef] = {}
        raw_cards = doc.get("card", [])
        if not isinstance(raw_cards, list):
            self.fail("extra cards are written [[card]]", (), "card")
        pool = load_pool()
        for i, raw in enumerate(raw_cards):
            headers = (Nth("[[card]]", i + 1),)
            try:
                card = parse_card(raw, self.source)
            except CardDataError as exc:
                self.fail(
                    f"[[card]] #{i + 1}: {exc.problem}"
                    + (f" (field '{exc.field}')" if exc.field else ""),
                    headers,
                    exc.field,
                )
            if card.id in pool.cards or card.id in extra:
                self.fail(f"[[card]] #{i + 1}: the id '{card.id}' is already taken", headers, "id")
            extra[card.id] = card
        cards = catalog_with(extra)

        if "state" not in doc:
            self.fail("[state] is missing: a scenario starts from a position")
        try:
            game = game_from_position(doc["state"], cards, options, self.source, self.text)
        except PositionError as exc:
            raise ScenarioError(exc.file, exc.line, exc.problem) from None

        names = _Names(game, cards)
        lookup = CardLookup(cards)
        raw_steps = doc.get("step", [])
        if not isinstance(raw_steps, list):
            self.fail("script steps are written [[step]]", (), "step")
        steps = []
        for i, raw in enumerate(raw_steps):
            headers = (Nth("[[step]]", i + 1),)
            what = f"step {i + 1}"
            if not isinstance(raw, dict):
                self.fail(f"{what}: expected a table", headers)
            for key in raw:
                if key not in STEP_KEYS:
                    self.fail(
                        f"{what}: unknown field '{key}'; known: {', '.join(STEP_KEYS)}",
                        headers,
                        key,
                    )
            do = raw.get("do")
            if not isinstance(do, str) or not do.strip():
                self.fail(f"{what}: 'do' (the action text) is missing", headers, "do")
            problem = names.check_text(do)
            if problem:
                self.fail(f"{what}: do = {do!r}: {problem}", headers, "do")
            illegal = raw.get("illegal", False)
            if not isinstance(illegal, bool):
                self.fail(f"{what}: 'illegal' takes true or false", headers, "illegal")
            expect = raw.get("expect", {})
            checks = self.checks(
                expect, (*headers, "[step.expect]"), f"{what} [step.expect]", names, lookup
            )
            steps.append(ScriptStep(i + 1, do, illegal, checks, find_line(self.text, headers)))
        final = self.checks(doc.get("expect", {}), ("[expect]",), "[expect]", names, lookup)
        return Scenario(
            path=self.source,
            name=name.strip(),
            rules=tuple(rules),
            options=options,
            cards=cards,
            state=doc["state"],
            text=self.text,
            steps=tuple(steps),
            checks=final,
            extra_cards=tuple(extra),
        )

    def checks(self, raw: Any, headers, what: str, names: _Names, lookup: CardLookup):
        if not isinstance(raw, dict):
            self.fail(f"{what}: expected a table of checks", headers)
        out = []
        for key, value in raw.items():
            line = find_line(self.text, headers, key)
            try:
                out.append(_parse_check(key, value, names, lookup, line))
            except ValueError as exc:
                raise ScenarioError(self.source, line, f'{what}: "{key}": {exc}') from None
        return tuple(out)


_KEY_ZONE = re.compile(r"^([AB])\.(hand|deck|base|field|trash)$")
_KEY_STAT = re.compile(r"^([AB])\.(life|movement|hand_size|deck_size)$")
_KEY_FORCES = re.compile(r"^([AB])\.forces$")
_KEY_FORCE_RESTED = re.compile(r"^([AB])\.forces\.(\d+)\.rested$")
_KEY_SLOT = re.compile(r"^([AB])\.(field|base)\.(\d+)\.(bp|dp|rested)$")
KNOWN_KEYS = (
    "PLAYER.hand/deck/base/field/trash, PLAYER.life, PLAYER.movement, PLAYER.forces, "
    "PLAYER.hand_size, PLAYER.deck_size, PLAYER.forces.N.rested, PLAYER.field.N.bp/dp/rested, "
    "PLAYER.base.N.rested, winner, phase, active, pending, legal, not_legal (PLAYER: A or B)"
)


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _parse_check(key: str, value: Any, names: _Names, lookup: CardLookup, line) -> Check:
    if m := _KEY_ZONE.match(key):
        seat, zone = SEATS.index(m.group(1)), m.group(2)
        if not isinstance(value, list):
            raise ValueError("expected a list of card ids")
        ids = []
        for item in value:
            if zone == "base" and item == "colorless":
                ids.append("colorless")
                continue
            card = lookup.get(item) if isinstance(item, str) else None
            if card is None:
                raise ValueError(f"unknown card {item!r}")
            ids.append(card.id)
        return Check(key, "zone", tuple(ids), seat, zone, line=line)
    if m := _KEY_STAT.match(key):
        if not _is_int(value):
            raise ValueError(f"expected a whole number, got {value!r}")
        return Check(key, "stat", value, SEATS.index(m.group(1)), attr=m.group(2), line=line)
    if m := _KEY_FORCES.match(key):
        if not isinstance(value, list) or not all(_is_int(v) or v == "destroyed" for v in value):
            raise ValueError('expected a list of lives, "destroyed" for a destroyed Force')
        return Check(key, "forces", tuple(value), SEATS.index(m.group(1)), line=line)
    if m := _KEY_FORCE_RESTED.match(key):
        if not isinstance(value, bool) or int(m.group(2)) < 1:
            raise ValueError("expected true or false (N counts from 1)")
        seat = SEATS.index(m.group(1))
        return Check(key, "force_rested", value, seat, index=int(m.group(2)), line=line)
    if m := _KEY_SLOT.match(key):
        seat, zone, index, attr = SEATS.index(m.group(1)), m.group(2), int(m.group(3)), m.group(4)
        if index < 1:
            raise ValueError("N counts from 1")
        if zone == "base" and attr != "rested":
            raise ValueError("a base slot has only 'rested' (mana has no BP or DP, ZR 3.7)")
        if attr == "rested" and not isinstance(value, bool):
            raise ValueError("expected true or false")
        if attr != "rested" and not _is_int(value):
            raise ValueError("expected a whole number")
        return Check(key, "slot", value, seat, zone, index, attr, line)
    if key == "winner":
        if value not in ("A", "B", "draw", "none"):
            raise ValueError('expected "A", "B", "draw" or "none"')
        return Check(key, "winner", value, line=line)
    if key in ("active", "pending"):
        allowed = ("A", "B") if key == "active" else ("A", "B", "none")
        if value not in allowed:
            raise ValueError("expected " + " or ".join(f'"{a}"' for a in allowed))
        return Check(key, key, value, line=line)
    if key == "phase":
        if value not in PHASE_NAMES:
            raise ValueError(f"expected one of {', '.join(PHASE_NAMES)}")
        return Check(key, "phase", value, line=line)
    if key in ("legal", "not_legal"):
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise ValueError("expected a list of action texts")
        for text in value:
            problem = names.check_text(text)
            if problem:
                raise ValueError(f"{text!r}: {problem}")
        return Check(key, key, tuple(value), line=line)
    raise ValueError(f"unknown expectation key; known: {KNOWN_KEYS}")


class _Names:
    """What action texts may name: the cards in the game (and the tokens that may be created),
    its Forces, players and colors. Reads texts like the table of docs/scenarios.md."""

    def __init__(self, game: Game, cards: Mapping[str, CardDef]) -> None:
        self.cards = {normalize_name(c.name) for c in game.defs}
        for p in game.players:
            for s in (*p.field, *p.base):
                if s.card is not None:
                    self.cards.add(normalize_name(s.card.name))
        self.cards |= {normalize_name(c.name) for c in cards.values() if c.type == "token"}
        self.forces = {normalize_name(f.force.name) for p in game.players for f in p.forces}

    def _card(self, text: str) -> str | None:
        name = re.sub(r"#\d+$", "", strip_owner_prefixes(text).strip()).strip()
        if not name:
            return "a card name is missing"
        if normalize_name(name) not in self.cards:
            return f"the card '{name}' is nowhere in this game (in no zone of either player)"
        return None

    def check_text(self, text: str) -> str | None:
        """None if `text` reads as an action naming things of this game, else the problem."""
        t = re.sub(r"\s+", " ", text.strip())
        if t.casefold() in (
            "keep",
            "end turn",
            "pass",
            "no block",
            "done",
            "mana skip",
            "mana colorless",
        ):
            return None
        verb, _, rest = t.partition(" ")
        verb = verb.casefold()
        if not rest:
            return f"'{text}' is not an action text (see docs/scenarios.md, Action texts)"
        if verb == "mulligan":
            for part in rest.split(","):
                if problem := self._card(part):
                    return problem
            return None
        if verb in ("mana", "summon", "cast", "advance", "retreat", "block"):
            return self._card(rest)
        if verb == "boost":  # ZR 17.2: "boost MINION with BOOST CARD"
            minion, with_, card = rest.partition(" with ")
            if not with_:
                return "a Boost is written 'boost MINION with CARD'"
            return self._card(minion) or self._card(card)
        if verb == "attack":
            attacker, arrow, target = rest.partition("->")
            if not arrow:
                return "an attack is written 'attack NAME -> player' or 'attack NAME -> FORCE'"
            if problem := self._card(attacker):
                return problem
            return self._target(target)
        if verb == "choose":
            bare = re.sub(r"#\d+$", "", strip_owner_prefixes(rest).strip()).strip()
            if bare.casefold() in ("none", "yes", "player", "colorless", *MANA_COLORS):
                return None
            if normalize_name(bare) in self.forces:
                return None
            return self._card(rest)
        return f"'{text}' is not an action text (see docs/scenarios.md, Action texts)"

    def _target(self, text: str) -> str | None:
        bare = strip_owner_prefixes(text).strip()
        if bare.casefold() == "player" or normalize_name(bare) in self.forces:
            return None
        return f"the attack target '{bare}' is neither 'player' nor a Force in this game"


# ----------------------------------------------------------------------------------------------
# Running


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Play the script and check every expectation; the first failure ends the run."""
    game = scenario.new_game()

    def fail(step, key, expected, actual, message) -> ScenarioResult:
        return ScenarioResult(scenario, False, step, key, expected, actual, message, game)

    for step in scenario.steps:
        if step.illegal:
            before = snapshot(game)
            try:
                game.apply(step.do)
            except ActionError:
                if snapshot(game) != before:
                    return fail(
                        step.number,
                        "illegal",
                        "the state unchanged",
                        "it changed",
                        f"step {step.number}: '{step.do}' was refused but the game changed",
                    )
            except Exception as exc:  # an engine crash is a failure, never a traceback
                return fail(step.number, "do", "IllegalAction", repr(exc), _crash(step, exc))
            else:
                return fail(
                    step.number,
                    "illegal",
                    "IllegalAction",
                    "the action was applied",
                    f"step {step.number}: '{step.do}' should be illegal here, but the "
                    f"engine accepted it",
                )
        else:
            legal = [a.text for a in game.legal_actions()]
            decision = describe_pending(game)
            try:
                game.apply(step.do)
            except ActionError as exc:
                return fail(
                    step.number,
                    "do",
                    step.do,
                    decision,
                    f"step {step.number}: '{step.do}' is not legal now ({exc}).\n"
                    f"  pending: {decision}\n  legal: " + (" | ".join(legal) or "(none)"),
                )
            except Exception as exc:
                return fail(step.number, "do", step.do, repr(exc), _crash(step, exc))
        for check in step.checks:
            problem = _check(game, check)
            if problem is not None:
                expected, actual = problem
                return fail(
                    step.number,
                    check.key,
                    expected,
                    actual,
                    _mismatch(f"step {step.number}", check, expected, actual, game),
                )
    for check in scenario.checks:
        problem = _check(game, check)
        if problem is not None:
            expected, actual = problem
            return fail(
                None,
                check.key,
                expected,
                actual,
                _mismatch("final [expect]", check, expected, actual, game),
            )
    return ScenarioResult(scenario, True, game=game)


def _crash(step: ScriptStep, exc: Exception) -> str:
    tb = "".join(traceback.format_exception(exc, limit=-3)).rstrip()
    return f"step {step.number}: the engine raised {exc!r} on '{step.do}'\n{tb}"


def _fmt(value: Any) -> str:
    if isinstance(value, tuple):
        value = list(value)
    return json.dumps(value)


def _mismatch(where: str, check: Check, expected, actual, game: Game) -> str:
    msg = f'{where}: "{check.key}": expected {_fmt(expected)}, got {_fmt(actual)}'
    if check.kind in ("legal", "not_legal"):
        msg += f"\n  pending: {describe_pending(game)}\n  legal: " + (
            " | ".join(a.text for a in game.legal_actions()) or "(none)"
        )
    return msg


def describe_pending(game: Game) -> str:
    d = game.pending
    if d is None:
        return "none (the game is over)" if game.over else "none"
    word = DECISION_WORDS.get(d.kind, d.kind)
    if isinstance(d.ctx, Choice):
        word = f"choice ({d.ctx.purpose})"
    return f"{SEATS[d.seat]}'s {word}"


_T = TypeVar("_T")


def _given(value: _T | None) -> _T:
    """A field the reader always fills for this kind of check."""
    assert value is not None
    return value


def zone_ids(game: Game, seat: int, zone: str) -> list[str]:
    p = game.players[seat]
    if zone in ("field", "base"):
        return [s.card.id if s.card is not None else "colorless" for s in getattr(p, zone)]
    return [game.defs[uid].id for uid in getattr(p, zone)]


def _check(game: Game, check: Check) -> tuple[Any, Any] | None:
    """None when the check holds, else (expected, actual)."""
    kind, want = check.kind, check.expected
    got: Any
    if kind == "zone":
        got = tuple(zone_ids(game, _given(check.seat), _given(check.zone)))
    elif kind == "stat":
        p = game.players[_given(check.seat)]
        got = {
            "life": p.life,
            "movement": p.movement,
            "hand_size": len(p.hand),
            "deck_size": len(p.deck),
        }[_given(check.attr)]
    elif kind == "forces":
        forces = game.players[_given(check.seat)].forces
        got = tuple("destroyed" if f.destroyed else f.life for f in forces)
    elif kind == "force_rested":
        forces = game.players[_given(check.seat)].forces
        index = _given(check.index)
        if index > len(forces):
            return want, f"no Force {index} ({len(forces)} Forces)"
        f = forces[index - 1]
        got = f.rested or f.destroyed
    elif kind == "slot":
        seat, index = _given(check.seat), _given(check.index)
        zone = getattr(game.players[seat], _given(check.zone))
        if index > len(zone):
            return want, f"no slot {index} ({len(zone)} in the {check.zone})"
        slot = zone[index - 1]
        if check.attr == "rested":
            got = slot.rested
        else:
            got = (fx.bp if check.attr == "bp" else fx.dp)(game, slot, seat)
    elif kind == "winner":
        got = "none" if game.outcome is None else game.outcome.result()
    elif kind == "phase":
        got = game.phase
    elif kind == "active":
        got = SEATS[game.active]
    elif kind == "pending":
        got = "none" if game.pending is None else SEATS[game.pending.seat]
    elif kind in ("legal", "not_legal"):
        missing = [t for t in want if bool(game.find_actions(t)) != (kind == "legal")]
        if not missing:
            return None
        label = "not legal" if kind == "legal" else "legal"
        return want, f"{label}: {' | '.join(missing)}"
    else:  # pragma: no cover - the reader knows every kind
        raise AssertionError(kind)
    return None if got == want else (want, got)


# ----------------------------------------------------------------------------------------------
# A canonical dump of the state, to check that a refused action changed nothing


def _slot_dump(s) -> tuple:
    return (
        s.uid,
        s.card.id if s.card else None,
        s.rested,
        s.arrived,
        s.advanced,
        s.order,
        tuple(m.key() for m in s.mods),
        s.must_block,
        s.colors,
        s.attached,
    )


def snapshot(game: Game) -> tuple:
    players = tuple(
        (
            tuple(p.deck),
            tuple(p.hand),
            tuple(p.trash),
            tuple(p.banished),
            p.life,
            p.movement,
            p.mulliganed,
            p.damaged,
            tuple(_slot_dump(s) for s in p.field),
            tuple(_slot_dump(s) for s in p.base),
            tuple((f.force.id, f.life, f.rested, f.destroyed) for f in p.forces),
        )
        for p in game.players
    )
    d = game.pending
    pending = None
    if d is not None:
        ctx = d.ctx
        if isinstance(ctx, Choice):
            ctx = (ctx.purpose, ctx.options, ctx.min, ctx.max, ctx.chosen, ctx.cont)
        pending = (d.kind, d.seat, ctx)
    a = game.attack
    attack = None if a is None else (a.seat, a.attacker, a.target, a.blocker, a.revenge)
    return (
        players,
        game.turn,
        game.phase,
        game.outcome,
        pending,
        attack,
        tuple(game.stack),
        tuple(game.queued),
        tuple(game.limbo),
        game.rng.state,
        game.seq,
        game.next_uid,
        game.depth,
        len(game.history),
        len(game.log),
    )
