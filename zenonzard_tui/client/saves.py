"""Where games are kept between runs: per-game autosave files and the user's saves, and the list
of them that `play --list-saves` and the resume screen show.

Each game has its own autosave file, `autosaves/<date>-<time>-<random id>.json` in the user-data
folder, claimed with an exclusive create before the first write, so two copies of the client never
write into each other's game. A game's autosave is removed when the game ends (press `s`/`S` on the
game-over screen to keep it); a game resumed from an autosave moves to a new autosave file and the
old one goes once the new one is written.

Listing reads only each file's JSON head (the client's entry of the record), never replays a game:
a damaged file is listed with its problem, not skipped silently.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import time
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from enum import Enum
from pathlib import Path

from zenonzard_tui.engine.save import (
    FORMAT,
    MAX_SAVE_BYTES,
    VERSION,
    SaveError,
    check_version,
    shown,
)
from zenonzard_tui.files import (
    FileReadError,
    clean_temps,
    data_dir,
    held_elsewhere,
    read_limited,
)
from zenonzard_tui.table import PUZZLE_FORMAT, PUZZLE_VERSION
from zenonzard_tui.usertext import terminal_safe

# a save is a few kB; a larger file is not read for the list: the limit a save loads with, so
# that a file the list calls too large is one `--load` refuses too (5 MB here let 6 MB load)
MAX_LISTED_BYTES = MAX_SAVE_BYTES


def save_name(what: str, tag: str = "") -> str:
    """A new save file's name: the time, `what` (the decks, a puzzle) as a slug, and `tag`."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    slug = re.sub(r"[^a-z0-9]+", "-", what.lower()).strip("-")[:48] or "game"
    return f"{stamp}-{slug}{'-' + tag if tag else ''}.json"


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosaves_dir() -> Path:
    return data_dir() / "autosaves"


def history_dir(autosaves: Path | None = None) -> Path:
    """Finished games, kept to look back on: beside the autosaves."""
    return (autosaves if autosaves is not None else autosaves_dir()).parent / "history"


def claim_autosave(folder: Path) -> Path:
    """A new autosave file of its own for one game: created empty and exclusively (O_EXCL), so no
    other running copy can have the same file. OSError when the folder cannot be written."""
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y-%m-%d-%H%M%S")
    while True:
        path = folder / f"{stamp}-{secrets.token_hex(4)}.json"
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
        os.close(fd)
        return path


class SaveKind(Enum):
    AUTOSAVE = "autosave"
    SAVE = "save"
    FINISHED = "finished"  # a game played to its end, kept in the history


@dataclass(frozen=True)
class SaveInfo:
    """One save or autosave file as the lists show it."""

    path: Path
    kind: SaveKind
    when: datetime  # when it was last written
    names: tuple[str, str] = ("", "")  # the two decks (a puzzle: its name in both)
    turn: int | None = None  # None: not recorded (a save from an older version)
    mode: str = ""  # "ai" or "hotseat"
    ai: str = ""
    over: bool | None = None  # None: not recorded
    puzzle: str = ""
    result: str = ""  # a finished game's: "A", "B" or "draw"
    problem: str = ""  # why the file cannot be used ("" when it can)
    busy: bool = False  # an autosave whose game another copy of the client plays now (files.hold)

    # What the lists show is text from a file: each property is terminal-safe (no escapes).

    @property
    def decks(self) -> str:
        if self.puzzle:
            return f"puzzle {terminal_safe(self.puzzle, 80)}"
        a, b = (terminal_safe(name, 80) for name in self.names)
        return f"{a or '?'} vs {b or '?'}"

    @property
    def mode_text(self) -> str:
        if self.mode == "ai":
            return terminal_safe(f"AI {self.ai}".strip(), 40)
        return terminal_safe(self.mode, 40) or "?"

    @property
    def shown_path(self) -> str:
        return terminal_safe(str(self.path), 1000)

    @property
    def turn_text(self) -> str:
        if self.over:
            return "over"
        return "?" if self.turn is None else str(self.turn)


