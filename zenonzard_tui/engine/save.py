"""Saves and replays: "seed + decks + options + actions", never a dump of the state.

A save is JSON with a format version and the card-pool version. Loading starts a new game from the
seed and decks and replays every action by its text, so the loaded game is exactly the saved one.
Writes are atomic (a temporary file, then a rename: `files.write_atomic`, the one writer of every
file the program keeps), so a crash never leaves half a save.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from zenonzard_tui.cards import CardDef, ForceDef, load_pool
from zenonzard_tui.engine.actions import ActionError
from zenonzard_tui.engine.game import LEAVING, SEATS, Game, new_game
from zenonzard_tui.engine.state import Options
from zenonzard_tui.files import MAX_FILE_BYTES, FileReadError, read_limited, write_atomic
from zenonzard_tui.frozen import picklable
from zenonzard_tui.usertext import terminal_safe

FORMAT = "zenonzard-save"
VERSION = 1


class SaveError(ValueError):
    """A save that cannot be used; the message names the file and the problem."""


def game_record(game: Game) -> dict[str, Any]:
    """The save of a game started with new_game()."""
    setup = getattr(game, "setup_record", None)
    if setup is None:
        raise SaveError("this game was not started by new_game(): it cannot be saved as a replay")
    return {
        "format": FORMAT,
        "version": VERSION,
        "pool_version": load_pool().version,
        **setup,
        "actions": replay_texts(game),
    }


def replay_texts(game: Game) -> list[str]:
    """The texts of the game's actions as they read when taken: replayed from the start, since
    apply() does not build texts (that keeps search fast)."""
    fresh = start_game(game.setup_record, "save", log=False)
    texts = []
    for action in game.history:
        if action.kind in LEAVING:  # a concession, a loss on time: not legal actions, own texts
            texts.append(action.text)
            fresh.apply(action)
            continue
        for legal in fresh.legal_actions():
            if legal == action:
                texts.append(legal.text)
                fresh.apply(legal)
                break
        else:
            raise SaveError(f"internal error: action {action!r} does not replay")
    return texts


def save_game(game: Game, path: str | Path) -> None:
    """Write the save atomically."""
    write_atomic(Path(path), json.dumps(game_record(game), indent=1))


SEED_RANGE = (-(2**63), 2**64 - 1)  # the seeds a save holds; `play --seed` keeps within it
MAX_SAVE_BYTES = MAX_FILE_BYTES
_MAX_INT_DIGITS = 40  # longer numbers are not read as ints at all (a seed has at most 20 digits)


class _Float:
    """A JSON number that no float can hold (1e400, Infinity, NaN), kept as it was written: no
    check takes it for a number, and a message shows it as written. (Not a float subclass:
    mypyc compiles none.)"""

    def __init__(self, written: str) -> None:
        self.written = written

    def __repr__(self) -> str:
        return self.written


class _LongNumber:
    """A JSON whole number too long to be anything in a save (reading it would be slow, or refused
    by Python's limit on digits)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a {self.digits}-digit number"


def _float(text: str) -> float | _Float:
    number = float(text)
    return number if math.isfinite(number) else _Float(text)


def _int(text: str) -> int | _LongNumber:
    digits = len(text.lstrip("-"))
    return int(text) if digits <= _MAX_INT_DIGITS else _LongNumber(digits)


def shown(value: Any) -> str:
    """A value of a save as a message shows it: JSON's spelling, short, never a whole container."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):  # JSON escapes C0 controls; terminal_safe the rest (C1, bidi)
        text = value if len(value) <= 40 else value[:39] + "…"
        return terminal_safe(json.dumps(text, ensure_ascii=False))
    if isinstance(value, int | float | _Float | _LongNumber):
        return repr(value)
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return type(value).__name__


def _defs(table, ids, what: str, seat: int, source: str) -> list:
    out = []
    for key in ids:
        found = table.get(key)
        if found is None:
            raise SaveError(
                f"{source}: deck {SEATS[seat]} names {what} {shown(key)}, which this card pool "
                "does not have"
            )
        out.append(found)
    return out


@dataclass(frozen=True)
class Setup:
    """What a game is started from: a save's seed, first player, options and two decks."""

    seed: int
    first: str  # "A" or "B"; "random" only for a new game (start_game)
    options: Options
    decks: tuple[tuple[list[CardDef], list[ForceDef]], tuple[list[CardDef], list[ForceDef]]]


def read_setup(record: Any, source: str, random_first: bool = False) -> Setup:
    """The setup of a save record (or of `Game.setup_record`), every field checked; SaveError.
    A save names the player who went first; `random_first` also allows "random" (a new game
    from a setup, which draws the first player)."""
    if not isinstance(record, dict):
        raise SaveError(f"{source}: a save is a JSON object (a table), not {shown(record)}")
    seed = record.get("seed")
    if seed is None:
        raise SaveError(f"{source}: the save is damaged (it has no seed)")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SaveError(f"{source}: the seed must be a whole number, not {shown(seed)}")
    low, high = SEED_RANGE
    if not low <= seed <= high:
        raise SaveError(f"{source}: the seed must be a whole number from -2**63 to 2**64-1")
    first = record.get("first")
    if first not in SEATS and not (random_first and first == "random"):
        raise SaveError(f'{source}: "first" must be "A" or "B", not {shown(first)}')
    raw_options = record.get("options", {})
    if not isinstance(raw_options, dict):
        raise SaveError(
            f'{source}: "options" must be a table of rule options, not {shown(raw_options)}'
        )
    try:
        options = Options.from_mapping(raw_options)
    except ValueError as exc:
        raise SaveError(f"{source}: options: {exc}") from None
    decks = record.get("decks")
    if not isinstance(decks, list) or len(decks) != 2:
        count = f"{len(decks)} decks" if isinstance(decks, list) else shown(decks)
        raise SaveError(f'{source}: "decks" must hold two decks, not {count}')
    pool = load_pool()
    parts = []
    for seat, deck in enumerate(decks):
        where = f"deck {SEATS[seat]}"
        if not isinstance(deck, dict):
            raise SaveError(f"{source}: {where} must be a table with cards and forces")
        for key in ("cards", "forces"):
            ids = deck.get(key)
            if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                raise SaveError(f'{source}: {where}: "{key}" must be a list of ids')
        parts.append(
            (
                _defs(pool.cards, deck["cards"], "card", seat, source),
                _defs(pool.forces, deck["forces"], "Force", seat, source),
            )
        )
    return Setup(seed, first, options, (parts[0], parts[1]))


def deck_problems(cards: list[CardDef], forces: list[ForceDef]) -> list[str]:
    """What makes a save's deck illegal (ZR 4), by the deck validator of zenonzard_tui.decks."""
    from zenonzard_tui.decks import parse_deck  # decks is not part of the engine proper

    counts = Counter(card.id for card in cards)
    text = "\n".join(
        [f"Forces: {', '.join(f.id for f in forces)}", *(f"{n} {i}" for i, n in counts.items())]
    )
    return [problem.message for problem in parse_deck(text, "<save>").problems]


def start_game(setup: dict[str, Any] | Setup | None, source: str, log: bool = True) -> Game:
    """A new game from a save's seed, first player, options and decks (no actions yet)."""
    if not isinstance(setup, Setup):
        setup = read_setup(setup, source, random_first=True)
    a, b = setup.decks
    return new_game(a, b, seed=setup.seed, options=setup.options, first=setup.first, log=log)


def load_record(record: Any, source: str = "save") -> Game:
    """Rebuild a game from a save record by replaying it: every field is checked first, and both
    decks must be legal (ZR 4). SaveError names the problem."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise SaveError(f'{source}: not a zenonzard save (no "format": "{FORMAT}")')
    check_version(record, VERSION, source)
    check_pool_version(record, source)
    setup = read_setup(record, source)
    for seat, (cards, forces) in enumerate(setup.decks):
        problems = deck_problems(cards, forces)
        if problems:
            listed = "".join(f"\n  {p}" for p in problems)
            raise SaveError(f"{source}: deck {SEATS[seat]} is not a legal deck (ZR 4):{listed}")
    actions = record.get("actions")
    if not isinstance(actions, list):
        raise SaveError(f'{source}: "actions" must be a list of action texts')
    # a save of another card pool is replayed if it can be (nothing a user made is lost); when it
    # cannot, the message says why
    note = pool_note(record)
    why = None if note is None else "the save was " + note.split(": replayed")[0]
    return replay(start_game(setup, source), actions, source, why)


def check_version(record: dict, newest: int, source: str, what: str = "save") -> None:
    """SaveError unless the record has a format version this program understands."""
    version = record.get("version")
    if version is None:
        raise SaveError(f"{source}: the save has no format version")
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise SaveError(
            f"{source}: the {what} format version must be a whole number from 1, not {shown(version)}"
        )
    if version > newest:
        raise SaveError(
            f"{source}: {what} format {version} is newer than this program understands "
            f"({newest}); update zenonzard-tui"
        )


def check_pool_version(record: dict, source: str) -> None:
    """SaveError unless the save names the card pool it was made with (a short text)."""
    saved = record.get("pool_version")
    if saved is None:
        raise SaveError(f"{source}: the save has no card-pool version")
    if not isinstance(saved, str) or not saved or len(saved) > 64:
        raise SaveError(f"{source}: the card-pool version must be a short text, not {shown(saved)}")


def pool_note(record: dict) -> str | None:
    """None when the save was made with this program's card pool; otherwise what a player should
    know: the game was replayed with today's cards and rules (a newer version of zenonzard-tui
    adds cards and settles rules), so it may differ from the game as it was played."""
    saved, ours = record.get("pool_version"), load_pool().version
    if saved == ours:
        return None
    return (
        f"made with another card pool (pool_version {shown(saved)}; this program's is "
        f"{shown(ours)}): replayed with today's cards and rules, so it may differ from the game "
        "as it was played"
    )


def replay(game: Game, actions: list, source: str, why: str | None = None) -> Game:
    """Apply a save's action texts to the game it starts from; SaveError at the first that is not
    a text or not legal (`why`: the likely reason, when known)."""
    for n, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise SaveError(f"{source}: action {n} is not a text")
        try:
            game.apply(text)
        except ActionError as exc:
            raise SaveError(
                f"{source}: action {n} {shown(text)} cannot be replayed ({exc}); "
                + (why or "the save is damaged or from another card pool")
            ) from None
    return game


def read_record(path: str | Path) -> Any:
    """The JSON of a save file, not yet checked; SaveError when it cannot be read as JSON (or is
    not a regular file, or is over MAX_SAVE_BYTES: zenonzard_tui.files)."""
    source = str(path)
    try:
        raw = read_limited(path, source, MAX_SAVE_BYTES, "a save")
    except FileReadError as exc:
        raise SaveError(str(exc)) from None
    return parse_record(raw, source)


def parse_record(raw: bytes, source: str) -> Any:
    """JSON from a save's bytes (UTF-8, a byte-order mark allowed). Numbers keep what they say:
    1e400 and Infinity are not turned into floats the checks would accept, and a number of
    thousands of digits is not read at all."""
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SaveError(
            f"{source}: not a readable save (not JSON: not UTF-8 text, {exc})"
        ) from None
    try:
        return json.loads(text, parse_float=_float, parse_int=_int, parse_constant=_Float)
    except json.JSONDecodeError as exc:
        raise SaveError(f"{source}: not a readable save (not JSON: {exc})") from None
    except RecursionError:
        raise SaveError(
            f"{source}: not a readable save (JSON nested too deeply: a save is nested a few levels)"
        ) from None
    except ValueError as exc:  # a number Python refuses to read
        raise SaveError(f"{source}: not a readable save ({exc})") from None


def load_game(path: str | Path) -> Game:
    return load_record(read_record(path), str(path))


# pickled and copied through their constructors, in both builds (zenonzard_tui/frozen.py)
picklable(Setup)
