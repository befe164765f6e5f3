"""Where a key stands in a TOML text a user wrote: the line to name in a message (tomllib gives
values, not their lines). Scenarios, positions and card files use it."""

from __future__ import annotations

import re
from bisect import bisect_left
from dataclasses import dataclass
from functools import lru_cache
from typing import Any


@dataclass(frozen=True)
class Nth:
    """The `n`-th `header` (from 1) after the previous one: `Nth("[[step]]", 3)` is the third
    step, the same as three "[[step]]" in a row, without a tuple as long as the script."""

    header: str
    n: int


def find_line(
    text: str | None,
    headers: tuple[str | Nth, ...] = (),
    key: str | None = None,
    value: Any = None,
) -> int | None:
    """The line (from 1) of `key` (and `value` after it) in the table reached by finding the
    `headers` one after the other (e.g. ("[[step]]", "[[step]]") or (Nth("[[step]]", 2),) is the
    second step). A best effort: None when nothing is found. The text is indexed once (the last
    texts are kept), so a scenario of thousands of steps is not rescanned for each."""
    if not text:
        return None
    return _index(text).find(headers, key, value)


class _LineIndex:
    """A text's lines and where each table header (`[state.A]`, `[[step]]`) stands."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()
        self.headers: dict[str, list[int]] = {}
        for i, line in enumerate(self.lines):
            if "[" in line:
                compact = line.split("#")[0].strip().replace(" ", "")
                if compact.startswith("["):
                    self.headers.setdefault(compact, []).append(i)

    def find(self, headers: tuple[str | Nth, ...], key: str | None, value: Any) -> int | None:
        lines = self.lines
        pos = 0
        found = None
        # Each header is looked for after the previous one; the n-th occurrence at once.
        for item in headers:
            header, n = (item, 1) if isinstance(item, str) else (item.header, item.n)
            places = self.headers.get(header.replace(" ", ""), [])
            first = bisect_left(places, pos)
            taken = min(n, len(places) - first)
            if taken > 0:
                found = places[first + taken - 1]
                pos = found + 1
        if key is not None:
            pattern = re.compile(rf'^\s*"?{re.escape(key)}"?\s*=')
            for i in range(pos, len(lines)):
                if pattern.match(lines[i]):
                    pos, found = i, i
                    break
        if value is not None:
            needles = [f'"{value}"', str(value)] if isinstance(value, str) else [str(value)]
            for needle in needles:
                hit = next((i for i in range(pos, len(lines)) if needle in lines[i]), None)
                if hit is not None:
                    found = hit
                    break
        return None if found is None else found + 1


@lru_cache(maxsize=2)
def _index(text: str) -> _LineIndex:
    return _LineIndex(text)
