"""Snapshots: a game's whole state as JSON-ready data, and a seat's world with nothing hidden in it.

- `snapshot(game)` writes everything needed to continue the game (zones, the stack of tasks, the
  pending decision, lasting effects, the log, the random generator's state); `restore(data, pool)`
  builds the same game again: the same legal actions, and the same game for the same actions.
- `seat_snapshot(game, seat)` writes what `seat` may know: every card hidden from it written as
  hidden (`null` in `defs`): the opponent's hand cards it has not seen (belief.seen_in_hand) and
  the opponent's deck, each under a label (one of the hidden uids, given by where the card is
  and what names it, never by which card it is); its own deck keeps its cards (a player knows their deck list) but not
  their order; the random generator, the seed, the history, the log and the setup record (both
  deck lists and the seed) are left out.
- `world_from_seat(data, rng, prior=None)` fills the hidden cards the way belief.sample_world does,
  so that the AI can play on a seat's snapshot alone (a bot on another machine).

The encoder is generic: it walks the attributes or dataclass fields of the engine's own state
classes (`_CLASSES`, an explicit allowlist) so that a new attribute needs no change here. It reads
them the same way from the pure-Python classes and from the classes mypyc compiled
(docs/build.md), which have neither `__slots__` nor instance dicts and make no object without
their `__init__`: both builds write the same snapshot of the same game, and each restores the
other's (tests/test_builds.py). Card and Force
definitions, and the effects, steps and selectors of the pool's cards, are written by reference
(a card id, a Force id, a part's path within its card or Force), never copied; a task's function is
written by its name among the engine's task functions (`t_...`). Effects and steps the engine makes
while it plays (a delayed step, a cost change for this turn) are not in the pool: they are written
field by field, as data of the allowlisted classes Effect, Step and Selector.

Restoring reads data that may come from a network: it builds only instances of the allowlisted
classes, resolves names only in tables built here (no import, no pickle, no eval), bounds sizes and
depth, and raises `SnapshotError` naming the field for anything malformed; the game it builds must
hold the invariants (engine/invariants.py) and list its legal actions and observations.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import importlib
import json
import pkgutil
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from zenonzard_tui.cards import CardDef, ForceDef, load_pool
from zenonzard_tui.cards.loader import CardPool
from zenonzard_tui.cards.model import COLORS, Effect, Selector, Step
from zenonzard_tui.engine import actions, belief, core, effects, events, log, outcome, state
from zenonzard_tui.engine import terms as terms_package
from zenonzard_tui.engine.game import Game
from zenonzard_tui.engine.rng import Rng

FORMAT = "zenonzard-snapshot"
VERSION = 1
FULL, SEAT = "full", "seat"  # the two kinds of snapshot

# Bounds on what restore() reads (a whole real game is far below them).
MAX_NODES = 2_000_000  # values of any kind
MAX_DEPTH = 48  # nesting
MAX_TEXT = 4_096  # characters in one text
MAX_INT = 1 << 64  # |n| below this
MAX_DEFS = 3 * state.COPY_ROOM  # uids in `defs`: both decks (of any size) and the copies

# The engine's state classes that may appear in a snapshot, by their name in it. Everything else
# is refused, both when writing and when reading.
_CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        state.PlayerState,
        state.Slot,
        state.ForceState,
        state.Mod,
        state.Lasting,
        state.TurnRecord,
        state.Options,
        core.Attack,
        actions.Action,
        actions.Decision,
        actions.Choice,
        effects.Ctx,
        log.Log,
        Rng,
        outcome.Outcome,
        Effect,
        Step,
        Selector,
    )
}
_CLASSES.update({f"event:{kind}": cls for kind, cls in events.EVENTS.items()})  # the log's
_NAMES = {cls: name for name, cls in _CLASSES.items()}
_ENUMS: dict[str, type[enum.Enum]] = {"Termination": outcome.Termination}
# A game's own attributes that are caches or derived (found again when needed), or written apart.
_SKIP = frozenset({"_legal", "_texts", "sources_cache", "defs", "catalog"})
# A game's attributes with a default in its class, written only when they differ from it.
_OPTIONAL = {"stops_at_turn_end": False}
# What a seat snapshot leaves out (module text), and what a seat's world has there instead.
_SEAT_DROPS = ("rng", "seed", "history", "log", "setup_record")


class SnapshotError(ValueError):
    """A snapshot that cannot be written or restored; the message names the field and the
    problem (`field`: the path, e.g. "game.players[0].hand[3]")."""

    def __init__(self, field: str, problem: str) -> None:
        super().__init__(f"snapshot {field}: {problem}")
        self.field = field
        self.problem = problem


# ----------------------------------------------------------------------------------------------
# The tables that names are resolved in


def _task_functions() -> dict[str, Callable]:
    """Every task function of the engine by "module:qualname": the module-level `t_...`
    functions of the effects runtime and the vocabulary (engine/terms), and the `t_...` and
    `_t_...` methods of Game and the classes it builds on."""
    found: dict[str, Callable] = {}
    modules = [effects] + [
        importlib.import_module(f"{terms_package.__name__}.{m.name}")
        for m in pkgutil.iter_modules(terms_package.__path__)
    ]
    for module in modules:
        for name, value in vars(module).items():
            if _is_task_name(name) and callable(value) and value.__module__ == module.__name__:
                found[f"{module.__name__}:{value.__qualname__}"] = value
    for cls in Game.__mro__:
        for name, value in vars(cls).items():
            if _is_task_name(name) and callable(value):  # (compiled: a method descriptor)
                found[f"{cls.__module__}:{value.__qualname__}"] = value
    return found


def _is_task_name(name: str) -> bool:
    return name.startswith(("t_", "_t_"))


_TASKS = _task_functions()
_TASK_NAMES = {fn: name for name, fn in _TASKS.items()}


class _Parts:
    """The effects, steps and selectors of one pool's cards and Forces, by their path within
    their card or Force: ("card", id, "effects", 0, "steps", 1, "target") and the like."""

    def __init__(self, pool: CardPool) -> None:
        self.paths: dict[int, list] = {}  # id(part) -> path (the pool keeps every part alive)
        for kind, table in (("card", pool.cards), ("force", pool.forces)):
            for key, definition in table.items():
                self._walk(definition.effects, [kind, key, "effects"])

    def _walk(self, value: object, path: list) -> None:
        if isinstance(value, tuple):
            for i, item in enumerate(value):
                self._walk(item, [*path, i])
        elif isinstance(value, Effect | Step | Selector):
            self.paths.setdefault(id(value), path)
            for f in dataclasses.fields(value):
                self._walk(getattr(value, f.name), [*path, f.name])


_PARTS: dict[str, _Parts] = {}  # by pool version


def _parts(pool: CardPool) -> _Parts:
    parts = _PARTS.get(pool.version)
    if parts is None:
        parts = _PARTS[pool.version] = _Parts(pool)
    return parts


# ----------------------------------------------------------------------------------------------
# Writing


def snapshot(game: Game) -> dict[str, Any]:
    """The whole state of `game` as JSON-ready data (module text); `restore` builds it again."""
    pool = load_pool()
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": FULL,
        "pool_version": pool.version,
        "defs": [_card_ref(card, pool, f"defs[{i}]") for i, card in enumerate(game.defs)],
        "game": _Encoder(pool).game(game, ()),
    }


def seat_snapshot(game: Game, seat: int) -> dict[str, Any]:
    """What `seat` may know of `game` (module text): a function of that alone."""
    if seat not in (0, 1):
        raise SnapshotError("seat", f"a seat is 0 or 1, not {seat!r}")
    pool = load_pool()
    own, opp = game.players[seat], game.players[1 - seat]
    seen = belief.seen_in_hand(game, seat)
    hidden = [u for u in opp.hand if u not in seen] + opp.deck  # (by place)
    hidden_set = set(hidden)
    defs = [
        None if i in hidden_set else _card_ref(card, pool, f"defs[{i}]")
        for i, card in enumerate(game.defs)
    ]
    encoded = _Encoder(pool).game(game, _SEAT_DROPS)
    players = encoded["players"]["list"]
    # The opponent's hidden cards get labels: their uids follow card ids (turns._setup), so a
    # uid would tell where a hidden card stands among its owner's deck list. The labels are the
    # same uids in order (the set is no secret: the uids of their cards not seen anywhere), given
    # first to those named outside the zones (the options of a choice among them), in the order
    # named, then to the hand's by place, then to the deck's: no label depends on a hidden card.
    keys = _card_keys(encoded, [])
    order = list(dict.fromkeys([k[1] for k in keys if k[1] in hidden_set] + hidden))
    label = dict(zip(order, sorted(order), strict=True))
    for key in keys:
        key[1] = label.get(key[1], key[1])
    # ZR 3.1: decks are hidden and ordered: the seat knows its own deck list, not its order
    players[seat]["fields"]["deck"] = {"list": sorted(own.deck)}
    players[1 - seat]["fields"]["hand"] = {"list": [label.get(u, u) for u in opp.hand]}
    players[1 - seat]["fields"]["deck"] = {"list": sorted(label[u] for u in opp.deck)}
    return {
        "format": FORMAT,
        "version": VERSION,
        "kind": SEAT,
        "pool_version": pool.version,
        "seat": seat,
        "defs": defs,
        "game": encoded,
    }


def _card_keys(encoded: Any, out: list[list]) -> list[list]:
    """Every option or key that names a card (("c", uid, ...)) in encoded data, in the order
    written: a choice's options and what was chosen, Lasting keys. Outside its zones the engine
    names a card only so (a test checks it over random games)."""
    if isinstance(encoded, dict):
        for value in encoded.values():
            _card_keys(value, out)
    elif isinstance(encoded, list):
        if len(encoded) >= 2 and encoded[0] == "c" and encoded[1].__class__ is int:
            out.append(encoded)
        for value in encoded:
            _card_keys(value, out)
    return out


def _card_ref(card: CardDef, pool: CardPool, where: str) -> dict[str, Any]:
    """A card by its id; a card the engine made from a pool card (a token given other BP or DP)
    as its id and the fields that differ."""
    printed = pool.cards.get(card.id)
    if printed is None:
        raise SnapshotError(where, f"card {card.id!r} is not in the card pool")
    if printed is card or printed == card:
        return {"card": card.id}
    changed: dict[str, Any] = {}
    for f in dataclasses.fields(CardDef):
        if not f.init or not f.compare:
            continue
        mine, theirs = getattr(card, f.name), getattr(printed, f.name)
        if mine != theirs:
            if f.name == "effects":  # Memoria's face: its effects and Forces' effects after them
                forces = _forces_added(card.effects, printed.effects, pool)
                if forces is None:
                    raise SnapshotError(where, f"card {card.id!r} differs from the pool in effects")
                changed["forces"] = forces
                continue
            if f.name not in _CARD_CHANGES:
                raise SnapshotError(where, f"card {card.id!r} differs from the pool in {f.name}")
            changed[f.name] = mine
    return {"card": card.id, "with": changed}


_CARD_CHANGES = ("bp", "dp")  # what the engine changes in a card it makes (create_token)


def _forces_added(effects: tuple, printed: tuple, pool: CardPool) -> list[str] | None:
    """The Forces whose effects, one after another, follow the printed effects (the Force
    effects Memoria gained, gain_force_ability), or None when the effects are not that."""
    if effects[: len(printed)] != printed:
        return None
    rest, found = effects[len(printed) :], []
    while rest:
        for force in pool.forces.values():
            n = len(force.effects)
            if n and rest[:n] == force.effects:
                found.append(force.id)
                rest = rest[n:]
                break
        else:
            return None
    return found


class _Encoder:
    """Writes values; objects are numbered in the order they are first written, and an object
    met again is written as {"same": n}, so that shared objects stay shared."""

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self.parts = _parts(pool)
        self.seen: dict[int, int] = {}
        self.keep: list[object] = []  # (so that ids stay unique while writing)

    def game(self, game: Game, drops: Sequence[str]) -> dict[str, Any]:
        if game.catalog is not self.pool.cards and dict(game.catalog) != dict(self.pool.cards):
            raise SnapshotError("game.catalog", "the game's catalog is not the card pool")
        out = {}
        for name in _game_attributes():
            if name not in drops:
                out[name] = self.value(getattr(game, name), f"game.{name}")
        for name, default in _OPTIONAL.items():
            value = getattr(game, name)
            if value != default:
                out[name] = self.value(value, f"game.{name}")
        return out

    def value(self, value: Any, where: str) -> Any:
        cls = value.__class__
        if value is None or cls is bool or cls is int or cls is str:
            return value
        if cls is tuple:
            return [self.value(v, f"{where}[{i}]") for i, v in enumerate(value)]
        if cls is list:
            return {"list": [self.value(v, f"{where}[{i}]") for i, v in enumerate(value)]}
        if cls is frozenset:
            items = [self.value(v, f"{where}{{}}") for v in value]
            return {"set": sorted(items, key=lambda v: json.dumps(v, sort_keys=True))}
        if cls is dict:
            pairs = []
            for k, v in value.items():
                if k.__class__ is not str:
                    raise SnapshotError(where, f"a table's keys are texts, not {k!r}")
                pairs.append([k, self.value(v, f"{where}[{k!r}]")])
            return {"dict": pairs}
        if cls is CardDef:
            return _card_ref(value, self.pool, where)
        if cls is ForceDef:
            if self.pool.forces.get(value.id) != value:
                raise SnapshotError(where, f"Force {value.id!r} is not in the card pool")
            return {"force": value.id}
        if cls in (Effect, Step, Selector):
            path = self.parts.paths.get(id(value))
            if path is not None:
                return {"part": path}
        if isinstance(value, enum.Enum):
            kind = type(value)
            if _ENUMS.get(kind.__name__) is not kind:
                raise SnapshotError(where, f"{kind.__name__} is not a state class")
            return {"enum": [kind.__name__, value.name]}
        if callable(value) and not isinstance(value, type):
            name = _TASK_NAMES.get(value)
            if name is None:
                raise SnapshotError(where, f"{value!r} is not one of the engine's tasks")
            return {"task": name}
        return self.obj(value, where)

    def obj(self, value: object, where: str) -> dict[str, Any]:
        cls = value.__class__
        name = _NAMES.get(cls)
        if name is None:
            raise SnapshotError(where, f"{cls.__module__}.{cls.__qualname__} is not a state class")
        n = self.seen.get(id(value))
        if n is not None:
            return {"same": n}
        self.seen[id(value)] = len(self.seen)
        self.keep.append(value)
        fields = {}
        for attr in _attributes(cls):
            try:
                item = getattr(value, attr)
            except AttributeError:
                raise SnapshotError(f"{where}.{attr}", "is not set") from None
            fields[attr] = self.value(item, f"{where}.{attr}")
        return {"obj": name, "fields": fields}


# (Rng keeps its state in `_s`, in the compiled build as the signed 64-bit number of its bits; a
# snapshot holds it as `state`, the unsigned number it always was, in both builds)
_ATTRIBUTES: dict[type, tuple[str, ...]] = {Rng: ("state",)}


def _attributes(cls: type) -> tuple[str, ...]:
    """The attributes an object of a state class is made of: a dataclass's fields given to its
    constructor, a log event's fields, else its slots (over its bases; a compiled class lists
    them in `__mypyc_attrs__`), in alphabetical order: the same in both builds."""
    found = _ATTRIBUTES.get(cls)
    if found is None:
        if issubclass(cls, events.Event):
            found = cls.fields
        elif dataclasses.is_dataclass(cls):
            found = tuple(f.name for f in dataclasses.fields(cls) if f.init)
        else:
            names: set[str] = set()
            for base in cls.__mro__:
                names.update(base.__dict__.get("__slots__", ()))
                names.update(base.__dict__.get("__mypyc_attrs__", ()))
            found = tuple(sorted(names - {"__weakref__", "__dict__"}))
        _ATTRIBUTES[cls] = found
    return found


# The values each state class that is not a dataclass is made with, by attribute (its
# constructor's first arguments, in order); restore() then sets every attribute. (A compiled
# class makes no object without its __init__.)
_MADE_WITH: dict[type, tuple[str, ...]] = {
    state.PlayerState: ("seat",),
    state.Slot: ("uid", "card", "order"),
    state.ForceState: ("force", "life"),
    state.Mod: ("bp", "dp", "grant", "until"),
    core.Attack: ("seat", "attacker", "target"),
    actions.Action: ("kind",),
    actions.Decision: ("kind", "seat"),
    actions.Choice: ("purpose", "options", "min", "max", "cont"),
    effects.Ctx: ("controller", "source", "kind", "effect"),
    log.Log: (),
    Rng: ("state",),
}


def _game_attributes() -> tuple[str, ...]:
    """A game's attributes that a snapshot holds, in the order GameCore.__init__ sets them (the
    order they are written and read in): a new game's instance dict, or the compiled class's
    attribute list; not the caches (_SKIP) nor those with a default in the class (_OPTIONAL)."""
    global _GAME_ATTRIBUTES
    if _GAME_ATTRIBUTES is None:
        compiled = Game.__dict__.get("__mypyc_attrs__")
        names = compiled if compiled is not None else vars(Game())
        _GAME_ATTRIBUTES = tuple(n for n in names if n not in _SKIP and n not in _OPTIONAL)
    return _GAME_ATTRIBUTES


_GAME_ATTRIBUTES: tuple[str, ...] | None = None


# ----------------------------------------------------------------------------------------------
# Reading


def restore(data: object, pool: CardPool | None = None) -> Game:
    """The game a `snapshot()` was made of. SnapshotError, naming the field, for anything that
    is not a snapshot of this card pool in this format, or that makes no sound game."""
    pool = pool or load_pool()
    top = _header(data, pool)
    if top["kind"] != FULL:
        raise SnapshotError("kind", "a seat's snapshot has hidden cards: use world_from_seat()")
    game = _Decoder(pool).game(top, hidden_ok=False)
    _check(game)
    return game


def world_from_seat(
    data: object,
    rng: random.Random,
    prior: tuple[Sequence[CardDef], Sequence[CardDef]] | None = None,
) -> Game:
    """A world `seat_snapshot()`'s seat cannot tell from the real game, its hidden cards filled
    the way belief.sample_world fills them (the same prior, BASE_SHARE, a fresh generator, the
    same draws)."""
    pool = load_pool()
    top = _header(data, pool)
    if top["kind"] != SEAT:
        raise SnapshotError("kind", f"world_from_seat() takes a seat's snapshot, not {FULL!r}")
    seat = top.get("seat")
    if seat not in (0, 1) or seat.__class__ is not int:
        raise SnapshotError("seat", f"a seat is 0 or 1, not {_shown(seat)}")
    world = _Decoder(pool).game(top, hidden_ok=True)
    dice = belief.start_draws(world, seat, rng)
    opp = world.players[1 - seat]
    unknown = [u for u in opp.hand if world.defs[u] is None] + opp.deck
    defs = list(world.defs)
    if unknown:
        with _unsound():
            prior = prior if prior is not None else belief.default_prior(world, seat)
        belief.draw_hidden(defs, unknown, dice, prior, opp.deck)
    for uid, card in enumerate(defs):
        if card is None:
            raise SnapshotError(f"defs[{uid}]", "is hidden but in neither the hand nor the deck")
    world.defs = defs
    # what the seat saw of the opponent's hand, as the log would say it, so that
    # belief.seen_in_hand (and an AI sampling worlds of this world) keeps those cards
    world.log.records = [events.Reveal(opp.seat, u) for u in opp.hand if u not in unknown]
    world.forget_legal()
    _check(world)
    return world


def _header(data: object, pool: CardPool) -> dict:
    if not isinstance(data, dict):
        raise SnapshotError("(top)", f"a snapshot is a table, not {_shown(data)}")
    if data.get("format") != FORMAT:
        raise SnapshotError("format", f"is not {FORMAT!r}: {_shown(data.get('format'))}")
    version = data.get("version")
    if version.__class__ is not int or version < 1:
        raise SnapshotError("version", f"a whole number from 1, not {_shown(version)}")
    if version > VERSION:
        raise SnapshotError("version", f"{version} is newer than this program's ({VERSION})")
    if data.get("kind") not in (FULL, SEAT):
        raise SnapshotError("kind", f"is {FULL!r} or {SEAT!r}, not {_shown(data.get('kind'))}")
    saved = data.get("pool_version")
    if saved != pool.version:
        raise SnapshotError(
            "pool_version",
            f"made with another card pool ({_shown(saved)}; this program's is {pool.version!r})",
        )
    expected = {"format", "version", "kind", "pool_version", "defs", "game"}
    if data["kind"] == SEAT:
        expected.add("seat")
    for key in expected - set(data):
        raise SnapshotError(key, "is missing")
    for key in set(data) - expected:
        raise SnapshotError(str(key)[:40], "is not a field of a snapshot")
    return data


def _shown(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


class _Decoder:
    """Builds values from data, checking each against the grammar _Encoder writes."""

    def __init__(self, pool: CardPool) -> None:
        self.pool = pool
        self.objects: list[object] = []
        self.nodes = 0
        self.token_defs: dict[tuple, CardDef] = {}

    def game(self, top: dict, hidden_ok: bool) -> Game:
        raw_defs = top["defs"]
        if not isinstance(raw_defs, list) or len(raw_defs) > MAX_DEFS:
            raise SnapshotError("defs", f"a list of at most {MAX_DEFS} cards")
        defs: list = []
        for i, ref in enumerate(raw_defs):
            if ref is None and hidden_ok:
                defs.append(None)
            else:
                defs.append(self.card(ref, f"defs[{i}]"))
        raw = top["game"]
        if not isinstance(raw, dict):
            raise SnapshotError("game", f"a table, not {_shown(raw)}")
        game = Game()
        names = _game_attributes()
        drops = _SEAT_DROPS if top["kind"] == SEAT else ()
        for name in (*names, *_OPTIONAL):
            if name in drops:
                if name in raw:
                    raise SnapshotError(f"game.{name}", "a seat's snapshot does not hold it")
                continue
            if name not in raw:
                if name in _OPTIONAL:
                    continue
                raise SnapshotError(f"game.{name}", "is missing")
            value = self.value(raw[name], f"game.{name}", 0)
            default = getattr(game, name)  # a new game's: of the kind the attribute holds
            if default is not None and type(value) is not type(default):
                raise SnapshotError(
                    f"game.{name}", f"a {type(default).__name__}, not {_shown(value)}"
                )
            _set(game, name, value, f"game.{name}")
        for name in set(raw) - set(names) - set(_OPTIONAL):
            raise SnapshotError(f"game.{str(name)[:40]}", "is not a field of a game")
        game.defs = defs
        game.catalog = self.pool.cards
        if drops:
            game.log.enabled = False
        for i, task in enumerate(game.stack):  # tasks: (function, *args) (engine/game.py)
            if (
                task.__class__ is not tuple
                or not task
                or not callable(task[0])
                or task[0] not in _TASK_NAMES
            ):
                raise SnapshotError(f"game.stack[{i}]", "a task is [function, args...]")
        for i, queued in enumerate(game.queued):  # (seat, order, index, task) (ZR 6.5)
            if (
                queued.__class__ is not tuple
                or len(queued) != 4
                or not all(x.__class__ is int for x in queued[:3])
                or queued[3].__class__ is not tuple
                or not queued[3]
                or not callable(queued[3][0])
                or queued[3][0] not in _TASK_NAMES
            ):
                raise SnapshotError(f"game.queued[{i}]", "a trigger is [seat, order, index, task]")
        rng = getattr(game, "rng", None)
        if isinstance(rng, Rng) and not (  # (a seat's snapshot has none)
            getattr(rng, "state", None).__class__ is int and 0 <= rng.state < 2**64
        ):
            raise SnapshotError("game.rng.state", "is not the generator's state (0 to 2**64-1)")
        players = game.players
        if len(players) != 2 or not all(isinstance(p, state.PlayerState) for p in players):
            raise SnapshotError("game.players", "two players")
        for seat, p in enumerate(players):
            for zone in ("deck", "hand", "trash", "banished", "field", "base", "forces"):
                if not isinstance(getattr(p, zone, None), list):
                    raise SnapshotError(f"game.players[{seat}].{zone}", "is not a list")
            for zone in ("deck", "hand", "trash", "banished"):
                for i, uid in enumerate(getattr(p, zone)):
                    if uid.__class__ is not int or not 0 <= uid < len(defs):
                        raise SnapshotError(
                            f"game.players[{seat}].{zone}[{i}]", f"no card {_shown(uid)}"
                        )
            for zone in ("field", "base"):
                for i, s in enumerate(getattr(p, zone)):
                    _check_slot(s, f"game.players[{seat}].{zone}[{i}]", len(defs))
        return game

    def card(self, ref: object, where: str) -> CardDef:
        if not isinstance(ref, dict) or ref.keys() - {"card", "with"} or "card" not in ref:
            raise SnapshotError(where, f"a card is {{'card': id}}, not {_shown(ref)}")
        key = ref["card"]
        printed = self.pool.cards.get(key) if key.__class__ is str else None
        if printed is None:
            raise SnapshotError(where, f"no card {_shown(key)} in this card pool")
        changes = ref.get("with")
        if changes is None:
            return printed
        allowed = {*_CARD_CHANGES, "forces"}
        if not isinstance(changes, dict) or changes.keys() - allowed or not changes:
            raise SnapshotError(f"{where}.with", f"changes only {', '.join(sorted(allowed))}")
        if "forces" in changes:  # Memoria's face: the Forces' effects it gained
            return self._with_forces(printed, changes, where)
        for k, v in changes.items():
            if v is not None and (v.__class__ is not int or not 0 <= v < 100_000):
                raise SnapshotError(f"{where}.with.{k}", f"not a BP or DP: {_shown(v)}")
        frozen = (key, tuple(sorted(changes.items())))
        made = self.token_defs.get(frozen)
        if made is None:
            made = self.token_defs[frozen] = dataclasses.replace(printed, **changes)
        return made

    def _with_forces(self, printed: CardDef, changes: dict, where: str) -> CardDef:
        forces = changes["forces"]
        if (
            len(changes) != 1
            or not isinstance(forces, list)
            or not forces
            or len(forces) > 10
            or any(f.__class__ is not str or f not in self.pool.forces for f in forces)
        ):
            raise SnapshotError(
                f"{where}.with.forces", f"not a list of Force ids: {_shown(forces)}"
            )
        effects = printed.effects + tuple(e for f in forces for e in self.pool.forces[f].effects)
        return dataclasses.replace(printed, effects=effects)

    def value(self, data: Any, where: str, depth: int) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise SnapshotError(where, f"the snapshot holds more than {MAX_NODES} values")
        if depth > MAX_DEPTH:
            raise SnapshotError(where, f"nested more than {MAX_DEPTH} deep")
        cls = data.__class__
        if data is None or cls is bool:
            return data
        if cls is int:
            if not -MAX_INT < data < MAX_INT:
                raise SnapshotError(where, "a number out of range")
            return data
        if cls is str:
            if len(data) > MAX_TEXT:
                raise SnapshotError(where, f"a text longer than {MAX_TEXT} characters")
            return data
        if cls is list:
            return tuple(self.value(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(data))
        if cls is not dict:
            raise SnapshotError(where, f"not a value of a snapshot: {_shown(data)}")
        assert isinstance(data, dict)
        if "obj" in data:
            return self.obj(data, where, depth)
        if "card" in data:
            return self.card(data, where)
        if len(data) != 1:
            raise SnapshotError(where, f"not a value of a snapshot: {_shown(data)}")
        ((tag, body),) = data.items()
        if tag == "list":
            if not isinstance(body, list):
                raise SnapshotError(where, "a list is {'list': [...]}")
            return [self.value(v, f"{where}[{i}]", depth + 1) for i, v in enumerate(body)]
        if tag == "set":
            if not isinstance(body, list):
                raise SnapshotError(where, "a set is {'set': [...]}")
            items = [self.value(v, f"{where}{{}}", depth + 1) for v in body]
            try:
                return frozenset(items)
            except TypeError:
                raise SnapshotError(where, "a set of values that cannot be in a set") from None
        if tag == "dict":
            if not isinstance(body, list):
                raise SnapshotError(where, "a table is {'dict': [[key, value], ...]}")
            out = {}
            for pair in body:
                if not isinstance(pair, list) or len(pair) != 2 or pair[0].__class__ is not str:
                    raise SnapshotError(where, "a table's entries are [text, value] pairs")
                out[pair[0]] = self.value(pair[1], f"{where}[{pair[0][:40]!r}]", depth + 1)
            return out
        if tag == "force":
            force = self.pool.forces.get(body) if body.__class__ is str else None
            if force is None:
                raise SnapshotError(where, f"no Force {_shown(body)} in this card pool")
            return force
        if tag == "part":
            return self.part(body, where)
        if tag == "enum":
            if not isinstance(body, list) or len(body) != 2:
                raise SnapshotError(where, "an enum is {'enum': [class, name]}")
            kind = _ENUMS.get(body[0]) if body[0].__class__ is str else None
            member = kind.__members__.get(body[1]) if kind and body[1].__class__ is str else None
            if member is None:
                raise SnapshotError(where, f"no such enum value: {_shown(body)}")
            return member
        if tag == "task":
            task = _TASKS.get(body) if body.__class__ is str else None
            if task is None:
                raise SnapshotError(where, f"not one of the engine's tasks: {_shown(body)}")
            return task
        if tag == "same":
            if body.__class__ is not int or not 0 <= body < len(self.objects):
                raise SnapshotError(where, f"no object {_shown(body)} written before")
            return self.objects[body]
        raise SnapshotError(where, f"not a value of a snapshot: {_shown(tag)}")

    def part(self, path: Any, where: str) -> Effect | Step | Selector:
        """An effect, step or selector of a pool card or Force, by its path (_Parts)."""
        if (
            not isinstance(path, list)
            or not 3 <= len(path) <= 16
            or path[0] not in ("card", "force")
        ):
            raise SnapshotError(
                where, f"a part is ['card' or 'force', id, ...], not {_shown(path)}"
            )
        table = self.pool.cards if path[0] == "card" else self.pool.forces
        node: Any = table.get(path[1]) if path[1].__class__ is str else None
        if node is None:
            raise SnapshotError(where, f"no {path[0]} {_shown(path[1])} in this card pool")
        for step in path[2:]:
            if step.__class__ is int and node.__class__ is tuple and 0 <= step < len(node):
                node = node[step]
            elif (
                step.__class__ is str
                and dataclasses.is_dataclass(node)
                and step in {f.name for f in dataclasses.fields(node)}
            ):
                node = getattr(node, step)
            else:
                raise SnapshotError(where, f"no part {_shown(path)} in this card pool")
        if node.__class__ not in (Effect, Step, Selector):
            raise SnapshotError(where, f"{_shown(path)} is not an effect, step or selector")
        return node

    def obj(self, data: dict, where: str, depth: int) -> object:
        name, fields = data.get("obj"), data.get("fields")
        if data.keys() != {"obj", "fields"} or not isinstance(fields, dict):
            raise SnapshotError(where, "an object is {'obj': class, 'fields': {...}}")
        cls = _CLASSES.get(name) if name.__class__ is str else None
        if cls is None:
            raise SnapshotError(where, f"not a state class: {_shown(name)}")
        attrs = _attributes(cls)
        for attr in attrs:
            if attr not in fields:
                raise SnapshotError(f"{where}.{attr}", f"is missing ({name})")
        for attr in fields.keys() - set(attrs):
            raise SnapshotError(f"{where}.{str(attr)[:40]}", f"is not a field of {name}")
        n = len(self.objects)
        self.objects.append(None)  # (numbered now, made when its fields are read)
        values = {a: self.value(fields[a], f"{where}.{a}", depth + 1) for a in attrs}
        made: object
        try:  # (a dataclass or an event checks its fields; another class, its constructor)
            if dataclasses.is_dataclass(cls):
                made = cls(**values)
            elif issubclass(cls, events.Event):
                made = cls(*(values[a] for a in cls.fields))
            else:
                made = cls(*(values[a] for a in _MADE_WITH[cls]))
        except Exception as error:  # a value of the wrong kind (TypeError, AttributeError)
            raise SnapshotError(where, f"not a {name}: {type(error).__name__}: {error}") from None
        if cls in _MADE_WITH:
            for attr in attrs:  # (what the constructor made of its arguments: set again)
                _set(made, attr, values[attr], f"{where}.{attr}")
        self.objects[n] = made
        return made


def _set(target: object, attr: str, value: object, where: str) -> None:
    """setattr, for a value of the kind the attribute holds: that of its value in an object just
    made (a bool, a number, a list, ...), unless that is None. (A compiled class checks the
    declared type too; the same check in both builds refuses the same snapshots.)"""
    default = getattr(target, attr, None)
    if default is not None and value.__class__ is not default.__class__:
        raise SnapshotError(where, f"a {type(default).__name__}, not {_shown(value)}")
    try:
        setattr(target, attr, value)
    except (TypeError, AttributeError) as error:
        raise SnapshotError(where, f"{_shown(value)} is not of its kind ({error})") from None


@contextlib.contextmanager
def _unsound() -> Iterator[None]:
    """Reading a restored game: an exception there is the snapshot's fault (a value of the wrong
    kind in a field the decoder does not look into), raised as a SnapshotError."""
    try:
        yield
    except SnapshotError:
        raise
    except Exception as error:  # the data made a game the engine cannot read
        raise SnapshotError(
            "game", f"makes no sound game ({type(error).__name__}: {error})"
        ) from None


_MANA_COLORS = frozenset((*COLORS, "colorless"))


def _check_slot(slot: object, where: str, n_cards: int) -> None:
    """A card in play's mana colors (ZR 6.1.1) and attached cards (ZR 17.2) are of their kinds."""
    if not isinstance(slot, state.Slot):
        raise SnapshotError(where, "is not a card in play")
    colors = getattr(slot, "colors", None)
    if (
        colors.__class__ is not tuple
        or not colors
        or not all(c.__class__ is str and c in _MANA_COLORS for c in colors)
        or getattr(slot, "color", None) != colors[0]
    ):
        raise SnapshotError(f"{where}.colors", "the colors of its mana, the first its `color`")
    attached = getattr(slot, "attached", None)
    if attached.__class__ is not tuple or not all(
        u.__class__ is int and 0 <= u < n_cards for u in attached
    ):
        raise SnapshotError(f"{where}.attached", "the uids of cards attached under it")


