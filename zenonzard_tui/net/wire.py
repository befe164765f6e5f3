"""The engine's frozen dataclasses as JSON, quickly: what the server sends many times a second,
and back for a client without the game.

`encode` hands the message to the json module's C encoder, which walks lists, tuples, texts and
numbers itself and calls `as_json` only for a dataclass or an enum (`dataclasses.asdict` first,
then the encoder, cost the server 1.5 ms an update). An `Observation` goes without its log: the
log goes as events, not again in every update.
"""

from __future__ import annotations

import dataclasses
import json
from enum import Enum
from typing import Any

from zenonzard_tui.engine.observe import Observation

_FIELDS: dict[type, tuple[str, ...]] = {}


def as_json(value: Any) -> Any:
    """`json.dumps`'s `default`: a dataclass as a dict of its fields (an Observation's but its
    log), an enum as its value."""
    if isinstance(value, Enum):
        return value.value
    cls = type(value)
    names = _FIELDS.get(cls)
    if names is None:
        if not dataclasses.is_dataclass(cls):
            raise TypeError(f"{cls.__name__} is not sent over the wire")
        names = tuple(
            f.name for f in dataclasses.fields(cls) if not (cls is Observation and f.name == "log")
        )
        _FIELDS[cls] = names
    return {name: getattr(value, name) for name in names}


def encode(message: Any) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, default=as_json)


# ----------------------------------------------------------------------------------------------
# And back: an observation from the wire, for a client without the game


class WireError(ValueError):
    """A message from the server that does not hold what it should."""


def observation_from_wire(data: Any) -> Observation:
    """The `Observation` a server's update carries (without its log), as
    `Observation.from_dict` reads it; WireError for anything else (a server is trusted with the
    game, not with the shape of its messages)."""
    if not isinstance(data, dict):
        raise WireError("the observation is not a table")
    try:
        return Observation.from_dict({**data, "log": ()})
    except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
        raise WireError(f"the observation cannot be read: {type(exc).__name__} {exc}") from None