def read_info(path: Path, kind: SaveKind) -> SaveInfo:
    """What the list shows of one file; a file that cannot be used says why in `problem` (never
    an exception: one bad file must not stop the list). The file is read through
    `files.read_limited`: a FIFO, a device or a file over MAX_LISTED_BYTES is refused unread."""
    when = datetime.fromtimestamp(0)
    try:
        when = _local(datetime.fromtimestamp(path.lstat().st_mtime))
        raw = read_limited(path, str(path), MAX_LISTED_BYTES, "a save")
    except FileReadError as exc:
        problem = "too large to be a save" if exc.why == "too_large" else exc.reason
        return SaveInfo(path, kind, when, problem=problem)
    except (OSError, ValueError, OverflowError) as exc:  # a date out of range
        return SaveInfo(path, kind, when, problem=str(exc))
    if not raw:
        return SaveInfo(path, kind, when, problem="empty (a game that never got a move)")
    try:
        record = json.loads(raw.decode("utf-8-sig"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        return SaveInfo(path, kind, when, problem="not a save (not JSON)")
    except RecursionError:
        return SaveInfo(path, kind, when, problem="not a save (JSON nested too deeply)")
    except ValueError as exc:  # a number of more digits than Python reads
        return SaveInfo(path, kind, when, problem=f"not a save ({exc})")
    if not isinstance(record, dict):
        return SaveInfo(path, kind, when, problem="not a save")
    unknown = _unknown_format(record)
    if unknown:  # (listed as a game, it said why only once opened: a saves audit)
        return SaveInfo(path, kind, when, problem=unknown)
    client = record.get("client")
    client = client if isinstance(client, dict) else {}
    names = client.get("names")
    pair = (
        (_text(names[0]), _text(names[1]))
        if isinstance(names, list) and len(names) == 2
        else ("", "")
    )
    saved_at = client.get("saved_at")
    if isinstance(saved_at, str) and len(saved_at) <= 64:
        with contextlib.suppress(ValueError, OverflowError):
            when = _local(datetime.fromisoformat(saved_at))
    scenario = record.get("scenario")
    puzzle = _text(scenario.get("name")) if isinstance(scenario, dict) else ""
    turn = client.get("turn")
    over = client.get("over")
    result = client.get("result")
    return SaveInfo(
        path,
        kind,
        when,
        names=pair,
        turn=turn if isinstance(turn, int) and not isinstance(turn, bool) else None,
        mode=_text(client.get("mode")),
        ai=_text(client.get("ai")),
        over=over if isinstance(over, bool) else None,
        puzzle=puzzle,
        result=result if result in ("A", "B", "draw") else "",
    )


def _unknown_format(record: dict) -> str:
    """Why a JSON record is not a save this program reads (its "format", its version), as
    loading it would say; "" when it is one."""
    given = record.get("format")
    newest = (
        {FORMAT: VERSION, PUZZLE_FORMAT: PUZZLE_VERSION}.get(given, 0)
        if isinstance(given, str)
        else 0
    )
    if not newest:
        return f"not a zenonzard save (its format: {shown(given)})"
    try:
        check_version(record, newest, "save")
    except SaveError as exc:
        return str(exc).removeprefix("save: ")
    return ""


def _text(value: object) -> str:
    """A name of the file as the list shows it: a text, cut short; anything else is no name."""
    return value[:200] if isinstance(value, str) else ""


def _local(when: datetime) -> datetime:
    """A time as local time without a zone, so that every date of the list can be compared (a
    save's `saved_at` is written without a zone; an edited one may have one)."""
    if when.tzinfo is None:
        return when
    return when.astimezone().replace(tzinfo=None)


def list_saves(
    autosaves: Path | None = None,
    saves: Path | None = None,
    finished: bool = False,
    history: Path | None = None,
) -> list[SaveInfo]:
    """The autosaves (newest first), then the saves, then the finished games of `history` (each
    newest first). Autosaves of finished games are left out unless `finished`; empty autosaves
    (a game still at its first decision in another copy) are left out too."""
    out: list[SaveInfo] = []
    folders = ((autosaves, SaveKind.AUTOSAVE), (saves, SaveKind.SAVE), (history, SaveKind.FINISHED))
    for folder, kind in folders:
        if folder is None:
            continue
        clean_temps(folder, legacy=True)  # what a killed writer left (files.write_atomic)
        infos = [read_info(p, kind) for p in _json_files(folder)]
        if kind is SaveKind.AUTOSAVE:
            infos = [
                replace(i, busy=True) if held_elsewhere(i.path) else i
                for i in infos
                if not i.problem.startswith("empty") and (finished or not i.over)
            ]
        out.extend(sorted(infos, key=lambda i: i.when, reverse=True))
    return out


def _json_files(folder: Path) -> Iterable[Path]:
    """The `*.json` entries of a folder that are not folders: a FIFO or a device named so is
    listed too (with its problem), never opened."""
    try:
        return [p for p in folder.glob("*.json") if not p.is_dir()]
    except OSError:
        return []


def format_list(infos: list[SaveInfo]) -> str:
    """The table `zenonzard play --list-saves` prints: date, kind, decks, turn, mode, path."""
    from rich.cells import cell_len

    rows = [("date", "kind", "decks", "turn", "mode", "path")]
    for i in infos:
        decks = i.decks if not i.problem else f"({terminal_safe(i.problem)})"
        rows.append(
            (
                i.when.strftime("%Y-%m-%d %H:%M"),
                f"{i.kind.value} (played now)" if i.busy else i.kind.value,
                decks,
                i.turn_text if not i.problem else "",
                i.mode_text if not i.problem else "",
                i.shown_path,
            )
        )
    widths = [max(cell_len(r[c]) for r in rows) for c in range(5)]  # wide characters: 2 cells
    return "\n".join(
        "  ".join(cell + " " * (w - cell_len(cell)) for cell, w in zip(r[:5], widths, strict=True))
        + "  "
        + r[5]
        for r in rows
    )
