"""Rooms: two seats and their spectators around one game, joined by a code.

A room is created by its first player (seat A) with a deck, joined by the second (seat B) with the
code; the game then starts from the server's seeded draw (ZR 5.1: the seed decides who goes first).
Each seat has a token that only its own client knows (the room file keeps its SHA-256 only); a
dropped connection keeps the seat for `grace` seconds, and the token takes it back.

A room is written to the data folder after every change (seed + decks + action texts, atomically,
as saves are: engine/save.py), and `RoomStore.load_all` brings every room back after a restart:
the game is replayed from its actions, exactly as it was.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from zenonzard_tui.cards import load_pool
from zenonzard_tui.clock import ChessClock, ClockSetting
from zenonzard_tui.decks import Deck, parse_deck
from zenonzard_tui.engine.game import SEATS
from zenonzard_tui.engine.save import (
    SaveError,
    check_version,
    parse_record,
    replay,
    start_game,
    write_atomic,
)
from zenonzard_tui.files import FileReadError, read_limited
from zenonzard_tui.net.protocol import CODE_ALPHABET, CODE_LENGTH, MAX_TEXT, ProtocolError
from zenonzard_tui.table import LocalChannel, Table

ROOM_FORMAT = "zenonzard-room"
ROOM_VERSION = 1
MAX_ROOM_BYTES = 4 * 1024 * 1024  # a room file: two decks and at most a few thousand actions


def new_code(taken: set[str] | dict[str, Any], prefix: str = "") -> str:
    """A fresh room code: 6 characters from an alphabet without look-alikes (31**6 = 887 million),
    starting with `prefix` (a server's own letters, so a proxy can route a code to its server)."""
    while True:
        rest = CODE_LENGTH - len(prefix)
        code = prefix + "".join(secrets.choice(CODE_ALPHABET) for _ in range(rest))
        if code not in taken:
            return code


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def read_deck(text: str, who: str) -> Deck:
    """A deck sent by a client, checked as `validate` checks a file (ZR 4); ProtocolError with
    every problem otherwise."""
    report = parse_deck(text, f"{who}'s deck")
    if report.deck is None:
        problems = "; ".join(p.format("deck") for p in report.problems[:5])
        more = len(report.problems) - 5
        if more > 0:
            problems += f"; and {more} more"
        raise ProtocolError("bad_deck", f"the deck is not a legal deck: {problems}")
    return report.deck


@dataclass
class Seat:
    """A player in a room. `name` is what the player called themself (shown to the other)."""

    name: str
    deck_name: str
    cards: list[str]
    forces: list[str]
    token: str  # its SHA-256 (token_hash), never the token itself
    connected: bool = False

    def to_record(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "deck_name": self.deck_name,
            "cards": self.cards,
            "forces": self.forces,
            "token": self.token,
        }

    def owns(self, token: str) -> bool:
        return hmac.compare_digest(self.token, token_hash(token))


@dataclass
class Room:
    code: str
    seed: int
    created: float = field(default_factory=time.time)  # wall clock, for people and files
    seats: list[Seat | None] = field(default_factory=lambda: [None, None])
    table: Table | None = None
    public: LocalChannel | None = None  # the spectators' channel: one for all (its view is kept)
    clock: ClockSetting | None = None  # the room's chess clock (both seats), set at `create`
    clock_left: tuple[float | None, float | None] | None = None  # the times kept (a restart)

    # ------------------------------------------------------------------------------------------
    # Seats

    def seat(self, name: str, deck: Deck) -> tuple[int, str]:
        """Sit a player in the first free seat; (seat, token). The game starts when both sit."""
        if None not in self.seats:
            raise ProtocolError("room_full")
        index = self.seats.index(None)
        token = secrets.token_urlsafe(24)
        self.seats[index] = Seat(
            name=_clean_name(name, SEATS[index]),
            deck_name=deck.name[:MAX_TEXT],
            cards=list(deck.card_ids),
            forces=[force.id for force in deck.forces],
            token=token_hash(token),
        )
        if all(self.seats):
            self.start()
        return index, token

    def seat_of(self, token: str) -> int:
        for index, seat in enumerate(self.seats):
            if seat is not None and seat.owns(token):
                return index
        raise ProtocolError("bad_token")

    @property
    def state(self) -> str:
        if self.table is None:
            return "waiting"
        return "over" if self.table.over else "playing"

    # ------------------------------------------------------------------------------------------
    # The game

    def setup(self) -> dict[str, Any]:
        seats = [s for s in self.seats if s is not None]
        return {
            "seed": self.seed,
            "first": "random",
            "options": {},
            "decks": [{"cards": s.cards, "forces": s.forces} for s in seats],
        }

    def start(self) -> None:
        game = start_game(self.setup(), f"room {self.code}")
        self.table = Table(game)
        self.public = self.table.spectator()
        self.start_clock()

    def start_clock(self) -> None:
        """The room's chess clock on its table, for both seats (the times kept, if any)."""
        if self.clock is not None and self.table is not None and not self.table.over:
            self.table.set_clock(ChessClock(self.clock, (0, 1), self.clock_left))

    @property
    def actions(self) -> list[str]:
        """The action texts played so far (the table keeps them)."""
        return [] if self.table is None else self.table.texts

    def save_record(self) -> dict[str, Any]:
        """The finished (or current) game as a save (engine/save.py), for both players' history."""
        assert self.table is not None
        return self.table.record()

    # ------------------------------------------------------------------------------------------
    # The room file

    def to_record(self) -> dict[str, Any]:
        return {
            "format": ROOM_FORMAT,
            "version": ROOM_VERSION,
            "pool_version": load_pool().version,
            "code": self.code,
            "created": self.created,
            "seed": self.seed,
            "seats": [None if s is None else s.to_record() for s in self.seats],
            "actions": self.actions,
        } | ({"clock": self.clock.spec()} if self.clock is not None else {})

    @classmethod
    def from_record(cls, record: Any, source: str) -> Room:
        """A room from its file, its game replayed (SaveError naming the problem)."""
        if not isinstance(record, dict) or record.get("format") != ROOM_FORMAT:
            raise SaveError(f'{source}: not a room file (no "format": "{ROOM_FORMAT}")')
        check_version(record, ROOM_VERSION, source, "room file")
        code = record.get("code")
        if not isinstance(code, str) or len(code) != CODE_LENGTH or set(code) - set(CODE_ALPHABET):
            raise SaveError(f"{source}: the room code must be {CODE_LENGTH} code characters")
        seed = record.get("seed")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63:
            raise SaveError(f"{source}: the seed must be a whole number from 0 to 2**63-1")
        created = record.get("created")
        if isinstance(created, bool) or not isinstance(created, int | float):
            raise SaveError(f"{source}: 'created' must be a time in seconds")
        raw_seats = record.get("seats")
        if not isinstance(raw_seats, list) or len(raw_seats) != 2:
            raise SaveError(f"{source}: 'seats' must hold two seats (or null for an empty one)")
        seats = [None if raw is None else _seat(raw, f"{source}: seat {SEATS[i]}")
                 for i, raw in enumerate(raw_seats)]  # fmt: skip
        if seats[0] is None and seats[1] is not None:
            raise SaveError(f"{source}: seat B is taken while seat A is empty")
        actions = record.get("actions")
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise SaveError(f"{source}: 'actions' must be a list of action texts")
        clock = record.get("clock")
        try:
            setting = None if clock is None else ClockSetting.parse(str(clock))
        except ValueError as exc:
            raise SaveError(f"{source}: 'clock': {exc}") from None
        left = record.get("clock_left")
        if left is not None and not (
            isinstance(left, list)
            and len(left) == 2
            and all(t is None or (isinstance(t, int | float) and t >= 0) for t in left)
        ):
            raise SaveError(f"{source}: 'clock_left' must be two seats' seconds left")
        room = cls(code=code, seed=seed, created=float(created), seats=seats, clock=setting)
        room.clock_left = None if left is None else (left[0], left[1])
        if all(seats):
            game = replay(start_game(room.setup(), source), actions, source)
            room.table = Table(game, texts=actions)
            room.public = room.table.spectator()
            room.start_clock()
        elif actions:
            raise SaveError(f"{source}: a room waiting for its second player has no actions")
        return room


def _seat(raw: Any, source: str) -> Seat:
    if not isinstance(raw, dict):
        raise SaveError(f"{source} must be a table")
    texts = {}
    for key in ("name", "deck_name", "token"):
        value = raw.get(key)
        if not isinstance(value, str) or len(value) > MAX_TEXT:
            raise SaveError(f"{source}: {key!r} must be a short text")
        texts[key] = value
    lists = {}
    for key in ("cards", "forces"):
        value = raw.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise SaveError(f"{source}: {key!r} must be a list of ids")
        lists[key] = value
    return Seat(texts["name"], texts["deck_name"], lists["cards"], lists["forces"], texts["token"])


def _clean_name(name: str, seat: str) -> str:
    """A player's name as others will see it: printable, one line, short; "Player A" if none."""
    kept = "".join(ch for ch in name if ch.isprintable())[:40].strip()
    return kept or f"Player {seat}"


class RoomStore:
    """The room files of a server's data folder. While a room lives: `rooms/CODE.json`, its
    header (seed, seats, token hashes), written atomically when a seat is taken, and
    `rooms/CODE.actions`, its action texts, one JSON string a line, appended after every action
    (flushed to the system, not synced to the disk: an fsync an action would stall every room for
    milliseconds; a killed server loses nothing, a power cut at most the last actions). Once the
    game is over: `finished/CODE.json`, the game's save. None: keep nothing (tests)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self.kept: dict[str, int] = {}  # actions already in each room's .actions file

    def _paths(self, code: str) -> tuple[Path, Path]:
        assert self.folder is not None
        base = self.folder / "rooms" / code
        return base.with_suffix(".json"), base.with_suffix(".actions")

    def _clock_path(self, code: str) -> Path:
        """A room's chess-clock times (`[A's, B's]` seconds left), rewritten after each action."""
        assert self.folder is not None
        return self.folder / "rooms" / f"{code}.clock"

    def write(self, room: Room) -> None:
        """The room's header (a seat was taken); its actions so far go to its actions file."""
        if self.folder is None:
            return
        header, actions = self._paths(room.code)
        write_atomic(header, json.dumps({**room.to_record(), "actions": []}))
        with open(actions, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(text) + "\n" for text in room.actions)
        self.kept[room.code] = len(room.actions)

    def keep(self, room: Room) -> None:
        """Append the room's new actions to its actions file."""
        if self.folder is None:
            return
        start = self.kept.get(room.code, 0)
        new = room.actions[start:]
        if not new:
            return
        with open(self._paths(room.code)[1], "a", encoding="utf-8") as f:
            f.writelines(json.dumps(text) + "\n" for text in new)
        self.kept[room.code] = start + len(new)
        clock = room.table.clock if room.table is not None else None
        if clock is not None:  # (written as the actions are: to the system, not synced)
            with open(self._clock_path(room.code), "w", encoding="utf-8") as f:
                f.write(json.dumps([clock.left(0), clock.left(1)]))

    def finish(self, room: Room) -> None:
        """The game is over: its save goes to finished/, the room's files away."""
        if self.folder is None:
            return
        if room.table is not None:
            record = room.save_record()
            write_atomic(self.folder / "finished" / f"{room.code}.json", json.dumps(record))
        self.drop(room)

    def finished(self, code: str) -> bool:
        """Whether the folder keeps the save of a finished game of this room."""
        if self.folder is None or len(code) != CODE_LENGTH or set(code) - set(CODE_ALPHABET):
            return False  # (a code from a client names no other file)
        return (self.folder / "finished" / f"{code}.json").is_file()

    def drop(self, room: Room) -> None:
        if self.folder is not None:
            for path in (*self._paths(room.code), self._clock_path(room.code)):
                path.unlink(missing_ok=True)
        self.kept.pop(room.code, None)

    def load_all(self) -> tuple[list[Room], list[str]]:
        """Every room kept in the folder, and a sentence for each room that could not be used
        (its files are moved aside as CODE.json.bad and CODE.actions.bad, never deleted)."""
        rooms: list[Room] = []
        problems: list[str] = []
        if self.folder is None:
            return rooms, problems
        folder = self.folder / "rooms"
        if not folder.is_dir():
            return rooms, problems
        for path in sorted(folder.glob("*.json")):
            actions_path = path.with_suffix(".actions")
            try:
                record = parse_record(read_limited(path, limit=MAX_ROOM_BYTES, what="a room file"),
                                      str(path))  # fmt: skip
                if isinstance(record, dict) and actions_path.exists():
                    record["actions"] = _actions(actions_path)
                clock_path = path.with_suffix(".clock")
                if isinstance(record, dict) and clock_path.exists():
                    record["clock_left"] = _clock_left(clock_path)
                room = Room.from_record(record, str(path))
            except (FileReadError, SaveError) as exc:
                problems.append(str(exc))
                for bad in (path, actions_path):
                    if bad.exists():
                        bad.replace(bad.with_name(bad.name + ".bad"))
                continue
            rooms.append(room)
            self.kept[room.code] = len(room.actions)
        return rooms, problems


def _clock_left(path: Path) -> Any:
    """The times a room's clock file keeps (checked by Room.from_record); None when it cannot
    be read (the clock then starts again from the room's setting)."""
    try:
        return json.loads(read_limited(path, limit=1000, what="a room's clock file"))
    except (FileReadError, ValueError):
        return None


def _actions(path: Path) -> list[str]:
    """A room's action texts from its actions file; a last line cut short (the power went while
    it was written) is left out."""
    raw = read_limited(path, limit=MAX_ROOM_BYTES, what="a room's actions file")
    lines = raw.decode("utf-8", "replace").split("\n")
    out: list[str] = []
    for n, line in enumerate(lines, 1):
        if not line:
            continue
        try:
            text = json.loads(line)
        except ValueError:
            if n == len(lines):  # the last line, with no newline after it: cut short
                break
            raise SaveError(f"{path}:{n}: not an action text") from None
        if not isinstance(text, str):
            raise SaveError(f"{path}:{n}: not an action text")
        out.append(text)
    return out


__all__ = ["Room", "RoomStore", "Seat", "new_code", "read_deck"]
