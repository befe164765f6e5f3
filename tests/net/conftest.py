"""A duel server on 127.0.0.1 for the network tests, on a free port, stopped after each test."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

from zenonzard_tui.decks import find_deck, read_deck_text
from zenonzard_tui.net.server import DuelServer, Limits, listen

FAST = Limits(rate=10_000.0, burst=10_000)  # tests' clients act as fast as they can


@dataclass
class Running:
    duel: DuelServer
    url: str


@contextlib.asynccontextmanager
async def running(data: Path | None = None, limits: Limits = FAST) -> AsyncIterator[Running]:
    duel = DuelServer(data, limits)
    async with listen(duel, "127.0.0.1", 0) as server:
        port = next(iter(server.sockets)).getsockname()[1]
        yield Running(duel, f"ws://127.0.0.1:{port}")


def deck(name: str) -> str:
    return read_deck_text(find_deck(name))
