"""Saves and replays: "seed + decks + options + actions", never a dump of the state.

A save is JSON with a format version and the card-pool version. Loading starts a new game from the
seed and decks and replays every action by its text, so the loaded game is exactly the saved one.
Writes are atomic (a temporary file, then a rename), so a crash never leaves half a save.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from zenonzard_tui.cards import load_pool
from zenonzard_tui.engine.actions import ActionError
from zenonzard_tui.engine.game import SEATS, Game, new_game
from zenonzard_tui.engine.state import Options

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


def write_atomic(path: Path, data: str) -> None:
    """Write a file so that it is either whole or untouched: a temporary file in the same
    folder, synced, then renamed over `path` (the folder is made if need be)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _defs(table, ids, what: str, seat: int, source: str) -> list:
    out = []
    for key in ids:
        found = table.get(key)
        if found is None:
            raise SaveError(
                f"{source}: deck {SEATS[seat]} names {what} '{key}', which this card pool does not have"
            )
        out.append(found)
    return out


def start_game(setup: dict, source: str, log: bool = True) -> Game:
    """A new game from a save's seed, first player, options and decks (no actions yet)."""
    pool = load_pool()
    decks = [
        (
            _defs(pool.cards, deck["cards"], "card", i, source),
            _defs(pool.forces, deck["forces"], "Force", i, source),
        )
        for i, deck in enumerate(setup["decks"])
    ]
    if len(decks) != 2:
        raise SaveError(f"{source}: a save holds two decks, this one {len(decks)}")
    options = Options.from_mapping(setup.get("options", {}))
    return new_game(
        decks[0], decks[1], seed=int(setup["seed"]), options=options, first=setup["first"], log=log
    )


def load_record(record: Any, source: str = "save") -> Game:
    """Rebuild a game from a save record by replaying it."""
    if not isinstance(record, dict) or record.get("format") != FORMAT:
        raise SaveError(f'{source}: not a zenonzard save (no "format": "{FORMAT}")')
    check_version(record, VERSION, source)
    try:
        game = start_game(record, source)
        actions = record["actions"]
        if not isinstance(actions, list):
            raise SaveError(f'{source}: "actions" must be a list of action texts')
    except SaveError:
        raise
    except (KeyError, TypeError, ValueError) as exc:
        raise SaveError(f"{source}: the save is damaged ({type(exc).__name__}: {exc})") from None
    return replay(game, actions, source)


def check_version(record: dict, newest: int, source: str, what: str = "save") -> None:
    """SaveError unless the record has a format version this program understands."""
    version = record.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{source}: the save has no format version")
    if version > newest:
        raise SaveError(
            f"{source}: {what} format {version} is newer than this program understands "
            f"({newest}); update zenonzard-tui"
        )


def replay(game: Game, actions: list, source: str) -> Game:
    """Apply a save's action texts to the game it starts from; SaveError at the first that is not
    a text or not legal."""
    for n, text in enumerate(actions, 1):
        if not isinstance(text, str):
            raise SaveError(f"{source}: action {n} is not a text")
        try:
            game.apply(text)
        except ActionError as exc:
            raise SaveError(
                f"{source}: action {n} '{text}' cannot be replayed ({exc}); the save is damaged "
                "or from another card pool"
            ) from None
    return game


def read_record(path: str | Path) -> Any:
    """The JSON of a save file, not yet checked; SaveError when it cannot be read as JSON."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(f"{path}: cannot read ({exc.strerror or exc})") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise SaveError(f"{path}: not a readable save (not JSON: {exc})") from None


def load_game(path: str | Path) -> Game:
    return load_record(read_record(path), str(path))