def _check_decision(decision: object) -> None:
    """The pending decision is one the engine asks (GameCore.ask): a kind, a seat, and the data
    of its kind (a Flash window's passes so far, a choice's options, bounds and what follows)."""
    if not isinstance(decision, actions.Decision):
        raise SnapshotError("game.pending", "is not a decision")
    kinds = (actions.MULLIGAN, actions.MANA, actions.MAIN, actions.PRIORITY, actions.BLOCK)
    if decision.kind not in kinds and decision.kind != actions.CHOICE:
        raise SnapshotError("game.pending.kind", f"no such decision: {_shown(decision.kind)}")
    if decision.seat.__class__ is not int or decision.seat not in (0, 1):
        raise SnapshotError("game.pending.seat", f"a seat is 0 or 1, not {_shown(decision.seat)}")
    ctx = decision.ctx
    if decision.kind == actions.PRIORITY:
        if ctx.__class__ is not int:
            raise SnapshotError("game.pending.ctx", "a Flash window's passes: a whole number")
    elif decision.kind == actions.CHOICE:
        if not isinstance(ctx, actions.Choice):
            raise SnapshotError("game.pending.ctx", "a choice's data: a Choice")
        for name in ("options", "chosen", "cont"):
            if getattr(ctx, name).__class__ is not tuple:
                raise SnapshotError(f"game.pending.ctx.{name}", "a list")
        if ctx.min.__class__ is not int or ctx.max.__class__ is not int:
            raise SnapshotError("game.pending.ctx", "min and max are whole numbers")
        if not ctx.cont or ctx.cont[0] not in _TASK_NAMES:
            raise SnapshotError("game.pending.ctx.cont", "a task is [function, args...]")
        if not all(o.__class__ is tuple and o for o in ctx.options + ctx.chosen):
            raise SnapshotError("game.pending.ctx.options", "an option is [kind, ...]")
    elif ctx is not None:
        raise SnapshotError("game.pending.ctx", f"a {decision.kind} decision holds no data")


