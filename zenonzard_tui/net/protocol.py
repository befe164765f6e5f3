"""The duel protocol's messages: JSON objects with a "type", one per WebSocket text frame.

Everything a peer sends is checked here before anything else reads it: the frame's size, that it
is a JSON object, its type, and each field's type and bounds. A message that fails is answered with
an `error` message (`ProtocolError.code` and its text) and never reaches a room. docs/protocol.md
lists every message and error.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from zenonzard_tui import __version__

PROTOCOL = 1  # bumped whenever a message changes in a way an older peer cannot read
MAX_MESSAGE = 64 * 1024  # bytes of one frame from a client (a deck's text is well below 8 KiB)
MAX_TEXT = 200  # characters of an action text, a name or a room code
MAX_DECK = 16 * 1024  # characters of a deck's text
CODE_LENGTH = 6
CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I/L: codes are read aloud

# what a client may send, and the fields each must have: name -> type
CLIENT_MESSAGES: dict[str, dict[str, type]] = {
    "hello": {"program": str, "protocol": int, "pool": str},
    "create": {"deck": str},
    "join": {"room": str, "deck": str},
    "resume": {"room": str, "token": str},
    "watch": {"room": str},
    "act": {"action": str, "index": int},
    "concede": {},
    "ping": {},
}
OPTIONAL_FIELDS: dict[str, dict[str, type]] = {
    # world: send this seat's world (engine/snapshot.seat_snapshot) with each update where it
    # decides, for an AI on the client's side (`zenonzard bot`, a remote coach)
    # clock: the room's chess clock, "MINUTES[+SECONDS]" (clock.py), kept by the server
    "create": {"name": str, "seed": int, "world": bool, "clock": str},
    "join": {"name": str, "world": bool},
    "resume": {"world": bool},
    "ping": {"id": int},
}

# error codes (docs/protocol.md): a short word a program can test, and a sentence for people
ERRORS = {
    "malformed": "the message is not a JSON object with a known type and fields",
    "too_large": "the message is larger than the server accepts",
    "version": "this program, protocol or card pool differs from the server's",
    "hello_first": "the first message must be hello",
    "no_room": "there is no room with this code",
    "room_closed": "this room was closed by its creator, who left before anyone joined",
    "room_full": "both seats of this room are taken",
    "full": "the server holds as many rooms as it may",
    "bad_deck": "the deck is not a legal deck",
    "bad_token": "this token does not belong to a seat of this room",
    "not_seated": "join or create a room first",
    "spectator": "spectators can only watch",
    "not_your_turn": "the other player decides now",
    "illegal": "this action is not legal now",
    "stale": "the game has moved on since this action was chosen",
    "over": "the game is over",
}


class ProtocolError(ValueError):
    """A message that the receiver refuses: `code` (a key of ERRORS) and a sentence."""

    def __init__(self, code: str, message: str | None = None) -> None:
        super().__init__(message or ERRORS[code])
        self.code = code

    def to_message(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": str(self)}


@dataclass(frozen=True, slots=True)
class Versions:
    """What both sides of a connection must agree on."""

    program: str
    protocol: int
    pool: str

    @classmethod
    def ours(cls) -> Versions:
        from zenonzard_tui.cards import load_pool

        return cls(__version__, PROTOCOL, load_pool().version)

    def mismatch(self, other: Versions) -> str | None:
        """What differs, in words, or None."""
        parts = []
        if other.protocol != self.protocol:
            parts.append(f"protocol {other.protocol} (the server speaks {self.protocol})")
        if other.program != self.program:
            parts.append(f"zenonzard-tui {other.program} (the server runs {self.program})")
        if other.pool != self.pool:
            parts.append(f"card pool {other.pool} (the server's is {self.pool})")
        if not parts:
            return None
        return "version mismatch: this client has " + ", ".join(parts)


def encode(message: dict[str, Any]) -> str:
    from zenonzard_tui.net.wire import encode as encode_values  # (dataclasses too, quickly)

    return encode_values(message)


def decode(frame: str | bytes, limit: int = MAX_MESSAGE) -> dict[str, Any]:
    """One client message, checked (ProtocolError otherwise)."""
    if isinstance(frame, bytes | bytearray | memoryview):
        raise ProtocolError("malformed", "messages are JSON text frames, not binary ones")
    if len(frame) > limit:
        raise ProtocolError("too_large")
    try:
        message = json.loads(frame, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise ProtocolError("malformed", "the message is not valid JSON") from None
    return check(message)


def _no_constant(name: str) -> Any:
    raise ValueError(name)  # NaN and Infinity are not JSON


def check(message: Any) -> dict[str, Any]:
    """The message if its type and fields are as CLIENT_MESSAGES says, else ProtocolError."""
    if not isinstance(message, dict):
        raise ProtocolError("malformed", "a message is a JSON object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_MESSAGES:
        known = ", ".join(sorted(CLIENT_MESSAGES))
        raise ProtocolError("malformed", f"unknown message type (known: {known})")
    required = CLIENT_MESSAGES[kind]
    optional = OPTIONAL_FIELDS.get(kind, {})
    for key, value in message.items():
        if key == "type":
            continue
        expected = required.get(key) or optional.get(key)
        if expected is None:
            raise ProtocolError("malformed", f"{kind}: unknown field {key!r}")
        _check_field(kind, key, value, expected)
    missing = [key for key in required if key not in message]
    if missing:
        raise ProtocolError("malformed", f"{kind}: missing field {missing[0]!r}")
    return message


def _check_field(kind: str, key: str, value: Any, expected: type) -> None:
    if expected is bool:
        if not isinstance(value, bool):
            raise ProtocolError("malformed", f"{kind}: {key} must be true or false")
        return
    if expected is int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
            raise ProtocolError("malformed", f"{kind}: {key} must be a whole number from 0")
        return
    if not isinstance(value, str):
        raise ProtocolError("malformed", f"{kind}: {key} must be a text")
    limit = MAX_DECK if key == "deck" else MAX_TEXT
    if len(value) > limit:
        raise ProtocolError("malformed", f"{kind}: {key} is longer than {limit} characters")


def normalize_code(text: str) -> str:
    """A room code as typed ("abc 123", "abc-123") in its canonical form."""
    return "".join(ch for ch in text.upper() if ch not in " -")


def error(code: str, message: str | None = None) -> dict[str, Any]:
    return ProtocolError(code, message).to_message()