def _check_player(p: object, where: str) -> None:
    """A player's plain fields have their types: what the rules read as numbers, flags and the
    colors placed this turn (ZR 15.1) are those, not any value a changed file holds."""
    for name, kind in (("life", int), ("movement", int), ("mulliganed", bool), ("damaged", bool)):
        value = getattr(p, name, None)
        if value.__class__ is not kind:
            raise SnapshotError(f"{where}.{name}", f"is not a {kind.__name__}: {_shown(value)}")
    placed = getattr(p, "placed", None)
    if not isinstance(placed, frozenset) or not placed <= _MANA_COLORS:
        raise SnapshotError(f"{where}.placed", f"is not a set of colors: {_shown(placed)}")


def _check(game: Game) -> None:
    """The restored game is sound: its invariants hold, it lists its legal actions (with their
    texts) and both seats' observations. Anything that fails is the snapshot's fault."""
    from zenonzard_tui.engine.invariants import problems
    from zenonzard_tui.engine.observe import observe

    if game.pending is None and game.outcome is None:
        raise SnapshotError("game.pending", "no decision is pending in a game that goes on")
    if game.pending is not None:
        _check_decision(game.pending)
    for seat, p in enumerate(game.players):
        _check_player(p, f"game.players[{seat}]")
    with _unsound():
        found = problems(game)
        game.legal_actions()
        observe(game, 0)
        observe(game, 1)
    if found:
        raise SnapshotError("game", f"makes no sound game: {found[0]}")
    game.forget_legal()
